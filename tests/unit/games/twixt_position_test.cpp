// Twixt positions: the spec's link examples, rulesets, borders, swaps,
// long moves and hashes.
#include <catch2/catch.hpp>

#include "games/position.h"
#include "games/twixt_points.h"
#include "games/twixt_position.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::empty_game;
using test::main_line_position;
using test::pt;
using test::sgf_game;

std::string pegs(const Position& pos) {
  return test::occupants_text(pos.occupants(),
                              [](const Point& p) { return format_twixt_point(p); });
}

std::string links(const Position& pos) {
  return test::links_text(pos.links(), [](const Point& p) { return format_twixt_point(p); });
}

std::string links(const std::vector<TwixtLink>& list) {
  return test::links_text(list, [](const Point& p) { return format_twixt_point(p); });
}

LinkEdit edit(bool add, int cx2, int cy2, int slope) {
  LinkEdit e;
  e.add = add;
  e.cx2 = static_cast<std::int16_t>(cx2);
  e.cy2 = static_cast<std::int16_t>(cy2);
  e.slope = static_cast<std::int8_t>(slope);
  return e;
}

// The position before the spec's long move: Black pegs at i4, J2, K5, i3
// and J5. i4-J2 (centre i'3) and i4-K5 (centre J4') are linked; i3-J5 is not,
// since it would cross i4-K5.
constexpr const char* kSpecPosition = "(;FF[4]GM[21]SZ[24];B[i4];B[J2];B[K5];B[i3];B[J5]";

TEST_CASE("twixt spec example: link centres i'3 and J4'", "[positions]") {
  const GameRecord game = sgf_game(std::string(kSpecPosition) + ")");
  REQUIRE(game.family == Family::kTwixt);
  auto pos = main_line_position(game);
  REQUIRE(pos);
  CHECK(pegs(*pos) == "2:i3 2:i4 2:j2 2:j5 2:k5");
  CHECK(links(*pos) == "2:i4-j2 2:i4-k5");
}

TEST_CASE("twixt spec example: the long move -i'3 -J4' \\i'4 K4", "[positions]") {
  const GameRecord game =
      sgf_game(std::string(kSpecPosition) + R"sgf(;B[-i'3][-J4'][\i'4][K4]))sgf");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  const NodeIndex last = game.tree.main_line().back();
  const PositionDelta& delta = positions.deltas[last];
  CHECK(links(delta.links_removed) == "2:i4-j2 2:i4-k5");
  CHECK(delta.placed == std::vector<Occupant>{{pt(10, 3), 2}});
  // \i'4 adds the falling link i3-J5; K4 gets its two links automatically.
  CHECK(links(delta.links_added) == "2:i3-j5 2:i3-k4 2:j2-k4");
  auto pos = main_line_position(game);
  REQUIRE(pos);
  CHECK(pegs(*pos) == "2:i3 2:i4 2:j2 2:j5 2:k4 2:k5");
  CHECK(links(*pos) == "2:i3-j5 2:i3-k4 2:j2-k4");
}

TEST_CASE("twixt long moves that cannot be played leave the position as it was", "[positions]") {
  auto pos = main_line_position(sgf_game(std::string(kSpecPosition) + ")"));
  REQUIRE(pos);
  const std::uint64_t before = pos->hash();
  Move m;
  m.seat = 2;
  m.links = {edit(false, 17, 4, 0), edit(false, 18, 7, 0), edit(true, 17, 6, 0)};
  m.points = {pt(10, 3)};
  // Without the removals, the addition at i'4 crosses i4-K5.
  Move crossing = m;
  crossing.links.erase(crossing.links.begin() + 1);
  auto r = pos->play(crossing);
  REQUIRE(!r);
  CHECK(r.error().message == "link i3-j5 would cross link i4-k5");
  CHECK(pos->hash() == before);
  CHECK(links(*pos) == "2:i4-j2 2:i4-k5");
  // A removal where the mover has no link.
  Move missing = m;
  missing.links.front() = edit(false, 13, 4, 0);
  r = pos->play(missing);
  REQUIRE(!r);
  CHECK(r.error().message == "no link of the mover's at g'3 to remove");
  // White may not remove Black's links.
  Move white = m;
  white.seat = 1;
  CHECK(!pos->play(white));
  CHECK(pos->hash() == before);
  // The whole move still plays.
  CHECK(pos->play(m));
}

