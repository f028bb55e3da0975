// What the opening explorer takes from a game, computed before the game is
// stored (prepare_game, derive/prepared_game.h): an import's parse workers
// prepare it away from the one writer thread (docs/schema.md, "What the
// writer does not do"), and the explorer's store adds the ids the game is
// stored under as it copies the visits (ExplorerStoreWriter::add).
//
// Thread-safety: the prepare functions are pure and may run on any thread
// (each reuses a buffer of its own thread); a PreparedExplorerGame belongs
// to one thread at a time.
#ifndef LUDEX_DERIVE_EXPLORER_PREPARE_H_
#define LUDEX_DERIVE_EXPLORER_PREPARE_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "derive/continuation_tally.h"
#include "derive/explorer_visits.h"
#include "derive/game_layout.h"
#include "games/position.h"

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

  // What it holds (a memory budget counts it). The visits are those of
  // game id 0, their children's node ids counted from 0; their moves point
  // into moves().
  const std::vector<Continuation>& moves() const { return moves_; }
  const std::vector<ExplorerVisit>& visits() const { return visits_; }

 private:
  friend PreparedExplorerGame prepare_explorer_visits(const GameRecord&, const GamePositions&,
                                                      const GameLayout&, std::string_view);
  std::vector<Continuation> moves_;    // reserved whole: visits_ point into it
  std::vector<ExplorerVisit> visits_;  // empty for a stream that does not read
};

// Gives a prepared visit (of game id 0, its children's node ids counted
// from 0) the ids its game is stored under: game_id, and first_node_id
// added to each move's child. Its moves are interned in `moves` when it is
// not null, and otherwise keep pointing where they did.
void place_visit(std::int64_t game_id, std::int64_t first_node_id, MoveTable* moves,
                 OwnedVisit* visit);

// The game's visits, from `stream`, its position stream as GameStore stores
// it (encode_stored_positions); layout must be compute_game_layout(game).
// No visit for a stream that does not read.
PreparedExplorerGame prepare_explorer_visits(const GameRecord& game, const GamePositions& positions,
                                             const GameLayout& layout, std::string_view stream);

// The same from positions.stream; nullopt when the game has none (a board
// without a stream, or positions not computed).
std::optional<PreparedExplorerGame> prepare_explorer_game(const GameRecord& game,
                                                          const GamePositions& positions,
                                                          const GameLayout& layout);

}  // namespace ludex

#endif  // LUDEX_DERIVE_EXPLORER_PREPARE_H_
