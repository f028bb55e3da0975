// Go as GNU Go's showboard draws it: column letters A-T without I above and
// below, rows numbered from the bottom on both sides, X for B (seat 1), O
// for W, '+' on empty star points, the last stone in brackets "(X)".
#include <algorithm>
#include <set>

#include "games/coord_text.h"
#include "games/go_points.h"
#include "query/board_text_parts.h"
#include "query/game_document.h"

namespace ludex::board_text {
namespace {

// Board notation reaches 25 columns; wider boards keep SGF letters on both
// axes (rows from the top), as their moves are written: the rule of the game
// document and the web board (query/game_document.h).
bool board_notation(const PositionView& v) {
  return go_board_notation(v.board.columns, v.board.rows);
}

std::string column_label(const PositionView& v, std::int32_t x) {
  if (board_notation(v)) return std::string(1, go_board_column_letter(x).value_or('?'));
  return format_go_point(Point{static_cast<std::int16_t>(x), 0}).substr(0, 1);
}

std::string row_label(const PositionView& v, std::int32_t y) {
  if (board_notation(v)) return std::to_string(v.board.rows - y);
  return format_go_point(Point{0, static_cast<std::int16_t>(y)}).substr(1);
}

}  // namespace

std::optional<TextCanvas> draw_go(const PositionView& v) {
  constexpr std::int32_t kMaxSgfLetters = 52;
  if (v.board.columns <= 0 || v.board.rows <= 0 || v.board.columns > kMaxSgfLetters ||
      v.board.rows > kMaxSgfLetters) {
    return std::nullopt;
  }
  const PointLookup at(v);
  const std::vector<Point> star_list = go_star_points(BoardSize{v.board.columns, v.board.rows});
  const std::set<Point> stars(star_list.begin(), star_list.end());
  std::size_t margin = 1;
  for (std::int32_t y = 0; y < v.board.rows; ++y) margin = std::max(margin, row_label(v, y).size());
  // Column of the separator before the first point; points every 2 columns.
  const auto left = static_cast<std::int32_t>(margin);
  const std::int32_t right = left + 2 * v.board.columns;  // the separator after the last point

  TextCanvas c;
  const auto column_labels = [&](std::int32_t line) {
    for (std::int32_t x = 0; x < v.board.columns; ++x)
      c.text(left + 1 + 2 * x, line, column_label(v, x));
  };
  column_labels(0);
  for (std::int32_t y = 0; y < v.board.rows; ++y) {
    const std::int32_t line = 1 + y;
    c.text(0, line, pad_left(row_label(v, y), margin));
    c.paint(left, right, line, kWood);
    std::vector<std::int32_t> cells;
    std::vector<bool> marked;
    for (std::int32_t x = 0; x < v.board.columns; ++x) {
      const std::int32_t column = left + 1 + 2 * x;
      const std::int8_t color = at.color(x, y);
      if (color == 1) {
        c.put(column, line, 'X', kWoodBlack);
      } else if (color == 2) {
        c.put(column, line, 'O', kWoodWhite);
      } else {
        const bool star =
            stars.contains(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
        c.put(column, line, star ? '+' : '.', kWoodGrid);
      }
      cells.push_back(column);
      marked.push_back(at.last(x, y));
    }
    mark_last_move(c, line, cells, marked, 1, kWoodLast);
    c.text(right + 1, line, row_label(v, y));
  }
  column_labels(v.board.rows + 1);
  return c;
}

}  // namespace ludex::board_text
