// The Go board-notation helpers that diagrams use: column letters without
// I, and the star points of every board size.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/go_points.h"

namespace ludex {
namespace {

// Star points in board notation ("D4 Q16 ..."), sorted as go_star_points
// sorts them (by column, then row from the top).
std::string stars(std::int32_t columns, std::int32_t rows) {
  std::string out;
  const BoardSize size{columns, rows};
  for (const Point& p : go_star_points(size)) {
    if (!out.empty()) out += " ";
    out += format_go_board_point(p, size).value_or("?");
  }
  return out;
}

TEST_CASE("go board column letters skip I and stop after 25 columns", "[games]") {
  CHECK(go_board_column_letter(0) == 'A');
  CHECK(go_board_column_letter(7) == 'H');
  CHECK(go_board_column_letter(8) == 'J');
  CHECK(go_board_column_letter(18) == 'T');
  CHECK(go_board_column_letter(24) == 'Z');
  CHECK_FALSE(go_board_column_letter(25));
  CHECK_FALSE(go_board_column_letter(-1));
  const BoardSize size{19, 19};
  for (std::int32_t x = 0; x < 19; ++x) {
    const Point p{static_cast<std::int16_t>(x), 0};
    CHECK(format_go_board_point(p, size)->front() == *go_board_column_letter(x));
  }
}

TEST_CASE("go star points as players know them", "[games]") {
  // 19x19: the nine 4-4 and 4-10 points.
  CHECK(stars(19, 19) == "D16 D10 D4 K16 K10 K4 Q16 Q10 Q4");
  // 13x13: the 4-4 points and tengen.
  CHECK(stars(13, 13) == "D10 D4 G7 K10 K4");
  // 9x9: the 3-3 points and tengen.
  CHECK(stars(9, 9) == "C7 C3 E5 G7 G3");
  // Other sizes: 3-3 under 13 lines, no tengen on 7x7 or even sides, the
  // side midpoints on odd sides over 13 lines.
  CHECK(stars(7, 7) == "C5 C3 E5 E3");
  CHECK(stars(8, 8) == "C6 C3 F6 F3");
  CHECK(stars(15, 15) == "D12 D8 D4 H12 H8 H4 M12 M8 M4");
  CHECK(stars(6, 6).empty());
  CHECK(stars(19, 9) == "D7 D3 K7 K5 K3 Q7 Q3");
  CHECK(go_star_points(BoardSize{37, 37}).size() == 9);
}

}  // namespace
}  // namespace ludex
