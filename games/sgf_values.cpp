#include "games/sgf_values.h"

#include <array>
#include <utility>

#include "games/coord_text.h"

namespace ludex {
namespace {

// The uppercase letters of an FF[3] mixed-case name, or "" if it has no
// lowercase letter (then only an exact match counts).
std::string ff3_name(std::string_view id) {
  std::string out;
  bool has_lower = false;
  for (char c : id) {
    if (c >= 'A' && c <= 'Z') out.push_back(c);
    if (c >= 'a' && c <= 'z') has_lower = true;
  }
  return has_lower ? out : std::string();
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

std::optional<std::int32_t> parse_side(std::string_view text) {
  const std::string_view t = trim_ascii(text);
  if (t.empty() || t.size() > 4) return std::nullopt;
  std::int32_t value = 0;
  for (char c : t) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  if (value < 1 || value > kMaxSgfBoardSide) return std::nullopt;
  return value;
}

}  // namespace

const Property* find_sgf_property(const std::vector<Property>& props, std::string_view id) {
  for (const Property& p : props) {
    if (p.id == id) return &p;
  }
  for (const Property& p : props) {
    const std::string name = ff3_name(p.id);
    if (!name.empty() && name == id) return &p;
  }
  return nullptr;
}

std::string sgf_property_text(const std::vector<Property>& props, std::string_view id) {
  const Property* p = find_sgf_property(props, id);
  if (p == nullptr || p->values.empty()) return {};
  return std::string(trim_ascii(p->values.front()));
}

std::optional<SgfBoardSize> parse_sgf_board_size(std::string_view value) {
  const std::size_t colon = value.find(':');
  if (colon == std::string_view::npos) {
    const auto n = parse_side(value);
    if (!n) return std::nullopt;
    return SgfBoardSize{*n, *n};
  }
  const auto c = parse_side(value.substr(0, colon));
  const auto r = parse_side(value.substr(colon + 1));
  if (!c || !r) return std::nullopt;
  return SgfBoardSize{*c, *r};
}

char sgf_result_side(std::string_view result) {
  const std::string t = ascii_lower(trim_ascii(result));
  if (t.empty()) return 0;
  if (starts_with(t, "black resign")) return 'W';
  if (starts_with(t, "white resign")) return 'B';
  if (starts_with(t, "black")) return 'B';
  if (starts_with(t, "white")) return 'W';
  const char c = t[0];
  const bool ends_label = t.size() == 1 || t[1] == '+' || t[1] == ' ';
  if (c == 'b' && ends_label) return 'B';
  if (c == 'w' && ends_label) return 'W';
  if (c >= '1' && c <= '4' && t.size() > 1 && t[1] == '+') return c;
  return 0;
}

std::optional<MoveKind> parse_special_move(std::string_view value) {
  static constexpr std::array<std::pair<std::string_view, MoveKind>, 9> kSpecials = {{
      {"pass", MoveKind::kPass},
      {"swap-pieces", MoveKind::kSwapPieces},
      {"swap-sides", MoveKind::kSwapSides},
      {"swap", MoveKind::kSwapPieces},
      {"resign", MoveKind::kResign},
      {"forfeit", MoveKind::kForfeit},
      {"draw", MoveKind::kDrawOffer},
      {"draw-offer", MoveKind::kDrawOffer},
      {"draw-accept", MoveKind::kDrawAccept},
  }};
  const std::string_view t = trim_ascii(value);
  for (const auto& [name, kind] : kSpecials) {
    if (iequals(t, name)) return kind;
  }
  return std::nullopt;
}

}  // namespace ludex
