#include "core/game.h"

#include <array>

namespace ludex {
namespace {

constexpr std::array<std::string_view, 5> kFamilyNames = {"other", "go", "hex", "twixt", "blokus"};

}  // namespace

std::string_view two_colour_name(Family family, std::int32_t colour) {
  if (family == Family::kBlokus || colour < 1 || colour > 2) return {};
  return (colour == 1) == (family != Family::kTwixt) ? "black" : "white";
}

std::string_view family_name(Family family) {
  return kFamilyNames[static_cast<std::size_t>(family)];
}

std::optional<Family> parse_family(std::string_view name) {
  for (std::size_t i = 0; i < kFamilyNames.size(); ++i) {
    if (kFamilyNames[i] == name) return static_cast<Family>(i);
  }
  return std::nullopt;
}

std::string_view source_format_name(SourceFormat format) {
  switch (format) {
    case SourceFormat::kSgf:
      return "sgf";
    case SourceFormat::kGameTree:
      return "gtv";
    case SourceFormat::kT1:
      return "t1";
  }
  return "sgf";
}

std::int32_t GameRecord::main_line_moves() const {
  std::int32_t n = 0;
  for (NodeIndex i : tree.main_line()) {
    if (!tree.data(i).moves.empty()) ++n;
  }
  return n;
}

}  // namespace ludex
