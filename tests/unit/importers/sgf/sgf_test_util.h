// Helpers shared by the SGF tests: file reading, charset encoding for test
// input, and the round-trip comparison of game records.
#ifndef LUDEX_TESTS_UNIT_SGF_SGF_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_SGF_SGF_TEST_UTIL_H_

#include <iconv.h>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "core/game.h"
#include "importers/sgf/sgf_game.h"
#include "tests/support/test_files.h"
#include "tests/unit/importers/sgf/record_difference.h"

namespace ludex::test {

// The one game of a parse that must give exactly one, without diagnostics.
inline const GameRecord& only_game(const SgfParseOutput& out) {
  REQUIRE(out.diagnostics.empty());
  REQUIRE(out.games.size() == 1);
  return out.games.front();
}

// UTF-8 text encoded in `charset` (test input only; aborts the test on failure
// by returning "").
inline std::string encode(std::string_view utf8, const char* charset) {
  iconv_t cd = iconv_open(charset, "UTF-8");
  if (cd == reinterpret_cast<iconv_t>(-1)) return {};
  std::string out(utf8.size() * 4 + 16, '\0');
  char* in_ptr = const_cast<char*>(utf8.data());
  std::size_t in_left = utf8.size();
  char* out_ptr = out.data();
  std::size_t out_left = out.size();
  const std::size_t r = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
  iconv_close(cd);
  if (r == static_cast<std::size_t>(-1)) return {};
  out.resize(out.size() - out_left);
  return out;
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_SGF_SGF_TEST_UTIL_H_
