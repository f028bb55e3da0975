// SGF game records: bytes -> GameRecords and GameRecord -> bytes.
//
// Layering (as in Pentobi): sgf_reader (streaming tokens with positions) ->
// sgf_tree_builder (flat trees of raw properties) -> this file (charset
// decoding, family detection, moves decoded through games/). sgf_writer
// mirrors the reader.
#ifndef LUDEX_IMPORTERS_SGF_SGF_GAME_H_
#define LUDEX_IMPORTERS_SGF_SGF_GAME_H_

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

struct SgfParseOutput {
  // Games in file order; GameRecord::game_index is each game's 0-based index
  // among all game trees of the file, counting games that failed.
  std::vector<GameRecord> games;
  // Errors: a game that could not be read (game_index >= 0; the game is not
  // in `games`) or a file-level problem (game_index = -1). Warnings about
  // stored games are in GameRecord::warnings, not here.
  std::vector<Diagnostic> diagnostics;
};

// True if the bytes look like SGF: after an optional BOM and any text, a '('
// followed (after optional white space) by ';'.
bool looks_like_sgf(std::string_view bytes);

// Reads every game tree of an SGF file or collection. Never throws for bad
// input: a syntax error loses the game it is in and nothing else.
SgfParseOutput read_sgf_games(std::string_view bytes);

// The same, streamed: on_game receives each stored game and on_error each
// error, in file order, as soon as they are read, so that a caller can hand
// the games of a large collection on while later ones are still being read.
// Memory held here is one game at a time (plus the input).
void read_sgf_games(std::string_view bytes, const std::function<void(GameRecord&&)>& on_game,
                    const std::function<void(Diagnostic&&)>& on_error);

// Writes one game as an SGF game tree "(;...)\n" in the dialect it was read
// from (GameRecord::dialect), or in the family's standard SGF dialect for
// games read from other formats. Text is written as UTF-8; a CA property, if
// written, says UTF-8. read_sgf_games(write_sgf_game(g)) gives back g's
// players, result, header fields, tree shape, moves, comments, evaluations
// and properties.
std::string write_sgf_game(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_GAME_H_
