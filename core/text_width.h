// How wide UTF-8 text is in a terminal, for the aligned tables of the
// command line: East Asian wide and full-width characters (Han, Hangul,
// kana, full-width forms) take two columns, combining marks none, every
// other code point one. Close to wcwidth() without the locale: the tables
// must line up the same under any LANG.
//
// Thread-safety: pure functions.
#ifndef LUDEX_CORE_TEXT_WIDTH_H_
#define LUDEX_CORE_TEXT_WIDTH_H_

#include <cstddef>
#include <string>
#include <string_view>

namespace ludex {

// The columns `text` takes. A byte that is not part of valid UTF-8 counts
// as one column.
std::size_t display_width(std::string_view text);

// `text` followed by spaces up to `width` columns; text wider than that is
// returned whole (a table's column overflows rather than losing a name).
std::string pad_column(std::string_view text, std::size_t width);

// `text` cut, on a character boundary, to at most `width - 1` columns (one
// column stays a gap), then padded to `width` columns. width 0 gives "".
std::string fit_column(std::string_view text, std::size_t width);

}  // namespace ludex

#endif  // LUDEX_CORE_TEXT_WIDTH_H_
