#include "games/twixt_points.h"

namespace ludex {
namespace {

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_half_mark(char c) {
  return c == '\'' || c == '*';
}

// Length of the part starting at text[0] (sign, letters, mark, digits,
// mark), or 0 if no part starts there.
std::size_t part_length(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '-' || text[i] == '/' || text[i] == '\\')) ++i;
  const std::size_t letters_begin = i;
  while (i < text.size() && is_letter(text[i])) ++i;
  if (i == letters_begin) return 0;
  if (i < text.size() && is_half_mark(text[i])) ++i;
  const std::size_t digits_begin = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  if (i == digits_begin) return 0;
  if (i < text.size() && is_half_mark(text[i])) ++i;
  return i;
}

bool centre_on_board(std::int32_t cx2, std::int32_t cy2, const BoardSize& size) {
  const BoardSize doubled{size.columns > 0 ? 2 * size.columns - 1 : 0,
                          size.rows > 0 ? 2 * size.rows - 1 : 0};
  return on_board(cx2, cy2, doubled);
}

}  // namespace

Result<Point> parse_twixt_point(std::string_view text, const BoardSize& size) {
  if (const std::optional<Point> p = letter_number_point(text, size)) return *p;
  if (!parse_letter_number(text)) return Error{{}, "bad twixt point " + quote_value(text)};
  return off_board_error("twixt point", text, size);
}

std::string format_twixt_point(const Point& p) {
  return letter_number_text(p).str();
}

Result<TwixtLinkCentre> parse_twixt_link_centre(std::string_view text, const BoardSize& size) {
  const Error bad{{}, "bad twixt link centre " + quote_value(text)};
  std::size_t i = 0;
  while (i < text.size() && is_letter(text[i])) ++i;
  const std::string_view letters = text.substr(0, i);
  const bool half_x = i < text.size() && is_half_mark(text[i]);
  if (half_x) ++i;
  const std::size_t digits_begin = i;
  while (i < text.size() && is_digit(text[i])) ++i;
  const std::string_view digits = text.substr(digits_begin, i - digits_begin);
  const bool half_y = i < text.size() && is_half_mark(text[i]);
  if (half_y) ++i;
  if (i != text.size() || half_x == half_y) return bad;
  const auto column = parse_column_letters(letters);
  const auto number = parse_decimal(digits);
  if (!column || !number) return bad;
  const std::int32_t cx2 = 2 * *column + (half_x ? 1 : 0);
  const std::int32_t cy2 = 2 * (*number - 1) + (half_y ? 1 : 0);
  if (!centre_on_board(cx2, cy2, size)) return off_board_error("twixt link centre", text, size);
  return TwixtLinkCentre{static_cast<std::int16_t>(cx2), static_cast<std::int16_t>(cy2)};
}

std::string format_twixt_link_centre(std::int32_t cx2, std::int32_t cy2) {
  std::string out = format_column_letters(cx2 / 2);
  if (cx2 % 2 != 0) out += '\'';
  out += std::to_string(cy2 / 2 + 1);
  if (cy2 % 2 != 0) out += '\'';
  return out;
}

Result<std::vector<TwixtMovePart>> parse_twixt_move_parts(std::string_view text,
                                                          const BoardSize& size) {
  std::vector<TwixtMovePart> parts;
  std::string_view rest = text;
  if (trim_ascii(rest).empty()) return Error{{}, "empty twixt move"};
  while (!rest.empty()) {
    rest = trim_ascii(rest);
    if (rest.empty()) break;
    const std::size_t n = part_length(rest);
    if (n == 0) return Error{{}, "bad twixt move " + quote_value(text)};
    std::string_view part = rest.substr(0, n);
    rest.remove_prefix(n);
    const char sign = part.front();
    const bool has_sign = sign == '-' || sign == '/' || sign == '\\';
    if (has_sign) part.remove_prefix(1);
    bool marked = false;
    for (char c : part) marked = marked || is_half_mark(c);
    TwixtMovePart out;
    if (!marked) {
      if (has_sign) return Error{{}, "bad twixt link centre " + quote_value(part)};
      auto p = parse_twixt_point(part, size);
      if (!p) return p.error();
      out.is_peg = true;
      out.peg = *p;
    } else {
      auto c = parse_twixt_link_centre(part, size);
      if (!c) return c.error();
      out.link.cx2 = c->cx2;
      out.link.cy2 = c->cy2;
      out.link.add = sign != '-';
      out.link.slope = sign == '/' ? 1 : (sign == '\\' ? -1 : 0);
    }
    parts.push_back(out);
  }
  return parts;
}

std::string format_twixt_link_edit(const LinkEdit& link) {
  std::string prefix;
  if (!link.add) {
    prefix = "-";
  } else if (link.slope > 0) {
    prefix = "/";
  } else if (link.slope < 0) {
    prefix = "\\";
  }
  return prefix + format_twixt_link_centre(link.cx2, link.cy2);
}

Result<Point> parse_lg_twixt_point(std::string_view text, const BoardSize& size) {
  const auto p = parse_lg_point(text, size);
  if (!p) {
    if (parse_lg_point(text, BoardSize{})) {
      return off_board_error("Little Golem twixt point", text, size);
    }
    return Error{{}, "bad Little Golem twixt point " + quote_value(text)};
  }
  return Point{static_cast<std::int16_t>(p->x), static_cast<std::int16_t>(p->y)};
}

std::string format_lg_twixt_point(const Point& p) {
  return format_lg_point(p.x, p.y);
}

}  // namespace ludex
