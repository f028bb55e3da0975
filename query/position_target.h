// Resolving the position a query names: --position GAME_ID:MOVE_NUMBER (the
// position after that many moves on the game's main line) or
// --position-file FILE (the final position of the main line of the first
// game in a game file). Shared by `ludex query`, `ludex export` and
// `ludex next`.
#ifndef LUDEX_QUERY_POSITION_TARGET_H_
#define LUDEX_QUERY_POSITION_TARGET_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "games/position.h"
#include "games/symmetry.h"
#include "schema/database.h"

namespace ludex {

struct PositionTarget {
  Board shape;
  std::vector<Occupant> occupants;  // sorted
  std::vector<TwixtLink> links;     // sorted; Twixt only
  std::uint64_t hash = 0;           // as stored in nodes.position_hash
  std::int64_t move_number = 0;     // moves from the root to the position
  // The points the last move placed (none for an empty line, a pass or a
  // swap), for the explorer to mark: position_from_line's last move,
  // position_from_game's move MOVE (PositionView::last_placed) or node's
  // placements; none from a file.
  std::vector<Point> last_placed;
};

// Parses "GAME_ID:MOVE_NUMBER" (the position after that many moves of the
// main line) or "node:NODE_ID" (the position after any node, variations
// too) and rebuilds that position from the stored game. Error (naming the
// option and value) for bad syntax, an unknown game or node, a move number
// beyond the main line, or a game whose positions could not be computed up
// to there.
Result<PositionTarget> position_from_game(Database& db, const std::string& spec);

// The position of stored game `game_id` after `moves` moves of its main
// line, or at the end of the main line when moves < 0. Errors start with
// `what` (the option or value the user gave): an unknown game, a move number
// beyond the main line, positions that stop at an illegal move.
Result<PositionTarget> position_in_stored_game(Database& db, std::int64_t game_id,
                                               std::int64_t moves, const std::string& what);

// The position after stored node `node_id`, replayed along the path from
// the root. Errors start with `what`: an unknown node, positions that stop
// at an illegal move or setup on the path. Throws std::runtime_error for a
// node outside its game's node range (a corrupt database).
Result<PositionTarget> position_at_stored_node(Database& db, std::int64_t node_id,
                                               const std::string& what);

// Reads the game file at path (any format ludex imports) and returns the
// position at the end of its first game's main line. Error (with the file's
// own diagnostic) when it does not read or its positions cannot be computed.
Result<PositionTarget> position_from_file(const std::string& path);

// The empty board of `family` (a Blokus `variant`, any case, names its
// board; the other families take `size`, or their SGF default side when it
// is 0) after the moves of `line`, written as `ludex show` and `ludex next`
// write moves: go "Q16,D4" or "pd,dp" and "pass", hex "a3,swap,f6"
// ("swap" = swap-pieces; also "swap-pieces", "swap-sides"), twixt "k10,l12"
// and "swap", each optionally after its colour letter ("B e5"); Blokus
// placements separated by ';', each "[COLOUR ][PIECE ]CELL,CELL,..." ("1 V5
// a1,a2,b2"). Seats take turns (the Blokus colours in their order) unless a
// colour is given. An empty line is the empty board. Error naming the item
// and why for a move that does not parse, is off the board or is illegal,
// and for an unknown family, variant or size.
Result<PositionTarget> position_from_line(Family family, const std::string& variant,
                                          std::int32_t size, const std::string& line);

// The usage error for a --family that is not the position's own ("--family
// hex contradicts the position's family twixt"); nullopt when the filter
// names no family or the same one.
std::optional<Error> family_conflict(const std::optional<Family>& family,
                                     const PositionTarget& target);

}  // namespace ludex

#endif  // LUDEX_QUERY_POSITION_TARGET_H_
