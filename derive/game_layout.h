// What the database's writer (GameWriter, schema/write/game_writer.h) derives from
// a game before it writes its rows (docs/schema.md, "nodes" and
// "evaluations"): the pre-order, each node's descendants, depth, moveless
// count and main-line flag, each evaluation's swing, the moves hash.
// Computed without the database (by prepare_game, derive/prepared_game.h),
// so that an import's parse workers can do it and leave the single writer
// thread only the writing. Depends on core/ only.
//
// Thread-safety: compute_game_layout is a pure function.
#ifndef LUDEX_DERIVE_GAME_LAYOUT_H_
#define LUDEX_DERIVE_GAME_LAYOUT_H_

#include <cstdint>
#include <vector>

#include "core/game.h"

namespace ludex {

struct GameLayout {
  std::vector<NodeIndex> order;  // the nodes in pre-order (node id = first + position)
  // By pre-order position:
  std::vector<std::uint32_t> descendants;  // nodes below it (subtree size - 1)
  std::vector<std::int32_t> depth;         // edges from the root
  std::vector<std::int32_t> moveless;   // nodes without a move from the root to it, both included
  std::vector<std::uint8_t> main_line;  // 1 on the game's main line
  // Every evaluation's swing, in pre-order and each node's evaluations in
  // order: |value - the parent's first determined value of the source|, NaN
  // where either is missing, undetermined or NaN.
  std::vector<double> swings;
  std::uint64_t moves_hash = 0;  // core/moves_hash.h, 0 = none
  std::int32_t main_line_moves = 0;
};

GameLayout compute_game_layout(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_DERIVE_GAME_LAYOUT_H_
