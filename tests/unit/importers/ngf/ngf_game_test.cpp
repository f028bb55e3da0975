// importers/ngf/ngf_game.h: WBaduk's .ngf files read into the SGF game
// model. The fixtures (tests/fixtures/goserver/*.ngf) are small files written
// for these tests on the structure of real ones (Sabaki's test/ngf, KaTrain's
// tests/data/handicap2.ngf); the expected values are what those real files
// say (docs/formats.md, "WBaduk .ngf").
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/moves_hash.h"
#include "importers/game_file.h"
#include "importers/ngf/ngf_game.h"
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

GameRecord read_ngf_ok(const std::string& bytes) {
  return test::read_game_ok([](const std::string& b) { return read_ngf_game(b); }, bytes);
}

}  // namespace

TEST_CASE("ngf: an even game, integer komi with .5 implied", "[ngf]") {
  const GameRecord game = read_ngf_ok(goserver_fixture("even.ngf"));
  CHECK(game.dialect == "ngf");
  CHECK(game.columns == 19);
  CHECK(game.charset == "UTF-8");
  // Line 3 is White, line 4 Black (Sabaki's test: PW LQC, PB CYY).
  CHECK(player(game, 1) == "CYY");
  CHECK(player(game, 2) == "LQC");
  CHECK(root_values(game, "BR") == "9p");
  CHECK(root_values(game, "WR") == "9p");
  CHECK(root_values(game, "KM") == "7.5");
  CHECK(root_values(game, "HA") == "<absent>");
  CHECK(game.date == "2017-03-16");
  CHECK(game.result == "B+0.5");
  CHECK(game.winner == 1);
  CHECK(root_values(game, "GN") == "Rated game");
  CHECK(root_values(game, "PC") == "www.cyberoro.com");
  CHECK(root_values(game, "NGFRESULT") == "Black wins by 0.5!");
  CHECK(root_values(game, "NGFDATE") == "20170316 [09:37]");
  CHECK(root_values(game, "NGFLINESEVEN") == "0");
  CHECK(root_values(game, "NGFLINETEN") == "5");
  // "abba" coordinates with B = 0; AA is a pass.
  CHECK(main_moves(game) ==
        std::vector<std::string>{"B[qd]", "W[dd]", "B[pq]", "W[dp]", "B[]", "W[oc]"});
  CHECK(game.warnings.empty());
}

TEST_CASE("ngf: two handicap stones, White first, White wins by resignation", "[ngf]") {
  const GameRecord game = read_ngf_ok(goserver_fixture("handicap2.ngf"));
  CHECK(player(game, 1) == "p81587");
  CHECK(player(game, 2) == "ace550");
  CHECK(root_values(game, "BR") == "5d*");
  CHECK(root_values(game, "WR") == "7d*");
  CHECK(root_values(game, "HA") == "2");
  // KaTrain's test; Black's own first move on dd rules out dd-pp.
  CHECK(root_values(game, "AB") == "dp pd");
  CHECK(root_values(game, "KM") == "0");
  CHECK(game.result == "W+R");
  CHECK(game.winner == 2);
  CHECK(first_moves(game, 2) == std::vector<std::string>{"W[pq]", "B[dd]"});
}

TEST_CASE("ngf: the GI variant in GBK, its result after the moves", "[ngf]") {
  const std::string bytes = goserver_fixture("gi-gb18030.ngf");
  CHECK(game_file_format(bytes) == "ngf");
  const GameRecord game = read_ngf_ok(bytes);
  CHECK(game.charset == "GB18030");
  CHECK(game.event == "韩国十段战");
  CHECK(player(game, 2) == "朴承华");
  CHECK(player(game, 1) == "李载雄");
  CHECK(root_values(game, "WR") == "初段");
  CHECK(root_values(game, "BR") == "五段");
  CHECK(game.date == "2006-09-05");
  CHECK(root_values(game, "KM") == "6.5");
  CHECK(game.result == "B+R");
  CHECK(root_values(game, "NGFRESULT") == "黑中盘胜(现场消息)");
  CHECK(main_moves(game) == std::vector<std::string>{"B[qd]", "W[dd]", "B[pq]", "W[od]"});
}

