// The readable view of a position that `ludex show` prints on a terminal:
// a header (the game, its source file and index in it, each colour's player
// and counts, the result), the main line's moves up to the position as a
// numbered list in the family's notation, and a diagram of the board drawn
// as players of the family draw it, the last move marked:
//  * go: columns A-T without I and rows counted from the bottom on all four
//    sides (SGF letters past 25 columns), X = B and O = W, star points '+';
//  * hex: the rhombus, each row half a cell further right, B's edges (top
//    and bottom) drawn with '-', W's (left and right) with '\';
//  * twixt: pegs with their links drawn between them, the border rows and
//    columns set off by lines (W owns the top and bottom rows), no corners;
//  * blokus: Pentobi's layout (a1 at the lower left, starting points '+',
//    Trigon cells between '/' and '\'), colours 1-4, the pieces each colour
//    has placed and has left.
// docs/formats.md ("Showing a position") shows one of each. With colour,
// the boards get a background and the pieces their colours (Blokus:
// Pentobi's own terminal colours) as ANSI sequences.
//
// Thread-safety: pure functions of their arguments.
#ifndef LUDEX_QUERY_BOARD_TEXT_H_
#define LUDEX_QUERY_BOARD_TEXT_H_

#include <cstdint>
#include <iosfwd>
#include <string>

#include "query/position_view.h"

namespace ludex {

// A move of the main line as the move list writes it, in the family's
// notation with its colour: "B Q16" (Go in board notation where the board
// allows), "W swap-pieces", "B k4 (-i'3 \i'4)" (a Twixt long move's link
// changes), "W q9|draw" (a placement offering a draw), "1 V5 f9,f8,g8"
// (a Blokus colour, its piece and points).
std::string line_move_text(const PositionView& view, const LineMove& move);

// Writes the whole view of `view`, a position of stored game `game_id`.
// color: ANSI colour sequences (only for a terminal; never in JSON).
void write_position_text(std::ostream& out, std::int64_t game_id, const PositionView& view,
                         bool color);

}  // namespace ludex

#endif  // LUDEX_QUERY_BOARD_TEXT_H_
