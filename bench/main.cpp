// ludex-bench: the synthetic archive generator and the import benchmarks.
// This file only dispatches and is the one place where environment failures
// (exceptions) are caught.
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "bench/commands.h"
#include "options/command_line.h"

namespace {

constexpr std::string_view kUsage =
    "usage: ludex-bench <command> [options]\n"
    "\n"
    "commands:\n"
    "  generate --out DIR --games N --seed S [--mix hex,twixt,go,blokus] [--format sgf,gtv]\n"
    "                                 write a synthetic archive (deterministic in the seed)\n"
    "  import --archive DIR --db DB [--jobs N]\n"
    "                                 time the ludex import, a second import of the same\n"
    "                                 archive, and SQLite alone inserting the same rows\n"
    "  store  --archive DIR --db DB   time the database writer alone (parsed beforehand)\n"
    "  parse  --archive DIR [--jobs N] time reading and parsing alone (no database)\n"
    "  query  --work DIR              query latency at 10,000 and 100,000 games\n"
    "  serve-load --port P --family F [--size N]\n"
    "                                 the explorer's requests to a running ludex serve\n"
    "                                 from many clients at once (latency percentiles)\n"
    "\n"
    "Run 'ludex-bench <command> --help' for a command's options.\n";

constexpr ludex::Subcommand kCommands[] = {
    {"generate", ludex::run_generate_command}, {"import", ludex::run_import_bench_command},
    {"store", ludex::run_store_bench_command}, {"parse", ludex::run_parse_bench_command},
    {"query", ludex::run_query_bench_command}, {"serve-load", ludex::run_serve_load_command},
};

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
  const std::vector<std::string> args(argv + 2, argv + argc);
  return ludex::run_subcommand("ludex-bench", kCommands, name, args, kUsage);
}
