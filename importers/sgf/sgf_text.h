// SGF value rules shared by the reader side and the writer side: escapes,
// soft line breaks, and which properties hold points rather than text.
//
// Pure functions, thread-safe.
#ifndef LUDEX_IMPORTERS_SGF_SGF_TEXT_H_
#define LUDEX_IMPORTERS_SGF_SGF_TEXT_H_

#include <string>
#include <string_view>

#include "games/sgf_values.h"  // sgf_id_is

namespace ludex {

// A raw value as SGF text: '\' + line end (a soft line break) is removed,
// '\' + any other byte gives that byte, and CRLF or CR line ends become LF.
// A trailing lone '\' is dropped. Byte-oriented: multibyte text must be
// ASCII-compatible (see importers/text/charset.h).
std::string sgf_unescape(std::string_view raw);

// True if sgf_unescape(raw) == raw (no '\' and no CR), the common case.
bool sgf_unescape_is_identity(std::string_view raw);

// The inverse of sgf_unescape for LF-only text: escapes '\' and ']'.
// sgf_unescape(sgf_escape(s)) == s for every s without CR.
std::string sgf_escape(std::string_view text);
// Appends sgf_escape(text) to out.
void append_sgf_escaped(std::string_view text, std::string& out);

// A property value for a diagnostic: "[...]" with printable ASCII as is,
// other bytes as \xNN, cut after 40 bytes ("...").
std::string sgf_value_for_message(std::string_view value);

// True for properties whose values are points or point lists (setup and
// markup: AB AW AE A1..A4 TR SQ CR MA SL DD TB TW VW AR LN). Their values are
// kept as bytes (escapes resolved, no charset decoding): in Little Golem
// files they hold coordinate bytes past 'z'.
bool is_sgf_point_property(std::string_view id);

// True for FF GM CA AP SZ: root properties that mark the start of a game.
// The reader takes a '(' at the start of a line followed by a node with one of
// them for a new game (the previous one was never closed), so the writer does
// not start such a variation on a new line.
bool is_sgf_game_start_property(std::string_view id);

// True for ids that are or may be move properties in some dialect (one
// character other than C and N, or BLUE YELLOW RED GREEN). Used before the
// game's family is known, to keep coordinates out of charset guessing.
bool may_be_sgf_move_property(std::string_view id);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_TEXT_H_
