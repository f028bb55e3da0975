// pattern_continuations (ludex next --pattern): the moves played next
// wherever a pattern holds, against the same count made from the stored
// GamePositions in memory (position_test_util.h) on random games, and the
// mapping back into the pattern's orientation on a hand-made game.
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <tuple>

#include <catch2/catch.hpp>

#include "games/symmetry.h"
#include "schema/position_query.h"
#include "tests/unit/schema/position_test_util.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::GameBuilder;
using testing::PositionedGame;
using testing::Reference;
using testing::TempDir;

Point pt(int x, int y) {
  return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
}

struct Counted {
  std::int64_t occurrences = 0;
  std::set<std::int64_t> games;
  friend bool operator==(const Counted&, const Counted&) = default;
};

TEST_CASE("pattern continuations agree with the in-memory reference on random games", "[schema]") {
  TempDir dir;
  Database db(dir.file("r.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(20261125);
  std::vector<PositionedGame> games;
  for (int i = 0; i < 45; ++i) {
    const Family family = std::vector<Family>{Family::kGo, Family::kHex,
                                              Family::kTwixt}[static_cast<std::size_t>(i % 3)];
    games.push_back(testing::random_game(family, rng, 15 + i % 25, {"Ann", "Ben"}));
  }
  const std::vector<std::int64_t> ids = testing::store_positioned(db, "r.sgf", games);
  const Reference ref(db, games, ids);
  const auto& nodes = ref.nodes();
  auto pick = [&rng](std::size_t n) {
    return static_cast<std::size_t>(std::uniform_int_distribution<std::size_t>(0, n - 1)(rng));
  };
  int nonempty = 0;
  for (int round = 0; round < 120; ++round) {
    const Reference::Node& at = nodes[pick(nodes.size())];
    if (at.position.stones.empty()) continue;
    const Family family = games[at.game].record.family;
    // One or two stones of a position that occurs and an empty point; one
    // placement, where it is, so that the pattern's frame is the board's.
    const std::vector<Occupant> stones(at.position.stones.begin(), at.position.stones.end());
    Pattern p;
    p.stones.push_back(stones[pick(stones.size())]);
    if (stones.size() > 1) p.stones.push_back(stones[pick(stones.size())]);
    p.empty.push_back(Occupant{pt(static_cast<int>(pick(5)), static_cast<int>(pick(5))), 0});
    Board shape;
    shape.family = family;
    shape.columns = 5;
    shape.rows = 5;
    PatternPlacement placement;
    placement.pattern = p;
    std::vector<Point> area;
    for (int x = 0; x < 5; ++x) {
      for (int y = 0; y < 3 + static_cast<int>(pick(3)); ++y) area.push_back(pt(x, y));
    }
    GameFilter filter;
    filter.family = family;
    const PatternNextMoves got = pattern_continuations(db, shape, {placement}, area, filter);

    // The reference: every node where p holds, each child by its stored
    // delta and moves.
    NodeFilter holds;
    holds.game.family = family;
    holds.patterns = {p};
    std::int64_t positions = 0;
    std::set<std::int64_t> position_games;
    std::int64_t elsewhere = 0;
    std::map<std::tuple<std::int8_t, Point>, Counted> want;
    std::set<std::int64_t> hit_nodes;
    for (const auto& h : ref.find(holds)) hit_nodes.insert(h.node_id);
    for (const Reference::Node& n : nodes) {
      if (hit_nodes.count(n.node_id) == 0) continue;
      ++positions;
      position_games.insert(n.game_id);
      for (const Reference::Node& c : nodes) {
        if (c.game_id != n.game_id || c.parent != n.index) continue;
        const PositionedGame& g = games[c.game];
        const NodeView data = g.record.tree.data(c.index);
        const PositionDelta& d = g.positions.deltas[c.index];
        const bool one_move = data.moves.size() == 1 && data.moves[0].kind == MoveKind::kPlace;
        const bool in_area = d.placed.size() == 1 &&
                             std::find(area.begin(), area.end(), d.placed[0].point) != area.end();
        if (c.hash == 0 || !one_move || !in_area) {
          ++elsewhere;
          continue;
        }
        Counted& m = want[{d.placed[0].color, d.placed[0].point}];
        ++m.occurrences;
        m.games.insert(c.game_id);
      }
    }
    std::map<std::tuple<std::int8_t, Point>, Counted> have;
    for (const Continuation& c : got.moves) {
      REQUIRE(c.points.size() == 1);
      Counted& m = have[{c.seat, c.points[0]}];
      m.occurrences = c.occurrences;
      for (const auto& [game, winner] : c.game_winners) m.games.insert(game);
      CHECK(c.games == static_cast<std::int64_t>(c.game_winners.size()));
    }
    INFO("round " << round);
    CHECK(got.positions == positions);
    CHECK(got.games == static_cast<std::int64_t>(position_games.size()));
    CHECK(got.elsewhere == elsewhere);
    CHECK(have == want);
    if (!want.empty()) ++nonempty;
  }
  CHECK(nonempty > 20);
}

TEST_CASE("pattern continuations come back in the pattern's own orientation", "[schema]") {
  TempDir dir;
  Database db(dir.file("o.ludex"), Database::Mode::kReadWrite);
  // The pattern B (0,0), W (1,0), B (0,1) with (1,1) empty, turned by
  // (x, y) -> (y, -x) and moved by (4, 3): B (4,3), W (4,2), B (5,3), and
  // (5,2) empty. The next move, W at (5,2), is the pattern's (1,1).
  GameBuilder b(Family::kGo, {"Ann", "Ben"}, 2);
  const NodeIndex root = b.node(kNoNode, {});
  const NodeIndex n1 = b.node(root, {Occupant{pt(4, 3), 1}});
  const NodeIndex n2 = b.node(n1, {Occupant{pt(4, 2), 2}});
  const NodeIndex n3 = b.node(n2, {Occupant{pt(5, 3), 1}});
  b.node(n3, {Occupant{pt(5, 2), 2}});
  const std::vector<std::int64_t> ids = testing::store_positioned(db, "o.sgf", {b.build()});
  Board shape;
  shape.family = Family::kGo;
  shape.columns = 9;
  shape.rows = 9;
  Pattern p;
  p.stones = {Occupant{pt(0, 0), 1}, Occupant{pt(1, 0), 2}, Occupant{pt(0, 1), 1}};
  p.empty = {Occupant{pt(1, 1), 0}};
  std::vector<Point> area;
  for (int x = 0; x < 3; ++x) {
    for (int y = 0; y < 3; ++y) area.push_back(pt(x, y));
  }
  GameFilter filter;
  filter.family = Family::kGo;
  const PatternNextMoves plain = pattern_continuations(
      db, shape, pattern_placements_with_origins(shape, p, false), area, filter);
  CHECK(plain.positions == 0);
  const PatternNextMoves turned = pattern_continuations(
      db, shape, pattern_placements_with_origins(shape, p, true), area, filter);
  CHECK(turned.positions == 1);
  CHECK(turned.games == 1);
  CHECK(turned.elsewhere == 0);
  REQUIRE(turned.moves.size() == 1);
  CHECK(turned.moves[0].seat == 2);
  CHECK(turned.moves[0].points[0] == pt(1, 1));
  CHECK(turned.moves[0].seat2_wins == 1);
  // The child that plays it: the game's fifth node.
  REQUIRE(ids.size() == 1);
  CHECK(turned.moves[0].example_node == 5);
  CHECK_THROWS_AS(pattern_continuations(db, shape, {}, area, GameFilter{}), std::invalid_argument);
}

}  // namespace
}  // namespace ludex
