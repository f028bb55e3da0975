// Finding nodes by position: stones present or absent, Twixt links, Blokus
// pieces, the position hash, evaluations, combined with any GameFilter; and
// the moves played from a position (ludex next). Every query is assembled
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
#include "schema/game_query.h"

namespace ludex {

// A Blokus piece that must be on the board: Pentobi's name ("V5") and the
// colour 1..4 that placed it, 0 = any colour.
struct PieceCondition {
  std::string name;
  std::int8_t color = 0;
};

// The largest board side patterns are matched on: the in-memory board the
// matcher replays positions on is kMaxPatternSide squared.
inline constexpr std::int32_t kMaxPatternSide = 256;

// Every set condition must hold at a node. Position conditions (has, empty,
// links, pieces, patterns) are in the model's coordinates and colours (seat,
// Blokus colour) and need game.family: a point means nothing without its
// family.
// They see only nodes whose position was computed and stored: games stored
// with positions (games.hash_version set), nodes with a position hash (not
// after an illegal move).
struct NodeFilter {
  // The games the nodes must belong to; game.limit and game.offset are
  // ignored (see limit and offset below), game.order and game.descending
  // order the hits by their games, then by node id.
  GameFilter game;
  std::vector<Occupant> has;           // each stone stands at the node
  std::vector<Occupant> empty;         // no such stone; color 0 = no stone of any colour
  std::vector<TwixtLink> links;        // each link exists at the node (Twixt)
  std::vector<PieceCondition> pieces;  // each piece is on the board (Blokus)
  // nodes.position_hash is one of these (e.g. a position and its images
  // under the board's symmetries); empty = no condition.
  std::vector<std::uint64_t> position_hashes;
  // Alternatives: when not empty, at least one pattern holds at the node
  // (each of its stones stands, color 0 = a stone of any colour; each of its
  // empty points holds no stone of that colour, color 0 = none at all).
  // Checked by replaying the candidate games' positions in memory, so the
  // number of alternatives (thousands for a symmetric Go pattern) costs
  // little per node; see docs/queries.md. Points outside
  // 0..kMaxPatternSide - 1 never match.
  std::vector<Pattern> patterns;
  // An FTS5 query over the node's comment (comments_fts MATCH); "" = none.
  // comment_words_query() turns plain words into one. A syntax error is
  // std::invalid_argument, raised before any row is read.
  std::string comment_match;
  // Evaluation conditions, all on evaluations of eval_source, or of any
  // source when it is unset (each evaluation on its own source's scale); an
  // undetermined or NaN evaluation never matches.
  std::optional<EvalSource> eval_source;
  std::optional<double> eval_min;  // some evaluation >= eval_min
  std::optional<double> eval_max;  // ... and <= eval_max (the same evaluation)
  // Some evaluation differs by at least eval_swing from the parent's first
  // evaluation of the same source (evaluations.swing).
  std::optional<double> eval_swing;
  bool has_eval = false;        // the node has an evaluation
  bool main_line_only = false;  // only nodes on their game's main line
  // Only the shallowest matching node of each game (the smallest depth;
  // among equals the smallest node id).
  bool first_only = false;
  // How a first_only search for exact positions finds its games
  // (schema/position_games.h): kAuto takes the quicker plan; the others
  // force one, for tests and measurements. kSql: the position's nodes, by
  // SQL. kWalk: from the explorer's postings, the order's index walked.
  // kSort: from the postings, the games sorted on their keys. A filter the postings cannot answer
  // (no image of the position kept, other node conditions) always takes the SQL plan.
  enum class GamesPlan : std::uint8_t { kAuto, kSql, kWalk, kSort };
  GamesPlan games_plan = GamesPlan::kAuto;
  std::optional<std::int64_t> limit;  // at most this many hits
  std::int64_t offset = 0;            // skip this many hits first (>= 0)
};

// One evaluation of a node hit, with its source: the evaluation filters
// may match several sources, each on its own scale.
struct NodeEvaluation {
  EvalSource source = EvalSource::kGameTree;
  double value = 0;
  // The difference to the parent's first evaluation of the same source;
  // nullopt at a root or when the parent has none.
  std::optional<double> swing;
  friend bool operator==(const NodeEvaluation&, const NodeEvaluation&) = default;
};

struct NodeHit {
  GameHit game;  // the node's game, as find_games reports it
  std::int64_t node_id = 0;
  std::int32_t move_number = 0;  // moves from the root, the node's own included
  std::int32_t depth = 0;        // edges from the root
  bool main_line = false;
  std::uint64_t position_hash = 0;  // 0 = none stored
  // With comment_match: an excerpt of the comment with every matched word
  // between '[' and ']' (FTS5 snippet); else "".
  std::string comment;
  // With evaluation conditions (has_eval, eval_min, eval_max, eval_swing):
  // the node's evaluations that meet them, by source then as stored; else
  // empty.
  std::vector<NodeEvaluation> evaluations;
};

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
// (schema/position_games.h), both from one read of the position's games.
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
PatternNextMoves pattern_continuations(Database& db, const BoardShape& shape,
                                       const std::vector<PatternPlacement>& placements,
                                       const std::vector<Point>& area, const GameFilter& filter);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_POSITION_QUERY_H_
