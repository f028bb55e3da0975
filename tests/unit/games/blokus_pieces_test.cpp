// Piece sets and identify_blokus_piece (games/blokus_pieces.h,
// games/blokus_position.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_position.h"
#include "tests/unit/games/blokus_test_util.h"

namespace ludex {
namespace {

using blokus_test::place_shape;
using blokus_test::points;

std::string names_of(const BlokusPieces& set) {
  std::string out;
  for (const BlokusPiece& p : set.pieces()) out += (out.empty() ? "" : " ") + p.name;
  return out;
}

std::string identify(const std::string& variant, const std::string& labels) {
  const Result<std::string> name = identify_blokus_piece(variant, points(labels));
  return name ? *name : "error: " + name.error().message;
}

TEST_CASE("blokus pieces: names, copies and orientations per set", "[blokus]") {
  struct Expected {
    BlokusPieceSet set;
    std::string names;
    std::int32_t copies;        // pieces per colour, copies included
    std::int32_t orientations;  // summed over the pieces
  };
  // Classic: the 21 polyominoes of sizes 1 to 5 with their well-known 91
  // orientations; Trigon: the 1 + 1 + 1 + 3 + 4 + 12 = 22 polyiamonds of
  // sizes 1 to 6, whose fixed forms number 2 + 3 + 6 + 14 + 36 + 94 = 155
  // (an upward and a downward triangle are different orientations). The
  // Nexos and GembloQ totals are as computed here (pinned).
  const std::vector<Expected> expected = {
      {BlokusPieceSet::kClassic, "V5 L5 Z5 N W X F I5 T5 Y P U L4 I4 T4 Z4 O V3 I3 2 1", 21, 91},
      {BlokusPieceSet::kJunior, "L5 P I5 O T4 Z4 L4 I4 V3 I3 2 1", 24, 46},
      {BlokusPieceSet::kTrigon, "I6 L6 V S P6 F W A6 G Y X O I5 L5 C5 P5 I4 C4 A4 I3 2 1", 22, 155},
      {BlokusPieceSet::kNexos, "I4 L4 Y N V4 W Z4 T4 E U4 X F H J G O I3 L3 T3 Z3 U3 V2 I2 1", 24,
       118},
      {BlokusPieceSet::kCallisto, "1 W X T5 U L T4 Z O V I 2", 21, 39},
      {BlokusPieceSet::kGembloq, "P I5 X W Z Y N5 T5 L5 N4.5 O T4 L4 I4 L3.5 V I3 L2.5 2 1.5 1", 21,
       103},
  };
  for (const Expected& e : expected) {
    const BlokusPieces& set = BlokusPieces::get(e.set);
    INFO(names_of(set));
    CHECK(names_of(set) == e.names);
    std::int32_t copies = 0;
    std::int32_t orientations = 0;
    for (const BlokusPiece& p : set.pieces()) {
      copies += p.copies;
      orientations += p.orientations;
      CHECK(p.orientations >= 1);
      CHECK(p.orientations <= blokus_symmetry_count(set.grid()));
    }
    CHECK(copies == e.copies);
    CHECK(orientations == e.orientations);
  }
  // GembloQ pieces are named by their area in squares of four triangles
  // where they carry a number; P is a pentomino plus a half square.
  const std::map<std::string, double> lettered = {{"P", 5.5}, {"X", 5}, {"W", 5}, {"Z", 5},
                                                  {"Y", 5},   {"O", 4}, {"V", 3}};
  for (const BlokusPiece& p : BlokusPieces::get(BlokusPieceSet::kGembloq).pieces()) {
    INFO(p.name);
    const double area = static_cast<double>(p.frame_cells.size()) / 4;
    const std::size_t digit = p.name.find_first_of("0123456789");
    if (digit == std::string::npos) {
      CHECK(lettered.at(p.name) == area);
    } else {
      CHECK(std::stod(p.name.substr(digit)) == area);
    }
  }
}

TEST_CASE("blokus pieces: every piece is one connected shape", "[blokus]") {
  // Placed on the board, the cells of every orientation of every piece are
  // connected through shared edges (Nexos: segments through junctions),
  // which checks the cell models against Pentobi's piece tables.
  for (const BlokusVariant& v : blokus_variants()) {
    const BlokusVariant* info = find_blokus_variant(v.name);
    const BlokusGeometry& geo = blokus_geometry(*info);
    const BlokusPieces& set = blokus_pieces(*info);
    for (std::size_t i = 0; i < set.pieces().size(); ++i) {
      for (const auto& shape : set.orientation_shapes(static_cast<std::int32_t>(i))) {
        INFO(v.name << " " << set.pieces()[i].name);
        const auto placed = place_shape(geo, shape, 0);
        REQUIRE(placed);
        std::set<Point> left(placed->begin(), placed->end());
        std::vector<Point> todo = {placed->front()};
        left.erase(placed->front());
        while (!todo.empty()) {
          const Point p = todo.back();
          todo.pop_back();
          const bool lines = geo.grid() == BlokusGrid::kNexos;
          const bool callisto = info->callisto_rules;
          const auto& next = lines || callisto ? geo.diagonal(p) : geo.adjacent(p);
          for (const Point& q : next) {
            if (left.erase(q) > 0) todo.push_back(q);
          }
        }
        CHECK(left.empty());
      }
    }
  }
}

TEST_CASE("blokus pieces: Nexos junctions follow from the segments", "[blokus]") {
  // Pentobi's Nexos pieces list the junctions they cover; they are exactly
  // those between two of the piece's segments in line with no third segment.
  for (const BlokusPiece& p : BlokusPieces::get(BlokusPieceSet::kNexos).pieces()) {
    INFO(p.name);
    std::vector<Point> segments;
    std::vector<Point> junctions;
    for (const Point& c : p.frame_cells) {
      ((c.x % 2 == 0 && c.y % 2 == 0) ? junctions : segments).push_back(c);
    }
    std::sort(junctions.begin(), junctions.end());
    CHECK(nexos_piece_junctions(segments) == junctions);
  }
}

TEST_CASE("blokus pieces: every classic piece in all 8 orientations", "[blokus]") {
  // Written out by hand on the classic board: the F pentomino in its eight
  // orientations.
  const std::vector<std::string> f = {"b1,a2,b2,b3,c3", "b1,c1,a2,b2,b3", "a1,b1,b2,c2,b3",
                                      "b1,b2,c2,a3,b3", "b1,a2,b2,c2,c3", "c1,a2,b2,c2,b3",
                                      "a1,a2,b2,c2,b3", "b1,a2,b2,c2,a3"};
  for (const std::string& labels : f) CHECK(identify("Blokus", labels) == "F");
  CHECK(identify("Blokus Duo", "f9,e10,f10,g10,f11") == "X");  // the spec's example
  CHECK(identify("Blokus", "a1,a2,a3,a4,a5") == "I5");
  CHECK(identify("Blokus", "t20") == "1");
  CHECK(identify("Callisto", "j5,k5,l5") == "I");
  CHECK(identify("Callisto", "j5,k5,j6,k6") == "O");
  CHECK(identify("Blokus Junior", "e10") == "1");
  // Every orientation of every piece of every set, at several places.
  for (const BlokusVariant& v : blokus_variants()) {
    const BlokusVariant* info = find_blokus_variant(v.name);
    const BlokusGeometry& geo = blokus_geometry(*info);
    const BlokusPieces& set = blokus_pieces(*info);
    std::size_t tried = 0;
    for (std::size_t i = 0; i < set.pieces().size(); ++i) {
      for (const auto& shape : set.orientation_shapes(static_cast<std::int32_t>(i))) {
        for (const std::size_t skip : {0, 37, 150}) {
          const auto placed = place_shape(geo, shape, skip);
          if (!placed) continue;
          INFO(v.name << ": " << format_blokus_point_list(*placed));
          std::vector<Point> shuffled = *placed;
          std::reverse(shuffled.begin(), shuffled.end());
          const Result<std::string> name = identify_blokus_piece(std::string(v.name), shuffled);
          REQUIRE(name.ok());
          CHECK(*name == set.pieces()[i].name);
          ++tried;
        }
      }
    }
    CHECK(tried >= set.pieces().size() * 2);
  }
}

TEST_CASE("blokus pieces: orientations of triangle and line pieces", "[blokus]") {
  // Trigon: three triangles in a row, down-up-down (i1,j1,k1) or one row
  // up, up-down-up (i2,j2,k2), and bent (j1,k1,k2) are all I3: there is
  // only one shape of three triangles.
  CHECK(identify("Blokus Trigon", "i1,j1,k1") == "I3");
  CHECK(identify("Blokus Trigon", "i2,j2,k2") == "I3");
  CHECK(identify("Blokus Trigon", "j1,k1,k2") == "I3");
  CHECK(identify("Blokus Trigon", "j1,k1") == "2");
  CHECK(identify("Blokus Trigon", "j1,k1,l1,m1,n1,o1") == "I6");
  CHECK(identify("Blokus Trigon Three-Player", "h1,i1,j1") == "I3");
  // The hexagon of six triangles around a lattice point.
  CHECK(identify("Blokus Trigon", "q9,r9,s9,q10,r10,s10") == "O");
  // Nexos: two, three, four segments in line are I2, I3, I4 both ways;
  // a corner is V2, a plus sign X.
  CHECK(identify("Nexos", "b1,d1") == "I2");
  CHECK(identify("Nexos", "a2,a4") == "I2");
  CHECK(identify("Nexos", "a2,a4,a6,a8") == "I4");
  CHECK(identify("Nexos", "b1,a2") == "V2");
  CHECK(identify("Nexos", "l13,n13,m12,m14") == "X");
  CHECK(identify("Nexos", "b1") == "1");
  CHECK(identify("Nexos", "a2") == "1");
  // GembloQ: one square is the four triangles around a square's centre,
  // such as a starting square. Its neighbour along an edge lies one column
  // pair right and one row lower (the squares are turned 45 degrees): the
  // two are "2"; four triangles one row higher belong to four squares.
  CHECK(identify("GembloQ", "b27,b28,c27,c28") == "1");
  CHECK(identify("GembloQ", "b27,b28,c27,c28,d26,d27,e26,e27") == "2");
  CHECK(identify("GembloQ", "b27,b28,c27,c28,d27,d28,e27,e28") ==
        "error: b27,b28,c27,c28,d27,d28,e27,e28 is not a piece of GembloQ");
  // Callisto identifies on the square grid.
  CHECK(identify("Callisto Two-Player", "h1,i1") == "2");
}

TEST_CASE("blokus pieces: what is not a piece", "[blokus]") {
  CHECK(identify("Blokus", "a1,c1") == "error: a1,c1 is not a piece of Blokus");
  CHECK(identify("Blokus Duo", "a1,b1,c1,d1,e1,f1") ==
        "error: a1,b1,c1,d1,e1,f1 is not a piece of Blokus Duo");
  CHECK(identify("Blokus Duo", "o1") == "error: point o1 is off the board of Blokus Duo");
  CHECK(identify("Blokus Trigon", "a1") == "error: point a1 is off the board of Blokus Trigon");
  CHECK(identify("Callisto", "a1") == "error: point a1 is off the board of Callisto");
  CHECK(identify("Nexos", "b2") == "error: point b2 is off the board of Nexos");
  CHECK(identify("Nexos", "a1,b1") == "error: point a1 is a junction that piece 1 does not cover");
  CHECK(identify("Nexos", "a1") == "error: a1 is not a piece of Nexos");
  // Pentobi's Nexos moves up to late 2015 listed the junctions a piece
  // covers as well (blksgf/pentobi-2015-12-18-40b22375-...book_nexos.blksgf).
  CHECK(identify("Nexos", "g16,g17,g18,f19,e20") == "N");
  CHECK(identify("Nexos", "g16,g18,f19,e20") == "N");
  CHECK(identify("Nexos", "a2,a3,a4,a6") ==
        "error: the move lists some junctions of piece I3 "
        "but not all of a3,a5");
  CHECK(identify("Blokus", "a1,a1") == "error: point a1 is listed twice");
  const Result<std::string> empty = identify_blokus_piece("Blokus", {});
  REQUIRE(!empty.ok());
  CHECK(empty.error().message == "a piece of Blokus needs at least one point");
  CHECK(identify("Blokus Junior", "a1,b1,c1,b2,b3") ==
        "error: a1,b1,c1,b2,b3 is not a piece of "
        "Blokus Junior");
  const Result<std::string> negative = identify_blokus_piece("Blokus", std::vector<Point>{{-1, 0}});
  REQUIRE(!negative.ok());
  CHECK(negative.error().message == "point (-1, 0) is off the board of Blokus");
  const Result<std::string> unknown = identify_blokus_piece("Tetris", points("a1"));
  REQUIRE(!unknown.ok());
  CHECK(unknown.error().message == "unknown Blokus variant 'Tetris'");
}

}  // namespace
}  // namespace ludex
