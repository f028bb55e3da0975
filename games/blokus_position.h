// Blokus-family positions (all 18 Pentobi variants) and piece identification.
#ifndef LUDEX_GAMES_BLOKUS_POSITION_H_
#define LUDEX_GAMES_BLOKUS_POSITION_H_

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "games/position.h"

namespace ludex {

// A new empty Blokus position for game.variant (a Pentobi GM string). Error
// for an unknown variant.
Result<std::unique_ptr<Position>> new_blokus_position(const GameRecord& game);
// The same for board.variant, on a board of board.columns x board.rows (0
// for the variant's own).
Result<std::unique_ptr<Position>> new_blokus_position(const Board& board);

// The Pentobi name of the piece that covers exactly `points` (in the
// variant's coordinates; any order) in the variant's geometry, up to the
// rotations and reflections that geometry allows. Error if the points are off
// the board or form no piece of the variant.
Result<std::string> identify_blokus_piece(const std::string& variant,
                                          std::span<const Point> points);

}  // namespace ludex

#endif  // LUDEX_GAMES_BLOKUS_POSITION_H_
