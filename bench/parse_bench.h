// Parsing without a database: what the import's worker threads do, timed
// stage by stage, so that parse speed and database speed can be told apart.
#ifndef LUDEX_BENCH_PARSE_BENCH_H_
#define LUDEX_BENCH_PARSE_BENCH_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ludex {

struct ParseBenchOptions {
  int jobs = 0;            // threads; 0 = one per core
  bool hash = false;       // also the content hash, as the import's workers do
  bool positions = false;  // also compute_positions for every game, as they do
  // SGF files only through the lower layers (charset preparation, the
  // streaming reader and the tree builder's flat arrays), not converted to
  // game records: what the syntax alone costs. Reported as format "sgf-syntax".
  bool syntax_only = false;
  // SGF files streamed as the import's workers read them: games handed on in
  // parts of about 2 MiB, each part dropped when full, so that memory is
  // reused while it is hot; "parse s" then includes the freeing. Without
  // it, a file's games are all kept until it is done (parse_game_file).
  bool stream = false;
  // The import's own parse stage instead of whole files: run_parse_pipeline
  // (indexer/parse_pipeline.h) reads, hashes and parses on `jobs` workers,
  // streaming each file's games in parts, and the calling thread takes the
  // parts in order and drops them, as the import's writer would after
  // storing them. Positions only with `positions`. Only totals and, per
  // format, files, bytes, games and nodes are reported (no stage times).
  bool pipeline = false;
};

// Totals for the files of one format ("sgf", "gtv", ...). Stage seconds are
// summed over threads (thread-seconds), so bytes / parse_seconds is the
// speed of one core.
struct ParseFormatFigures {
  std::string format;
  std::int64_t files = 0;
  std::int64_t bytes = 0;
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  double read_seconds = 0;
  double hash_seconds = 0;
  double parse_seconds = 0;
  double positions_seconds = 0;
  double free_seconds = 0;  // destroying the parsed records (and positions)
};

struct ParseBenchResult {
  int jobs = 0;
  std::int64_t files = 0;
  std::int64_t bytes = 0;
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  std::int64_t errors = 0;             // games or files lost
  std::int64_t warnings = 0;           // parse warnings
  std::int64_t position_warnings = 0;  // where position computation stopped
  double seconds = 0;                  // wall time, all threads
  std::vector<ParseFormatFigures> formats;
};

// Reads (and hashes, parses, computes positions of) every file on `jobs`
// threads, each taking the next file. Throws std::runtime_error when a file
// cannot be read.
ParseBenchResult run_parse_bench(const std::vector<std::string>& files,
                                 const ParseBenchOptions& options);

// Reads a whole file; throws std::runtime_error on failure.
std::string read_whole_file(const std::string& path);

}  // namespace ludex

#endif  // LUDEX_BENCH_PARSE_BENCH_H_
