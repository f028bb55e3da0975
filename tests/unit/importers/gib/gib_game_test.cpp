// importers/gib/gib_game.h: Tygem's .gib files read into the SGF game model.
// The fixtures (tests/fixtures/goserver/*.gib) are small files written for
// these tests on the structure of real ones (Sabaki's test/gib, analyze-sgf's
// test/examples, KaTrain's tests/data): same encodings, line ends, field
// order and header values, fewer moves. The expected values are what those
// real files say (docs/formats.md, "Tygem .gib").
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/moves_hash.h"
#include "importers/game_file.h"
#include "importers/gib/gib_game.h"
#include "importers/sgf/sgf_game.h"
#include "tests/unit/importers/goserver/go_server_test_support.h"

namespace ludex {
namespace {

using test::first_moves;
using test::goserver_fixture;
using test::main_moves;
using test::player;
using test::replaced;
using test::root_values;

GameRecord read_gib_ok(const std::string& bytes) {
  return test::read_game_ok([](const std::string& b) { return read_gib_game(b); }, bytes);
}

// The first error of a file that must not give a game.
Diagnostic read_error(const std::string& bytes) {
  GoServerGame out = read_gib_game(bytes);
  REQUIRE_FALSE(out.game.has_value());
  REQUIRE(!out.diagnostics.empty());
  return out.diagnostics.front();
}

}  // namespace

TEST_CASE("gib: a UTF-8 game with a 3-stone handicap, Tygem's layout", "[gib]") {
  const std::string bytes = goserver_fixture("utf8-handicap3.gib");
  const GameRecord game = read_gib_ok(bytes);
  CHECK(game.family == Family::kGo);
  CHECK(game.format == SourceFormat::kSgf);
  CHECK(game.dialect == "gib");
  CHECK(game.columns == 19);
  CHECK(game.rows == 19);
  CHECK(game.charset == "UTF-8");
  CHECK(player(game, 1) == "jy512");
  CHECK(player(game, 2) == "leejw977");
  CHECK(root_values(game, "BR") == "15K");
  CHECK(root_values(game, "WR") == "10K");
  CHECK(root_values(game, "KM") == "0");
  CHECK(root_values(game, "HA") == "3");
  // Sabaki's test and analyze-sgf's golden SGF: the third stone top-left;
  // White's first move is on pp, which the usual third stone would hold.
  CHECK(root_values(game, "AB") == "dp pd dd");
  CHECK(game.date == "2016-03-26");
  CHECK(game.result.empty());
  CHECK(game.winner == 0);
  CHECK(game.event == "Free");
  CHECK(root_values(game, "PC") == "Tygem Baduk");
  // Fields without an SGF counterpart stay, under their own names.
  CHECK(root_values(game, "GAMEDUM") == "5");
  CHECK(root_values(game, "GAMECONDITION") == "3 Handicap : White Dum(5)");
  CHECK(root_values(game, "GIBSTART") == "2 1 0");
  CHECK(root_values(game, "GAMEBLACKNAME") == "<absent>");
  CHECK(first_moves(game, 4) == std::vector<std::string>{"W[pp]", "B[nq]", "W[qn]", "B[no]"});
  // SKI is a pass by the player to move.
  CHECK(main_moves(game) == std::vector<std::string>{"W[pp]", "B[nq]", "W[qn]", "B[no]", "W[qq]",
                                                     "B[]", "W[pn]", "B[cn]"});
  INFO(test::warnings_text(game));
  CHECK(game.warnings.empty());
}

TEST_CASE("gib: a CP949 game with CRLF, a result by time and a UTF-8 field", "[gib]") {
  const std::string bytes = goserver_fixture("cp949-crlf.gib");
  const GameRecord game = read_gib_ok(bytes);
  CHECK(game.charset == "CP949");
  CHECK(player(game, 1) == "dustkd1015");
  CHECK(player(game, 2) == "dongjik");
  CHECK(root_values(game, "BR") == "1급");
  CHECK(root_values(game, "WR") == "1급");
  CHECK(game.result == "B+T");
  CHECK(game.winner == 1);
  CHECK(root_values(game, "KM") == "6.5");
  CHECK(root_values(game, "HA") == "<absent>");
  CHECK(game.date == "2015-08-29");
  CHECK(game.event == "승강급 대국");
  CHECK(root_values(game, "PC") == "타이젬 바둑");
  CHECK(root_values(game, "GAMERESULT") == "흑 시간승");
  // One field in UTF-8 inside a CP949 file: repaired, with a warning.
  CHECK(root_values(game, "GAMECOMMENT") == "좋은 대국");
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].message.find("GAMECOMMENT") != std::string::npos);
  CHECK(game.warnings[0].pos.line == 28);
  CHECK(first_moves(game, 4) == std::vector<std::string>{"B[qc]", "W[dp]", "B[qo]", "W[dd]"});
  // Each move node is located at its line in the file.
  const NodeIndex first = game.tree.first_child(0);
  CHECK(game.tree.data(first).pos.byte_offset ==
        static_cast<std::int64_t>(bytes.find("STO 0 2 1 16 2")));
  CHECK(game.tree.data(first).pos.line == 39);
}

