// Which nodes a position query means (NodeFilter: a game filter, position,
// comment and evaluation conditions) and what it gives of each (NodeHit):
// the values of schema/position_query.h, which the position search
// (schema/search/) and the explorer's plans (schema/explorer/) share. No SQL.
#ifndef LUDEX_SCHEMA_NODE_FILTER_H_
#define LUDEX_SCHEMA_NODE_FILTER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/position.h"
#include "games/symmetry.h"
#include "schema/game_filter.h"

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
  // (schema/explorer/position_games.h): kAuto takes the quicker plan; the others
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

}  // namespace ludex

#endif  // LUDEX_SCHEMA_NODE_FILTER_H_
