// End-to-end: node_hashes (schema version 11) holds one row per hashed node
// after every write: a bulk import (the sorter's rows), imports into a
// database that holds games (the triggers), a re-import of a changed file, a
// prune, merges into an empty and into a full database, and the rebuild of
// a load that stopped before its end; ludex check names a missing row.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// Rows the nodes call for that node_hashes lacks, plus rows it holds that
// no node calls for.
std::int64_t out_of_step(const std::string& db) {
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  return raw
      .execAndGet(
          "SELECT (SELECT count(*) FROM (SELECT position_hash >> 40, node_id FROM nodes "
          "WHERE position_hash IS NOT NULL EXCEPT SELECT hash_top, node_id FROM node_hashes)) + "
          "(SELECT count(*) FROM (SELECT hash_top, node_id FROM node_hashes EXCEPT "
          "SELECT position_hash >> 40, node_id FROM nodes WHERE position_hash IS NOT NULL))")
      .getInt64();
}

std::int64_t rows(const std::string& db) {
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  return raw.execAndGet("SELECT count(*) FROM node_hashes").getInt64();
}

}  // namespace

TEST_CASE("node_hashes follows nodes through import, re-import, prune and merge", "[e2e][import]") {
  ScratchDir dir("e2e-import-node-hashes");
  const std::string gnugo = (corpus_dir() / "go" / "gnugo").string();
  const fs::path extra = dir.path() / "extra";
  fs::create_directories(extra);
  write_bytes(extra / "a.sgf", "(;FF[4]GM[1]SZ[9];B[cc];W[dd](;B[ee])(;B[ef];W[gg]))\n");
  write_bytes(extra / "b.hsgf", "(;FF[4]GM[11]SZ[7];B[c2];W[d4];B[e5])\n");

  const std::string db = dir / "x.db";
  run_ludex_ok({"import", "--db", db, gnugo});  // bulk: the sorter's rows
  REQUIRE(rows(db) > 1000);
  CHECK(out_of_step(db) == 0);
  const std::int64_t bulk_rows = rows(db);

  run_ludex_ok({"import", "--db", db, extra.string()});  // the triggers
  CHECK(out_of_step(db) == 0);
  CHECK(rows(db) == bulk_rows + 10);  // 6 nodes and 4, roots included

  write_bytes(extra / "a.sgf", "(;FF[4]GM[1]SZ[9];B[cc];W[dd];B[ee])\n");
  run_ludex_ok({"import", "--db", db, extra.string()});  // replaced: deleted, then stored
  CHECK(out_of_step(db) == 0);
  CHECK(rows(db) == bulk_rows + 8);

  fs::remove(extra / "b.hsgf");
  run_ludex_ok({"import", "--db", db, "--prune", extra.string()});
  CHECK(out_of_step(db) == 0);
  CHECK(rows(db) == bulk_rows + 4);
  CHECK(run_ludex({"check", "--db", db}).exit_code == 0);

  const std::string empty = dir / "empty.db";  // merged in bulk
  fs::create_directories(dir.path() / "nothing");
  run_ludex_ok({"import", "--db", empty, (dir.path() / "nothing").string()});
  run_ludex_ok({"merge", "--db", empty, "--from", db});
  CHECK(out_of_step(empty) == 0);
  CHECK(rows(empty) == rows(db));

  const std::string other = dir / "other.db";  // merged into a database with games
  run_ludex_ok({"import", "--db", other, extra.string()});
  run_ludex_ok({"merge", "--db", other, "--from", db});
  CHECK(out_of_step(other) == 0);
}

TEST_CASE("a bulk load that stopped leaves node_hashes to be built again", "[e2e][import]") {
  ScratchDir dir("e2e-import-node-hashes-pending");
  const std::string gnugo = (corpus_dir() / "go" / "gnugo").string();
  const std::string db = dir / "x.db";
  run_ludex_ok({"import", "--db", db, gnugo});
  const std::int64_t full = rows(db);
  {
    // What a load killed before its end leaves: the mark, and rows missing.
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("DELETE FROM node_hashes WHERE node_id % 3 = 0");
    raw.exec("INSERT INTO meta (key, value) VALUES ('node_hashes_pending', '1')");
  }
  CHECK(out_of_step(db) > 0);
  const RunResult check = run_ludex({"check", "--db", db});
  CHECK(check.exit_code != 0);
  CHECK(check.out.find("node_hashes") != std::string::npos);
  run_ludex_ok({"import", "--db", db, gnugo});  // nothing new; the mark is seen
  CHECK(out_of_step(db) == 0);
  CHECK(rows(db) == full);
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  CHECK(raw.execAndGet("SELECT count(*) FROM meta WHERE key = 'node_hashes_pending'").getInt() ==
        0);
}

}  // namespace ludex::test
