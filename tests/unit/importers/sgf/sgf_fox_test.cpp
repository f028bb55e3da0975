// Fox Weiqi's SGF (docs/formats.md, "Fox Weiqi's SGF"), files written as Fox
// writes them: the root's lines ended by CR LF, two AP in the root
// (AP[GNU Go:3.8] ... AP[foxwq]), no CA, UTF-8 text and a scaled komi. Also
// a Fox file whose CA names another charset than its UTF-8 bytes are in.
#include <catch2/catch.hpp>

#include <string>

#include "games/go_komi.h"
#include "importers/sgf/sgf_game.h"
#include "sgf_test_util.h"

namespace ludex {
namespace {

using test::encode;

// A Fox file's head; `extra` goes after GM[1]FF[4] (a CA, for the tests of
// a wrong one), `app` is the second AP.
std::string fox_file(const std::string& extra = "", const std::string& app = "foxwq",
                     const std::string& km = "375") {
  return "(;GM[1]FF[4]" + extra +
         "\r\nSZ[19]\r\nGN[]\r\nDT[2025-09-26]\r\nPB[黑棋手]\r\nPW[白棋手]\r\nBR[2段]\r\nWR[3段]"
         "\r\nKM[" +
         km + "]HA[0]RU[Chinese]AP[GNU Go:3.8]RN[3]RE[W+R]TM[300]TC[3]TT[30]AP[" + app +
         "]RL[0]\r\n;B[pd];W[dp];B[pq];W[dd])";
}

const GameRecord& only_game(const SgfParseOutput& out) {
  REQUIRE(out.diagnostics.empty());
  REQUIRE(out.games.size() == 1);
  return out.games.front();
}

std::string player(const GameRecord& g, int seat) {
  for (const SeatPlayer& p : g.players) {
    if (p.seat == seat) return p.name;
  }
  return {};
}

std::vector<std::string> values_of(const GameRecord& g, std::string_view id) {
  std::vector<std::string> out;
  for (const Property& p : g.tree.data(0).props) {
    if (p.id == id) out.insert(out.end(), p.values.begin(), p.values.end());
  }
  return out;
}

std::string warnings_of(const GameRecord& g) {
  std::string out;
  for (const Diagnostic& d : g.warnings) out += d.message + "\n";
  return out;
}

}  // namespace

TEST_CASE("fox sgf: two AP, no CA, UTF-8 and KM[375] read without loss", "[sgf][fox]") {
  const SgfParseOutput out = read_sgf_games(fox_file());
  const GameRecord& g = only_game(out);
  CHECK(warnings_of(g).empty());
  CHECK(g.family == Family::kGo);
  CHECK(g.main_line_moves() == 4);
  // No CA: the UTF-8 text is found valid and read as UTF-8.
  CHECK(g.charset == "UTF-8");
  CHECK(player(g, 1) == "黑棋手");
  CHECK(player(g, 2) == "白棋手");
  CHECK(values_of(g, "BR") == std::vector<std::string>{"2段"});
  // Both AP stay, in their order; KM stays as written.
  CHECK(values_of(g, "AP") == std::vector<std::string>{"GNU Go:3.8", "foxwq"});
  CHECK(values_of(g, "KM") == std::vector<std::string>{"375"});
  const GoKomi komi = read_go_komi(g.tree.data(0).props);
  REQUIRE(komi.points);
  CHECK(*komi.points == 7.5);
  CHECK(komi.scale == KomiScale::kFoxStoneHundredths);
}

TEST_CASE("fox sgf: a Fox komi on neither scale is a warning, KM kept", "[sgf][fox]") {
  const SgfParseOutput out = read_sgf_games(fox_file("", "foxwq", "333"));
  const GameRecord& g = only_game(out);
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings[0].message ==
        "Fox komi KM[333] is no whole or half number of points in hundredths of a point or "
        "of a stone");
  CHECK(g.warnings[0].pos.line == 1);
  CHECK(values_of(g, "KM") == std::vector<std::string>{"333"});
  // Not a Fox file: KM[333] is 333 points, doubtful or not, and no warning.
  const SgfParseOutput other_out = read_sgf_games(fox_file("", "CGoban:3", "333"));
  const GameRecord& other = only_game(other_out);
  CHECK(other.warnings.empty());
}

TEST_CASE("fox sgf: a CA that is not the charset of the UTF-8 bytes", "[sgf][fox][charset]") {
  // Fox writes UTF-8: a CA[GB2312] in its file (Fox's or a later program's)
  // does not make its text GB2312 mojibake.
  const SgfParseOutput out = read_sgf_games(fox_file("CA[gb2312]"));
  const GameRecord& g = only_game(out);
  CHECK(player(g, 1) == "黑棋手");
  CHECK(player(g, 2) == "白棋手");
  CHECK(g.charset == "UTF-8");
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings[0].message ==
        "CA[gb2312] is not the charset of this Fox Weiqi file (AP[foxwq]): its text is UTF-8, "
        "as Fox writes it, and is read as UTF-8");
  // CA leaves the root as in every file (the text is UTF-8 now); the
  // warning keeps what it said.
  CHECK(values_of(g, "CA").empty());

  // The same bytes in a file that is not Fox's: the CA is believed.
  const SgfParseOutput other_out = read_sgf_games(fox_file("CA[gb2312]", "CGoban:3"));
  const GameRecord& other = only_game(other_out);
  CHECK(other.charset == "GB18030");
  CHECK(player(other, 1) != "黑棋手");

  // A Fox file really in GB2312 (not valid UTF-8): its CA is believed.
  const std::string gb = encode(fox_file("CA[gb2312]"), "GB2312");
  const SgfParseOutput real_gb_out = read_sgf_games(gb);
  const GameRecord& real_gb = only_game(real_gb_out);
  CHECK(real_gb.warnings.empty());
  CHECK(player(real_gb, 1) == "黑棋手");
  CHECK(real_gb.charset == "GB18030");

  // A CA naming UTF-8 is no note.
  const SgfParseOutput utf8_out = read_sgf_games(fox_file("CA[UTF-8]"));
  const GameRecord& utf8 = only_game(utf8_out);
  CHECK(utf8.warnings.empty());
  CHECK(player(utf8, 2) == "白棋手");
}

}  // namespace ludex
