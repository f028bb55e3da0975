// GameStore with positions: one position_events row per change, pieces,
// evaluation swings, hash versions, clear_file, bulk load and rollback; and
// the write speed (hidden benchmark).
#include <chrono>
#include <cmath>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>

#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "core/zobrist.h"
#include "schema/game_store.h"
#include "schema/position_codes.h"
#include "tests/unit/schema/position_test_util.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::GameBuilder;
using testing::PositionedGame;
using testing::TempDir;

Occupant stone(int x, int y, int color) {
  return Occupant{Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)},
                  static_cast<std::int8_t>(color)};
}

std::int64_t scalar(Database& db, const std::string& sql) {
  return db.handle().execAndGet(sql).getInt64();
}

// Rows of a query as "a|b|c" lines.
std::vector<std::string> rows(Database& db, const std::string& sql) {
  SQLite::Statement st(db.handle(), sql);
  std::vector<std::string> out;
  while (st.executeStep()) {
    std::string line;
    for (int c = 0; c < st.getColumnCount(); ++c) {
      line += (c ? "|" : "") + (st.getColumn(c).isNull() ? "NULL" : st.getColumn(c).getString());
    }
    out.push_back(line);
  }
  return out;
}

SourceFileInfo file_info(const std::string& path) {
  SourceFileInfo f;
  f.path = path;
  f.content_hash = "h";
  f.format = "sgf";
  return f;
}

TEST_CASE("positions are stored as one row per change", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kHex, {"A", "B"});
  const NodeIndex root = b.node(kNoNode, {stone(0, 0, 1)});
  const NodeIndex n1 = b.node(root, {stone(1, 1, 1)});
  b.node(n1, {stone(2, 2, 2)}, {stone(0, 0, 1)});
  const NodeIndex n3 = b.node(n1, {stone(3, 3, 2)});
  b.unhashed(n3);
  const PositionedGame g = b.build();
  const std::int64_t id = testing::store_positioned(db, "a.sgf", {g})[0];
  const std::int64_t first = scalar(db, "SELECT first_node_id FROM games");

  auto code = [](const Occupant& o) { return std::to_string(stone_code(Family::kHex, o)); };
  CHECK(rows(db, "SELECT code, node_id - " + std::to_string(first) + ", subtree_end - " +
                     std::to_string(first) +
                     ", added FROM position_events ORDER BY node_id, code") ==
        std::vector<std::string>{code(stone(0, 0, 1)) + "|0|3|1", code(stone(1, 1, 1)) + "|1|3|1",
                                 code(stone(0, 0, 1)) + "|2|2|0", code(stone(2, 2, 2)) + "|2|2|1",
                                 code(stone(3, 3, 2)) + "|3|3|1"});
  CHECK(scalar(db, "SELECT hash_version FROM games WHERE game_id = " + std::to_string(id)) ==
        kPositionHashVersion);
  // Hash 0 ("not computed") is stored as NULL; the others with their bits.
  SQLite::Statement st(db.handle(), "SELECT position_hash FROM nodes ORDER BY node_id");
  std::vector<std::uint64_t> stored;
  while (st.executeStep()) {
    stored.push_back(
        st.getColumn(0).isNull() ? 0 : static_cast<std::uint64_t>(st.getColumn(0).getInt64()));
  }
  const std::vector<std::uint64_t> expected = {g.positions.hashes[0], g.positions.hashes[1],
                                               g.positions.hashes[2], 0};
  CHECK(stored == expected);
  CHECK(scalar(db, "SELECT count(*) FROM moves WHERE piece_id IS NOT NULL") == 0);
}

