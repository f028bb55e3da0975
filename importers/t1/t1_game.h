// T1j's ".T1" Twixt game files (also written by twixtbot-ui): bytes ->
// GameRecord.
//
// The format, as the four corpus files (twixt/twixtbot-ui-*.T1) and
// twixtbot-ui's reader and writer (src/files.py, which quotes a T1j-made
// file) show it. Plain text, one item per line (LF, CRLF or CR). Everything
// from a '#' to the end of a line is a comment; the value is the text before
// it, trimmed. The first 13 lines are a header read by position:
//    1, 2  comments ("# File created by T1j", "# T1j is a program to play
//          TwixT ..."); twixtbot-ui's sample files leave them as "#"
//    3     version of the file format: 1 (may be empty)
//    4, 5  names of player 1 and player 2 (may be empty)
//    6, 7  y-size (rows) and x-size (columns) of the board (empty: 24)
//    8, 9  H or C: player 1 / player 2 human or computer
//    10    the starting player, 1 or 2; "1 plays top-down": player 1 connects
//          the top and bottom rows
//    11    direction of letters: V (letters name the columns)
//    12    pie rule (swap allowed): Y or N
//    13    game already over: Y or N
// Every header line carries a '#' comment in all known files, which is what
// looks_like_t1 relies on. After the header, one move per line, blank lines
// skipped: a hole "e15" (column letters, then the row number counted from the
// top, row 1 at the top - twixtbot-ui's Point("e15") is x = 4, y = 14 and it
// prints row 1 first; the Twixt SGF spec counts rows the same way), any case,
// or a word: "swap" (player 2 swaps; the first peg is mirrored to (y, x),
// read as MoveKind::kSwapPieces), "resign", and the other special words SGF
// readers know (games/sgf_values.h: pass, forfeit, draw, ...). Players
// alternate, starting with the starting player.
//
// Mapping: family kTwixt, format kT1, dialect "t1", columns x rows from lines
// 7 and 6. Seat 1 is the starting player. When player 2 starts, the left-right
// player moves first; ludex's Twixt positions have seat 1 connect top and
// bottom, so the names swap seats and every point is stored transposed (x, y)
// -> (y, x), with a warning. A last move "resign" sets the winner and result
// ("W+R" when seat 1 won, as Twixt SGF writes it). Names are UTF-8 when they
// are valid UTF-8, otherwise decoded from the most plausible legacy charset.
//
// Errors (the game is not stored): fewer than 13 header lines, a board size
// that is not 3..702, a starting player other than 1 or 2, a direction of
// letters other than V (its meaning is unknown), a move line that does not
// parse or lies off the board. All functions are pure and thread-safe.
#ifndef LUDEX_IMPORTERS_T1_T1_GAME_H_
#define LUDEX_IMPORTERS_T1_T1_GAME_H_

#include <optional>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

// True if the bytes begin with a T1 header: 13 lines that each contain a
// '#', the first two starting with '#', the version, board size and starting
// player fields empty or numbers, the human/computer fields empty or H / C,
// the pie-rule and game-over fields empty or Y / N, and the first 16 move
// lines holes or words. Ordinary text files (transcripts, notes, files that
// merely start with comment lines) are not T1.
bool looks_like_t1(std::string_view bytes);

struct T1ParseOutput {
  std::optional<GameRecord> game;
  // Errors that lost the game (game_index 0) or concern the file (-1);
  // warnings about the stored game are in GameRecord::warnings.
  std::vector<Diagnostic> diagnostics;
};

// Reads one T1 game. Never throws for bad input.
T1ParseOutput read_t1_game(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_T1_T1_GAME_H_
