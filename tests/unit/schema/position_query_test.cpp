// find_nodes / count_nodes / continuations: every condition against answers
// computed from the stored GamePositions in memory (position_test_util.h),
// captures and re-placements, sibling branches, --first, --main-line,
// player filters, and the query plans.
#include <algorithm>
#include <random>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "schema/game_store.h"
#include "schema/position_query.h"
#include "tests/unit/schema/position_test_util.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

// explore_position for one image of one Hex or Go position (the tests'
// games are of one family per hash).
PositionReport explore(Database& db, std::uint64_t hash, const GameFilter& filter, bool all_copies,
                       bool replay_only, Family family = Family::kHex,
                       const std::string& variant = "") {
  ExplorerQuery q;
  q.family = family;
  q.variant = family == Family::kBlokus ? variant : std::string();
  q.filter = filter;
  q.filter.family.reset();
  q.all_copies = all_copies;
  q.replay_only = replay_only;
  ExplorerImage image;
  image.hash = hash;
  q.images.push_back(image);
  return explore_position(db, q);
}

using testing::ExpectedHit;
using testing::GameBuilder;
using testing::PositionedGame;
using testing::Reference;
using testing::stone;
using testing::TempDir;

std::vector<ExpectedHit> hits(Database& db, const NodeFilter& f) {
  std::vector<ExpectedHit> out;
  const std::int64_t n = find_nodes(db, f, [&](const NodeHit& h) {
    out.push_back(ExpectedHit{h.game.game_id, h.node_id, h.depth, h.move_number});
    return true;
  });
  CHECK(n == static_cast<std::int64_t>(out.size()));
  CHECK(count_nodes(db, f) == n);
  return out;
}

// Node ids relative to the game's root (0 = root), in order.
std::vector<std::int64_t> offsets(Database& db, const NodeFilter& f, std::int64_t root_id) {
  std::vector<std::int64_t> out;
  for (const ExpectedHit& h : hits(db, f)) out.push_back(h.node_id - root_id);
  return out;
}

using Offsets = std::vector<std::int64_t>;

// root: setup B a; 1: B c; 2: W d; 3: B e captures d; 4: W d again; 5: B f.
// A variation from 2: 6: B g; 7: W h. Pre-order offsets equal these numbers.
class GoFixture {
 public:
  GoFixture() : db_(dir_.file("q.ludex"), Database::Mode::kReadWrite) {
    GameBuilder b(Family::kGo, {"Alice", "Bob"}, 1);
    const NodeIndex root = b.node(kNoNode, {stone(0, 0, 1)});
    const NodeIndex n1 = b.node(root, {stone(2, 2, 1)});
    const NodeIndex n2 = b.node(n1, {stone(3, 3, 2)});
    const NodeIndex n3 = b.node(n2, {stone(4, 4, 1)}, {stone(3, 3, 2)});
    const NodeIndex n4 = b.node(n3, {stone(3, 3, 2)});
    b.node(n4, {stone(5, 5, 1)});
    const NodeIndex n6 = b.node(n2, {stone(6, 6, 1)});
    b.node(n6, {stone(2, 3, 2)});
    game_ = b.build();
    // The same game between other players, and a hex game with the same
    // coordinates: neither may leak into go queries.
    PositionedGame other = game_;
    other.record.players = {{1, "Carol"}, {2, "Alice"}};
    other.record.winner = 2;
    PositionedGame hex = game_;
    hex.record.family = Family::kHex;
    ids_ = testing::store_positioned(db_, "go.sgf", {game_, other, hex});
  }

  std::int64_t root_of(std::size_t game) {
    return db_.handle()
        .execAndGet("SELECT first_node_id FROM games WHERE game_id = " + std::to_string(ids_[game]))
        .getInt64();
  }
  NodeFilter go_filter(std::vector<std::string> players = {"alice", "bob"}) {
    NodeFilter f;
    f.game.family = Family::kGo;
    f.game.players = std::move(players);
    return f;
  }

 protected:
  TempDir dir_;
  Database db_;
  PositionedGame game_;
  std::vector<std::int64_t> ids_;
};

