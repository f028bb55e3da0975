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
#include "schema/game_filter.h"

namespace ludex {

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
