// The board value (games/board.h): the torus rule, board_of, and positions
// made from a Board alone hashing as the game's own do.
#include <catch2/catch.hpp>

#include "games/board.h"
#include "games/position.h"
#include "games/symmetry.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::sgf_game;

TEST_CASE("the torus rule: a Go game whose EV names TOROID, in any case", "[board]") {
  CHECK(is_torus_event("go19.ld.TOROID"));
  CHECK(is_torus_event("Toroid go"));
  CHECK_FALSE(is_torus_event("go19.ld"));
  CHECK_FALSE(is_torus_event(""));
  CHECK(board_of(sgf_game("(;GM[1]SZ[9]EV[go9.TOROID];B[aa])")).torus);
  CHECK_FALSE(board_of(sgf_game("(;GM[1]SZ[9]EV[go9];B[aa])")).torus);
  // Only Go has a torus: another family's EV says nothing of its board.
  CHECK_FALSE(board_of(sgf_game("(;GM[11]SZ[9]EV[hex.TOROID];B[aa])")).torus);
}

TEST_CASE("board_of keeps the game's family, variant and size", "[board]") {
  const Board go = board_of(sgf_game("(;GM[1]SZ[13:9];B[aa])"));
  CHECK(go == Board{Family::kGo, "", 13, 9, false});
  const Board duo = board_of(sgf_game("(;GM[Blokus Duo])"));
  CHECK(duo.family == Family::kBlokus);
  CHECK(duo.variant == "Blokus Duo");
  CHECK(duo.columns == 14);
  CHECK(duo.rows == 14);
}

TEST_CASE("a position made from a board hashes as the game's own empty board", "[board]") {
  for (const char* sgf :
       {"(;GM[1]SZ[9]EV[go9.TOROID];B[aa])", "(;GM[1]SZ[19]RU[NZ];B[aa])", "(;GM[11]SZ[11];B[aa])",
        "(;GM[21]SZ[24]RU[PP];W[ee])", "(;GM[Blokus Trigon])"}) {
    INFO(sgf);
    const GameRecord game = sgf_game(sgf);
    const auto from_game = new_position(game);
    const auto from_board = new_position(board_of(game));
    REQUIRE(from_game.ok());
    REQUIRE(from_board.ok());
    CHECK((*from_board)->hash() == (*from_game)->hash());
    CHECK(hash_contents(board_of(game), {}, {}) == (*from_game)->hash());
  }
  // The torus is part of the hash: the same stones on a plain board differ.
  const Board torus{Family::kGo, "", 9, 9, true};
  Board plain = torus;
  plain.torus = false;
  const Occupant stone{test::pt(2, 2), 1};
  CHECK(hash_contents(torus, {&stone, 1}, {}) != hash_contents(plain, {&stone, 1}, {}));
  CHECK_FALSE(new_position(Board{Family::kOther, "Chess", 8, 8, false}).ok());
  CHECK_FALSE(new_position(Board{Family::kBlokus, "Blokus Nine", 0, 0, false}).ok());
}

}  // namespace
}  // namespace ludex
