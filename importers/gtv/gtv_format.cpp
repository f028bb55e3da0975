#include "importers/gtv/gtv_format.h"

#include <cassert>

namespace ludex::gtv {
namespace {

// Length of the strict UTF-8 sequence starting at bytes[i] (no overlong
// forms, no surrogates, nothing past U+10FFFF), 0 if none starts there.
// *code_point receives its value.
std::size_t utf8_sequence(std::string_view bytes, std::size_t i, std::uint32_t* code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(bytes[k]); };
  const std::uint8_t b0 = byte(i);
  std::size_t length = 0;
  std::uint32_t cp = 0;
  std::uint32_t min = 0;
  if (b0 < 0x80) {
    *code_point = b0;
    return 1;
  }
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    length = 2;
    cp = b0 & 0x1Fu;
    min = 0x80;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    length = 3;
    cp = b0 & 0x0Fu;
    min = 0x800;
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    length = 4;
    cp = b0 & 0x07u;
    min = 0x10000;
  } else {
    return 0;
  }
  if (bytes.size() - i < length) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    const std::uint8_t b = byte(i + k);
    if ((b & 0xC0u) != 0x80u) return 0;
    cp = (cp << 6) | (b & 0x3Fu);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  *code_point = cp;
  return length;
}

// Valid UTF-8 with at least one multi-byte sequence.
bool is_multibyte_utf8(std::string_view bytes) {
  bool multibyte = false;
  std::uint32_t cp = 0;
  for (std::size_t i = 0; i < bytes.size();) {
    const std::size_t n = utf8_sequence(bytes, i, &cp);
    if (n == 0) return false;
    multibyte = multibyte || n > 1;
    i += n;
  }
  return multibyte;
}

void append_utf8(std::uint32_t cp, std::string& out) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else {
    assert(cp < 0x800);  // only Latin-1 characters are appended here
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

}  // namespace

std::string_view type_name(Family family) {
  switch (family) {
    case Family::kHex:
      return "hex1";
    case Family::kTwixt:
      return "twixt1";
    default:
      return "";
  }
}

std::optional<Family> family_from_type(std::string_view type) {
  if (type == "hex1") return Family::kHex;
  if (type == "twixt1") return Family::kTwixt;
  return std::nullopt;
}

std::string header_prop_id(std::string_view key) {
  if (key.starts_with(kRootNodePrefix) || key.starts_with(kHeaderEscape)) {
    return std::string(kHeaderEscape) + std::string(key);
  }
  return std::string(key);
}

std::optional<std::string_view> header_key_of(std::string_view prop_id) {
  if (prop_id.starts_with(kRootNodePrefix)) return std::nullopt;
  if (prop_id.starts_with(kHeaderEscape)) prop_id.remove_prefix(kHeaderEscape.size());
  return prop_id;
}

std::optional<std::uint64_t> decode_uint(std::string_view bytes) {
  if (bytes.empty() || bytes.size() > 8) return std::nullopt;
  std::uint64_t value = 0;
  for (char c : bytes) value = (value << 8) | static_cast<std::uint8_t>(c);
  return value;
}

std::string encode_uint(std::uint64_t value, std::size_t width) {
  assert(width >= 1 && width <= 8);
  assert(width == 8 || value >> (8 * width) == 0);
  std::string out(width, '\0');
  for (std::size_t k = width; k-- > 0;) {
    out[k] = static_cast<char>(value & 0xFF);
    value >>= 8;
  }
  return out;
}

std::size_t width_for(std::uint64_t value) {
  if (value <= 0xFF) return 1;
  if (value <= 0xFFFF) return 2;
  if (value <= 0xFFFFFFFF) return 4;
  return 8;
}

std::string text_from_file(std::string_view bytes) {
  if (is_multibyte_utf8(bytes)) return std::string(bytes);
  std::string out;
  out.reserve(bytes.size());
  for (char c : bytes) append_utf8(static_cast<std::uint8_t>(c), out);
  return out;
}

std::string text_to_file(std::string_view utf8) {
  std::string latin1;
  latin1.reserve(utf8.size());
  std::uint32_t cp = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const std::size_t n = utf8_sequence(utf8, i, &cp);
    if (n == 0) return std::string(utf8);  // not UTF-8: kept as it is
    if (cp > 0xFF) return std::string(utf8);
    latin1 += static_cast<char>(cp);
    i += n;
  }
  // Latin-1 bytes that happen to be multi-byte UTF-8 ("Ã¼") would read back
  // as different text; the UTF-8 bytes read back unchanged.
  if (is_multibyte_utf8(latin1)) return std::string(utf8);
  return latin1;
}

