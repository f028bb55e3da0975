#include "games/sgf_values.h"

#include <array>
#include <utility>

#include "games/coord_text.h"

namespace ludex {
namespace {

// True if `written` is an FF[3] mixed-case name (one with a lowercase
// letter; any other byte is ignored) whose uppercase letters spell `id`,
// which must not be empty.
bool ff3_name_is(std::string_view written, std::string_view id) {
  bool has_lower = false;
  std::size_t k = 0;
  for (const char c : written) {
    if (c >= 'A' && c <= 'Z') {
      if (k >= id.size() || id[k] != c) return false;
      ++k;
    }
    if (c >= 'a' && c <= 'z') has_lower = true;
  }
  return has_lower && k == id.size() && k > 0;
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

// Length of the line break starting at raw[i] (CR LF, LF CR, CR or LF), or 0.
std::size_t line_break_length(std::string_view raw, std::size_t i) {
  if (i >= raw.size() || (raw[i] != '\n' && raw[i] != '\r')) return 0;
  if (i + 1 < raw.size() && (raw[i + 1] == '\n' || raw[i + 1] == '\r') && raw[i + 1] != raw[i]) {
    return 2;
  }
  return 1;
}

std::string unescape(std::string_view raw, bool keep_lone_backslash) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\\' || i + 1 >= raw.size()) {
      out.push_back(raw[i]);
      continue;
    }
    if (const std::size_t n = line_break_length(raw, i + 1); n > 0) {
      i += n;
      continue;
    }
    if (keep_lone_backslash && raw[i + 1] != '\\') {
      out.push_back('\\');
      continue;
    }
    out.push_back(raw[i + 1]);
    ++i;
  }
  return out;
}

}  // namespace

bool sgf_id_is_long_name(std::string_view written, std::string_view id) {
  bool lower = false;
  std::size_t k = 0;
  for (char c : written) {
    if (c >= 'a' && c <= 'z') {
      lower = true;
    } else if (c >= 'A' && c <= 'Z') {
      if (k >= id.size() || id[k] != c) return false;
      ++k;
    } else {
      return false;
    }
  }
  return lower && k == id.size() && k > 0;
}

const Property* find_sgf_property(std::span<const Property> props, std::string_view id) {
  // Ids are a few letters: compared in place rather than through memcmp.
  const auto same = [](std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i] != b[i]) return false;
    }
    return true;
  };
  for (const Property& p : props) {
    if (same(p.id, id)) return &p;
  }
  // A mixed-case name has a lowercase letter besides id's capitals.
  for (const Property& p : props) {
    if (p.id.size() > id.size() && ff3_name_is(p.id, id)) return &p;
  }
  return nullptr;
}

std::string_view sgf_property_view(std::span<const Property> props, std::string_view id) {
  const Property* p = find_sgf_property(props, id);
  if (p == nullptr || p->values.empty()) return {};
  return trim_ascii(p->values.front());
}

std::string sgf_property_text(std::span<const Property> props, std::string_view id) {
  return std::string(sgf_property_view(props, id));
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

std::string sgf_unescape_value(std::string_view raw) {
  return unescape(raw, false);
}

std::string twixt_unescape_value(std::string_view raw) {
  return unescape(raw, true);
}

std::optional<MoveKind> parse_special_word(std::string_view value) {
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
  // Points are what moves mostly are: shorter than any special, or not a
  // special's length.
  if (t.size() < 4 || t.size() > 11) return std::nullopt;
  for (const auto& [name, kind] : kSpecials) {
    if (iequals(t, name)) return kind;
  }
  return std::nullopt;
}

bool is_draw_result(std::string_view result) {
  while (!result.empty() && (result.front() == ' ' || result.front() == '\t'))
    result.remove_prefix(1);
  while (!result.empty() && (result.back() == ' ' || result.back() == '\t'))
    result.remove_suffix(1);
  std::string lower(result);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return lower == "0" || lower == "draw" || lower == "jigo" || lower == "=" || lower == "1/2-1/2" ||
         lower == "\xC2\xBD-\xC2\xBD";
}

std::int8_t black_first_winner(std::string_view result) {
  const char side = sgf_result_side(result);
  if (side == 'B') return 1;
  if (side == 'W') return 2;
  return 0;
}

}  // namespace ludex
