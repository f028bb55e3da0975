// The explorer's visits prepared on a parse worker (prepare_explorer_game)
// and placed by the explorer's store (place_visit) equal the visits of the
// stored game
// (explorer_game_of, explorer_visits), in every family, with variations,
// evaluations, a swap and Blokus pieces, with and without a move table.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "derive/explorer_prepare.h"
#include "derive/explorer_visits.h"
#include "derive/game_layout.h"
#include "games/position_stream.h"
#include "tests/unit/games/positions_test_util.h"
#include "tests/unit/schema/visit_text.h"

namespace ludex {
namespace {

// Every visit: its key, its position's hash and its fields.
std::string text(const std::vector<ExplorerVisit>& visits) {
  std::string out;
  for (const ExplorerVisit& e : visits) {
    out += test::visit_text(e.key, e.visit) + " h" + std::to_string(e.hash) + "\n";
  }
  return out;
}

// The prepared visits as the explorer's store keeps them for game_id.
std::vector<ExplorerVisit> placed(const PreparedExplorerGame& prepared, std::int64_t game_id,
                                  std::int64_t first_node, MoveTable* moves) {
  std::vector<ExplorerVisit> visits = prepared.visits();
  for (ExplorerVisit& v : visits) place_visit(game_id, first_node, moves, &v.visit);
  return visits;
}

}  // namespace

TEST_CASE("visits prepared on a worker equal the writer's own, in every family",
          "[derive][explorer]") {
  const std::vector<std::string> sgfs = {
      "(;GM[1]SZ[9]RE[B+R]DT[2021-03-04];B[cc];W[gg](;B[cg]C[0.6];W[gc];B[ee])(;B[gc];W[cg])"
      "(;B[cg];W[ee]))",
      "(;GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])",
      "(;GM[11]SZ[11]AP[HexGui:1.0]RE[W+];B[a1];W[swap];B[c3](;W[d4])(;W[e5];B[f6]))",
      "(;FF[4]GM[21]SZ[24];W[c8];B[h3];W[d10](;B[j4];W[e12])(;B[j5]))",
      "(;GM[Blokus Duo]CA[UTF-8];B[e10,e11,e12];W[j5,j4,k4,k5];B[f9,g9])",
  };
  const std::int64_t game_id = 77;
  const std::int64_t first_node = 1000;
  for (const std::string& sgf : sgfs) {
    CAPTURE(sgf);
    const GameRecord game = test::sgf_game(sgf);
    REQUIRE(game.tree.size() > 1);
    GamePositions positions = compute_positions(game);
    attach_position_stream(game, &positions);
    REQUIRE_FALSE(positions.stream.empty());
    const GameLayout layout = compute_game_layout(game);
    const std::optional<StreamBoard> board = stream_board(game);
    REQUIRE(board);

    ExplorerGame own;
    REQUIRE(explorer_game_of(game, positions, layout, positions.stream, *board, game_id, first_node,
                             &own));
    const std::string expected = text(explorer_visits(own, nullptr));
    REQUIRE_FALSE(expected.empty());

    std::optional<PreparedExplorerGame> bulk = prepare_explorer_game(game, positions, layout);
    REQUIRE(bulk);
    CHECK_FALSE(bulk->visits().empty());
    // Moved after it was prepared, as the pipeline moves it: its moves go along.
    PreparedExplorerGame moved = std::move(*bulk);
    CHECK(text(placed(moved, game_id, first_node, nullptr)) == expected);

    MoveTable table;
    std::optional<PreparedExplorerGame> interned = prepare_explorer_game(game, positions, layout);
    REQUIRE(interned);
    const std::vector<ExplorerVisit> visits = placed(*interned, game_id, first_node, &table);
    CHECK(text(visits) == expected);
    CHECK(table.size() > 0);
    for (const ExplorerVisit& v : visits) {
      for (const MoveVisit& m : v.visit.moves) CHECK(table.intern(*m.move) == m.move);
    }
  }
}

TEST_CASE("an evaluation of -0 is taken as 0, as the database gives it back",
          "[derive][explorer]") {
  // Regression: the postings of a game with V[-0] held the bits of -0.0
  // where a rebuild from the database held 0, and ludex check at 1M games
  // reported the position.
  const GameRecord game = test::sgf_game("(;GM[1]SZ[9];B[cc]V[-0];W[gg]V[0.5])");
  GamePositions positions = compute_positions(game);
  attach_position_stream(game, &positions);
  const GameLayout layout = compute_game_layout(game);
  const std::optional<StreamBoard> board = stream_board(game);
  REQUIRE(board);
  ExplorerGame own;
  REQUIRE(explorer_game_of(game, positions, layout, positions.stream, *board, 1, 1, &own));
  REQUIRE(own.nodes.size() == 3);
  REQUIRE(own.nodes[1].has_eval);
  CHECK(own.nodes[1].eval.value == 0);
  CHECK_FALSE(std::signbit(own.nodes[1].eval.value));
}

TEST_CASE("a game without a position stream is not prepared", "[derive][explorer]") {
  const GameRecord game = test::sgf_game("(;GM[1]SZ[9];B[cc])");
  const GamePositions positions = compute_positions(game);  // no stream attached
  CHECK_FALSE(prepare_explorer_game(game, positions, compute_game_layout(game)));
}

}  // namespace ludex
