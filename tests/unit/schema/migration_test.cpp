// Migrating a version-1 database with data to the current version: the
// result must equal a database written by this version directly.
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "core/zobrist.h"
#include "schema/database.h"
#include "schema/db/schema_sql.h"
#include "schema/game_loader.h"
#include "schema/game_store.h"
#include "schema/position_query.h"
#include "tests/unit/schema/position_test_util.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::TempDir;

// A version-1 database at path holding the rows of `source` (a current
// database whose games were stored without positions) that version 1 has:
// built from the embedded 001 files, the rows copied column by column.
void make_version1_copy(const std::string& source, const std::string& path) {
  SQLite::Database v1(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
  for (const SqlFile& f : schema_sql_files()) {
    if (std::string(f.name).rfind("001_", 0) == 0 &&
        std::string(f.name).find("_indexes") == std::string::npos) {
      v1.exec(f.text);
    }
  }
  for (const SqlFile& f : schema_sql_files()) {
    if (std::string(f.name) == "001_initial_indexes.sql") v1.exec(f.text);
  }
  v1.exec("PRAGMA user_version = 1");
  v1.exec(
      "INSERT INTO meta (key, value) VALUES ('schema_version', '1'), "
      "('created_by', 'ludex 0.0.1')");
  v1.exec("ATTACH DATABASE '" + source + "' AS src");
  for (const char* table : {"source_files", "players", "games", "game_players", "nodes", "moves",
                            "evaluations", "comments", "properties", "import_errors"}) {
    std::string columns;
    SQLite::Statement info(
        v1, std::string("SELECT name FROM pragma_table_info('") + table + "', 'main')");
    while (info.executeStep()) {
      columns += (columns.empty() ? "" : ", ") + info.getColumn(0).getString();
    }
    // Version 7 derives what version 1 stored of a node (node_tree).
    const std::string from = std::string(table) == "nodes" ? "node_tree" : table;
    v1.exec(std::string("INSERT INTO main.") + table + " (" + columns + ") SELECT " + columns +
            " FROM src." + from);
  }
  v1.exec("DETACH DATABASE src");
}

TEST_CASE("a version-1 database with data is migrated in place", "[schema]") {
  TempDir dir;
  // Evaluations on parents and children, for the swings.
  testing::GameBuilder evaluated(Family::kHex, {"Eve"});
  const NodeIndex root = evaluated.node(kNoNode, {});
  evaluated.evaluation(root, 100);
  const NodeIndex n1 = evaluated.node(root, {Occupant{{1, 1}, 1}});
  evaluated.evaluation(n1, 12345, EvalSource::kGameTree, true);
  evaluated.evaluation(n1, -250.5);
  evaluated.evaluation(n1, 0.5, EvalSource::kSgfValue);
  const NodeIndex n2 = evaluated.node(n1, {Occupant{{2, 2}, 2}});
  evaluated.evaluation(n2, 1000);
  evaluated.evaluation(n2, -0.25, EvalSource::kSgfValue);
  const std::vector<GameRecord> games = {
      testing::make_twixt_game(), testing::make_blokus_game(), testing::make_bare_game(),
      testing::make_simple_game(Family::kHex, {"Alice", "Bob"}, "2020-01-02", "Cup", "B+", 5),
      evaluated.build().record,
      // The fourth game's moves under other headers: a duplicate.
      testing::make_simple_game(Family::kHex, {"Dan"}, "2021-05-06", "Open", "W+", 5)};
  const std::string current = dir.file("current.ludex");
  {
    Database db(current, Database::Mode::kReadWrite);
    testing::store_games(db, "a.sgf", games);
    REQUIRE(db.handle().execAndGet("SELECT duplicate_of FROM games WHERE game_id = 6").getInt() ==
            4);
    db.handle().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  }
  const std::string old = dir.file("old.ludex");
  make_version1_copy(current, old);
  {
    SQLite::Database raw(old, SQLite::OPEN_READONLY);
    REQUIRE(raw.execAndGet("PRAGMA user_version").getInt() == 1);
    REQUIRE(raw.execAndGet("SELECT count(*) FROM nodes").getInt() > 10);
    REQUIRE(raw.execAndGet("SELECT count(*) FROM evaluations").getInt() >= 3);
    CHECK(raw.execAndGet("SELECT count(*) FROM pragma_table_info('evaluations')").getInt() == 5);
  }

  Database migrated(old, Database::Mode::kReadWrite);
  CHECK(migrated.schema_version() == kSchemaVersion);
  // The old games have no moves hash until the next writer hashes them from
  // the stored games; then they equal what storing the parsed games gave.
  CHECK(migrated.handle()
            .execAndGet("SELECT count(*) FROM games WHERE moves_hash IS NULL")
            .getInt() == 6);
  CHECK(migrated.handle()
            .execAndGet("SELECT count(*) FROM meta WHERE key = 'moves_hash_pending'")
            .getInt() == 1);
  CHECK(GameStore(migrated).refresh_moves_hashes() == 6);
  CHECK(GameStore(migrated).refresh_moves_hashes() == 0);
  // Stored without positions: no stream to compute, but the mark goes.
  CHECK(GameStore(migrated).refresh_position_streams() == 0);
  CHECK(GameStore(migrated).refresh_feature_games() == 0);
  // The players' rows of the old games come from the stored games, as an
  // import's would: one game, whose main line swaps sides once.
  CHECK(GameStore(migrated).refresh_seat_ranks() == 1);
  CHECK(GameStore(migrated).refresh_seat_ranks() == 0);
  // The explorer's postings wait for the next import (explorer_pending).
  CHECK(migrated.handle()
            .execAndGet("SELECT count(*) FROM meta WHERE key = 'explorer_pending'")
            .getInt() == 1);
  migrated.handle().exec("DELETE FROM meta WHERE key = 'explorer_pending'");
  Database fresh(current, Database::Mode::kReadOnly);
  // Same schema objects, same rows (swings computed by the migration's SQL
  // equal those GameStore computes), the comment index intact.
  const std::string objects = "SELECT type, name FROM sqlite_schema ORDER BY type, name";
  {
    SQLite::Statement a(migrated.handle(), objects), b(fresh.handle(), objects);
    std::vector<std::string> x, y;
    while (a.executeStep()) x.push_back(a.getColumn(0).getString() + a.getColumn(1).getString());
    while (b.executeStep()) y.push_back(b.getColumn(0).getString() + b.getColumn(1).getString());
    CHECK(x == y);
  }
  CHECK(testing::dump_tables(migrated) == testing::dump_tables(fresh));
  CHECK(migrated.handle()
            .execAndGet("SELECT count(*) FROM evaluations WHERE swing IS NOT NULL")
            .getInt() == 3);
  CHECK(migrated.handle()
            .execAndGet("SELECT value FROM meta WHERE key = 'hash_version'")
            .getString() == std::to_string(kPositionHashVersion));
  CHECK(
      migrated.handle().execAndGet("SELECT value FROM meta WHERE key = 'created_by'").getString() ==
      "ludex 0.0.1");
  CHECK(migrated.handle().execAndGet("PRAGMA integrity_check").getString() == "ok");
  CHECK(migrated.handle()
            .execAndGet("SELECT count(*) FROM comments_fts WHERE comments_fts MATCH 'peg'")
            .getInt() == 1);

  // The old games load as before, and their file asks to be imported again
  // for positions; new games with positions go in beside them.
  GameLoader loader(migrated);
  for (std::size_t i = 0; i < games.size(); ++i) {
    CHECK(
        testing::record_difference(games[i], loader.load(static_cast<std::int64_t>(i) + 1)->record)
            .empty());
  }
  GameStore store(migrated);
  CHECK(store.find_file("a.sgf")->positions_stale);
  testing::GameBuilder b(Family::kHex, {"Alice", "Carol"});
  b.node(b.node(kNoNode, {}), {Occupant{{4, 4}, 1}});
  const testing::PositionedGame g = b.build();
  testing::store_positioned(migrated, "b.sgf", {g});
  NodeFilter f;
  f.game.family = Family::kHex;
  f.game.players = {"alice"};
  f.has = {Occupant{{4, 4}, 1}};
  CHECK(count_nodes(migrated, f) == 1);
  CHECK_FALSE(store.find_file("b.sgf")->positions_stale);
}

}  // namespace
}  // namespace ludex
