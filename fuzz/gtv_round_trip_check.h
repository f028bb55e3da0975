// The properties the game-tree fuzzer checks, shared with the unit test that
// replays the seed corpus (tests/unit/importers/gtv/gtv_fuzz_seed_test.cpp) so that
// both run the same code. Header-only: the fuzzer is built outside the
// project's libraries.
#ifndef LUDEX_FUZZ_GTV_ROUND_TRIP_CHECK_H_
#define LUDEX_FUZZ_GTV_ROUND_TRIP_CHECK_H_

#include <string>
#include <string_view>

#include "core/game.h"
#include "importers/gtv/gtv_game.h"

namespace ludex {

// Everything the reader and writer keep, compared field by field (GameTree's
// == covers shape, moves, comments, evaluations, flags and properties).
inline bool same_gtv_game(const GameRecord& a, const GameRecord& b) {
  return a.family == b.family && a.format == b.format && a.dialect == b.dialect &&
         a.columns == b.columns && a.rows == b.rows && a.players == b.players &&
         a.event == b.event && a.round == b.round && a.date == b.date && a.result == b.result &&
         a.winner == b.winner && a.tree == b.tree;
}

// Runs `bytes` through read_gtv_game and, when it gives a game, through
// write_gtv_game and read_gtv_game again. Returns "" when every property
// holds, else what went wrong:
//  * a failed read gives exactly one error, located inside the input;
//  * a game that was read is recognised by looks_like_gtv, can be written,
//    and reads back as the same game;
//  * writing that game again gives the same bytes (ludex's own files round
//    trip byte for byte).
inline std::string check_gtv_round_trip(std::string_view bytes) {
  const GtvParseOutput first = read_gtv_game(bytes);
  if (!first.game) {
    if (first.diagnostics.size() != 1) return "a failed read gave no single diagnostic";
    const Diagnostic& d = first.diagnostics.front();
    if (d.severity != Severity::kError) return "a failed read gave no error";
    if (d.pos.byte_offset < 0 || d.pos.byte_offset > static_cast<std::int64_t>(bytes.size())) {
      return "error offset " + std::to_string(d.pos.byte_offset) + " is outside the input";
    }
    if (d.message.empty()) return "an error without a message";
    return "";
  }
  if (!first.diagnostics.empty()) return "a game came with error diagnostics";
  if (!looks_like_gtv(bytes)) return "a readable file is not recognised by looks_like_gtv";
  const Result<std::string> written = write_gtv_game(*first.game);
  if (!written) return "a game that was read cannot be written: " + written.error().message;
  const GtvParseOutput second = read_gtv_game(*written);
  if (!second.game) {
    return "ludex's own output does not read: " +
           (second.diagnostics.empty() ? std::string("?") : second.diagnostics.front().message);
  }
  if (!same_gtv_game(*first.game, *second.game)) return "the game changed through write and read";
  const Result<std::string> rewritten = write_gtv_game(*second.game);
  if (!rewritten) return "a re-read game cannot be written: " + rewritten.error().message;
  if (*rewritten != *written) return "ludex's own output does not write back byte for byte";
  return "";
}

}  // namespace ludex

#endif  // LUDEX_FUZZ_GTV_ROUND_TRIP_CHECK_H_
