#include "games/hex_points.h"

namespace ludex {
Result<Point> parse_hex_point(std::string_view text, const BoardSize& size) {
  if (const std::optional<Point> p = letter_number_point(text, size)) return *p;
  if (!parse_letter_number(text)) return Error{{}, "bad hex point " + quote_value(text)};
  return off_board_error("hex point", text, size);
}

std::string format_hex_point(const Point& p) {
  return letter_number_text(p).str();
}

Result<Point> parse_lg_hex_point(std::string_view text, const BoardSize& size) {
  const auto p = parse_lg_point(text, size);
  if (!p) {
    if (parse_lg_point(text, BoardSize{}))
      return off_board_error("Little Golem hex point", text, size);
    return Error{{}, "bad Little Golem hex point " + quote_value(text)};
  }
  return Point{static_cast<std::int16_t>(p->x), static_cast<std::int16_t>(p->y)};
}

std::string format_lg_hex_point(const Point& p) {
  return format_lg_point(p.x, p.y);
}

}  // namespace ludex
