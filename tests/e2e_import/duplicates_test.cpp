// End-to-end tests of duplicate games: the same moves in other files and
// formats, whatever the headers, are linked to their first copy.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

}  // namespace

TEST_CASE("the same game in other files and formats is a duplicate", "[e2e][import]") {
  ScratchDir dir("e2e-import-duplicates");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  // Little Golem game 2206555 as the twixtbot-ui record and as a .tgt.
  fs::copy_file(corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf", archive / "a-lg.tsgf");
  fs::copy_file(
      corpus_dir() / "gtv" / "synthetic" / "SYNTHETIC-lg2206555-twixt-commentator-style.tgt",
      archive / "b-jt.tgt");
  // One hex game three times: other players, a date, a comment, a result.
  write_bytes(archive / "c-hex.sgf", "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "d-hex.sgf",
              "(;FF[4]GM[11]SZ[7]PB[cid]PW[dot]DT[2020-01-01]RE[B+];B[c2]C[opening];W[d4];B[e5])"
              "\n");
  write_bytes(archive / "e-hex.sgf", "(;FF[4]GM[11]SZ[7]PB[eve];B[c2];W[d4];B[e5])\n");
  // Not duplicates: another move, another board size, a shorter game.
  write_bytes(archive / "f-hex.sgf", "(;FF[4]GM[11]SZ[7];B[c2];W[d4];B[e6])\n");
  write_bytes(archive / "g-hex.sgf", "(;FF[4]GM[11]SZ[9];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "h-hex.sgf", "(;FF[4]GM[11]SZ[7];B[c2];W[d4])\n");
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, archive.string()});

  auto g = games_by_file(db);
  REQUIRE(g.size() == 8);
  CHECK(g.at("a-lg.tsgf").second == 0);
  CHECK(g.at("b-jt.tgt").second == g.at("a-lg.tsgf").first);
  CHECK(g.at("c-hex.sgf").second == 0);
  CHECK(g.at("d-hex.sgf").second == g.at("c-hex.sgf").first);
  CHECK(g.at("e-hex.sgf").second == g.at("c-hex.sgf").first);
  for (const char* other : {"f-hex.sgf", "g-hex.sgf", "h-hex.sgf"}) CHECK(g.at(other).second == 0);
  CHECK(info_json(db).at("duplicates") == 3);
  CHECK(run_ludex_ok({"query", "--db", db, "--duplicates", "--count"}).out == "3\n");

  // The first copy's file disappears: the next copy becomes the first.
  fs::remove(archive / "c-hex.sgf");
  run_ludex_ok({"import", "--db", db, "--prune", archive.string()});
  g = games_by_file(db);
  CHECK(g.count("c-hex.sgf") == 0);
  CHECK(g.at("d-hex.sgf").second == 0);
  CHECK(g.at("e-hex.sgf").second == g.at("d-hex.sgf").first);
  CHECK(info_json(db).at("duplicates") == 2);
}

}  // namespace ludex::test
