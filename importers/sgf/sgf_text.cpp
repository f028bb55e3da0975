#include "importers/sgf/sgf_text.h"

namespace ludex {

bool sgf_unescape_is_identity(std::string_view raw) {
  for (char c : raw) {
    if (c == '\\' || c == '\r') return false;
  }
  return true;
}

std::string sgf_unescape(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  const std::size_t n = raw.size();
  std::size_t i = 0;
  while (i < n) {
    const char c = raw[i];
    if (c == '\\') {
      if (i + 1 >= n) break;
      const char e = raw[i + 1];
      if (e == '\r') {
        i += (i + 2 < n && raw[i + 2] == '\n') ? 3 : 2;
      } else if (e == '\n') {
        i += 2;
      } else {
        out.push_back(e);
        i += 2;
      }
    } else if (c == '\r') {
      out.push_back('\n');
      i += (i + 1 < n && raw[i + 1] == '\n') ? 2 : 1;
    } else {
      out.push_back(c);
      ++i;
    }
  }
  return out;
}

void append_sgf_escaped(std::string_view text, std::string& out) {
  for (char c : text) {
    if (c == '\\' || c == ']') out.push_back('\\');
    out.push_back(c);
  }
}

std::string sgf_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  append_sgf_escaped(text, out);
  return out;
}

bool is_sgf_point_property(std::string_view id) {
  // Asked for every property that is not a move: decided on two bytes.
  if (id.size() != 2) return false;
  switch (id[0]) {
    case 'A':
      return id[1] == 'B' || id[1] == 'W' || id[1] == 'E' || (id[1] >= '1' && id[1] <= '4') ||
             id[1] == 'R';
    case 'T':
      return id[1] == 'R' || id[1] == 'B' || id[1] == 'W';
    case 'S':
      return id[1] == 'Q' || id[1] == 'L';
    case 'C':
      return id[1] == 'R';
    case 'M':
      return id[1] == 'A';
    case 'D':
      return id[1] == 'D';
    case 'V':
      return id[1] == 'W';
    case 'L':
      return id[1] == 'N';
    default:
      return false;
  }
}

bool is_sgf_game_start_property(std::string_view id) {
  return id == "FF" || id == "GM" || id == "CA" || id == "AP" || id == "SZ";
}

bool may_be_sgf_move_property(std::string_view id) {
  if (id.size() == 1) return id != "C" && id != "N";
  return id == "BLUE" || id == "YELLOW" || id == "RED" || id == "GREEN";
}

std::string sgf_value_for_message(std::string_view value) {
  constexpr std::size_t kQuoteLimit = 40;
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "[";
  for (std::size_t i = 0; i < value.size() && i < kQuoteLimit; ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    if (c >= 0x20 && c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 0xF]);
    }
  }
  if (value.size() > kQuoteLimit) out += "...";
  out += "]";
  return out;
}

}  // namespace ludex
