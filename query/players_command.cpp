// ludex players --db DB [filters] [--name PATTERN] [--sort KEY [--desc]] [--json | --csv]
// ludex players --db DB --suggest | --aliases
// ludex players --db DB merge KEEP OTHER
// ludex players --db DB unmerge OTHER

#include <iostream>

#include <nlohmann/json.hpp>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "query/player_options.h"
#include "query/player_output.h"
#include "schema/database.h"
#include "schema/players/player_aliases.h"
#include "schema/players/player_stats.h"

namespace ludex {
namespace po = boost::program_options;

namespace {

int run_alias_action(const std::string& db_path, const std::vector<std::string>& words) {
  const std::string& action = words.front();
  const std::size_t wanted = action == "merge" ? 3 : 2;
  if (words.size() != wanted) {
    std::cerr << "ludex players: " << action << " takes "
              << (action == "merge" ? "two names: merge KEEP OTHER" : "one name: unmerge OTHER")
              << "\n";
    return 2;
  }
  Database db(db_path, Database::Mode::kReadWrite);
  PlayerAliases aliases(db);
  const Result<AliasChange> change =
      action == "merge" ? aliases.merge(words[1], words[2]) : aliases.unmerge(words[1]);
  if (!change) {
    std::cerr << "ludex players " << action << ": " << change.error().message
              << "; nothing changed\n";
    return 2;
  }
  for (const std::string& a : change->aliases) {
    std::cout << (action == "merge" ? "alias: " : "no longer an alias: ") << a
              << (action == "merge" ? " -> " : " of ") << change->canonical << "\n";
  }
  return 0;
}

}  // namespace

int run_players_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex players --db DB [filters] [--name PATTERN] | merge KEEP OTHER | unmerge OTHER");
  options.add_options()                                              //
      ("help,h", "show this help")                                   //
      ("db", po::value<std::string>()->required(), "database file")  //
      ("suggest",
       "list names that are likely one person (equal after case, spaces and "
       "punctuation), without merging anything")               //
      ("aliases", "list the aliases recorded by merge")        //
      ("json", "JSON Lines on stdout, one object per player")  //
      ("csv", "CSV on stdout with a header row")               //
      ("words", po::value<std::vector<std::string>>(), "merge KEEP OTHER | unmerge OTHER");
  add_player_list_options(options);
  add_filter_options(options);
  po::positional_options_description positional;
  positional.add("words", -1);
  const auto parsed = parse_command_line("players", args, options, &positional);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string db_path = vm["db"].as<std::string>();
  const bool json = vm.count("json") != 0;
  if (json && vm.count("csv") != 0) {
    std::cerr << "ludex players: give at most one of --json and --csv\n";
    return 2;
  }
  if (vm.count("words") != 0) {
    const auto& words = vm["words"].as<std::vector<std::string>>();
    if (words.front() != "merge" && words.front() != "unmerge") {
      std::cerr << "ludex players: unknown action '" << words.front()
                << "' (merge KEEP OTHER, unmerge OTHER; --name to find players)\n";
      return 2;
    }
    return run_alias_action(db_path, words);
  }

  if (vm.count("suggest") != 0 || vm.count("aliases") != 0) {
    Database db(db_path, Database::Mode::kReadOnly);
    PlayerAliases aliases(db);
    if (vm.count("aliases") != 0) {
      for (const PlayerAlias& a : aliases.list()) {
        if (json) {
          std::cout << json_line(nlohmann::json{{"name", a.name}, {"canonical", a.canonical}})
                    << "\n";
        } else {
          std::cout << a.name << " -> " << a.canonical << "\n";
        }
      }
      return 0;
    }
    for (const AliasSuggestion& s : aliases.suggestions()) {
      if (json) {
        nlohmann::json names = nlohmann::json::array();
        for (std::size_t i = 0; i < s.names.size(); ++i) {
          names.push_back({{"name", s.names[i]}, {"games", s.games[i]}});
        }
        std::cout << json_line(nlohmann::json{{"key", s.key}, {"names", names}}) << "\n";
      } else {
        for (std::size_t i = 0; i < s.names.size(); ++i) {
          std::cout << (i == 0 ? "" : "  |  ") << s.names[i] << " (" << s.games[i] << ")";
        }
        std::cout << "\n";
      }
    }
    return 0;
  }

  // --sort and --desc order players here: games (most first, the default),
  // name, wins, first, last (latest first) or rank (highest first).
  const Result<PlayerListQuery> query = player_list_query_of(vm);
  if (!query) {
    std::cerr << "ludex players: " << query.error().message << "\n";
    return 2;
  }
  Database db(db_path, Database::Mode::kReadOnly);
  const std::vector<PlayerSummary> players = list_players(db, *query);
  if (json) {
    for (const PlayerSummary& p : players) std::cout << json_line(player_summary_json(p)) << "\n";
  } else if (vm.count("csv") != 0) {
    write_player_csv_header(std::cout);
    for (const PlayerSummary& p : players) write_player_csv_row(std::cout, p);
  } else {
    write_player_table_header(std::cout);
    for (const PlayerSummary& p : players) write_player_table_row(std::cout, p);
  }
  return 0;
}

}  // namespace ludex
