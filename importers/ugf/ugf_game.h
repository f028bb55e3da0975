// PandaNet's ".ugf" Go records and ".ugi" reviews (also written by the
// Nihon Ki-in's and Japanese newspapers' sites): bytes -> GameRecord
// (importers/goserver/go_server_record.h says what such a record holds;
// docs/formats.md, "PandaNet .ugf/.ugi", what the real files show).
//
// The format, as the real files show it. Text lines in sections "[Name]".
// [Header] holds KEY=VALUE lines:
//    Lang=SJIS | UTF8      the charset (SJIS read as CP932)
//    Crypt=0,PLAIN_UGF_FILE,...   anything but 0 first: encrypted, an error
//    Size=19               -> SZ
//    Hdcp=stones,komi      -> HA (2 or more), KM as written (may be negative)
//    Winner=B,7.50 | W,C (resignation) | X,T (time) | X,F (forfeit) | D
//                          (draw) | N, A (none)   -> RE
//    Date=2019/03/08,22:09:00,2019/03/09,07:16:59 -> DT (the start's day)
//    PlayerB=name,rank,... / PlayerW=...          -> PB / BR, PW / WR
//    Place -> PC, Rule -> RU, Copyright -> CP, Title -> GN, Comment -> GC
//    CoordinateType=IGS    rows are counted from the bottom
// Every header line is also kept as a root property named by its key in
// capitals (DATE, WINNER, PTIME, WRITER, ...), values decoded to UTF-8.
// [Data] holds one move per line: "QP,B1,1,0" = column letter, row letter
// ('A' = 0; from the bottom under IGS), colour, move number, time; move
// number 0 is a setup stone (the handicap), "YA" and "ZZ" are passes.
// [ReviewNode] (in .ugi reviews, and in some .ugf) holds the game as a tree:
// "NODE,n,colour,x,y" (colour 0: no move, 1 black, 2 white; x, y from 1,
// rows from the bottom; a point off the board is a pass), and "VARIATION,"
// ... "VARIATIONEND," blocks, which may nest, hold alternatives to the move
// that follows the block. [ReviewComment] holds ".Comment,n" followed by the
// lines of node n's comment. When [ReviewNode] has moves it gives the tree,
// else [Data] the main line. Other sections are kept as root properties
// (UGF + section name in capitals).
//
// Errors (the game is not stored): no [Header], an encrypted file, a board
// size that is not 2..52. A bad move or node line is a warning and is
// skipped. Pure and thread-safe.
#ifndef LUDEX_IMPORTERS_UGF_UGF_GAME_H_
#define LUDEX_IMPORTERS_UGF_UGF_GAME_H_

#include <string_view>

#include "importers/goserver/go_server_record.h"

namespace ludex {

// True if the bytes, after an optional UTF-8 byte order mark and blank
// lines, start with the line "[Header]".
bool looks_like_ugf(std::string_view bytes);

// Reads one UGF or UGI game. Never throws for bad input.
GoServerGame read_ugf_game(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_UGF_UGF_GAME_H_
