#include "bench/parse_bench.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "games/position.h"
#include "importers/game_file.h"
#include "importers/sgf/sgf_charset.h"
#include "importers/sgf/sgf_game.h"
#include "importers/sgf/sgf_tree_builder.h"
#include "indexer/content_hash.h"
#include "indexer/memory_cost.h"
#include "indexer/parse_pipeline.h"

namespace ludex {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

void add(ParseFormatFigures& to, const ParseFormatFigures& from) {
  to.files += from.files;
  to.bytes += from.bytes;
  to.games += from.games;
  to.nodes += from.nodes;
  to.read_seconds += from.read_seconds;
  to.hash_seconds += from.hash_seconds;
  to.parse_seconds += from.parse_seconds;
  to.positions_seconds += from.positions_seconds;
  to.free_seconds += from.free_seconds;
}

}  // namespace

std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw std::runtime_error("cannot open " + path);
  const std::streamoff size = in.tellg();
  std::string bytes(static_cast<std::size_t>(std::max<std::streamoff>(size, 0)), '\0');
  in.seekg(0);
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!in) throw std::runtime_error("cannot read " + path);
  return bytes;
}

namespace {

// Adds each format's figures to the result and to its totals.
void add_formats(const std::map<std::string, ParseFormatFigures>& by_format,
                 ParseBenchResult& result) {
  for (const auto& [name, figures] : by_format) {
    result.files += figures.files;
    result.bytes += figures.bytes;
    result.games += figures.games;
    result.nodes += figures.nodes;
    result.formats.push_back(figures);
  }
}

ParseBenchResult run_pipeline_bench(const std::vector<std::string>& files,
                                    const ParseBenchOptions& options) {
  ParseBenchResult result;
  result.jobs =
      options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  result.jobs = std::max(1, result.jobs);
  PipelineOptions pipeline;
  pipeline.jobs = result.jobs;
  pipeline.positions = options.positions;
  std::map<std::string, ParseFormatFigures> by_format;
  std::string format;  // of the file whose parts are arriving
  const Clock::time_point start = Clock::now();
  run_parse_pipeline(
      files, pipeline, [](const std::string&, std::int64_t, const std::string&) { return true; },
      [&](FileResult&& r) {
        if (r.part == 0) {
          if (!r.readable) {
            throw std::runtime_error("cannot read " + r.path + ": " + r.read_error);
          }
          format = r.format.empty() ? "unknown" : r.format;
          ++by_format[format].files;
          by_format[format].bytes += r.size;
        }
        ParseFormatFigures& f = by_format[format];
        f.games += static_cast<std::int64_t>(r.games.size());
        for (const PreparedGame& game : r.games) {
          f.nodes += static_cast<std::int64_t>(game.record.tree.size());
          result.warnings += static_cast<std::int64_t>(game.record.warnings.size());
        }
        result.errors += static_cast<std::int64_t>(r.diagnostics.size());
      });
  result.seconds = seconds_between(start, Clock::now());
  for (auto& [name, figures] : by_format) figures.format = name;
  add_formats(by_format, result);
  return result;
}

}  // namespace

