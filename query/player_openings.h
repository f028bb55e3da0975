// The openings of one player's page (`ludex player`, GET /api/player): for
// each board the player played most and each seat, the first moves of its
// games from the empty board as the opening explorer counts them (`ludex
// next --family F --size N --player NAME --as SEAT`, query/next_moves.h),
// scored from the player's side; in the seat that moves second, also its
// replies to the first move it met most. By seat, not by colour as finally
// played: the explorer's moves and wins are the seats' (a swap in Hex or
// Twixt gives the seat that moved first the other colour later; the page's
// by_colour table has the colours). A result is the explorer's: won or lost
// by the seat (games.winner); draws and games without a result are the
// rest. Every game of a line is listed by `ludex query --family F --size N
// --line LINE --first --player NAME --as SEAT` (and the explorer page at
// that line).
//
// Thread-safety: uses the Database on the calling thread only.
#ifndef LUDEX_QUERY_PLAYER_OPENINGS_H_
#define LUDEX_QUERY_PLAYER_OPENINGS_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/game.h"
#include "schema/database.h"
#include "schema/game_filter.h"
#include "schema/players/player_stats.h"

namespace ludex {

// One move played from a position, in the player's games.
struct OpeningMove {
  std::string move;      // continuation_text: "B Q16", "W swap"
  std::string line;      // the moves from the empty board to after it, as --line takes them
  std::int8_t seat = 0;  // the seat that plays it
  MoveKind kind = MoveKind::kPlace;
  MovePoints points;  // what a placement places (board coordinates)
  std::int64_t games = 0;
  std::int64_t wins = 0;    // of those games, won by the player's seat
  std::int64_t losses = 0;  // won by the other seat
};

// The moves played from one position: the empty board (after = "") or after
// the line `after`.
struct OpeningStep {
  std::string after;               // a --line, "" = the empty board
  std::int64_t games = 0;          // the player's games at the position
  std::vector<OpeningMove> moves;  // by games, most first (the explorer's order)
};

struct PlayerOpenings {
  Family family = Family::kOther;
  std::int32_t size = 0;  // columns of the board
  std::int8_t seat = 1;   // the player's: 1 moves first
  std::string colour;     // the seat's colour before any swap: "black", "white"
  OpeningStep first;      // the first moves of its games
  // In seat 2: its replies to first.moves[0] (empty otherwise, or when
  // there is no first move).
  OpeningStep replies;
};

// The openings of `page`'s player (page.name and its aliases) on its first
// `boards` two-colour boards of page.by_board (Go, Hex, Twixt; the most
// played first), seat 1 then seat 2, in the games `filter` keeps (the
// page's filter: a second players entry is the opponent); each step lists
// at most `moves` moves.
// The games counted are the explorer's: games that reach the position
// (a handicap game's setup is not the empty board), one copy of a game
// stored more than once. Throws only for database failures.
std::vector<PlayerOpenings> player_openings(Database& db, const PlayerPage& page,
                                            const GameFilter& filter, std::size_t boards = 1,
                                            std::int64_t moves = 10);

// {"family", "size", "seat", "colour", "first": STEP, "replies": STEP or
// null}, a step {"after", "games", "moves": [{"move", "line", "seat",
// "kind", "points_xy": [[x, y]], "games", "wins", "losses"}]} (seat, kind
// and points_xy as GET /api/next gives them).
nlohmann::json player_openings_json(const PlayerOpenings& o);

// The page's JSON (query/player_output.h) with "openings": [each
// player_openings_json]: `ludex player --json` and GET /api/player.
nlohmann::json player_page_json(const PlayerPage& page,
                                const std::vector<PlayerOpenings>& openings);

// The openings as `ludex player` prints them after the page: a table per
// board and colour, with the `ludex query` that lists a line's games.
void write_player_openings(std::ostream& out, const std::string& name,
                           const std::vector<PlayerOpenings>& openings);

}  // namespace ludex

#endif  // LUDEX_QUERY_PLAYER_OPENINGS_H_
