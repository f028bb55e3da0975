#include "tests/unit/games/blokus_test_util.h"

#include <cassert>

#include "games/blokus_position.h"

namespace ludex::blokus_test {

std::vector<Point> points(const std::string& labels) {
  auto parsed = parse_blokus_point_list(labels, BoardSize{});
  assert(parsed.ok());
  return std::vector<Point>(parsed->begin(), parsed->end());
}

Move move(const std::string& variant, std::int8_t color, const std::string& labels) {
  const BlokusVariant* v = find_blokus_variant(variant);
  assert(v != nullptr);
  Move m;
  m.color = color;
  m.seat = blokus_seat_of_color(*v, color);
  m.points = points(labels);
  return m;
}

std::unique_ptr<Position> position(const std::string& variant) {
  GameRecord game;
  game.family = Family::kBlokus;
  game.variant = variant;
  auto made = new_blokus_position(game);
  assert(made.ok());
  return std::move(*made);
}

std::map<ShapeCoord, Point> cells_by_shape(const BlokusGeometry& geometry) {
  std::map<ShapeCoord, Point> out;
  for (std::int16_t y = 0; y < geometry.rows(); ++y) {
    for (std::int16_t x = 0; x < geometry.columns(); ++x) {
      const Point p{x, y};
      if (geometry.on_board(p) && geometry.is_piece_cell(p)) out[geometry.shape_coord(p)] = p;
    }
  }
  return out;
}

namespace {

// True if moving shape coordinates by (da, db) is a translation of the grid
// (games/blokus_pieces.cpp, blokus_normalize_shape).
bool is_grid_translation(BlokusGrid grid, std::int32_t da, std::int32_t db) {
  switch (grid) {
    case BlokusGrid::kSquare:
      return true;
    case BlokusGrid::kNexos:
      return da % 2 == 0 && db % 2 == 0;
    case BlokusGrid::kTrigon:
      return da % 3 == 0 && db % 3 == 0;
    case BlokusGrid::kGembloq:
      return da % 3 == 0 && db % 3 == 0 && (da / 3 + db / 3) % 2 == 0;
  }
  return false;
}

}  // namespace

std::optional<std::vector<Point>> place_shape(const BlokusGeometry& geometry,
                                              const std::vector<ShapeCoord>& shape,
                                              std::size_t skip) {
  const std::map<ShapeCoord, Point> cells = cells_by_shape(geometry);
  std::size_t seen = 0;
  for (const auto& [anchor, unused] : cells) {
    if (seen++ < skip) continue;
    const std::int32_t da = anchor.a - shape.front().a;
    const std::int32_t db = anchor.b - shape.front().b;
    if (!is_grid_translation(geometry.grid(), da, db)) continue;
    std::vector<Point> out;
    for (const ShapeCoord& c : shape) {
      const auto it = cells.find(ShapeCoord{c.a + da, c.b + db});
      if (it == cells.end()) break;
      out.push_back(it->second);
    }
    if (out.size() == shape.size()) return out;
  }
  return std::nullopt;
}

}  // namespace ludex::blokus_test
