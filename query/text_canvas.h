// A page of characters, each with its own ANSI style, on which `ludex show`
// draws its board diagrams (query/board_text.h); written with the styles as
// ANSI escape sequences or as plain text.
//
// Thread-safety: a canvas is not shared between threads.
#ifndef LUDEX_QUERY_TEXT_CANVAS_H_
#define LUDEX_QUERY_TEXT_CANVAS_H_

#include <cstdint>
#include <iosfwd>
#include <string_view>
#include <vector>

namespace ludex {

// The parameters of an ANSI SGR sequence ("1;30;47" for ESC [1;30;47m), or
// empty for the terminal's default. Styles are string literals: a canvas
// keeps the view, not a copy.
using TextStyle = std::string_view;

class TextCanvas {
 public:
  // Sets the character at column x of line y (both from 0; negative ones
  // are ignored), growing the page as needed. Requires printable ASCII.
  void put(std::int32_t x, std::int32_t y, char c, TextStyle style = {});
  // put() for each character of `text`, from column x on.
  void text(std::int32_t x, std::int32_t y, std::string_view text, TextStyle style = {});
  // Gives the cells from column x0 to x1 (inclusive) of line y the style,
  // keeping their characters (a background under a stretch of the board).
  void paint(std::int32_t x0, std::int32_t x1, std::int32_t y, TextStyle style);
  // The character at (x, y); ' ' where nothing was put.
  char at(std::int32_t x, std::int32_t y) const;
  std::int32_t lines() const { return static_cast<std::int32_t>(lines_.size()); }

  // Every line with a '\n'. Plain: the characters without their trailing
  // blanks. In colour: each change of style as an SGR sequence, reset before
  // the end of the line, and trailing blanks only where they have a style.
  void write(std::ostream& out, bool color) const;

 private:
  struct Cell {
    char c = ' ';
    TextStyle style;
  };
  Cell* cell(std::int32_t x, std::int32_t y);
  std::vector<std::vector<Cell>> lines_;
};

}  // namespace ludex

#endif  // LUDEX_QUERY_TEXT_CANVAS_H_
