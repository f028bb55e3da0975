// Board geometries of Pentobi's 18 game variants, as data.
//
// Coordinates are ludex's Blokus coordinates (core/game.h): x = column from
// the left, y = row from the BOTTOM, "a1" = (0, 0). Pentobi itself counts
// rows from the top (its y_p = rows - 1 - y); the facts below were read from
// Pentobi's source (enz/pentobi, libpentobi_base/) and are restated here in
// its own terms where that is clearer.
//
//  board type   cells of   rect   on-board cells  shape (Pentobi source)
//  classic      squares    20x20       400        RectGeometry(20, 20)
//  duo          squares    14x14       196        RectGeometry(14, 14)
//  trigon       triangles  35x18       486        TrigonGeometry(9): hexagon, edge 9
//  trigon_3     triangles  31x16       384        TrigonGeometry(8): hexagon, edge 8
//  nexos        lines      25x25       481        NexosGeometry: 13x13 lines
//  callisto     squares    20x20       288        CallistoGeometry(4): edge 6
//  callisto_2   squares    16x16       144        CallistoGeometry(2): edge 2
//  callisto_3   squares    20x20       220        CallistoGeometry(3): edge 2
//  gembloq      triangles  56x28      1564        GembloQGeometry(4): edge 13
//  gembloq_2    triangles  44x22       772        GembloQGeometry(2): edge 4
//  gembloq_3    triangles  52x26      1156        GembloQGeometry(3): edge 6
//
// Shapes (every one is symmetric under y -> rows - 1 - y, so the formulas
// read the same bottom-up): with dy = min(y, rows - 1 - y), row y holds
// x in [min_x, columns - 1 - min_x] where min_x is
//  * trigon (edge e):    e - 1 - dy;
//  * callisto (edge e):  max(0, (columns - e) / 2 - dy);
//  * gembloq (edge e):   max(0, (columns - 4e) / 2 - 1 - 2 dy);
//  * nexos: every (x, y) except x and y both odd (the holes between lines).
//
// Point types (Pentobi's Geometry::get_point_type, in Pentobi's y_p):
//  * trigon: 0 = upward triangle, 1 = downward; on odd edges type 1 iff
//    x + y_p is odd, on even edges iff it is even. A triangle in column x
//    spans half-edge units [x, x + 2] of its row.
//  * nexos: 0 = junction (x, y even), 1 = horizontal segment (x odd),
//    2 = vertical segment (y odd), 3 = hole (off the board).
//  * gembloq: (x + 2 (y_p mod 2)) mod 4. The board is a tiling of squares
//    turned 45 degrees, each cut by its horizontal and vertical diagonals into
//    four right triangles; a coordinate column is half a unit box (box =
//    floor(x / 2)), and in unit box [b, b + 1] x [r, r + 1] (rows upwards)
//    type 0 is the upper-left half of a "/" box, 1 its lower-right, 2 the
//    lower-left half of a "\" box and 3 its upper-right.
//  * squares: one type.
//
// Neighbours. adjacent = sharing an edge; diagonal = sharing a corner but
// no edge (Pentobi's get_adj / get_diag: 4/4 squares, 3/9 triangles of
// Trigon, 3/11 triangles of GembloQ), derived here from the cells' vertices.
// Two rule sets redefine them (Pentobi's geometries do the same): Callisto
// has no forbidden neighbours and attaches along edges (adjacent = none,
// diagonal = the edge neighbours); Nexos segments have no forbidden
// neighbours and attach to the segments that share a junction with them.
//
// Starting points (Pentobi's StartingPoints.cpp, converted to ludex y):
//  classic: colour 1 a20, 2 t20, 3 t1, 4 a1; duo/junior: 1 e10, 2 j5;
//  trigon: six shared points r15, r4, j12, j7, z12, z7 (trigon_3: p14, p3,
//  h11, h6, x11, x6); nexos: the four segments around one junction per
//  colour (1 e21, 2 u21, 3 u5, 4 e5); callisto: none (first pieces are
//  1-pieces placed anywhere outside the centre); gembloq: one square (four
//  triangles) per colour, all four of which the first piece must cover.
//
// All objects are immutable after their thread-safe static construction.
#ifndef LUDEX_GAMES_BLOKUS_GEOMETRY_H_
#define LUDEX_GAMES_BLOKUS_GEOMETRY_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "core/node.h"
#include "games/blokus_points.h"

