// importers/ugf/ugf_game.h: PandaNet's .ugf and .ugi files read into the
// SGF game model. The fixtures (tests/fixtures/goserver/*.ug?) are small
// files written for these tests on the structure of real ones (Sabaki's
// test/ugf); the expected values are what those real files say
// (docs/formats.md, "PandaNet .ugf/.ugi").
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/moves_hash.h"
#include "importers/game_file.h"
#include "importers/sgf/sgf_game.h"
#include "importers/ugf/ugf_game.h"
#include "tests/unit/importers/goserver/go_server_test_support.h"

namespace ludex {
namespace {

using test::first_moves;
using test::goserver_fixture;
using test::main_moves;
using test::player;
using test::replaced;
using test::root_values;

GameRecord read_ugf_ok(const std::string& bytes) {
  return test::read_game_ok([](const std::string& b) { return read_ugf_game(b); }, bytes);
}

}  // namespace

TEST_CASE("ugf: a game with IGS coordinates, negative komi", "[ugf]") {
  const std::string bytes = goserver_fixture("amateur.ugf");
  CHECK(game_file_format(bytes) == "ugf");
  const GameRecord game = read_ugf_ok(bytes);
  CHECK(game.dialect == "ugf");
  CHECK(game.columns == 19);
  CHECK(game.charset == "CP932");
  CHECK(player(game, 1) == "kaziwami");
  CHECK(player(game, 2) == "YINNI");
  CHECK(root_values(game, "BR") == "7d");
  CHECK(root_values(game, "WR") == "8d");
  // Sabaki's test of the real file: KM[-5.50], RE[B+7.50], DT[2019-03-08].
  CHECK(root_values(game, "KM") == "-5.50");
  CHECK(game.result == "B+7.50");
  CHECK(game.winner == 1);
  CHECK(game.date == "2019-03-08");
  CHECK(root_values(game, "CP") == "PANDANET INC.");
  CHECK(root_values(game, "RU") == "JPN");
  CHECK(root_values(game, "PC") == "PANDA-NET");
  CHECK(root_values(game, "HA") == "<absent>");
  // Every header line is kept under its key.
  CHECK(root_values(game, "DATE") == "2019/03/08,22:09:00,2019/03/09,07:16:59");
  CHECK(root_values(game, "WRITER") == "PANDA-EGG ver 9.40 beta");
  CHECK(root_values(game, "PTIME") == "N;0;0;0,N;0;0;0,0,0");
  CHECK(first_moves(game, 4) == std::vector<std::string>{"B[qd]", "W[dd]", "B[pq]", "W[dq]"});
  CHECK(main_moves(game).size() == 6);
  CHECK(game.warnings.empty());
}

TEST_CASE("ugf: a .ugi review: variations and comments", "[ugf]") {
  const GameRecord game = read_ugf_ok(goserver_fixture("review.ugi"));
  CHECK(player(game, 1) == "ken03110");
  CHECK(player(game, 2) == "apetresc");
  CHECK(root_values(game, "WR") == "2k?");
  CHECK(game.result == "B+2.50");
  REQUIRE(game.tree.data(0).comment != nullptr);
  CHECK(*game.tree.data(0).comment ==
        "apetresc 2k?: Let's begin and enjoy a great game.\nken03110 2k : Hi!");
  // The main line is [Data]'s; the variation is an alternative to White's
  // 4th move, and its second node carries comment 21.
  CHECK(main_moves(game) ==
        std::vector<std::string>{"B[qd]", "W[dc]", "B[pq]", "W[dd]", "B[nq]", "W[qf]"});
  const std::vector<NodeIndex> line = game.tree.main_line();
  REQUIRE(line.size() == 8);  // root, 6 moves, the closing node without a move
  const NodeIndex third = line[3];
  REQUIRE(game.tree.child_count(third) == 2);
  const NodeIndex alternative = game.tree.first_child(third);
  CHECK(alternative != line[4]);
  CHECK(game.tree.data(alternative).moves[0].seat == 2);
  const NodeIndex reply = game.tree.first_child(alternative);
  REQUIRE(game.tree.data(reply).comment != nullptr);
  CHECK(game.tree.data(reply).comment->find("salvages") != std::string::npos);
  REQUIRE(game.tree.data(line[6]).comment != nullptr);
  CHECK(*game.tree.data(line[6]).comment == "ken03110 2k : ken03110 dead @ O5\nken03110 done");
  // Exported as SGF, the main line stays first.
  const SgfParseOutput back = read_sgf_games(write_sgf_game(game));
  REQUIRE(back.games.size() == 1);
  CHECK(main_moves(back.games.front()) == main_moves(game));
  CHECK(back.games.front().tree.size() == game.tree.size());
}

TEST_CASE("ugf: Shift_JIS, CRLF, handicap as setup stones, passes, resignation", "[ugf]") {
  const GameRecord game = read_ugf_ok(goserver_fixture("sjis-handicap3.ugf"));
  CHECK(game.charset == "CP932");
  CHECK(player(game, 1) == "山田太郎");
  CHECK(player(game, 2) == "佐藤花子");
  CHECK(root_values(game, "HA") == "3");
  CHECK(root_values(game, "AB") == "dp pd pp");
  CHECK(root_values(game, "KM") == "0.50");
  CHECK(game.result == "W+R");
  CHECK(root_values(game, "GN") == "2021,日本棋院,第3局");
  CHECK(root_values(game, "PC") == "東京");
  CHECK(main_moves(game) == std::vector<std::string>{"W[dd]", "B[fc]", "W[]", "B[]"});
  REQUIRE(game.tree.data(game.tree.first_child(0)).comment != nullptr);
  CHECK(*game.tree.data(game.tree.first_child(0)).comment == "白の三々入り。");
  CHECK(root_values(game, "UGFFIGURE") == ".Fig,1,1,4\n");
}

TEST_CASE("ugf: UTF-8 with a BOM, rows from the top, a draw", "[ugf]") {
  const GameRecord game = read_ugf_ok(goserver_fixture("utf8-bom.ugf"));
  CHECK(game.charset == "UTF-8");
  CHECK(game.columns == 9);
  CHECK(player(game, 1) == "Müller");
  CHECK(game.result == "Draw");
  CHECK(game.winner == 0);
  CHECK(main_moves(game) == std::vector<std::string>{"B[ec]", "W[cg]", "B[gg]"});
}

TEST_CASE("ugf: a field in another charset is repaired once, with one warning", "[ugf]") {
  // The komi of Hdcp was kept as bytes that need not be UTF-8 (a property
  // must be); a repaired PlayerB warned twice.
  const std::string bytes =
      replaced(replaced(goserver_fixture("amateur.ugf"), "Hdcp=0,-5.50", "Hdcp=0,\x93\xFA"),
               "PlayerB=kaziwami", "PlayerB=M\xC3\xBCller");
  const GameRecord game = read_ugf_ok(bytes);
  CHECK(root_values(game, "KM") == "日");
  CHECK(player(game, 1) == "Müller");
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].message.find("UTF-8") != std::string::npos);
  CHECK(game.warnings[0].pos.line == 19);
}

