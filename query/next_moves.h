// The moves played next from a position across the archive, as `ludex next`
// and `ludex serve` (GET /api/next) report them: continuations(), optionally
// over the position's images under the board's symmetries, folded into the
// query's orientation, with the text and JSON of each move.
//
// Thread-safety: pure functions of their arguments; the Database is used by
// the calling thread only.
#ifndef LUDEX_QUERY_NEXT_MOVES_H_
#define LUDEX_QUERY_NEXT_MOVES_H_

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "query/position_target.h"
#include "schema/database.h"
#include "schema/game_query.h"
#include "schema/position_query.h"

namespace ludex {

struct NextMovesReport {
  std::int64_t positions = 0;       // nodes holding the position (or an image of it)
  std::int64_t games = 0;           // distinct games among them
  bool with_images = false;         // images under symmetries were looked up too
  std::vector<Continuation> moves;  // by occurrences, then games, descending
};

// The moves played from `target` in the games of `filter` (its family is
// taken as the target's; filter.limit cuts the list of moves). With
// `symmetric`, every image of the position is looked up too and the moves
// found from an image are mapped back by the inverse symmetry; moves that a
// symmetry of the position itself exchanges count as one, and a game counts
// once per move. Throws only for database failures.
NextMovesReport next_moves(Database& db, const PositionTarget& target, GameFilter filter,
                           bool symmetric);

// The moves played next wherever a pattern holds (ludex next --pattern,
// GET /api/next?pattern=...): `pattern` as --pattern takes it, in the family
// and size of `filter` (both required), at every translation and with
// `symmetric` under every symmetry; moves counted in the pattern's own
// orientation, within its bounding box widened by `around` points.
// filter.limit cuts the list of moves. Returns an Error with the message
// the command line prints for a bad pattern, family, size or around.
// Throws only for database failures.
Result<PatternNextMoves> pattern_next_moves(Database& db, GameFilter filter,
                                            const std::string& pattern, bool symmetric, int around);

// "B e5", "W swap-pieces", "1 V5 a1,a2,b2": colour letter as the family's
// SGF writes it, then the move.
std::string continuation_text(Family family, const Continuation& c);

// Seat 1's share of the decided games among c.games; negative when none was
// decided.
double seat1_win_rate(const Continuation& c);

// {"move","seat","color","kind","points","piece","occurrences","games",
//  "seat1_wins","seat2_wins","seat1_win_rate","example_node"}: one line of
// `ludex next --json`.
nlohmann::json continuation_json(Family family, const Continuation& c);

}  // namespace ludex

#endif  // LUDEX_QUERY_NEXT_MOVES_H_
