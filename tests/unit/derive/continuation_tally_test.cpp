// ContinuationTally: one rule for counting the moves played from a position
// (ludex next, next --symmetric's images, next --pattern).
#include <catch2/catch.hpp>

#include "derive/continuation_tally.h"

namespace ludex {
namespace {

Continuation placed_at(std::int8_t seat, std::int16_t x, std::int16_t y) {
  Continuation c;
  c.seat = seat;
  c.kind = MoveKind::kPlace;
  c.points.push_back(Point{x, y});
  return c;
}

}  // namespace

TEST_CASE("a tally counts nodes, each game once per move, and the wins of those games",
          "[schema][next]") {
  ContinuationTally tally;
  tally.add(placed_at(1, 3, 3), 10, 1, 105);
  tally.add(placed_at(1, 3, 3), 10, 1, 103);  // the same game again (a variation)
  tally.add(placed_at(1, 3, 3), 12, 2, 120);
  tally.add(placed_at(1, 2, 2), 11, 0, 111);
  tally.add(placed_at(1, 3, 3), 10, 1, 150);  // game 10 once more, after another game
  Continuation pass;
  pass.seat = 1;
  pass.kind = MoveKind::kPass;
  tally.add(pass, 13, 2, 131);
  tally.add(pass, 14, 2, 141);
  const std::vector<Continuation> moves = tally.take();
  REQUIRE(moves.size() == 3);
  // By games, then nodes: 2 games and 4 nodes, then the pass (2 games, 2
  // nodes), then the one node of game 11.
  CHECK(moves[0].points == MovePoints{Point{3, 3}});
  CHECK(moves[0].occurrences == 4);
  CHECK(moves[0].games == 2);
  CHECK(moves[0].seat1_wins == 1);
  CHECK(moves[0].seat2_wins == 1);
  CHECK(moves[0].example_node == 103);
  CHECK(moves[0].game_winners ==
        std::vector<std::pair<std::int64_t, std::int8_t>>{{10, 1}, {12, 2}});
  CHECK(moves[1].kind == MoveKind::kPass);
  CHECK(moves[1].occurrences == 2);
  CHECK(moves[1].games == 2);
  CHECK(moves[1].seat2_wins == 2);
  CHECK(moves[2].points == MovePoints{Point{2, 2}});
  CHECK(moves[2].seat1_wins + moves[2].seat2_wins == 0);
  CHECK(tally.take().empty());
}

TEST_CASE("merged tallies count a game once per move, the first tally's example kept",
          "[schema][next]") {
  ContinuationTally image;
  image.add(placed_at(1, 3, 3), 10, 1, 105);
  image.add(placed_at(1, 3, 3), 20, 2, 205);
  const std::vector<Continuation> a = image.take();
  image.add(placed_at(1, 3, 3), 10, 1, 101);  // game 10 reaches another image too
  image.add(placed_at(1, 3, 3), 30, 1, 301);
  const std::vector<Continuation> b = image.take();

  ContinuationTally folded;
  folded.merge(a[0]);
  folded.merge(b[0]);
  const std::vector<Continuation> moves = folded.take();
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].occurrences == 4);
  CHECK(moves[0].games == 3);
  CHECK(moves[0].seat1_wins == 2);
  CHECK(moves[0].seat2_wins == 1);
  CHECK(moves[0].example_node == 105);  // the first merged tally's
}

TEST_CASE("next and next --pattern order moves alike: by games, then nodes, then key",
          "[derive][next]") {
  // Regression: ContinuationTally (next --pattern) ordered by nodes first,
  // ExplorerTally (next) by games first. One game playing a move in three
  // variations now comes after a move played once in each of two games.
  ContinuationTally tally;
  tally.add(placed_at(1, 4, 4), 1, 1, 11);
  tally.add(placed_at(1, 4, 4), 1, 1, 12);
  tally.add(placed_at(1, 4, 4), 1, 1, 13);
  tally.add(placed_at(1, 5, 5), 2, 2, 21);
  tally.add(placed_at(1, 5, 5), 3, 2, 31);
  tally.add(placed_at(1, 6, 6), 4, 0, 41);
  tally.add(placed_at(1, 6, 6), 5, 0, 51);
  const std::vector<Continuation> moves = tally.take();
  REQUIRE(moves.size() == 3);
  // (5,5) and (6,6): two games and two nodes each, so by key.
  CHECK(moves[0].points == MovePoints{Point{5, 5}});
  CHECK(moves[1].points == MovePoints{Point{6, 6}});
  CHECK(moves[2].points == MovePoints{Point{4, 4}});
  CHECK(moves[2].occurrences == 3);
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    CHECK(more_played(moves[i], moves[i + 1]));
    CHECK_FALSE(more_played(moves[i + 1], moves[i]));
  }
}

}  // namespace ludex
