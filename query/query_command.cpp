// ludex query --db DB [filters] [--json | --count]
#include <iostream>

#include "cli/command_line.h"
#include "query/commands.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "schema/database.h"

namespace ludex {
namespace po = boost::program_options;

int run_query_command(const std::vector<std::string>& args) {
  po::options_description options("ludex query --db DB [filters]");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("json", "JSON Lines on stdout, one object per game")          //
      ("count", "print only the number of matching games");
  add_filter_options(options);
  const auto parsed = parse_command_line("query", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const Result<GameFilter> filter = filter_from_options(vm);
  if (!filter) {
    std::cerr << "ludex query: " << filter.error().message << "\n";
    return 2;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  if (vm.count("count") != 0) {
    std::cout << count_games(db, *filter) << "\n";
    return 0;
  }
  const bool json = vm.count("json") != 0;
  if (!json) write_table_header(std::cout);
  find_games(db, *filter, [&](const GameHit& hit) {
    if (json) {
      std::cout << json_line(game_hit_json(hit)) << "\n";
    } else {
      write_table_row(std::cout, hit);
    }
    return true;
  });
  return 0;
}

}  // namespace ludex
