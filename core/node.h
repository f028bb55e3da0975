// Values carried by a game-tree node: moves, properties, evaluations.
// See core/game.h for the coordinate and seat conventions.
#ifndef LUDEX_CORE_NODE_H_
#define LUDEX_CORE_NODE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/small_vector.h"

namespace ludex {

struct Point {
  std::int16_t x = 0;
  std::int16_t y = 0;
  friend bool operator==(const Point&, const Point&) = default;
  friend auto operator<=>(const Point&, const Point&) = default;
};

enum class MoveKind : std::uint8_t {
  kPlace = 0,  // points are placed (a stone, a peg, a Blokus piece)
  kPass = 1,
  kSwapPieces = 2,  // seat 2 takes seat 1's first stone, reflected (hex) / mirrored
  kSwapSides = 3,   // the players exchange seats; the board stays as it is
  kResign = 4,
  kForfeit = 5,
  kDrawOffer = 6,  // a draw offer with no placement
  kDrawAccept = 7,
  kUnknown = 255,  // a move value this family's dialect does not define
};
std::string_view move_kind_name(MoveKind kind);
std::optional<MoveKind> parse_move_kind(std::string_view name);

// A Twixt link edit as written in a long move. A link is named by its centre in
// doubled coordinates (cx2 = x1 + x2, cy2 = y1 + y2), which is how the SGF
// notation names it. slope is +1 for a link rising to the right on screen
// (row numbers decrease to the right), -1 for falling, 0 when the notation does
// not say (a removal in SGF: the position resolves it).
struct LinkEdit {
  bool add = false;
  std::int16_t cx2 = 0;
  std::int16_t cy2 = 0;
  std::int8_t slope = 0;
  friend bool operator==(const LinkEdit&, const LinkEdit&) = default;
};

// A move's points: inline room for a Blokus piece; hex, twixt and go moves
// have one point.
using MovePoints = SmallVector<Point, 6>;

struct Move {
  std::int8_t seat = 0;  // 1-based; 0 when the dialect does not say
  // Blokus only: the colour 1..4 that moved (Pentobi's order). In two-player
  // four-colour variants colours 1 and 3 belong to seat 1, 2 and 4 to seat 2;
  // otherwise colour == seat. 0 for every other family.
  std::int8_t color = 0;
  MoveKind kind = MoveKind::kPlace;
  bool draw_offer = false;  // a placement that also offers a draw (LG "qi|draw")
  // If the game-tree format's pbem_null flag or the SGF default says so, all
  // legal links to the new peg are made (Twixt only).
  bool autolink = true;
  MovePoints points;            // in the order written
  std::vector<LinkEdit> links;  // Twixt long moves: removals, then additions
  friend bool operator==(const Move&, const Move&) = default;
};

// A property kept verbatim so that export is lossless. values are UTF-8 text
// after charset decoding unless raw_bytes is true, in which case they are the
// bytes as read (an undecodable value).
using PropertyValues = SmallVector<std::string, 1>;

struct Property {
  std::string id;
  PropertyValues values;
  bool raw_bytes = false;
  friend bool operator==(const Property&, const Property&) = default;
};

// Where an evaluation comes from, each source with one scale. The values
// are stored (evaluations.source), so a source keeps its number forever; new
// sources take the next one. The analysis programs' sources are all from
// seat 1's (Black's) side: a win rate in percent, 0..100, and a score lead in
// points (docs/formats.md "Go analysis programs", docs/queries.md).
enum class EvalSource : std::uint8_t {
  kGameTree = 0,      // binary 'r' or version-1 'v', on the -10000..10000 scale
  kSgfValue = 1,      // SGF V[]: a real number from Black's side, kept raw
  kSabaki = 2,        // Sabaki's SBKV: Black's win rate in percent
  kSabakiScore = 3,   // Sabaki's SBKS: Black's score lead
  kLizzie = 4,        // Lizzie's and LizzieYzy's LZ / LZOP: Black's win rate in percent
  kLizzieScore = 5,   // their KataGo scoreMean, as Black's score lead
  kKaTrain = 6,       // KaTrain's KT analysis: Black's win rate in percent
  kKaTrainScore = 7,  // its scoreLead: Black's score lead
  kKataGo = 8,        // KataGo self-play/match comments: Black's win rate in percent
  kKataGoScore = 9,   // their expected score, as Black's score lead
};
// One more than the largest EvalSource value: arrays indexed by source.
inline constexpr std::size_t kEvalSourceCount = 10;

// The names queries and JSON use for a source: "gametree", "sgf", "sabaki",
// "sabaki-score", ...; and back (nullopt for a name no source has).
std::string_view eval_source_name(EvalSource source);
std::optional<EvalSource> parse_eval_source(std::string_view name);
// Every source in the order of their numbers.
std::span<const EvalSource> all_eval_sources();

// The values a source's evaluations can take, both ends included; for the
// sources without bounds (SGF V[], score leads), nullopt.
struct EvalRange {
  double low = 0;
  double high = 0;
};
std::optional<EvalRange> eval_source_range(EvalSource source);

struct Evaluation {
  EvalSource source = EvalSource::kGameTree;
  bool undetermined = false;  // binary r = 12345: no value, never a number
  double value = 0;           // meaningless when undetermined
  friend bool operator==(const Evaluation&, const Evaluation&) = default;
};

// Everything a node carries, as read from its GameTree (core/game_tree.h,
// which says how to change it): views into the tree's arrays, valid until
// the tree is next changed.
struct NodeView {
  // Decoded moves in the order written; usually zero or one.
  std::span<const Move> moves;
  // For moves read from SGF: the property each was read from (id and raw
  // values), parallel to moves, so that an SGF export writes the dialect it
  // came from. May be shorter than moves; a move without an entry, or with
  // one whose id is empty, is written from its decoded form.
  std::span<const Property> move_props;
  const std::string* comment = nullptr;     // nullptr when the node has none
  std::span<const Evaluation> evaluations;  // SGF games may carry V[] on every node
  bool main_flag = false;                   // binary 'g': main variation from its parent
  std::span<const Property> props;          // everything else, verbatim, in file order
  SourcePos pos;                            // where the node starts in its file
};

}  // namespace ludex

#endif  // LUDEX_CORE_NODE_H_