TEST_CASE_METHOD(GoFixture, "a captured stone is absent until placed again", "[schema]") {
  const std::int64_t root = root_of(0);
  NodeFilter f = go_filter();
  f.has = {stone(3, 3, 2)};
  CHECK(offsets(db_, f, root) == Offsets{2, 4, 5, 6, 7});
  f.has = {stone(3, 3, 2), stone(4, 4, 1)};
  CHECK(offsets(db_, f, root) == Offsets{4, 5});
  f.has = {};
  f.empty = {stone(3, 3, 0)};
  CHECK(offsets(db_, f, root) == Offsets{0, 1, 3});
  f.empty = {stone(3, 3, 1)};  // never a black stone there
  CHECK(offsets(db_, f, root) == Offsets{0, 1, 2, 3, 4, 5, 6, 7});
  f.empty = {stone(3, 3, 2)};
  f.has = {stone(0, 0, 1)};  // the setup stone stands everywhere
  CHECK(offsets(db_, f, root) == Offsets{0, 1, 3});
  f.has = {stone(3, 3, 0)};  // colour 0: a stone of any colour
  f.empty = {};
  CHECK(offsets(db_, f, root) == Offsets{2, 4, 5, 6, 7});
}

TEST_CASE_METHOD(GoFixture, "a stone of one branch is not in its sibling branch", "[schema]") {
  const std::int64_t root = root_of(0);
  NodeFilter f = go_filter();
  f.has = {stone(6, 6, 1)};
  CHECK(offsets(db_, f, root) == Offsets{6, 7});
  f.has = {stone(4, 4, 1)};
  CHECK(offsets(db_, f, root) == Offsets{3, 4, 5});
  f.has = {stone(4, 4, 1), stone(6, 6, 1)};
  CHECK(offsets(db_, f, root).empty());
  f.has = {stone(6, 6, 1)};
  f.empty = {stone(4, 4, 0)};
  CHECK(offsets(db_, f, root) == Offsets{6, 7});
}

TEST_CASE_METHOD(GoFixture, "first, main line and player filters combine", "[schema]") {
  const std::int64_t root = root_of(0);
  NodeFilter f = go_filter();
  f.has = {stone(3, 3, 2)};
  f.first_only = true;
  CHECK(offsets(db_, f, root) == Offsets{2});
  f.has = {stone(3, 3, 2), stone(4, 4, 1)};
  CHECK(offsets(db_, f, root) == Offsets{4});
  f.has = {stone(2, 3, 2)};
  CHECK(offsets(db_, f, root) == Offsets{7});
  f.has = {};
  f.empty = {stone(3, 3, 0)};  // the root matches: shallowest
  CHECK(offsets(db_, f, root) == Offsets{0});

  f = go_filter();
  f.has = {stone(3, 3, 2)};
  f.main_line_only = true;
  CHECK(offsets(db_, f, root) == Offsets{2, 4, 5});
  f.has = {stone(6, 6, 1)};
  CHECK(offsets(db_, f, root).empty());

  // Alice plays both go games; one each with Bob and Carol.
  f = go_filter({"alice"});
  f.has = {stone(6, 6, 1)};
  f.first_only = true;
  const std::vector<ExpectedHit> both = hits(db_, f);
  REQUIRE(both.size() == 2);
  CHECK(both[0].game_id == ids_[0]);
  CHECK(both[1].game_id == ids_[1]);
  CHECK(both[1].node_id - root_of(1) == 6);
  CHECK(both[1].depth == 3);
  CHECK(both[1].move_number == 3);
  f.game.players = {"carol", "alice"};
  CHECK(hits(db_, f).size() == 1);
  f.game.players = {"carol", "bob"};
  CHECK(hits(db_, f).empty());
  f.limit = 1;
  f.game.players = {"alice"};
  CHECK(hits(db_, f).size() == 1);
}

