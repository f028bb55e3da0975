// Opening databases: creation and migration, connection settings, refusing
// files that are not ludex databases or are newer than this build.
#include <fstream>
#include <set>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "core/zobrist.h"
#include "schema/database.h"
#include "schema/db/schema_sql.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using Catch::Matchers::Contains;
using testing::TempDir;

std::string meta(Database& db, const std::string& key) {
  SQLite::Statement st(db.handle(), "SELECT value FROM meta WHERE key = ?1");
  st.bind(1, key);
  return st.executeStep() ? st.getColumn(0).getString() : std::string("<missing>");
}

std::set<std::string> schema_names(Database& db, const char* type) {
  SQLite::Statement st(db.handle(),
                       "SELECT name FROM sqlite_schema WHERE type = ?1 AND name NOT GLOB "
                       "'sqlite_*' AND NOT (type = 'table' AND name GLOB 'comments_fts_*')");
  st.bind(1, type);
  std::set<std::string> out;
  while (st.executeStep()) out.insert(st.getColumn(0).getString());
  return out;
}

TEST_CASE("a new database is created at the current schema version", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("new.ludex");
  Database db(path, Database::Mode::kReadWrite);
  CHECK(db.schema_version() == kSchemaVersion);
  SQLite::Database& h = db.handle();
  CHECK(h.execAndGet("PRAGMA user_version").getInt() == kSchemaVersion);
  CHECK(h.execAndGet("PRAGMA application_id").getInt() == 0x4C444558);
  CHECK(h.execAndGet("PRAGMA journal_mode").getString() == "wal");
  CHECK(h.execAndGet("PRAGMA synchronous").getInt() == 1);  // NORMAL
  CHECK(h.execAndGet("PRAGMA foreign_keys").getInt() == 0);
  CHECK(h.execAndGet("PRAGMA busy_timeout").getInt() > 0);
  CHECK(meta(db, "schema_version") == std::to_string(kSchemaVersion));
  CHECK(meta(db, "hash_version") == "1");
  CHECK(meta(db, "application") == "ludex");
  CHECK_THAT(meta(db, "created_by"), Contains("ludex"));

  CHECK(schema_names(db, "table") == std::set<std::string>{"comments",
                                                           "comments_fts",
                                                           "counts",
                                                           "evaluations",
                                                           "event_games",
                                                           "events",
                                                           "events_stale",
                                                           "explorer_answers",
                                                           "explorer_postings",
                                                           "feature_games",
                                                           "game_players",
                                                           "game_positions",
                                                           "game_rank_bands",
                                                           "game_sightings",
                                                           "games",
                                                           "import_errors",
                                                           "meta",
                                                           "node_hashes",
                                                           "node_moves",
                                                           "nodes",
                                                           "player_aliases",
                                                           "player_totals",
                                                           "player_totals_stale",
                                                           "players",
                                                           "properties",
                                                           "seat_ranks",
                                                           "source_files",
                                                           "swapped_games"});
  CHECK(schema_names(db, "index") == std::set<std::string>{"evaluations_by_swing",
                                                           "evaluations_by_value",
                                                           "event_games_by_game",
                                                           "events_by_name",
                                                           "game_players_by_player",
                                                           "game_rank_bands_by_low",
                                                           "game_sightings_by_duplicate",
                                                           "games_by_date",
                                                           "games_by_event",
                                                           "games_by_family",
                                                           "games_by_file",
                                                           "games_by_result",
                                                           "games_by_first_node",
                                                           "games_by_moves_hash",
                                                           "games_copies",
                                                           "games_stale_positions",
                                                           "import_errors_by_file",
                                                           "player_aliases_by_canonical",
                                                           "players_by_folded",
                                                           "source_files_by_container"});
  CHECK(schema_names(db, "trigger").size() == 10);  // 011: the three of node_hashes
  CHECK(schema_names(db, "view") == std::set<std::string>{"moves", "node_order", "node_tree"});
}

TEST_CASE("reopening keeps the schema and works read-only", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("re.ludex");
  { Database db(path, Database::Mode::kReadWrite); }
  {
    Database db(path, Database::Mode::kReadWrite);
    CHECK(db.schema_version() == kSchemaVersion);
    CHECK(meta(db, "schema_version") == std::to_string(kSchemaVersion));
  }
  Database ro(path, Database::Mode::kReadOnly);
  CHECK(ro.schema_version() == kSchemaVersion);
  CHECK(ro.mode() == Database::Mode::kReadOnly);
  CHECK(ro.handle().execAndGet("SELECT count(*) FROM games").getInt() == 0);
}

