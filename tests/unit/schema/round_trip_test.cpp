// Storing games and loading them back: everything the database keeps comes
// back equal, and the stored tree columns (depth, pre/post, main line,
// move numbers) say what docs/schema.md promises.
#include <cmath>
#include <limits>

#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "schema/game_loader.h"
#include "schema/game_store.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::TempDir;

TEST_CASE("stored games load back equal, field by field", "[schema]") {
  TempDir dir;
  Database db(dir.file("games.ludex"), Database::Mode::kReadWrite);
  const std::vector<GameRecord> games = {testing::make_twixt_game(), testing::make_blokus_game(),
                                         testing::make_bare_game()};
  const std::vector<std::int64_t> ids = testing::store_games(db, "dir/a.sgf", games);
  REQUIRE(ids == std::vector<std::int64_t>{1, 2, 3});

  GameLoader loader(db);
  for (std::size_t i = 0; i < games.size(); ++i) {
    INFO("game " << i);
    const std::optional<LoadedGame> loaded = loader.load(ids[i]);
    REQUIRE(loaded);
    CHECK(loaded->game_id == ids[i]);
    CHECK(loaded->file == "dir/a.sgf");
    CHECK(testing::record_difference(games[i], loaded->record).empty());
    CHECK(loaded->record.tree == games[i].tree);
    CHECK(loaded->record.pos.byte_offset == games[i].pos.byte_offset);
    CHECK(loaded->record.pos.line == games[i].pos.line);
    CHECK(loaded->record.pos.column == games[i].pos.column);
  }
  // Warnings come back too, located and tagged with the game's index.
  const LoadedGame twixt = *loader.load(ids[0]);
  REQUIRE(twixt.record.warnings.size() == 1);
  CHECK(twixt.record.warnings[0].severity == Severity::kWarning);
  CHECK(twixt.record.warnings[0].game_index == 2);
  CHECK(twixt.record.warnings[0].pos.line == 57);
  CHECK(twixt.record.warnings[0].message == "odd value");

  CHECK_FALSE(loader.load(999));
}

TEST_CASE("a GameLoader survives reopening the database read-only", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("games.ludex");
  const GameRecord game = testing::make_twixt_game();
  {
    Database db(path, Database::Mode::kReadWrite);
    testing::store_games(db, "x.sgf", {game});
  }
  Database db(path, Database::Mode::kReadOnly);
  GameLoader loader(db);
  const std::optional<LoadedGame> loaded = loader.load(1);
  REQUIRE(loaded);
  CHECK(testing::record_difference(game, loaded->record).empty());
}

TEST_CASE("NaN evaluations are stored as NULL and load as NaN", "[schema]") {
  TempDir dir;
  Database db(dir.file("games.ludex"), Database::Mode::kReadWrite);
  GameRecord g = testing::make_bare_game();
  g.tree.add_evaluation(
      0, Evaluation{EvalSource::kSgfValue, false, std::numeric_limits<double>::quiet_NaN()});
  testing::store_games(db, "x.sgf", {g});
  GameLoader loader(db);
  const LoadedGame loaded = *loader.load(1);
  REQUIRE(loaded.record.tree.data(0).evaluations.size() == 1);
  CHECK(std::isnan(loaded.record.tree.data(0).evaluations[0].value));
}