TEST_CASE("twixt STD: no link crosses any link", "[positions]") {
  // White e5-f7; Black d7 and f6 would link across it.
  auto pos = main_line_position(sgf_game("(;FF[4]GM[21]SZ[24];W[e5];W[f7];B[d7];B[f6])"));
  REQUIRE(pos);
  CHECK(links(*pos) == "1:e5-f7");
  // White's own d7-f6 may not cross e5-f7 either.
  pos = main_line_position(sgf_game("(;FF[4]GM[21]SZ[24];W[e5];W[f7];W[d7];W[f6])"));
  REQUIRE(pos);
  CHECK(links(*pos) == "1:d7-e5 1:e5-f7");
}

TEST_CASE("twixt PP: own links may cross, the opponent's may not", "[positions]") {
  auto pos = main_line_position(sgf_game("(;FF[4]GM[21]SZ[24]RU[PP];W[e5];W[f7];W[d7];W[f6])"));
  REQUIRE(pos);
  CHECK(links(*pos) == "1:d7-e5 1:d7-f6 1:e5-f7");
  pos = main_line_position(sgf_game("(;FF[4]GM[21]SZ[24]RU[PP];W[e5];W[f7];B[d7];B[f6])"));
  REQUIRE(pos);
  CHECK(links(*pos) == "1:e5-f7");
}

TEST_CASE("twixt rulesets by dialect and RU", "[positions]") {
  CHECK(twixt_ruleset_of(sgf_game("(;GM[21];W[e5])")) == TwixtRuleset::kStandard);
  CHECK(twixt_ruleset_of(sgf_game("(;GM[21]RU[STD];W[e5])")) == TwixtRuleset::kStandard);
  CHECK(twixt_ruleset_of(sgf_game("(;GM[21]RU[ pp ];W[e5])")) == TwixtRuleset::kPaperAndPencil);
  CHECK(twixt_ruleset_of(sgf_game("(;GM[21]RU[3M];W[e5])")) == TwixtRuleset::kStandard);
  const GameRecord lg = sgf_game(
      "(;FF[4]EV[twixt.ld.DEFAULT]PB[a]PW[b]SZ[24]SO[https://www.littlegolem.net];b[ch];r[ii])");
  REQUIRE(lg.dialect == "littlegolem");
  CHECK(twixt_ruleset_of(lg) == TwixtRuleset::kPaperAndPencil);
}

TEST_CASE("twixt border rows and corners", "[positions]") {
  auto pos = new_position(empty_game(Family::kTwixt, 24, 24));
  REQUIRE(pos.ok());
  Position& p = **pos;
  // Seat 1 (White) connects top and bottom: it may use rows 1 and 24 but not
  // columns a and x; seat 2 the other way round.
  auto r = p.play(test::place(1, 0, 4));
  REQUIRE(!r);
  CHECK(r.error().message == "a5 is on the other player's border");
  CHECK(!p.play(test::place(1, 23, 4)));
  r = p.play(test::place(2, 4, 0));
  REQUIRE(!r);
  CHECK(r.error().message == "e1 is on the other player's border");
  CHECK(!p.play(test::place(2, 4, 23)));
  for (const Point& corner : {pt(0, 0), pt(23, 0), pt(0, 23), pt(23, 23)}) {
    for (std::int8_t seat : {1, 2}) {
      auto c = p.play(test::place(seat, corner.x, corner.y));
      REQUIRE(!c);
      CHECK(c.error().message == format_twixt_point(corner) + " is a corner");
    }
  }
  CHECK(p.occupants().empty());
  CHECK(p.play(test::place(1, 4, 0)));
  CHECK(p.play(test::place(1, 5, 23)));
  CHECK(p.play(test::place(2, 0, 4)));
  CHECK(p.play(test::place(2, 23, 5)));
  r = p.play(test::place(2, 4, 0));
  REQUIRE(!r);
  CHECK(r.error().message == "e1 is occupied");
  CHECK(pegs(p) == "2:a5 1:e1 1:f24 2:x6");
}