// An import asks every recorded file whether a game of it has positions of
// another hash version (schema/write/source_files.cpp): the partial index answers
// without reading the file's games, but only while its literal is this
// build's kPositionHashVersion. A new version needs a migration for it.
TEST_CASE("the stale-file probe is answered by its partial index", "[schema]") {
  TempDir dir;
  Database db(dir.file("stale.ludex"), Database::Mode::kReadWrite);
  SQLite::Statement plan(db.handle(),
                         "EXPLAIN QUERY PLAN SELECT 1 FROM games AS g WHERE g.file_id = 1 "
                         "AND g.family <> 'other' AND g.hash_version IS NOT " +
                             std::to_string(kPositionHashVersion));
  std::string text;
  while (plan.executeStep()) text += plan.getColumn(3).getString() + "\n";
  INFO(text);
  CHECK(text.find("games_stale_positions") != std::string::npos);
}

TEST_CASE("the embedded SQL files cover every version, tables before indexes", "[schema]") {
  const std::vector<SqlFile>& files = schema_sql_files();
  REQUIRE(files.size() >= 2);
  std::set<int> versions;
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string name = files[i].name;
    if (i > 0) CHECK(std::string(files[i - 1].name) < name);
    versions.insert(std::stoi(name.substr(0, 3)));
  }
  CHECK(*versions.rbegin() == kSchemaVersion);
  CHECK(versions.size() == static_cast<std::size_t>(kSchemaVersion));
  CHECK(std::string(files[0].name) == "001_initial.sql");
  CHECK(std::string(files[1].name) == "001_initial_indexes.sql");
}

TEST_CASE("a database with a newer schema version is refused", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("newer.ludex");
  { Database db(path, Database::Mode::kReadWrite); }
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion + 1));
  }
  CHECK_THROWS_WITH(Database(path, Database::Mode::kReadWrite), Contains("newer"));
  CHECK_THROWS_WITH(Database(path, Database::Mode::kReadOnly), Contains("newer"));
  // Refusing must not have touched the file.
  SQLite::Database raw(path, SQLite::OPEN_READONLY);
  CHECK(raw.execAndGet("PRAGMA user_version").getInt() == kSchemaVersion + 1);
}

TEST_CASE("files that are not ludex databases are refused", "[schema]") {
  TempDir dir;
  SECTION("another program's SQLite database") {
    const std::string path = dir.file("other.db");
    {
      SQLite::Database raw(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
      raw.exec("CREATE TABLE games (x)");
    }
    CHECK_THROWS_WITH(Database(path, Database::Mode::kReadWrite), Contains("not a ludex database"));
    CHECK_THROWS_WITH(Database(path, Database::Mode::kReadOnly), Contains("not a ludex database"));
  }
  SECTION("a text file") {
    const std::string path = dir.file("notes.txt");
    std::ofstream(path) << "(;GM[11]SZ[13];B[a1]) this is an SGF file, not a database\n"
                        << std::string(2000, 'x');
    CHECK_THROWS_WITH(Database(path, Database::Mode::kReadWrite), Contains("not a ludex database"));
  }
  SECTION("a missing file opened read-only") {
    CHECK_THROWS_WITH(Database(dir.file("missing.ludex"), Database::Mode::kReadOnly),
                      Contains("cannot open"));
  }
  SECTION("an empty file opened read-only") {
    const std::string path = dir.file("empty.ludex");
    std::ofstream{path};
    CHECK_THROWS_WITH(Database(path, Database::Mode::kReadOnly), Contains("empty"));
  }
}

TEST_CASE("an older schema version is refused read-only", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("old.ludex");
  { Database db(path, Database::Mode::kReadWrite); }
  {
    SQLite::Database raw(path, SQLite::OPEN_READWRITE);
    raw.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion - 1));
  }
  CHECK_THROWS_WITH(Database(path, Database::Mode::kReadOnly), Contains("upgraded"));
}

TEST_CASE("ludex_fold is available to SQL on every connection", "[schema]") {
  TempDir dir;
  Database db(dir.file("f.ludex"), Database::Mode::kReadWrite);
  CHECK(db.handle().execAndGet("SELECT ludex_fold('ÉCOLE Zoë')").getString() == "école zoë");
  CHECK(db.handle().execAndGet("SELECT ludex_fold(NULL) IS NULL").getInt() == 1);
}

}  // namespace
}  // namespace ludex
