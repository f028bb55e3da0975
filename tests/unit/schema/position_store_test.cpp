// GameStore with positions: each game's stream and its features in
// feature_games, pieces, evaluation swings, hash versions, clear_file, bulk
// load and rollback; and the write speed (hidden benchmark).
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <random>
#include <unordered_map>

#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "core/zobrist.h"
#include "games/position_codes.h"
#include "games/position_stream.h"
#include "schema/game_store.h"
#include "schema/search/feature_index.h"
#include "schema/search/occupancy_table.h"
#include "tests/unit/schema/position_test_util.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::GameBuilder;
using testing::hashes_only;
using testing::PositionedGame;
using testing::scalar;
using testing::stone;
using testing::TempDir;

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

// Every (code, board, game) feature_games lists, as "code|board|game", in
// code, board and game order.
std::vector<std::string> listed(Database& db) {
  std::vector<std::string> out;
  FeatureIndexReader reader(db.handle());
  for (const std::string& key : rows(db,
                                     "SELECT DISTINCT code, board FROM feature_games "
                                     "ORDER BY code, board")) {
    const std::size_t bar = key.find('|');
    const std::int64_t code = std::stoll(key.substr(0, bar));
    const auto board = static_cast<std::int32_t>(std::stol(key.substr(bar + 1)));
    for (const std::int64_t game : reader.games_with(code, board)) {
      out.push_back(key + "|" + std::to_string(game));
    }
  }
  return out;
}

SourceFileInfo position_file_info(const std::string& path) {
  SourceFileInfo f;
  f.path = path;
  f.content_hash = "h";
  f.format = "sgf";
  return f;
}

