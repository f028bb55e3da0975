// Internal to importers/gtv: the vocabulary shared by the game-tree reader
// and writer - key names, integer and text encodings, Twixt link directions,
// ludex's own keys for specials, and the swap convention. Other layers use
// importers/gtv/gtv_game.h.
//
// All functions are pure and thread-safe; none throws for bad bytes.
#ifndef LUDEX_IMPORTERS_GTV_GTV_FORMAT_H_
#define LUDEX_IMPORTERS_GTV_GTV_FORMAT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/game_tree.h"
#include "core/node.h"

namespace ludex::gtv {

// Header keys of version 2 (the spec) and version 1 (the old Jhex format).
inline constexpr std::string_view kKeyVersion = "gtv";
inline constexpr std::string_view kKeyPlayer1 = "player1";
inline constexpr std::string_view kKeyPlayer2 = "player2";
inline constexpr std::string_view kKeyName = "name";
inline constexpr std::string_view kKeyPov = "pov";
inline constexpr std::string_view kKeyType = "type";
inline constexpr std::string_view kKeyBoardSize = "bdsize";
inline constexpr std::string_view kKeyHexVersion = "hgtv";
inline constexpr std::string_view kKeyTwixtVersion = "tgtv";
inline constexpr std::string_view kKeyV1Size = "size";
inline constexpr std::string_view kKeyV1Player1 = "vplayer";
inline constexpr std::string_view kKeyV1Player2 = "hplayer";
// ludex's header extensions: GameRecord fields the format has no key for.
inline constexpr std::string_view kKeyEvent = "ludex_event";
inline constexpr std::string_view kKeyRound = "ludex_round";
inline constexpr std::string_view kKeyDate = "ludex_date";
inline constexpr std::string_view kKeyResult = "ludex_result";
inline constexpr std::string_view kKeyWinner = "ludex_winner";

// Node keys.
inline constexpr std::string_view kKeyMove = "m";
inline constexpr std::string_view kKeyValue = "r";    // version 2: int16
inline constexpr std::string_view kKeyV1Value = "v";  // version 1: float
inline constexpr std::string_view kKeyMain = "g";
inline constexpr std::string_view kKeyComment = "c";
// ludex's node extensions: "<kind>:<seat>[:draw-offer]" for a move that is
// not a placement, and an empty-valued flag right after an 'm' whose
// placement also offers a draw (Little Golem "qi|draw").
inline constexpr std::string_view kKeySpecial = "ludex_special";
inline constexpr std::string_view kKeyDrawOffer = "ludex_draw_offer";

// Root properties with this prefix are the root node's own unknown keys; all
// other root properties of a game-tree game are header pairs. A header key
// that itself starts with either prefix is stored behind kHeaderEscape, so
// the split is exact for any key.
inline constexpr std::string_view kRootNodePrefix = "gtv-node:";
inline constexpr std::string_view kHeaderEscape = "gtv-header:";
// Header key -> root property id, and back (nullopt for a root-node key).
std::string header_prop_id(std::string_view key);
std::optional<std::string_view> header_key_of(std::string_view prop_id);

inline constexpr std::int16_t kUndeterminedValue = 12345;
// The largest board a header may declare (the project-wide maximum side).
// Moves can only address coordinates 0..255.
inline constexpr std::int64_t kMaxBoardSide = 702;
inline constexpr std::int64_t kMaxByteCoordinate = 255;

// "hex1" / "twixt1"; "" for other families.
std::string_view type_name(Family family);
std::optional<Family> family_from_type(std::string_view type);

// A big-endian unsigned integer of 1..8 bytes; nullopt for other widths.
std::optional<std::uint64_t> decode_uint(std::string_view bytes);
// `value` as `width` big-endian bytes. Requires it to fit.
std::string encode_uint(std::uint64_t value, std::size_t width);
// The smallest width in {1, 2, 4, 8} holding value.
std::size_t width_for(std::uint64_t value);

// File text -> UTF-8: bytes that are valid UTF-8 with at least one multi-byte
// sequence are taken as UTF-8, everything else as Latin-1 (every byte a
// character).
std::string text_from_file(std::string_view bytes);
// UTF-8 -> file text: Latin-1 when every character is <= U+00FF and the
// Latin-1 bytes would not themselves read back as multi-byte UTF-8; otherwise
// the UTF-8 bytes. text_from_file(text_to_file(s)) == s for valid UTF-8 s.
// Invalid UTF-8 is written unchanged.
std::string text_to_file(std::string_view utf8);

// A Twixt link as the file writes it: bottom peg and direction 1..4.
struct FileLink {
  std::int32_t x = 0;
  std::int32_t y = 0;
  std::int32_t direction = 0;
};
// The other end of a link: direction 1 = (x+2, y-1), 2 = (x+1, y-2),
// 3 = (x-1, y-2), 4 = (x-2, y-1). Requires direction in 1..4.
Point link_top(const FileLink& link);
// Doubled-coordinate centre and slope (+1 for directions 1 and 2, whose upper
// peg is to the right). Requires direction in 1..4.
LinkEdit link_edit_from_file(const FileLink& link, bool add);
// Inverse of link_edit_from_file; nullopt when the edit names no link of a
// known slope (slope 0, both or neither centre coordinate odd).
std::optional<FileLink> file_link_from_edit(const LinkEdit& edit);

// "<kind>:<seat>" plus ":draw-offer" when move.draw_offer. Requires a
// non-placement kind.
std::string encode_special(const Move& move);
// Inverse of encode_special for its exact output; nullopt otherwise.
std::optional<Move> decode_special(std::string_view value);

// The swap convention of the known Twixt writer: the first peg is written
// transposed for seat 1 and seat 2's peg follows in the same hole.
inline Point transpose(Point p) {
  return Point{p.y, p.x};
}
// For every node: whether a strict ancestor carries a move. Linear; relies
// on parents having smaller indices than their children (true of every
// GameTree, whose nodes are appended under existing parents).
std::vector<bool> moves_above(const GameTree& tree);
// True if node i has exactly one child. Constant time (child_count is linear
// in the number of children, which a loop over siblings must not pay).
inline bool has_single_child(const GameTree& tree, NodeIndex i) {
  const TreeNode& n = tree.node(i);
  return n.first_child != kNoNode && n.first_child == n.last_child;
}
// True if the node's single move is a short placement (one point, no link
// edits, autolink) of `seat`.
bool is_short_placement(const NodeView& data, std::int8_t seat);

}  // namespace ludex::gtv

#endif  // LUDEX_IMPORTERS_GTV_GTV_FORMAT_H_
