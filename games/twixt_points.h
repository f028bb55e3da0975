// Twixt point and link notations. Points are (x, y) from 0, x = column from
// the left, y = row from the top (core/game.h).
//  * Twixt SGF GM[21] / query notation: column letters + row number, row 1 at
//    the top: "K4", "aa12"; case-insensitive.
//  * Link centres (Hensel's notation, used by GM[21] long moves): an
//    apostrophe after the letters means halfway between that column and the
//    next ("i'3"), after the number halfway between that row and the next
//    ("J4'"). The older spec's '*' is read as an apostrophe. A centre is named
//    in doubled coordinates (cx2 = x1 + x2, cy2 = y1 + y2, core/node.h).
//  * Long-move parts: "-c" removes the link centred at c, "/c" adds the
//    rising one (slope +1), "\c" the falling one (slope -1); a bare centre "c"
//    adds a link of unknown slope (what "\c" becomes when an SGF reader has
//    unescaped the backslash). Several parts may be written in one value
//    ("-f2'-g'3/e'3\g2'j6", as in Hensel's puzzles), with or without
//    whitespace between them.
//  * Little Golem: two coordinate bytes, column then row, 'a' = 0, bytes past
//    'z' for boards over 26 (games/coord_text.h).
//
// All functions are pure and thread-safe. Errors name the text and leave
// Error::pos unset.
#ifndef LUDEX_GAMES_TWIXT_POINTS_H_
#define LUDEX_GAMES_TWIXT_POINTS_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/node.h"
#include "games/coord_text.h"

namespace ludex {

// "K4" -> (10, 3). Errors: "bad twixt point '...'", "... is off the board".
Result<Point> parse_twixt_point(std::string_view text, const BoardSize& size);
// (10, 3) -> "k4".
std::string format_twixt_point(const Point& p);

struct TwixtLinkCentre {
  std::int16_t cx2 = 0;
  std::int16_t cy2 = 0;
  friend bool operator==(const TwixtLinkCentre&, const TwixtLinkCentre&) = default;
};
// "i'3" -> (17, 4), "J4'" -> (18, 7). Exactly one of the two halves must be
// marked. Errors: "bad twixt link centre '...'", "... is off the board".
Result<TwixtLinkCentre> parse_twixt_link_centre(std::string_view text, const BoardSize& size);
// Inverse of parse_twixt_link_centre, lowercase. Requires non-negative values,
// exactly one of them odd.
std::string format_twixt_link_centre(std::int32_t cx2, std::int32_t cy2);

// One part of a (long) move: either a peg or a link edit.
struct TwixtMovePart {
  bool is_peg = false;
  Point peg;      // when is_peg
  LinkEdit link;  // otherwise
};
// Splits `text` into its parts, in the order written. Error for empty text or
// any part that does not parse.
Result<std::vector<TwixtMovePart>> parse_twixt_move_parts(std::string_view text,
                                                          const BoardSize& size);
// "-i'3", "/i'4", "\i'4", or the bare centre for an addition of slope 0.
std::string format_twixt_link_edit(const LinkEdit& link);

// Little Golem "ch" -> (2, 7). Errors as parse_twixt_point.
Result<Point> parse_lg_twixt_point(std::string_view text, const BoardSize& size);
// (2, 7) -> "ch"; bytes past 'z' for coordinates over 25. Requires
// coordinates <= kMaxLgCoordinate.
std::string format_lg_twixt_point(const Point& p);

}  // namespace ludex

#endif  // LUDEX_GAMES_TWIXT_POINTS_H_
