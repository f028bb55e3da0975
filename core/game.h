// The format-neutral game model: what every reader produces and every writer
// and the database consume.
//
// Conventions (docs/formats.md has the full statement):
//  * Seat 1 is the player who moves first; seats are 1-based, 0 = unknown.
//  * Points are (x, y), x = column from the left, y = row from the top, both
//    from 0, for hex, twixt and go. Blokus keeps Pentobi's system: x = column
//    from the left, y = row from the bottom, both from 0 (a1 = (0, 0)).
//  * All text is UTF-8, except values that could not be decoded without loss;
//    those keep their original bytes (Property::raw_bytes says so).
#ifndef LUDEX_CORE_GAME_H_
#define LUDEX_CORE_GAME_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game_tree.h"
#include "core/node.h"

namespace ludex {

enum class Family : std::uint8_t { kOther = 0, kGo = 1, kHex = 2, kTwixt = 3, kBlokus = 4 };

// "other", "go", "hex", "twixt", "blokus".
std::string_view family_name(Family family);
// Inverse of family_name; nullopt for an unknown name.
std::optional<Family> parse_family(std::string_view name);

// The name of colour 1 or 2 (the colour of seat 1 or 2 before any swap):
// "black" or "white", seat 1 playing Black but in Twixt, where it plays
// White. "" for Blokus (its colours are four) and for a number beyond 2.
std::string_view two_colour_name(Family family, std::int32_t colour);

// Where a game record came from, and so which writer mirrors it.
enum class SourceFormat : std::uint8_t { kSgf = 0, kGameTree = 1, kT1 = 2 };
std::string_view source_format_name(SourceFormat format);

// True if the link additions of `move`, read from a file of `format`, do not
// count: a binary game tree's autolinking long move (pbem_null = 1) lists
// additions that "whether or not [the list] is zero-length, [are] ignored"
// (specs/game-tree-binary-format.txt), while an autolinking SGF long move's
// additions count (specs/twixt-sgf.txt). Positions, the moves hash and the
// writers all follow this one rule.
inline bool link_additions_ignored(SourceFormat format, const Move& move) {
  return format == SourceFormat::kGameTree && move.autolink;
}

// A player in a seat. name is UTF-8.
struct SeatPlayer {
  std::int8_t seat = 0;
  std::string name;
  friend bool operator==(const SeatPlayer&, const SeatPlayer&) = default;
};

struct GameRecord {
  Family family = Family::kOther;
  SourceFormat format = SourceFormat::kSgf;
  // Dialect within the format: "sgf", "littlegolem", "hexgui", "pentobi",
  // "gtv2", "gtv1", "t1". Writers use it to mirror what was read.
  std::string dialect;
  std::string variant;       // e.g. "Blokus Duo"; the SGF GM value for other games
  std::int32_t columns = 0;  // 0 = unknown
  std::int32_t rows = 0;
  std::vector<SeatPlayer> players;  // ordered by seat, only seats with a name
  std::string result;               // as written (RE), UTF-8
  std::int8_t winner = 0;           // seat of the winner, 0 = none/unknown/draw
  std::string date;                 // as written (DT)
  std::string event;
  std::string round;
  std::string charset;               // the charset the text was decoded from
  std::int32_t game_index = 0;       // 0-based index in its file
  SourcePos pos;                     // where the game starts in its file
  GameTree tree;                     // root = node 0; header properties sit on the root
  std::vector<Diagnostic> warnings;  // doubtful content; the game is still stored

  // Number of nodes on the main line that carry a move (not counting the root's).
  std::int32_t main_line_moves() const;
};

}  // namespace ludex

#endif  // LUDEX_CORE_GAME_H_
