// GameStore::refresh_moves_hashes: the moves hashes of a database written by
// another kMovesHashVersion (or migrated from before schema version 3) are
// computed again from the stored games.
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "core/moves_hash.h"
#include "games/position.h"
#include "schema/game_store.h"
#include "schema/stats.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::scalar;
using testing::TempDir;

}  // namespace

TEST_CASE("a database of another moves hash version is hashed again", "[schema]") {
  TempDir dir;
  Database db(dir.file("r.ludex"), Database::Mode::kReadWrite);
  // Games 1 and 3 have the same moves; game 2 has one move less; game 4 has
  // none (no hash). The sighting repeats game 1.
  const GameRecord first = testing::make_simple_game(Family::kHex, {"Ann", "Bob"}, "", "", "", 5);
  const GameRecord shorter = testing::make_simple_game(Family::kHex, {"Ann"}, "", "", "", 4);
  const GameRecord copy = testing::make_simple_game(Family::kHex, {"Cid"}, "2020", "", "B+", 5);
  const GameRecord bare = testing::make_simple_game(Family::kHex, {"Dot"}, "", "", "", 0);
  testing::store_games(db, "/a.sgf", {first, shorter, copy, bare});
  {
    GameStore store(db);
    store.begin();
    SourceFileInfo info;
    info.path = "/b.sgf";
    info.content_hash = "b";
    info.format = "sgf";
    const std::int64_t b = store.upsert_file(info);
    CHECK(store.add_sighting(b, copy) == 1);
    store.commit();
  }
  const std::string before = testing::dump_tables(db);
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE duplicate_of = 1") == 1);
  CHECK(scalar(db, "SELECT moves_hash FROM games WHERE game_id = 1") ==
        static_cast<std::int64_t>(moves_hash(first)));

  GameStore store(db);
  CHECK(store.refresh_moves_hashes() == 0);  // this build's version: nothing to do

  // As if written by another version: other hashes, other links.
  db.handle().exec("UPDATE games SET moves_hash = game_id, duplicate_of = NULL");
  db.handle().exec("UPDATE meta SET value = '0' WHERE key = 'moves_hash_version'");
  CHECK(store.refresh_moves_hashes() == 4);
  CHECK(scalar(db, "SELECT value FROM meta WHERE key = 'moves_hash_version'") == kMovesHashVersion);
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE moves_hash IS NULL") == 1);
  CHECK(scalar(db, "SELECT game_id FROM games WHERE duplicate_of = 1") == 3);
  // The sighting's game is not stored to be hashed again: it loses its copy,
  // and its file must be imported again; the games are as before.
  CHECK(scalar(db, "SELECT count(*) FROM game_sightings WHERE duplicate_of IS NULL") == 1);
  CHECK(store.find_file("/b.sgf")->positions_stale);
  db.handle().exec("UPDATE game_sightings SET duplicate_of = 1");
  CHECK(testing::dump_tables(db) == before);
  CHECK(read_info(db).duplicates == 2);
}

TEST_CASE("the games of a migrated database without hashes are hashed", "[schema]") {
  TempDir dir;
  Database db(dir.file("m.ludex"), Database::Mode::kReadWrite);
  const GameRecord a = testing::make_simple_game(Family::kHex, {"Ann", "Bob"}, "", "", "", 5);
  const GameRecord b = testing::make_simple_game(Family::kHex, {"Eve"}, "", "E", "", 5);
  testing::store_games(db, "/a.sgf", {a, b});
  const std::string before = testing::dump_tables(db);
  // What 003_duplicates.sql leaves of games stored before it.
  db.handle().exec("UPDATE games SET moves_hash = NULL, duplicate_of = NULL");
  db.handle().exec("INSERT INTO meta (key, value) VALUES ('moves_hash_pending', '1')");
  GameStore store(db);
  CHECK(store.refresh_moves_hashes() == 2);
  CHECK(testing::dump_tables(db) == before);
  CHECK(scalar(db, "SELECT duplicate_of FROM games WHERE game_id = 2") == 1);
  CHECK(store.refresh_moves_hashes() == 0);
}

}  // namespace ludex