TEST_CASE("codes pack family, point and colour into three bytes", "[schema]") {
  const std::int64_t a = stone_code(Family::kGo, stone(18, 18, 2));
  CHECK(a > 0);
  CHECK(a < (1 << 23));
  CHECK(a != stone_code(Family::kHex, stone(18, 18, 2)));
  CHECK(a != stone_code(Family::kGo, stone(18, 18, 1)));
  CHECK(a != stone_code(Family::kGo, stone(18, 17, 2)));
  CHECK(stone_code(Family::kGo, stone(256, 0, 1)) == kNoCode);
  CHECK(stone_code(Family::kGo, stone(-1, 0, 1)) == kNoCode);
  CHECK(stone_code(Family::kOther, stone(1, 1, 1)) == kNoCode);
  const TwixtLink l{{3, 4}, {5, 5}, 1};
  CHECK(link_code(l) == link_code(TwixtLink{{5, 5}, {3, 4}, 1}));
  CHECK(link_code(l) != link_code(TwixtLink{{3, 4}, {5, 3}, 1}));
  CHECK(link_code(l) < (1 << 23));
  CHECK(link_code(TwixtLink{{3, 4}, {4, 4}, 1}) == kNoCode);
  CHECK(piece_code(kMaxPieceId, 4) < (1 << 23));
  CHECK(piece_code(kMaxPieceId + 1, 4) == kNoCode);
  // Every family's rows lie in its code ranges.
  for (Family f : {Family::kGo, Family::kHex, Family::kTwixt, Family::kBlokus}) {
    const std::int64_t c = stone_code(f, stone(7, 9, 3));
    bool inside = false;
    for (const auto& [lo, hi] : code_ranges(f)) inside = inside || (c >= lo && c < hi);
    CHECK(inside);
  }
  bool link_inside = false;
  for (const auto& [lo, hi] : code_ranges(Family::kTwixt)) {
    link_inside = link_inside || (link_code(l) >= lo && link_code(l) < hi);
  }
  CHECK(link_inside);
}

TEST_CASE("a change listed as added and removed in one node cancels out", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kGo, {"A"});
  const NodeIndex root = b.node(kNoNode, {stone(0, 0, 1)});
  // AE then AB on the same point leaves it as it was; an off-board point
  // has no code and is skipped.
  b.node(root, {stone(0, 0, 1), stone(1, 1, 1), stone(300, 1, 1)},
         {stone(0, 0, 1), stone(2, 2, 2)});
  testing::store_positioned(db, "a.sgf", {b.build()});
  CHECK(rows(db, "SELECT code, node_id, added FROM position_events ORDER BY node_id, code") ==
        std::vector<std::string>{std::to_string(stone_code(Family::kGo, stone(0, 0, 1))) + "|1|1",
                                 std::to_string(stone_code(Family::kGo, stone(1, 1, 1))) + "|2|1",
                                 std::to_string(stone_code(Family::kGo, stone(2, 2, 2))) + "|2|0"});
}

TEST_CASE("pieces are numbered once and stored on the placing move", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kBlokus, {"A", "B"});
  const NodeIndex root = b.node(kNoNode, {});
  const NodeIndex n1 = b.node(root, {stone(0, 0, 1), stone(0, 1, 1)});
  b.piece(n1, "I2");
  const NodeIndex n2 = b.node(n1, {stone(5, 5, 2)});
  b.piece(n2, "I1");
  const NodeIndex n3 = b.node(n2, {stone(9, 9, 3)});
  b.piece(n3, "I1");
  testing::store_positioned(db, "a.sgf", {b.build(), b.build()});
  CHECK(rows(db, "SELECT piece_id, name FROM pieces ORDER BY piece_id") ==
        std::vector<std::string>{"1|I2", "2|I1"});
  CHECK(rows(db,
             "SELECT m.node_id, p.name, m.color FROM moves AS m JOIN pieces AS p "
             "ON p.piece_id = m.piece_id WHERE m.node_id <= 4 ORDER BY m.node_id") ==
        std::vector<std::string>{"2|I2|1", "3|I1|2", "4|I1|3"});
  CHECK(scalar(db, "SELECT count(*) FROM position_events WHERE code = " +
                       std::to_string(piece_code(2, 3))) == 2);
  CHECK(scalar(db, "SELECT count(*) FROM position_events WHERE code = " +
                       std::to_string(piece_code(1, 1))) == 2);
}

TEST_CASE("evaluations store their swing from the parent's first evaluation", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kHex, {"A"});
  const NodeIndex root = b.node(kNoNode, {});
  b.evaluation(root, 100);
  const NodeIndex n1 = b.node(root, {stone(1, 1, 1)});
  b.evaluation(n1, 12345, EvalSource::kGameTree, true);
  b.evaluation(n1, -250.5);
  b.evaluation(n1, 0.5, EvalSource::kSgfValue);
  const NodeIndex n2 = b.node(n1, {stone(2, 2, 2)});
  b.evaluation(n2, 1000);
  b.evaluation(n2, -0.25, EvalSource::kSgfValue);
  b.evaluation(n2, std::nan(""), EvalSource::kSgfValue);
  const NodeIndex n3 = b.node(root, {stone(3, 3, 1)});
  b.evaluation(n3, 0.75, EvalSource::kSgfValue);
  testing::store_positioned(db, "a.sgf", {b.build()});
  CHECK(rows(db, "SELECT node_id, ordinal, swing FROM evaluations ORDER BY node_id, ordinal") ==
        std::vector<std::string>{"1|0|NULL", "2|0|NULL", "2|1|350.5", "2|2|NULL", "3|0|1250.5",
                                 "3|1|0.75", "3|2|NULL", "4|0|NULL"});
}

