// The node filters of `ludex query`, `ludex export` and GET /api/games:
// position features (--has, --empty, --link, --pattern), exact positions
// (--position, --position-file, --symmetric), evaluations, comments, --first
// and --main-line, from their values as given (query/filter_options.h
// declares the options and reads them). docs/queries.md describes every
// option and notation.
#ifndef LUDEX_QUERY_NODE_FILTER_OPTIONS_H_
#define LUDEX_QUERY_NODE_FILTER_OPTIONS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "games/coord_text.h"
#include "schema/database.h"
#include "schema/position_query.h"

namespace ludex {

// The node filter options' values as given, each named as its option is,
// nothing checked yet. An empty list or nullopt: the option was not given.
struct NodeFilterArgs {
  std::vector<std::string> has;    // --has, once per occurrence
  std::vector<std::string> empty;  // --empty
  std::vector<std::string> link;   // --link
  std::optional<std::string> pattern;
  std::optional<std::string> position;
  std::optional<std::string> position_file;
  std::optional<std::string> line;
  bool symmetric = false;
  std::optional<double> eval_min;
  std::optional<double> eval_max;
  std::optional<double> eval_swing;
  bool has_eval = false;
  std::optional<std::string> eval_source;
  std::optional<std::string> comment;
  std::optional<std::string> comment_fts;
  bool first = false;
  bool main_line = false;
};

struct NodeSelection {
  // True when any node filter option was given: hits are nodes, not games.
  bool node_level = false;
  NodeFilter filter;  // filter.game is the game filter passed in
};

// Builds the node filter from the options' values on top of `games` (the game
// filters; games.limit becomes the node limit). Reads the database only for
// --position. Returns an Error naming the option, the item and what is
// wrong for a value that does not parse (a bad point, an unknown colour), a
// position condition without a family to read it in, or a --position that
// names no stored position. Throws only for environment failures.
Result<NodeSelection> node_selection_from(const NodeFilterArgs& args, const GameFilter& games,
                                          Database& db);

// One comma-separated list of point conditions of `family`, as --has and
// --empty take them: "B:e5,W:f6", "e5" (any colour); Blokus also
// "piece:V5" and "1:piece:V5" (appended to pieces; nullptr = not allowed).
// size bounds the points (0 = any). Error names `option` and the item.
Result<std::vector<Occupant>> parse_point_conditions(std::string_view option, std::string_view text,
                                                     Family family, const BoardSize& size,
                                                     std::vector<PieceCondition>* pieces);

// A point in the family's notation, as --has takes it: hex and twixt
// "e5", blokus "f9", go SGF letters "pd" or board notation "Q16" (rows from
// the bottom on `size`, 19x19 when it is 0). Error says what is wrong.
Result<Point> parse_family_point(Family family, std::string_view text, const BoardSize& size);

// The seat (Blokus: colour) a colour letter names in the family's SGF:
// "B"/"W" for hex and go (B = 1), "W"/"B" for twixt (W = 1), "1".."4" for
// blokus; 0 for anything else. Case-insensitive.
std::int8_t parse_colour_letter(Family family, std::string_view text);

// A pattern as --pattern takes it: "B:cc,W:dc,.:dd", where ".:" marks a
// point that must hold no stone. Error names `option` and the item.
Result<Pattern> parse_pattern(std::string_view option, std::string_view text, Family family,
                              const BoardSize& size);

}  // namespace ludex

#endif  // LUDEX_QUERY_NODE_FILTER_OPTIONS_H_
