// Reading any supported game file: the format is decided by content, never by
// the file name.
#ifndef LUDEX_IMPORTERS_GAME_FILE_H_
#define LUDEX_IMPORTERS_GAME_FILE_H_

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

struct ParsedFile {
  // "sgf", "gtv", "t1", "gib", "ngf", "ugf"; "" when the content is not recognised
  std::string format;
  std::vector<GameRecord> games;
  // Errors that lost a game (game_index >= 0) or the whole file (-1).
  std::vector<Diagnostic> diagnostics;
};

// The format of a game file, by content: "gtv", "gib", "ugf", "ngf", "sgf" or "t1" (as
// ParsedFile::format), or "" when the content is not recognised; a view of
// static text. The one place that decides it: parse_game_file reads the
// bytes as this format.
std::string_view game_file_format(std::string_view bytes);

// Parses a whole file. Never throws for bad input; unrecognised content gives
// one file-level error that says what the file looks like.
ParsedFile parse_game_file(std::string_view bytes);

// The same, streamed: on_game receives each stored game and on_error each
// error, in file order, as soon as they are read (a file's errors before its
// game in the one-game formats), so that a caller can hand the games of a
// large collection on while later ones are still being read (see
// read_sgf_games). Returns game_file_format(bytes). Thread-safe as the
// callbacks are.
std::string_view parse_game_file(std::string_view bytes,
                                 const std::function<void(GameRecord&&)>& on_game,
                                 const std::function<void(Diagnostic&&)>& on_error);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_GAME_FILE_H_