TEST_CASE("ngf: names with spaces, a Korean result, CP949 and CRLF", "[ngf]") {
  const GameRecord game = read_ngf_ok(goserver_fixture("korean-crlf.ngf"));
  CHECK(game.charset == "CP949");
  CHECK(player(game, 2) == "Kim Ji Seok");
  CHECK(player(game, 1) == "Park Junghwan");
  CHECK(root_values(game, "GN") == "친선 대국");
  CHECK(game.result == "B+1.5");
  CHECK(root_values(game, "KM") == "6.5");
  CHECK(main_moves(game) == std::vector<std::string>{"B[pd]", "W[dp]", "B[qq]"});
}

TEST_CASE("ngf: results in words", "[ngf]") {
  const std::vector<std::pair<std::string, std::string>> cases = {{"Black wins by 0.5!", "B+0.5"},
                                                                  {"White wins by  resign!", "W+R"},
                                                                  {"White wins by time!", "W+T"},
                                                                  {"Black lose by resign", "W+R"},
                                                                  {"흑 1.5집 승", "B+1.5"},
                                                                  {"백 불계승", "W+R"},
                                                                  {"흑 6집반 승", "B+6.5"},
                                                                  {"白5.5目勝ち!", "W+5.5"},
                                                                  {"黒中押し勝ち", "B+R"},
                                                                  {"黑胜1目半", "B+1.5"},
                                                                  {"白胜半目", "W+0.5"},
                                                                  {"ขาวชนะ 2.5 แต้ม", "W+2.5"},
                                                                  {"Draw", "Draw"},
                                                                  {"無勝負", ""}};
  for (const auto& [words, re] : cases) {
    INFO(words);
    CHECK(result_from_words(words).value_or("") == re);
  }
}

TEST_CASE("ngf: malformed files", "[ngf]") {
  const std::string bytes = goserver_fixture("even.ngf");
  // A header that is not NGF: a located error, the game is not stored.
  GoServerGame size = read_ngf_game(replaced(bytes, "Rated game\n19\n", "Rated game\n99\n"));
  REQUIRE_FALSE(size.game.has_value());
  REQUIRE(size.diagnostics.size() == 1);
  CHECK(size.diagnostics[0].pos.line == 2);
  GoServerGame komi = read_ngf_game(replaced(bytes, "\n7\n", "\nseven\n"));
  REQUIRE_FALSE(komi.game.has_value());
  CHECK(komi.diagnostics.at(0).pos.line == 8);
  CHECK(read_ngf_game("Rated game\n19\n").diagnostics.at(0).game_index == -1);
  // A bad move line is skipped with a warning.
  const GameRecord game = read_ngf_ok(replaced(bytes, "PMACWEEEE", "PMACXEEEE"));
  CHECK(first_moves(game, 2) == std::vector<std::string>{"B[qd]", "B[pq]"});
  REQUIRE(game.warnings.size() == 1);
  CHECK(game.warnings[0].pos.line == 14);
  const GameRecord off = read_ngf_ok(replaced(bytes, "PMACWEEEE", "PMACWZZZZ"));
  CHECK(off.warnings.size() == 1);
  // Every prefix of every fixture reads without crashing.
  test::check_every_prefix([](std::string_view b) { return read_ngf_game(b); },
                           {"even.ngf", "handicap2.ngf", "gi-gb18030.ngf", "korean-crlf.ngf"}, 3);
}

TEST_CASE("ngf: the same game as SGF has the same moves hash", "[ngf]") {
  const ParsedFile parsed = parse_game_file(goserver_fixture("handicap2.ngf"));
  CHECK(parsed.format == "ngf");
  REQUIRE(parsed.games.size() == 1);
  const SgfParseOutput sgf =
      read_sgf_games("(;GM[1]SZ[19]HA[2]AB[dp][pd]PB[p81587]PW[ace550];W[pq];B[dd];W[fq];B[hq])");
  REQUIRE(sgf.games.size() == 1);
  CHECK(moves_hash(parsed.games.front()) == moves_hash(sgf.games.front()));
  const SgfParseOutput back = read_sgf_games(write_sgf_game(parsed.games.front()));
  REQUIRE(back.games.size() == 1);
  CHECK(back.games.front().players == parsed.games.front().players);
  CHECK(main_moves(back.games.front()) == main_moves(parsed.games.front()));
}

}  // namespace ludex
