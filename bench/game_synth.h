// Synthetic game records for the benchmark archive: one random, legal game of
// a given kind (family and dialect), deterministic in its seed.
#ifndef LUDEX_BENCH_GAME_SYNTH_H_
#define LUDEX_BENCH_GAME_SYNTH_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/game.h"

namespace ludex {

// What a file of the archive holds: a family in one dialect.
enum class ArchiveKind : std::uint8_t {
  kHexHexGui,         // SGF GM[11] as HexGui writes it (old and new AP)
  kHexLittleGolem,    // Little Golem .hsgf: no GM, W moves first
  kHexGameTree,       // binary .hgt
  kTwixtSgf,          // SGF GM[21], RU STD or PP
  kTwixtLittleGolem,  // Little Golem .tsgf: lowercase b / r
  kTwixtGameTree,     // binary .tgt
  kGo,                // SGF GM[1], 9x9 to 19x19, some handicap games
  kBlokusDuo,         // Pentobi .blksgf, GM[Blokus Duo]
};

inline constexpr std::array<ArchiveKind, 8> kAllArchiveKinds = {
    ArchiveKind::kHexHexGui, ArchiveKind::kHexLittleGolem,   ArchiveKind::kHexGameTree,
    ArchiveKind::kTwixtSgf,  ArchiveKind::kTwixtLittleGolem, ArchiveKind::kTwixtGameTree,
    ArchiveKind::kGo,        ArchiveKind::kBlokusDuo};

struct ArchiveKindInfo {
  Family family = Family::kOther;
  bool game_tree = false;      // a binary game-tree file: one game per file
  bool little_golem = false;   // collections carry Little Golem's name lines
  std::string_view folder;     // the archive's sub-folder for this kind
  std::string_view extension;  // with the dot
};

const ArchiveKindInfo& archive_kind_info(ArchiveKind kind);

// A random legal game of `kind`: players from a fixed pool (some names not
// ASCII), header fields, a main line of a length typical of the family, in
// about a third of the games 1-3 variations, comments on a few nodes, and
// evaluations on every node of "analysed" games (SGF V[], binary r with
// some undetermined). Every move is checked by ludex's position rules.
// serial numbers the game within the archive (Little Golem game numbers).
// The same (kind, serial, seed) gives the same record.
GameRecord synthesize_game(ArchiveKind kind, std::int64_t serial, std::uint64_t seed);

// The bytes ludex reads back as `game`: an SGF game tree "(;...)\n" for SGF
// kinds, a whole file for game-tree kinds. Throws std::logic_error if the
// game-tree writer refuses the record (a generator bug).
std::string write_game(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_BENCH_GAME_SYNTH_H_
