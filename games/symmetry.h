// Board symmetries and patterns: the transformations under which two
// positions of one family count as "the same" for --symmetric queries, the
// hash of a position given by its contents, and the placements of a small
// pattern anywhere on a board. docs/formats.md ("Symmetries") lists, per
// family and variant, which symmetries there are and why.
//
// Thread-safety: all functions are pure.
#ifndef LUDEX_GAMES_SYMMETRY_H_
#define LUDEX_GAMES_SYMMETRY_H_

#include <climits>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/board.h"
#include "games/position.h"

namespace ludex {

// One symmetry of a board: a permutation of its points together with a
// permutation of its colours (a symmetry may exchange the colours, e.g. the
// Blokus Duo reflection that swaps the two starting corners). Opaque: build
// with board_symmetries, use with transform.
struct BoardSymmetry {
  std::string name = "identity";  // "identity", "rot90", "rot180", "flip_x", "transpose", ...
  std::int8_t kind = 0;           // which of the 8 maps of a rectangle onto itself
  // colour_map[c] is the colour c becomes (index 0 unused).
  std::int8_t colour_map[5] = {0, 1, 2, 3, 4};
};

// Every symmetry the family's board and rules allow for this shape, the
// identity first. Just the identity for kOther and for shapes without any.
std::vector<BoardSymmetry> board_symmetries(const Board& shape);

// The symmetry that undoes `symmetry`.
BoardSymmetry inverse(const BoardSymmetry& symmetry);

// Require the point (the link's ends) on the board of `shape`.
Point transform(const BoardSymmetry& symmetry, const Board& shape, Point point);
Occupant transform(const BoardSymmetry& symmetry, const Board& shape, Occupant occupant);
TwixtLink transform(const BoardSymmetry& symmetry, const Board& shape, TwixtLink link);

// The hash Position::hash() returns for a position of this shape holding
// exactly these occupants (and, for Twixt, links); 0 when the shape is not
// one new_position accepts. Requires every point on the board.
std::uint64_t hash_contents(const Board& shape, std::span<const Occupant> occupants,
                            std::span<const TwixtLink> links);

// The hashes of the position's images under every symmetry of the shape,
// without repeats, the position's own hash first.
std::vector<std::uint64_t> symmetric_hashes(const Board& shape, std::span<const Occupant> occupants,
                                            std::span<const TwixtLink> links);

// A small region: stones that must stand and points that must be empty
// (color 0 = no stone of any colour), in the family's model coordinates.
struct Pattern {
  std::vector<Occupant> stones;
  std::vector<Occupant> empty;
};

// The smallest rectangle holding every point of a pattern (stones and
// empty points); min > max for an empty pattern.
struct PatternBox {
  std::int32_t min_x = INT32_MAX;
  std::int32_t min_y = INT32_MAX;
  std::int32_t max_x = -1;
  std::int32_t max_y = -1;
};
PatternBox pattern_box(const Pattern& pattern);

// Every placement of the pattern on the board: each translation that keeps
// all its points on the board, under each symmetry of the shape when
// `symmetric` (else the identity only). Placements that are equal as sets
// are given once; order is deterministic (sorted).
std::vector<Pattern> pattern_placements(const Board& shape, const Pattern& pattern, bool symmetric);

// A placement and how it was made from the pattern as given: the given
// pattern's point p lies at transform(symmetry, shape, p) + (dx, dy), and
// its colour c is symmetry.colour_map[c].
struct PatternPlacement {
  Pattern pattern;
  BoardSymmetry symmetry;
  std::int32_t dx = 0;
  std::int32_t dy = 0;
};

// pattern_placements() with each placement's origin (the first symmetry, in
// board_symmetries() order, that gives it); the same placements in the same
// order.
std::vector<PatternPlacement> pattern_placements_with_origins(const Board& shape,
                                                              const Pattern& pattern,
                                                              bool symmetric);

// The point of the pattern's own frame (the coordinates it was given in)
// that the board point `placed` is under `placement`: the inverse of the
// placement's map. nullopt when that point is off the board. For
// rectangular boards (not Blokus).
std::optional<Point> pattern_frame_point(const Board& shape, const PatternPlacement& placement,
                                         Point placed);

}  // namespace ludex

#endif  // LUDEX_GAMES_SYMMETRY_H_
