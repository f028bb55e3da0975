// compute_positions: the iterative walk, warnings, and trees of extreme shape.
#include <catch2/catch.hpp>

#include "core/zobrist.h"
#include "games/position.h"
#include "games/position_support.h"
#include "importers/t1/t1_game.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::empty_game;
using test::sgf_game;

TEST_CASE("walk: an illegal move stops its subtree only", "[positions]") {
  const GameRecord game = sgf_game(
      "(;FF[4]GM[11]SZ[5];B[a1]\n"
      "(;W[a1];B[b1];W[c1])\n"
      "(;W[b2];B[c3]))");
  REQUIRE(game.tree.size() == 7);
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.size() == 1);
  const Diagnostic& w = positions.warnings.front();
  CHECK(w.severity == Severity::kWarning);
  CHECK(w.game_index == game.game_index);
  CHECK(w.pos.line == 2);
  CHECK(w.pos.column == 2);
  CHECK(w.message == "move 2 (W a1): a1 is occupied; positions are not computed below this node");
  // Pre-order: 0 root, 1 B[a1], 2 W[a1], 3 B[b1], 4 W[c1], 5 W[b2], 6 B[c3].
  CHECK(positions.hashes[0] != 0);
  CHECK(positions.hashes[1] != 0);
  CHECK(positions.hashes[2] == 0);
  CHECK(positions.hashes[3] == 0);
  CHECK(positions.hashes[4] == 0);
  CHECK(positions.hashes[5] != 0);
  CHECK(positions.hashes[6] != 0);
  CHECK(positions.deltas[2].placed.empty());
  CHECK(positions.deltas[6].placed == std::vector<Occupant>{{test::pt(2, 2), 1}});
  CHECK(positions.hashes[6] ==
        compute_positions(sgf_game("(;GM[11]SZ[5]AB[a1][c3]AW[b2])")).hashes[0]);
}

TEST_CASE("walk: siblings start from their parent's position", "[positions]") {
  const GameRecord game =
      sgf_game("(;GM[11]SZ[5](;B[a1](;W[b1])(;W[c1]))(;B[a1];W[c1])(;B[e5](;W[b1])(;W[c1])))");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  // Pre-order: 0, 1 B[a1], 2 W[b1], 3 W[c1], 4 B[a1], 5 W[c1], 6 B[e5], 7 W[b1], 8 W[c1].
  CHECK(positions.hashes[1] == positions.hashes[4]);
  CHECK(positions.hashes[3] == positions.hashes[5]);
  CHECK(positions.hashes[2] != positions.hashes[3]);
  CHECK(positions.hashes[7] != positions.hashes[2]);
  CHECK(positions.hashes[8] == compute_positions(sgf_game("(;GM[11]SZ[5]AB[e5]AW[c1])")).hashes[0]);
}

TEST_CASE("walk: setup errors and families without rules", "[positions]") {
  const GamePositions bad = compute_positions(sgf_game("(;GM[11]SZ[5]AB[f1];B[a1])"));
  REQUIRE(bad.warnings.size() == 1);
  CHECK(bad.warnings.front().message ==
        "setup AB: hex point 'f1' is off the 5x5 board; positions are not computed below this "
        "node");
  CHECK(bad.hashes == std::vector<std::uint64_t>{0, 0});

  const GameRecord other = sgf_game("(;GM[2];B[aa];W[bb])");
  REQUIRE(other.family == Family::kOther);
  const GamePositions none = compute_positions(other);
  CHECK(none.warnings.empty());
  CHECK(none.hashes == std::vector<std::uint64_t>(3, 0));
  CHECK(none.deltas.size() == 3);
  auto no_rules = new_position(other);
  REQUIRE(!no_rules);
  CHECK(no_rules.error().message == "no position rules for other games");

  GameRecord huge = empty_game(Family::kHex, 0, 11);
  const GamePositions sizeless = compute_positions(huge);
  REQUIRE(sizeless.warnings.size() == 1);
  CHECK(sizeless.warnings.front().message.rfind("no hex positions on a board of 0x11", 0) == 0);
}

