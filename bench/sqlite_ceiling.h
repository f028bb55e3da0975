// The SQLite ceiling: how long SQLite alone needs to build a database equal to
// one ludex built, with nothing of ludex in the loop.
//
// Method: every table's rows are copied out of the ludex database into memory
// (not timed), then inserted into a fresh database with the same DDL (taken
// from the source's sqlite_schema), one prepared statement per table re-bound
// per row, all in one transaction; the secondary indexes, full-text tables
// and triggers are created after the load, the full-text index is rebuilt
// from its content table, and ANALYZE runs as ludex's finish_bulk_load runs
// it. The connection has ludex's settings: WAL, synchronous=NORMAL, 64 MiB
// page cache, temp_store=MEMORY, no mutex.
//
// Memory: rows are held in chunks of about 64 MiB, read (untimed) just before
// they are inserted; the timer runs only while SQLite inserts, so archives of
// any size can be measured. This file talks to SQLite's C API directly: it
// measures SQLite, not ludex's schema layer.
#ifndef LUDEX_BENCH_SQLITE_CEILING_H_
#define LUDEX_BENCH_SQLITE_CEILING_H_

#include <cstdint>
#include <string>
#include <vector>

namespace ludex {

struct CeilingOptions {
  // Rows bound per execution of the INSERT: 1 is the plain prepared
  // statement; larger values use a multi-row INSERT ... VALUES (...),(...)
  // (and a single-row statement for the remainder), as ludex's
  // BatchedInsert does.
  int rows_per_statement = 1;
  bool keep_database = false;  // keep the copy for inspection
  // Rows are inserted in each table's key order, the best order for SQLite.
};

struct CeilingTable {
  std::string name;
  std::int64_t rows = 0;
  double insert_seconds = 0;
};

// One step of the index phase: an index, a virtual table with its rebuild,
// or a trigger, by name.
struct CeilingStep {
  std::string name;
  double seconds = 0;
};

struct CeilingResult {
  std::vector<CeilingTable> tables;  // in creation order
  std::vector<CeilingStep> index_steps;
  std::int64_t rows = 0;
  double insert_seconds = 0;   // all tables, including COMMIT
  double index_seconds = 0;    // indexes, full-text rebuild, triggers
  double analyze_seconds = 0;  // ANALYZE
  double total_seconds() const { return insert_seconds + index_seconds + analyze_seconds; }
  std::int64_t database_bytes = 0;  // the copy's file size after closing
};

// Builds target_path (removed first, with its -wal and -shm files; removed
// again afterwards unless keep_database) from the rows of source_path.
// Throws std::runtime_error on any SQLite failure.
CeilingResult measure_sqlite_ceiling(const std::string& source_path, const std::string& target_path,
                                     const CeilingOptions& options);

}  // namespace ludex

#endif  // LUDEX_BENCH_SQLITE_CEILING_H_
