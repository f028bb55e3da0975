#include "games/blokus_points.h"

namespace ludex {

Result<Point> parse_blokus_point(std::string_view text, const BoardSize& size) {
  if (const std::optional<Point> p = letter_number_point(text, size)) return *p;
  if (!parse_letter_number(text)) return Error{{}, "bad blokus point " + quote_value(text)};
  return Error{
      {}, "blokus point " + quote_value(text) + " is off the " + board_size_text(size) + " board"};
}

std::string format_blokus_point(const Point& p) {
  return letter_number_text(p).str();
}

std::optional<Error> append_blokus_point_list(std::string_view text, const BoardSize& size,
                                              MovePoints* points) {
  // The usual value, labels joined by ',' without blanks, in one pass; any
  // other goes the way below, which also says what is wrong.
  const std::size_t first_point = points->size();
  for (std::size_t at = 0; true; ++at) {
    const std::optional<LetterNumber> ln = read_letter_number(text, &at);
    if (!ln || !on_board(ln->column, ln->number - 1, size)) break;
    points->push_back(
        Point{static_cast<std::int16_t>(ln->column), static_cast<std::int16_t>(ln->number - 1)});
    if (at == text.size()) return std::nullopt;
    if (text[at] != ',') break;
  }
  points->resize(first_point);
  std::size_t start = 0;
  while (true) {
    std::size_t comma = start;
    while (comma < text.size() && text[comma] != ',') ++comma;
    const std::string_view label = trim_ascii(text.substr(start, comma - start));
    if (const std::optional<Point> p = letter_number_point(label, size)) {
      points->push_back(*p);
    } else {
      return parse_blokus_point(label, size).error();
    }
    if (comma == text.size()) return std::nullopt;
    start = comma + 1;
  }
}

Result<MovePoints> parse_blokus_point_list(std::string_view text, const BoardSize& size) {
  MovePoints points;
  if (std::optional<Error> error = append_blokus_point_list(text, size, &points)) {
    return std::move(*error);
  }
  return points;
}

std::string format_blokus_point_list(std::span<const Point> points) {
  std::string out;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) out += ',';
    out += format_blokus_point(points[i]);
  }
  return out;
}

}  // namespace ludex
