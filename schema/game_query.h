// Finding games by metadata. Every query is assembled from fixed SQL
// fragments; user text is only ever bound as a parameter.
#ifndef LUDEX_SCHEMA_GAME_QUERY_H_
#define LUDEX_SCHEMA_GAME_QUERY_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "schema/database.h"

namespace ludex {

struct GameFilter {
  // Each entry matches a player in either seat, case-insensitively (see
  // fold_case in schema/text_fold.h); '*' matches any run of characters and
  // every other character is literal. Two entries: games between the two
  // (matching players in different seats). Empty entries are ignored.
  std::vector<std::string> players;
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

// Calls visit for every matching game in game id order; stops early when
// visit returns false. Returns the number of games visited.
std::int64_t find_games(Database& db, const GameFilter& filter,
                        const std::function<bool(const GameHit&)>& visit);

// Number of matching games, without materialising them.
std::int64_t count_games(Database& db, const GameFilter& filter);

// The EXPLAIN QUERY PLAN lines ("detail" column) of the statement find_games
// runs for filter, with the filter's values bound. For diagnostics and tests.
std::vector<std::string> explain_find_games(Database& db, const GameFilter& filter);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_QUERY_H_
