// Hex positions: placements, swaps, setup, hashes.
#include <catch2/catch.hpp>

#include "games/hex_points.h"
#include "games/position.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::empty_game;
using test::main_line_position;
using test::sgf_game;

std::string hex_stones(const Position& pos) {
  return test::occupants_text(pos.occupants(), [](const Point& p) { return format_hex_point(p); });
}

std::uint64_t final_hash(const GameRecord& game) {
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  return positions.hashes[game.tree.main_line().back()];
}

TEST_CASE("hex hashes are pinned", "[positions]") {
  // Stored databases depend on these values: a change here needs a new
  // kPositionHashVersion (core/zobrist.h).
  auto empty = new_position(empty_game(Family::kHex, 11, 11));
  REQUIRE(empty.ok());
  CHECK((*empty)->hash() == 0xfc90d2deb20ccdd3ULL);
  CHECK(final_hash(sgf_game("(;FF[4]GM[11]SZ[11];B[a1];W[b2];B[c3])")) == 0xfadf13edc4ab9b95ULL);
  CHECK(final_hash(sgf_game("(;FF[4]GM[11]SZ[13];B[g7])")) == 0x22d6d47b17bc3c2fULL);
}

TEST_CASE("hex hashes depend on the board, not on the order of moves", "[positions]") {
  const auto a = final_hash(sgf_game("(;FF[4]GM[11]SZ[11];B[a1];W[b2];B[c3])"));
  const auto b = final_hash(sgf_game("(;FF[4]GM[11]SZ[11];B[c3];W[b2];B[a1])"));
  const auto setup = final_hash(sgf_game("(;FF[4]GM[11]SZ[11]AB[a1][c3]AW[b2])"));
  const auto other_size = final_hash(sgf_game("(;FF[4]GM[11]SZ[12];B[a1];W[b2];B[c3])"));
  CHECK(a == b);
  CHECK(a == setup);
  CHECK(a != other_size);
}

