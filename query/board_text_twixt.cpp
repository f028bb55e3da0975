// Twixt with its links drawn. Holes are 4 columns and 2 lines apart, so that
// the board is about square on a terminal and every link has room between
// its pegs:
//  * a steep link (one column, two rows) is three '\' or '/' on the
//    diagonal between its pegs;
//  * a flat link (two columns, one row) is "`--." (falling to the right)
//    or ".--'" (rising) on the line between the pegs' rows, under the
//    column between them.
// Two links share a character only where they cross (possible for one
// seat's links under the PP rules; tests/unit/query/board_text_test.cpp
// checks every pair of links on a board): the later one in sorted order
// shows there.
// The border rows of seat 1 (W: top and bottom) are set off by '-' lines,
// the border columns of seat 2 (B: left and right) by '|' lines; the four
// corners, which are no holes, stay blank. The last peg is in brackets.
#include <cstdlib>

#include "games/coord_text.h"
#include "query/board_text_parts.h"

namespace ludex::board_text {
namespace {

inline constexpr std::int32_t kStep = 4;  // columns between holes

// In colour, seat 1 (W) is red and seat 2 (B) black, as on the physical
// TwixT sets, in twixtbot-ui and in ludex's web viewer; the letters stay the
// Twixt SGF's. The last move's brackets are then blue.
inline constexpr TextStyle kWoodRed = "1;38;5;160;48;5;180";
inline constexpr TextStyle kWoodBlue = "1;38;5;21;48;5;180";

TextStyle seat_style(std::int8_t seat) {
  return seat == 1 ? kWoodRed : kWoodBlack;
}

}  // namespace

std::optional<TextCanvas> draw_twixt(const PositionView& v) {
  if (v.board.columns < 3 || v.board.rows < 3 || v.board.columns > kMaxDiagram ||
      v.board.rows > kMaxDiagram) {
    return std::nullopt;
  }
  const PointLookup at(v);
  const std::size_t margin = std::to_string(v.board.rows).size();
  // Hole (x, y) at column ox + 4x of line 1 + 2y; a blank and a bracket's
  // room between the row label and the first hole.
  const std::int32_t ox = static_cast<std::int32_t>(margin) + 2;
  const auto hx = [&](std::int32_t x) { return ox + kStep * x; };
  const auto hy = [](std::int32_t y) { return 1 + 2 * y; };
  const std::int32_t last_x = v.board.columns - 1;
  const std::int32_t last_y = v.board.rows - 1;

  TextCanvas c;
  const auto column_labels = [&](std::int32_t line) {
    for (std::int32_t x = 0; x < v.board.columns; ++x)
      c.text(hx(x), line, format_column_letters(x));
  };
  column_labels(0);
  for (std::int32_t line = hy(0); line <= hy(last_y); ++line) {
    c.paint(hx(0) - 2, hx(last_x) + 2, line, kWood);
  }

  // The border lines: between row 1 and 2 and between the last two rows
  // (seat 1's), between column a and b and between the last two columns
  // (seat 2's), meeting at the corners of the inner board.
  const std::int32_t left = hx(0) + kStep / 2;
  const std::int32_t right = hx(last_x - 1) + kStep / 2;
  const std::int32_t top = hy(0) + 1;
  const std::int32_t bottom = hy(last_y - 1) + 1;
  for (std::int32_t x = left; x <= right; ++x) {
    c.put(x, top, '-', seat_style(1));
    c.put(x, bottom, '-', seat_style(1));
  }
  for (std::int32_t line = top; line <= bottom; ++line) {
    c.put(left, line, '|', seat_style(2));
    c.put(right, line, '|', seat_style(2));
  }
  for (const std::int32_t x : {left, right}) {
    for (const std::int32_t line : {top, bottom}) c.put(x, line, '+', kWoodGrid);
  }

  for (const TwixtLink& link : v.links) {
    // From the upper peg down to the lower one; dx = +1 or +2 to the right,
    // -1 or -2 to the left.
    const Point& up = link.a.y < link.b.y ? link.a : link.b;
    const Point& down = link.a.y < link.b.y ? link.b : link.a;
    const std::int32_t dx = down.x - up.x;
    const std::int32_t dy = down.y - up.y;
    const std::int32_t sx = dx > 0 ? 1 : -1;
    const TextStyle style = seat_style(link.color);
    if (std::abs(dx) == 1 && dy == 2) {
      for (std::int32_t k = 1; k <= 3; ++k) {
        c.put(hx(up.x) + sx * k, hy(up.y) + k, sx > 0 ? '\\' : '/', style);
      }
    } else if (std::abs(dx) == 2 && dy == 1) {
      const std::int32_t middle = hx(up.x) + sx * kStep;
      const std::int32_t line = hy(up.y) + 1;
      // Four columns, half a column towards the link's upper end: two
      // parallel flat links a column apart then stay apart.
      if (sx > 0) {
        c.text(middle - 2, line, "`--.", style);
      } else {
        c.text(middle - 1, line, ".--'", style);
      }
    }
  }

  for (std::int32_t y = 0; y < v.board.rows; ++y) {
    const std::int32_t line = hy(y);
    const std::string label = std::to_string(y + 1);
    c.text(0, line, pad_left(label, margin));
    std::vector<std::int32_t> cells;
    std::vector<bool> marked;
    for (std::int32_t x = 0; x < v.board.columns; ++x) {
      const bool corner = (x == 0 || x == last_x) && (y == 0 || y == last_y);
      const std::int8_t color = at.color(x, y);
      if (color != 0) {
        c.put(hx(x), line, colour_label(Family::kTwixt, color)[0], seat_style(color));
      } else {
        c.put(hx(x), line, corner ? ' ' : '.', kWoodGrid);
      }
      cells.push_back(hx(x));
      marked.push_back(at.last(x, y));
    }
    mark_last_move(c, line, cells, marked, 1, kWoodBlue);
    c.text(hx(last_x) + 3, line, label);
  }
  column_labels(hy(last_y) + 1);
  return c;
}

}  // namespace ludex::board_text