TEST_CASE("clear_file deletes a file's position rows and nothing else", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(3);
  const std::vector<std::string> pool = {"A", "B", "C"};
  std::vector<PositionedGame> games;
  for (Family f : {Family::kTwixt, Family::kBlokus, Family::kGo, Family::kHex, Family::kTwixt}) {
    games.push_back(testing::random_game(f, rng, 30, pool));
  }
  GameStore store(db);
  store.begin();
  const std::int64_t a = store.upsert_file(file_info("a.sgf"));
  const std::int64_t b = store.upsert_file(file_info("b.sgf"));
  // a's games form two id runs around b's.
  store.add_game(a, games[0].record, games[0].positions);
  store.add_game(a, games[1].record, games[1].positions);
  store.add_game(b, games[2].record, games[2].positions);
  store.add_game(b, games[4].record, games[4].positions);
  store.add_game(a, games[3].record, games[3].positions);
  store.commit();
  const std::string b_rows =
      "SELECT e.* FROM position_events AS e JOIN nodes AS n ON n.node_id = e.node_id "
      "JOIN games AS g ON g.game_id = n.game_id WHERE g.file_id = 2 ORDER BY e.code, e.node_id";
  const std::vector<std::string> before = rows(db, b_rows);
  CHECK(before.size() > 20);
  CHECK(scalar(db, "SELECT count(*) FROM position_events") >
        static_cast<std::int64_t>(before.size()));

  store.begin();
  store.clear_file(a);
  store.commit();
  CHECK(rows(db, b_rows) == before);
  CHECK(scalar(db, "SELECT count(*) FROM position_events") ==
        static_cast<std::int64_t>(before.size()));
  CHECK(scalar(db,
               "SELECT count(*) FROM position_events AS e WHERE NOT EXISTS "
               "(SELECT 1 FROM nodes AS n WHERE n.node_id = e.node_id)") == 0);
  SQLite::Statement fk(db.handle(), "PRAGMA foreign_key_check");
  CHECK_FALSE(fk.executeStep());
  // Pieces stay numbered for the next import.
  CHECK(scalar(db, "SELECT count(*) FROM pieces") > 0);
}

TEST_CASE("a bulk load with positions gives the same database", "[schema]") {
  TempDir dir;
  std::mt19937 rng(11);
  const std::vector<std::string> pool = {"A", "B", "C"};
  std::vector<PositionedGame> games;
  for (int i = 0; i < 12; ++i) {
    games.push_back(testing::random_game(
        std::vector<Family>{Family::kGo, Family::kHex, Family::kTwixt, Family::kBlokus}[i % 4], rng,
        25, pool));
  }
  Database plain(dir.file("plain.ludex"), Database::Mode::kReadWrite);
  testing::store_positioned(plain, "a.sgf", games);
  Database bulk(dir.file("bulk.ludex"), Database::Mode::kReadWrite);
  {
    GameStore store(bulk);
    store.begin_bulk_load();
    CHECK(scalar(bulk, "SELECT count(*) FROM sqlite_schema WHERE name = 'evaluations_by_swing'") ==
          0);
  }
  testing::store_positioned(bulk, "a.sgf", games);
  GameStore(bulk).finish_bulk_load();
  CHECK(scalar(bulk, "SELECT count(*) FROM sqlite_schema WHERE name = 'evaluations_by_swing'") ==
        1);
  CHECK(testing::dump_tables(plain) == testing::dump_tables(bulk));
  CHECK(bulk.handle().execAndGet("PRAGMA integrity_check").getString() == "ok");
}

TEST_CASE("a file whose games lack positions is reported stale", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kHex, {"A"});
  b.node(b.node(kNoNode, {}), {stone(1, 1, 1)});
  const PositionedGame g = b.build();
  GameRecord other = g.record;
  other.family = Family::kOther;
  GameStore store(db);
  store.begin();
  store.add_game(store.upsert_file(file_info("with.sgf")), g.record, g.positions);
  store.add_game(store.upsert_file(file_info("without.sgf")), g.record);
  store.add_game(store.upsert_file(file_info("other.sgf")), other);
  store.add_game(store.upsert_file(file_info("hashes.sgf")), g.record, g.positions.hashes);
  store.commit();
  CHECK_FALSE(store.find_file("with.sgf")->positions_stale);
  CHECK(store.find_file("without.sgf")->positions_stale);
  CHECK_FALSE(store.find_file("other.sgf")->positions_stale);
  CHECK(store.find_file("hashes.sgf")->positions_stale);
}

