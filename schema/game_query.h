// Finding games by metadata. Every query is assembled from fixed SQL
// fragments; user text is only ever bound as a parameter.
#ifndef LUDEX_SCHEMA_GAME_QUERY_H_
#define LUDEX_SCHEMA_GAME_QUERY_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "schema/database.h"

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

// Calls visit for every matching game in filter.order (game id order by
// default), skipping filter.offset of them and visiting at most filter.limit;
// stops early when visit returns false. Returns the number of games visited.
std::int64_t find_games(Database& db, const GameFilter& filter,
                        const std::function<bool(const GameHit&)>& visit);

// Number of matching games (at most filter.limit; the offset and the order
// do not count), without materialising them.
std::int64_t count_games(Database& db, const GameFilter& filter);

// The EXPLAIN QUERY PLAN lines ("detail" column) of the statement find_games
// runs for filter, with the filter's values bound. For diagnostics and tests.
std::vector<std::string> explain_find_games(Database& db, const GameFilter& filter);

// "id", "date", "player" for GameOrder, and back (nullopt for other text).
std::string_view game_order_name(GameOrder order);
std::optional<GameOrder> parse_game_order(std::string_view name);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_QUERY_H_