TEST_CASE("twixt Little Golem swap mirrors the first peg", "[positions]") {
  const GameRecord game = sgf_game(
      "(;FF[4]EV[twixt.ld.DEFAULT]PB[a]PW[b]SZ[24]SO[https://www.littlegolem.net]"
      ";b[ch];r[swap];b[jj|draw];r[resign])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  auto pos = main_line_position(game);
  REQUIRE(pos);
  // ch = c8 = (2, 7) becomes seat 2's peg on (7, 2) = h3.
  CHECK(pegs(*pos) == "2:h3 1:j10");
  const std::vector<NodeIndex> line = game.tree.main_line();
  CHECK(positions.deltas[line[2]].removed == std::vector<Occupant>{{pt(2, 7), 1}});
  CHECK(positions.deltas[line[2]].placed == std::vector<Occupant>{{pt(7, 2), 2}});
  CHECK(positions.hashes[line[4]] == positions.hashes[line[3]]);
}

TEST_CASE("twixt swap-sides and swap-pieces", "[positions]") {
  auto pos = new_position(empty_game(Family::kTwixt, 24, 24));
  REQUIRE(pos.ok());
  Position& p = **pos;
  REQUIRE(p.play(test::place(1, 3, 10)));
  const std::uint64_t one = p.hash();
  REQUIRE(p.play(test::special(2, MoveKind::kSwapSides)));
  CHECK(p.hash() == one);
  REQUIRE(p.play(test::special(2, MoveKind::kSwapPieces)));
  CHECK(pegs(p) == "2:k4");
  auto again = p.play(test::special(2, MoveKind::kSwapPieces));
  REQUIRE(!again);
  CHECK(again.error().message == "swap-pieces by the seat whose peg is on the board (k4)");
  REQUIRE(p.play(test::place(1, 12, 12)));
  CHECK(!p.play(test::special(2, MoveKind::kSwapPieces)));
}

TEST_CASE("twixt binary-style long moves: autolink off, listed links only", "[positions]") {
  auto pos = new_position(empty_game(Family::kTwixt, 24, 24, "gtv2"));
  REQUIRE(pos.ok());
  Position& p = **pos;
  REQUIRE(p.play(test::place(1, 5, 5)));
  REQUIRE(p.play(test::place(1, 7, 6)));
  CHECK(links(p) == "1:f6-h7");
  Move quiet = test::place(1, 6, 7);
  quiet.autolink = false;
  auto pos2 = p.clone();
  REQUIRE(p.play(quiet));
  CHECK(links(p) == "1:f6-h7");
  // The same peg with the link f6-g8 listed (centre (11, 12), falling).
  quiet.links = {edit(true, 11, 12, -1)};
  auto added = pos2->play(quiet);
  REQUIRE(added);
  CHECK(links(added->links_added) == "1:f6-g8");
  CHECK(links(*pos2) == "1:f6-g8 1:f6-h7");
  auto twice = pos2->play(test::place(1, 20, 20));
  REQUIRE(twice);
  Move again;
  again.seat = 1;
  again.links = {edit(true, 11, 12, -1)};
  auto exists = pos2->play(again);
  REQUIRE(!exists);
  CHECK(exists.error().message == "link f6-g8 already exists");
}

TEST_CASE("twixt autolinking long moves: additions ignored from a binary tree only",
          "[positions]") {
  // The spec's long move with its addition \i'4 (i3-J5), autolinking: read
  // from SGF the addition counts; from a binary game tree (pbem_null = 1) it
  // is ignored, so the move hashes like the same move without it.
  const GameRecord sgf =
      sgf_game(std::string(kSpecPosition) + R"sgf(;B[-i'3][-J4'][\i'4][K4]))sgf");
  REQUIRE(sgf.tree.data(sgf.tree.main_line().back()).moves.front().autolink);
  GameRecord binary = sgf;
  binary.format = SourceFormat::kGameTree;
  binary.dialect = "gtv2";
  auto from_sgf = main_line_position(sgf);
  auto from_binary = main_line_position(binary);
  REQUIRE(from_sgf);
  REQUIRE(from_binary);
  CHECK(links(*from_sgf) == "2:i3-j5 2:i3-k4 2:j2-k4");
  CHECK(links(*from_binary) == "2:i3-k4 2:j2-k4");
  GameRecord bare = binary;
  Move& move = bare.tree.mutable_moves(bare.tree.main_line().back()).front();
  std::erase_if(move.links, [](const LinkEdit& e) { return e.add; });
  REQUIRE(move.links.size() == 2);
  auto without = main_line_position(bare);
  REQUIRE(without);
  CHECK(without->hash() == from_binary->hash());
  CHECK(without->hash() != from_sgf->hash());
}

TEST_CASE("twixt additions of unknown slope must not be ambiguous", "[positions]") {
  auto pos = new_position(empty_game(Family::kTwixt, 24, 24));
  REQUIRE(pos.ok());
  Position& p = **pos;
  // Four pegs around the steep centre (11, 12): f6, g8 and f8, g6.
  for (const Point& q : {pt(5, 5), pt(6, 7), pt(5, 7), pt(6, 5)}) {
    Move m = test::place(1, q.x, q.y);
    m.autolink = false;
    REQUIRE(p.play(m));
  }
  Move add;
  add.seat = 1;
  add.links = {edit(true, 11, 12, 0)};
  auto r = p.play(add);
  REQUIRE(!r);
  CHECK(r.error().message == "both links at f'7 are possible; the addition does not say which");
  add.links = {edit(true, 11, 12, 1)};
  REQUIRE(p.play(add));
  CHECK(links(p) == "1:f8-g6");
  add.links = {edit(true, 11, 12, -1)};
  r = p.play(add);
  REQUIRE(!r);
  CHECK(r.error().message == "link f6-g8 would cross link f8-g6");
}

TEST_CASE("twixt setup pegs get their links; AE removes a peg with its links", "[positions]") {
  auto pos = new_position(empty_game(Family::kTwixt, 24, 24));
  REQUIRE(pos.ok());
  Position& p = **pos;
  REQUIRE(
      p.apply_setup(std::vector<Property>{{"AW", {"e5", "f7"}, false}, {"AB", {"k10"}, false}}));
  CHECK(pegs(p) == "1:e5 1:f7 2:k10");
  CHECK(links(p) == "1:e5-f7");
  auto removed = p.apply_setup(std::vector<Property>{{"AE", {"f7"}, false}});
  REQUIRE(removed);
  CHECK(links(removed->links_removed) == "1:e5-f7");
  CHECK(links(p).empty());
  CHECK(p.hash() == main_line_position(sgf_game("(;GM[21];W[e5];B[k10])"))->hash());
}

TEST_CASE("twixt hashes are pinned and count links", "[positions]") {
  auto empty = new_position(empty_game(Family::kTwixt, 24, 24));
  REQUIRE(empty.ok());
  CHECK((*empty)->hash() == 0xb4052aba67855eecULL);
  auto linked = main_line_position(sgf_game("(;FF[4]GM[21]SZ[24];W[e5];B[k10];W[f7])"));
  REQUIRE(linked);
  CHECK(linked->hash() == 0xe0a4db3725509057ULL);
  // The same pegs without the link hash differently.
  auto unlinked = new_position(empty_game(Family::kTwixt, 24, 24));
  Move e5 = test::place(1, 4, 4);
  Move f7 = test::place(1, 5, 6);
  f7.autolink = false;
  REQUIRE((*unlinked)->play(e5));
  REQUIRE((*unlinked)->play(test::place(2, 10, 9)));
  REQUIRE((*unlinked)->play(f7));
  CHECK((*unlinked)->hash() != linked->hash());
}

}  // namespace
}  // namespace ludex
