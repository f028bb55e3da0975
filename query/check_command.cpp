// ludex check --db DB [--sample N] [--all | --quick] [--json]: whether the
// database is sound (schema/check.h). Exit 0 when no problem is found, 1 when one is (or
// the database cannot be opened), 2 on a usage error.
#include <nlohmann/json.hpp>

#include <unistd.h>

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
      ("all", "every check over every row, the positions of every game recomputed")        //
      ("quick",
       "the bounded checks (the default above 5 million nodes): the sampled games' "
       "rows, the tables that follow the games")  //
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
  check.quick = vm.count("quick") != 0;
  if (check.all && check.quick) {
    std::cerr << "ludex check: give at most one of --all and --quick\n";
    return 2;
  }
  // A progress line on a terminal for the checks that read every row.
  const bool show_progress = isatty(STDERR_FILENO) != 0;
  if (show_progress) {
    check.progress = [](const char* name, std::int64_t done, std::int64_t total) {
      std::cerr << "\rchecking " << name << ": " << done << " / " << total << " games"
                << std::flush;
    };
  }
  if (check.sample < 0) {
    std::cerr << "ludex check: --sample " << check.sample << ": must be a number from 0\n";
    return 2;
  }
  const bool json = vm.count("json") != 0;
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  nlohmann::json problems = nlohmann::json::array();
  bool line_open = show_progress;
  const CheckSummary summary = check_database(db, check, [&](const CheckProblem& p) {
    if (line_open) {
      std::cerr << "\r\033[K" << std::flush;
    }
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
  if (line_open) std::cerr << "\r\033[K" << std::flush;
  line_open = false;
  if (json) {
    std::cout << nlohmann::json{{"ok", summary.problems == 0},
                                {"bounded", summary.bounded},
                                {"games", summary.games},
                                {"nodes", summary.nodes},
                                {"recomputed", summary.recomputed},
                                {"problems", std::move(problems)}}
                     .dump()
              << "\n";
  } else {
    std::cout << "checked " << summary.games << " games and " << summary.nodes
              << " nodes, the positions of " << summary.recomputed << " games recomputed"
              << (summary.bounded
                      ? " (bounded checks: the nodes of the sampled games; --all reads every row)"
                      : "")
              << ": " << summary.problems << (summary.problems == 1 ? " problem" : " problems")
              << "\n";
  }
  return summary.problems == 0 ? 0 : 1;
}

}  // namespace ludex
