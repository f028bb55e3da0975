// Board geometries of the 18 Pentobi variants (games/blokus_geometry.h).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "games/blokus_geometry.h"
#include "games/blokus_points.h"
#include "tests/unit/games/blokus_test_util.h"

namespace ludex {
namespace {

using blokus_test::points;

const BlokusGeometry& geometry_of(const std::string& variant) {
  const BlokusVariant* info = find_blokus_variant(variant);
  REQUIRE(info != nullptr);
  return blokus_geometry(*info);
}

std::string labels(const std::vector<Point>& ps) {
  std::vector<Point> sorted = ps;
  std::sort(sorted.begin(), sorted.end());
  return format_blokus_point_list(sorted);
}

TEST_CASE("blokus geometry: every variant has its board", "[blokus]") {
  struct Expected {
    std::string variant;
    std::int32_t columns, rows, cells;
  };
  // Cell counts follow from the shape formulas of Pentobi's geometries
  // (see games/blokus_geometry.h); the Trigon hexagon of edge 9 has
  // 6 * 9 * 9 = 486 triangles, of edge 8 384; Nexos has 13 x 13 junctions
  // and 2 x 12 x 13 segments.
  const std::vector<Expected> expected = {
      {"Blokus", 20, 20, 400},
      {"Blokus Two-Player", 20, 20, 400},
      {"Blokus Three-Player", 20, 20, 400},
      {"Blokus Duo", 14, 14, 196},
      {"Blokus Trigon", 35, 18, 486},
      {"Blokus Trigon Two-Player", 35, 18, 486},
      {"Blokus Trigon Three-Player", 31, 16, 384},
      {"Blokus Junior", 14, 14, 196},
      {"Nexos", 25, 25, 169 + 312},
      {"Nexos Two-Player", 25, 25, 481},
      {"Callisto", 20, 20, 288},
      {"Callisto Two-Player", 16, 16, 144},
      {"Callisto Two-Player Four-Color", 20, 20, 288},
      {"Callisto Three-Player", 20, 20, 220},
      {"GembloQ", 56, 28, 1564},
      {"GembloQ Two-Player", 44, 22, 772},
      {"GembloQ Three-Player", 52, 26, 1156},
      {"GembloQ Two-Player Four-Color", 56, 28, 1564},
  };
  REQUIRE(expected.size() == blokus_variants().size());
  for (const Expected& e : expected) {
    INFO(e.variant);
    const BlokusGeometry& geo = geometry_of(e.variant);
    CHECK(geo.columns() == e.columns);
    CHECK(geo.rows() == e.rows);
    CHECK(geo.cell_count() == e.cells);
    // The rectangle agrees with blokus_points.h.
    const BlokusVariant* v = find_blokus_variant(e.variant);
    CHECK(v->columns == e.columns);
    CHECK(v->rows == e.rows);
    std::int32_t counted = 0;
    for (std::int32_t y = -1; y <= geo.rows(); ++y) {
      for (std::int32_t x = -1; x <= geo.columns(); ++x) {
        if (!geo.on_board(x, y)) continue;
        ++counted;
        // Every board is symmetric top to bottom and left to right.
        CHECK(geo.on_board(x, geo.rows() - 1 - y));
        CHECK(geo.on_board(geo.columns() - 1 - x, y));
      }
    }
    CHECK(counted == e.cells);
  }
}

TEST_CASE("blokus geometry: board outlines", "[blokus]") {
  // Trigon edge 9: the bottom row spans i..aa (x 8..26), the middle rows
  // a..ai (x 0..34).
  const BlokusGeometry& trigon = geometry_of("Blokus Trigon");
  CHECK(!trigon.on_board(7, 0));
  CHECK(trigon.on_board(8, 0));
  CHECK(trigon.on_board(26, 0));
  CHECK(!trigon.on_board(27, 0));
  CHECK(trigon.on_board(0, 8));
  CHECK(trigon.on_board(34, 9));
  CHECK(!trigon.on_board(0, 7));
  // The spec's picture of edge 3: c1 is a downward triangle, so on edge 9
  // (odd as well) the lower left i1 is downward and j1 upward.
  CHECK(trigon.point_type({8, 0}) == 1);
  CHECK(trigon.point_type({9, 0}) == 0);
  // Callisto: 6 cells on the edge rows of the four-player board, 2 on the
  // others; Nexos: no holes.
  const BlokusGeometry& callisto = geometry_of("Callisto");
  CHECK(!callisto.on_board(6, 0));
  CHECK(callisto.on_board(7, 0));
  CHECK(callisto.on_board(12, 0));
  CHECK(!callisto.on_board(13, 0));
  const BlokusGeometry& callisto2 = geometry_of("Callisto Two-Player");
  CHECK(callisto2.on_board(7, 0));
  CHECK(callisto2.on_board(8, 0));
  CHECK(!callisto2.on_board(6, 0));
  CHECK(!callisto2.on_board(9, 0));
  const BlokusGeometry& nexos = geometry_of("Nexos");
  CHECK(nexos.on_board(0, 0));
  CHECK(nexos.on_board(1, 0));
  CHECK(nexos.on_board(0, 1));
  CHECK(!nexos.on_board(1, 1));
  CHECK(nexos.point_type({0, 0}) == 0);
  CHECK(nexos.point_type({1, 0}) == 1);
  CHECK(nexos.point_type({0, 1}) == 2);
  CHECK(!nexos.is_piece_cell({0, 0}));
  const BlokusGeometry& gembloq = geometry_of("GembloQ");
  CHECK(!gembloq.on_board(0, 0));
  CHECK(gembloq.on_board(1, 0));
  CHECK(gembloq.on_board(0, 1));
}

TEST_CASE("blokus geometry: neighbours of inner cells", "[blokus]") {
  // Pentobi's get_adj / get_diag sizes: squares 4/4, Trigon triangles 3/9,
  // GembloQ triangles 3/11; Callisto attaches along the 4 edges and forbids
  // nothing; Nexos segments attach to the 6 segments at their ends.
  struct Expected {
    std::string variant;
    Point inner;
    std::size_t adjacent, diagonal;
  };
  const std::vector<Expected> expected = {
      {"Blokus", {10, 10}, 4, 4},       {"Blokus Duo", {5, 5}, 4, 4},
      {"Blokus Trigon", {17, 9}, 3, 9}, {"Blokus Trigon", {18, 9}, 3, 9},
      {"Nexos", {11, 12}, 0, 6},        {"Nexos", {12, 11}, 0, 6},
      {"Nexos", {12, 12}, 0, 0},        {"Callisto", {10, 10}, 0, 4},
      {"GembloQ", {20, 10}, 3, 11},     {"GembloQ", {21, 10}, 3, 11},
      {"GembloQ", {22, 10}, 3, 11},     {"GembloQ", {23, 10}, 3, 11},
      {"GembloQ", {23, 11}, 3, 11},
  };
  for (const Expected& e : expected) {
    INFO(e.variant << " " << format_blokus_point(e.inner));
    const BlokusGeometry& geo = geometry_of(e.variant);
    CHECK(geo.adjacent(e.inner).size() == e.adjacent);
    CHECK(geo.diagonal(e.inner).size() == e.diagonal);
  }
  // Square corners: b2 touches a1, c1, a3, c3.
  CHECK(labels(geometry_of("Blokus").diagonal({1, 1})) == "a1,a3,c1,c3");
  CHECK(labels(geometry_of("Blokus").adjacent({1, 1})) == "a2,b1,b3,c2");
  // Trigon: the downward i1 shares edges with j1 and i2 (h1 is off the
  // board).
  CHECK(labels(geometry_of("Blokus Trigon").adjacent({8, 0})) == "i2,j1");
  // Nexos: the horizontal segment b1 attaches to d1 and to a2 and c2.
  CHECK(labels(geometry_of("Nexos").diagonal({1, 0})) == "a2,c2,d1");
}

TEST_CASE("blokus geometry: neighbour relations are symmetric", "[blokus]") {
  for (const BlokusVariant& v : blokus_variants()) {
    INFO(v.name);
    const BlokusGeometry& geo = geometry_of(std::string(v.name));
    std::size_t broken = 0;
    for (std::int16_t y = 0; y < geo.rows(); ++y) {
      for (std::int16_t x = 0; x < geo.columns(); ++x) {
        const Point p{x, y};
        if (!geo.on_board(p)) continue;
        for (const Point& q : geo.adjacent(p)) {
          const auto& back = geo.adjacent(q);
          broken += std::find(back.begin(), back.end(), p) == back.end();
        }
        for (const Point& q : geo.diagonal(p)) {
          const auto& back = geo.diagonal(q);
          broken += std::find(back.begin(), back.end(), p) == back.end();
        }
      }
    }
    CHECK(broken == 0);
  }
}

TEST_CASE("blokus geometry: starting points", "[blokus]") {
  CHECK(labels(geometry_of("Blokus").starting_points(1)) == "a20");
  CHECK(labels(geometry_of("Blokus").starting_points(2)) == "t20");
  CHECK(labels(geometry_of("Blokus").starting_points(3)) == "t1");
  CHECK(labels(geometry_of("Blokus").starting_points(4)) == "a1");
  CHECK(labels(geometry_of("Blokus Duo").starting_points(1)) == "e10");
  CHECK(labels(geometry_of("Blokus Duo").starting_points(2)) == "j5");
  CHECK(labels(geometry_of("Blokus Junior").starting_points(2)) == "j5");
  CHECK(labels(geometry_of("Blokus Trigon").starting_points(3)) == "j7,j12,r4,r15,z7,z12");
  CHECK(labels(geometry_of("Blokus Trigon Three-Player").starting_points(1)) ==
        "h6,h11,p3,p14,x6,x11");
  CHECK(labels(geometry_of("Nexos").starting_points(1)) == "d21,e20,e22,f21");
  CHECK(labels(geometry_of("Nexos Two-Player").starting_points(3)) == "t5,u4,u6,v5");
  CHECK(geometry_of("Callisto").starting_points(1).empty());
  CHECK(labels(geometry_of("GembloQ").starting_points(1)) == "b27,b28,c27,c28");
  CHECK(labels(geometry_of("GembloQ Two-Player").starting_points(2)) == "ad1,ad2,ae1,ae2");
  CHECK(labels(geometry_of("GembloQ Three-Player").starting_points(1)) == "z1,z2,aa1,aa2");
  CHECK(geometry_of("GembloQ").needed_starting_points() == 4);
  CHECK(geometry_of("Blokus").needed_starting_points() == 1);
  for (const BlokusVariant& v : blokus_variants()) {
    const BlokusGeometry& geo = geometry_of(std::string(v.name));
    for (std::int32_t c = 1; c <= v.colors; ++c) {
      for (const Point& p : geo.starting_points(c)) CHECK(geo.on_board(p));
    }
  }
}

TEST_CASE("blokus geometry: the Callisto centre section", "[blokus]") {
  // A 6x6 square with its corners cut like a Callisto board of edge 2: 24 cells.
  for (const std::string variant : {"Callisto", "Callisto Two-Player", "Callisto Three-Player"}) {
    INFO(variant);
    const BlokusGeometry& geo = geometry_of(variant);
    std::int32_t count = 0;
    for (std::int16_t y = 0; y < geo.rows(); ++y) {
      for (std::int16_t x = 0; x < geo.columns(); ++x) count += geo.is_center_section({x, y});
    }
    CHECK(count == 24);
  }
  const BlokusGeometry& geo = geometry_of("Callisto");
  CHECK(geo.is_center_section(points("j10").front()));
  CHECK(geo.is_center_section(points("h10").front()));
  CHECK(!geo.is_center_section(points("h8").front()));
  CHECK(!geo.is_center_section(points("g10").front()));
  CHECK(!geometry_of("Blokus").is_center_section(points("j10").front()));
}

}  // namespace
}  // namespace ludex