TEST_CASE("rollback forgets the pieces and position rows of the batch", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  auto game = [](const std::string& piece) {
    GameBuilder b(Family::kBlokus, {"A"});
    const NodeIndex n = b.node(b.node(kNoNode, {}), {stone(0, 0, 1)});
    b.piece(n, piece);
    return b.build();
  };
  GameStore store(db);
  store.begin();
  const std::int64_t f = store.upsert_file(file_info("a.sgf"));
  store.commit();
  store.begin();
  store.add_game(f, game("V3").record, game("V3").positions);
  store.rollback();
  store.begin();
  const PositionedGame g = game("L4");
  store.add_game(f, g.record, g.positions);
  store.commit();
  CHECK(rows(db, "SELECT * FROM pieces") == std::vector<std::string>{"1|L4"});
  CHECK(scalar(db, "SELECT count(*) FROM position_events") == 2);
}

// Write speed with positions: synthetic go-like games, 250 nodes on one
// line, one stone per node and a capture every 10 moves, an evaluation on
// every node, in batches of 500 games after begin_bulk_load. Run with
// `ludex_schema_tests "[bench]"`.
TEST_CASE("write speed with positions", "[.][bench]") {
  TempDir dir;
  constexpr int kGames = 4000;
  constexpr int kNodes = 250;
  std::mt19937 rng(5);
  std::vector<PositionedGame> games;
  for (int i = 0; i < 8; ++i) {
    GameBuilder b(Family::kGo, {"P" + std::to_string(i), "Q"}, 1);
    NodeIndex at = b.node(kNoNode, {});
    std::vector<Occupant> on_board;
    for (int k = 1; k < kNodes; ++k) {
      Occupant o = stone(static_cast<int>(rng() % 19), static_cast<int>(rng() % 19), k % 2 + 1);
      std::vector<Occupant> removed;
      if (k % 10 == 0 && !on_board.empty()) {
        removed.push_back(on_board.front());
        on_board.erase(on_board.begin());
      }
      on_board.push_back(o);
      at = b.node(at, {o}, removed);
      b.evaluation(at, static_cast<double>(rng() % 20000) - 10000);
    }
    games.push_back(b.build());
  }
  Database db(dir.file("bench.ludex"), Database::Mode::kReadWrite);
  GameStore store(db);
  store.begin_bulk_load();
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  store.begin();
  const std::int64_t f = store.upsert_file(file_info("bench.sgf"));
  for (int i = 0; i < kGames; ++i) {
    const PositionedGame& g = games[static_cast<std::size_t>(i) % games.size()];
    store.add_game(f, g.record, g.positions);
    if (i % 500 == 499) {
      store.commit();
      store.begin();
    }
  }
  store.commit();
  const auto stored = std::chrono::steady_clock::now();
  const std::clock_t cpu_stored = std::clock();
  store.finish_bulk_load();
  const auto finished = std::chrono::steady_clock::now();
  const double write_s = std::chrono::duration<double>(stored - start).count();
  // The machine may be shared: CPU time is the steadier measure.
  const double write_cpu = static_cast<double>(cpu_stored - cpu_start) / CLOCKS_PER_SEC;
  const double finish_s = std::chrono::duration<double>(finished - stored).count();
  const double nodes = static_cast<double>(kGames) * kNodes;
  const std::int64_t events = scalar(db, "SELECT count(*) FROM position_events");
  db.handle().exec("PRAGMA wal_checkpoint(TRUNCATE)");
  std::cout << "stored " << nodes << " nodes, " << events << " position rows in " << write_s
            << " s: " << nodes / write_s << " nodes/s (" << nodes / write_cpu
            << " per CPU second); finish_bulk_load " << finish_s << " s; "
            << "file " << std::filesystem::file_size(dir.file("bench.ludex")) / nodes
            << " bytes/node\n";
  for (const std::string& line :
       rows(db, "SELECT name, sum(pgsize) / " + std::to_string(nodes) +
                    " FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 8")) {
    std::cout << "  " << line << " bytes/node\n";
  }
}

}  // namespace
}  // namespace ludex