TEST_CASE("ugf: a header key too long for an SGF id is cut", "[ugf]") {
  // ugf_fuzzer: a key of 80 letters made an id the SGF reader refuses, so the
  // export did not read back.
  const std::string key(80, 'J');
  const GameRecord game =
      read_ugf_ok(replaced(goserver_fixture("amateur.ugf"), "Place=PANDA-NET", key + "=x"));
  CHECK(root_values(game, std::string(32, 'J')) == "x");
  const SgfParseOutput back = read_sgf_games(write_sgf_game(game));
  CHECK(back.diagnostics.empty());
  CHECK(back.games.size() == 1);
}

TEST_CASE("ugf: results of Winner=", "[ugf]") {
  const std::string bytes = goserver_fixture("amateur.ugf");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"W,C", "W+R"}, {"B,T", "B+T"}, {"W,F", "W+F"},      {"D", "Draw"},
      {"N", ""},      {"A", ""},      {"W,0.50", "W+0.50"}};
  for (const auto& [winner, re] : cases) {
    INFO(winner);
    CHECK(read_ugf_ok(replaced(bytes, "Winner=B,7.50", "Winner=" + winner)).result == re);
  }
  const GameRecord odd = read_ugf_ok(replaced(bytes, "Winner=B,7.50", "Winner=Q"));
  CHECK(odd.result.empty());
  CHECK(odd.warnings.size() == 1);
  CHECK(root_values(odd, "WINNER") == "Q");
}

TEST_CASE("ugf: malformed and encrypted files", "[ugf]") {
  const std::string bytes = goserver_fixture("amateur.ugf");
  GoServerGame crypt =
      read_ugf_game(replaced(bytes, "Crypt=0,PLAIN_UGF_FILE", "Crypt=1,CRYPT_UGF_FILE"));
  REQUIRE_FALSE(crypt.game.has_value());
  REQUIRE(crypt.diagnostics.size() == 1);
  CHECK(crypt.diagnostics[0].message.find("encrypted") != std::string::npos);
  CHECK(crypt.diagnostics[0].pos.line == 4);
  GoServerGame size = read_ugf_game(replaced(bytes, "Size=19", "Size=x"));
  REQUIRE_FALSE(size.game.has_value());
  CHECK(size.diagnostics.at(0).pos.line == 10);
  CHECK(read_ugf_game("[Data]\nQP,B1,1,0\n").diagnostics.at(0).game_index == -1);
  // Bad [Data] and [ReviewNode] lines are skipped with warnings.
  const GameRecord game = read_ugf_ok(
      replaced(replaced(bytes, "DP,W1,2,0", "DP;W1"), "NODE,3,2,4,16", "NODE,3,2,x,16"));
  CHECK(game.warnings.size() == 2);
  // Without [ReviewNode], [Data] gives the moves.
  const GameRecord data_only = read_ugf_ok(bytes.substr(0, bytes.find("[ReviewNode]")));
  CHECK(first_moves(data_only, 4) == std::vector<std::string>{"B[qd]", "W[dd]", "B[pq]", "W[dq]"});
  // Every prefix of every fixture reads without crashing.
  test::check_every_prefix([](std::string_view b) { return read_ugf_game(b); },
                           {"amateur.ugf", "review.ugi", "sjis-handicap3.ugf", "utf8-bom.ugf"}, 5);
}

TEST_CASE("ugf: the same game as SGF has the same moves hash", "[ugf]") {
  const ParsedFile parsed = parse_game_file(goserver_fixture("sjis-handicap3.ugf"));
  REQUIRE(parsed.games.size() == 1);
  const SgfParseOutput sgf =
      read_sgf_games("(;GM[1]SZ[19]HA[3]AB[dp][pd][pp];W[dd];B[fc];W[];B[])");
  REQUIRE(sgf.games.size() == 1);
  CHECK(moves_hash(parsed.games.front()) == moves_hash(sgf.games.front()));
}

}  // namespace ludex
