// ludex check --db DB [--sample N | --all] [--json]: whether the database is
// sound (schema/check.h). Exit 0 when no problem is found, 1 when one is (or
// the database cannot be opened), 2 on a usage error.
#include <nlohmann/json.hpp>

#include <iostream>

#include "options/command_line.h"
#include "query/commands.h"
#include "schema/check.h"
#include "schema/database.h"

namespace ludex {
namespace po = boost::program_options;

int run_check_command(const std::vector<std::string>& args) {
  po::options_description options("ludex check --db DB");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("sample", po::value<std::int64_t>()->default_value(200),
       "games whose positions are recomputed from their moves (spread over the archive)")  //
      ("all", "recompute the positions of every game")                                     //
      ("json", "one JSON object on stdout");
  const auto parsed = parse_command_line("check", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  CheckOptions check;
  check.sample = vm["sample"].as<std::int64_t>();
  check.all = vm.count("all") != 0;
  if (check.sample < 0) {
    std::cerr << "ludex check: --sample " << check.sample << ": must be a number from 0\n";
    return 2;
  }
  const bool json = vm.count("json") != 0;
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  nlohmann::json problems = nlohmann::json::array();
  const CheckSummary summary = check_database(db, check, [&](const CheckProblem& p) {
    if (json) {
      problems.push_back(
          {{"check", p.check},
           {"game_id", p.game_id == 0 ? nlohmann::json() : nlohmann::json(p.game_id)},
           {"node_id", p.node_id == 0 ? nlohmann::json() : nlohmann::json(p.node_id)},
           {"message", p.message}});
      return;
    }
    std::cout << (p.game_id != 0 ? "game " + std::to_string(p.game_id) : std::string("database"));
    if (p.node_id != 0) std::cout << ", node " << p.node_id;
    std::cout << ": " << p.message << " [" << p.check << "]\n";
  });
  if (json) {
    std::cout << nlohmann::json{{"ok", summary.problems == 0},
                                {"games", summary.games},
                                {"nodes", summary.nodes},
                                {"recomputed", summary.recomputed},
                                {"problems", std::move(problems)}}
                     .dump()
              << "\n";
  } else {
    std::cout << "checked " << summary.games << " games and " << summary.nodes
              << " nodes, the positions of " << summary.recomputed
              << " games recomputed: " << summary.problems
              << (summary.problems == 1 ? " problem" : " problems") << "\n";
  }
  return summary.problems == 0 ? 0 : 1;
}

}  // namespace ludex
