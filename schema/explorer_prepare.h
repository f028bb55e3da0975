// What the opening explorer takes from a game, computed before the game is
// stored: an import's parse workers prepare it away from the one writer
// thread (docs/schema.md, "What the writer does not do"; GameWriter prepares
// it itself for other callers), and GameWriter completes it with the ids the
// game is stored under.
//
// Thread-safety: the prepare functions are pure and may run on any thread
// (each reuses a buffer of its own thread); a PreparedExplorerGame belongs
// to one thread at a time.
#ifndef LUDEX_SCHEMA_EXPLORER_PREPARE_H_
#define LUDEX_SCHEMA_EXPLORER_PREPARE_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/game_layout.h"
#include "games/position.h"
#include "schema/continuation_tally.h"
#include "schema/explorer_store.h"

namespace ludex {

// A game's visits to the positions the explorer may keep, as
// explorer_visits() gives them for the game stored with game id 0 and
// first node id 0. The moves they point to are its own: their addresses
// stay when the object is moved.
class PreparedExplorerGame {
 public:
  PreparedExplorerGame() = default;
  PreparedExplorerGame(PreparedExplorerGame&&) noexcept = default;
  PreparedExplorerGame& operator=(PreparedExplorerGame&&) noexcept = default;
  PreparedExplorerGame(const PreparedExplorerGame&) = delete;
  PreparedExplorerGame& operator=(const PreparedExplorerGame&) = delete;

  // What it holds (a memory budget counts it).
  const std::vector<Continuation>& moves() const { return moves_; }
  const std::vector<ExplorerVisit>& visits() const { return visits_; }

  // Completes the visits for the game stored as game_id with first node
  // first_node_id, and returns them: explorer_visits() of that game. Their
  // moves are interned in `moves` when it is not null, and otherwise point
  // into this object. Call it once.
  const std::vector<ExplorerVisit>& complete(std::int64_t game_id, std::int64_t first_node_id,
                                             MoveTable* moves);

 private:
  friend PreparedExplorerGame prepare_explorer_visits(const GameRecord&, const GamePositions&,
                                                      const GameLayout&, std::string_view);
  std::vector<Continuation> moves_;    // reserved whole: visits_ point into it
  std::vector<ExplorerVisit> visits_;  // empty for a stream that does not read
};

// The game's visits, from `stream`, its position stream as GameStore stores
// it (encode_stored_positions); layout must be compute_game_layout(game).
// No visit for a stream that does not read.
PreparedExplorerGame prepare_explorer_visits(const GameRecord& game, const GamePositions& positions,
                                             const GameLayout& layout, std::string_view stream);

// The same from positions.stream; nullopt when the game has none (its
// stream is then encoded, and its visits prepared, by the writer).
std::optional<PreparedExplorerGame> prepare_explorer_game(const GameRecord& game,
                                                          const GamePositions& positions,
                                                          const GameLayout& layout);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_PREPARE_H_