TEST_CASE("walk: a million-deep line", "[positions]") {
  constexpr std::size_t kDepth = 1000000;
  GameRecord game = empty_game(Family::kGo, 19, 19);
  game.tree.reserve(kDepth + 1);
  NodeIndex node = 0;
  for (std::size_t i = 0; i < kDepth; ++i) {
    node = game.tree.add_child(node);
    // A black stone every 997 nodes on the even rows (171 of them, so the odd
    // rows stay empty), passes in between, empty nodes elsewhere.
    if (i % 997 == 0 && i / 997 < 171) {
      const int k = static_cast<int>(i / 997);
      game.tree.add_move(node, test::place(1, k % 19, 2 * (k / 19)));
    } else if (i % 2 == 0) {
      game.tree.add_move(node, test::special(2, MoveKind::kPass));
    }
  }
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.hashes.size() == kDepth + 1);
  CHECK(positions.warnings.empty());
  std::size_t zero = 0;
  for (std::uint64_t h : positions.hashes) zero += h == 0 ? 1 : 0;
  CHECK(zero == 0);
  CHECK(positions.hashes[kDepth] == positions.hashes[kDepth - 1]);
}

TEST_CASE("walk: a node with 65535 children", "[positions]") {
  constexpr int kChildren = 65535;
  GameRecord game = empty_game(Family::kHex, 11, 11);
  game.tree.reserve(2 * kChildren + 1);
  for (int i = 0; i < kChildren; ++i) {
    const NodeIndex child = game.tree.add_child(0);
    game.tree.add_move(child, test::place(1, i % 11, (i / 11) % 11));
    const NodeIndex grandchild = game.tree.add_child(child);
    // Every grandchild plays (5, 5): illegal below the children that took it.
    game.tree.add_move(grandchild, test::place(2, 5, 5));
  }
  const GamePositions positions = compute_positions(game);
  const std::size_t taken = kChildren / 121 + (kChildren % 121 > 5 * 11 + 5 ? 1 : 0);
  CHECK(positions.warnings.size() == taken);
  const std::uint64_t empty = positions.hashes[0];
  for (int i = 0; i < kChildren; ++i) {
    const NodeIndex child = static_cast<NodeIndex>(1 + 2 * i);
    const std::uint64_t stone = zobrist_key(kHexStoneDomain, 1, static_cast<std::uint32_t>(i % 11),
                                            static_cast<std::uint32_t>(i / 11 % 11));
    REQUIRE(positions.hashes[child] == (empty ^ stone));
    const bool centre = i % 11 == 5 && (i / 11) % 11 == 5;
    REQUIRE((positions.hashes[child + 1] == 0) == centre);
  }
}

TEST_CASE("walk: equal positions hash equally across dialects and formats", "[positions]") {
  // Twixt: GM[21] SGF, Little Golem and T1 all place White/b/player 1 on e15
  // and then Black/r/player 2 on p12.
  const GameRecord sgf = sgf_game("(;FF[4]GM[21]SZ[24];W[e15];B[p12])");
  const GameRecord lg = sgf_game(
      "(;FF[4]EV[twixt.ld.DEFAULT]PB[a]PW[b]SZ[24]SO[https://www.littlegolem.net];b[eo];r[pl])");
  const T1ParseOutput t1 = read_t1_game(
      "# File created by T1j\n#\n1 # version\nA # Name of player 1\nB # Name of player 2\n"
      "24 # y\n24 # x\nH #\nH #\n1 # starting player\nV #\nY #\nN #\ne15\np12\n");
  REQUIRE(t1.game);
  const auto end = [](const GameRecord& g) {
    return compute_positions(g).hashes[g.tree.main_line().back()];
  };
  CHECK(end(sgf) == end(lg));
  CHECK(end(sgf) == end(*t1.game));
  CHECK(end(sgf) != 0);
}

}  // namespace
}  // namespace ludex
