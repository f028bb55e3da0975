// Point notations of every family: parsing, formatting, bounds, errors.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/blokus_points.h"
#include "games/coord_text.h"
#include "games/go_points.h"
#include "games/hex_points.h"
#include "games/sgf_values.h"
#include "games/twixt_points.h"

namespace ludex {
namespace {

TEST_CASE("column letters are bijective base 26", "[games]") {
  CHECK(parse_column_letters("a") == 0);
  CHECK(parse_column_letters("Z") == 25);
  CHECK(parse_column_letters("aa") == 26);
  CHECK(parse_column_letters("AB") == 27);
  CHECK(parse_column_letters("az") == 51);
  CHECK(parse_column_letters("ba") == 52);
  CHECK(parse_column_letters("zz") == 701);
  CHECK_FALSE(parse_column_letters(""));
  CHECK_FALSE(parse_column_letters("a1"));
  CHECK_FALSE(parse_column_letters("abcde"));
  for (std::int32_t i = 0; i < 800; ++i) {
    INFO(i);
    CHECK(parse_column_letters(format_column_letters(i)) == i);
  }
  CHECK(format_column_letters(26) == "aa");
}

TEST_CASE("decimal numbers reject signs, zero and junk", "[games]") {
  CHECK(parse_decimal("7") == 7);
  CHECK(parse_decimal("007") == 7);
  CHECK_FALSE(parse_decimal("0"));
  CHECK_FALSE(parse_decimal("-1"));
  CHECK_FALSE(parse_decimal("+1"));
  CHECK_FALSE(parse_decimal("1a"));
  CHECK_FALSE(parse_decimal(""));
  CHECK_FALSE(parse_decimal("123456"));
}

TEST_CASE("Little Golem bytes continue past z", "[games]") {
  CHECK(parse_lg_coordinate('a') == 0);
  CHECK(parse_lg_coordinate('{') == 26);
  CHECK(parse_lg_coordinate(0x8D) == 44);
  CHECK_FALSE(parse_lg_coordinate('A'));
  CHECK(format_lg_point(44, 13) == "\x8Dn");
  const auto p = parse_lg_point("\x8Dn", BoardSize{48, 48});
  REQUIRE(p);
  CHECK(p->x == 44);
  CHECK(p->y == 13);
  CHECK_FALSE(parse_lg_point("\x8Dn", BoardSize{24, 24}));
  // The same bytes after a Latin-1 -> UTF-8 conversion.
  const auto q = parse_lg_point("\xC2\x8Dn", BoardSize{48, 48});
  REQUIRE(q);
  CHECK(q->x == 44);
  CHECK(q->y == 13);
}

TEST_CASE("quote_value escapes bytes that are not printable ASCII", "[games]") {
  CHECK(quote_value("zz9") == "'zz9'");
  CHECK(quote_value("\x8Dn") == "'\\x8Dn'");
  CHECK(quote_value(std::string(50, 'a')) == "'" + std::string(40, 'a') + "...'");
}

TEST_CASE("SGF escapes in move values", "[games]") {
  CHECK(sgf_unescape_value("e\\5") == "e5");
  CHECK(sgf_unescape_value("a\\\\b") == "a\\b");
  CHECK(sgf_unescape_value("f9,\\\ne10") == "f9,e10");
  CHECK(sgf_unescape_value("f9,\\\r\ne10") == "f9,e10");
  CHECK(sgf_unescape_value("x\\") == "x\\");
  CHECK(twixt_unescape_value("\\i'4") == "\\i'4");
  CHECK(twixt_unescape_value("\\\\i'4") == "\\i'4");
  CHECK(twixt_unescape_value("k\\\n4") == "k4");
}

TEST_CASE("hex points: a1 is the top-left cell", "[games]") {
  const BoardSize size{11, 11};
  const auto a1 = parse_hex_point("a1", size);
  REQUIRE(a1.ok());
  CHECK(*a1 == Point{0, 0});
  const auto e5 = parse_hex_point("E5", size);
  REQUIRE(e5.ok());
  CHECK(*e5 == Point{4, 4});
  CHECK(format_hex_point({10, 2}) == "k3");
  CHECK(format_hex_point({26, 0}) == "aa1");
  const auto bad = parse_hex_point("zz9x", size);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "bad hex point 'zz9x'");
  CHECK(bad.error().pos.byte_offset == -1);
  const auto off = parse_hex_point("l1", size);
  REQUIRE_FALSE(off.ok());
  CHECK(off.error().message == "hex point 'l1' is off the 11x11 board");
  CHECK_FALSE(parse_hex_point("a12", size).ok());
  CHECK_FALSE(parse_hex_point("a0", size).ok());
  CHECK(parse_hex_point("m13", BoardSize{13, 13}).ok());
  const auto lg = parse_lg_hex_point("ad", size);
  REQUIRE(lg.ok());
  CHECK(*lg == Point{0, 3});
  CHECK(format_lg_hex_point({4, 6}) == "eg");
  CHECK_FALSE(parse_lg_hex_point("al", size).ok());
  CHECK_FALSE(parse_lg_hex_point("a1", size).ok());
}

TEST_CASE("twixt points and link centres follow the spec's examples", "[games]") {
  const BoardSize size{24, 24};
  const auto k4 = parse_twixt_point("K4", size);
  REQUIRE(k4.ok());
  CHECK(*k4 == Point{10, 3});
  CHECK(format_twixt_point({10, 3}) == "k4");
  CHECK(format_twixt_point({27, 0}) == "ab1");
  // i4 -> J2 is centred at i'3; i4 -> K5 at J4'.
  const auto i3 = parse_twixt_link_centre("i'3", size);
  REQUIRE(i3.ok());
  CHECK(*i3 == TwixtLinkCentre{8 + 9, 3 + 1});
  const auto j4 = parse_twixt_link_centre("J4'", size);
  REQUIRE(j4.ok());
  CHECK(*j4 == TwixtLinkCentre{8 + 10, 3 + 4});
  // The older spec's asterisk: B2-D3 centred at C2*, B2-C4 at B*3.
  const auto c2 = parse_twixt_link_centre("C2*", size);
  REQUIRE(c2.ok());
  CHECK(*c2 == TwixtLinkCentre{1 + 3, 1 + 2});
  const auto b3 = parse_twixt_link_centre("B*3", size);
  REQUIRE(b3.ok());
  CHECK(*b3 == TwixtLinkCentre{1 + 2, 1 + 3});
  CHECK(format_twixt_link_centre(17, 4) == "i'3");
  CHECK(format_twixt_link_centre(18, 7) == "j4'");
  CHECK_FALSE(parse_twixt_link_centre("i3", size).ok());
  CHECK_FALSE(parse_twixt_link_centre("i'3'", size).ok());
  CHECK_FALSE(parse_twixt_link_centre("x'3", size).ok());  // between x and a 25th column
  CHECK(parse_twixt_link_centre("w'3", size).ok());
  CHECK_FALSE(parse_twixt_link_centre("a24'", size).ok());
}

TEST_CASE("twixt long-move parts, one per value or concatenated", "[games]") {
  const BoardSize size{24, 24};
  // Hensel puzzle 57 (twixt/other-formats/hensel-puzzles/all_puzzles.txt).
  const auto parts = parse_twixt_move_parts("-f2'-g'3-i4'/e'3\\g2'j6", size);
  REQUIRE(parts.ok());
  REQUIRE(parts->size() == 6);
  CHECK((*parts)[0].link == LinkEdit{false, 10, 3, 0});
  CHECK((*parts)[1].link == LinkEdit{false, 13, 4, 0});
  CHECK((*parts)[2].link == LinkEdit{false, 16, 7, 0});
  CHECK((*parts)[3].link == LinkEdit{true, 9, 4, 1});
  CHECK((*parts)[4].link == LinkEdit{true, 12, 3, -1});
  CHECK((*parts)[5].is_peg);
  CHECK((*parts)[5].peg == Point{9, 5});
  for (std::size_t i = 0; i < 5; ++i) CHECK_FALSE((*parts)[i].is_peg);
  const auto spaced = parse_twixt_move_parts(" -g3' \\g3' d4 ", size);
  REQUIRE(spaced.ok());
  CHECK(spaced->size() == 3);
  // A backslash lost to SGF unescaping: an addition of unknown slope.
  const auto bare = parse_twixt_move_parts("i'4", size);
  REQUIRE(bare.ok());
  CHECK((*bare)[0].link == LinkEdit{true, 17, 6, 0});
  CHECK(format_twixt_link_edit({true, 17, 6, 0}) == "i'4");
  CHECK(format_twixt_link_edit({true, 17, 6, -1}) == "\\i'4");
  CHECK(format_twixt_link_edit({true, 17, 6, 1}) == "/i'4");
  CHECK(format_twixt_link_edit({false, 18, 7, 0}) == "-j4'");
  CHECK_FALSE(parse_twixt_move_parts("", size).ok());
  CHECK_FALSE(parse_twixt_move_parts("-e3", size).ok());
  CHECK_FALSE(parse_twixt_move_parts("k4x", size).ok());
  CHECK_FALSE(parse_twixt_move_parts("ch", size).ok());
  const auto lg = parse_lg_twixt_point("ch", size);
  REQUIRE(lg.ok());
  CHECK(*lg == Point{2, 7});
}

TEST_CASE("go points: SGF letters, Little Golem bytes, board notation", "[games]") {
  const BoardSize size{19, 19};
  const auto pd = parse_go_point("pd", size);
  REQUIRE(pd.ok());
  CHECK(*pd == Point{15, 3});
  CHECK(format_go_point({15, 3}) == "pd");
  CHECK(format_go_point({26, 51}) == "AZ");
  const auto big = parse_go_point("Aa", BoardSize{27, 27});
  REQUIRE(big.ok());
  CHECK(*big == Point{26, 0});
  CHECK_FALSE(parse_go_point("tt", size).ok());
  CHECK_FALSE(parse_go_point("p", size).ok());
  CHECK_FALSE(parse_go_point("p{", size).ok());
  const auto lg = parse_lg_go_point("\x85}", BoardSize{37, 37});
  REQUIRE(lg.ok());
  CHECK(*lg == Point{36, 28});
  const auto q16 = parse_go_board_point("Q16", size);
  REQUIRE(q16.ok());
  CHECK(*q16 == Point{15, 3});
  const auto j1 = parse_go_board_point("j1", size);
  REQUIRE(j1.ok());
  CHECK(*j1 == Point{8, 18});
  CHECK_FALSE(parse_go_board_point("I5", size).ok());
  CHECK_FALSE(parse_go_board_point("A20", size).ok());
  CHECK(format_go_board_point({15, 3}, size) == std::optional<std::string>("Q16"));
  CHECK(format_go_board_point({8, 18}, size) == std::optional<std::string>("J1"));
}

TEST_CASE("blokus points: a1 is the lower left corner", "[games]") {
  const BoardSize duo{14, 14};
  const auto f9 = parse_blokus_point("f9", duo);
  REQUIRE(f9.ok());
  CHECK(*f9 == Point{5, 8});
  CHECK(format_blokus_point({5, 8}) == "f9");
  const auto list = parse_blokus_point_list("f9,e10,F10,g10,f11", duo);
  REQUIRE(list.ok());
  CHECK(*list == std::vector<Point>{{5, 8}, {4, 9}, {5, 9}, {6, 9}, {5, 10}});
  CHECK(format_blokus_point_list(*list) == "f9,e10,f10,g10,f11");
  const auto gembloq = parse_blokus_point("bd28", BoardSize{56, 28});
  REQUIRE(gembloq.ok());
  CHECK(*gembloq == Point{55, 27});
  CHECK_FALSE(parse_blokus_point_list("f9,,e10", duo).ok());
  CHECK_FALSE(parse_blokus_point_list("o1", duo).ok());
  const auto invalid = parse_blokus_point("a99999", BoardSize{20, 20});
  REQUIRE_FALSE(invalid.ok());
  CHECK(invalid.error().message == "blokus point 'a99999' is off the 20x20 board");
}

TEST_CASE("blokus variants: all 18 Pentobi GM strings", "[games]") {
  CHECK(blokus_variants().size() == 18);
  const BlokusVariant* duo = find_blokus_variant("Blokus Duo");
  REQUIRE(duo != nullptr);
  CHECK(duo->columns == 14);
  CHECK(find_blokus_variant(" blokus  TRIGON two-player ") != nullptr);
  CHECK(find_blokus_variant("Blokus Quattro") == nullptr);
  const BlokusVariant* trigon = find_blokus_variant("Blokus Trigon");
  REQUIRE(trigon != nullptr);
  CHECK(trigon->columns == 35);
  CHECK(trigon->rows == 18);
  const BlokusVariant* two = find_blokus_variant("Blokus Two-Player");
  REQUIRE(two != nullptr);
  CHECK(blokus_seat_of_color(*two, 1) == 1);
  CHECK(blokus_seat_of_color(*two, 2) == 2);
  CHECK(blokus_seat_of_color(*two, 3) == 1);
  CHECK(blokus_seat_of_color(*two, 4) == 2);
  const BlokusVariant* three = find_blokus_variant("Blokus Three-Player");
  REQUIRE(three != nullptr);
  CHECK(blokus_seat_of_color(*three, 3) == 3);
  CHECK(blokus_seat_of_color(*three, 4) == 0);
  const BlokusVariant* nexos2 = find_blokus_variant("Nexos Two-Player");
  REQUIRE(nexos2 != nullptr);
  CHECK(blokus_seat_of_color(*nexos2, 4) == 2);
}

}  // namespace
}  // namespace ludex
