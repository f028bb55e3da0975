// Twixt positions: pegs and links (specs/twixt-sgf.txt).
//
// Geometry: seat 1 (White in GM[21], b in Little Golem) connects the top and
// bottom rows, seat 2 the left and right columns. A peg may not be placed on
// the other seat's border lines (seat 2 not on the top and bottom rows, seat 1
// not on the left and right columns) nor on the four corners. A link joins two
// pegs of one seat a knight's move apart.
//
// Rulesets (twixt_ruleset_of):
//  * kStandard ("STD", the spec's default, also "3M"): no link may cross any
//    other link.
//  * kPaperAndPencil ("PP", Little Golem): a link may cross its own seat's
//    links but not the other seat's. Little Golem records carry no RU; their
//    dialect implies PP.
//
// A placement (MoveKind::kPlace) happens in this order, which gives the spec's
// result for SGF long moves and also serves the binary format's long moves:
//  1. link removals (LinkEdit add = false): the mover's link at that centre;
//     slope 0 is resolved against the links on the board (error if none or,
//     under PP, if two cross there);
//  2. the peg, if the move has one (a long move in a puzzle may have none);
//  3. link additions: between two of the mover's pegs (the new peg counts);
//     slope 0 is resolved (error if both links at the centre are possible);
//     error if the link exists or crosses a link the ruleset forbids. In a
//     game read from a binary game tree (SourceFormat::kGameTree) the
//     additions of an autolinking move (pbem_null = 1) are ignored, as its
//     spec says; in SGF a long move autolinks and its additions count;
//  4. with Move::autolink, every legal link from the new peg to the mover's
//     pegs a knight's move away.
// An error anywhere leaves the position as it was.
//
// swap-pieces: the board must hold exactly one peg, of the other seat, and no
// links; it is replaced by the mover's peg mirrored in the diagonal, (x, y) ->
// (y, x) (games/twixt_rules.cpp: Little Golem's swap; twixtbot-ui and the
// binary format's two-pegs-in-one-hole swap do the same). swap-sides, pass,
// resign, forfeit, draw offers: no board change (Move::draw_offer on a
// placement changes nothing either).
//
// Setup: AW = seat 1 and AB = seat 2 in GM[21] (W moves first there); AB =
// seat 1 and AW = seat 2 in the Little Golem dialect (b = PB = seat 1); AE
// removes a peg with its links. Set-up pegs are autolinked in the order
// written, since SGF has no way to set up links.
//
// Hash: board_key(twixt, columns, rows) XOR kTwixtPegDomain(seat, x, y) for
// every peg XOR kTwixtLinkDomain(seat << 8 | direction, x, y) for every link,
// where (x, y) is the link's left end (TwixtLink::a) and direction 0..3 is
// the offset to its right end: (1, -2), (2, -1), (2, 1), (1, 2).
#ifndef LUDEX_GAMES_TWIXT_POSITION_H_
#define LUDEX_GAMES_TWIXT_POSITION_H_

#include <cstdint>
#include <memory>

#include "core/diagnostic.h"
#include "core/game.h"
#include "games/position.h"

namespace ludex {

enum class TwixtRuleset : std::uint8_t { kStandard = 0, kPaperAndPencil = 1 };

// The root's RU ("PP" in any case -> PP; any other value -> STD); without RU,
// PP for the Little Golem dialect and STD for every other.
TwixtRuleset twixt_ruleset_of(const GameRecord& game);

// An empty board of game.columns x game.rows under twixt_ruleset_of(game).
// Error unless both sides are 3..702.
Result<std::unique_ptr<Position>> new_twixt_position(const GameRecord& game);
// The same on `board` under `ruleset`; little_golem and format as
// TwixtPosition takes them.
Result<std::unique_ptr<Position>> new_twixt_position(const Board& board, TwixtRuleset ruleset,
                                                     bool little_golem, SourceFormat format);

}  // namespace ludex

#endif  // LUDEX_GAMES_TWIXT_POSITION_H_
