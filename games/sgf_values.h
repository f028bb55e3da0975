// Small readers of SGF property values shared by kind detection and the
// per-family rules: root property lookup, board sizes, results, and the names
// of special moves.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_SGF_VALUES_H_
#define LUDEX_GAMES_SGF_VALUES_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/node.h"

namespace ludex {

// True if a property id as written names `id` (upper case): the same id, or
// an FF[3]-style long name whose capitals spell it ("CoPyright" is CP,
// "PlayerBlack" is PB). Ids without lower-case letters must match exactly, so
// Little Golem's "b" and Pentobi's "1L" are never taken for anything else.
// Inline for the usual case: a mixed-case name has a lowercase letter besides
// id's capitals, so one no longer than id can only be id itself.
bool sgf_id_is_long_name(std::string_view written, std::string_view id);
inline bool sgf_id_is(std::string_view written, std::string_view id) {
  if (written.size() > id.size()) return sgf_id_is_long_name(written, id);
  if (written.size() != id.size()) return false;
  for (std::size_t i = 0; i < id.size(); ++i) {
    if (written[i] != id[i]) return false;
  }
  return true;
}

// The first property named `id` (uppercase, e.g. "GM"). An exact match wins;
// otherwise an FF[3]-style name whose uppercase letters spell `id`
// ("CoPyright" for "CP"). nullptr if none.
const Property* find_sgf_property(std::span<const Property> props, std::string_view id);
// Its first value with surrounding whitespace removed; "" when absent.
std::string sgf_property_text(std::span<const Property> props, std::string_view id);
// The same as a view into props.
std::string_view sgf_property_view(std::span<const Property> props, std::string_view id);

// An SZ value: "n" or "columns:rows", whitespace tolerated, each 1..kMaxSgfBoardSide.
struct SgfBoardSize {
  std::int32_t columns = 0;
  std::int32_t rows = 0;
};
inline constexpr std::int32_t kMaxSgfBoardSide = 702;  // the Twixt spec's maximum
std::optional<SgfBoardSize> parse_sgf_board_size(std::string_view value);

// The side an RE value names as the winner: 'B' or 'W' ("B+R", "W+3.5", "B",
// "Black+...", "White resigns." -> 'B'), '1'..'4' for Pentobi-style "2+..."
// results, 0 for a draw ("0", "Draw", "Jigo"), no result ("Void", "?", "")
// or anything not understood.
char sgf_result_side(std::string_view result);
// The seat that won by an RE value when Black is seat 1 and White seat 2
// (go, HexGui hex, any other game): 1, 2, or 0 for none.
std::int8_t black_first_winner(std::string_view result);
// True if an RE value states a draw: "0", "Draw", "Jigo", "=", "1/2-1/2"
// or "½-½" (any case, spaces trimmed). SGF writes a draw "0" or "Draw".
bool is_draw_result(std::string_view result);

// Move values reach the decoders as the bytes between '[' and ']' in the
// file, SGF escapes included. sgf_unescape_value removes them: "\x" -> "x",
// and a backslash before a line break (soft line break) drops both.
std::string sgf_unescape_value(std::string_view raw);
// The Twixt spec writes a falling link addition as "\i'4" without escaping
// the backslash. Here "\\" gives one backslash, soft line breaks are
// dropped, and any other backslash is kept as it is.
std::string twixt_unescape_value(std::string_view raw);

// A special move spelled in one of the dialects, matched ASCII
// case-insensitively after trimming: "pass", "swap-pieces", "swap-sides",
// "swap" (Little Golem and benzene: swap-pieces), "resign", "forfeit",
// "draw" / "draw-offer" (a draw offer), "draw-accept". nullopt otherwise.
// Inline for the usual move value, a point shorter than any special.
std::optional<MoveKind> parse_special_word(std::string_view value);
inline std::optional<MoveKind> parse_special_move(std::string_view value) {
  if (value.size() < 4) return std::nullopt;
  return parse_special_word(value);
}

}  // namespace ludex

#endif  // LUDEX_GAMES_SGF_VALUES_H_
