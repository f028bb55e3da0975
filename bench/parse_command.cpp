// ludex-bench parse --archive DIR [--jobs N] [--hash] [--positions] [--syntax] [--stream]
//                   [--pipeline]
#include <iomanip>
#include <iostream>

#include <nlohmann/json.hpp>

#include "bench/commands.h"
#include "bench/import_bench.h"
#include "bench/parse_bench.h"
#include "indexer/file_walk.h"
#include "options/command_line.h"

namespace ludex {
namespace po = boost::program_options;

namespace {

double per(double amount, double seconds) {
  return seconds > 0 ? amount / seconds : 0;
}

}  // namespace

int run_parse_bench_command(const std::vector<std::string>& args) {
  po::options_description options("ludex-bench parse --archive DIR");
  options.add_options()                                                                     //
      ("help,h", "show this help")                                                          //
      ("archive", po::value<std::string>()->required(), "archive directory")                //
      ("jobs,j", po::value<int>()->default_value(0), "threads (0 = one per core)")          //
      ("hash", "also compute the content hash, as the import does")                         //
      ("positions", "also compute every node's position, as the import does")               //
      ("syntax", "SGF files through the reader and tree builder only, not converted")       //
      ("stream", "SGF games streamed in parts of 2 MiB, each dropped when full")            //
      ("pipeline", "the import's parse stage: parts streamed and dropped, no stage times")  //
      ("json", "print the figures as one JSON object");
  const auto parsed = parse_command_line("bench parse", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  ParseBenchOptions opts;
  opts.jobs = vm["jobs"].as<int>();
  opts.hash = vm.count("hash") != 0;
  opts.positions = vm.count("positions") != 0;
  opts.syntax_only = vm.count("syntax") != 0;
  opts.pipeline = vm.count("pipeline") != 0;
  opts.stream = vm.count("stream") != 0;
  const WalkResult walk = walk_paths({vm["archive"].as<std::string>()});
  if (!walk.failures.empty()) {
    std::cerr << "ludex-bench parse: " << walk.failures.front().first << ": "
              << walk.failures.front().second << "\n";
    return 1;
  }
  const ParseBenchResult r = run_parse_bench(walk.files, opts);
  const double mb = static_cast<double>(r.bytes) / 1e6;

  if (vm.count("json") != 0) {
    nlohmann::json j = {{"jobs", r.jobs},
                        {"hash", opts.hash},
                        {"positions", opts.positions},
                        {"syntax", opts.syntax_only},
                        {"pipeline", opts.pipeline},
                        {"stream", opts.stream},
                        {"files", r.files},
                        {"bytes", r.bytes},
                        {"games", r.games},
                        {"nodes", r.nodes},
                        {"errors", r.errors},
                        {"warnings", r.warnings},
                        {"position_warnings", r.position_warnings},
                        {"seconds", r.seconds},
                        {"peak_rss_bytes", peak_rss_bytes()},
                        {"mb_per_second", per(mb, r.seconds)},
                        {"nodes_per_second", per(static_cast<double>(r.nodes), r.seconds)}};
    for (const ParseFormatFigures& f : r.formats) {
      j["formats"][f.format] = {{"files", f.files},
                                {"bytes", f.bytes},
                                {"games", f.games},
                                {"nodes", f.nodes},
                                {"read_seconds", f.read_seconds},
                                {"hash_seconds", f.hash_seconds},
                                {"parse_seconds", f.parse_seconds},
                                {"positions_seconds", f.positions_seconds},
                                {"free_seconds", f.free_seconds}};
    }
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::cout
      << "parsed " << r.files << " files, " << fixed(mb, 1) << " MB, " << r.games << " games, "
      << r.nodes << " nodes on " << r.jobs << " thread" << (r.jobs > 1 ? "s" : "")
      << (opts.pipeline ? " as the import's pipeline (hashing, parts)" : "")
      << (opts.stream ? " streamed in parts" : "") << (opts.hash ? " with hashing" : "")
      << (opts.positions ? " with positions" : "") << ": " << fixed(r.seconds, 2)
      << " s = " << fixed(per(mb, r.seconds), 1) << " MB/s, "
      << fixed(per(static_cast<double>(r.nodes), r.seconds), 0) << " nodes/s; " << r.errors
      << " errors, " << r.warnings << " warnings, " << r.position_warnings
      << " position warnings; peak RSS " << fixed(static_cast<double>(peak_rss_bytes()) / 1e6, 1)
      << " MB\n"
      << "  format        MB   read s   hash s  parse s    pos s   free s   parse MB/s per core\n";
  for (const ParseFormatFigures& f : r.formats) {
    const double fmb = static_cast<double>(f.bytes) / 1e6;
    std::cout << "  " << std::left << std::setw(8) << f.format << std::right << std::setw(8)
              << fixed(fmb, 1) << std::setw(9) << fixed(f.read_seconds, 2) << std::setw(9)
              << fixed(f.hash_seconds, 2) << std::setw(9) << fixed(f.parse_seconds, 2)
              << std::setw(9) << fixed(f.positions_seconds, 2) << std::setw(9)
              << fixed(f.free_seconds, 2) << std::setw(22) << fixed(per(fmb, f.parse_seconds), 1)
              << "\n";
  }
  return 0;
}

}  // namespace ludex
