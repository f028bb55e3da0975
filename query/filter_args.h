// The game filters of `ludex query`, `ludex export`, `ludex next` and the
// server's GET /api/games, /api/next and /api/games.zip, from their values as
// given: a plain struct, so that the functions `query/` and `serve/` share
// take no command line. query/filter_options.h declares the options and
// fills the struct from a parsed command line (or request).
#ifndef LUDEX_QUERY_FILTER_ARGS_H_
#define LUDEX_QUERY_FILTER_ARGS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "schema/game_filter.h"

namespace ludex {

// Each option's value as given, named as the option is; nothing is checked
// yet. An empty list or nullopt: the option was not given.
struct FilterArgs {
  std::vector<std::string> players;    // --player, once per occurrence
  std::optional<std::string> as;       // --as: black, white, 1 or 2
  std::vector<std::int64_t> game_ids;  // --game
  std::optional<std::string> family;
  std::optional<std::string> variant;
  std::optional<std::int32_t> size;
  std::optional<std::string> event;
  std::optional<std::string> result;
  std::optional<std::int32_t> winner;
  std::optional<std::string> date_from;
  std::optional<std::string> date_to;
  std::optional<std::int32_t> moves_min;
  std::optional<std::int32_t> moves_max;
  std::optional<std::string> rank_min;  // --rank-min, e.g. "5d"
  std::optional<std::string> rank_max;
  bool duplicates = false;
  std::optional<std::int64_t> limit;
  std::optional<std::int64_t> offset;
  std::optional<std::string> sort;
  bool desc = false;
};

// The filter the values ask for. A value that does not make sense (an
// unknown family, a winner that is no seat, a malformed date) is an Error
// naming the option, in the words the command line prints.
Result<GameFilter> game_filter_from(const FilterArgs& args);

}  // namespace ludex

#endif  // LUDEX_QUERY_FILTER_ARGS_H_