TEST_CASE("a game's features are listed under its id", "[schema]") {
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

  // Every stone ever placed where the position is known: (3, 3) only stands
  // below the node whose position was not computed. A removal lists nothing.
  const std::string board = std::to_string(board_key(9, 9));
  auto entry = [&](const Occupant& o) {
    return std::to_string(stone_code(Family::kHex, o)) + "|" + board + "|" + std::to_string(id);
  };
  std::vector<std::string> expected_features = {entry(stone(0, 0, 1)), entry(stone(1, 1, 1)),
                                                entry(stone(2, 2, 2))};
  std::sort(expected_features.begin(), expected_features.end(),
            [](const std::string& a, const std::string& b) {
              return std::stoll(a.substr(0, a.find('|'))) < std::stoll(b.substr(0, b.find('|')));
            });
  CHECK(listed(db) == expected_features);
  CHECK(scalar(db, "SELECT count(*) FROM game_positions") == 1);
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
  // Each node's one placing move stands in its row.
  CHECK(scalar(db, "SELECT count(*) FROM nodes WHERE kind IS NOT NULL") == 3);
  CHECK(scalar(db, "SELECT count(*) FROM node_moves") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM moves") == 3);
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

TEST_CASE("features are what a game ever holds, each listed once", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kGo, {"A"});
  const NodeIndex root = b.node(kNoNode, {stone(0, 0, 1)});
  // AE then AB on the same point: a stone placed twice, listed once; a
  // removal lists nothing.
  b.node(root, {stone(0, 0, 1), stone(1, 1, 1)}, {stone(0, 0, 1), stone(2, 2, 2)});
  const std::int64_t id = testing::store_positioned(db, "a.sgf", {b.build()})[0];
  const std::string tail = "|" + std::to_string(board_key(9, 9)) + "|" + std::to_string(id);
  CHECK(listed(db) ==
        std::vector<std::string>{std::to_string(stone_code(Family::kGo, stone(0, 0, 1))) + tail,
                                 std::to_string(stone_code(Family::kGo, stone(1, 1, 1))) + tail});
}

TEST_CASE("feature lists grow in chunks and shrink by id ranges", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  const std::int64_t code = stone_code(Family::kGo, stone(3, 3, 1));
  const std::int64_t other = stone_code(Family::kGo, stone(4, 4, 2));
  const std::int32_t board = board_key(19, 19);
  std::vector<std::int64_t> expected;
  {
    FeatureIndexWriter writer(db.handle());
    db.handle().exec("BEGIN");
    // Ids far apart take several bytes each, so that chunks fill.
    for (std::int64_t id = 1; id <= 3000; ++id) {
      writer.add(
          id * 1000, board,
          id % 3 == 0 ? std::vector<std::int64_t>{code, other} : std::vector<std::int64_t>{code});
      expected.push_back(id * 1000);
      if (id % 700 == 0) writer.flush();
    }
    writer.flush();
    db.handle().exec("COMMIT");
  }
  FeatureIndexReader reader(db.handle());
  CHECK(reader.complete());
  CHECK(reader.games_with(code, board) == expected);
  CHECK(reader.games_with(code, 0) == expected);
  CHECK(reader.games_with(code, board_key(9, 9)).empty());
  CHECK(reader.games_with(other, board).size() == 1000);
  CHECK(scalar(db, "SELECT count(*) FROM feature_games WHERE code = " + std::to_string(code)) > 1);
  CHECK(scalar(db, "SELECT max(length(games)) FROM feature_games") <= 4096 + 10);
  {
    FeatureIndexWriter writer(db.handle());
    db.handle().exec("BEGIN");
    writer.remove(500'000, 2'500'000, board, {code});
    db.handle().exec("COMMIT");
  }
  expected.erase(std::remove_if(expected.begin(), expected.end(),
                                [](std::int64_t id) { return id >= 500'000 && id <= 2'500'000; }),
                 expected.end());
  CHECK(reader.games_with(code, board) == expected);
  // Another code's list is not touched.
  CHECK(reader.games_with(other, board).size() == 1000);
}

TEST_CASE("the occupancy built from feature_games is the games' own", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(21);
  const std::vector<std::string> pool = {"A", "B", "C"};
  std::vector<PositionedGame> games;
  for (int i = 0; i < 40; ++i) {
    const Family f =
        std::vector<Family>{Family::kGo, Family::kHex, Family::kTwixt, Family::kBlokus}[i % 4];
    games.push_back(testing::random_game(f, rng, 30, pool, f == Family::kBlokus ? 5 : 13));
  }
  const std::vector<std::int64_t> ids = testing::store_positioned(db, "a.sgf", games);
  FeatureIndexReader reader(db.handle());
  // Each board's table on one thread and on three (ranges of ids apart).
  std::map<std::pair<Family, std::int32_t>, std::vector<std::unique_ptr<OccupancyTable>>> built;
  int compared = 0;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const GameRecord& g = games[i].record;
    const std::optional<StreamBoard> board = stream_board(g);
    REQUIRE(board);
    auto [it, inserted] = built.try_emplace({g.family, board->columns});
    if (inserted) {
      for (const unsigned threads : {1u, 3u}) {
        it->second.push_back(std::make_unique<OccupancyTable>(reader, g.family, board->columns,
                                                              board->rows, threads));
      }
      CHECK(it->second[0]->games() == it->second[1]->games());
    }
    const std::string expected = encode_occupancy(games[i].positions, *board);
    for (const auto& table : it->second) {
      const std::string_view found = table->find(ids[i]);
      const std::string got = found.empty() ? std::string(expected.size(), '\0')
                                            : std::string(found.substr(0, expected.size()));
      INFO("game " << ids[i]);
      CHECK(got == expected);
    }
    ++compared;
  }
  CHECK(compared == 40);
  // The bit-sliced reading keeps exactly the games whose bitmaps in the
  // table pass, on one thread and on three, for a test that keeps some.
  for (const auto& [key, tables] : built) {
    const auto [family, columns] = key;
    const OccupancyTable& table = *tables[0];
    const std::size_t bytes = table.bitmap_size() / static_cast<std::size_t>(color_count(family));
    const std::size_t cells = static_cast<std::size_t>(columns) * static_cast<std::size_t>(columns);
    // Keeps a game when it holds colour 1 on its first cell or colour 2 on
    // its last (bit c of the slice words of plane c).
    const auto test = [cells](const std::uint64_t* slice, std::size_t stride, std::uint64_t games) {
      return games & (slice[cells * stride] | slice[(2 * cells + cells - 1) * stride]);
    };
    std::vector<std::int64_t> expected;
    for (std::size_t i = 0; i < table.games().size(); ++i) {
      const std::string_view b = table.bitmap(i);
      const bool first = (static_cast<unsigned char>(b[0]) & 1u) != 0;
      const bool last =
          (static_cast<unsigned char>(b[bytes + (cells - 1) / 8]) >> ((cells - 1) % 8) & 1u) != 0;
      if (first || last) expected.push_back(table.games()[i]);
    }
    INFO("family " << family_name(family) << " " << columns);
    CHECK(!expected.empty());
    for (const unsigned threads : {1u, 3u}) {
      CHECK(games_passing_occupancy(reader, family, columns, columns, 2, test, threads) ==
            expected);
    }
  }
}

TEST_CASE("an occupancy over a list that does not decode throws", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(22);
  const std::vector<std::string> pool = {"A", "B"};
  std::vector<PositionedGame> games;
  for (int i = 0; i < 6; ++i) games.push_back(testing::random_game(Family::kGo, rng, 20, pool, 9));
  testing::store_positioned(db, "a.sgf", games);
  // A varint cut short, and an id listed twice.
  for (const char* bytes : {"x'80'", "x'000000'"}) {
    db.handle().exec(std::string("UPDATE feature_games SET games = ") + bytes +
                     " WHERE (code, board, first_game) = (SELECT code, board, first_game FROM "
                     "feature_games WHERE board = " +
                     std::to_string(board_key(9, 9)) + " LIMIT 1)");
    FeatureIndexReader reader(db.handle());
    for (const unsigned threads : {1u, 2u}) {
      INFO(bytes << " on " << threads << " threads");
      CHECK_THROWS_WITH(OccupancyTable(reader, Family::kGo, 9, 9, threads),
                        Catch::Contains("does not decode"));
    }
  }
}

TEST_CASE("pieces are listed by their fixed ids and colour", "[schema]") {
  TempDir dir;
  Database db(dir.file("s.ludex"), Database::Mode::kReadWrite);
  GameBuilder b(Family::kBlokus, {"A", "B"});
  const NodeIndex root = b.node(kNoNode, {});
  const NodeIndex n1 = b.node(root, {stone(0, 0, 1), stone(0, 1, 1)});
  b.piece(n1, "2");
  const NodeIndex n2 = b.node(n1, {stone(5, 5, 2)});
  b.piece(n2, "1");
  const NodeIndex n3 = b.node(n2, {stone(9, 9, 3)});
  b.piece(n3, "1");
  testing::store_positioned(db, "a.sgf", {b.build(), b.build()});
  // Ids by name, fixed: the classic set's names come first, in its order.
  CHECK(blokus_piece_id("V5") == 1);
  CHECK(blokus_piece_id("1") == 21);
  CHECK(blokus_piece_id("2") == 20);
  CHECK(blokus_piece_id("I6") > 21);  // trigon's
  CHECK(blokus_piece_id("no such piece") == -1);
  const std::int64_t one = blokus_piece_id("1");
  const std::int64_t two = blokus_piece_id("2");
  // Blokus moves keep their colour in their row.
  CHECK(rows(db, "SELECT node_id, seat, color FROM moves WHERE node_id <= 4 ORDER BY node_id") ==
        std::vector<std::string>{"2|1|1", "3|2|2", "4|1|3"});
  FeatureIndexReader reader(db.handle());
  CHECK(reader.games_with(piece_code(one, 3), 0) == std::vector<std::int64_t>{1, 2});
  CHECK(reader.games_with(piece_code(two, 1), 0) == std::vector<std::int64_t>{1, 2});
  CHECK(reader.games_with(piece_code(one, 2), 0) == std::vector<std::int64_t>{1, 2});
  CHECK(reader.games_with(piece_code(two, 2), 0).empty());
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
  const std::int64_t a = store.upsert_file(position_file_info("a.sgf"));
  const std::int64_t b = store.upsert_file(position_file_info("b.sgf"));
  // a's games form two id runs around b's.
  store.add_game(a, prepare_game_with(games[0].record, games[0].positions));
  store.add_game(a, prepare_game_with(games[1].record, games[1].positions));
  store.add_game(b, prepare_game_with(games[2].record, games[2].positions));
  store.add_game(b, prepare_game_with(games[4].record, games[4].positions));
  store.add_game(a, prepare_game_with(games[3].record, games[3].positions));
  store.commit();
  // b's games are 3 and 4.
  auto of_b = [](const std::vector<std::string>& all) {
    std::vector<std::string> out;
    for (const std::string& line : all) {
      const std::string game = line.substr(line.rfind('|') + 1);
      if (game == "3" || game == "4") out.push_back(line);
    }
    return out;
  };
  const std::vector<std::string> before = of_b(listed(db));
  CHECK(before.size() > 20);
  CHECK(listed(db).size() > before.size());
  const std::string b_streams = "SELECT * FROM game_positions WHERE game_id IN (3, 4)";
  const std::vector<std::string> streams = rows(db, b_streams);
  CHECK(streams.size() == 2);

  store.begin();
  store.clear_file(a);
  store.commit();
  CHECK(listed(db) == before);
  CHECK(rows(db, b_streams) == streams);
  CHECK(scalar(db, "SELECT count(*) FROM game_positions") == 2);
  CHECK(scalar(db,
               "SELECT count(*) FROM node_moves AS m WHERE NOT EXISTS "
               "(SELECT 1 FROM nodes AS n WHERE n.node_id = m.node_id)") == 0);
  SQLite::Statement fk(db.handle(), "PRAGMA foreign_key_check");
  CHECK_FALSE(fk.executeStep());
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
  store.add_game(store.upsert_file(position_file_info("with.sgf")),
                 prepare_game_with(g.record, g.positions));
  store.add_game(store.upsert_file(position_file_info("without.sgf")), prepare_record(g.record));
  store.add_game(store.upsert_file(position_file_info("other.sgf")), prepare_record(other));
  store.add_game(store.upsert_file(position_file_info("hashes.sgf")),
                 hashes_only(g.record, g.positions.hashes));
  store.commit();
  CHECK_FALSE(store.find_file("with.sgf")->positions_stale);
  CHECK(store.find_file("without.sgf")->positions_stale);
  CHECK_FALSE(store.find_file("other.sgf")->positions_stale);
  CHECK(store.find_file("hashes.sgf")->positions_stale);
}

TEST_CASE("rollback forgets the position rows of the batch", "[schema]") {
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
  const std::int64_t f = store.upsert_file(position_file_info("a.sgf"));
  store.commit();
  store.begin();
  store.add_game(f, prepare_game_with(game("V3").record, game("V3").positions));
  store.rollback();
  store.begin();
  const PositionedGame g = game("L4");
  store.add_game(f, prepare_game_with(g.record, g.positions));
  store.commit();
  // Its stone and its piece, L4 and not V3.
  CHECK(listed(db).size() == 2);
  CHECK(
      FeatureIndexReader(db.handle()).games_with(piece_code(blokus_piece_id("V3"), 1), 0).empty());
  CHECK(FeatureIndexReader(db.handle()).games_with(piece_code(blokus_piece_id("L4"), 1), 0) ==
        std::vector<std::int64_t>{1});
}

}  // namespace
}  // namespace ludex
