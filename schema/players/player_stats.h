// What the archive says of its players: the list of `ludex players` and the
// page of `ludex player` (and the server's /api/players and /api/player).
// A player is an identity: a canonical name with its aliases
// (schema/players/player_aliases.h); its games are the games of every name.
// A game an identity plays in several seats (against itself or an alias)
// counts once, from its first seat, except in a page's seat and colour
// tables, which count every seat. Results count from the seat's side: a
// win is a game its seat won
// (games.winner), a loss one another seat won, a draw one whose RE states a
// draw (games/sgf_values.h, is_draw_result); the rest have no known result.
//
// Thread-safety: the functions use their Database's connection; call them on
// its thread. Throws SQLite::Exception on SQL errors.
#ifndef LUDEX_SCHEMA_PLAYERS_PLAYER_STATS_H_
#define LUDEX_SCHEMA_PLAYERS_PLAYER_STATS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/database.h"
#include "schema/game_filter.h"

namespace ludex {

struct PlayerRecord {
  std::int64_t games = 0;
  std::int64_t wins = 0;
  std::int64_t losses = 0;
  std::int64_t draws = 0;
  std::string first_date;  // the smallest DT as text, "" when none
  std::string last_date;
  std::int64_t last_game = 0;  // the game with the last date (then the highest id)
  friend bool operator==(const PlayerRecord&, const PlayerRecord&) = default;
};

struct PlayerSummary {
  std::string name;                  // the canonical name
  std::vector<std::string> aliases;  // its aliases, by name
  PlayerRecord record;
  std::vector<std::string> families;  // family names, sorted
  // The lowest and highest stated rank read (games/rank.h rank_order).
  std::optional<std::int32_t> rank_low;
  std::optional<std::int32_t> rank_high;
};

enum class PlayerOrder : std::uint8_t { kGames, kName, kWins, kFirst, kLast, kRank };
// "games", "name", "wins", "first", "last", "rank", and back.
std::string_view player_order_name(PlayerOrder order);
std::optional<PlayerOrder> parse_player_order(std::string_view name);

struct PlayerListQuery {
  // Names (any name of an identity) matched as --player matches; "" = all.
  std::string name;
  // The games that count (its players, limit and order are not used).
  GameFilter games;
  // kGames, kWins, kLast and kRank put the largest first, kName and kFirst
  // the smallest; reverse turns that round. Ties go by name.
  PlayerOrder order = PlayerOrder::kGames;
  bool reverse = false;
  std::optional<std::int64_t> limit;
  std::int64_t offset = 0;
};

// The players with at least one counted game, in the query's order.
std::vector<PlayerSummary> list_players(Database& db, const PlayerListQuery& query);

// One line of a page's table: what `key` names (a seat "1", a colour
// "black", a year, an event, a board "19x19", an opponent's name).
struct PlayerBreakdown {
  std::string key;
  PlayerRecord record;
};

// A rank stated in one game.
struct StatedRankAt {
  std::string date;  // the game's DT
  std::int64_t game_id = 0;
  std::string written;
  std::optional<std::int32_t> order;  // rank_order, nullopt when not read
};

struct PlayerPage {
  std::string name;                  // canonical
  std::vector<std::string> aliases;  // every alias, by name
  PlayerRecord total;
  std::vector<PlayerBreakdown> by_seat;      // "1", "2", ...
  std::vector<PlayerBreakdown> by_colour;    // "black", "white" (two-colour families)
  std::vector<PlayerBreakdown> by_year;      // the first four characters of DT, "" none
  std::vector<PlayerBreakdown> by_event;     // EV as written, "" none
  std::vector<PlayerBreakdown> by_board;     // family and size: "go 19x19"
  std::vector<PlayerBreakdown> by_opponent;  // the other seat's canonical name
  std::vector<StatedRankAt> ranks;           // by date, then game
  std::vector<std::string> families;
};

// The page of the identity of `name` (a name as stored, canonical or
// alias), over the games `filter` keeps (its players, limit and order are
// not used; a second entry of players, when given, keeps the games against
// that opponent). nullopt when no game of the identity is kept. Tables are
// ordered: seats and colours by number, years and events by key, boards by
// games, opponents by games (most first), then key.
std::optional<PlayerPage> player_page(Database& db, const std::string& name,
                                      const GameFilter& filter);

// Each stated rank ludex could not read (seat_ranks.reading kUnread) once,
// with the seats that state it, by spelling.
struct UnreadRank {
  std::string written;
  std::int64_t seats = 0;
};
std::vector<UnreadRank> unread_ranks(Database& db);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_PLAYERS_PLAYER_STATS_H_
