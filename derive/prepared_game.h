// What a game gives the database, derived once: its positions at every node
// (with the position stream and feature codes position search reads), its
// layout (pre-order, depths, swings, moves hash), its visits for the
// opening explorer and the ranks its players stated. prepare_game() is the
// one place these are derived for storing: an import's parse workers, merge, the backfills, the
// benchmarks and the fuzzers call it, and GameStore::add_game (schema/game_store.h) writes what it
// holds without deriving anything.
//
// Thread-safety: prepare_game and prepare_record are pure and may run on
// any thread; a PreparedGame belongs to one thread at a time.
#ifndef LUDEX_DERIVE_PREPARED_GAME_H_
#define LUDEX_DERIVE_PREPARED_GAME_H_

#include <optional>

#include "core/game.h"
#include "derive/explorer_prepare.h"
#include "derive/game_layout.h"
#include "derive/seat_facts.h"
#include "games/position.h"

namespace ludex {

struct PreparedGame {
  GameRecord record;
  // Whether positions were derived (prepare_game). The database then
  // stores the game's position hashes, its stream and features when its
  // board has one, and games.hash_version. A game prepared without them
  // (prepare_record) stores positions.hashes when the caller set them (one
  // per node, indexed by NodeIndex), and nothing else of positions.
  bool derived = false;
  // Every node's position, with positions.stream and positions.features
  // (games/position_stream.h, attach_position_stream) when the board has a
  // stream; empty when not derived. positions.warnings is empty: see
  // PositionWarnings.
  GamePositions positions;
  GameLayout layout;  // compute_game_layout(record)
  // The opening explorer's visits (prepare_explorer_game); nullopt for a
  // game without a position stream.
  std::optional<PreparedExplorerGame> explorer;
  // The ranks the record states per seat, the band of its players' ranks
  // and whether the seats end with each other's colours
  // (derive/seat_facts.h): derived by prepare_game and prepare_record alike.
  std::vector<StatedRank> ranks;
  std::optional<std::pair<std::int32_t, std::int32_t>> rank_band;
  bool sides_swapped = false;  // sides_swapped_at_end(record)
};

// What prepare_game does with the warnings that computing positions gives
// (an illegal move, a point off the board).
enum class PositionWarnings {
  kToGame,  // appended to record.warnings: a game read from a file
  kDrop,    // dropped: a game loaded from a database, which holds them already
};

// Derives everything the database stores of `game` (taken by value: move a
// game in that is not needed after). Never fails: a game whose moves do
// not fit its board gets warnings and no stream.
PreparedGame prepare_game(GameRecord game, PositionWarnings warnings = PositionWarnings::kToGame);

// The same from positions computed elsewhere (tests build them by hand):
// positions must hold a hash and a delta per node, or none. Their warnings
// are dropped.
PreparedGame prepare_game_with(GameRecord game, GamePositions positions);

// The record and its layout only, no positions (derived is false): for a
// caller that stores a game as it is read, without position search
// (ludex-bench parse, tests of the rows themselves).
PreparedGame prepare_record(GameRecord game);

// A game's positions as prepare_game derives them, with their warnings, the
// stream and the feature codes (empty for a board without a stream): for
// code that reads a game rather than stores it (ludex check comparing what
// is stored, a search reading a game stored without a stream, the viewers),
// so that it derives them the one way the store does.
GamePositions prepare_positions(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_DERIVE_PREPARED_GAME_H_