TEST_CASE("node rows carry pre-order ids, subtree sizes, depth; the view decodes the rest",
          "[schema]") {
  TempDir dir;
  Database db(dir.file("games.ludex"), Database::Mode::kReadWrite);
  // Game 1 (bare) takes node 1, so the twixt game's nodes start at 2.
  testing::store_games(db, "x.sgf", {testing::make_bare_game(), testing::make_twixt_game()});

  // Twixt tree (pre-order): root(0) n1(1) n2(2) n5(3) n3(4) n4(5) n6(6);
  // n3 carries the main flag, so the main line is root n1 n3 n4.
  SQLite::Statement st(db.handle(),
                       "SELECT n.node_id, n.parent_id, n.depth, n.move_number, n.subtree_end, "
                       "n.main_line, n.main_flag, o.pre, o.post FROM node_tree AS n "
                       "JOIN node_order AS o ON o.node_id = n.node_id "
                       "WHERE n.game_id = 2 ORDER BY n.node_id");
  struct Row {
    std::int64_t id, parent, depth, move_number, end, main_line, main_flag, pre, post;
  };
  const std::vector<Row> expected = {
      {2, 0, 0, 0, 8, 1, 0, 0, 6}, {3, 2, 1, 1, 7, 1, 0, 1, 4}, {4, 3, 2, 2, 5, 0, 0, 2, 1},
      {5, 4, 3, 3, 5, 0, 0, 3, 0}, {6, 3, 2, 2, 7, 1, 1, 4, 3}, {7, 6, 3, 3, 7, 1, 0, 5, 2},
      {8, 2, 1, 1, 8, 0, 0, 6, 5},
  };
  std::size_t k = 0;
  while (st.executeStep()) {
    REQUIRE(k < expected.size());
    const Row& e = expected[k++];
    INFO("node " << e.id);
    CHECK(st.getColumn(0).getInt64() == e.id);
    CHECK((st.getColumn(1).isNull() ? 0 : st.getColumn(1).getInt64()) == e.parent);
    CHECK(st.getColumn(2).getInt64() == e.depth);
    CHECK(st.getColumn(3).getInt64() == e.move_number);
    CHECK(st.getColumn(4).getInt64() == e.end);
    CHECK(st.getColumn(5).getInt64() == e.main_line);
    CHECK(st.getColumn(6).getInt64() == e.main_flag);
    CHECK(st.getColumn(7).getInt64() == e.pre);
    CHECK(st.getColumn(8).getInt64() == e.post);
  }
  CHECK(k == expected.size());
  CHECK(db.handle().execAndGet("SELECT main_line_moves FROM games WHERE game_id = 2").getInt() ==
        3);
  // The stored columns the view decodes.
  CHECK(db.handle()
            .execAndGet("SELECT group_concat(descendants || ':' || moveless || ':' || flags, ' ') "
                        "FROM (SELECT * FROM nodes WHERE node_id BETWEEN 2 AND 8 "
                        "ORDER BY node_id)")
            .getString() == "6:1:1 4:1:1 1:1:0 0:1:0 1:1:3 0:1:1 0:1:0");

  // "Ancestor of" is a range test: the descendants of n1 (id 3) are ids 4..7.
  CHECK(db.handle()
            .execAndGet("SELECT count(*) FROM nodes AS d, nodes AS a WHERE a.node_id = 3 "
                        "AND d.node_id > a.node_id AND d.node_id <= a.node_id + a.descendants")
            .getInt() == 4);
}

TEST_CASE("value lists keep their storage class: TEXT, or BLOB for raw bytes", "[schema]") {
  TempDir dir;
  Database db(dir.file("games.ludex"), Database::Mode::kReadWrite);
  testing::store_games(db, "x.sgf", {testing::make_twixt_game()});
  SQLite::Database& h = db.handle();
  CHECK(
      h.execAndGet("SELECT typeof(prop_values) FROM properties WHERE prop_id = 'PC'").getString() ==
      "blob");
  CHECK(h.execAndGet("SELECT prop_values FROM properties WHERE prop_id = 'AB'").getString() ==
        "[a\\]b][c\\\\d][][\\]\\]\\\\[]");
  CHECK(h.execAndGet("SELECT count(*) FROM moves WHERE prop_id IS NULL").getInt() == 2);
  CHECK(h.execAndGet("SELECT hex(points) FROM moves WHERE prop_values = '[d5]'").getString() ==
        "0304");
}

TEST_CASE("a million-deep line stores and loads without recursion", "[schema]") {
  TempDir dir;
  Database db(dir.file("deep.ludex"), Database::Mode::kReadWrite);
  GameRecord g;
  g.family = Family::kHex;
  NodeIndex at = g.tree.add_root();
  constexpr int kDepth = 1'000'000;
  g.tree.reserve(kDepth + 1);
  for (int i = 0; i < kDepth; ++i) {
    at = g.tree.add_child(at);
    Move m;
    m.seat = static_cast<std::int8_t>(i % 2 + 1);
    m.points = {Point{static_cast<std::int16_t>(i % 11), static_cast<std::int16_t>(i % 13)}};
    g.tree.add_move(at, m);
  }
  testing::store_games(db, "deep.sgf", {g});
  CHECK(db.handle().execAndGet("SELECT max(depth) FROM nodes").getInt() == kDepth);
  CHECK(db.handle()
            .execAndGet("SELECT depth + 1 - moveless FROM nodes WHERE node_id = " +
                        std::to_string(kDepth + 1))
            .getInt() == kDepth);
  CHECK(db.handle()
            .execAndGet("SELECT node_id + descendants FROM nodes WHERE node_id = 1")
            .getInt() == kDepth + 1);
  GameLoader loader(db);
  const std::optional<LoadedGame> loaded = loader.load(1);
  REQUIRE(loaded);
  CHECK(loaded->record.tree == g.tree);
}

}  // namespace
}  // namespace ludex