Point link_top(const FileLink& link) {
  static constexpr std::int32_t kDx[] = {2, 1, -1, -2};
  static constexpr std::int32_t kDy[] = {-1, -2, -2, -1};
  assert(link.direction >= 1 && link.direction <= 4);
  const auto d = static_cast<std::size_t>(link.direction - 1);
  return Point{static_cast<std::int16_t>(link.x + kDx[d]),
               static_cast<std::int16_t>(link.y + kDy[d])};
}

LinkEdit link_edit_from_file(const FileLink& link, bool add) {
  const Point top = link_top(link);
  LinkEdit edit;
  edit.add = add;
  edit.cx2 = static_cast<std::int16_t>(link.x + top.x);
  edit.cy2 = static_cast<std::int16_t>(link.y + top.y);
  edit.slope = link.direction <= 2 ? 1 : -1;
  return edit;
}

std::optional<FileLink> file_link_from_edit(const LinkEdit& edit) {
  const bool odd_x = (edit.cx2 & 1) != 0;
  const bool odd_y = (edit.cy2 & 1) != 0;
  if (odd_x == odd_y || (edit.slope != 1 && edit.slope != -1)) return std::nullopt;
  // Shallow links (|dx| = 2) have an odd cy2, steep ones an odd cx2. The
  // bottom peg is (centre - half the offset to the top peg).
  std::int32_t dx = 0;
  std::int32_t dy = 0;
  std::int32_t direction = 0;
  if (odd_y) {
    direction = edit.slope > 0 ? 1 : 4;
    dx = edit.slope > 0 ? 2 : -2;
    dy = -1;
  } else {
    direction = edit.slope > 0 ? 2 : 3;
    dx = edit.slope > 0 ? 1 : -1;
    dy = -2;
  }
  FileLink link;
  link.x = (edit.cx2 - dx) / 2;
  link.y = (edit.cy2 - dy) / 2;
  link.direction = direction;
  return link;
}

std::string encode_special(const Move& move) {
  assert(move.kind != MoveKind::kPlace);
  std::string out(move_kind_name(move.kind));
  out += ':';
  out += std::to_string(static_cast<int>(move.seat));
  if (move.draw_offer) out += ":draw-offer";
  return out;
}

std::optional<Move> decode_special(std::string_view value) {
  const std::size_t colon = value.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  const auto kind = parse_move_kind(value.substr(0, colon));
  if (!kind || *kind == MoveKind::kPlace) return std::nullopt;
  std::string_view rest = value.substr(colon + 1);
  Move move;
  move.kind = *kind;
  constexpr std::string_view kDrawSuffix = ":draw-offer";
  if (rest.size() >= kDrawSuffix.size() &&
      rest.substr(rest.size() - kDrawSuffix.size()) == kDrawSuffix) {
    move.draw_offer = true;
    rest.remove_suffix(kDrawSuffix.size());
  }
  if (rest.empty() || rest.size() > 3) return std::nullopt;
  int seat = 0;
  for (char c : rest) {
    if (c < '0' || c > '9') return std::nullopt;
    seat = seat * 10 + (c - '0');
  }
  if (seat > 127) return std::nullopt;
  move.seat = static_cast<std::int8_t>(seat);
  // Only ludex's own spelling is a special; anything else stays a property.
  if (encode_special(move) != value) return std::nullopt;
  return move;
}

std::vector<bool> moves_above(const GameTree& tree) {
  std::vector<bool> above(tree.size(), false);
  for (NodeIndex i = 1; i < tree.size(); ++i) {
    const NodeIndex p = tree.parent(i);
    assert(p < i);
    above[i] = above[p] || !tree.data(p).moves.empty();
  }
  return above;
}

bool is_short_placement(const NodeView& data, std::int8_t seat) {
  if (data.moves.size() != 1) return false;
  const Move& m = data.moves.front();
  return m.kind == MoveKind::kPlace && m.seat == seat && m.points.size() == 1 && m.links.empty() &&
         m.autolink;
}

}  // namespace ludex::gtv
