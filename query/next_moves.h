// The moves played next from a position across the archive, as `ludex next`
// and `ludex serve` (GET /api/next) report them: explore_position()
// (schema/explorer_query.h) or, for a pattern, pattern_continuations(), optionally
// over the position's images under the board's symmetries, folded into the
// query's orientation, with the text and JSON of each move.
//
// Thread-safety: pure functions of their arguments; the Database is used by
// the calling thread only.
#ifndef LUDEX_QUERY_NEXT_MOVES_H_
#define LUDEX_QUERY_NEXT_MOVES_H_

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "query/position_target.h"
#include "schema/database.h"
#include "schema/explorer_query.h"
#include "schema/game_query.h"
#include "schema/position_query.h"

namespace ludex {

struct NextMovesReport {
  std::int64_t positions = 0;  // nodes holding the position (or an image of it)
  std::int64_t games = 0;      // distinct games among them
  bool with_images = false;    // images under symmetries were looked up too
  ExplorerSource source = ExplorerSource::kReplay;  // how the answer was found
  std::vector<Continuation> moves;                  // by games, then occurrences, descending
};

struct NextOptions {
  // Every image of the position under the board's symmetries is looked up
  // too; the moves found from an image are mapped back by the inverse
  // symmetry, and moves that a symmetry of the position itself exchanges
  // count as one.
  bool symmetric = false;
  // Every copy of a game stored more than once counts (by default the first
  // copy only, as with import --dedupe).
  bool all_copies = false;
  // Replay every position, never reading the explorer's postings (tests,
  // --explain comparisons).
  bool replay_only = false;
  // ExplorerQuery::threads: 0 = by the position's size (the tests ask for
  // more threads than a small archive gets).
  unsigned threads = 0;
};

// `ludex next`'s and GET /api/next's own options as given (the game filters
// are query/filter_args.h's): the position, or the pattern, and how moves
// are counted.
struct NextArgs {
  std::optional<std::string> position;       // --position GAME:MOVE or node:ID
  std::optional<std::string> position_file;  // --position-file (the command line only)
  std::optional<std::string> line;           // --line
  std::optional<std::string> pattern;        // --pattern
  int around = 1;                            // --around
  bool symmetric = false;                    // --symmetric
  bool all_copies = false;                   // --all-copies
  bool replay = false;                       // --replay
};

// The moves played from `target` in the games of `filter` (its family is
// taken as the target's; filter.limit cuts the list of moves), counted by
// the explorer's rule (schema/explorer_query.h): a game counts once for the
// position and once per move, however many of its nodes hold it. Throws
// only for database failures.
NextMovesReport next_moves(Database& db, const PositionTarget& target, GameFilter filter,
                           const NextOptions& options);

// The position `ludex next` and GET /api/next start from, by their
// options: --position GAME:MOVE or node:ID, --position-file FILE (when
// `files` allows it: the command line), or the empty board of --family
// (--variant for Blokus, --size or the family's default) after --line.
// Error (the message the command line prints) for none or several of them,
// a --line with a position, or a position that does not resolve.
Result<PositionTarget> next_target(Database& db, const NextArgs& args, const GameFilter& filter,
                                   bool files);

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

// [[x, y], ...]: a move's points in board coordinates, as GET /api/next's
// "points_xy" and the player page's openings give them.
nlohmann::json points_xy_json(std::span<const Point> points);

// Seat 1's share of the decided games among c.games; negative when none was
// decided.
double seat1_win_rate(const Continuation& c);

// {"move","seat","color","kind","points","piece","occurrences","games",
//  "seat1_wins","seat2_wins","seat1_win_rate","example_node","years":
//  {"2019": games, ...},"evaluations":[{"source","games","mean"}]}: one line
// of `ludex next --json`.
nlohmann::json continuation_json(Family family, const Continuation& c);

}  // namespace ludex

#endif  // LUDEX_QUERY_NEXT_MOVES_H_
