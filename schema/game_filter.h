// Which games a query means (GameFilter), in what order (GameOrder), and
// what it gives of each (GameHit): the values every query of schema/ takes
// and returns, the game queries (schema/game_query.h) and the position and
// explorer queries alike. No SQL.
#ifndef LUDEX_SCHEMA_GAME_FILTER_H_
#define LUDEX_SCHEMA_GAME_FILTER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"

namespace ludex {

// The order hits come in. Every order ends with the game id (then, for
// node hits, the node id), so that it is total and the same query pages the
// same way every time.
enum class GameOrder : std::uint8_t {
  kGameId = 0,  // import order
  kDate = 1,    // DT as text (YYYY-MM-DD sorts by time); games without a date last
  kPlayer = 2,  // the first seat's player name, case-folded; games without players last
  kResult = 3,  // the winner's seat (seat 1's wins first), then RE as written; no winner last
};

struct GameFilter {
  // Each entry matches a player in either seat, case-insensitively (see
  // fold_case in core/text_fold.h); '*' matches any run of characters and
  // every other character is literal. Two entries: games between the two
  // (matching players in different seats). Empty entries are ignored.
  std::vector<std::string> players;
  // Where the first entry of players sat: player_side 1 or 2 is that seat,
  // 3 the colour Black and 4 the colour White as finally played (after an
  // odd number of swap-sides a seat plays the other colour; in Twixt, seat
  // 1 plays White). 0: anywhere. Requires a players entry when not 0.
  std::int8_t player_side = 0;
  // Only these games (any of them); empty = no condition.
  std::vector<std::int64_t> game_ids;
  std::optional<Family> family;
  std::string variant;                // exact but for ASCII case, "" = any
  std::optional<std::int32_t> size;   // columns (and rows) of the board
  std::string event;                  // case-insensitive, '*' wildcards, "" = any
  std::string result;                 // RE as written, case-insensitive, '*' wildcards, "" = any
  std::optional<std::int8_t> winner;  // seat
  std::string date_from;              // inclusive lower bound on DT's text, "" = none
  std::string date_to;                // inclusive upper bound (a DT starting with it matches)
  std::optional<std::int32_t> moves_min;
  std::optional<std::int32_t> moves_max;
  // Rank bands (games/rank.h rank_order): games whose every player stated a
  // rank that was read, all of them at least rank_min and at most rank_max
  // (game_rank_bands).
  std::optional<std::int32_t> rank_min;
  std::optional<std::int32_t> rank_max;
  // Only games whose moves repeat an earlier game's (games.duplicate_of set).
  bool duplicates_only = false;
  std::optional<std::int64_t> limit;
  // Paging and order: hits start after the first `offset` ones (>= 0) of the
  // order; `descending` reverses the order's key (ties stay by game id).
  std::int64_t offset = 0;
  GameOrder order = GameOrder::kGameId;
  bool descending = false;
};

struct GameHit {
  std::int64_t game_id = 0;
  std::string file;
  std::int32_t game_index = 0;
  Family family = Family::kOther;
  std::string variant;
  std::vector<SeatPlayer> players;
  std::string result;
  std::int8_t winner = 0;
  std::string date;
  std::string event;
  std::int32_t moves = 0;         // moves on the main line
  std::int64_t duplicate_of = 0;  // the first game with the same moves, 0 = none
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_FILTER_H_