TEST_CASE_METHOD(GoFixture, "node hits carry their game", "[schema]") {
  NodeFilter f = go_filter({"carol"});
  f.has = {stone(5, 5, 1)};
  std::vector<NodeHit> out;
  find_nodes(db_, f, [&](const NodeHit& h) {
    out.push_back(h);
    return true;
  });
  REQUIRE(out.size() == 1);
  const NodeHit& h = out[0];
  CHECK(h.game.game_id == ids_[1]);
  CHECK(h.game.file == "go.sgf");
  CHECK(h.game.game_index == 0);
  CHECK(h.game.family == Family::kGo);
  CHECK(h.game.players == std::vector<SeatPlayer>{{1, "Carol"}, {2, "Alice"}});
  CHECK(h.game.winner == 2);
  CHECK(h.depth == 5);
  CHECK(h.move_number == 5);
  CHECK(h.main_line);
  CHECK(h.position_hash != 0);
}

TEST_CASE_METHOD(GoFixture, "stone conditions need a family", "[schema]") {
  NodeFilter f;
  f.has = {stone(3, 3, 2)};
  CHECK_THROWS_AS(find_nodes(db_, f, [](const NodeHit&) { return true; }), std::invalid_argument);
  CHECK_THROWS_AS(count_nodes(db_, f), std::invalid_argument);
}

TEST_CASE("twixt links and blokus pieces", "[schema]") {
  TempDir dir;
  Database db(dir.file("q.ludex"), Database::Mode::kReadWrite);
  GameBuilder t(Family::kTwixt, {"A", "B"});
  const Point p{2, 2}, q{3, 4}, r{5, 5};
  const NodeIndex root = t.node(kNoNode, {});
  const NodeIndex t1 = t.node(root, {Occupant{p, 1}});
  const NodeIndex t2 = t.node(t1, {Occupant{q, 1}});
  t.links(t2, {TwixtLink{p, q, 1}});
  const NodeIndex t3 = t.node(t2, {Occupant{r, 1}});
  t.links(t3, {TwixtLink{q, r, 1}}, {TwixtLink{p, q, 1}});  // a long move
  GameBuilder b(Family::kBlokus, {"A", "B"});
  const NodeIndex broot = b.node(kNoNode, {});
  const NodeIndex b1 = b.node(broot, {Occupant{{0, 0}, 1}, Occupant{{0, 1}, 1}});
  b.piece(b1, "2");
  const NodeIndex b2 = b.node(b1, {Occupant{{5, 5}, 2}});
  b.piece(b2, "1");
  const NodeIndex b3 = b.node(b1, {Occupant{{7, 7}, 3}});  // a variation
  b.piece(b3, "1");
  const std::vector<PositionedGame> games = {t.build(), b.build()};
  const std::vector<std::int64_t> ids = testing::store_positioned(db, "tb.sgf", games);
  const Reference ref(db, games, ids);
  auto root_of = [&](std::size_t g) {
    return db.handle()
        .execAndGet("SELECT first_node_id FROM games WHERE game_id = " + std::to_string(ids[g]))
        .getInt64();
  };

  NodeFilter f;
  f.links = {TwixtLink{q, p, 1}};  // either endpoint order
  CHECK(offsets(db, f, root_of(0)) == Offsets{2});
  f.links = {TwixtLink{q, r, 1}};
  CHECK(offsets(db, f, root_of(0)) == Offsets{3});
  f.links = {TwixtLink{q, r, 2}};
  CHECK(offsets(db, f, root_of(0)).empty());

  f = NodeFilter{};
  f.pieces = {PieceCondition{"1", 0}};
  CHECK(offsets(db, f, root_of(1)) == Offsets{2, 3});
  f.pieces = {PieceCondition{"1", 3}};
  CHECK(offsets(db, f, root_of(1)) == Offsets{3});
  f.pieces = {PieceCondition{"1", 2}, PieceCondition{"2", 1}};
  CHECK(offsets(db, f, root_of(1)) == Offsets{2});
  f.pieces = {PieceCondition{"Z5", 0}};
  CHECK(offsets(db, f, root_of(1)).empty());
  f.pieces = {PieceCondition{"2", 1}};
  f.first_only = true;
  CHECK(offsets(db, f, root_of(1)) == Offsets{1});
  f = NodeFilter{};
  f.game.family = Family::kBlokus;
  f.has = {Occupant{{0, 1}, 0}};
  f.empty = {Occupant{{7, 7}, 0}};
  CHECK(offsets(db, f, root_of(1)) == Offsets{1, 2});
  CHECK(hits(db, f) == ref.find(f));
}

