// How players are printed: the JSON of a player summary (`ludex players
// --json`, GET /api/players) and of a player page (`ludex player --json`,
// GET /api/player), the CSV and terminal tables. One definition for the
// command line and the server.
//
// Thread-safety: pure functions.
#ifndef LUDEX_QUERY_PLAYER_OUTPUT_H_
#define LUDEX_QUERY_PLAYER_OUTPUT_H_

#include <optional>
#include <ostream>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "schema/players/player_stats.h"

namespace ludex {

// "5d", "12k", "9p" for a rank_order; "" for nullopt.
std::string rank_order_text(std::optional<std::int32_t> order);

// {"name", "aliases", "games", "wins", "losses", "draws", "first_date",
//  "last_date", "families", "rank_low", "rank_high"}; dates and ranks null
// when none.
nlohmann::json player_summary_json(const PlayerSummary& s);
// {"name", "aliases", "total", "by_seat", "by_colour", "by_year",
//  "by_event", "by_board", "by_opponent", "ranks", "families"}: a record is
// {"games", "wins", "losses", "draws", "first_date", "last_date",
//  "last_game"}, a table row adds "key"; a rank {"date", "game",
//  "written", "rank"}.
nlohmann::json player_page_json(const PlayerPage& page);

void write_player_table_header(std::ostream& out);
void write_player_table_row(std::ostream& out, const PlayerSummary& s);
void write_player_csv_header(std::ostream& out);
void write_player_csv_row(std::ostream& out, const PlayerSummary& s);
// The page as the terminal shows it: the totals, then each table.
void write_player_page(std::ostream& out, const PlayerPage& page);

}  // namespace ludex

#endif  // LUDEX_QUERY_PLAYER_OUTPUT_H_
