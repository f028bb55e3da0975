// Helpers shared by the Blokus tests.
#ifndef LUDEX_TESTS_UNIT_BLOKUS_BLOKUS_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_BLOKUS_BLOKUS_TEST_UTIL_H_

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_points.h"
#include "games/position.h"

namespace ludex::blokus_test {

// "f9,e10" -> points; requires valid labels.
std::vector<Point> points(const std::string& labels);

// A placed move of a colour (seat derived as the decoder derives it).
Move move(const std::string& variant, std::int8_t color, const std::string& labels);

// An empty position of a variant; requires a known variant.
std::unique_ptr<Position> position(const std::string& variant);

// The board cells of `geometry` keyed by shape coordinate.
std::map<ShapeCoord, Point> cells_by_shape(const BlokusGeometry& geometry);

// Places a normalised orientation shape (BlokusPieces::orientation_shapes) on
// the board, trying anchors from the `skip`-th piece cell of the board on:
// the points of the first translation that puts every cell on the board, or
// nullopt if none does.
std::optional<std::vector<Point>> place_shape(const BlokusGeometry& geometry,
                                              const std::vector<ShapeCoord>& shape,
                                              std::size_t skip);

}  // namespace ludex::blokus_test

#endif  // LUDEX_TESTS_UNIT_BLOKUS_BLOKUS_TEST_UTIL_H_
