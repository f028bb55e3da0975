// Tygem's ".gib" Go records (also written by its Chinese clients eweiqi and
// Tom): bytes -> GameRecord (importers/goserver/go_server_record.h says what
// such a record holds; docs/formats.md, "Tygem .gib", what the real files
// show).
//
// The format, as the real files show it. Text lines (LF or CRLF, a UTF-8
// byte order mark or not), no charset declared: CP949, GB18030 (GB2312),
// Big5 or UTF-8, sometimes one field in another. A header between the lines
// "\HS" and "\HE" of fields "\[KEY=VALUE\]"; a value may run over several
// lines (Taiwanese files' GAMETIME) and ends at a line ending with "\]".
// Then the game between "\GS" and "\GE", one command per line:
//    2 1 0 / 2 5 0    first line (kept as GIBSTART)
//    N 0 &4           a count; not needed
//    INI 0 1 H ...    H = handicap stones, a count only (the stones are not
//                     in the file): Tygem's layout, 3rd stone top-left
//    STO 0 M C X Y    a stone; C = 1 black, 2 white; X, Y from the top-left
//                     from 0, as SGF; M is a message number, not the move's
//    SKI 0 M          a pass by the player to move (no colour is given)
// Header fields: GAMEBLACKNAME / GAMEWHITENAME "name (rank)" -> players and
// BR / WR (without a rank in the name, the level codes GAMEBLACKLEVEL or
// BUSERINFO's BLV: 18 = 1 dan, 17 = 1 kyu); GAMEINFOMAIN's GRLT (0/1 black /
// white by ZIPSU/10 points, 2 draw, 3/4 resignation, 5/6 forfeit, 7/8 time,
// 255 none; else GAMETAG's W and Z) -> RE; GONGJE/10 (else GAMETAG's G, else
// GAMEGONGJE) -> KM; the date of GAMETAG's C, else GAMEINFOSUB's GDATE, else
// GAMEDATE -> DT; GAMENAME -> EV; GAMEPLACE -> PC; LINE (or GAMELINE) -> the
// board size, 19 without. Every other field (DUM, GAMERESULT, GAMEDATE, ...)
// is kept as a root property named by its key, values decoded to UTF-8.
//
// Errors (the game is not stored): no "\HS"/"\GS", a header field that does
// not end before "\HE", no "\GE", a board size that is not 2..52. A bad move
// line is a warning and is skipped. Pure and thread-safe.
#ifndef LUDEX_IMPORTERS_GIB_GIB_GAME_H_
#define LUDEX_IMPORTERS_GIB_GIB_GAME_H_

#include <string_view>

#include "importers/goserver/go_server_record.h"

namespace ludex {

// True if the bytes, after an optional UTF-8 byte order mark and blank
// lines, start with the line "\HS" or "\GS".
bool looks_like_gib(std::string_view bytes);

// Reads one GIB game. Never throws for bad input.
GoServerGame read_gib_game(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_GIB_GIB_GAME_H_
