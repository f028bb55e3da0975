// The piece sets of Pentobi's variants and shape identification.
//
// A piece is a set of cells up to the rotations and reflections its grid
// allows (squares and Nexos lines: 8; Trigon triangles: 12; GembloQ
// quarter-squares: 8) and the translations that map the grid onto itself.
// Names and counts are Pentobi's (libpentobi_base/BoardConst.cpp):
//
//  set       pieces  copies  names
//  classic     21      1     V5 L5 Z5 N W X F I5 T5 Y P U L4 I4 T4 Z4 O V3 I3 2 1
//  junior      12      2     L5 P I5 O T4 Z4 L4 I4 V3 I3 2 1
//  trigon      22      1     I6 L6 V S P6 F W A6 G Y X O I5 L5 C5 P5 I4 C4 A4 I3 2 1
//  nexos       24      1     I4 L4 Y N V4 W Z4 T4 E U4 X F H J G O I3 L3 T3 Z3 U3 V2 I2 1
//  callisto    12    1-3     1 (3 copies); W X T5 U (1); L T4 Z O V I 2 (2)
//  gembloq     21      1     P I5 X W Z Y N5 T5 L5 N4.5 O T4 L4 I4 L3.5 V I3 L2.5 2 1.5 1
//
// Classic pieces are used by Blokus, Two-Player, Three-Player and Duo;
// trigon by all three Trigon variants. A Nexos piece is named by its line
// segments only (what moves list); it also covers the junctions where two of
// its segments meet in a straight line and no other of its segments meets
// them (nexos_piece_junctions), which no other piece may then cross.
//
// All functions are thread-safe; tables are built once on first use.
#ifndef LUDEX_GAMES_BLOKUS_PIECES_H_
#define LUDEX_GAMES_BLOKUS_PIECES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/node.h"
#include "games/blokus_geometry.h"

namespace ludex {

struct BlokusPiece {
  std::string name;         // Pentobi's name, e.g. "V5"
  std::int32_t copies = 1;  // instances each colour has
  // The cells in Pentobi's piece frame (x right, y DOWN, (0, 0) of point
  // type 0), Nexos junctions included, as in the tables of blokus_pieces.cpp.
  std::vector<Point> frame_cells;
  // Distinct orientations under the grid's symmetries.
  std::int32_t orientations = 0;
};

class BlokusPieces {
 public:
  // The piece set; built once, thread-safe.
  static const BlokusPieces& get(BlokusPieceSet set);

  BlokusGrid grid() const { return grid_; }
  const std::vector<BlokusPiece>& pieces() const { return pieces_; }
  // Index of the piece named `name`, or -1.
  std::int32_t index_of(std::string_view name) const;

  // The piece whose cells have exactly these shape coordinates
  // (BlokusGeometry::shape_coord; Nexos: segments only), in any order, up to
  // the grid's symmetries. nullopt if none (or if a coordinate repeats).
  std::optional<std::int32_t> find(std::vector<ShapeCoord> coords) const;

  // The shape coordinates of every distinct orientation of piece i, each
  // translated to its canonical place and sorted.
  std::vector<std::vector<ShapeCoord>> orientation_shapes(std::int32_t i) const;

  explicit BlokusPieces(BlokusPieceSet set);

 private:
  BlokusGrid grid_;
  std::vector<BlokusPiece> pieces_;
  // (canonical shape, piece index), sorted by shape.
  std::vector<std::pair<std::vector<ShapeCoord>, std::int32_t>> shapes_;
};

// The piece set of a variant.
inline const BlokusPieces& blokus_pieces(const BlokusVariant& info) {
  return BlokusPieces::get(info.piece_set);
}

// The pieces' shapes: the 8 or 12 symmetries of a grid as linear maps of
// shape coordinates, and the canonical translation of a shape.
std::int32_t blokus_symmetry_count(BlokusGrid grid);
// Requires 0 <= k < blokus_symmetry_count(grid); k = 0 is the identity.
ShapeCoord blokus_symmetry(BlokusGrid grid, std::int32_t k, const ShapeCoord& c);
// The shape moved by a translation of the grid to its canonical place, sorted.
std::vector<ShapeCoord> blokus_normalize_shape(BlokusGrid grid, std::vector<ShapeCoord> coords);

// The junctions (type-0 cells of the Nexos geometry) that a Nexos piece made
// of `segments` covers: those with exactly two of its segments, in line.
// Sorted.
std::vector<Point> nexos_piece_junctions(const std::vector<Point>& segments);

}  // namespace ludex

#endif  // LUDEX_GAMES_BLOKUS_PIECES_H_
