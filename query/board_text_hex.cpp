// Hex as a rhombus: each row half a cell further right than the one above,
// column letters above and below, row numbers on both sides. Seat 1 (B)
// joins top and bottom: its edges are the '-' lines above the first row and
// below the last; seat 2 (W) joins left and right: its edges are the '\'
// before and after each row. The last stone is in brackets.
#include <algorithm>

#include "games/coord_text.h"
#include "query/board_text_parts.h"

namespace ludex::board_text {

std::optional<TextCanvas> draw_hex(const PositionView& v) {
  if (v.board.columns <= 0 || v.board.rows <= 0 || v.board.columns > kMaxDiagram ||
      v.board.rows > kMaxDiagram) {
    return std::nullopt;
  }
  const PointLookup at(v);
  std::size_t width = 1;
  for (std::int32_t x = 0; x < v.board.columns; ++x) {
    width = std::max(width, format_column_letters(x).size());
  }
  const auto w = static_cast<std::int32_t>(width);
  const std::int32_t step = w + 1;
  const std::size_t margin = std::to_string(v.board.rows).size();
  // Row i: its label from column i, then a blank, W's edge, and the cells,
  // each after a separator column.
  const auto edge = [&](std::int32_t i) { return i + static_cast<std::int32_t>(margin) + 1; };
  const auto cell = [&](std::int32_t i, std::int32_t x) { return edge(i) + 2 + x * step; };
  const std::int32_t last = v.board.rows - 1;

  TextCanvas c;
  const auto column_labels = [&](std::int32_t line, std::int32_t row) {
    for (std::int32_t x = 0; x < v.board.columns; ++x) {
      c.text(cell(row, x), line, pad_left(format_column_letters(x), width));
    }
  };
  const auto black_edge = [&](std::int32_t line, std::int32_t row) {
    const std::int32_t from = cell(row, 0);
    const std::int32_t to = cell(row, v.board.columns - 1) + w - 1;
    for (std::int32_t x = from; x <= to; ++x) c.put(x, line, '-', kWoodBlack);
  };
  column_labels(0, 0);
  black_edge(1, 0);
  for (std::int32_t y = 0; y < v.board.rows; ++y) {
    const std::int32_t line = 2 + y;
    const std::string label = std::to_string(y + 1);
    c.text(y, line, pad_left(label, margin));
    const std::int32_t right_edge = cell(y, v.board.columns - 1) + w + 1;
    c.paint(edge(y), right_edge, line, kWood);
    c.put(edge(y), line, '\\', kWoodWhite);
    std::vector<std::int32_t> cells;
    std::vector<bool> marked;
    for (std::int32_t x = 0; x < v.board.columns; ++x) {
      const std::int8_t color = at.color(x, y);
      std::string mark = ".";
      if (color != 0) mark = colour_label(Family::kHex, color);
      const TextStyle style = color == 1 ? kWoodBlack : color == 2 ? kWoodWhite : kWoodGrid;
      c.text(cell(y, x), line, pad_left(mark, width), style);
      cells.push_back(cell(y, x));
      marked.push_back(at.last(x, y));
    }
    mark_last_move(c, line, cells, marked, w, kWoodLast);
    c.put(right_edge, line, '\\', kWoodWhite);
    c.text(right_edge + 2, line, label);
  }
  black_edge(v.board.rows + 2, last);
  column_labels(v.board.rows + 3, last);
  return c;
}

}  // namespace ludex::board_text
