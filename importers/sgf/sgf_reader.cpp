#include "importers/sgf/sgf_reader.h"

#include "importers/sgf/sgf_reader_impl.h"
#include "importers/sgf/sgf_text.h"

namespace ludex {
namespace sgf_internal {

// Root and game-info properties: a node that starts with one of these opens a
// game, not a variation. The strict set (is_sgf_game_start_property) is used
// while a game is being read without error, to notice a game that was never
// closed; the broad set when resynchronising after an error.
bool is_root_id(std::string_view id, bool strict) {
  static constexpr std::string_view kBroad[] = {"ST", "PB", "PW", "EV", "GN", "DT", "RE",
                                                "KM", "HA", "RU", "PC", "GC", "SO", "RO",
                                                "BR", "WR", "US", "CP", "AN", "ON", "OT"};
  if (is_sgf_game_start_property(id)) return true;
  if (strict) return false;
  for (std::string_view s : kBroad) {
    if (id == s) return true;
  }
  return false;
}

std::string describe_byte(unsigned char c) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  if (c >= 0x21 && c < 0x7F)
    return std::string("unexpected character '") + static_cast<char>(c) + "'";
  std::string s = "unexpected byte 0x";
  s.push_back(kHex[c >> 4]);
  s.push_back(kHex[c & 0xF]);
  return s;
}

}  // namespace sgf_internal

bool sgf_game_starts_at(std::string_view bytes, std::size_t i) {
  const auto* d = reinterpret_cast<const unsigned char*>(bytes.data());
  const std::size_t n = bytes.size();
  if (i >= n || d[i] != '(') return false;
  std::size_t k = i + 1;
  while (k < n && sgf_internal::is_white(d[k])) ++k;
  if (k >= n) return false;
  if (d[k] == ';') return true;
  // Without ';' only a real-looking game-info id will do: two or more
  // letters, capital first ("TE[" yes; "B[" as in "(B[ag])", and "m[0]" in
  // program text, no).
  if (d[k] < 'A' || d[k] > 'Z') return false;
  const std::size_t id_begin = k;
  while (k < n && ((d[k] >= 'A' && d[k] <= 'Z') || (d[k] >= 'a' && d[k] <= 'z'))) ++k;
  if (k - id_begin < 2) return false;
  while (k < n && sgf_internal::is_white(d[k])) ++k;
  return k < n && d[k] == '[';
}

std::size_t find_sgf_game_start(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    const std::size_t k = bytes.find('(', i);
    if (k == std::string_view::npos) return k;
    if (sgf_game_starts_at(bytes, k)) return k;
    i = k + 1;
  }
  return std::string_view::npos;
}

void read_sgf_events(std::string_view bytes, SgfEventHandler& handler) {
  sgf_internal::Reader<SgfEventHandler> reader(bytes, handler);
  reader.run();
}

}  // namespace ludex