TEST_CASE("gib: a GBK game with 5 handicap stones and a note on the INI line", "[gib]") {
  const GameRecord game = read_gib_ok(goserver_fixture("gb18030-handicap5.gib"));
  CHECK(game.charset == "GB18030");
  CHECK(player(game, 1) == "石下之臣");
  CHECK(player(game, 2) == "harpmaster");
  CHECK(root_values(game, "BR") == "2段");
  CHECK(root_values(game, "WR") == "3段");
  CHECK(game.result == "W+11");
  CHECK(game.winner == 2);
  CHECK(root_values(game, "KM") == "0");
  CHECK(root_values(game, "HA") == "5");
  CHECK(root_values(game, "AB") == "dp pd dd pp jj");
  // GAMETAG's numeric date, not GAMEDATE's words (which stay as written).
  CHECK(game.date == "2012-11-22");
  CHECK(root_values(game, "GAMEDATE") == "2012年11月22日 下午 6:3");
  CHECK(root_values(game, "GIBINI") == "&4在6手时断线");
  CHECK(first_moves(game, 2) == std::vector<std::string>{"W[qn]", "B[nq]"});
}

TEST_CASE("gib: a Big5 game on 13x13 with a value over two lines and passes", "[gib]") {
  const GameRecord game = read_gib_ok(goserver_fixture("big5-line13.gib"));
  CHECK(game.charset == "CP950");
  CHECK(game.columns == 13);
  CHECK(game.rows == 13);
  CHECK(player(game, 1) == "林小華");
  CHECK(player(game, 2) == "許大明");
  CHECK(root_values(game, "BR") == "4D");
  CHECK(root_values(game, "WR") == "3D");
  CHECK(game.result == "B+R");
  CHECK(game.date == "2019-01-05");
  CHECK(root_values(game, "GAMETIME") == "每方基本時間 10分\n讀秒 30秒 3次");
  CHECK(main_moves(game) ==
        std::vector<std::string>{"B[jd]", "W[dj]", "B[]", "W[jj]", "B[]", "W[dd]"});
}

TEST_CASE("gib: ranks from Tygem's level codes when the name has none", "[gib]") {
  std::string bytes = goserver_fixture("utf8-handicap3.gib");
  bytes = replaced(bytes, "jy512 (15K)", "jy512");
  bytes = replaced(bytes, "leejw977 (10K)", "leejw977");
  const GameRecord game = read_gib_ok(bytes);
  CHECK(player(game, 1) == "jy512");
  CHECK(root_values(game, "BR") == "15K");  // GAMEBLACKLEVEL 3
  CHECK(root_values(game, "WR") == "10K");  // GAMEWHITELEVEL is a name here: WLV 8
}

TEST_CASE("gib: a first move on the third stone's point moves the stone", "[gib]") {
  const std::string bytes =
      replaced(goserver_fixture("utf8-handicap3.gib"), "STO 0 2 2 15 15", "STO 0 2 2 3 3");
  const GameRecord game = read_gib_ok(bytes);
  CHECK(root_values(game, "AB") == "dp pd pp");
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].message.find("move 1") != std::string::npos);
}

TEST_CASE("gib: result codes", "[gib]") {
  const std::string bytes = goserver_fixture("utf8-handicap3.gib");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"GRLT:0,ZIPSU:5,", "B+0.5"}, {"GRLT:1,ZIPSU:0,", "W+"},  {"GRLT:2,ZIPSU:0,", "Draw"},
      {"GRLT:4,ZIPSU:0,", "W+R"},   {"GRLT:5,ZIPSU:0,", "B+F"}, {"GRLT:6,ZIPSU:0,", "W+F"},
      {"GRLT:8,ZIPSU:0,", "W+T"},   {"GRLT:255,ZIPSU:0,", ""}};
  for (const auto& [item, result] : cases) {
    INFO(item);
    const GameRecord game = read_gib_ok(replaced(bytes, "GRLT:255,ZIPSU:0,", item));
    CHECK(game.result == result);
  }
  // An unknown code sets no result and says so.
  const GameRecord game = read_gib_ok(replaced(bytes, "GRLT:255,", "GRLT:42,"));
  CHECK(game.result.empty());
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].message.find("GRLT 42") != std::string::npos);
  // Without GAMEINFOMAIN, GAMETAG's W and Z; its G is the komi.
  const GameRecord tagged =
      read_gib_ok(replaced(replaced(replaced(bytes, "GRLT:255,", "GRXT:255,"), "W255,Z0", "W0,Z35"),
                           "GONGJE:0", "GJ:0"));
  CHECK(tagged.result == "B+3.5");
  CHECK(root_values(tagged, "KM") == "0");
}

