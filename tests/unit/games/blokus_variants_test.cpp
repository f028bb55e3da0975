// The Blokus variant table (games/blokus_variants.h): one row per Pentobi
// variant, consistent with the board geometries and piece sets it names.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_variants.h"

namespace ludex {
namespace {

TEST_CASE("every variant row names a board of its own extent and its colours", "[blokus]") {
  std::set<std::string> names;
  for (const BlokusVariant& v : blokus_variants()) {
    INFO(v.name);
    names.insert(std::string(v.name));
    CHECK(find_blokus_variant(v.name) == &v);
    const BlokusGeometry& geometry = blokus_geometry(v);
    CHECK(geometry.columns() == v.columns);
    CHECK(geometry.rows() == v.rows);
    CHECK(v.players >= 2);
    CHECK(v.players <= v.colors);
    CHECK(v.colors <= 4);
    CHECK(v.callisto_rules == (v.piece_set == BlokusPieceSet::kCallisto));
    for (std::int32_t c = 1; c <= v.colors; ++c) CHECK_FALSE(blokus_colour_name(v, c).empty());
    CHECK_FALSE(blokus_pieces(v).pieces().empty());
  }
  CHECK(names.size() == 18);
  CHECK(blokus_variants().front().name == "Blokus");
}

TEST_CASE("each variant's colours are Pentobi's", "[blokus]") {
  const auto colours = [](std::string_view name) {
    const BlokusVariant* v = find_blokus_variant(name);
    REQUIRE(v != nullptr);
    std::string out;
    for (std::int32_t c = 1; c <= v->colors; ++c) {
      out += (out.empty() ? "" : " ") + std::string(blokus_colour_name(*v, c));
    }
    return out;
  };
  CHECK(colours("Blokus Duo") == "purple orange");
  CHECK(colours("Blokus Junior") == "green orange");
  CHECK(colours("Callisto Two-Player") == "blue green");
  CHECK(colours("GembloQ Two-Player") == "blue green");
  CHECK(colours("Blokus Trigon Three-Player") == "blue yellow red");
  CHECK(colours("Blokus Two-Player") == "blue yellow red green");
  // A colour out of range is drawn as the last one (the text board's rule).
  const BlokusVariant* duo = find_blokus_variant("blokus  duo");
  REQUIRE(duo != nullptr);
  CHECK(blokus_colour_name(*duo, 0) == "orange");
  CHECK(blokus_colour_name(blokus_variants().front(), 0) == "green");
}

}  // namespace
}  // namespace ludex
