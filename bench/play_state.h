// Random legal play for the archive generator: a game in progress from which
// moves are drawn one at a time. Legality is ludex's own: every placement is
// checked by the Position rules of games/position.h (Blokus also by the
// generator's own placement search), so position computation never stops
// early on a generated game.
#ifndef LUDEX_BENCH_PLAY_STATE_H_
#define LUDEX_BENCH_PLAY_STATE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "bench/rng.h"
#include "core/game.h"

namespace ludex {

class PlayState {
 public:
  virtual ~PlayState() = default;
  // An independent copy, for starting a variation from this point.
  virtual std::unique_ptr<PlayState> clone() const = 0;
  // Chooses a legal move for the side to move, plays it and returns it;
  // nullopt when no legal move was found (the line ends there).
  virtual std::optional<Move> play_random(Rng& rng) = 0;
  // The seat that moves next.
  virtual std::int8_t to_move() const = 0;
};

struct BoardPlayOptions {
  std::int8_t first_seat = 1;
  // The special the second move is (kSwapPieces, kSwapSides), or nullopt
  // for an ordinary placement.
  std::optional<MoveKind> second_move;
  // Twixt Little Golem: placements that also offer a draw, per mille.
  std::uint32_t draw_offer_per_mille = 0;
};

// Hex, twixt and go: random empty points, kept when ludex's Position accepts
// them (go: no suicide; twixt: no corner or opponent border). The root
// node's setup properties are applied first. Throws std::logic_error when the
// record has no position rules (a generator bug).
std::unique_ptr<PlayState> new_board_play(const GameRecord& game, const BoardPlayOptions& options);

// Blokus Duo: random placements of the 21 pieces that touch a corner of the
// colour's own pieces (or cover its starting point) and no edge of them.
// Colours alternate; a colour with no placement found passes silently, as
// Pentobi records it. Throws std::logic_error as above.
std::unique_ptr<PlayState> new_blokus_duo_play(const GameRecord& game);
// The GM name of the variant new_blokus_duo_play plays: the one of the Duo
// board with the classic pieces (games/blokus_variants.h).
std::string_view blokus_duo_name();

}  // namespace ludex

#endif  // LUDEX_BENCH_PLAY_STATE_H_
