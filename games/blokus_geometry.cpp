#include "games/blokus_geometry.h"

#include <algorithm>
#include <cassert>
#include <map>
#include <memory>

namespace ludex {
namespace {

struct BoardShape {
  BlokusBoardType type;
  BlokusGrid grid;
  std::int32_t columns;
  std::int32_t rows;
  std::int32_t edge;  // 0 when the board is its whole rectangle
};

// Pentobi's Variant.cpp get_geometry() and the *Geometry constructors.
constexpr std::array<BoardShape, 11> kBoardShapes = {{
    {BlokusBoardType::kClassic, BlokusGrid::kSquare, 20, 20, 0},
    {BlokusBoardType::kDuo, BlokusGrid::kSquare, 14, 14, 0},
    {BlokusBoardType::kTrigon, BlokusGrid::kTrigon, 35, 18, 9},
    {BlokusBoardType::kTrigon3, BlokusGrid::kTrigon, 31, 16, 8},
    {BlokusBoardType::kNexos, BlokusGrid::kNexos, 25, 25, 0},
    {BlokusBoardType::kCallisto, BlokusGrid::kSquare, 20, 20, 6},
    {BlokusBoardType::kCallisto2, BlokusGrid::kSquare, 16, 16, 2},
    {BlokusBoardType::kCallisto3, BlokusGrid::kSquare, 20, 20, 2},
    {BlokusBoardType::kGembloq, BlokusGrid::kGembloq, 56, 28, 13},
    {BlokusBoardType::kGembloq2, BlokusGrid::kGembloq, 44, 22, 4},
    {BlokusBoardType::kGembloq3, BlokusGrid::kGembloq, 52, 26, 6},
}};

bool is_callisto(BlokusBoardType type) {
  return type == BlokusBoardType::kCallisto || type == BlokusBoardType::kCallisto2 ||
         type == BlokusBoardType::kCallisto3;
}

// Starting points in Pentobi's coordinates (y_p from the top), from its
// StartingPoints.cpp. color 0 = shared by all colours.
struct StartingPoint {
  BlokusBoardType type;
  std::int8_t color;
  std::int16_t x;
  std::int16_t y_p;
};

constexpr StartingPoint kStartingPoints[] = {
    {BlokusBoardType::kClassic, 1, 0, 0},    {BlokusBoardType::kClassic, 2, 19, 0},
    {BlokusBoardType::kClassic, 3, 19, 19},  {BlokusBoardType::kClassic, 4, 0, 19},
    {BlokusBoardType::kDuo, 1, 4, 4},        {BlokusBoardType::kDuo, 2, 9, 9},
    {BlokusBoardType::kTrigon, 0, 17, 3},    {BlokusBoardType::kTrigon, 0, 17, 14},
    {BlokusBoardType::kTrigon, 0, 9, 6},     {BlokusBoardType::kTrigon, 0, 9, 11},
    {BlokusBoardType::kTrigon, 0, 25, 6},    {BlokusBoardType::kTrigon, 0, 25, 11},
    {BlokusBoardType::kTrigon3, 0, 15, 2},   {BlokusBoardType::kTrigon3, 0, 15, 13},
    {BlokusBoardType::kTrigon3, 0, 7, 5},    {BlokusBoardType::kTrigon3, 0, 7, 10},
    {BlokusBoardType::kTrigon3, 0, 23, 5},   {BlokusBoardType::kTrigon3, 0, 23, 10},
    {BlokusBoardType::kNexos, 1, 4, 3},      {BlokusBoardType::kNexos, 1, 3, 4},
    {BlokusBoardType::kNexos, 1, 5, 4},      {BlokusBoardType::kNexos, 1, 4, 5},
    {BlokusBoardType::kNexos, 2, 20, 3},     {BlokusBoardType::kNexos, 2, 19, 4},
    {BlokusBoardType::kNexos, 2, 21, 4},     {BlokusBoardType::kNexos, 2, 20, 5},
    {BlokusBoardType::kNexos, 3, 20, 19},    {BlokusBoardType::kNexos, 3, 19, 20},
    {BlokusBoardType::kNexos, 3, 21, 20},    {BlokusBoardType::kNexos, 3, 20, 21},
    {BlokusBoardType::kNexos, 4, 4, 19},     {BlokusBoardType::kNexos, 4, 3, 20},
    {BlokusBoardType::kNexos, 4, 5, 20},     {BlokusBoardType::kNexos, 4, 4, 21},
    {BlokusBoardType::kGembloq, 1, 1, 0},    {BlokusBoardType::kGembloq, 1, 2, 0},
    {BlokusBoardType::kGembloq, 1, 1, 1},    {BlokusBoardType::kGembloq, 1, 2, 1},
    {BlokusBoardType::kGembloq, 2, 53, 0},   {BlokusBoardType::kGembloq, 2, 54, 0},
    {BlokusBoardType::kGembloq, 2, 53, 1},   {BlokusBoardType::kGembloq, 2, 54, 1},
    {BlokusBoardType::kGembloq, 3, 53, 26},  {BlokusBoardType::kGembloq, 3, 54, 26},
    {BlokusBoardType::kGembloq, 3, 53, 27},  {BlokusBoardType::kGembloq, 3, 54, 27},
    {BlokusBoardType::kGembloq, 4, 1, 26},   {BlokusBoardType::kGembloq, 4, 2, 26},
    {BlokusBoardType::kGembloq, 4, 1, 27},   {BlokusBoardType::kGembloq, 4, 2, 27},
    {BlokusBoardType::kGembloq2, 1, 13, 0},  {BlokusBoardType::kGembloq2, 1, 14, 0},
    {BlokusBoardType::kGembloq2, 1, 13, 1},  {BlokusBoardType::kGembloq2, 1, 14, 1},
    {BlokusBoardType::kGembloq2, 2, 29, 20}, {BlokusBoardType::kGembloq2, 2, 30, 20},
    {BlokusBoardType::kGembloq2, 2, 29, 21}, {BlokusBoardType::kGembloq2, 2, 30, 21},
    {BlokusBoardType::kGembloq3, 1, 25, 24}, {BlokusBoardType::kGembloq3, 1, 26, 24},
    {BlokusBoardType::kGembloq3, 1, 25, 25}, {BlokusBoardType::kGembloq3, 1, 26, 25},
    {BlokusBoardType::kGembloq3, 2, 1, 6},   {BlokusBoardType::kGembloq3, 2, 2, 6},
    {BlokusBoardType::kGembloq3, 2, 1, 7},   {BlokusBoardType::kGembloq3, 2, 2, 7},
    {BlokusBoardType::kGembloq3, 3, 49, 6},  {BlokusBoardType::kGembloq3, 3, 50, 6},
    {BlokusBoardType::kGembloq3, 3, 49, 7},  {BlokusBoardType::kGembloq3, 3, 50, 7},
};

std::int32_t floor_div2(std::int32_t v) {
  return v >= 0 ? v / 2 : -((1 - v) / 2);
}

}  // namespace

// The frames (see blokus_pieces.cpp for how they are used):
//  * squares and Nexos: (x, r) itself.
//  * Trigon: the sum of the triangle's three vertices in axial coordinates
//    of the vertex lattice (q along an edge, r' along the edge 60 degrees
//    up), origin on a lattice vertex. A vertex at half-edge column h of row
//    line v is (q, r') = ((h - v - c) / 2, v), where c is the parity of h + v
//    of lattice vertices; an upward triangle in column x of row r has
//    vertices (x, r), (x + 2, r), (x + 1, r + 1), a downward one (x, r + 1),
//    (x + 2, r + 1), (x + 1, r).
//  * GembloQ: three times the centroid of the triangle in unit boxes.
ShapeCoord blokus_shape_coord(BlokusGrid grid, std::int32_t x, std::int32_t r, int type) {
  switch (grid) {
    case BlokusGrid::kSquare:
    case BlokusGrid::kNexos:
      return {x, r};
    case BlokusGrid::kTrigon: {
      const bool up = type == 0;
      const std::int32_t h_sum = 3 * x + 3;
      const std::int32_t v_sum = up ? 3 * r + 1 : 3 * r + 2;
      const std::int32_t c = (x + r + (up ? 0 : 1)) & 1;
      return {(h_sum - 3 * c - v_sum) / 2, v_sum};
    }
    case BlokusGrid::kGembloq: {
      const std::int32_t b = floor_div2(x);
      switch (type & 3) {
        case 0:
          return {3 * b + 1, 3 * r + 2};
        case 1:
          return {3 * b + 2, 3 * r + 1};
        case 2:
          return {3 * b + 1, 3 * r + 1};
        default:
          return {3 * b + 2, 3 * r + 2};
      }
    }
  }
  return {x, r};
}

const BlokusGeometry& BlokusGeometry::get(BlokusBoardType type) {
  static const std::vector<std::unique_ptr<BlokusGeometry>> kGeometries = [] {
    std::vector<std::unique_ptr<BlokusGeometry>> out;
    for (const BoardShape& shape : kBoardShapes) {
      out.push_back(std::make_unique<BlokusGeometry>(shape.type));
    }
    return out;
  }();
  return *kGeometries[static_cast<std::size_t>(type)];
}

BlokusGeometry::BlokusGeometry(BlokusBoardType type) : type_(type) {
  const BoardShape& shape = kBoardShapes[static_cast<std::size_t>(type)];
  assert(shape.type == type);
  grid_ = shape.grid;
  columns_ = shape.columns;
  rows_ = shape.rows;
  edge_ = shape.edge;
  on_board_.assign(rect_size(), false);
  center_section_.assign(rect_size(), false);
  for (std::int32_t y = 0; y < rows_; ++y) {
    for (std::int32_t x = 0; x < columns_; ++x) {
      if (!init_on_board(x, y)) continue;
      const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      on_board_[index(p)] = true;
      ++cell_count_;
    }
  }
  if (is_callisto(type_)) {
    // CallistoGeometry::is_center_section: the 6x6 square around the
    // centre, cut like a Callisto board of edge 2.
    const std::int32_t first = columns_ / 2 - 3;
    for (std::int32_t y = 0; y < 6; ++y) {
      const std::int32_t dy = std::min(y, 5 - y);
      const std::int32_t min_x = std::max(0, 2 - dy);
      for (std::int32_t x = min_x; x <= 5 - min_x; ++x) {
        const Point p{static_cast<std::int16_t>(first + x), static_cast<std::int16_t>(first + y)};
        center_section_[index(p)] = true;
      }
    }
  }
  init_neighbours();
  init_starting_points();
}

bool BlokusGeometry::init_on_board(std::int32_t x, std::int32_t y) const {
  const std::int32_t dy = std::min(y, rows_ - 1 - y);
  std::int32_t min_x = 0;
  switch (grid_) {
    case BlokusGrid::kSquare:
      if (edge_ > 0) min_x = std::max(0, (columns_ - edge_) / 2 - dy);
      break;
    case BlokusGrid::kTrigon:
      min_x = edge_ - 1 - dy;
      break;
    case BlokusGrid::kNexos:
      return (x % 2 == 0) || (y % 2 == 0);
    case BlokusGrid::kGembloq:
      min_x = std::max(0, (columns_ - 4 * edge_) / 2 - 1 - 2 * dy);
      break;
  }
  return x >= min_x && x <= columns_ - 1 - min_x;
}

bool BlokusGeometry::on_board(std::int32_t x, std::int32_t y) const {
  if (x < 0 || y < 0 || x >= columns_ || y >= rows_) return false;
  return on_board_[static_cast<std::size_t>(y) * static_cast<std::size_t>(columns_) +
                   static_cast<std::size_t>(x)];
}

int BlokusGeometry::point_type(const Point& p) const {
  assert(on_board(p));
  const std::int32_t y_p = pentobi_y(p.y);
  switch (grid_) {
    case BlokusGrid::kSquare:
      return 0;
    case BlokusGrid::kTrigon: {
      const bool odd_sum = ((p.x + y_p) & 1) != 0;
      const bool down = (edge_ % 2 != 0) ? odd_sum : !odd_sum;
      return down ? 1 : 0;
    }
    case BlokusGrid::kNexos:
      if (p.x % 2 == 0) return y_p % 2 == 0 ? 0 : 2;
      return y_p % 2 == 0 ? 1 : 3;
    case BlokusGrid::kGembloq:
      return (p.x + 2 * (y_p & 1)) & 3;
  }
  return 0;
}

bool BlokusGeometry::is_piece_cell(const Point& p) const {
  return grid_ != BlokusGrid::kNexos || point_type(p) != 0;
}

const std::vector<Point>& BlokusGeometry::adjacent(const Point& p) const {
  assert(on_board(p));
  return adjacent_[index(p)];
}

const std::vector<Point>& BlokusGeometry::diagonal(const Point& p) const {
  assert(on_board(p));
  return diagonal_[index(p)];
}

// Rows counted upwards from Pentobi's row 0 (r = -y_p), as in the piece
// frame: the GembloQ tiling then has its squares at the same places in both
// (the board's own rows would shift it by an odd number of rows).
ShapeCoord BlokusGeometry::shape_coord(const Point& p) const {
  return blokus_shape_coord(grid_, p.x, -pentobi_y(p.y), point_type(p));
}

bool BlokusGeometry::is_center_section(const Point& p) const {
  return on_board(p) && center_section_[index(p)];
}

const std::vector<Point>& BlokusGeometry::starting_points(std::int32_t color) const {
  static const std::vector<Point> kNone;
  if (color < 1 || color > 4) return kNone;
  return starting_[static_cast<std::size_t>(color)];
}

// Vertices of a cell in a frame with rows counted upwards (see the file
// comment of blokus_geometry.h): corners of squares, triangles (Trigon in
// half-edge columns, GembloQ in unit boxes), the two end junctions of a Nexos
// segment. Junctions have none: they neither touch nor attach.
std::vector<Point> BlokusGeometry::cell_vertices(const Point& p) const {
  const auto pt = [](std::int32_t x, std::int32_t y) {
    return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
  };
  const std::int32_t x = p.x;
  const std::int32_t r = p.y;
  const int type = point_type(p);
  switch (grid_) {
    case BlokusGrid::kSquare:
      return {pt(x, r), pt(x + 1, r), pt(x, r + 1), pt(x + 1, r + 1)};
    case BlokusGrid::kTrigon:
      if (type == 0) return {pt(x, r), pt(x + 2, r), pt(x + 1, r + 1)};
      return {pt(x, r + 1), pt(x + 2, r + 1), pt(x + 1, r)};
    case BlokusGrid::kNexos:
      if (type == 1) return {pt(x - 1, r), pt(x + 1, r)};
      if (type == 2) return {pt(x, r - 1), pt(x, r + 1)};
      return {};
    case BlokusGrid::kGembloq: {
      const std::int32_t b = floor_div2(x);
      switch (type) {
        case 0:
          return {pt(b, r), pt(b, r + 1), pt(b + 1, r + 1)};
        case 1:
          return {pt(b, r), pt(b + 1, r), pt(b + 1, r + 1)};
        case 2:
          return {pt(b, r), pt(b, r + 1), pt(b + 1, r)};
        default:
          return {pt(b, r + 1), pt(b + 1, r + 1), pt(b + 1, r)};
      }
    }
  }
  return {};
}

std::vector<Point> BlokusGeometry::outline(const Point& p) const {
  assert(on_board(p));
  std::vector<Point> corners = cell_vertices(p);
  if (grid_ == BlokusGrid::kSquare) {
    // cell_vertices lists a square's corners row by row; a ring needs the
    // last two swapped.
    std::swap(corners[2], corners[3]);
  } else if (grid_ == BlokusGrid::kNexos && corners.empty()) {
    corners.push_back(p);  // a junction
  }
  return corners;
}

void BlokusGeometry::init_neighbours() {
  adjacent_.assign(rect_size(), {});
  diagonal_.assign(rect_size(), {});
  std::map<Point, std::vector<Point>> cells_at;  // vertex -> cells touching it
  std::vector<Point> cells;
  for (std::int32_t y = 0; y < rows_; ++y) {
    for (std::int32_t x = 0; x < columns_; ++x) {
      const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      if (!on_board(p)) continue;
      cells.push_back(p);
      for (const Point& v : cell_vertices(p)) cells_at[v].push_back(p);
    }
  }
  const bool callisto = is_callisto(type_);
  for (const Point& p : cells) {
    std::map<Point, int> shared;  // neighbour -> number of shared vertices
    for (const Point& v : cell_vertices(p)) {
      for (const Point& q : cells_at[v]) {
        if (q != p) ++shared[q];
      }
    }
    std::vector<Point>& adj = adjacent_[index(p)];
    std::vector<Point>& diag = diagonal_[index(p)];
    for (const auto& [q, n] : shared) (n >= 2 ? adj : diag).push_back(q);
    if (callisto) {
      // Callisto: pieces of one colour may share edges and must to attach.
      diag = adj;
      adj.clear();
    }
  }
}

void BlokusGeometry::init_starting_points() {
  for (const StartingPoint& s : kStartingPoints) {
    if (s.type != type_) continue;
    const Point p{s.x, static_cast<std::int16_t>(pentobi_y(s.y_p))};
    assert(on_board(p));
    if (s.color == 0) {
      for (std::size_t c = 1; c <= 4; ++c) starting_[c].push_back(p);
    } else {
      starting_[static_cast<std::size_t>(s.color)].push_back(p);
    }
  }
  for (std::vector<Point>& points : starting_) std::sort(points.begin(), points.end());
}

}  // namespace ludex
