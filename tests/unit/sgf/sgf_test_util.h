// Helpers shared by the SGF tests: file reading, charset encoding for test
// input, and the round-trip comparison of game records.
#ifndef LUDEX_TESTS_UNIT_SGF_SGF_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_SGF_SGF_TEST_UTIL_H_

#include <iconv.h>

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

#include "core/game.h"

namespace ludex::test {

inline std::string corpus_path(std::string_view relative) {
  return std::string(LUDEX_SHARED_DIR) + "/corpus/" + std::string(relative);
}

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
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

// What read_sgf_games(write_sgf_game(g)) must give back. Empty when equal,
// else the first field that differs.
inline std::string record_difference(const GameRecord& a, const GameRecord& b) {
  if (a.players != b.players) return "players";
  if (a.result != b.result) return "result";
  if (a.winner != b.winner) return "winner";
  if (a.date != b.date) return "date";
  if (a.event != b.event) return "event";
  if (a.round != b.round) return "round";
  if (a.family != b.family) return "family";
  if (a.dialect != b.dialect) return "dialect";
  if (a.variant != b.variant) return "variant";
  if (a.columns != b.columns || a.rows != b.rows) return "size";
  if (!(a.tree == b.tree)) return "tree";
  return {};
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_SGF_SGF_TEST_UTIL_H_
