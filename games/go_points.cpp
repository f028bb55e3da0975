#include "games/go_points.h"

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

Error off_board(std::string_view what, std::string_view text, const BoardSize& size) {
  return Error{{},
               std::string(what) + " " + quote_value(text) + " is off the " +
                   board_size_text(size) + " board"};
}

}  // namespace

Result<Point> parse_go_point(std::string_view text, const BoardSize& size) {
  if (const std::optional<Point> p = go_point_on_board(text, size)) return *p;
  if (go_point_on_board(text, BoardSize{})) return off_board("go point", text, size);
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
    if (parse_lg_point(text, BoardSize{})) return off_board("Little Golem go point", text, size);
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
  if (y < 0 || !on_board(*x, y, size)) return off_board("go board point", text, size);
  return Point{static_cast<std::int16_t>(*x), static_cast<std::int16_t>(y)};
}

std::optional<std::string> format_go_board_point(const Point& p, const BoardSize& size) {
  if (p.x < 0 || p.x > 24 || size.rows <= 0 || p.y < 0 || p.y >= size.rows) return std::nullopt;
  const char letter = static_cast<char>(p.x < 8 ? 'A' + p.x : 'A' + p.x + 1);
  return std::string(1, letter) + std::to_string(size.rows - p.y);
}

}  // namespace ludex