TEST_CASE("hex swap-pieces reflects the first stone for seat 2", "[positions]") {
  const GameRecord game = sgf_game("(;FF[4]GM[11]SZ[11];B[c2];W[swap-pieces];B[c2])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  const std::vector<NodeIndex> line = game.tree.main_line();
  REQUIRE(line.size() == 4);
  // c2 = (2, 1) becomes White's b3 = (1, 2); c2 is free again.
  CHECK(positions.deltas[line[2]].removed == std::vector<Occupant>{{test::pt(2, 1), 1}});
  CHECK(positions.deltas[line[2]].placed == std::vector<Occupant>{{test::pt(1, 2), 2}});
  CHECK(positions.hashes[line[2]] == final_hash(sgf_game("(;FF[4]GM[11]SZ[11]AW[b3])")));
  auto end = main_line_position(game);
  REQUIRE(end);
  CHECK(hex_stones(*end) == "2:b3 1:c2");
}

TEST_CASE("hex swap-sides leaves the board as it is", "[positions]") {
  const GameRecord game = sgf_game("(;FF[4]GM[11]SZ[11];B[c2];W[swap-sides];B[d4])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  const std::vector<NodeIndex> line = game.tree.main_line();
  CHECK(positions.hashes[line[2]] == positions.hashes[line[1]]);
  CHECK(positions.deltas[line[2]].placed.empty());
  auto end = main_line_position(game);
  CHECK(hex_stones(*end) == "1:c2 1:d4");
}

TEST_CASE("hex swap after more than one stone, or off a rectangle, is illegal", "[positions]") {
  auto pos = new_position(empty_game(Family::kHex, 11, 11));
  REQUIRE(pos.ok());
  CHECK(!(*pos)->play(test::special(2, MoveKind::kSwapPieces)));
  REQUIRE((*pos)->play(test::place(1, 0, 0)));
  REQUIRE((*pos)->play(test::place(2, 3, 3)));
  const std::uint64_t before = (*pos)->hash();
  auto swap = (*pos)->play(test::special(2, MoveKind::kSwapPieces));
  REQUIRE(!swap);
  CHECK(swap.error().message == "swap-pieces needs exactly one stone on the board, not 2");
  CHECK((*pos)->hash() == before);

  auto wide = new_position(empty_game(Family::kHex, 6, 3));
  REQUIRE(wide.ok());
  REQUIRE((*wide)->play(test::place(1, 5, 0)));
  auto off = (*wide)->play(test::special(2, MoveKind::kSwapPieces));
  REQUIRE(!off);
  CHECK(off.error().message == "swap-pieces reflects f1 to a6, off the 6x3 board");
}

TEST_CASE("hex moves on occupied or missing cells are illegal", "[positions]") {
  auto pos = new_position(empty_game(Family::kHex, 5, 5));
  REQUIRE(pos.ok());
  REQUIRE((*pos)->play(test::place(1, 1, 1)));
  auto occupied = (*pos)->play(test::place(2, 1, 1));
  REQUIRE(!occupied);
  CHECK(occupied.error().message == "b2 is occupied");
  auto off = (*pos)->play(test::place(2, 5, 0));
  REQUIRE(!off);
  CHECK(off.error().message == "f1 is off the 5x5 board");
  CHECK(!(*pos)->play(test::place(0, 2, 2)));  // no seat
  CHECK(hex_stones(**pos) == "1:b2");
  for (MoveKind kind : {MoveKind::kPass, MoveKind::kResign, MoveKind::kForfeit,
                        MoveKind::kDrawOffer, MoveKind::kDrawAccept}) {
    CHECK((*pos)->play(test::special(2, kind)));
  }
  CHECK(!(*pos)->play(test::special(2, MoveKind::kUnknown)));
  CHECK(hex_stones(**pos) == "1:b2");
}

TEST_CASE("hex setup: AB is seat 1, AW seat 2, AE empties, PL is ignored", "[positions]") {
  auto pos = new_position(empty_game(Family::kHex, 11, 11));
  REQUIRE(pos.ok());
  const std::vector<Property> setup = {
      {"AB", {"a1", "b2"}, false}, {"AW", {"c3"}, false}, {"PL", {"W"}, false}};
  auto delta = (*pos)->apply_setup(setup);
  REQUIRE(delta);
  CHECK(delta->placed.size() == 3);
  CHECK(hex_stones(**pos) == "1:a1 1:b2 2:c3");
  REQUIRE((*pos)->apply_setup(std::vector<Property>{{"AE", {"b2"}, false}, {"AW", {"a1"}, false}}));
  CHECK(hex_stones(**pos) == "2:a1 2:c3");
  auto bad = (*pos)->apply_setup(std::vector<Property>{{"AB", {"d4", "z99"}, false}});
  REQUIRE(!bad);
  CHECK(bad.error().message == "setup AB: hex point 'z99' is off the 11x11 board");
  CHECK(hex_stones(**pos) == "2:a1 2:c3");  // unchanged
}

TEST_CASE("hex Little Golem: a swapped cell can be played again", "[positions]") {
  // Little Golem labels the first move W (played by PB = seat 1); swap is a
  // swap-pieces, so "ce" is empty again after it.
  const GameRecord game = sgf_game(
      "(;FF[4]EV[hex.mc.2010.oct.1.11]PB[a]PW[b]SZ[11]SO[https://www.littlegolem.net]"
      ";W[ce];B[swap];W[ce];B[dd])");
  REQUIRE(game.family == Family::kHex);
  REQUIRE(game.dialect == "littlegolem");
  const GamePositions positions = compute_positions(game);
  CHECK(positions.warnings.empty());
  auto end = main_line_position(game);
  REQUIRE(end);
  CHECK(hex_stones(*end) == "1:c5 2:d4 2:e3");
}

}  // namespace
}  // namespace ludex
