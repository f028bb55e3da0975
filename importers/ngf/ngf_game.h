// WBaduk's (formerly Cyberoro's) ".ngf" Go records: bytes -> GameRecord
// (importers/goserver/go_server_record.h says what such a record holds;
// docs/formats.md, "WBaduk .ngf", what the real files show).
//
// The format, as the real files show it. Text lines, no charset declared
// (ASCII, or GBK / CP949 in the names). A header of 12 lines read by
// position:
//    1  the kind of game ("Rated game")          -> GN
//    2  board size                               -> SZ
//    3  White: name, then the rank padded to its right ("LQC         9DP")
//    4  Black, the same                          -> PB / BR (9DP -> 9p, 7D* -> 7d*)
//    5  the site ("www.cyberoro.com")            -> PC
//    6  handicap stones, a count only            -> HA, AB (Tygem's layout)
//    7  unknown ("0")                            -> NGFLINESEVEN
//    8  komi, an integer: .5 is implied without a handicap (7 -> 7.5) -> KM
//    9  date and time "20170316 [09:37]"         -> DT 2017-03-16, NGFDATE
//   10  unknown ("5")                            -> NGFLINETEN
//   11  the result in words: "Black wins by 0.5!", "White wins by  resign!",
//       "흑 1.5집 승", "白5.5目勝ち!", ...       -> RE, and NGFRESULT as written
//   12  the number of moves
// then one move per line: "PM" + a two-letter move number + "B" or "W" +
// four letters "xyyx": column and row with 'B' = 0 from the top-left, then
// the same pair reversed; "AA" is a pass. The "GI" variant (a Chinese
// export) prefixes each header line with "GI" and orders it: event, White,
// Black, two unknown lines, date, size, handicap, unknown, komi, number of
// moves; after the moves "GI1" and a line "IDB[n] <result in words>[EndTxt]".
//
// Errors (the game is not stored): a header shorter than 12 lines, a board
// size that is not 2..52, a handicap that is not 0..9, a komi that is not a
// number. A bad move line is a warning and is skipped. Pure and thread-safe.
#ifndef LUDEX_IMPORTERS_NGF_NGF_GAME_H_
#define LUDEX_IMPORTERS_NGF_NGF_GAME_H_

#include <optional>
#include <string>
#include <string_view>

#include "importers/goserver/go_server_record.h"

namespace ludex {

// True if the bytes are an NGF header: 12 lines whose 2nd (board size),
// 6th (handicap) and 12th (moves) are numbers, followed by a "PM" line or
// nothing; or 11 lines starting with "GI" followed by a "PM" line.
bool looks_like_ngf(std::string_view bytes);

// Reads one NGF game. Never throws for bad input.
GoServerGame read_ngf_game(std::string_view bytes);

// RE for a result written in words (UTF-8), in the languages WBaduk writes:
// "Black wins by 0.5!" -> "B+0.5", "White wins by  resign!" -> "W+R",
// "흑 1.5집 승" -> "B+1.5", "白5.5目勝ち!" -> "W+5.5", "黑中盘胜" -> "B+R";
// nullopt when no winner can be told.
std::optional<std::string> result_from_words(std::string_view text);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_NGF_NGF_GAME_H_
