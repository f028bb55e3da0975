// What a game's record says of its seats beyond their names: the ranks it
// states (SGF BR and WR, which the Go server readers fill from their grade
// fields), read with games/rank.h under the game's source, and whether the
// seats end the main line with each other's colours (a swap-sides). What
// the database stores per seat (seat_ranks) and per game (game_rank_bands,
// swapped_games), and what `ludex check` recomputes.
//
// Thread-safety: pure functions.
#ifndef LUDEX_DERIVE_SEAT_FACTS_H_
#define LUDEX_DERIVE_SEAT_FACTS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "games/rank.h"

namespace ludex {

struct StatedRank {
  std::int8_t seat = 0;  // > 0
  std::string written;   // the property's first value as written (UTF-8)
  ParsedRank parsed;     // parse_rank(written, rank_source_of(game))
  friend bool operator==(const StatedRank&, const StatedRank&) = default;
};

// One entry per seat whose rank property the root holds (the property of
// the seat's player property: BR beside PB, WR beside PW, for whichever
// seat the family's dialect gives them), by seat. A game without a root
// gives none.
std::vector<StatedRank> stated_ranks(const GameRecord& game);

// The lowest and highest rank_order of the game's players, when every
// seat that has a player (game.players) or a stated rank has a rank that
// was read; nullopt otherwise (a rank filter keeps a game only when every
// player's rank falls inside the band).
std::optional<std::pair<std::int32_t, std::int32_t>> rank_band(
    const GameRecord& game, const std::vector<StatedRank>& ranks);

// True if the main line holds an odd number of swap-sides moves: each seat
// then plays the other's colour from there to the end (docs/formats.md,
// "Who has which colour after a swap-sides"). A swap-pieces keeps the
// colours with their seats.
bool sides_swapped_at_end(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_DERIVE_SEAT_FACTS_H_
