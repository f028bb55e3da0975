// Finding the nodes of a game whose position meets conditions: stones
// present or absent, Twixt links, Blokus pieces, and patterns. The game's
// position stream (games/position_stream.h) is replayed on one board along
// the pre-order walk, each node's change applied on the way down and taken
// back on the way up, and the conditions are checked at every node; the
// patterns incrementally, each placement keeping the number of its points
// that hold what it asks, so that a move costs work only for the placements
// through the points it changed. docs/queries.md ("How a position search
// runs") describes the whole search.
//
// Thread-safety: a matcher is used by one thread; make one per thread (they
// are cheap to copy once built).
#ifndef LUDEX_GAMES_POSITION_MATCHER_H_
#define LUDEX_GAMES_POSITION_MATCHER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "games/position.h"
#include "games/position_stream.h"
#include "games/symmetry.h"

namespace ludex {

struct PositionConditions {
  std::vector<Occupant> has;     // each stands; colour 0 = a stone of any colour
  std::vector<Occupant> empty;   // none stands; colour 0 = no stone of any colour
  std::vector<TwixtLink> links;  // each link exists
  struct Piece {
    std::string name;       // Pentobi's name ("V5")
    std::int8_t color = 0;  // the colour that placed it; 0 = any
  };
  std::vector<Piece> pieces;  // each piece is on the board (Blokus)
  // Alternatives: at least one holds (its stones stand, its empty points
  // hold no stone of that colour, colour 0 = none at all).
  std::vector<Pattern> patterns;

  bool none() const {
    return has.empty() && empty.empty() && links.empty() && pieces.empty() && patterns.empty();
  }
};

// Thread-safety: may_match and may_match_slice are const and may be called
// from several threads at once; walk changes the matcher.
class PositionMatcher {
 public:
  // Conditions in the board's coordinates and colours. A condition that
  // names a point off the board, a colour the board has not, or a piece its
  // set has not can never hold; a pattern with such a point is dropped.
  PositionMatcher(const PositionConditions& conditions, const StreamBoard& board);

  // False when the game's occupancy (games/position_stream.h) shows that no
  // node can meet the conditions: a required stone its colour never holds,
  // no pattern whose stones could all stand together. True otherwise (also
  // for occupancy of the wrong size, which proves nothing).
  bool may_match(std::string_view occupancy) const;
  // may_match for 64 games at once, their occupancy bit-sliced: `slice`
  // holds (colours + 1) x cells words (cells = columns x rows), `stride`
  // apart, and word c * cells + cell (at slice[(c * cells + cell) * stride])
  // has bit j set when game j holds colour c on the cell at some node (c =
  // 0: a stone of any colour). Returns the bits of `games` for which
  // may_match would be true. A pattern of rare stones costs a few word
  // operations per placement for 64 games, not per game.
  std::uint64_t may_match_slice(const std::uint64_t* slice, std::size_t stride,
                                std::uint64_t games) const;

  // Replays the stream and calls visit(node) for every node with a position
  // where every condition holds, in pre-order; stops when visit returns
  // false. With `only`, checks just the nodes i where only[i] is true.
  // Returns false, with error(), for a stream that does not read.
  bool walk(std::string_view stream, const std::function<bool(const StreamNode&)>& visit,
            const std::vector<bool>* only = nullptr);
  const std::string& error() const { return error_; }

  // The pattern that holds at the node last visited (an index into the
  // conditions' patterns), or -1: which placement matched, so that a caller
  // can map what happens next back into the pattern's own orientation.
  std::int32_t matched_pattern() const;

 private:
  enum class Need : std::uint8_t { kColour, kAnyStone, kNotColour, kNoStone };
  // A placement's demand on one cell: bit c of `ok` is set when the cell
  // holding colour c (0 = empty) meets it, so that a change costs two shifts.
  struct Entry {
    std::uint32_t placement;
    std::uint32_t ok;
  };
  // may_match's row words: (colours + 1) x rows, for 4 colours and 64 rows.
  static constexpr std::size_t kMaxWordRows = 5 * 64;
  struct Shape {  // a pattern's stones relative to its bounding box, for may_match
    std::int32_t width = 0;
    std::int32_t height = 0;
    std::vector<Occupant> stones;  // colour 0 = any
  };

  bool holds_now() const;
  void set_cell(std::size_t at, std::int8_t colour);
  void apply(const StreamNode& node);
  void undo(const StreamNode& node);
  void reset();
  static bool satisfied(Need need, std::int8_t want, std::int8_t cell);
  static std::uint32_t ok_mask(Need need, std::int8_t want);

  StreamBoard board_;
  std::vector<std::pair<std::size_t, std::int8_t>> has_;      // (cell, colour or 0)
  std::vector<std::pair<std::size_t, std::int8_t>> empty_;    // (cell, colour or 0)
  std::vector<std::pair<std::size_t, std::uint8_t>> links_;   // (left end, bit)
  std::vector<std::pair<std::int32_t, std::int8_t>> pieces_;  // (piece, colour or 0)
  bool impossible_ = false;                                   // a condition that can never hold
  bool use_patterns_ = false;
  // Patterns: per placement its size and how many of its points hold what
  // it asks; entries_ by cell (CSR: cell_begin_[cell] .. cell_begin_[cell+1]).
  std::vector<std::uint32_t> placement_size_;
  std::vector<std::uint32_t> placement_pattern_;  // index into the conditions' patterns
  std::vector<std::uint32_t> initial_count_;
  std::vector<std::uint32_t> count_;
  std::vector<std::uint32_t> cell_begin_;
  std::vector<Entry> entries_;
  std::uint32_t initial_complete_ = 0;  // placements that hold on the empty board
  std::uint32_t complete_ = 0;          // placements that hold
  std::vector<Shape> shapes_;
  // shapes_ for may_match_slice: per shape the slice words of its stones
  // relative to an anchor cell, and every anchor cell where it fits.
  struct SliceShape {
    std::vector<std::uint32_t> offsets;
    std::vector<std::uint32_t> anchors;
  };
  std::vector<SliceShape> slice_shapes_;
  bool test_shapes_ = false;  // may_match tests shapes_ (else only has_)

  std::vector<std::int8_t> cells_;
  std::vector<std::uint8_t> link_bits_;     // per left end: bit direction + 4 * (colour - 1)
  std::vector<std::int32_t> piece_counts_;  // [colour - 1][piece]
  std::vector<StreamNode> path_;            // the changes applied, root first
  std::string error_;
};

}  // namespace ludex

#endif  // LUDEX_GAMES_POSITION_MATCHER_H_
