// GameStore's record of games import --dedupe did not store.
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "games/position.h"
#include "schema/game_store.h"
#include "schema/stats.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::scalar;
using testing::TempDir;

std::int64_t add_file(GameStore& store, const std::string& path) {
  SourceFileInfo info;
  info.path = path;
  info.content_hash = path;
  info.format = "sgf";
  return store.upsert_file(info);
}

}  // namespace

TEST_CASE("a sighting is recorded only for a game whose moves are stored", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameRecord game = testing::make_simple_game(Family::kHex, {"Ann", "Bob"}, "", "", "", 5);
  GameRecord copy = testing::make_simple_game(Family::kHex, {"Cid"}, "2020", "Cup", "B+", 5);
  copy.game_index = 3;
  const GameRecord other = testing::make_simple_game(Family::kHex, {"Ann"}, "", "", "", 4);
  GameStore store(db);
  store.begin();
  const std::int64_t a = add_file(store, "/a.sgf");
  const std::int64_t b = add_file(store, "/b.sgf");
  CHECK(store.add_sighting(b, copy) == 0);  // nothing stored yet: the caller stores it
  const std::int64_t first = store.add_game(a, prepare_game(game, PositionWarnings::kDrop));
  CHECK(store.last_duplicate_of() == 0);
  CHECK(store.add_sighting(b, other) == 0);
  CHECK(store.add_sighting(b, copy) == first);
  store.add_game(b, prepare_game(other, PositionWarnings::kDrop));
  CHECK(store.last_duplicate_of() == 0);
  store.commit();

  CHECK(scalar(db, "SELECT count(*) FROM games") == 2);
  CHECK(scalar(db, "SELECT count(*) FROM game_sightings") == 1);
  CHECK(scalar(db, "SELECT game_index FROM game_sightings") == 3);
  CHECK(read_info(db).duplicates == 1);
  CHECK_FALSE(store.find_file("/b.sgf")->positions_stale);

  // The stored copy goes: the sighting loses its copy and its file must be
  // imported again.
  store.begin();
  store.clear_file(a);
  store.commit();
  CHECK(scalar(db, "SELECT count(*) FROM game_sightings WHERE duplicate_of IS NULL") == 1);
  CHECK(store.find_file("/b.sgf")->positions_stale);
  // Clearing the file forgets its sightings.
  store.begin();
  store.clear_file(b);
  store.commit();
  CHECK(scalar(db, "SELECT count(*) FROM game_sightings") == 0);
  CHECK(read_info(db).duplicates == 0);
}

TEST_CASE("a sighting moves to the next stored copy", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  const GameRecord game = testing::make_simple_game(Family::kGo, {"Ann"}, "", "", "", 6);
  GameStore store(db);
  store.begin();
  const std::int64_t a = add_file(store, "/a.sgf");
  const std::int64_t b = add_file(store, "/b.sgf");
  const std::int64_t c = add_file(store, "/c.sgf");
  store.add_game(a, prepare_game(game, PositionWarnings::kDrop));
  const std::int64_t second = store.add_game(b, prepare_game(game, PositionWarnings::kDrop));
  CHECK(store.last_duplicate_of() == second - 1);
  store.add_sighting(c, game);
  store.clear_file(a);
  store.commit();
  CHECK(scalar(db, "SELECT duplicate_of FROM game_sightings") == second);
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL") == 0);
  CHECK_FALSE(store.find_file("/c.sgf")->positions_stale);
}

}  // namespace ludex
