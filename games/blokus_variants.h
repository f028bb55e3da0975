// Pentobi's 18 game variants as data: one row per variant, the way Pentobi
// keeps them (libpentobi_base/Variant.cpp), holding everything ludex needs
// to know of a variant. No other file spells a variant's name.
//
// All functions are pure and thread-safe; the table is immutable.
#ifndef LUDEX_GAMES_BLOKUS_VARIANTS_H_
#define LUDEX_GAMES_BLOKUS_VARIANTS_H_

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace ludex {

// A board's shape and size (games/blokus_geometry.h describes each).
enum class BlokusBoardType : std::uint8_t {
  kClassic = 0,
  kDuo = 1,
  kTrigon = 2,
  kTrigon3 = 3,
  kNexos = 4,
  kCallisto = 5,
  kCallisto2 = 6,
  kCallisto3 = 7,
  kGembloq = 8,
  kGembloq2 = 9,
  kGembloq3 = 10,
};

enum class BlokusPieceSet : std::uint8_t {
  kClassic = 0,
  kJunior = 1,
  kTrigon = 2,
  kNexos = 3,
  kCallisto = 4,
  kGembloq = 5,
};

// One of Pentobi's variants.
struct BlokusVariant {
  std::string_view name;  // the GM string, e.g. "Blokus Duo"
  // The board's coordinate rectangle (Pentobi's geometries): Trigon,
  // Callisto and GembloQ boards are not rectangular, so some points of the
  // rectangle are off the board.
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  std::int8_t colors = 0;   // 2, 3 or 4
  std::int8_t players = 0;  // 2, 3 or 4
  BlokusBoardType board = BlokusBoardType::kClassic;
  BlokusPieceSet piece_set = BlokusPieceSet::kClassic;
  bool callisto_rules = false;  // 1-pieces first and anywhere outside the centre
  // The names of the colours Pentobi draws colours 1..colors in
  // (pentobi/GameViewDesktop.qml, light theme); the web app paints by them.
  std::array<std::string_view, 4> colour_names{};
};

// All 18 variants in Pentobi's order.
std::span<const BlokusVariant> blokus_variants();
// The variant whose GM string equals `gm` ignoring ASCII case, surrounding
// whitespace and the length of inner whitespace runs (Pentobi reads it that
// way); nullptr if none.
const BlokusVariant* find_blokus_variant(std::string_view gm);

// The seat that owns `color` (1..colors) in `variant`: colour == seat when
// each player has one colour; in two-player four-colour variants colours 1, 3
// belong to seat 1 and 2, 4 to seat 2. In "Blokus Three-Player" the fourth
// colour is played by the three players in turn, which depends on the
// position: 0 (unknown) is returned for it. 0 for a colour out of range.
std::int8_t blokus_seat_of_color(const BlokusVariant& variant, std::int32_t color);

// The name of the colour Pentobi draws `color` in (colour_names, lowercase):
// in a two-colour variant every colour but 1 is the second; elsewhere every
// colour outside 1..3 is the fourth.
std::string_view blokus_colour_name(const BlokusVariant& variant, std::int32_t color);

}  // namespace ludex

#endif  // LUDEX_GAMES_BLOKUS_VARIANTS_H_
