// Hex positions: stones of seat 1 and seat 2 on a board of any size
// (rectangular boards too).
//
// Rules:
//  * A placement puts the mover's stone on an empty cell of the board.
//  * swap-pieces: the board must hold exactly one stone, of the other seat;
//    it is replaced by the mover's stone on the reflected cell (x, y) ->
//    (y, x), which must be on the board.
//  * swap-sides, pass, resign, forfeit, draw offers: the board stays as it
//    is (the players exchange seats on swap-sides; stones keep their seat).
//  * Setup: AB = seat 1, AW = seat 2 (B moves first in GM[11]; the benzene
//    and HexGui setups in the corpus use them so), AE empties; a setup may
//    overwrite a stone. PL is not part of a position. Points are HexGui "e5",
//    or Little Golem bytes in the "littlegolem" dialect.
//  * Hash: board_key(hex, columns, rows) XOR kHexStoneDomain(seat, x, y) for
//    every stone (games/position_support.h).
#ifndef LUDEX_GAMES_HEX_POSITION_H_
#define LUDEX_GAMES_HEX_POSITION_H_

#include <memory>

#include "core/diagnostic.h"
#include "core/game.h"
#include "games/position.h"

namespace ludex {

// An empty hex board of game.columns x game.rows. Error unless both are
// 1..702.
Result<std::unique_ptr<Position>> new_hex_position(const GameRecord& game);
// The same on `board`, with Little Golem's point letters if lg_points.
Result<std::unique_ptr<Position>> new_hex_position(const Board& board, bool lg_points);

}  // namespace ludex

#endif  // LUDEX_GAMES_HEX_POSITION_H_