ParseBenchResult run_parse_bench(const std::vector<std::string>& files,
                                 const ParseBenchOptions& options) {
  if (options.pipeline) return run_pipeline_bench(files, options);
  ParseBenchResult result;
  result.jobs =
      options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  result.jobs = std::max(1, result.jobs);
  std::atomic<std::size_t> next{0};
  std::mutex mu;
  std::map<std::string, ParseFormatFigures> by_format;
  std::exception_ptr failure;

  auto worker = [&] {
    std::map<std::string, ParseFormatFigures> mine;
    std::int64_t errors = 0;
    std::int64_t warnings = 0;
    std::int64_t position_warnings = 0;
    try {
      for (std::size_t i = next++; i < files.size(); i = next++) {
        const Clock::time_point t0 = Clock::now();
        const std::string bytes = read_whole_file(files[i]);
        const Clock::time_point t1 = Clock::now();
        // The digest itself is not needed; computing it is the point.
        if (options.hash) content_hash(bytes);
        const Clock::time_point t2 = Clock::now();
        if (options.syntax_only && looks_like_sgf(bytes)) {
          std::int64_t raw_nodes = 0;
          std::vector<Diagnostic> raw_errors;
          const SgfFileText text = prepare_sgf_text(bytes);
          const std::int32_t games = build_sgf_trees(
              text.text(), [&raw_nodes](RawSgfGame& g) { raw_nodes += std::ssize(g.nodes); },
              raw_errors);
          const Clock::time_point t3 = Clock::now();
          ParseFormatFigures& f = mine["sgf-syntax"];
          ++f.files;
          f.bytes += static_cast<std::int64_t>(bytes.size());
          f.games += games - static_cast<std::int64_t>(raw_errors.size());
          f.nodes += raw_nodes;
          f.read_seconds += seconds_between(t0, t1);
          f.hash_seconds += seconds_between(t1, t2);
          f.parse_seconds += seconds_between(t2, t3);
          errors += static_cast<std::int64_t>(raw_errors.size());
          continue;
        }
        if (options.stream && game_file_format(bytes) == "sgf") {
          // As the import's workers read a collection: games streamed into
          // parts of about kPartBytes, each dropped once full (the import
          // hands it to the writer, which frees it after storing it).
          constexpr std::int64_t kPartBytes = kDefaultPipelineBudget / 8;
          std::vector<PreparedGame> part;
          std::int64_t part_cost = 0;
          std::int64_t games = 0;
          std::int64_t nodes = 0;
          read_sgf_games(
              bytes,
              [&](GameRecord&& game) {
                ++games;
                nodes += static_cast<std::int64_t>(game.tree.size());
                warnings += static_cast<std::int64_t>(game.warnings.size());
                // Positions alone (not prepare_game): this measures the
                // parser and the position rules, not the rest of a worker's step.
                PreparedGame prepared;
                prepared.record = std::move(game);
                if (options.positions) {
                  prepared.positions = compute_positions(prepared.record);
                  position_warnings +=
                      static_cast<std::int64_t>(prepared.positions.warnings.size());
                }
                part_cost += estimate_game_bytes(prepared);
                part.push_back(std::move(prepared));
                if (part_cost >= kPartBytes) {
                  part.clear();
                  part_cost = 0;
                }
              },
              [&errors](Diagnostic&&) { ++errors; });
          part.clear();
          const Clock::time_point t3 = Clock::now();
          ParseFormatFigures& f = mine["sgf"];
          ++f.files;
          f.bytes += static_cast<std::int64_t>(bytes.size());
          f.games += games;
          f.nodes += nodes;
          f.read_seconds += seconds_between(t0, t1);
          f.hash_seconds += seconds_between(t1, t2);
          f.parse_seconds += seconds_between(t2, t3);
          continue;
        }
        ParsedFile parsed = parse_game_file(bytes);
        const Clock::time_point t3 = Clock::now();
        std::int64_t nodes = 0;
        std::vector<GamePositions> positions;
        for (GameRecord& game : parsed.games) {
          nodes += static_cast<std::int64_t>(game.tree.size());
          warnings += static_cast<std::int64_t>(game.warnings.size());
          if (options.positions) {
            positions.push_back(compute_positions(game));
            position_warnings += static_cast<std::int64_t>(positions.back().warnings.size());
          }
        }
        const Clock::time_point t4 = Clock::now();
        const std::string format = parsed.format.empty() ? "unknown" : parsed.format;
        const std::size_t games = parsed.games.size();
        errors += static_cast<std::int64_t>(parsed.diagnostics.size());
        // The import's writer frees each file's records after storing them;
        // that cost is the model's (one allocation per vector and string).
        parsed = ParsedFile();
        positions = std::vector<GamePositions>();
        const Clock::time_point t5 = Clock::now();
        ParseFormatFigures& f = mine[format];
        ++f.files;
        f.bytes += static_cast<std::int64_t>(bytes.size());
        f.games += static_cast<std::int64_t>(games);
        f.nodes += nodes;
        f.read_seconds += seconds_between(t0, t1);
        f.hash_seconds += seconds_between(t1, t2);
        f.parse_seconds += seconds_between(t2, t3);
        f.positions_seconds += seconds_between(t3, t4);
        f.free_seconds += seconds_between(t4, t5);
      }
    } catch (...) {
      next = files.size();
      std::lock_guard<std::mutex> lock(mu);
      if (!failure) failure = std::current_exception();
    }
    std::lock_guard<std::mutex> lock(mu);
    for (const auto& [format, figures] : mine) {
      ParseFormatFigures& to = by_format[format];
      to.format = format;
      add(to, figures);
    }
    result.errors += errors;
    result.warnings += warnings;
    result.position_warnings += position_warnings;
  };

  const Clock::time_point start = Clock::now();
  std::vector<std::thread> threads;
  for (int i = 0; i < result.jobs; ++i) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  result.seconds = seconds_between(start, Clock::now());
  if (failure) std::rethrow_exception(failure);
  add_formats(by_format, result);
  return result;
}

}  // namespace ludex