// Random conditions drawn from the stored positions, compared with the
// reference on every family.
TEST_CASE("find_nodes agrees with the in-memory reference on random games", "[schema]") {
  TempDir dir;
  Database db(dir.file("r.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(20240611);
  const std::vector<std::string> pool = {"Ann", "Ben", "Cid", "Dee"};
  std::vector<PositionedGame> games;
  for (int i = 0; i < 48; ++i) {
    const Family family = std::vector<Family>{Family::kGo, Family::kHex, Family::kTwixt,
                                              Family::kBlokus}[static_cast<std::size_t>(i % 4)];
    games.push_back(testing::random_game(family, rng, 10 + i % 30, pool));
  }
  const std::vector<std::int64_t> ids = testing::store_positioned(db, "r.sgf", games);
  const Reference ref(db, games, ids);
  const auto& nodes = ref.nodes();
  auto pick = [&rng](std::size_t n) {
    return static_cast<std::size_t>(std::uniform_int_distribution<std::size_t>(0, n - 1)(rng));
  };
  auto chance = [&rng](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };

  int nonempty = 0;
  for (int round = 0; round < 400; ++round) {
    const Reference::Node& at = nodes[pick(nodes.size())];
    const Family family = games[at.game].record.family;
    NodeFilter f;
    f.game.family = family;
    const testing::TestPosition& s = at.position;
    std::vector<Occupant> stones(s.stones.begin(), s.stones.end());
    for (int k = static_cast<int>(pick(3)); k > 0 && !stones.empty(); --k) {
      Occupant o = stones[pick(stones.size())];
      if (chance(0.2)) o.color = 0;
      f.has.push_back(o);
    }
    if (chance(0.4)) {
      Occupant o{Point{static_cast<std::int16_t>(pick(5)), static_cast<std::int16_t>(pick(5))},
                 static_cast<std::int8_t>(chance(0.5) ? 0 : 1 + pick(2))};
      f.empty.push_back(o);
    }
    if (!s.links.empty() && chance(0.5)) {
      f.links.push_back(*std::next(s.links.begin(), static_cast<long>(pick(s.links.size()))));
    }
    if (!s.pieces.empty() && chance(0.5)) {
      const auto& [name, color] =
          *std::next(s.pieces.begin(), static_cast<long>(pick(s.pieces.size())));
      f.pieces.push_back(PieceCondition{name, chance(0.5) ? color : std::int8_t{0}});
    }
    if (family != Family::kBlokus && chance(0.3)) {
      // A pattern: a stone or two of the node's position and a point near
      // them that must be empty (of any stone, or of one colour), at every
      // translation on the 5x5 board, or only where it is.
      Pattern p;
      for (int k = 1 + static_cast<int>(pick(2)); k > 0 && !stones.empty(); --k) {
        p.stones.push_back(stones[pick(stones.size())]);
      }
      p.empty.push_back(
          Occupant{Point{static_cast<std::int16_t>(pick(5)), static_cast<std::int16_t>(pick(5))},
                   static_cast<std::int8_t>(chance(0.6) ? 0 : 1 + pick(2))});
      Board shape;
      shape.family = family;
      shape.columns = 5;
      shape.rows = 5;
      f.patterns = chance(0.5) ? pattern_placements(shape, p, chance(0.5)) : std::vector{p};
      if (f.patterns.empty()) f.patterns = {p};
    }
    if (chance(0.15)) f.position_hashes = {at.hash};
    if (chance(0.15)) f.eval_min = -4000.0 + static_cast<double>(pick(5000));
    if (chance(0.15)) f.eval_max = static_cast<double>(pick(8000)) - 2000;
    if (chance(0.1)) f.eval_swing = static_cast<double>(pick(4000));
    if (chance(0.1)) f.has_eval = true;
    // No source (every source), the binary files' or SGF V[].
    if (chance(0.4)) f.eval_source = chance(0.2) ? EvalSource::kSgfValue : EvalSource::kGameTree;
    f.main_line_only = chance(0.3);
    f.first_only = chance(0.4);
    if (chance(0.2)) f.game.players = {pool[pick(pool.size())]};
    if (chance(0.1)) f.game.players = {pool[pick(pool.size())], pool[pick(pool.size())]};
    if (chance(0.1)) f.limit = static_cast<std::int64_t>(pick(4));
    if (chance(0.1)) {
      // Links, pieces and the rest need no family.
      f.game.family.reset();
      f.has.clear();
      f.empty.clear();
      f.patterns.clear();
    }
    const std::vector<ExpectedHit> expected = ref.find(f);
    INFO("round " << round);
    CHECK(hits(db, f) == expected);
    if (!expected.empty()) ++nonempty;
  }
  CHECK(nonempty > 200);

  // Continuations from positions that occur, with and without a player,
  // with and without copies, replayed and from whatever the explorer keeps.
  for (int round = 0; round < 60; ++round) {
    const Reference::Node& at = nodes[pick(nodes.size())];
    GameFilter g;
    if (chance(0.3)) g.players = {pool[pick(pool.size())]};
    const bool all_copies = chance(0.3);
    const PositionReport want = ref.continuations(at.hash, g, all_copies);
    INFO("round " << round);
    for (const bool replay_only : {true, false}) {
      const PositionReport got =
          explore(db, at.hash, g, all_copies, replay_only, games[at.game].record.family,
                  games[at.game].record.variant);
      CHECK(got.nodes == want.nodes);
      CHECK(got.games == want.games);
      REQUIRE(got.moves.size() == want.moves.size());
      for (std::size_t i = 0; i < got.moves.size(); ++i) {
        const Continuation& a = got.moves[i];
        const Continuation& b = want.moves[i];
        CHECK(std::tie(a.seat, a.color, a.kind, a.points, a.piece, a.occurrences, a.games,
                       a.seat1_wins, a.seat2_wins) == std::tie(b.seat, b.color, b.kind, b.points,
                                                               b.piece, b.occurrences, b.games,
                                                               b.seat1_wins, b.seat2_wins));
      }
    }
  }
}

TEST_CASE("the explorer counts moves, games and wins, each game once", "[schema][explorer]") {
  TempDir dir;
  Database db(dir.file("c.ludex"), Database::Mode::kReadWrite);
  // Four games reach the position after B c, W d; the replies differ.
  auto game = [](std::vector<std::string> players, std::int8_t winner, Point reply,
                 bool transposed_twice) {
    GameBuilder b(Family::kHex, std::move(players), winner);
    const NodeIndex root = b.node(kNoNode, {});
    const NodeIndex n1 = b.node(root, {stone(2, 2, 1)});
    const NodeIndex n2 = b.node(n1, {stone(3, 3, 2)});
    b.node(n2, {Occupant{reply, 1}});
    if (transposed_twice) {
      // The same position by another order, and the same reply.
      const NodeIndex m1 = b.node(root, {stone(3, 3, 2)});
      const NodeIndex m2 = b.node(m1, {stone(2, 2, 1)});
      b.node(m2, {Occupant{reply, 1}});
    }
    return b.build();
  };
  const std::vector<PositionedGame> games = {
      game({"Ann", "Ben"}, 1, Point{5, 5}, true), game({"Ann", "Cid"}, 2, Point{5, 5}, false),
      game({"Ben", "Cid"}, 1, Point{5, 5}, false), game({"Cid", "Dee"}, 1, Point{6, 6}, false)};
  const std::vector<std::int64_t> ids = testing::store_positioned(db, "c.sgf", games);
  const Reference ref(db, games, ids);
  const std::uint64_t hash = games[0].positions.hashes[2];

  // The third game repeats the second's moves: a copy, which counts only
  // with all_copies (as if import --dedupe had stored the first alone).
  const PositionReport first_copies = explore(db, hash, GameFilter{}, false, true);
  CHECK(first_copies.nodes == 4);
  CHECK(first_copies.games == 3);
  REQUIRE(first_copies.moves.size() == 2);
  CHECK(first_copies.moves[0].occurrences == 3);
  CHECK(first_copies.moves[0].games == 2);
  CHECK(first_copies.moves[0].seat1_wins == 1);
  CHECK(first_copies.moves[0].seat2_wins == 1);

  const PositionReport all = explore(db, hash, GameFilter{}, true, true);
  CHECK(all.nodes == 5);
  CHECK(all.games == 4);
  REQUIRE(all.moves.size() == 2);
  CHECK(all.moves[0].points == MovePoints{Point{5, 5}});
  CHECK(all.moves[0].seat == 1);
  CHECK(all.moves[0].kind == MoveKind::kPlace);
  CHECK(all.moves[0].occurrences == 4);
  CHECK(all.moves[0].games == 3);
  CHECK(all.moves[0].seat1_wins == 2);
  CHECK(all.moves[0].seat2_wins == 1);
  CHECK(all.moves[1].points == MovePoints{Point{6, 6}});
  CHECK(all.moves[1].occurrences == 1);
  CHECK(all.moves[1].seat1_wins == 1);

  GameFilter ann;
  ann.players = {"ann"};
  const PositionReport some = explore(db, hash, ann, true, true);
  CHECK(some.nodes == 3);
  CHECK(some.games == 2);
  REQUIRE(some.moves.size() == 1);
  CHECK(some.moves[0].occurrences == 3);
  CHECK(some.moves[0].games == 2);
  CHECK(some.moves[0].seat1_wins == 1);
  CHECK(ref.continuations(hash, ann).moves.size() == 1);
  CHECK(explore(db, 12345, GameFilter{}, false, true).moves.empty());
}

// The plans of the filters that must not scan nodes, on an analysed
// database of some size.
TEST_CASE("position, player and evaluation lookups use indexes", "[schema]") {
  TempDir dir;
  Database db(dir.file("p.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(7);
  std::vector<PositionedGame> games;
  // Proportions of an archive: many players, a 19x19 board.
  std::vector<std::string> pool;
  for (int i = 0; i < 200; ++i) pool.push_back("Player " + std::to_string(i));
  pool[0] = "Ann";
  for (int i = 0; i < 1000; ++i) {
    games.push_back(testing::random_game(Family::kGo, rng, 60, pool, 19));
  }
  testing::store_positioned(db, "p.sgf", games);
  GameStore(db).finish_bulk_load();  // ANALYZE, as every import ends

  auto plan = [&](const NodeFilter& f) {
    std::string out;
    for (const std::string& line : explain_find_nodes(db, f)) out += line + "\n";
    return out;
  };
  using Catch::Matchers::Contains;
  auto no_node_scan = [](const std::string& p) {
    return p.find("SCAN n\n") == std::string::npos && p.find("SCAN n ") == std::string::npos;
  };

  // Each plan must name its index and read nodes only by key.
  auto check_plan = [&](const NodeFilter& f, const char* index) {
    const std::string p = plan(f);
    INFO(p);
    CHECK_THAT(p, Contains(index));
    CHECK(no_node_scan(p));
  };
  NodeFilter by_hash;
  by_hash.position_hashes = {games[3].positions.hashes[5]};
  check_plan(by_hash, "SEARCH nh USING PRIMARY KEY (hash_top=?)");
  by_hash.game.players = {"ann"};
  by_hash.game.family = Family::kGo;
  by_hash.has = {stone(1, 1, 1)};
  check_plan(by_hash, "SEARCH nh USING PRIMARY KEY (hash_top=?)");

  NodeFilter by_player;
  by_player.game.players = {"ann"};
  check_plan(by_player, "players_by_folded");
  check_plan(by_player, "game_players_by_player");
  by_player.main_line_only = true;
  check_plan(by_player, "players_by_folded");

  NodeFilter by_eval;
  by_eval.eval_min = 9500;
  check_plan(by_eval, "evaluations_by_value");  // every source: source IN (...)
  NodeFilter by_eval_source = by_eval;
  by_eval_source.eval_source = EvalSource::kSabaki;
  check_plan(by_eval_source, "evaluations_by_value");
  by_eval.game.players = {"ann"};
  check_plan(by_eval, "players_by_folded");

  NodeFilter by_swing;
  by_swing.eval_swing = 2900;
  check_plan(by_swing, "evaluations_by_swing");
  by_swing.eval_source = EvalSource::kGameTree;
  check_plan(by_swing, "evaluations_by_swing");

  // Stone conditions are not SQL: feature_games gives the games to replay
  // (tested against the reference above).
}

}  // namespace
}  // namespace ludex
