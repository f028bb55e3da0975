#include "games/blokus_variants.h"

#include <string>

#include "games/coord_text.h"

namespace ludex {
namespace {

using Type = BlokusBoardType;
using Pieces = BlokusPieceSet;

constexpr std::array<std::string_view, 4> kFourColours = {"blue", "yellow", "red", "green"};
constexpr std::array<std::string_view, 4> kTwoColours = {"blue", "green", {}, {}};

// Pentobi's Variant.cpp, one row per variant. Extents from its geometries
// (libpentobi_base/*Geometry.cpp): classic 20x20, Duo/Junior 14x14, Trigon
// edge 9 -> (4*9-1)x(2*9) = 35x18, Trigon three-player edge 8 -> 31x16,
// Nexos 25x25 (13x13 lines), Callisto 20x20 (16x16 for two players, two
// colours), GembloQ 2*h x h with h = 28 (four colours), 22 (two), 26
// (three). Colours: Duo purple/orange, Junior green/orange, the other
// two-colour variants blue/green, the rest blue, yellow, red, green.
constexpr std::array<BlokusVariant, 18> kVariants = {{
    {"Blokus", 20, 20, 4, 4, Type::kClassic, Pieces::kClassic, false, kFourColours},
    {"Blokus Two-Player", 20, 20, 4, 2, Type::kClassic, Pieces::kClassic, false, kFourColours},
    {"Blokus Three-Player", 20, 20, 4, 3, Type::kClassic, Pieces::kClassic, false, kFourColours},
    {"Blokus Duo", 14, 14, 2, 2, Type::kDuo, Pieces::kClassic, false, {"purple", "orange", {}, {}}},
    {"Blokus Trigon", 35, 18, 4, 4, Type::kTrigon, Pieces::kTrigon, false, kFourColours},
    {"Blokus Trigon Two-Player", 35, 18, 4, 2, Type::kTrigon, Pieces::kTrigon, false, kFourColours},
    {"Blokus Trigon Three-Player", 31, 16, 3, 3, Type::kTrigon3, Pieces::kTrigon, false,
     kFourColours},
    {"Blokus Junior",
     14,
     14,
     2,
     2,
     Type::kDuo,
     Pieces::kJunior,
     false,
     {"green", "orange", {}, {}}},
    {"Nexos", 25, 25, 4, 4, Type::kNexos, Pieces::kNexos, false, kFourColours},
    {"Nexos Two-Player", 25, 25, 4, 2, Type::kNexos, Pieces::kNexos, false, kFourColours},
    {"Callisto", 20, 20, 4, 4, Type::kCallisto, Pieces::kCallisto, true, kFourColours},
    {"Callisto Two-Player", 16, 16, 2, 2, Type::kCallisto2, Pieces::kCallisto, true, kTwoColours},
    {"Callisto Two-Player Four-Color", 20, 20, 4, 2, Type::kCallisto, Pieces::kCallisto, true,
     kFourColours},
    {"Callisto Three-Player", 20, 20, 3, 3, Type::kCallisto3, Pieces::kCallisto, true,
     kFourColours},
    {"GembloQ", 56, 28, 4, 4, Type::kGembloq, Pieces::kGembloq, false, kFourColours},
    {"GembloQ Two-Player", 44, 22, 2, 2, Type::kGembloq2, Pieces::kGembloq, false, kTwoColours},
    {"GembloQ Three-Player", 52, 26, 3, 3, Type::kGembloq3, Pieces::kGembloq, false, kFourColours},
    {"GembloQ Two-Player Four-Color", 56, 28, 4, 2, Type::kGembloq, Pieces::kGembloq, false,
     kFourColours},
}};

// Lowercase, surrounding whitespace dropped, inner whitespace runs collapsed
// to one space.
std::string normalize_name(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (char c : trim_ascii(text)) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      pending_space = true;
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return ascii_lower(out);
}

}  // namespace

std::span<const BlokusVariant> blokus_variants() {
  return kVariants;
}

const BlokusVariant* find_blokus_variant(std::string_view gm) {
  // Pentobi's own spelling, which is what detection stores, is asked for
  // once per move: found without building a normalised copy.
  for (const BlokusVariant& v : kVariants) {
    if (v.name == gm) return &v;
  }
  const std::string wanted = normalize_name(gm);
  for (const BlokusVariant& v : kVariants) {
    if (iequals(v.name, wanted)) return &v;
  }
  return nullptr;
}

std::int8_t blokus_seat_of_color(const BlokusVariant& variant, std::int32_t color) {
  if (color < 1 || color > variant.colors) return 0;
  if (variant.players == 2) return static_cast<std::int8_t>(color % 2 == 1 ? 1 : 2);
  if (color > variant.players) return 0;  // the shared fourth colour of three players
  return static_cast<std::int8_t>(color);
}

std::string_view blokus_colour_name(const BlokusVariant& variant, std::int32_t color) {
  if (variant.colors == 2) return variant.colour_names[color == 1 ? 0 : 1];
  return variant.colour_names[color >= 1 && color <= 3 ? static_cast<std::size_t>(color - 1) : 3];
}

}  // namespace ludex
