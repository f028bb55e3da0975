// The import benchmarks: the real import (indexer/importer.h) into a new
// database and again over the unchanged archive, the database's make-up, and
// the writer alone (GameStore fed with games parsed beforehand).
#ifndef LUDEX_BENCH_IMPORT_BENCH_H_
#define LUDEX_BENCH_IMPORT_BENCH_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "indexer/importer.h"

namespace ludex {

// This process's resident set size, sampled every 50 ms on a thread of its
// own from construction to stop(), so that a peak can be placed in time.
class RssSampler {
 public:
  RssSampler();
  ~RssSampler();
  RssSampler(const RssSampler&) = delete;
  RssSampler& operator=(const RssSampler&) = delete;

  struct Sample {
    double seconds = 0;  // since construction
    std::int64_t bytes = 0;
  };
  // Stops sampling (idempotent) and returns the samples in time order.
  const std::vector<Sample>& stop();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The largest RSS of the samples in [from, to) seconds; 0 when none.
std::int64_t peak_between(const std::vector<RssSampler::Sample>& samples, double from, double to);

struct ImportRun {
  ImportSummary summary;
  double seconds = 0;  // wall time of Importer::run
  // RSS sampled during Importer::run (the database connection included).
  std::vector<RssSampler::Sample> rss;
};

// Rows and bytes of one table; bytes include the table's own indexes
// (SQLite's dbstat).
struct TableFigures {
  std::string name;
  std::int64_t rows = 0;
  std::int64_t bytes = 0;
};

struct DatabaseFigures {
  std::int64_t file_bytes = 0;  // the database file after closing (WAL checkpointed)
  // The tables ludex writes rows to; SQLite's internal tables and the
  // shadow tables of virtual tables are left out.
  std::vector<TableFigures> tables;
  // Virtual tables (the comment full-text index) with their shadow tables.
  std::int64_t virtual_table_bytes = 0;
};

// Peak resident set size of this process so far, in bytes (ru_maxrss).
std::int64_t peak_rss_bytes();

// Runs the ludex import of `archive` into db_path with `jobs` parse workers.
// Errors and warnings are counted, not printed.
ImportRun run_import(const std::string& archive, const std::string& db_path, int jobs);

// File size and per-table rows and bytes of a closed database.
DatabaseFigures measure_database(const std::string& db_path);

struct StoreRun {
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  // Sampled RSS peaks while storing (parsed chunks in memory included) and
  // during finish_bulk_load (index builds; SQLite sorts in memory because
  // ludex sets temp_store=MEMORY).
  std::int64_t store_peak_rss = 0;
  std::int64_t finish_peak_rss = 0;
  std::int64_t finish_start_rss = 0;  // when finish_bulk_load was called
  double parse_seconds = 0;           // wall time of parsing and positions, not part of the store
  double store_seconds = 0;           // GameStore: files, games, commits
  double finish_seconds = 0;          // finish_bulk_load: indexes, full-text, ANALYZE
};

// The writer alone: parses the archive in chunks (on `jobs` threads, timed
// apart) and stores each chunk through GameStore exactly as the import's
// writer does (bulk load, 1000 games per transaction), timing only the
// store. db_path must be new.
StoreRun run_store_only(const std::string& archive, const std::string& db_path, int jobs);

}  // namespace ludex

#endif  // LUDEX_BENCH_IMPORT_BENCH_H_
