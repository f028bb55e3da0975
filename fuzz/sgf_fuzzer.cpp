// libFuzzer target for SGF files of every dialect, as `ludex import` reads
// them: the streaming reader, the tree builder and the game converter
// (charsets, family detection, moves through games/), then every game's
// worker step (prepare_game, as the import's workers run it) and the writer
// of `ludex export`.
//
// Properties checked (any failure aborts, see fuzz_check.h):
//  * read_sgf_games never throws; every diagnostic is an error located
//    inside the input, every game well formed;
//  * the whole-file and the streamed reader give the same games and errors;
//  * prepare_game's positions, layout, stream and explorer visits agree with
//    the game (prepared_check.h);
//  * read_sgf_games(write_sgf_game(g)) gives back g: one game, no error,
//    the same players, header fields, family, size and tree (the promise
//    of sgf_game.h that export then import keeps a game).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/prepared_check.h"
#include "importers/sgf/sgf_game.h"
#include "tests/unit/importers/sgf/record_difference.h"

namespace {

using ludex::fuzz::check;
using ludex::test::record_difference;

void check_round_trip(const ludex::GameRecord& game) {
  const std::string written = ludex::write_sgf_game(game);
  const ludex::SgfParseOutput back = ludex::read_sgf_games(written);
  check(back.games.size() == 1 && back.diagnostics.empty(),
        "ludex's own SGF does not read back as one game without errors:\n" + written);
  const std::string difference = record_difference(game, back.games.front());
  check(difference.empty(), "write + read changed the game's " + difference + ":\n" + written);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  // looks_like_sgf decides whether the import reads a file as SGF; the
  // reader must cope with anything, so it runs either way.
  (void)ludex::looks_like_sgf(bytes);
  const ludex::SgfParseOutput out = ludex::read_sgf_games(bytes);
  std::int32_t last_index = -1;
  for (const ludex::Diagnostic& d : out.diagnostics) {
    ludex::fuzz::check_diagnostic(d, size, "sgf");
    check(d.severity == ludex::Severity::kError, "sgf: a reader diagnostic that is no error");
  }
  for (const ludex::GameRecord& game : out.games) {
    ludex::fuzz::check_game(game, size, "sgf");
    check(game.game_index > last_index, "sgf: games out of file order");
    last_index = game.game_index;
  }

  std::vector<ludex::GameRecord> streamed;
  std::size_t streamed_errors = 0;
  ludex::read_sgf_games(
      bytes, [&](ludex::GameRecord&& g) { streamed.push_back(std::move(g)); },
      [&](ludex::Diagnostic&&) { ++streamed_errors; });
  check(streamed.size() == out.games.size() && streamed_errors == out.diagnostics.size(),
        "sgf: streamed and whole-file reading differ");
  for (std::size_t i = 0; i < streamed.size(); ++i) {
    check(record_difference(streamed[i], out.games[i]).empty(),
          "sgf: a streamed game differs from the whole-file one");
  }

  for (const ludex::GameRecord& game : out.games) {
    ludex::fuzz::check_prepared(game, "sgf");
    check_round_trip(game);
  }
  return 0;
}
