#include "games/blokus_pieces.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <map>
#include <memory>

namespace ludex {
namespace {

// One piece as data: its name, copies per colour and its cells as
// "x,y x,y ..." in Pentobi's piece frame (x right, y down, (0, 0) of point
// type 0: an upward triangle in Trigon, a junction in Nexos, the upper-left
// half of a "/" box in GembloQ). Square pieces are written from their lower
// left corner; the other sets follow Pentobi's BoardConst.cpp definitions,
// Nexos junctions included.
struct PieceRow {
  std::string_view name;
  std::int8_t copies;
  std::string_view cells;
};

constexpr PieceRow kClassic[] = {
    {"V5", 1, "0,0 1,0 2,0 0,-1 0,-2"},
    {"L5", 1, "0,0 1,0 2,0 3,0 0,-1"},
    {"Z5", 1, "0,0 1,0 1,-1 1,-2 2,-2"},
    {"N", 1, "0,0 1,0 2,0 2,-1 3,-1"},
    {"W", 1, "0,0 1,0 1,-1 2,-1 2,-2"},
    {"X", 1, "1,0 0,-1 1,-1 2,-1 1,-2"},
    {"F", 1, "1,0 0,-1 1,-1 1,-2 2,-2"},
    {"I5", 1, "0,0 1,0 2,0 3,0 4,0"},
    {"T5", 1, "1,0 1,-1 0,-2 1,-2 2,-2"},
    {"Y", 1, "0,0 1,0 2,0 3,0 1,-1"},
    {"P", 1, "0,0 1,0 0,-1 1,-1 0,-2"},
    {"U", 1, "0,0 1,0 2,0 0,-1 2,-1"},
    {"L4", 1, "0,0 1,0 2,0 0,-1"},
    {"I4", 1, "0,0 1,0 2,0 3,0"},
    {"T4", 1, "0,0 1,0 2,0 1,-1"},
    {"Z4", 1, "0,0 1,0 1,-1 2,-1"},
    {"O", 1, "0,0 1,0 0,-1 1,-1"},
    {"V3", 1, "0,0 1,0 0,-1"},
    {"I3", 1, "0,0 1,0 2,0"},
    {"2", 1, "0,0 1,0"},
    {"1", 1, "0,0"},
};

constexpr PieceRow kJunior[] = {
    {"L5", 2, "0,0 1,0 2,0 3,0 0,-1"},
    {"P", 2, "0,0 1,0 0,-1 1,-1 0,-2"},
    {"I5", 2, "0,0 1,0 2,0 3,0 4,0"},
    {"O", 2, "0,0 1,0 0,-1 1,-1"},
    {"T4", 2, "0,0 1,0 2,0 1,-1"},
    {"Z4", 2, "0,0 1,0 1,-1 2,-1"},
    {"L4", 2, "0,0 1,0 2,0 0,-1"},
    {"I4", 2, "0,0 1,0 2,0 3,0"},
    {"V3", 2, "0,0 1,0 0,-1"},
    {"I3", 2, "0,0 1,0 2,0"},
    {"2", 2, "0,0 1,0"},
    {"1", 2, "0,0"},
};

constexpr PieceRow kCallisto[] = {
    {"1", 3, "0,0"},
    {"W", 1, "0,0 1,0 1,-1 2,-1 2,-2"},
    {"X", 1, "1,0 0,-1 1,-1 2,-1 1,-2"},
    {"T5", 1, "1,0 1,-1 0,-2 1,-2 2,-2"},
    {"U", 1, "0,0 1,0 2,0 0,-1 2,-1"},
    {"L", 2, "0,0 1,0 2,0 0,-1"},
    {"T4", 2, "0,0 1,0 2,0 1,-1"},
    {"Z", 2, "0,0 1,0 1,-1 2,-1"},
    {"O", 2, "0,0 1,0 0,-1 1,-1"},
    {"V", 2, "0,0 1,0 0,-1"},
    {"I", 2, "0,0 1,0 2,0"},
    {"2", 2, "0,0 1,0"},
};

constexpr PieceRow kTrigon[] = {
    {"I6", 1, "1,-1 2,-1 0,0 1,0 -1,1 0,1"},
    {"L6", 1, "1,-1 2,-1 0,0 1,0 0,1 1,1"},
    {"V", 1, "-2,-1 -1,-1 -1,0 0,0 1,0 2,0"},
    {"S", 1, "-1,-1 0,-1 -1,0 0,0 -1,1 0,1"},
    {"P6", 1, "1,-1 0,0 1,0 2,0 -1,1 0,1"},
    {"F", 1, "0,0 1,0 0,1 1,1 2,1 1,2"},
    {"W", 1, "1,-1 -1,0 0,0 1,0 2,0 3,0"},
    {"A6", 1, "1,-1 0,0 1,0 2,0 0,1 2,1"},
    {"G", 1, "1,-1 0,0 1,0 0,1 1,1 2,1"},
    {"Y", 1, "-1,-1 -1,0 0,0 1,0 -1,1 0,1"},
    {"X", 1, "-1,0 0,0 1,0 -1,1 0,1 1,1"},
    {"O", 1, "-1,-1 0,-1 1,-1 -1,0 0,0 1,0"},
    {"I5", 1, "1,-1 0,0 1,0 -1,1 0,1"},
    {"L5", 1, "1,-1 0,0 1,0 0,1 1,1"},
    {"C5", 1, "0,0 1,0 0,1 1,1 2,1"},
    {"P5", 1, "1,-1 0,0 1,0 2,0 0,1"},
    {"I4", 1, "0,0 1,0 -1,1 0,1"},
    {"C4", 1, "0,0 1,0 0,1 1,1"},
    {"A4", 1, "1,-1 0,0 1,0 2,0"},
    {"I3", 1, "1,-1 0,0 1,0"},
    {"2", 1, "0,0 1,0"},
    {"1", 1, "0,0"},
};

constexpr PieceRow kNexos[] = {
    {"I4", 1, "0,-3 0,-2 0,-1 0,0 0,1 0,2 0,3"},
    {"L4", 1, "0,-3 0,-2 0,-1 0,0 0,1 1,2"},
    {"Y", 1, "0,-1 -1,0 0,1 0,2 0,3"},
    {"N", 1, "-2,-1 -1,0 0,1 0,2 0,3"},
    {"V4", 1, "-3,0 -2,0 -1,0 0,-1 0,-2 0,-3"},
    {"W", 1, "-2,-1 -1,0 0,1 1,2"},
    {"Z4", 1, "-1,-2 0,-1 0,0 0,1 1,2"},
    {"T4", 1, "-1,0 1,0 0,1 0,2 0,3"},
    {"E", 1, "0,-1 1,0 0,1 -1,2"},
    {"U4", 1, "-2,-1 -1,0 0,0 1,0 2,-1"},
    {"X", 1, "0,-1 -1,0 1,0 0,1"},
    {"F", 1, "1,-2 0,-1 1,0 0,1"},
    {"H", 1, "0,-1 1,0 0,1 2,1"},
    {"J", 1, "0,-3 0,-2 0,-1 -1,0 -2,-1"},
    {"G", 1, "2,-1 1,0 0,1 1,2"},
    {"O", 1, "1,0 2,1 0,1 1,2"},
    {"I3", 1, "0,-1 0,0 0,1 0,2 0,3"},
    {"L3", 1, "0,-1 0,0 0,1 1,2"},
    {"T3", 1, "-1,0 1,0 0,1"},
    {"Z3", 1, "-1,0 0,1 1,2"},
    {"U3", 1, "0,-1 1,0 2,-1"},
    {"V2", 1, "-1,0 0,-1"},
    {"I2", 1, "0,-1 0,0 0,1"},
    {"1", 1, "1,0"},
};

constexpr PieceRow kGembloq[] = {
    {"P", 1,
     "-1,0 0,0 1,0 2,0 1,1 2,1 3,1 3,2 -3,-1 -2,-1 -1,-1 0,-1 1,-1 2,-1 -3,-2 -2,-2 -1,-2 "
     "0,-2 1,-2 2,-2 -1,-3 0,-3"},
    {"I5", 1,
     "-1,0 0,0 1,0 2,0 -3,-1 -2,-1 -1,-1 0,-1 -5,-2 -4,-2 -3,-2 -2,-2 -5,-3 -4,-3 1,1 2,1 3,1 "
     "4,1 3,2 4,2"},
    {"X", 1,
     "-3,0 -2,0 -1,0 0,0 1,0 2,0 -3,-1 -2,-1 -1,-1 0,-1 1,-1 2,-1 -3,-2 -2,-2 1,-2 2,-2 -3,1 "
     "-2,1 1,1 2,1"},
    {"W", 1,
     "-5,0 -4,0 -3,0 -2,0 -1,0 0,0 1,0 2,0 3,0 4,0 -5,-1 -4,-1 -1,-1 0,-1 3,-1 4,-1 -3,1 -2,1 "
     "1,1 2,1"},
    {"Z", 1,
     "0,0 -1,0 1,0 2,0 3,0 4,0 -5,0 -4,0 -5,-1 -4,-1 1,1 2,1 -1,-1 0,-1 3,-1 4,-1 -3,-1 -2,-1 "
     "-3,-2 -2,-2"},
    {"Y", 1,
     "0,0 -3,0 -2,0 -1,0 1,0 2,0 -2,-1 -1,-1 0,-1 -3,-1 -3,-2 -2,-2 -3,1 -2,1 1,1 2,1 3,1 4,1 "
     "3,2 4,2"},
    {"N5", 1,
     "0,-1 -3,-1 -2,-1 -1,-1 -4,-2 -3,-2 -5,-2 -5,-3 -2,-2 -4,-3 -3,0 -2,0 -1,0 0,0 -3,1 -2,1 "
     "-1,1 0,1 -1,2 0,2"},
    {"T5", 1,
     "0,0 -5,0 -4,0 -1,0 1,0 2,0 1,1 2,1 -5,-1 -4,-1 -3,-1 -2,-1 -1,-1 0,-1 -3,-2 -2,-2 -1,-2 "
     "0,-2 -1,-3 0,-3"},
    {"L5", 1,
     "0,0 -1,0 1,0 2,0 -5,-2 -4,-2 -5,-3 -4,-3 3,0 4,0 1,1 2,1 -1,-1 0,-1 3,-1 4,-1 -3,-1 -2,-1 "
     "-3,-2 -2,-2"},
    {"N4.5", 1,
     "0,-1 -3,-1 -2,-1 -1,-1 -4,-2 -3,-2 -2,-2 -4,-3 -3,0 -2,0 -1,0 0,0 -3,1 -2,1 -1,1 0,1 "
     "-1,2 0,2"},
    {"O", 1, "0,0 -3,0 -2,0 -1,0 1,0 2,0 -1,-1 0,-1 -3,1 -2,1 -1,1 0,1 1,1 2,1 -1,2 0,2"},
    {"T4", 1, "0,0 -3,0 -2,0 -1,0 1,0 2,0 -1,-1 0,-1 1,-1 2,-1 1,-2 2,-2 -3,1 -2,1 1,1 2,1"},
    {"L4", 1, "0,0 -1,0 1,0 2,0 3,0 4,0 1,1 2,1 -1,-1 0,-1 3,-1 4,-1 -3,-1 -2,-1 -3,-2 -2,-2"},
    {"I4", 1, "-2,-1 -3,-1 -3,-2 -2,-2 0,0 -1,0 -1,-1 0,-1 2,1 1,1 1,0 2,0 4,2 3,2 3,1 4,1"},
    {"L3.5", 1, "0,0 -1,0 -3,-1 -2,-1 -1,-1 0,-1 1,-1 2,-1 1,-2 2,-2 -5,-2 -4,-2 -3,-2 -2,-2"},
    {"V", 1, "0,0 -1,0 -3,-1 -2,-1 -1,-1 0,-1 1,-1 2,-1 1,-2 2,-2 -3,-2 -2,-2"},
    {"I3", 1, "0,0 -1,0 -3,-1 -2,-1 -3,-2 -2,-2 -1,-1 0,-1 1,0 2,0 1,1 2,1"},
    {"L2.5", 1, "0,0 -1,0 -3,-1 -2,-1 -1,-1 0,-1 1,-1 2,-1 -3,-2 -2,-2"},
    {"2", 1, "0,0 -1,0 -1,-1 0,-1 1,0 2,0 1,1 2,1"},
    {"1.5", 1, "0,0 -1,0 -1,-1 0,-1 1,0 2,0"},
    {"1", 1, "0,0 -1,0 -1,-1 0,-1"},
};

struct SetRows {
  BlokusPieceSet set;
  BlokusGrid grid;
  const PieceRow* rows;
  std::size_t count;
};

template <std::size_t N>
constexpr SetRows set_rows(BlokusPieceSet set, BlokusGrid grid, const PieceRow (&rows)[N]) {
  return {set, grid, rows, N};
}

constexpr std::array<SetRows, 6> kSets = {{
    set_rows(BlokusPieceSet::kClassic, BlokusGrid::kSquare, kClassic),
    set_rows(BlokusPieceSet::kJunior, BlokusGrid::kSquare, kJunior),
    set_rows(BlokusPieceSet::kTrigon, BlokusGrid::kTrigon, kTrigon),
    set_rows(BlokusPieceSet::kNexos, BlokusGrid::kNexos, kNexos),
    set_rows(BlokusPieceSet::kCallisto, BlokusGrid::kSquare, kCallisto),
    set_rows(BlokusPieceSet::kGembloq, BlokusGrid::kGembloq, kGembloq),
}};

// "x,y x,y" -> points. The tables are constants, so a malformed one is a
// programming error.
std::vector<Point> parse_cells(std::string_view text) {
  std::vector<Point> out;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find(' '), text.size());
    const std::string_view token = text.substr(0, end);
    const std::size_t comma = token.find(',');
    assert(comma != std::string_view::npos);
    int x = 0;
    int y = 0;
    std::from_chars(token.data(), token.data() + comma, x);
    std::from_chars(token.data() + comma + 1, token.data() + token.size(), y);
    out.push_back({static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return out;
}

// Pentobi's point type of a cell of its piece frame (y down, (0, 0) of
// type 0): Trigon as on its odd-edge boards, Nexos by parity, GembloQ
// (x + 2 (y mod 2)) mod 4.
int frame_point_type(BlokusGrid grid, std::int32_t x, std::int32_t y) {
  switch (grid) {
    case BlokusGrid::kSquare:
      return 0;
    case BlokusGrid::kTrigon:
      return (x + y) & 1;
    case BlokusGrid::kNexos:
      return (x & 1) + 2 * (y & 1);
    case BlokusGrid::kGembloq:
      return (x + 2 * (y & 1)) & 3;
  }
  return 0;
}

// Shape coordinates of a piece's cells (rows upwards: r = -y); Nexos
// junctions left out.
std::vector<ShapeCoord> frame_shape(BlokusGrid grid, const std::vector<Point>& cells) {
  std::vector<ShapeCoord> out;
  for (const Point& p : cells) {
    const int type = frame_point_type(grid, p.x, p.y);
    if (grid == BlokusGrid::kNexos && type == 0) continue;
    out.push_back(blokus_shape_coord(grid, p.x, -p.y, type));
  }
  return out;
}

std::int32_t floor_div(std::int32_t v, std::int32_t d) {
  return v >= 0 ? v / d : -((-v + d - 1) / d);
}

}  // namespace

std::int32_t blokus_symmetry_count(BlokusGrid grid) {
  return grid == BlokusGrid::kTrigon ? 12 : 8;
}

// Squares, Nexos and GembloQ: the dihedral group of the square, generated by
// the quarter turn (a, b) -> (-b, a) and the mirror (a, b) -> (-a, b); the
// origin is a lattice point, a junction, or a point where GembloQ squares
// meet, so each is a symmetry of the grid. Trigon: the dihedral group of the
// hexagon on axial coordinates, generated by the sixth turn (q, r) ->
// (-r, q + r) and the mirror in the q axis (q, r) -> (q + r, -r); sums of
// vertices transform like vertices.
ShapeCoord blokus_symmetry(BlokusGrid grid, std::int32_t k, const ShapeCoord& c) {
  ShapeCoord out = c;
  if (grid == BlokusGrid::kTrigon) {
    if (k >= 6) out = {out.a + out.b, -out.b};
    for (std::int32_t i = 0; i < k % 6; ++i) out = {-out.b, out.a + out.b};
    return out;
  }
  if (k >= 4) out = {-out.a, out.b};
  for (std::int32_t i = 0; i < k % 4; ++i) out = {-out.b, out.a};
  return out;
}

// Translations of the grid: any integer vector for squares; even vectors for
// Nexos (junction to junction); three times any lattice vector for Trigon
// (coordinates are sums of three vertices); three times (i, j) with i + j
// even for GembloQ (square centre to square centre). The canonical place
// moves the smallest coordinates into [0, step) - or, for GembloQ, b into
// [-step, step) when the parity demands it.
std::vector<ShapeCoord> blokus_normalize_shape(BlokusGrid grid, std::vector<ShapeCoord> coords) {
  if (coords.empty()) return coords;
  std::int32_t min_a = coords.front().a;
  std::int32_t min_b = coords.front().b;
  for (const ShapeCoord& c : coords) {
    min_a = std::min(min_a, c.a);
    min_b = std::min(min_b, c.b);
  }
  std::int32_t step = 1;
  if (grid == BlokusGrid::kNexos) step = 2;
  if (grid == BlokusGrid::kTrigon || grid == BlokusGrid::kGembloq) step = 3;
  const std::int32_t i = floor_div(min_a, step);
  std::int32_t j = floor_div(min_b, step);
  if (grid == BlokusGrid::kGembloq && ((i + j) & 1) != 0) --j;
  for (ShapeCoord& c : coords) {
    c.a -= i * step;
    c.b -= j * step;
  }
  std::sort(coords.begin(), coords.end());
  return coords;
}

std::vector<Point> nexos_piece_junctions(const std::vector<Point>& segments) {
  std::map<Point, std::array<bool, 4>> around;  // junction -> segment W, E, S, N
  for (const Point& s : segments) {
    const auto mark = [&](std::int32_t x, std::int32_t y, std::size_t side) {
      around[Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)}][side] = true;
    };
    if (s.x % 2 != 0) {  // horizontal: junctions left and right
      mark(s.x + 1, s.y, 0);
      mark(s.x - 1, s.y, 1);
    } else {  // vertical: junctions below and above
      mark(s.x, s.y + 1, 2);
      mark(s.x, s.y - 1, 3);
    }
  }
  std::vector<Point> out;
  for (const auto& [junction, sides] : around) {
    const int n = sides[0] + sides[1] + sides[2] + sides[3];
    if (n == 2 && ((sides[0] && sides[1]) || (sides[2] && sides[3]))) out.push_back(junction);
  }
  return out;
}

