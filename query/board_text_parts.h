// What the per-family diagrams of query/board_text.h share: the styles of
// their colour mode, a lookup of what stands where, and the marking of the
// last move. One drawing function per family, each in its own file
// (board_text_go.cpp, board_text_hex.cpp, board_text_twixt.cpp,
// board_text_blokus.cpp).
//
// Thread-safety: pure functions of their arguments.
#ifndef LUDEX_QUERY_BOARD_TEXT_PARTS_H_
#define LUDEX_QUERY_BOARD_TEXT_PARTS_H_

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "query/position_view.h"
#include "query/text_canvas.h"

namespace ludex::board_text {

// Boards wider or taller than this are not drawn (their occupants are
// listed instead).
inline constexpr std::int32_t kMaxDiagram = 64;

// Go, Hex and Twixt boards in colour: black and white on a wooden
// background (256-colour palette: the same on every terminal that has one).
inline constexpr TextStyle kWood = "48;5;180";
inline constexpr TextStyle kWoodGrid = "38;5;94;48;5;180";     // empty points, lines
inline constexpr TextStyle kWoodBlack = "1;38;5;16;48;5;180";  // seat 1 (B; Twixt: B = seat 2)
inline constexpr TextStyle kWoodWhite = "1;38;5;231;48;5;180";
inline constexpr TextStyle kWoodLast = "1;38;5;160;48;5;180";  // the last move's brackets

// The occupants of a view by point, and the points its last move placed.
class PointLookup {
 public:
  explicit PointLookup(const PositionView& view);
  // The colour on (x, y), 0 when empty.
  std::int8_t color(std::int32_t x, std::int32_t y) const;
  bool last(std::int32_t x, std::int32_t y) const;

 private:
  std::map<Point, std::int8_t> colors_;
  std::set<Point> last_;
};

// Marks the last move on line y, whose cells marked[i] start at column
// cells[i] and are `width` wide, one separator column apart: '(' before and
// ')' after each run of consecutive marked cells, on the separators.
void mark_last_move(TextCanvas& canvas, std::int32_t y, const std::vector<std::int32_t>& cells,
                    const std::vector<bool>& marked, std::int32_t width, TextStyle style);

// `text` right-aligned in `width` columns (not cut).
std::string pad_left(const std::string& text, std::size_t width);

// Pentobi's name of a Blokus colour (1..4) in a variant: Purple and Orange
// in Duo, Green and Orange in Junior, Blue and Green in the other
// two-colour variants, else Blue, Yellow, Red, Green.
std::string blokus_colour_name(const std::string& variant, std::int8_t color);
// Pentobi's colour for that colour, for text.
TextStyle blokus_text_style(const std::string& variant, std::int8_t color);

// The diagrams. nullopt where a board cannot be drawn (larger than
// kMaxDiagram, an unknown Blokus variant).
std::optional<TextCanvas> draw_go(const PositionView& view);
std::optional<TextCanvas> draw_hex(const PositionView& view);
std::optional<TextCanvas> draw_twixt(const PositionView& view);
std::optional<TextCanvas> draw_blokus(const PositionView& view);

}  // namespace ludex::board_text

#endif  // LUDEX_QUERY_BOARD_TEXT_PARTS_H_
