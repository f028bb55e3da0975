// BlokusPosition: moves, placement rules, setup and hashes
// (games/blokus_position.h).
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "core/zobrist.h"
#include "games/blokus_position.h"
#include "games/position_support.h"
#include "tests/unit/games/blokus_test_util.h"

namespace ludex {
namespace {

using blokus_test::move;
using blokus_test::points;
using blokus_test::position;

// Plays and returns "" or the piece name on success, "error: ..." otherwise.
std::string play(Position& pos, const std::string& variant, std::int8_t color,
                 const std::string& labels) {
  const Result<PositionDelta> d = pos.play(move(variant, color, labels));
  return d ? d->piece : "error: " + d.error().message;
}

std::string setup(Position& pos, std::vector<Property> props) {
  const Result<PositionDelta> d = pos.apply_setup(props);
  if (!d) return "error: " + d.error().message;
  return "placed " + std::to_string(d->placed.size()) + " removed " +
         std::to_string(d->removed.size());
}

std::string board(const Position& pos) {
  std::string out;
  for (const Occupant& o : pos.occupants()) {
    out += (out.empty() ? "" : " ") + std::to_string(o.color) + ":" + format_blokus_point(o.point);
  }
  return out;
}

TEST_CASE("blokus position: first moves and the placement rules", "[blokus]") {
  const std::string v = "Blokus";
  auto pos = position(v);
  CHECK(play(*pos, v, 1, "a1") ==
        "error: the first piece of colour 1 (1) does not cover a starting point a20");
  CHECK(play(*pos, v, 1, "a20,b20,a19") == "V3");
  CHECK(play(*pos, v, 2, "t20,t19,t18,t17,t16") == "I5");
  CHECK(play(*pos, v, 3, "t1") == "1");
  CHECK(play(*pos, v, 4, "a1,b1") == "2");
  CHECK(play(*pos, v, 1, "a19") == "error: a19 is occupied");
  CHECK(play(*pos, v, 1, "c20") ==
        "error: piece 1 at c20 shares an edge with colour 1's piece at b20");
  CHECK(play(*pos, v, 1, "d17") == "error: piece 1 does not touch a corner of colour 1's pieces");
  CHECK(play(*pos, v, 1, "b18,c18,c17") == "error: piece V3 played twice by colour 1");
  CHECK(play(*pos, v, 1, "b18") == "1");
  CHECK(play(*pos, v, 1, "c17") == "error: piece 1 played twice by colour 1");
  CHECK(play(*pos, v, 5, "c17") == "error: colour 5 is not a colour of Blokus");
  CHECK(board(*pos) == "4:a1 1:a19 1:a20 4:b1 1:b18 1:b20 3:t1 2:t16 2:t17 2:t18 2:t19 2:t20");
}

TEST_CASE("blokus position: pieces that are not pieces, and points off the board", "[blokus]") {
  const std::string v = "Blokus Duo";
  auto pos = position(v);
  Move off = move(v, 1, "e10");
  off.points.push_back({14, 9});
  const Result<PositionDelta> d = pos->play(off);
  REQUIRE(!d.ok());
  CHECK(d.error().message == "point o10 is off the board of Blokus Duo");
  CHECK(play(*pos, v, 1, "e10,g10") == "error: e10,g10 is not a piece of Blokus Duo");
  CHECK(play(*pos, v, 1, "e10,e10") == "error: point e10 is listed twice");
  Move empty = move(v, 1, "e10");
  empty.points.clear();
  CHECK(!pos->play(empty).ok());
  Move no_color = move(v, 1, "e10");
  no_color.color = 0;
  no_color.seat = 0;
  CHECK(!pos->play(no_color).ok());
  no_color.seat = 1;  // two colours, two players: the seat says the colour
  CHECK(pos->play(no_color).ok());
  CHECK(board(*pos) == "1:e10");
}

TEST_CASE("blokus position: passes and errors change nothing", "[blokus]") {
  const std::string v = "Blokus Duo";
  auto pos = position(v);
  REQUIRE(play(*pos, v, 1, "e10") == "1");
  const std::uint64_t before = pos->hash();
  const std::string layout = board(*pos);
  Move pass = move(v, 2, "j5");
  pass.kind = MoveKind::kPass;
  pass.points.clear();
  const Result<PositionDelta> d = pos->play(pass);
  REQUIRE(d.ok());
  CHECK(d->placed.empty());
  CHECK(d->piece.empty());
  CHECK(play(*pos, v, 2, "e10") == "error: e10 is occupied");
  CHECK(play(*pos, v, 2, "a1") ==
        "error: the first piece of colour 2 (1) does not cover a starting point j5");
  CHECK(setup(*pos, {{"AW", {"j5", "e10"}, false}}) ==
        "error: AW: piece 1 played twice by colour 2");
  CHECK(setup(*pos, {{"AW", {"j5,j6"}, false}, {"AB", {"e10,e11"}, false}}) ==
        "error: AB: e10 is occupied");
  CHECK(pos->hash() == before);
  CHECK(board(*pos) == layout);
}

TEST_CASE("blokus position: Junior has two copies of each piece", "[blokus]") {
  const std::string v = "Blokus Junior";
  auto pos = position(v);
  CHECK(play(*pos, v, 1, "e10") == "1");
  CHECK(play(*pos, v, 2, "j5") == "1");
  CHECK(play(*pos, v, 1, "f9") == "1");
  CHECK(play(*pos, v, 2, "i6") == "1");
  CHECK(play(*pos, v, 1, "g8") == "error: piece 1 played more than 2 times by colour 1");
}

TEST_CASE("blokus position: triangle boards", "[blokus]") {
  const std::string v = "Blokus Trigon";
  auto pos = position(v);
  // Any colour may start on any of the six shared starting points.
  CHECK(play(*pos, v, 1, "r4,r5,s5,r6,s6,r7").substr(0, 5) != "error");
  CHECK(play(*pos, v, 2, "r15,s15") == "2");
  CHECK(play(*pos, v, 2, "q15") ==
        "error: piece 1 at q15 shares an edge with colour 2's piece at "
        "r15");
  CHECK(play(*pos, v, 3, "r16") ==
        "error: the first piece of colour 3 (1) does not cover a starting point "
        "j7,j12,r4,r15,z7,z12");
  const std::string g = "GembloQ";
  auto gem = position(g);
  CHECK(play(*gem, g, 1, "c27,c28") == "error: c27,c28 is not a piece of GembloQ");
  CHECK(play(*gem, g, 1, "b27,b28,c27,c28") == "1");
  CHECK(play(*gem, g, 2, "az26,az27,ba26,ba27") ==
        "error: the first piece of colour 2 (1) does "
        "not cover all of its starting points "
        "bb27,bb28,bc27,bc28");
  CHECK(play(*gem, g, 2, "bb27,bb28,bc27,bc28") == "1");
}

TEST_CASE("blokus position: Callisto", "[blokus]") {
  const std::string v = "Callisto";
  auto pos = position(v);
  CHECK(play(*pos, v, 1, "j10") == "error: a 1-piece may not be placed in the centre (j10)");
  CHECK(play(*pos, v, 1, "g11") == "1");
  CHECK(play(*pos, v, 1, "g12,h12") ==
        "error: colour 1 must place its 1-pieces until one is left before piece 2");
  CHECK(play(*pos, v, 1, "e5") == "1");  // anywhere: 1-pieces need no contact
  CHECK(play(*pos, v, 1, "f12,f13") ==
        "error: piece 2 does not touch an edge of colour 1's pieces");
  CHECK(play(*pos, v, 1, "g12,h12") == "2");  // along an edge is fine in Callisto
  CHECK(play(*pos, v, 2, "f11") == "1");      // next to another colour, too
  CHECK(play(*pos, v, 1, "h13") == "1");
  CHECK(play(*pos, v, 1, "h14") == "error: piece 1 played more than 3 times by colour 1");
}

TEST_CASE("blokus position: Nexos lines and junctions", "[blokus]") {
  const std::string v = "Nexos";
  auto pos = position(v);
  CHECK(play(*pos, v, 1, "a22,a24") ==
        "error: the first piece of colour 1 (I2) does not cover a starting point d21,e20,e22,f21");
  CHECK(play(*pos, v, 1, "d21,f21") == "I2");
  CHECK(play(*pos, v, 1, "h21") == "1");  // joined at the junction g21
  CHECK(play(*pos, v, 1, "j23,l23,n23") ==
        "error: piece I3 does not touch a line end of "
        "colour 1's pieces");
  CHECK(play(*pos, v, 1, "e20,e22,e24") ==
        "error: piece I3 crosses the junction e21, which is "
        "occupied");
  CHECK(board(*pos) == "1:d21 1:f21 1:h21");  // junctions are not listed
  // A piece bending at a junction leaves it free to be bent round again.
  auto other = position(v);
  CHECK(setup(*other, {{"A1", {"b3,c2"}, false}, {"A2", {"d3,c4"}, false}}) ==
        "placed 4 removed 0");
  CHECK(setup(*other, {{"A3", {"b5,d5"}, false}, {"A4", {"c4,c6"}, false}}) ==
        "error: A4: c4 is occupied");
  CHECK(setup(*other, {{"A3", {"f5,h5"}, false}, {"A4", {"g4,g6"}, false}}) ==
        "error: A4: piece I2 crosses the junction g5, which is occupied");
}

TEST_CASE("blokus position: setup and AE", "[blokus]") {
  const std::string v = "Blokus Duo";
  auto pos = position(v);
  // Pentobi's BoardUpdaterTest setup: two pieces per colour, no placement rules.
  CHECK(setup(*pos, {{"AB", {"e8,e9,f9,d10,e10", "g6,f7,g7,h7,g8"}, false},
                     {"AW", {"i4,h5,i5,j5,i6", "j7,j8,j9,k9,j10"}, false},
                     {"PL", {"B"}, false}}) == "placed 20 removed 0");
  CHECK(play(*pos, v, 1, "a1") == "error: piece 1 does not touch a corner of colour 1's pieces");
  CHECK(setup(*pos, {{"AE", {"e8,e9,f9,d10,e10"}, false}}) == "placed 0 removed 5");
  CHECK(setup(*pos, {{"AE", {"a1"}, false}}) == "placed 0 removed 0");  // nothing there
  CHECK(setup(*pos, {{"AE", {"a1,c1"}, false}}) == "error: AE: a1,c1 is not a piece of Blokus Duo");
  CHECK(setup(*pos, {{"AB", {"e8,e9,f9,d10,e10"}, false}}) == "placed 5 removed 0");
  CHECK(setup(*pos, {{"AB", {"a1,a2,b2,c2,b3"}, false}}) ==
        "error: AB: piece F played twice by colour 1");
  CHECK(setup(*pos, {{"A3", {"a1"}, false}}) ==
        "error: A3 names colour 3, which Blokus Duo does not have");
  CHECK(setup(*pos, {{"AB", {"z1"}, false}}) ==
        "error: AB: blokus point 'z1' is off the 14x14 "
        "board");
  CHECK(setup(*pos, {{"C", {"comment"}, false}}) == "placed 0 removed 0");
  // Files before Pentobi 0.3 wrote one point per value: a property whose
  // values are no pieces one by one is read as one piece.
  auto old = position(v);
  CHECK(setup(*old, {{"AB", {"e8", "e9", "f9", "d10", "e10"}, false}}) == "placed 5 removed 0");
  CHECK(play(*old, v, 1, "c11") == "1");  // at a corner of d10
}

TEST_CASE("blokus position: hashes", "[blokus]") {
  auto a = position("Blokus");
  auto b = position("Blokus Two-Player");
  auto callisto = position("Callisto");
  auto duo = position("Blokus Duo");
  auto junior = position("Blokus Junior");
  // Same board geometry, same hash; same extent, other geometry, other hash.
  CHECK(a->hash() == b->hash());
  CHECK(a->hash() != callisto->hash());
  CHECK(duo->hash() == junior->hash());
  CHECK(a->hash() == 0x8b6f3a9c4dd40362ULL);
  CHECK(a->hash() == (board_key(Family::kBlokus, 20, 20) ^ zobrist_key(16, 0, 0, 0)));
  // Move order does not matter; colours do.
  REQUIRE(play(*a, "Blokus", 1, "a20") == "1");
  REQUIRE(play(*a, "Blokus", 2, "t20") == "1");
  REQUIRE(play(*b, "Blokus Two-Player", 2, "t20") == "1");
  REQUIRE(play(*b, "Blokus Two-Player", 1, "a20") == "1");
  CHECK(a->hash() == b->hash());
  CHECK(a->hash() == 0x937798d4ad8a4da4ULL);
  CHECK(a->hash() == (board_key(Family::kBlokus, 20, 20) ^ zobrist_key(16, 0, 0, 0) ^
                      zobrist_key(17, 1, 0, 19) ^ zobrist_key(17, 2, 19, 19)));
  // Removing a piece restores the hash; a clone is independent.
  auto c = a->clone();
  REQUIRE(play(*c, "Blokus", 3, "t1") == "1");
  CHECK(c->hash() != a->hash());
  CHECK(setup(*c, {{"AE", {"t1"}, false}}) == "placed 0 removed 1");
  CHECK(c->hash() == a->hash());
  CHECK(board(*a) == "1:a20 2:t20");
}

TEST_CASE("blokus position: random input never breaks a position", "[blokus]") {
  // Random moves and setup values (points on and off the board, any colour)
  // give pieces or Errors; an Error leaves the position as it was.
  std::mt19937 random(20240303);
  const auto pick = [&](std::int32_t lo, std::int32_t hi) {
    return std::uniform_int_distribution<std::int32_t>(lo, hi)(random);
  };
  for (const BlokusVariant& v : blokus_variants()) {
    const std::string variant(v.name);
    auto pos = position(variant);
    std::int32_t played = 0;
    for (int i = 0; i < 3000; ++i) {
      Move m;
      m.color = static_cast<std::int8_t>(pick(0, 5));
      m.seat = static_cast<std::int8_t>(pick(0, 4));
      const Point start{static_cast<std::int16_t>(pick(-2, v.columns + 1)),
                        static_cast<std::int16_t>(pick(-2, v.rows + 1))};
      m.points.push_back(start);
      for (int k = pick(0, 6); k > 0; --k) {
        const Point last = m.points.back();
        m.points.push_back({static_cast<std::int16_t>(last.x + pick(-1, 1)),
                            static_cast<std::int16_t>(last.y + pick(-1, 1))});
      }
      const std::uint64_t before = pos->hash();
      const std::size_t size_before = pos->occupants().size();
      const Result<PositionDelta> d = pos->play(m);
      if (d.ok()) {
        ++played;
        CHECK(!d->piece.empty());
        CHECK(pos->occupants().size() == size_before + d->placed.size());
      } else {
        CHECK(pos->hash() == before);
        CHECK(pos->occupants().size() == size_before);
      }
      if (i % 10 == 0) {
        const std::vector<std::string> ids = {"AB", "AW", "A1", "A4", "AE", "PL"};
        Property prop{ids[static_cast<std::size_t>(pick(0, 5))], {}, false};
        prop.values.push_back(format_blokus_point_list(
            std::vector<Point>{{static_cast<std::int16_t>(pick(0, v.columns)),
                                static_cast<std::int16_t>(pick(0, v.rows))}}));
        const std::uint64_t before_setup = pos->hash();
        if (!pos->apply_setup(std::vector<Property>{prop}).ok()) CHECK(pos->hash() == before_setup);
      }
    }
    // Random GembloQ triangles hardly ever make a piece on a starting square.
    INFO(variant);
    CHECK((played > 0 || variant.rfind("GembloQ", 0) == 0));
  }
}

TEST_CASE("blokus position: unknown variants and board sizes", "[blokus]") {
  GameRecord game;
  game.family = Family::kBlokus;
  game.variant = "Blokus Quattro";
  auto made = new_blokus_position(game);
  REQUIRE(!made.ok());
  CHECK(made.error().message == "unknown Blokus variant 'Blokus Quattro'");
  game.variant = "Blokus Duo";
  game.columns = 20;
  game.rows = 20;
  made = new_blokus_position(game);
  REQUIRE(!made.ok());
  CHECK(made.error().message == "Blokus Duo is played on 14x14, not 20x20");
  game.columns = 14;
  game.rows = 14;
  CHECK(new_blokus_position(game).ok());
}

}  // namespace
}  // namespace ludex
