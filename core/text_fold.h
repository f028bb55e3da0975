// Case folding for case-insensitive search (players.name_folded, event and
// result filters) and the translation of user patterns into GLOB patterns.
//
// Thread-safety: pure functions.
#ifndef LUDEX_CORE_TEXT_FOLD_H_
#define LUDEX_CORE_TEXT_FOLD_H_

#include <string>
#include <string_view>

namespace ludex {

// Simple (one code point to one code point) lower-case folding of UTF-8 text
// for the Latin (ASCII, Latin-1, Latin Extended-A, Vietnamese), Greek,
// Cyrillic and full-width Latin letters; every other code point, and every
// byte that is not part of valid UTF-8, is copied unchanged. No Unicode
// normalisation. The same function folds stored names and user patterns, so
// search is consistent whatever it leaves out.
std::string fold_case(std::string_view text);

// The GLOB pattern that matches, on folded text, what the user pattern
// matches case-insensitively: the pattern is folded, '*' stays a wildcard
// (any run of characters) and every other character is literal ('?' and
// '[' are bracketed; '%', '_' and quotes are not special in GLOB).
std::string user_pattern_to_glob(std::string_view pattern);

}  // namespace ludex

#endif  // LUDEX_CORE_TEXT_FOLD_H_
