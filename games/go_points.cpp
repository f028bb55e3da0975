#include "games/go_points.h"

#include <algorithm>

namespace ludex {
namespace {

char format_sgf_go_coordinate(std::int32_t v) {
  return static_cast<char>(v < 26 ? 'a' + v : 'A' + (v - 26));
}

// Board-notation column letters: A..H = 0..7, J..Z = 8..24 (no I).
std::optional<std::int32_t> board_column(char c) {
  if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  if (c < 'A' || c > 'Z' || c == 'I') return std::nullopt;
  return c < 'I' ? c - 'A' : c - 'A' - 1;
}

}  // namespace

Result<Point> parse_go_point(std::string_view text, const BoardSize& size) {
  if (const std::optional<Point> p = go_point_on_board(text, size)) return *p;
  if (go_point_on_board(text, BoardSize{})) return off_board_error("go point", text, size);
  return Error{{}, "bad go point " + quote_value(text)};
}

ShortText go_point_text(const Point& p) {
  ShortText text;
  text.push_back(format_sgf_go_coordinate(p.x));
  text.push_back(format_sgf_go_coordinate(p.y));
  return text;
}

std::string format_go_point(const Point& p) {
  return go_point_text(p).str();
}

Result<Point> parse_lg_go_point(std::string_view text, const BoardSize& size) {
  const auto p = parse_lg_point(text, size);
  if (!p) {
    if (parse_lg_point(text, BoardSize{}))
      return off_board_error("Little Golem go point", text, size);
    return Error{{}, "bad Little Golem go point " + quote_value(text)};
  }
  return Point{static_cast<std::int16_t>(p->x), static_cast<std::int16_t>(p->y)};
}

std::string format_lg_go_point(const Point& p) {
  return format_lg_point(p.x, p.y);
}

Result<Point> parse_go_board_point(std::string_view text, const BoardSize& size) {
  const Error bad{{}, "bad go board point " + quote_value(text)};
  if (text.size() < 2 || size.rows <= 0) return bad;
  const auto x = board_column(text[0]);
  const auto number = parse_decimal(text.substr(1));
  if (!x || !number) return bad;
  const std::int32_t y = size.rows - *number;
  if (y < 0 || !on_board(*x, y, size)) return off_board_error("go board point", text, size);
  return Point{static_cast<std::int16_t>(*x), static_cast<std::int16_t>(y)};
}

std::optional<std::string> format_go_board_point(const Point& p, const BoardSize& size) {
  const std::optional<char> letter = go_board_column_letter(p.x);
  if (!letter || size.rows <= 0 || p.y < 0 || p.y >= size.rows) return std::nullopt;
  return std::string(1, *letter) + std::to_string(size.rows - p.y);
}

std::optional<char> go_board_column_letter(std::int32_t x) {
  if (x < 0 || x > 24) return std::nullopt;
  return static_cast<char>(x < 8 ? 'A' + x : 'A' + x + 1);
}

// The rule of Sabaki's board component (shudan), which Go players see on
// most boards: near lines 4 from the edge on sides of 13 and more, else 3.
std::vector<Point> go_star_points(const BoardSize& size) {
  const std::int32_t w = size.columns;
  const std::int32_t h = size.rows;
  std::vector<Point> out;
  if (std::min(w, h) < 7) return out;
  const std::int32_t near_x = w >= 13 ? 3 : 2;
  const std::int32_t near_y = h >= 13 ? 3 : 2;
  const std::int32_t far_x = w - 1 - near_x;
  const std::int32_t far_y = h - 1 - near_y;
  const std::int32_t mid_x = (w - 1) / 2;
  const std::int32_t mid_y = (h - 1) / 2;
  const auto add = [&out](std::int32_t x, std::int32_t y) {
    out.push_back(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
  };
  add(near_x, near_y);
  add(far_x, near_y);
  add(near_x, far_y);
  add(far_x, far_y);
  if (w % 2 != 0 && h % 2 != 0 && w != 7 && h != 7) add(mid_x, mid_y);
  if (w % 2 != 0 && w > 13) {
    add(mid_x, near_y);
    add(mid_x, far_y);
  }
  if (h % 2 != 0 && h > 13) {
    add(near_x, mid_y);
    add(far_x, mid_y);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace ludex
