// The JSON API of `ludex serve` (docs/api.md), apart from HTTP: each function
// takes a database connection and the request's query parameters and returns
// the response. Filters are the options of `ludex query` under their long
// names without dashes, turned back into that command line and read by the
// same functions (query/filter_options.h, query/node_filter_options.h), so
// that a parameter means, and a bad one is refused with, exactly what the
// option means and prints. No SQL here: everything goes through the query
// layer (find_games, find_nodes, next_moves, GameLoader).
//
// Contract of every function: user input never throws; a bad parameter is a
// 400, an unknown id a 404, a game the asked format cannot hold a 422, each
// with {"error": message}. Only environment failures (the database) throw.
// Thread-safety: pure functions of their arguments; the Database is the
// calling thread's own for the call.
#ifndef LUDEX_SERVE_API_H_
#define LUDEX_SERVE_API_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "query/export_writer.h"
#include "schema/database.h"

namespace ludex {

// Query parameters in request order, decoded (name, value).
using QueryParams = std::vector<std::pair<std::string, std::string>>;

struct ApiResponse {
  int status = 200;
  // With a charset: cpp-httplib (as Debian builds it) compresses exactly
  // "application/json" with Brotli at its slowest quality, which makes a large
  // game document take seconds; on loopback the plain bytes are faster.
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  // For downloads: the file name the browser should save the body as.
  std::string download_name;
};

// Hits of one page of a search: the page size when the request names none,
// and the largest one a request may ask for.
inline constexpr std::int64_t kDefaultPageSize = 50;
inline constexpr std::int64_t kMaxPageSize = 1000;

// GET /api/games?<filters>&offset=&limit=&sort=&desc=: one page of the hits
// of `ludex query --json` with the same options, and their total.
ApiResponse api_games(Database& db, const QueryParams& params);

// GET /api/players?<game filters>&name=&sort=&desc=&offset=&limit=: one
// page of `ludex players --json` with the same options ("players"), its
// offset and limit.
ApiResponse api_players(Database& db, const QueryParams& params);

// GET /api/player?name=NAME&<game filters>: `ludex player --json` (a
// `player` filter names the opponent); 404 for a name no player has.
ApiResponse api_player(Database& db, const QueryParams& params);

// GET /api/events?<event filters>&limit=: `ludex events --json` with the
// same options as one array ("events"), "kept": false when they were found
// from the games (another gap, or names waiting to be found again).
ApiResponse api_events(Database& db, const QueryParams& params);

// GET /api/event?name=NAME|id=N&family=&size=&part=&kind=&scoring=&tie-breaks=:
// `ludex event --json`; 404 for no such event or several of one name (the
// message lists them), 400 for a bad option.
ApiResponse api_event(Database& db, const QueryParams& params);

// GET /api/games/{id}: the game document (query/game_document.h).
ApiResponse api_game(Database& db, std::int64_t game_id);

// GET /api/games/{id}.sgf, .hgt, .tgt, .gtv: the bytes `ludex export` writes
// for the game, SGF for "sgf", the binary game-tree format for the others.
// "hgt" names a Hex game's file and "tgt" a Twixt game's only (404 for a game
// of another family: that file does not exist); "gtv" either's (422 for a
// game of another family, which the format cannot hold).
ApiResponse api_game_file(Database& db, std::int64_t game_id, std::string_view extension);

// GET /api/next?position=GAME:MOVE|node:ID | family=F[&variant=V][&size=N]
// [&line=MOVES] [&symmetric=1][&all-copies=1]&<game filters>: the position
// and the moves played from it (`ludex next --json`); a move's "move" text
// continues a line.
ApiResponse api_next(Database& db, const QueryParams& params);

// GET /api/games.zip?<filters>&format=sgf|gtv: which games the zip holds
// (query/export_writer.h select_export_games: every hit, node filters giving
// each game once, `limit` counting games) and in which format; or the 400
// response for a bad parameter. The server streams the zip itself
// (write_export_zip), so that its bytes are `ludex export --zip`'s.
struct ZipSelection {
  std::vector<std::int64_t> game_ids;
  ExportFormat format = ExportFormat::kSgf;
  std::string download_name;  // "ludex-games.zip"
};
std::variant<ZipSelection, ApiResponse> api_zip_selection(Database& db, const QueryParams& params);

// GET /api/board?family=F[&variant=V][&size=N]: the board description of
// the game document (query/game_document.h board_json) without a game.
ApiResponse api_board(const QueryParams& params);

// GET /api/variants: the Blokus variants GET /api/board takes
// (query/game_document.h blokus_variants_json), for the web app's forms.
ApiResponse api_variants();

// GET /api/boards: the boards the archive holds games on, for the
// explorer's picker: [{"family","variant","columns","rows","games"}], most
// games first (schema/stats.h count_boards).
ApiResponse api_boards(Database& db);

// GET /api/info: `ludex info --json`.
ApiResponse api_info(Database& db);

// {"error": message} with a status.
ApiResponse api_error(int status, const std::string& message);

}  // namespace ludex

#endif  // LUDEX_SERVE_API_H_
