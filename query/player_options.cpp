#include "query/player_options.h"

#include <charconv>

#include "query/filter_options.h"

namespace ludex {
namespace po = boost::program_options;

void add_player_list_options(po::options_description& options) {
  options.add_options()  //
      ("name", po::value<std::string>(),
       "players with a name (or alias) like this, case-insensitive, '*' wildcards");
}

void add_player_page_options(po::options_description& options) {
  options.add_options()  //
      ("openings", po::value<std::string>(),
       "the boards whose openings the page lists, the most played first (default 1; 0 = "
       "none)");
}

Result<PlayerListQuery> player_list_query_of(const po::variables_map& vm) {
  FilterArgs args = filter_args_of(vm);
  const std::string sort = args.sort.value_or("games");
  const bool reverse = args.desc;
  args.sort.reset();
  args.desc = false;
  if (!args.players.empty()) {
    return Error{{},
                 "--player chooses games by their players; name the players to list with "
                 "--name"};
  }
  const Result<GameFilter> filter = game_filter_from(args);
  if (!filter) return filter.error();
  PlayerListQuery query;
  query.games = *filter;
  if (vm.count("name") != 0) query.name = vm["name"].as<std::string>();
  const std::optional<PlayerOrder> order = parse_player_order(sort);
  if (!order) {
    return Error{
        {}, "--sort '" + sort + "': give games, name, wins, first, last or rank (--desc reverses)"};
  }
  query.order = *order;
  query.reverse = reverse;
  query.limit = filter->limit;
  query.offset = filter->offset;
  return query;
}

Result<PlayerPageQuery> player_page_query_of(const po::variables_map& vm, const std::string& name) {
  FilterArgs args = filter_args_of(vm);
  if (args.players.size() > 1) {
    return Error{{}, "--player names the one opponent; give it at most once"};
  }
  if (args.as) {
    return Error{{}, "the page shows every seat and colour; --as belongs to next and query"};
  }
  // The opponent comes second, as GameFilter's pair of players has it.
  if (!args.players.empty()) args.players.insert(args.players.begin(), "");
  const Result<GameFilter> filter = game_filter_from(args);
  if (!filter) return filter.error();
  PlayerPageQuery query{name, *filter};
  if (vm.count("openings") != 0) {
    const std::string& text = vm["openings"].as<std::string>();
    std::size_t boards = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), boards);
    if (ec != std::errc() || end != text.data() + text.size() || boards > 10) {
      return Error{{}, "--openings '" + text + "': give a number of boards from 0 to 10"};
    }
    query.opening_boards = boards;
  }
  return query;
}

}  // namespace ludex
