// Finding nodes by position: stones present or absent, Twixt links, Blokus
// pieces, the position hash, evaluations, combined with any GameFilter; and
// the moves played after a local pattern (ludex next --pattern; the moves
// after a whole position are schema/explorer_query.h's). Every query is assembled
// from fixed SQL fragments; user values are only ever bound parameters.
// docs/schema.md ("Position search") explains the tables and the plans.
#ifndef LUDEX_SCHEMA_POSITION_QUERY_H_
#define LUDEX_SCHEMA_POSITION_QUERY_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "core/game.h"
#include "derive/continuation_tally.h"
#include "games/position.h"
#include "games/symmetry.h"
#include "schema/database.h"
#include "schema/game_filter.h"
#include "schema/node_filter.h"

namespace ludex {

// An FTS5 query that matches comments containing every word of `text`, in
// any order: each whitespace-separated word becomes a quoted phrase (so FTS5
// operators and punctuation in it are plain text), a "double-quoted" run of
// words stays one phrase, and a trailing '*' on a word or phrase asks for a
// prefix. "" when text has no words. Never produces a syntax error.
std::string comment_words_query(std::string_view text);

// Calls visit for every matching node in (game order, node id) order (game
// id order by default), skipping filter.offset of them and visiting at most
// filter.limit; stops early when visit returns false. Returns the number of
// nodes visited.
// Throws std::invalid_argument for position conditions without a family
// and for a comment_match FTS5 cannot parse, SQLite::Exception on database
// errors.
std::int64_t find_nodes(Database& db, const NodeFilter& filter,
                        const std::function<bool(const NodeHit&)>& visit);

// A page of find_nodes and its total: what GET /api/games shows.
struct NodePage {
  std::int64_t visited = 0;  // find_nodes(filter)
  std::int64_t total = 0;    // count_nodes(filter without its limit and offset)
};
// find_nodes, then the total; where the explorer's postings answer
// (schema/explorer/position_games.h), both from one read of the position's games.
// Throws as find_nodes.
NodePage find_node_page(Database& db, const NodeFilter& filter,
                        const std::function<bool(const NodeHit&)>& visit);

// The number of matching nodes (at most filter.limit; the offset does not
// count).
std::int64_t count_nodes(Database& db, const NodeFilter& filter);

// The EXPLAIN QUERY PLAN lines ("detail" column) of the statement find_nodes
// runs for filter, with its values bound; for a filter answered by replay
// alone (position conditions and no condition an index answers), one line
// that says so. For diagnostics and tests.
std::vector<std::string> explain_find_nodes(Database& db, const NodeFilter& filter);

// The moves played next wherever a pattern holds, in the pattern's own
// orientation (ludex next --pattern).
struct PatternNextMoves {
  std::int64_t positions = 0;  // nodes where one of the placements holds
  std::int64_t games = 0;      // distinct games among them
  // Children of those nodes whose change is not one stone placed in the
  // area: a move elsewhere on the board (tenuki), a pass or other move
  // without a stone, a setup.
  std::int64_t elsewhere = 0;
  // Moves into the area, their points in the pattern's frame, ordered by
  // more_played() (derive/continuation_tally.h), as `ludex next` orders its
  // moves. seat = the stone's colour (Go, Hex, Twixt).
  std::vector<Continuation> moves;
};

// For every node of the games of `filter` (family required) where one of
// `placements` holds (pattern_placements_with_origins of one pattern on
// `shape`), the child nodes' moves: each child that places one stone, by a
// move, on a point whose image in the pattern's frame is in `area` (points
// of the pattern's frame) counts as that move. Not for Blokus (a move
// places a piece). Throws std::invalid_argument for Blokus or without a
// family, SQLite::Exception on database errors.
PatternNextMoves pattern_continuations(Database& db, const Board& shape,
                                       const std::vector<PatternPlacement>& placements,
                                       const std::vector<Point>& area, const GameFilter& filter);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_POSITION_QUERY_H_
