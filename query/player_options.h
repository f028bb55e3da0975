// The options of `ludex players` (the list) and `ludex player` (one page)
// beyond the game filters, declared once for the command line and the
// server's GET /api/players and /api/player (query/filter_options.h
// declares the filters).
#ifndef LUDEX_QUERY_PLAYER_OPTIONS_H_
#define LUDEX_QUERY_PLAYER_OPTIONS_H_

#include <string>

#include <boost/program_options.hpp>

#include "core/diagnostic.h"
#include "schema/players/player_stats.h"

namespace ludex {

// --name PATTERN (the list's players; the page's player is its own option).
void add_player_list_options(boost::program_options::options_description& options);

// The list the values ask for: the game filters (without --player, which
// chooses games, not the players listed), --name, and --sort/--desc read
// as players' orders (games by default). An Error in the command line's
// words for a bad value.
Result<PlayerListQuery> player_list_query_of(const boost::program_options::variables_map& vm);

// --openings N (the page's).
void add_player_page_options(boost::program_options::options_description& options);

// The page's player and filters: the game filters with --player as the
// one opponent (the page's filter holds it second, as player_page wants);
// --as is refused (the page shows every seat and colour); --openings, the
// boards whose openings it lists (query/player_openings.h), 0 to 10.
struct PlayerPageQuery {
  std::string name;
  GameFilter filter;
  std::size_t opening_boards = 1;
};
Result<PlayerPageQuery> player_page_query_of(const boost::program_options::variables_map& vm,
                                             const std::string& name);

}  // namespace ludex

#endif  // LUDEX_QUERY_PLAYER_OPTIONS_H_
