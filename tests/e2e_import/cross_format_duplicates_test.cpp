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

#include "tests/e2e/e2e_support.h"
#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// file name -> (game id, duplicate_of or 0)
std::map<std::string, std::pair<std::int64_t, std::int64_t>> games_of(const std::string& db) {
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> out;
  for (const Json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    out[fs::path(g.at("file").get<std::string>()).filename().string()] = {
        g.at("game_id"), g.value("duplicate_of", std::int64_t{0})};
  }
  return out;
}

}  // namespace

TEST_CASE("a hex game with a swap is one game as hgt, HexGui and Little Golem", "[e2e][import]") {
  // On 7x7: seat 1 c2, swap (seat 2's stone on b3), then d4, c5, e6; the
  // texts are those of positions_test.cpp, whose position hashes agree.
  ScratchDir dir("e2e-import-hex-swap-duplicates");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "a-hexgui.sgf",
              "(;FF[4]GM[11]SZ[7]AP[HexGui:1.0]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];B[d4];W[c5];B[e6])\n");
  write_bytes(archive / "b-lg.sgf",
              "(;FF[4]EV[hex.HEX7.mc.2020.jan.1.1]PB[ann]PW[cid]SZ[7]RE[B]GC[ game #1]"
              "SO[http://www.littlegolem.com];W[cb];B[swap];W[dd];B[ce];W[ef])\n");
  GtvBytes hgt;
  hgt.header("gtv", GtvBytes::be32(2));
  hgt.header("player1", "dot");
  hgt.header("player2", "eve");
  hgt.header("type", "hex1");
  hgt.header("bdsize", GtvBytes::be32(7));
  hgt.header("hgtv", GtvBytes::be32(1));
  hgt.end_header();
  hgt.node(0, 0, 0, 1);
  hgt.node(1, 2, 1, 1);  // c2 = (2, 1), transposed
  hgt.node(1, 2, 2, 1);  // seat 2 in the same cell: the swap
  hgt.node(3, 3, 1, 1);  // d4
  hgt.node(2, 4, 2, 1);  // c5
  hgt.node(4, 5, 1, 0);  // e6
  write_bytes(archive / "c-jhex.hgt", hgt.bytes());
  // HexGui before 1.0: "swap-pieces" meant swap-sides, another game.
  write_bytes(archive / "d-hexgui09.sgf",
              "(;FF[4]GM[11]SZ[7]AP[HexGui:0.9]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];B[d4];W[c5];B[e6])\n");
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const auto g = games_of(db);
  REQUIRE(g.size() == 4);
  const std::int64_t first = g.at("a-hexgui.sgf").first;
  CHECK(g.at("a-hexgui.sgf").second == 0);
  CHECK(g.at("b-lg.sgf").second == first);
  CHECK(g.at("c-jhex.hgt").second == first);
  CHECK(g.at("d-hexgui09.sgf").second == 0);
}

TEST_CASE("a twixt game with a swap is one game as tgt, GM[21] and Little Golem", "[e2e][import]") {
  // Seat 1 c8, seat 2 swaps, then k10, j12, l12, i14, m14 (positions_test.cpp).
  ScratchDir dir("e2e-import-twixt-swap-duplicates");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "a-gm21.sgf",
              "(;FF[4]GM[21]SZ[24]PW[ann]PB[bob]"
              ";W[c8];B[swap-pieces];W[k10];B[j12];W[l12];B[i14];W[m14])\n");
  write_bytes(archive / "b-lg.tsgf",
              "(;FF[4]EV[twixt.DEFAULT.mc.2021.jan.1.1]PB[cid]PW[dot]SZ[24]"
              "SO[https://www.littlegolem.net];b[ch];r[swap];b[kj];r[jl];b[ll];r[in];b[mn])\n");
  GtvBytes tgt;
  tgt.header("gtv", GtvBytes::be32(2));
  tgt.header("player1", "eve");
  tgt.header("player2", "fay");
  tgt.header("type", "twixt1");
  tgt.header("bdsize", GtvBytes::be32(24));
  tgt.header("tgtv", GtvBytes::be32(1));
  tgt.end_header();
  tgt.node(0, 0, 0, 1);
  tgt.node(7, 2, 1, 1);  // c8 = (2, 7), transposed
  tgt.node(7, 2, 2, 1);  // seat 2 in the same hole: the swap
  tgt.node(10, 9, 1, 1);
  tgt.node(9, 11, 2, 1);
  tgt.node(11, 11, 1, 1);
  tgt.node(8, 13, 2, 1);
  tgt.node(12, 13, 1, 0);
  write_bytes(archive / "c-jtwixt.tgt", tgt.bytes());
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const auto g = games_of(db);
  REQUIRE(g.size() == 3);
  const std::int64_t first = g.at("a-gm21.sgf").first;
  CHECK(g.at("a-gm21.sgf").second == 0);
  CHECK(g.at("b-lg.tsgf").second == first);
  CHECK(g.at("c-jtwixt.tgt").second == first);
}

}  // namespace ludex::test