TEST_CASE("gib: malformed files give located errors", "[gib]") {
  const std::string bytes = goserver_fixture("utf8-handicap3.gib");
  const Diagnostic no_end = read_error(bytes.substr(0, bytes.find("\\GE")));
  CHECK(no_end.message.find("\\GE") != std::string::npos);
  CHECK(no_end.pos.line == 46);

  const Diagnostic open_field =
      read_error(replaced(bytes, "\\[GAMENAME=Free\\]", "\\[GAMENAME=Free"));
  CHECK(open_field.message.find("GAMENAME") != std::string::npos);
  CHECK(open_field.pos.line == 12);

  const Diagnostic no_game = read_error(bytes.substr(0, bytes.find("\\GS")));
  CHECK(no_game.message.find("\\GS") != std::string::npos);

  const Diagnostic size = read_error(replaced(bytes, "\\[TYPE=0\\]", "\\[LINE=99\\]"));
  CHECK(size.pos.line == 3);

  const Diagnostic not_gib = read_error("(;GM[1])");
  CHECK(not_gib.game_index == -1);

  // A bad move line is skipped with a warning; the game is kept.
  const GameRecord game = read_gib_ok(replaced(bytes, "STO 0 3 1 13 16", "STO 0 3 1 x 16"));
  CHECK(first_moves(game, 2) == std::vector<std::string>{"W[pp]", "W[qn]"});
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].pos.line == 39);
  // So is a stone off the board.
  const GameRecord off = read_gib_ok(replaced(bytes, "STO 0 3 1 13 16", "STO 0 3 1 13 19"));
  CHECK(off.warnings.size() == 1);
}

TEST_CASE("gib: a first game line that is not text is decoded like the header", "[gib]") {
  // fuzz/regressions/gib/start-line-not-utf8.gib: GIBSTART kept the line's
  // bytes as they were, not UTF-8.
  const GameRecord game = read_gib_ok(
      replaced(goserver_fixture("utf8-handicap3.gib"), "\\GS\n2 1 0", "\\GS\n2\xE0\xCA 0"));
  const std::string start = root_values(game, "GIBSTART");
  CHECK(start.substr(0, 1) == "2");
  CHECK(start.find('\xE0') == std::string::npos);
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].message.find("first game line") != std::string::npos);
}

TEST_CASE("gib: text after \\GE is kept unread, with a warning", "[gib]") {
  const GameRecord game =
      read_gib_ok(goserver_fixture("utf8-handicap3.gib") + "\nREM 좋은 수\nvariation\n");
  CHECK(root_values(game, "GIBAFTERGE") == "REM 좋은 수\nvariation");
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].pos.line == 48);
  CHECK(main_moves(game).size() == 8);
}

TEST_CASE("gib: every prefix of every fixture reads without crashing", "[gib]") {
  test::check_every_prefix(
      [](std::string_view b) { return read_gib_game(b); },
      {"utf8-handicap3.gib", "cp949-crlf.gib", "gb18030-handicap5.gib", "big5-line13.gib"}, 7);
}

TEST_CASE("gib: recognised by content; the same game as SGF has the same moves hash", "[gib]") {
  const std::string bytes = goserver_fixture("utf8-handicap3.gib");
  CHECK(game_file_format(bytes) == "gib");
  CHECK(game_file_format("\xEF\xBB\xBF\r\n\\HS\r\n") == "gib");
  CHECK(game_file_format("(;GM[1]C[\\HS])") == "sgf");
  const ParsedFile parsed = parse_game_file(bytes);
  REQUIRE(parsed.games.size() == 1);
  const GameRecord& game = parsed.games.front();

  const SgfParseOutput sgf = read_sgf_games(
      "(;GM[1]FF[4]SZ[19]PB[jy512]PW[leejw977]KM[0]HA[3]AB[dp][pd][dd]"
      ";W[pp];B[nq];W[qn];B[no];W[qq];B[];W[pn];B[cn])");
  REQUIRE(sgf.games.size() == 1);
  CHECK(moves_hash(game) == moves_hash(sgf.games.front()));

  // Exported as SGF, it reads back as the same game.
  const SgfParseOutput back = read_sgf_games(write_sgf_game(game));
  REQUIRE(back.games.size() == 1);
  const GameRecord& again = back.games.front();
  CHECK(again.players == game.players);
  CHECK(again.date == game.date);
  CHECK(again.event == game.event);
  CHECK(again.columns == 19);
  CHECK(root_values(again, "AB") == "dp pd dd");
  CHECK(root_values(again, "GAMEDUM") == "5");
  CHECK(main_moves(again) == main_moves(game));
  CHECK(moves_hash(again) == moves_hash(game));
}

}  // namespace ludex
