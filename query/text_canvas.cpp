#include "query/text_canvas.h"

#include <cassert>
#include <ostream>

namespace ludex {

TextCanvas::Cell* TextCanvas::cell(std::int32_t x, std::int32_t y) {
  if (x < 0 || y < 0) return nullptr;
  const auto row = static_cast<std::size_t>(y);
  const auto column = static_cast<std::size_t>(x);
  if (lines_.size() <= row) lines_.resize(row + 1);
  std::vector<Cell>& line = lines_[row];
  if (line.size() <= column) line.resize(column + 1);
  return &line[column];
}

void TextCanvas::put(std::int32_t x, std::int32_t y, char c, TextStyle style) {
  assert(c >= ' ' && c <= '~');
  if (Cell* target = cell(x, y)) *target = Cell{c, style};
}

void TextCanvas::text(std::int32_t x, std::int32_t y, std::string_view text, TextStyle style) {
  for (const char c : text) put(x++, y, c, style);
}

void TextCanvas::paint(std::int32_t x0, std::int32_t x1, std::int32_t y, TextStyle style) {
  for (std::int32_t x = x0; x <= x1; ++x) {
    if (Cell* target = cell(x, y)) target->style = style;
  }
}

char TextCanvas::at(std::int32_t x, std::int32_t y) const {
  if (x < 0 || y < 0 || static_cast<std::size_t>(y) >= lines_.size()) return ' ';
  const std::vector<Cell>& line = lines_[static_cast<std::size_t>(y)];
  return static_cast<std::size_t>(x) < line.size() ? line[static_cast<std::size_t>(x)].c : ' ';
}

void TextCanvas::write(std::ostream& out, bool color) const {
  for (const std::vector<Cell>& line : lines_) {
    std::size_t end = line.size();
    while (end > 0 && line[end - 1].c == ' ' && (!color || line[end - 1].style.empty())) --end;
    TextStyle current;
    for (std::size_t i = 0; i < end; ++i) {
      const Cell& c = line[i];
      if (color && c.style != current) {
        if (!current.empty()) out << "\x1b[0m";
        if (!c.style.empty()) out << "\x1b[" << c.style << 'm';
        current = c.style;
      }
      out << c.c;
    }
    if (!current.empty()) out << "\x1b[0m";
    out << '\n';
  }
}

}  // namespace ludex
