// What a stored game gives the opening explorer (explorer_postings): its
// visits to the positions that may be kept, from the game as the writer
// stores it or as the database holds it (the two give the same visits);
// and the sorter that turns a bulk load's visits into kept positions. For
// code in schema/ only.
//
// Thread-safety: none; one thread.
#ifndef LUDEX_SCHEMA_EXPLORER_BUILD_H_
#define LUDEX_SCHEMA_EXPLORER_BUILD_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "core/game.h"
#include "games/position.h"
#include "games/position_stream.h"
#include "schema/continuation_tally.h"
#include "schema/explorer_store.h"

namespace ludex {

struct GameLayout;

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

// Calls visit for every stored game with a position stream, in game id
// order, read from the database as explorer_game_of reads the written game.
// Throws std::runtime_error for a stream or row that does not read.
void for_each_stored_game(SQLite::Database& db,
                          const std::function<void(const ExplorerGame&)>& visit);

// Sorts (key, game, visit) records on disk, a bounded buffer in memory: a
// bulk load's visits arrive by game, the kept positions are written by key.
class VisitSorter {
 public:
  // A run of 16 MiB in memory (payloads and their references) at most.
  VisitSorter();
  // Runs of run_bytes (at most 1 GiB; tests make them small).
  explicit VisitSorter(std::size_t run_bytes);
  ~VisitSorter();
  VisitSorter(const VisitSorter&) = delete;
  VisitSorter& operator=(const VisitSorter&) = delete;

  // Adds a visit (a copy: its moves need not outlive the call). Requires
  // one visit per (key, game).
  void add(std::uint64_t key, const OwnedVisit& visit);
  // Calls visit(key, visit) for every visit added to a key whose visits'
  // nodes add up to at least min_nodes, in increasing (key, game id) order;
  // the other keys' visits are dropped. The visits' moves live until
  // finish() returns. Empties the sorter. Throws
  // std::runtime_error when a temporary file cannot be written or read.
  void finish(std::int64_t min_nodes,
              const std::function<void(std::uint64_t, const OwnedVisit&)>& visit);
  bool empty() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_BUILD_H_
