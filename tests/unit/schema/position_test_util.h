// Games with hand-made positions for the position tests, and a reference
// implementation of every node filter that works on the GamePositions in
// memory (no SQL), to check find_nodes / count_nodes / explore_position against.
#ifndef LUDEX_TESTS_UNIT_SCHEMA_POSITION_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_SCHEMA_POSITION_TEST_UTIL_H_

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/position.h"
#include "schema/database.h"
#include "schema/explorer_query.h"
#include "schema/position_query.h"

namespace ludex::testing {

// A stone (or peg) of colour `color` at (x, y).
inline Occupant stone(int x, int y, int color) {
  return Occupant{Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)},
                  static_cast<std::int8_t>(color)};
}

// The full state after a node, as the reference sees it.
struct TestPosition {
  std::set<Occupant> stones;
  std::set<TwixtLink> links;
  std::set<std::pair<std::string, std::int8_t>> pieces;  // (name, colour)
};

struct PositionedGame {
  GameRecord record;
  GamePositions positions;
};

// A builder for hand-written trees: every node gets a delta; hashes follow
// from the positions (equal positions, equal hashes).
class GameBuilder {
 public:
  GameBuilder(Family family, std::vector<std::string> players, std::int8_t winner = 0);

  // A child of parent (kNoNode: the root, which must come first) with one
  // placing move of seat `color` at the first placed point (or a pass when
  // nothing is placed), changing the position by placed / removed.
  NodeIndex node(NodeIndex parent, std::vector<Occupant> placed,
                 std::vector<Occupant> removed = {});
  // The board's side (9 unless set; Blokus: the classic 20). Points must
  // lie on it, or the game gets no stream (and position search skips it).
  void size(std::int32_t side);
  // Adds to a node's delta.
  void links(NodeIndex node, std::vector<TwixtLink> added, std::vector<TwixtLink> removed = {});
  void piece(NodeIndex node, std::string name);
  void evaluation(NodeIndex node, double value, EvalSource source = EvalSource::kGameTree,
                  bool undetermined = false);
  // The node and its subtree get hash 0 ("not computed").
  void unhashed(NodeIndex node);

  // Fills in the hashes and returns the game.
  PositionedGame build() const;

 private:
  PositionedGame game_;
  std::vector<char> unhashed_;
};

// A random game of family (go, hex, twixt or blokus) on a board of `size`
// (small: points are placed, captured and placed again often), with
// variations, captures and re-placements, setup, links or pieces,
// evaluations and a few unhashed subtrees.
PositionedGame random_game(Family family, std::mt19937& rng, int nodes,
                           const std::vector<std::string>& player_pool, int size = 5);

// The positions of every node (indexed by NodeIndex), by applying the
// deltas from the root: removals first, then placements (the deltas built
// here never list a feature twice in one node).
std::vector<TestPosition> replay(const PositionedGame& game);

// The hash the builders give a position.
std::uint64_t test_hash(Family family, const TestPosition& position);

// Stores the games in one batch under one file; returns their ids.
std::vector<std::int64_t> store_positioned(Database& db, const std::string& file,
                                           const std::vector<PositionedGame>& games);

// What the reference finds: (game id, node id) in order, from the stored
// games (game_ids[i] is the id of games[i]; node ids follow from the
// games' first node ids in the database and the pre-order).
struct ExpectedHit {
  std::int64_t game_id = 0;
  std::int64_t node_id = 0;
  std::int32_t depth = 0;
  std::int32_t move_number = 0;
  friend bool operator==(const ExpectedHit&, const ExpectedHit&) = default;
};
class Reference {
 public:
  Reference(Database& db, const std::vector<PositionedGame>& games,
            const std::vector<std::int64_t>& game_ids);

  // Supports the filter's position (patterns too), hash, evaluation,
  // main-line, first and limit conditions, and from its GameFilter only family and players
  // (exact names, case-insensitive ASCII, no wildcards).
  std::vector<ExpectedHit> find(const NodeFilter& filter) const;
  // The moves played from the position `hash` in the games of `filter`, by
  // the explorer's rule (schema/explorer_query.h): a game once for the
  // position and once per move; copies (games.duplicate_of) left out unless
  // all_copies.
  PositionReport continuations(std::uint64_t hash, const GameFilter& filter,
                               bool all_copies = false) const;

  struct Node {
    std::int64_t game_id = 0;
    std::int64_t node_id = 0;
    std::size_t game = 0;  // index into games
    NodeIndex index = 0;
    NodeIndex parent = kNoNode;
    std::int32_t depth = 0;
    std::int32_t move_number = 0;
    bool main_line = false;
    std::uint64_t hash = 0;
    TestPosition position;
  };
  // Every node of every game, in node id order.
  const std::vector<Node>& nodes() const { return nodes_; }

 private:
  bool game_matches(std::size_t game, const GameFilter& filter) const;
  bool node_matches(const Node& node, const NodeFilter& filter) const;

  const std::vector<PositionedGame>& games_;
  std::vector<Node> nodes_;
  std::vector<std::size_t> first_of_game_;  // games index -> position in nodes_
  std::set<std::int64_t> copies_;           // game ids with duplicate_of set
};

}  // namespace ludex::testing

#endif  // LUDEX_TESTS_UNIT_SCHEMA_POSITION_TEST_UTIL_H_
