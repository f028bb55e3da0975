// Hex point notations. Points are (x, y) from 0, x = column from the left,
// y = row from the top (core/game.h).
//  * HexGui / SGF GM[11] / query notation: column letters + row number from
//    the top, "a1" = top-left, "e5", columns past z are "aa", "ab", ...;
//    case-insensitive.
//  * Little Golem: two coordinate bytes, column then row, "aa" = top-left
//    (games/coord_text.h).
//
// All functions are pure and thread-safe. Errors name the text and leave
// Error::pos unset for the caller to fill.
#ifndef LUDEX_GAMES_HEX_POINTS_H_
#define LUDEX_GAMES_HEX_POINTS_H_

#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "core/node.h"
#include "games/coord_text.h"

namespace ludex {

// "e5" -> (4, 4). Error "bad hex point '...'" for text that is not letters +
// number, "hex point 'm1' is off the 11x11 board" when outside `size`.
Result<Point> parse_hex_point(std::string_view text, const BoardSize& size);
// (4, 4) -> "e5".
std::string format_hex_point(const Point& p);

// "ad" -> (0, 3). Errors as parse_hex_point ("bad Little Golem hex point").
Result<Point> parse_lg_hex_point(std::string_view text, const BoardSize& size);
// (0, 3) -> "ad". Requires coordinates <= kMaxLgCoordinate.
std::string format_lg_hex_point(const Point& p);

}  // namespace ludex

#endif  // LUDEX_GAMES_HEX_POINTS_H_
