// PositionMatcher::may_match against a brute force: on boards of every width
// from 1 to 64 columns (rows read across byte boundaries, up to nine bytes),
// a shape can stand in the occupancy exactly when some translation of its
// stones finds each on a point its colour holds.
#include <algorithm>
#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "games/position.h"
#include "games/position_matcher.h"
#include "games/position_stream.h"

namespace ludex {
namespace {

bool held(const std::string& occupancy, const StreamBoard& board, std::int8_t colour, int x,
          int y) {
  const std::size_t bytes =
      (static_cast<std::size_t>(board.columns) * static_cast<std::size_t>(board.rows) + 7) / 8;
  const std::size_t at = static_cast<std::size_t>(y) * static_cast<std::size_t>(board.columns) +
                         static_cast<std::size_t>(x);
  for (std::int8_t c = 1; c <= board.colors; ++c) {
    if (colour != 0 && c != colour) continue;
    const std::size_t byte = static_cast<std::size_t>(c - 1) * bytes + at / 8;
    if ((static_cast<unsigned char>(occupancy[byte]) >> (at % 8) & 1u) != 0) return true;
  }
  return false;
}

// Any translation of the stones, wherever they were given.
bool brute_force(const std::string& occupancy, const StreamBoard& board,
                 std::vector<Occupant> stones) {
  int x0 = board.columns, y0 = board.rows;
  for (const Occupant& s : stones) {
    x0 = std::min<int>(x0, s.point.x);
    y0 = std::min<int>(y0, s.point.y);
  }
  int width = 0, height = 0;
  for (Occupant& s : stones) {
    s.point.x = static_cast<std::int16_t>(s.point.x - x0);
    s.point.y = static_cast<std::int16_t>(s.point.y - y0);
    width = std::max(width, s.point.x + 1);
    height = std::max(height, s.point.y + 1);
  }
  for (int y = 0; y + height <= board.rows; ++y) {
    for (int x = 0; x + width <= board.columns; ++x) {
      bool all = true;
      for (const Occupant& s : stones) {
        all = all && held(occupancy, board, s.color, x + s.point.x, y + s.point.y);
      }
      if (all) return true;
    }
  }
  return false;
}

TEST_CASE("may_match reads the occupancy of boards up to 64 columns wide", "[positions][matcher]") {
  std::mt19937 rng(64);
  int kept = 0;
  int dropped = 0;
  for (int columns = 1; columns <= 64; ++columns) {
    for (const int rows : {1, 3, 7, 19}) {
      StreamBoard board;
      board.columns = columns;
      board.rows = rows;
      board.colors = 2;
      const std::size_t bytes =
          (static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows) + 7) / 8;
      for (int trial = 0; trial < 12; ++trial) {
        // From nearly empty to nearly full: some shapes stand, some do not.
        std::string occupancy(bytes * 2, '\0');
        const unsigned percent = 2 + rng() % 90;
        for (std::size_t i = 0; i < occupancy.size() * 8; ++i) {
          if (rng() % 100 < percent) occupancy[i / 8] |= static_cast<char>(1u << (i % 8));
        }
        // A shape of two or three stones in a box of at most 3 x 3 that fits.
        std::vector<Occupant> stones;
        const int w = std::min(columns, 1 + static_cast<int>(rng() % 3));
        const int h = std::min(rows, 1 + static_cast<int>(rng() % 3));
        for (int k = 0; k < 2 + static_cast<int>(rng() % 2); ++k) {
          stones.push_back(Occupant{
              Point{static_cast<std::int16_t>(rng() % w), static_cast<std::int16_t>(rng() % h)},
              static_cast<std::int8_t>(rng() % 3)});
        }
        Pattern pattern;
        pattern.stones = stones;
        PositionConditions conditions;
        conditions.patterns.push_back(pattern);
        const PositionMatcher matcher(conditions, board);
        INFO("columns " << columns << " rows " << rows << " trial " << trial);
        const bool expected = brute_force(occupancy, board, stones);
        CHECK(matcher.may_match(occupancy) == expected);
        (expected ? kept : dropped)++;
      }
    }
  }
  // Both answers came up often.
  CHECK(kept > 300);
  CHECK(dropped > 300);
}

TEST_CASE("may_match finds a shape that only the last columns hold", "[positions][matcher]") {
  // The rows' last bits are the ones a word read across nine bytes can lose.
  std::mt19937 rng(65);
  for (int columns = 2; columns <= 64; ++columns) {
    for (const int rows : {2, 5, 19}) {
      StreamBoard board;
      board.columns = columns;
      board.rows = rows;
      board.colors = 2;
      const std::size_t bytes =
          (static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows) + 7) / 8;
      const int y = static_cast<int>(rng() % static_cast<unsigned>(rows - 1));
      const std::int8_t colour = static_cast<std::int8_t>(1 + rng() % 2);
      // A black or white domino, standing up, in the last column.
      const std::vector<Occupant> stones = {Occupant{Point{0, 0}, colour},
                                            Occupant{Point{0, 1}, colour}};
      std::string occupancy(bytes * 2, '\0');
      for (const Occupant& s : stones) {
        const std::size_t at =
            static_cast<std::size_t>(y + s.point.y) * static_cast<std::size_t>(columns) +
            static_cast<std::size_t>(columns - 1);
        const std::size_t byte = static_cast<std::size_t>(colour - 1) * bytes + at / 8;
        occupancy[byte] |= static_cast<char>(1u << (at % 8));
      }
      Pattern pattern;
      pattern.stones = stones;
      PositionConditions conditions;
      conditions.patterns.push_back(pattern);
      const PositionMatcher matcher(conditions, board);
      INFO("columns " << columns << " rows " << rows << " row " << y);
      CHECK(matcher.may_match(occupancy));
      CHECK(brute_force(occupancy, board, stones));
    }
  }
}

}  // namespace
// The bit-sliced layout of may_match_slice, from 64 games' occupancy
// bitmaps, rows `stride` words apart.
std::vector<std::uint64_t> slice_of(const std::vector<std::string>& occupancy,
                                    const StreamBoard& board, std::size_t stride) {
  const std::size_t cells =
      static_cast<std::size_t>(board.columns) * static_cast<std::size_t>(board.rows);
  std::vector<std::uint64_t> slice((static_cast<std::size_t>(board.colors) + 1) * cells * stride,
                                   0);
  for (std::size_t game = 0; game < occupancy.size(); ++game) {
    for (std::size_t cell = 0; cell < cells; ++cell) {
      const int x = static_cast<int>(cell % static_cast<std::size_t>(board.columns));
      const int y = static_cast<int>(cell / static_cast<std::size_t>(board.columns));
      for (std::int8_t c = 0; c <= board.colors; ++c) {
        if (held(occupancy[game], board, c, x, y)) {
          slice[(static_cast<std::size_t>(c) * cells + cell) * stride] |= std::uint64_t{1} << game;
        }
      }
    }
  }
  return slice;
}

