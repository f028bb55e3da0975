// What every fuzz target checks besides "no crash, no sanitizer report": the
// contracts of core/diagnostic.h for untrusted input. A violated property
// aborts with a message, so that libFuzzer keeps the input as a crash and
// the replay test (fuzz/replay_main.cpp) fails on it. Header-only, shared by
// the targets; built by clang (libFuzzer) and by the project's compiler
// (replay).
#ifndef LUDEX_FUZZ_FUZZ_CHECK_H_
#define LUDEX_FUZZ_FUZZ_CHECK_H_

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex::fuzz {

// Aborts with "fuzz check failed: what" unless ok.
inline void check(bool ok, std::string_view what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz check failed: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

// A diagnostic of a reader: a message, a position that is unknown (-1) or
// inside the input (the end included), a line and column that are both 0
// or both positive, and a game index of -1 (the file) or a game.
inline void check_diagnostic(const Diagnostic& d, std::size_t input_size, std::string_view who) {
  const std::string prefix = std::string(who) + ": ";
  check(!d.message.empty(), prefix + "a diagnostic without a message");
  check(d.pos.byte_offset >= -1 && d.pos.byte_offset <= static_cast<std::int64_t>(input_size),
        prefix + "diagnostic offset " + std::to_string(d.pos.byte_offset) +
            " outside the input of " + std::to_string(input_size) + " bytes: " + d.message);
  check(d.pos.line >= 0 && d.pos.column >= 0, prefix + "negative line or column: " + d.message);
  check(d.game_index >= -1, prefix + "game index below -1: " + d.message);
}

// A game as a reader hands it to the import: a non-empty tree, players
// ordered by seat (GameStore::add_game requires it; a seat may have several
// players), its own warnings located like diagnostics.
inline void check_game(const GameRecord& game, std::size_t input_size, std::string_view who) {
  const std::string prefix = std::string(who) + ": ";
  check(game.tree.size() > 0, prefix + "a game without a root node");
  check(game.columns >= 0 && game.rows >= 0, prefix + "a negative board size");
  for (std::size_t i = 1; i < game.players.size(); ++i) {
    check(game.players[i - 1].seat <= game.players[i].seat, prefix + "players not ordered by seat");
  }
  for (const Diagnostic& w : game.warnings) check_diagnostic(w, input_size, who);
}

// Whether `bytes` is valid UTF-8 (strict: no overlong forms, surrogates or
// code points past U+10FFFF); written here rather than taken from
// importers/text so that the check does not trust the code it checks.
inline bool valid_utf8(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    const auto c = static_cast<unsigned char>(bytes[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    int extra = 0;
    std::uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
      extra = 1;
      cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      extra = 2;
      cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      extra = 3;
      cp = c & 0x07;
    } else {
      return false;
    }
    if (i + static_cast<std::size_t>(extra) >= bytes.size()) return false;
    for (int k = 1; k <= extra; ++k) {
      const auto d = static_cast<unsigned char>(bytes[i + static_cast<std::size_t>(k)]);
      if ((d & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (d & 0x3F);
    }
    static constexpr std::uint32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += static_cast<std::size_t>(extra) + 1;
  }
  return true;
}

}  // namespace ludex::fuzz

#endif  // LUDEX_FUZZ_FUZZ_CHECK_H_
