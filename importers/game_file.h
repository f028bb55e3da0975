// Reading any supported game file: the format is decided by content, never by
// the file name.
#ifndef LUDEX_IMPORTERS_GAME_FILE_H_
#define LUDEX_IMPORTERS_GAME_FILE_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

struct ParsedFile {
  std::string format;  // "sgf", "gtv", "t1"; "" when the content is not recognised
  std::vector<GameRecord> games;
  // Errors that lost a game (game_index >= 0) or the whole file (-1).
  std::vector<Diagnostic> diagnostics;
};

// Parses a whole file. Never throws for bad input; unrecognised content gives
// one file-level error that says what the file looks like.
ParsedFile parse_game_file(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_GAME_FILE_H_
