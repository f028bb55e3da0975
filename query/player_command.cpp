// ludex player --db DB NAME [filters] [--json]: one player's page.

#include <iostream>

#include <nlohmann/json.hpp>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "query/player_openings.h"
#include "query/player_options.h"
#include "query/player_output.h"
#include "schema/database.h"
#include "schema/players/player_aliases.h"
#include "schema/players/player_stats.h"

namespace ludex {
namespace po = boost::program_options;

int run_player_command(const std::vector<std::string>& args) {
  po::options_description options("ludex player --db DB NAME [filters]");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("json", "one JSON object on stdout")                          //
      ("name", po::value<std::string>()->required(),
       "the player: a name as written or an alias (case-insensitive when only one player "
       "matches); --player then names an opponent");
  add_filter_options(options);
  add_player_page_options(options);
  po::positional_options_description positional;
  positional.add("name", 1);
  const auto parsed = parse_command_line("player", args, options, &positional);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string given = vm["name"].as<std::string>();
  // The filters before the database: a usage error opens nothing.
  const Result<PlayerPageQuery> query = player_page_query_of(vm, given);
  if (!query) {
    std::cerr << "ludex player: " << query.error().message << "\n";
    return 2;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<std::string> name = PlayerAliases(db).find_name(given);
  if (!name) {
    std::cerr << "ludex player: " << name.error().message << "\n";
    return 2;
  }
  const std::optional<PlayerPage> page = player_page(db, *name, query->filter);
  if (!page) {
    std::cerr << "ludex player: no game of '" << *name << "' is kept by the filters\n";
    return 1;
  }
  const std::vector<PlayerOpenings> openings =
      player_openings(db, *page, query->filter, query->opening_boards);
  if (vm.count("json") != 0) {
    std::cout << json_line(player_page_json(*page, openings)) << "\n";
  } else {
    write_player_page(std::cout, *page);
    write_player_openings(std::cout, page->name, openings);
  }
  return 0;
}

}  // namespace ludex
