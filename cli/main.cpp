// ludex: one program, git-style subcommands. This file only dispatches and is
// the one place where environment failures (exceptions) are caught.
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "core/moves_hash.h"
#include "core/version.h"
#include "core/zobrist.h"
#include "indexer/commands.h"
#include "options/command_line.h"
#include "query/commands.h"
#include "schema/database.h"
#include "serve/commands.h"

namespace {

constexpr std::string_view kUsage =
    "usage: ludex <command> [options]\n"
    "\n"
    "commands:\n"
    "  import --db DB PATH...        import game files and directories (recursive)\n"
    "  info   --db DB [--json]       counts of files, games, nodes, moves, players, errors\n"
    "  query  --db DB [filters]      find games (--json for JSON Lines)\n"
    "  export --db DB [filters] --format sgf|gtv --out DIR\n"
    "  show   --db DB --game ID      a game's position after a move (default: its end)\n"
    "  next   --db DB --position ... the moves played next from a position\n"
    "  merge  --db DB --from OTHER   add another database's games\n"
    "  serve  --db DB [--port 8080]  the web app: search, replay and explore games\n"
    "  check  --db DB                whether the database is sound (exit 1 on a problem)\n"
    "  players --db DB [--name PAT]  the players: games, results, dates, ranks; merge, unmerge\n"
    "  player --db DB NAME           one player's page: by seat, colour, year, event, opponent\n"
    "  events --db DB                the events found in the games: kind, games, players, dates\n"
    "  event  --db DB EVENT          one event: standings, tie-breaks, crosstable, rounds, "
    "bracket\n"
    "  version                       this build's version, git commit, SQLite and schema\n"
    "\n"
    "Run 'ludex <command> --help' for a command's options.\n";

constexpr ludex::Subcommand kCommands[] = {
    {"import", ludex::run_import_command}, {"info", ludex::run_info_command},
    {"query", ludex::run_query_command},   {"export", ludex::run_export_command},
    {"show", ludex::run_show_command},     {"next", ludex::run_next_command},
    {"merge", ludex::run_merge_command},   {"serve", ludex::run_serve_command},
    {"check", ludex::run_check_command},   {"players", ludex::run_players_command},
    {"player", ludex::run_player_command}, {"events", ludex::run_events_command},
    {"event", ludex::run_event_command},
};

// `ludex --version` and `ludex version`: what a bug report needs to name
// this build and the databases it writes.
void print_version() {
  std::cout << "ludex " << ludex::ludex_version() << "\n"
            << "commit " << ludex::ludex_git_commit() << "\n"
            << "SQLite " << ludex::sqlite_library_version() << "\n"
            << "schema version " << ludex::kSchemaVersion << " (position hash version "
            << ludex::kPositionHashVersion << ", moves hash version " << ludex::kMovesHashVersion
            << ")\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << kUsage;
    return 2;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << kUsage;
    return 0;
  }
  if (name == "--version" || name == "version") {
    if (argc > 2) {
      std::cerr << "ludex " << name << ": takes no arguments\n";
      return 2;
    }
    print_version();
    return 0;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  return ludex::run_subcommand("ludex", kCommands, name, args, kUsage);
}
