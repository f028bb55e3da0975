// End-to-end tests of duplicates across formats when the game has a swap:
// the same Hex and Twixt games written as Little Golem records, HexGui /
// GM[21] SGF and .hgt / .tgt (whose known writer spells a swap as seat 1's
// first stone transposed, then seat 2's stone in the same cell) must share
// one moves hash (docs/schema.md, "Duplicates").
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/e2e_positions/positions_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

}  // namespace

TEST_CASE("a hex game with a swap is one game as hgt, HexGui and Little Golem", "[e2e][import]") {
  // The game of write_hex_swap_game, whose position hashes agree at every
  // move (tests/e2e_positions/positions_test.cpp).
  ScratchDir dir("e2e-import-hex-swap-duplicates");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_hex_swap_game(archive / "a-hexgui.sgf", archive / "b-lg.sgf", archive / "c-jhex.hgt");
  // HexGui 0.9 as it really wrote a swap: "swap-pieces" and the swapper's
  // colour again (the stone stayed): another game.
  write_bytes(archive / "d-hexgui09.sgf",
              "(;FF[4]GM[11]SZ[7]AP[HexGui:0.9]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];W[d4];B[c5];W[e6])\n");
  // The same spelling followed by the other colour is a reflection, whatever
  // the AP: the same game as a-hexgui.
  write_bytes(archive / "e-hexgui09.sgf",
              "(;FF[4]GM[11]SZ[7]AP[HexGui:0.9]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];B[d4];W[c5];B[e6])\n");
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const auto g = games_by_file(db);
  REQUIRE(g.size() == 5);
  const std::int64_t first = g.at("a-hexgui.sgf").first;
  CHECK(g.at("a-hexgui.sgf").second == 0);
  CHECK(g.at("b-lg.sgf").second == first);
  CHECK(g.at("c-jhex.hgt").second == first);
  CHECK(g.at("d-hexgui09.sgf").second == 0);
  CHECK(g.at("e-hexgui09.sgf").second == first);
}

TEST_CASE("a twixt game with a swap is one game as tgt, GM[21] and Little Golem", "[e2e][import]") {
  // The game of write_twixt_swap_game (tests/e2e_positions/positions_test.cpp).
  ScratchDir dir("e2e-import-twixt-swap-duplicates");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_twixt_swap_game(archive / "a-gm21.sgf", archive / "b-lg.tsgf", archive / "c-jtwixt.tgt");
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const auto g = games_by_file(db);
  REQUIRE(g.size() == 3);
  const std::int64_t first = g.at("a-gm21.sgf").first;
  CHECK(g.at("a-gm21.sgf").second == 0);
  CHECK(g.at("b-lg.tsgf").second == first);
  CHECK(g.at("c-jtwixt.tgt").second == first);
}

}  // namespace ludex::test
