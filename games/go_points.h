// Go point notations. Points are (x, y) from 0, x = column from the left,
// y = row from the top (core/game.h).
//  * SGF: two letters, column then row, 'a'..'z' = 0..25 and 'A'..'Z' =
//    26..51 ("pd"). On boards up to 19x19 "tt" also means pass.
//  * Little Golem: two coordinate bytes, 'a' = 0, bytes past 'z' for boards
//    over 26 (games/coord_text.h); LG writes a pass as "tt" on every size.
//  * Board notation (queries, diagrams): column letter A..T skipping I (then
//    U..Z), row number counted from the BOTTOM: "Q16" on 19x19 = (15, 3).
//    It names 25 columns at most.
//
// All functions are pure and thread-safe. Errors name the text and leave
// Error::pos unset.
#ifndef LUDEX_GAMES_GO_POINTS_H_
#define LUDEX_GAMES_GO_POINTS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/node.h"
#include "games/coord_text.h"

namespace ludex {

// "pd" -> (15, 3). Does not treat "tt" as a pass (that is the caller's
// decision). Errors: "bad go point '...'", "... is off the board".
Result<Point> parse_go_point(std::string_view text, const BoardSize& size);
// The same without the reason: nullopt where parse_go_point gives an error.
// Inline, for the decoders' usual case.
inline std::optional<Point> go_point_on_board(std::string_view text, const BoardSize& size) {
  const auto coordinate = [](char c) -> std::int32_t {
    if (c >= 'a' && c <= 'z') return c - 'a';
    if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
    return -1;
  };
  if (text.size() != 2) return std::nullopt;
  const std::int32_t x = coordinate(text[0]);
  const std::int32_t y = coordinate(text[1]);
  if (x < 0 || y < 0 || !on_board(x, y, size)) return std::nullopt;
  return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
}
// (15, 3) -> "pd". Requires 0 <= x, y <= 51.
std::string format_go_point(const Point& p);
ShortText go_point_text(const Point& p);

// Little Golem bytes, as parse_go_point otherwise.
Result<Point> parse_lg_go_point(std::string_view text, const BoardSize& size);
std::string format_lg_go_point(const Point& p);

// "Q16" -> (15, rows - 16). Requires size.rows > 0. Case-insensitive.
Result<Point> parse_go_board_point(std::string_view text, const BoardSize& size);
// Inverse of parse_go_board_point; nullopt past 25 columns or unknown rows.
std::optional<std::string> format_go_board_point(const Point& p, const BoardSize& size);
// The board-notation letter of column x: 'A' for 0, 'J' for 8 (no 'I');
// nullopt outside 0..24.
std::optional<char> go_board_column_letter(std::int32_t x);

// The star points (hoshi) of a board, as diagrams mark them: the points
// 4-4 from each corner (3-3 on boards under 13 lines), the centre of an
// odd-sized board (not on 7x7), and on odd sides over 13 lines the midpoints
// of those sides' star lines. 9x9: the four 3-3 points and tengen; 13x13:
// the 4-4 points and tengen; 19x19 the nine 4-4/10 points. None when a side
// has fewer than 7 lines. Sorted.
std::vector<Point> go_star_points(const BoardSize& size);

}  // namespace ludex

#endif  // LUDEX_GAMES_GO_POINTS_H_
