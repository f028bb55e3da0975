// libFuzzer target for T1j's ".T1" Twixt files, as `ludex import` reads
// them: looks_like_t1 (which decides that a file is T1), read_t1_game, the
// game's positions, and the SGF that `ludex export` writes of it.
//
// Properties checked (any failure aborts, see fuzz_check.h):
//  * read_t1_game never throws; it gives a game or at least one error,
//    every diagnostic located inside the input, the game well formed and
//    a Twixt game on a board of 3..702 lines;
//  * positions are either absent or one per node;
//  * the game written as SGF reads back as one game with the same players,
//    result, size and tree; the root of the game read back also holds the
//    header the writer makes up for a game from another format (GM, FF, SZ,
//    CA), which the SGF reader keeps as properties, and nothing else new.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "fuzz/fuzz_check.h"
#include "fuzz/prepared_check.h"
#include "importers/sgf/sgf_game.h"
#include "importers/t1/t1_game.h"

namespace {

// The tree read back from the exported SGF without the header properties
// write_sgf_game makes up for a game read from another format.
ludex::GameTree without_synthesized_header(ludex::GameTree tree) {
  std::vector<ludex::Property> kept;
  for (const ludex::Property& p : tree.data(0).props) {
    if (p.id != "GM" && p.id != "FF" && p.id != "SZ" && p.id != "CA") kept.push_back(p);
  }
  tree.set_props(0, kept);
  return tree;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using ludex::fuzz::check;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)ludex::looks_like_t1(bytes);
  const ludex::T1ParseOutput out = ludex::read_t1_game(bytes);
  for (const ludex::Diagnostic& d : out.diagnostics) ludex::fuzz::check_diagnostic(d, size, "t1");
  if (!out.game) {
    check(!out.diagnostics.empty(), "t1: no game and no error");
    return 0;
  }
  const ludex::GameRecord& game = *out.game;
  ludex::fuzz::check_game(game, size, "t1");
  check(game.family == ludex::Family::kTwixt, "t1: a game that is not Twixt");
  check(game.columns >= 3 && game.columns <= 702 && game.rows >= 3 && game.rows <= 702,
        "t1: a board size outside 3..702");

  ludex::fuzz::check_prepared(game, "t1");

  const std::string written = ludex::write_sgf_game(game);
  const ludex::SgfParseOutput back = ludex::read_sgf_games(written);
  check(back.games.size() == 1 && back.diagnostics.empty(),
        "t1: the exported SGF does not read back as one game:\n" + written);
  const ludex::GameRecord& again = back.games.front();
  check(again.players == game.players && again.result == game.result &&
            again.winner == game.winner && again.family == game.family &&
            again.columns == game.columns && again.rows == game.rows,
        "t1: the exported SGF changed the game's header:\n" + written);
  check(without_synthesized_header(again.tree) == game.tree,
        "t1: the exported SGF changed the game's tree:\n" + written);
  return 0;
}
