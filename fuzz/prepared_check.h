// The fuzz targets' check of the import's worker step: prepare_game
// (derive/prepared_game.h) of a game read from untrusted input, as the
// import's parse workers run it, must give positions, a layout, a stream
// and explorer visits that agree with the game. Header-only, shared by the
// targets that read games (see fuzz_check.h).
#ifndef LUDEX_FUZZ_PREPARED_CHECK_H_
#define LUDEX_FUZZ_PREPARED_CHECK_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/game.h"
#include "derive/prepared_game.h"
#include "fuzz/fuzz_check.h"

namespace ludex::fuzz {

// Prepares a copy of game and checks what it holds: hashes and deltas
// absent or one per node, every node once in the layout, features only
// with a stream, explorer visits only with a stream and pointing at the
// game's own nodes.
inline void check_prepared(const GameRecord& game, std::string_view who) {
  const std::string w(who);
  const PreparedGame p = prepare_game(GameRecord(game));
  const std::size_t nodes = game.tree.size();
  check(p.positions.hashes.empty() || p.positions.hashes.size() == nodes,
        w + ": position hashes are neither absent nor one per node");
  check(p.positions.deltas.empty() || p.positions.deltas.size() == nodes,
        w + ": position deltas are neither absent nor one per node");
  check(p.layout.order.size() == nodes && p.layout.depth.size() == nodes,
        w + ": the layout does not hold every node once");
  check(!p.positions.stream.empty() || p.positions.features.empty(),
        w + ": features without a position stream");
  check(!p.explorer || !p.positions.stream.empty(), w + ": explorer visits without a stream");
  if (p.explorer) {
    for (const ExplorerVisit& v : p.explorer->visits()) {
      check(v.visit.game_id == 0 && v.visit.nodes >= 1 && v.visit.nodes <= nodes,
            w + ": an explorer visit of another game, or of more nodes than the game has");
      for (const MoveVisit& m : v.visit.moves) {
        check(m.child > 0 && static_cast<std::size_t>(m.child) < nodes && m.count >= 1,
              w + ": an explorer move whose child is not a node of the game");
      }
    }
  }
}

}  // namespace ludex::fuzz

#endif  // LUDEX_FUZZ_PREPARED_CHECK_H_