const BlokusPieces& BlokusPieces::get(BlokusPieceSet set) {
  static const std::vector<std::unique_ptr<BlokusPieces>> kAll = [] {
    std::vector<std::unique_ptr<BlokusPieces>> out;
    for (const SetRows& rows : kSets) out.push_back(std::make_unique<BlokusPieces>(rows.set));
    return out;
  }();
  return *kAll[static_cast<std::size_t>(set)];
}

BlokusPieces::BlokusPieces(BlokusPieceSet set) {
  const SetRows& rows = kSets[static_cast<std::size_t>(set)];
  assert(rows.set == set);
  grid_ = rows.grid;
  for (std::size_t i = 0; i < rows.count; ++i) {
    BlokusPiece piece;
    piece.name = std::string(rows.rows[i].name);
    piece.copies = rows.rows[i].copies;
    piece.frame_cells = parse_cells(rows.rows[i].cells);
    const std::vector<ShapeCoord> shape = frame_shape(grid_, piece.frame_cells);
    std::vector<std::vector<ShapeCoord>> seen;
    for (std::int32_t k = 0; k < blokus_symmetry_count(grid_); ++k) {
      std::vector<ShapeCoord> moved;
      for (const ShapeCoord& c : shape) moved.push_back(blokus_symmetry(grid_, k, c));
      moved = blokus_normalize_shape(grid_, std::move(moved));
      if (std::find(seen.begin(), seen.end(), moved) != seen.end()) continue;
      seen.push_back(moved);
      shapes_.emplace_back(std::move(moved), static_cast<std::int32_t>(pieces_.size()));
    }
    piece.orientations = static_cast<std::int32_t>(seen.size());
    pieces_.push_back(std::move(piece));
  }
  std::sort(shapes_.begin(), shapes_.end());
}

std::int32_t BlokusPieces::index_of(std::string_view name) const {
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    if (pieces_[i].name == name) return static_cast<std::int32_t>(i);
  }
  return -1;
}

std::optional<std::int32_t> BlokusPieces::find(std::vector<ShapeCoord> coords) const {
  coords = blokus_normalize_shape(grid_, std::move(coords));
  if (std::adjacent_find(coords.begin(), coords.end()) != coords.end()) return std::nullopt;
  const auto it = std::lower_bound(
      shapes_.begin(), shapes_.end(), coords,
      [](const auto& entry, const std::vector<ShapeCoord>& key) { return entry.first < key; });
  if (it == shapes_.end() || it->first != coords) return std::nullopt;
  return it->second;
}

std::vector<std::vector<ShapeCoord>> BlokusPieces::orientation_shapes(std::int32_t i) const {
  std::vector<std::vector<ShapeCoord>> out;
  for (const auto& [shape, piece] : shapes_) {
    if (piece == i) out.push_back(shape);
  }
  return out;
}

}  // namespace ludex
