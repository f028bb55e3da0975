// One stored game as a document for viewers (`ludex serve`, GET
// /api/games/{id}): its header, the board it is played on, and every node of
// its tree with the moves, comment, evaluations and other properties it
// carries and the change it makes to the position, so that a viewer can show
// the position after any node by applying the changes along the path from the
// root. docs/api.md describes every field.
//
// Thread-safety: pure functions of their arguments.
#ifndef LUDEX_QUERY_GAME_DOCUMENT_H_
#define LUDEX_QUERY_GAME_DOCUMENT_H_

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>

#include "core/game.h"
#include "games/board.h"
#include "games/go_komi.h"
#include "schema/game_loader.h"

namespace ludex {

// The document of a loaded game. Positions are computed here with the
// family's rules (games/position.h); their hashes are the ones the import
// stored. Never throws for any game a GameLoader returns.
nlohmann::json game_document_json(const LoadedGame& game);

// The board a game is drawn on: column and row labels by model coordinate,
// and for the Blokus family every cell's outline (BlokusGeometry::outline).
// Part of game_document_json.
nlohmann::json board_json(const Board& board);

// The Blokus variants a board can be asked for, in Pentobi's order:
// [{"name", "columns", "rows", "players", "colours": [colour names]}], the
// games/blokus_variants.h table as the web app reads it.
nlohmann::json blokus_variants_json();

// A Go game's komi as JSON: null without KM, else {"written": KM as
// written, "points": the komi in points or null when unreadable, "scale":
// komi_scale_name}. Part of game_document_json and `ludex show --json`.
nlohmann::json go_komi_json(const GoKomi& komi);

// Whether a Go board of this size is labelled in board notation (columns
// A-Z without I, rows numbered from the bottom): the letters name 25 columns,
// so a wider board is labelled with SGF letters on both axes instead (a..z
// then A..Z, rows from the top), as its moves are written, never a mix. The
// one rule of the game document, the web board and `ludex show`'s diagram.
bool go_board_notation(std::int32_t columns, std::int32_t rows);

// A point as a player of the family reads it: Go as "Q16" where
// go_board_notation holds, else the family's notation (point_text; Go: SGF
// letters "Ae").
std::string display_point_text(const Board& board, const Point& point);

}  // namespace ludex

#endif  // LUDEX_QUERY_GAME_DOCUMENT_H_
