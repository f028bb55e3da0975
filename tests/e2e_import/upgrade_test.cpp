// End-to-end: a database written before schema version 3 (no moves hashes)
// is migrated by the next import, which hashes its stored games, so that
// its duplicates are found without importing their files again.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {

namespace fs = std::filesystem;

TEST_CASE("an import hashes the games of a database from schema version 2", "[e2e][import]") {
  ScratchDir dir("e2e-import-upgrade");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  // Little Golem game 2206555 as the twixtbot-ui record and as a .tgt, and
  // one Hex game twice under other headers: two duplicates.
  fs::copy_file(corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf", archive / "a-lg.tsgf");
  fs::copy_file(
      corpus_dir() / "gtv" / "synthetic" / "SYNTHETIC-lg2206555-twixt-commentator-style.tgt",
      archive / "b-jt.tgt");
  write_bytes(archive / "c-hex.sgf", "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "d-hex.sgf", "(;FF[4]GM[11]SZ[7]PB[cid]RE[B+];B[c2];W[d4]C[hm];B[e5])\n");
  const std::string db = dir / "old.db";
  run_ludex_ok({"import", "--db", db, archive.string()});
  const nlohmann::json fresh = info_json(db);
  REQUIRE(fresh.at("duplicates") == 2);

  // Back to what version 2 wrote: no moves_hash or sightings, duplicate_of
  // (a version 1 column) never set.
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version6(raw);
    raw.exec("DROP INDEX games_by_moves_hash");
    raw.exec("DROP INDEX game_sightings_by_duplicate");
    raw.exec("DROP TABLE game_sightings");
    raw.exec("ALTER TABLE games DROP COLUMN moves_hash");
    raw.exec("UPDATE games SET duplicate_of = NULL");
    raw.exec("DELETE FROM meta WHERE key = 'moves_hash_version'");
    // No archive columns either (version 5).
    raw.exec("DROP INDEX source_files_by_container");
    raw.exec("ALTER TABLE source_files DROP COLUMN absent");
    raw.exec("ALTER TABLE source_files DROP COLUMN container_id");
    raw.exec("UPDATE meta SET value = '2' WHERE key = 'schema_version'");
    raw.exec("PRAGMA user_version = 2");
  }
  const RunResult again = run_ludex_ok({"import", "--db", db, archive.string()});
  CHECK(again.err.find("hashed the moves of 4 stored games") != std::string::npos);
  CHECK(again.err.find("4 unchanged") != std::string::npos);
  CHECK(info_json(db) == fresh);
  CHECK(run_ludex_ok({"query", "--db", db, "--duplicates", "--count"}).out == "2\n");
  // Once only.
  CHECK(run_ludex_ok({"import", "--db", db, archive.string()}).err.find("hashed") ==
        std::string::npos);
}

TEST_CASE("an import folds the events of a database from schema version 9", "[e2e][import]") {
  ScratchDir dir("e2e-import-upgrade-events");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "a.sgf",
              "(;FF[4]GM[1]SZ[9]EV[Coupe d'\xc3\x89T\xc3\x89]PB[ann]PW[bob];B[cc];W[dd])\n"
              "(;FF[4]GM[1]SZ[9]EV[coupe d'hiver]PB[ann]PW[bob];B[cc];W[ee])\n"
              "(;FF[4]GM[1]SZ[9]PB[ann]PW[bob];B[dd])\n");
  const std::string db = dir / "x.db";
  run_ludex_ok({"import", "--db", db, archive.string()});
  const std::vector<std::string> query = {"query", "--db", db, "--event", "COUPE D*", "--count"};
  const std::string fresh = run_ludex_ok(query).out;
  REQUIRE(fresh == "2\n");
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version9(raw);
  }
  CHECK(run_ludex(query).exit_code == 1);  // must be upgraded
  run_ludex_ok({"import", "--db", db, archive.string()});
  CHECK(run_ludex_ok(query).out == fresh);
  CHECK(run_ludex_ok({"query", "--db", db, "--event", "coupe d'été", "--count"}).out == "1\n");
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  CHECK(raw.execAndGet("SELECT count(*) FROM games WHERE event_folded IS NOT NULL").getInt() == 2);
  CHECK(
      raw.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = 'games_by_event'").getInt() ==
      1);
}

}  // namespace ludex::test
