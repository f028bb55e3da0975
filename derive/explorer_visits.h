// What a game gives the opening explorer, without SQL: its visits to the
// positions the explorer may keep (docs/queries.md, "The opening
// explorer"), the rule of which positions those are, and the key they are
// kept under. schema/explorer/explorer_store.h stores the visits, and
// schema/explorer/explorer_build.h reads the same visits back from a database.
//
// Thread-safety: pure functions and single-thread objects.
#ifndef LUDEX_DERIVE_EXPLORER_VISITS_H_
#define LUDEX_DERIVE_EXPLORER_VISITS_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/game.h"
#include "core/node.h"
#include "core/small_vector.h"
#include "derive/continuation_tally.h"
#include "derive/game_layout.h"
#include "games/position.h"
#include "games/position_stream.h"

namespace ludex {

// The explorer's key of a position: its hash, and for the Blokus family,
// whose boards several variants share (Blokus Duo and Junior, the 20x20
// variants), the variant folded in, so that a variant's positions are its
// own. A fixed function of its arguments (persisted).
std::uint64_t explorer_key(Family family, std::string_view variant, std::uint64_t hash);

// A move played from the position by some child nodes of one game.
struct MoveVisit {
  const Continuation* move = nullptr;  // the move (its key fields), owned by the producer
  std::uint32_t count = 0;             // child nodes of the game playing it (>= 1)
  std::int64_t child = 0;              // the lowest of those nodes' ids
  // The first determined evaluation (not undetermined, not NaN) of that
  // lowest child node, when it has one.
  bool has_eval = false;
  Evaluation eval;
};

// One game at the position: every node of the game holding it, and the
// moves its children played (children without a move are not listed).
struct PositionVisit {
  std::int64_t game_id = 0;
  std::string_view date;             // games.date, "" when none; valid until the producer moves on
  std::int8_t winner = 0;            // games.winner
  std::uint32_t nodes = 0;           // nodes of the game with the position (>= 1)
  std::span<const MoveVisit> moves;  // distinct moves, in the producer's order
  // Which table `moves` point into. 0: the producer keeps each address to one
  // move for its whole life (PositionGatherer, MoveTable). Else a number no
  // other table had in this process: a PostingsReader reads each row's moves
  // into its own table, and the next row's table may reuse the addresses for
  // other moves, so a consumer that remembers addresses (ExplorerTally) must
  // forget them when this changes.
  std::uint64_t move_table = 0;
};

// Moves at stable addresses, each key once: what visits point to.
class MoveTable {
 public:
  // The table's copy of move's key fields (its counts are not kept).
  const Continuation* intern(const Continuation& move);
  void clear() { moves_.clear(); }
  std::size_t size() const { return moves_.size(); }

 private:
  // Node-based: an element keeps its address while others are added.
  std::unordered_set<Continuation, ContinuationKeyHash, ContinuationKeyEqual> moves_;
};

// A position is kept when at least this many nodes hold it...
inline constexpr std::int64_t kExplorerMinNodes = 32;
// ... and at most this many points of the board are occupied (stones, pegs;
// for the Blokus family cells, a piece covering up to five or six).
std::int32_t explorer_max_points(Family family);

// A game's visit to a position, owning what it points to (the move table
// stays the producer's: ExplorerGame::moves, a row's table, ...).
struct OwnedVisit {
  std::string variant;  // the game's, for a Blokus game; else ""
  std::int64_t game_id = 0;
  std::string date;
  std::int8_t winner = 0;
  std::uint32_t nodes = 0;
  // Sorted by the move's key; most visits have one or two (in place).
  SmallVector<MoveVisit, 2> moves;
  PositionVisit view() const {
    PositionVisit v;
    v.game_id = game_id;
    v.date = date;
    v.winner = winner;
    v.nodes = nodes;
    v.moves = moves;
    return v;
  }
};

// A game's visit to a position that may be kept: its explorer key
// (explorer_key()), its position hash, the visit.
struct ExplorerVisit {
  std::uint64_t key = 0;
  std::uint64_t hash = 0;
  OwnedVisit visit;
};

// A node as the explorer reads it, by pre-order index.
struct ExplorerNode {
  std::uint64_t hash = 0;     // nodes.position_hash; 0 = none (an illegal move above)
  std::uint32_t parent = 0;   // pre-order index of the parent; the root's own
  std::int32_t occupied = 0;  // points occupied at the node
  bool has_move = false;      // the node has a move (setup-only nodes have none)
  Continuation move;          // its first move: key fields, points sorted, Blokus piece
  bool has_eval = false;      // its first determined evaluation
  Evaluation eval;
};

struct ExplorerGame {
  std::int64_t game_id = 0;
  std::int64_t first_node_id = 0;
  Family family = Family::kOther;
  std::string variant;
  std::int8_t winner = 0;
  std::string date;
  std::vector<ExplorerNode> nodes;  // pre-order
};

// The game's visits to every position it holds with at most
// explorer_max_points() points occupied, one per position, in the order of
// their first nodes; moves interned in `moves`, or when it is null pointing into
// game.nodes (valid while the game is: for a consumer that copies the
// visits at once, as VisitSorter::add).
std::vector<ExplorerVisit> explorer_visits(const ExplorerGame& game, MoveTable* moves);

// The game as GameStore writes it: layout its pre-order, `stream` its
// position stream (encode_stored_positions), read against `board`.
// Sets what explorer_visits() reads: a node's move and evaluation only
// where its parent's position may be kept. *out may hold an earlier game
// (its buffers are reused). Returns false (and leaves *out unspecified) for
// a stream that does not read.
bool explorer_game_of(const GameRecord& game, const GamePositions& positions,
                      const GameLayout& layout, std::string_view stream, const StreamBoard& board,
                      std::int64_t game_id, std::int64_t first_node_id, ExplorerGame* out);

// Reads a stream's structure into game->nodes (already sized, one per
// node of the game): parents, occupied points, and into *pieces (resized to
// the nodes) the Blokus piece of each placing move. False for a stream
// that does not read or does not hold one node per game node.
bool read_explorer_stream(std::string_view stream, const StreamBoard& board,
                          std::vector<std::string>* pieces, ExplorerGame* game);

}  // namespace ludex

#endif  // LUDEX_DERIVE_EXPLORER_VISITS_H_
