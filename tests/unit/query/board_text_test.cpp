// The drawing parts of `ludex show`'s text view (query/board_text_parts.h,
// query/text_canvas.h) and its header: what the golden files of
// tests/fixtures/show cannot show for every case.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "query/board_text.h"
#include "query/board_text_parts.h"
#include "query/position_view.h"
#include "query/text_canvas.h"

namespace ludex {
namespace {

Point pt(int x, int y) {
  return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
}

// True if the segments ab and cd cross at a point inside both (links that
// share a peg do not cross).
bool segments_cross(const Point& a, const Point& b, const Point& c, const Point& d) {
  const auto orient = [](const Point& p, const Point& q, const Point& r) {
    const int v = (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
    return (v > 0) - (v < 0);
  };
  if (a == c || a == d || b == c || b == d) return false;
  return orient(a, b, c) * orient(a, b, d) < 0 && orient(c, d, a) * orient(c, d, b) < 0;
}

// A 7x7 Twixt position with pegs at both ends of every link of `pegs_of`
// and the links `links`.
PositionView twixt_view(const std::vector<TwixtLink>& pegs_of,
                        const std::vector<TwixtLink>& links) {
  PositionView v;
  v.board.family = Family::kTwixt;
  v.board.columns = 7;
  v.board.rows = 7;
  for (const TwixtLink& l : pegs_of) {
    v.occupants.push_back({l.a, l.color});
    v.occupants.push_back({l.b, l.color});
  }
  std::sort(v.occupants.begin(), v.occupants.end());
  v.occupants.erase(std::unique(v.occupants.begin(), v.occupants.end()), v.occupants.end());
  v.links = links;
  return v;
}

// Every line of the canvas, to compare two drawings character by character.
std::vector<std::string> lines_of(const TextCanvas& c) {
  std::ostringstream out;
  c.write(out, false);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST_CASE("twixt links share a character only where they cross", "[query][show]") {
  std::vector<TwixtLink> all;
  for (int x = 0; x < 7; ++x) {
    for (int y = 0; y < 7; ++y) {
      for (const auto& [dx, dy] : {std::pair{1, 2}, {2, 1}, {-1, 2}, {-2, 1}}) {
        if (x + dx < 0 || x + dx >= 7 || y + dy >= 7) continue;
        TwixtLink l{pt(x, y), pt(x + dx, y + dy), 1};
        if (l.b < l.a) std::swap(l.a, l.b);
        all.push_back(l);
      }
    }
  }
  REQUIRE(all.size() == 120);
  // Drawn alone next to the other's pegs, each link changes some
  // characters of the board; no character may be changed by both unless
  // the links cross.
  std::size_t crossing = 0;
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (std::size_t j = i + 1; j < all.size(); ++j) {
      const std::vector<TwixtLink> both = {all[i], all[j]};
      const auto pegs = lines_of(*board_text::draw_twixt(twixt_view(both, {})));
      const auto one = lines_of(*board_text::draw_twixt(twixt_view(both, {all[i]})));
      const auto two = lines_of(*board_text::draw_twixt(twixt_view(both, {all[j]})));
      bool shared = false;
      for (std::size_t line = 0; line < pegs.size(); ++line) {
        for (std::size_t k = 0; k < pegs[line].size(); ++k) {
          const auto at = [&](const std::vector<std::string>& d) {
            return line < d.size() && k < d[line].size() ? d[line][k] : ' ';
          };
          shared |= at(one) != pegs[line][k] && at(two) != pegs[line][k];
        }
      }
      const bool cross = segments_cross(all[i].a, all[i].b, all[j].a, all[j].b);
      INFO(point_text(Family::kTwixt, all[i].a)
           << "-" << point_text(Family::kTwixt, all[i].b) << " and "
           << point_text(Family::kTwixt, all[j].a) << "-" << point_text(Family::kTwixt, all[j].b));
      CHECK((!shared || cross));
      crossing += cross ? 1 : 0;
    }
  }
  CHECK(crossing > 0);
}

TEST_CASE("the last move's brackets go around runs of marked cells", "[query][show]") {
  TextCanvas c;
  c.text(0, 0, " a b c d e ");
  board_text::mark_last_move(c, 0, {1, 3, 5, 7, 9}, {false, true, true, false, true}, 1, {});
  std::ostringstream out;
  c.write(out, false);
  CHECK(out.str() == " a(b c)d(e)\n");
}

TEST_CASE("a canvas in colour: styles as SGR sequences, reset at each line's end",
          "[query][show]") {
  TextCanvas c;
  c.text(0, 0, "ab", "1");
  c.put(3, 0, 'c');
  c.paint(4, 5, 0, "43");
  c.put(0, 1, 'd');
  std::ostringstream plain;
  c.write(plain, false);
  CHECK(plain.str() == "ab c\nd\n");
  std::ostringstream color;
  c.write(color, true);
  // Painted blanks at the end are kept in colour (they are board), plain
  // trailing blanks are not.
  CHECK(color.str() == "\x1b[1mab\x1b[0m c\x1b[43m  \x1b[0m\nd\n");
}

}  // namespace
TEST_CASE("after swap-sides each colour is named by the seat and player who have it",
          "[query][show]") {
  PositionView v;
  v.board.family = Family::kHex;
  v.board.columns = 3;
  v.board.rows = 3;
  v.players = {{1, "ann"}, {2, "bob"}};
  v.result = "B+";
  v.winner = 1;
  const auto header = [&] {
    std::ostringstream out;
    write_position_text(out, 7, v, false);
    std::vector<std::string> lines;
    std::istringstream in(out.str());
    for (std::string line; std::getline(in, line) && !line.empty();) lines.push_back(line);
    return std::vector<std::string>(lines.begin() + 1, lines.end());
  };
  CHECK_FALSE(sides_swapped(v));
  CHECK(seat_of_colour(v, 1) == 1);
  CHECK(header() == std::vector<std::string>{"B (seat 1) ann: 0 stones, joins top and bottom (-)",
                                             "W (seat 2) bob: 0 stones, joins left and right (\\)",
                                             "result: B+"});
  v.side_swaps = {2};
  CHECK(sides_swapped(v));
  CHECK(seat_of_colour(v, 1) == 2);
  CHECK(seat_of_colour(v, 2) == 1);
  CHECK(header() ==
        std::vector<std::string>{
            "B (seat 2 since the swap-sides at move 2) bob: 0 stones, joins top and bottom (-)",
            "W (seat 1 since the swap-sides at move 2) ann: 0 stones, joins left and right (\\)",
            "result: B+ (won by seat 1, ann, who has W since the swap-sides)"});
  // Swapped back: each has its own colour again; the line says since when.
  v.side_swaps = {2, 5};
  CHECK_FALSE(sides_swapped(v));
  CHECK(seat_of_colour(v, 1) == 1);
  CHECK(header() ==
        std::vector<std::string>{
            "B (seat 1 since the swap-sides at move 5) ann: 0 stones, joins top and bottom (-)",
            "W (seat 2 since the swap-sides at move 5) bob: 0 stones, joins left and right (\\)",
            "result: B+"});
}

}  // namespace ludex