namespace ludex {

// The cell grid, which decides how shapes are compared.
enum class BlokusGrid : std::uint8_t {
  kSquare = 0,   // classic, duo, junior, callisto
  kTrigon = 1,   // triangles of a hexagonal board
  kNexos = 2,    // line segments and junctions
  kGembloq = 3,  // quarter-squares of a 45-degree square tiling
};

// A cell's position in the grid-independent integer frame in which the
// grid's rotations and reflections are linear maps (see blokus_pieces.cpp).
struct ShapeCoord {
  std::int32_t a = 0;
  std::int32_t b = 0;
  friend bool operator==(const ShapeCoord&, const ShapeCoord&) = default;
  friend auto operator<=>(const ShapeCoord&, const ShapeCoord&) = default;
};

// The shape coordinate of the cell of `grid` at column x of row r (rows
// counted upwards) with point type `type`. Defined for any integers, so that
// piece definitions can use it with negative coordinates.
ShapeCoord blokus_shape_coord(BlokusGrid grid, std::int32_t x, std::int32_t r, int type);

class BlokusGeometry {
 public:
  // The geometry of a board type; built once, thread-safe.
  static const BlokusGeometry& get(BlokusBoardType type);

  BlokusBoardType board_type() const { return type_; }
  BlokusGrid grid() const { return grid_; }
  std::int32_t columns() const { return columns_; }
  std::int32_t rows() const { return rows_; }
  // Number of on-board cells (for Nexos: junctions and segments).
  std::int32_t cell_count() const { return cell_count_; }

  // True if (x, y) is a cell of the board (any integers accepted).
  bool on_board(std::int32_t x, std::int32_t y) const;
  bool on_board(const Point& p) const { return on_board(p.x, p.y); }
  // Index of a cell of the bounding rectangle. Requires on_board(p).
  std::size_t index(const Point& p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(columns_) +
           static_cast<std::size_t>(p.x);
  }
  std::size_t rect_size() const {
    return static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_);
  }

  // Pentobi's point type of a cell (see the file comment). Requires on_board.
  int point_type(const Point& p) const;
  // Cells that count as the piece: Nexos segments; every cell elsewhere.
  // Moves list exactly these. Requires on_board.
  bool is_piece_cell(const Point& p) const;

  // Neighbour lists (see the file comment). Require on_board.
  const std::vector<Point>& adjacent(const Point& p) const;
  const std::vector<Point>& diagonal(const Point& p) const;

  ShapeCoord shape_coord(const Point& p) const;

  // The cell drawn as a polygon, for viewers: its corners in ring order, in
  // the grid's drawing frame (x to the right, y UPWARDS, both from the board
  // rectangle's lower left): squares are 1 x 1; a Trigon triangle spans 2
  // units of x and 1 row of y (a row is sqrt(3) x-units high when drawn with
  // equal sides); a GembloQ triangle is half of a 1 x 1 box (two coordinate
  // columns share a box). A Nexos segment gives its two ends (junctions lie
  // on even x and y), a junction its one point. Requires on_board(p).
  std::vector<Point> outline(const Point& p) const;

  // Callisto only: the 24-cell centre region where 1-pieces may not go.
  bool is_center_section(const Point& p) const;

  // Starting points of `color` (1..4), sorted: its coloured points plus the
  // shared ones. Empty for Callisto.
  const std::vector<Point>& starting_points(std::int32_t color) const;
  // How many starting points the first piece must cover (GembloQ 4, else 1).
  std::int32_t needed_starting_points() const { return grid_ == BlokusGrid::kGembloq ? 4 : 1; }

  explicit BlokusGeometry(BlokusBoardType type);

 private:
  // Pentobi's y_p of ludex row y.
  std::int32_t pentobi_y(std::int32_t y) const { return rows_ - 1 - y; }
  bool init_on_board(std::int32_t x, std::int32_t y) const;
  std::vector<Point> cell_vertices(const Point& p) const;
  void init_neighbours();
  void init_starting_points();

  BlokusBoardType type_;
  BlokusGrid grid_;
  std::int32_t columns_ = 0;
  std::int32_t rows_ = 0;
  std::int32_t edge_ = 0;  // trigon, callisto, gembloq shape parameter
  std::int32_t cell_count_ = 0;
  std::vector<bool> on_board_;                  // by index()
  std::vector<std::vector<Point>> adjacent_;    // by index()
  std::vector<std::vector<Point>> diagonal_;    // by index()
  std::vector<bool> center_section_;            // by index(); Callisto only
  std::array<std::vector<Point>, 5> starting_;  // by colour 1..4; [0] unused
};

// The geometry of a variant.
inline const BlokusGeometry& blokus_geometry(const BlokusVariant& info) {
  return BlokusGeometry::get(info.board);
}

}  // namespace ludex

#endif  // LUDEX_GAMES_BLOKUS_GEOMETRY_H_
