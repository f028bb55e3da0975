// The binary game-tree format of the Jhex / Jtwixt editors (.hgt, .tgt):
// bytes -> GameRecord and GameRecord -> bytes. docs/formats-gtv.md describes
// the format byte by byte and every decision taken where the spec is silent.
//
// How a file maps onto GameRecord:
//  * family from 'type' ("hex1", "twixt1"; version 1 files are hex), format
//    kGameTree, dialect "gtv2" or "gtv1", columns = rows = bdsize (v1: size),
//    players from player1 / player2 (v1: vplayer / hplayer), decoded as UTF-8
//    when the bytes are valid multi-byte UTF-8, else as Latin-1.
//  * Every header pair is also kept, in file order, as a root property
//    {key, {value bytes}, raw_bytes = true}; the root node's own unknown keys
//    are root properties named "gtv-node:" + key. The writer re-emits the
//    header from these, taking player names, board size and type from the
//    GameRecord fields where they differ, so a file reads and writes back
//    byte for byte.
//  * Node keys: 'm' -> Move, 'r' (v1: 'v') -> Evaluation kGameTree on the
//    -10000..10000 scale, 'g' -> main_flag, 'c' -> comment, anything else ->
//    a property {key, {value bytes}, raw_bytes = true}, in file order.
//  * Two pegs (stones) in one hole as the first two moves - the known Twixt
//    writer's way to record a swap - read as the first move untransposed and
//    a MoveKind::kSwapPieces of seat 2, and are written back the same way.
//  * Specials the format has no key for (resign, pass, swap-sides, ...) are
//    written as a node key "ludex_special" = "<kind>:<seat>".
//
// All functions are pure and thread-safe. Parsing uses an explicit stack:
// depth and width are bounded only by the input size.
#ifndef LUDEX_IMPORTERS_GTV_GTV_GAME_H_
#define LUDEX_IMPORTERS_GTV_GTV_GAME_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

// True when the bytes parse as a game-tree header: a key-value list with a
// 'gtv' key (or, for version 1, the v1 keys) from which a known game type
// follows, whatever the file is called. Also true for a file that ends inside
// such a header after its 'gtv' key, so that the reader can say where it was
// cut.
bool looks_like_gtv(std::string_view bytes);

struct GtvParseOutput {
  std::optional<GameRecord> game;  // one game per file
  // Empty when game is set (its warnings are in GameRecord::warnings);
  // otherwise exactly one error with pos.byte_offset at the first bad byte.
  // game_index is -1 when the header is not a game-tree header, 0 when the
  // header was read and the game was lost.
  std::vector<Diagnostic> diagnostics;
};

// Never throws for bad input and never allocates more than a small multiple
// of the input size.
GtvParseOutput read_gtv_game(std::string_view bytes);

// A Hex or Twixt game -> file bytes: version 1 when game.dialect is "gtv1",
// else version 2. Error for other families, boards that are not square or
// not addressable by one-byte coordinates, and moves, links, evaluations or
// properties the format cannot express. For a game read by read_gtv_game,
// write_gtv_game(read_gtv_game(b)) == b for every file ludex wrote.
Result<std::string> write_gtv_game(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_GTV_GTV_GAME_H_
