// Hex swaps read by what the file itself says: a swap spelled as a
// swap-pieces ("swap-pieces", "SWAP", "swap") followed by another move of the
// same colour kept its stone (the players exchanged colours, as HexGui 1.0 and
// benzene's twogtp.py record it); followed by the other colour, the stone was
// reflected. Without a next move the AP decides (HexGui 0.x: swap-sides).
// docs/formats.md ("Swaps in Hex SGF") gives the evidence from real files.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/hex_points.h"
#include "games/position.h"
#include "importers/sgf/sgf_game.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::sgf_game;

// The stones after each node of the main line, as "1:a9 2:b10" (seat:point,
// ordered by column, then row).
std::vector<std::string> stones_along_main_line(const GameRecord& game) {
  std::vector<std::string> out;
  auto start = new_position(game);
  REQUIRE(start);
  std::unique_ptr<Position> pos = std::move(*start);
  for (const NodeIndex i : game.tree.main_line()) {
    REQUIRE(pos->apply_setup(game.tree.data(i).props));
    for (const Move& m : game.tree.data(i).moves) REQUIRE(pos->play(m));
    out.push_back(
        test::occupants_text(pos->occupants(), [](const Point& p) { return format_hex_point(p); }));
  }
  return out;
}

std::string sgf_root(const std::string& ap) {
  return "(;FF[4]" + (ap.empty() ? std::string() : "AP[" + ap + "]") + "GM[11]SZ[11]";
}

const std::vector<std::string> kSpellings = {"swap-pieces", "SWAP", "swap"};
const std::vector<std::string> kApplications = {"HexGui:0.9.0",   "HexGui:0.2",      "HexGui:1.0.",
                                                "HexGui:1.0.200", "Hex-benzene:0.1", ""};

TEST_CASE("hex swap followed by the same colour keeps the stone, in every spelling and AP",
          "[positions][swap]") {
  for (const std::string& ap : kApplications) {
    for (const std::string& spelling : kSpellings) {
      // a9 mirrored is i1: White plays i1 later, which only the reading
      // "the stone stays" allows. The real games look like this
      // (benzene regression/sgf/games/olympiad, e.g. 08/six-wolve-2.sgf).
      const std::string text =
          sgf_root(ap) + ";B[a9];W[" + spelling + "];W[b10];B[c10];W[i1];B[b9])";
      INFO(text);
      const GameRecord game = sgf_game(text);
      CHECK(game.warnings.empty());
      const std::vector<NodeIndex> line = game.tree.main_line();
      REQUIRE(line.size() == 7);
      CHECK(game.tree.data(line[2]).moves.front().kind == MoveKind::kSwapSides);
      const GamePositions positions = compute_positions(game);
      CHECK(positions.warnings.empty());
      for (const NodeIndex i : line) CHECK(positions.hashes[i] != 0);
      CHECK(stones_along_main_line(game) ==
            std::vector<std::string>{"", "1:a9", "1:a9", "1:a9 2:b10", "1:a9 2:b10 1:c10",
                                     "1:a9 2:b10 1:c10 2:i1", "1:a9 1:b9 2:b10 1:c10 2:i1"});
      // Export writes the swap as the file spelled it.
      CHECK(write_sgf_game(game).find("W[" + spelling + "]") != std::string::npos);
    }
  }
}

TEST_CASE("hex swap followed by the other colour reflects the stone, in every spelling and AP",
          "[positions][swap]") {
  for (const std::string& ap : kApplications) {
    for (const std::string& spelling : kSpellings) {
      // a9 is reflected to White's i1; Black may then play a9 again.
      const std::string text = sgf_root(ap) + ";B[a9];W[" + spelling + "];B[a9];W[c3])";
      INFO(text);
      const GameRecord game = sgf_game(text);
      CHECK(game.warnings.empty());
      const std::vector<NodeIndex> line = game.tree.main_line();
      REQUIRE(line.size() == 5);
      CHECK(game.tree.data(line[2]).moves.front().kind == MoveKind::kSwapPieces);
      const GamePositions positions = compute_positions(game);
      CHECK(positions.warnings.empty());
      CHECK(stones_along_main_line(game) ==
            std::vector<std::string>{"", "1:a9", "2:i1", "1:a9 2:i1", "1:a9 2:c3 2:i1"});
      CHECK(write_sgf_game(game).find("W[" + spelling + "]") != std::string::npos);
    }
  }
}

TEST_CASE("hex swap as the last move: the AP decides", "[positions][swap]") {
  auto swap_kind = [](const std::string& text) {
    const GameRecord game = sgf_game(text);
    return game.tree.data(game.tree.main_line().back()).moves.front().kind;
  };
  CHECK(swap_kind(sgf_root("HexGui:0.9.0") + ";B[a9];W[swap-pieces])") == MoveKind::kSwapSides);
  CHECK(swap_kind(sgf_root("HexGui:1.0.") + ";B[a9];W[swap-pieces])") == MoveKind::kSwapPieces);
  CHECK(swap_kind(sgf_root("Hex-benzene:0.1") + ";B[a9];W[SWAP])") == MoveKind::kSwapPieces);
  CHECK(swap_kind(sgf_root("") + ";B[a9];W[swap])") == MoveKind::kSwapPieces);
}

TEST_CASE("hex swap: nodes without moves are skipped, swap-sides keeps its name",
          "[positions][swap]") {
  // A comment-only node between the swap and the next move.
  const GameRecord commented =
      sgf_game(sgf_root("HexGui:1.0.") + ";B[a9];W[swap-pieces];C[thinking];W[i1])");
  CHECK(commented.warnings.empty());
  CHECK(compute_positions(commented).warnings.empty());
  CHECK(stones_along_main_line(commented).back() == "1:a9 2:i1");
  // An explicit swap-sides is never reflected, whoever moves next.
  const GameRecord sides = sgf_game(sgf_root("HexGui:1.0.") + ";B[a9];W[swap-sides];B[i1])");
  CHECK(sides.tree.data(sides.tree.main_line()[2]).moves.front().kind == MoveKind::kSwapSides);
}

TEST_CASE("hex swap: the main line's next move decides, variations follow it",
          "[positions][swap]") {
  // Variation 1 (the main line) moves White again: the stone stays, and so it
  // does in the second variation too (one swap node, one meaning).
  const GameRecord game =
      sgf_game(sgf_root("HexGui:1.0.") + ";B[a9];W[swap-pieces](;W[i1])(;B[b2]))");
  CHECK(game.warnings.empty());
  CHECK(game.tree.data(2).moves.front().kind == MoveKind::kSwapSides);
  CHECK(compute_positions(game).warnings.empty());
}

TEST_CASE("hex Little Golem swap stays a swap-pieces", "[positions][swap]") {
  // Little Golem labels seat 1's moves W; its swap is followed by the other
  // label, as in all 996 swaps of the corpus.
  const GameRecord game =
      sgf_game("(;FF[4]EV[hex.ch.1]PB[a]PW[b]SZ[13];W[ce];B[swap];W[ce];B[dd])");
  CHECK(game.dialect == "littlegolem");
  CHECK(game.tree.data(2).moves.front().kind == MoveKind::kSwapPieces);
  CHECK(compute_positions(game).warnings.empty());
}

}  // namespace
}  // namespace ludex
