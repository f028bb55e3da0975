// The board a game is played on, as one value: what a position's hash, its
// symmetries, its stream and its drawing depend on besides its contents.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_BOARD_H_
#define LUDEX_GAMES_BOARD_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/game.h"

namespace ludex {

struct Board {
  Family family = Family::kOther;
  std::string variant;  // Blokus: Pentobi's GM name; another game: its GM; else ""
  // A dimension of 0 means unknown; a Blokus variant has its own size.
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  bool torus = false;  // Go on Little Golem's toroidal board, whose edges wrap
  friend bool operator==(const Board&, const Board&) = default;
};

// True if a Go game whose EV is `event` is played on a torus: Little Golem
// names its torus tournaments so ("go19.ld.TOROID"), in any case. The one
// place the rule is written.
bool is_torus_event(std::string_view event);

// The board of `game`: its family, variant and size as stored, and for Go
// whether the edges wrap (is_torus_event of its EV).
Board board_of(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_GAMES_BOARD_H_