TEST_CASE("may_match_slice gives may_match's answer for 64 games at once", "[positions][matcher]") {
  std::mt19937 rng(66);
  int kept = 0;
  int dropped = 0;
  for (int trial = 0; trial < 60; ++trial) {
    StreamBoard board;
    board.columns = 1 + static_cast<int>(rng() % 24);
    board.rows = 1 + static_cast<int>(rng() % 24);
    board.colors = trial % 3 == 2 ? 4 : 2;
    const std::size_t bytes =
        (static_cast<std::size_t>(board.columns) * static_cast<std::size_t>(board.rows) + 7) / 8;
    // Sparse to dense occupancy, a different density per game.
    std::vector<std::string> occupancy(
        64, std::string(bytes * static_cast<std::size_t>(board.colors), '\0'));
    for (std::string& o : occupancy) {
      const unsigned percent = 1 + rng() % 60;
      for (std::size_t i = 0; i < o.size() * 8; ++i) {
        if (rng() % 100 < percent) o[i / 8] |= static_cast<char>(1u << (i % 8));
      }
    }
    // Two alternative patterns of up to five stones (colour 0: any), some
    // with a required stone (--has) as well.
    PositionConditions conditions;
    for (int k = 0; k < 2; ++k) {
      Pattern pattern;
      const int w = std::min(board.columns, 1 + static_cast<int>(rng() % 3));
      const int h = std::min(board.rows, 1 + static_cast<int>(rng() % 3));
      for (int n = 0; n < 1 + static_cast<int>(rng() % 5); ++n) {
        pattern.stones.push_back(
            Occupant{Point{static_cast<std::int16_t>(rng() % static_cast<unsigned>(w)),
                           static_cast<std::int16_t>(rng() % static_cast<unsigned>(h))},
                     static_cast<std::int8_t>(rng() % static_cast<unsigned>(board.colors + 1))});
      }
      conditions.patterns.push_back(pattern);
    }
    if (trial % 4 == 1) {
      conditions.has.push_back(
          Occupant{Point{static_cast<std::int16_t>(rng() % static_cast<unsigned>(board.columns)),
                         static_cast<std::int16_t>(rng() % static_cast<unsigned>(board.rows))},
                   static_cast<std::int8_t>(rng() % 3)});
    }
    const PositionMatcher matcher(conditions, board);
    const std::uint64_t present = trial % 5 == 0 ? 0x00FF'FF00'F0F0'0F0Full : ~std::uint64_t{0};
    std::uint64_t expected = 0;
    for (std::size_t game = 0; game < 64; ++game) {
      if ((present >> game & 1u) != 0 && matcher.may_match(occupancy[game])) {
        expected |= std::uint64_t{1} << game;
      }
    }
    for (const std::size_t stride : {std::size_t{1}, std::size_t{65}}) {
      const std::vector<std::uint64_t> slice = slice_of(occupancy, board, stride);
      INFO("trial " << trial << " board " << board.columns << "x" << board.rows << " stride "
                    << stride);
      CHECK(matcher.may_match_slice(slice.data(), stride, present) == expected);
    }
    kept += std::popcount(expected);
    dropped += std::popcount(present & ~expected);
  }
  CHECK(kept > 300);
  CHECK(dropped > 300);
}

}  // namespace ludex
