// The T1 reader (importers/t1/t1_game.h) on the corpus files and on
// hand-made variations.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

#include "games/position.h"
#include "games/twixt_points.h"
#include "importers/t1/t1_game.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

std::string header(std::string_view start = "1", std::string_view rows = "24",
                   std::string_view columns = "24", std::string_view direction = "V") {
  return "# File created by T1j\n# T1j is a program to play TwixT\n1 # version of file-format\n"
         "Player # Name of Player 1\nComputer # Name of Player 2\n" +
         std::string(rows) + " # y-size of board\n" + std::string(columns) +
         " # x-size of board\nH # player 1 human or computer\nC # player 2 human or computer\n" +
         std::string(start) + " # starting player (1 plays top-down)\n" + std::string(direction) +
         " # Direction of letters\nN # pierule?\nN # game already over?\n";
}

TEST_CASE("t1: the four corpus files are T1, nothing else in the corpus is", "[positions][t1]") {
  const std::filesystem::path root = test::corpus_path("");
  std::vector<std::string> t1;
  for (const char* dir : {"twixt", "hex", "go", "blksgf", "gtv"}) {
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / dir)) {
      if (!e.is_regular_file()) continue;
      if (looks_like_t1(test::read_bytes(e.path().string()))) {
        t1.push_back(std::filesystem::relative(e.path(), root).generic_string());
      }
    }
  }
  std::sort(t1.begin(), t1.end());
  CHECK(t1 == std::vector<std::string>{
                  "twixt/twixtbot-ui-drawngame.T1", "twixt/twixtbot-ui-full_board.T1",
                  "twixt/twixtbot-ui-sample.T1", "twixt/twixtbot-ui-testwin.T1"});
  CHECK(!looks_like_t1(""));
  CHECK(!looks_like_t1("(;GM[21];W[e5])"));
  CHECK(!looks_like_t1("White places k2.\nBlack swaps.\n"));
  // Thirteen comment lines alone do not make a T1 file; the moves must look
  // like moves too.
  std::string comments;
  for (int i = 0; i < 13; ++i) comments += "# note\n";
  CHECK(looks_like_t1(comments + "e5\nswap\n"));
  CHECK(!looks_like_t1(comments + "name = value\n"));
  CHECK(!looks_like_t1(header().replace(header().find("H #"), 1, "X") + "e5\n"));
}

TEST_CASE("t1: sample.T1 with swap and resign", "[positions][t1]") {
  const T1ParseOutput out =
      read_t1_game(test::read_bytes(test::corpus_path("twixt/twixtbot-ui-sample.T1")));
  REQUIRE(out.diagnostics.empty());
  REQUIRE(out.game);
  const GameRecord& g = *out.game;
  CHECK(g.family == Family::kTwixt);
  CHECK(g.format == SourceFormat::kT1);
  CHECK(g.dialect == "t1");
  CHECK(g.columns == 24);
  CHECK(g.rows == 24);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "Tom"}, {2, "Jerry"}});
  CHECK(g.winner == 1);
  CHECK(g.result == "W+R");
  CHECK(g.warnings.empty());
  const std::vector<NodeIndex> line = g.tree.main_line();
  REQUIRE(line.size() == 7);
  CHECK(g.tree.data(line[1]).moves.front() == test::place(1, 4, 14));  // e15
  CHECK(g.tree.data(line[2]).moves.front() == test::special(2, MoveKind::kSwapPieces));
  CHECK(g.tree.data(line[4]).moves.front() == test::place(2, 7, 17));  // H18
  CHECK(g.tree.data(line[6]).moves.front() == test::special(2, MoveKind::kResign));
  CHECK(g.tree.data(line[1]).pos.line == 14);
  const GamePositions positions = compute_positions(g);
  CHECK(positions.warnings.empty());
  auto end = test::main_line_position(g);
  REQUIRE(end);
  // e15 mirrored to o5 for seat 2.
  CHECK(test::occupants_text(end->occupants(), [](const Point& p) {
          return format_twixt_point(p);
        }) == "1:f17 2:h18 2:o5 1:p12");
}

TEST_CASE("t1: the corpus games replay under the border rules", "[positions][t1]") {
  // full_board.T1 fills the board and ends on border holes (x21, h1, x22, w24,
  // x23): legal only if player 1 connects top and bottom (columns a and x are
  // player 2's), which confirms the reading of the coordinates.
  for (const char* name :
       {"twixtbot-ui-full_board.T1", "twixtbot-ui-testwin.T1", "twixtbot-ui-drawngame.T1"}) {
    INFO(name);
    const T1ParseOutput out =
        read_t1_game(test::read_bytes(test::corpus_path(std::string("twixt/") + name)));
    REQUIRE(out.game);
    CHECK(out.diagnostics.empty());
    CHECK(compute_positions(*out.game).warnings.empty());
  }
  const T1ParseOutput full =
      read_t1_game(test::read_bytes(test::corpus_path("twixt/twixtbot-ui-full_board.T1")));
  REQUIRE(full.game);
  CHECK(full.game->players == std::vector<SeatPlayer>{{1, "Siegfried"}, {2, "Roy"}});
  CHECK(full.game->main_line_moves() == 572);
}

TEST_CASE("t1: errors are located", "[positions][t1]") {
  T1ParseOutput out = read_t1_game(header() + "e15\nq99\n");
  CHECK(!out.game);
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics.front().severity == Severity::kError);
  CHECK(out.diagnostics.front().pos.line == 15);
  CHECK(out.diagnostics.front().message == "move 'q99': twixt point 'q99' is off the 24x24 board");

  out = read_t1_game(header("1", "2"));
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics.front().pos.line == 6);
  CHECK(out.diagnostics.front().message == "board size '2' is not a number from 3 to 702");

  out = read_t1_game(header("1", "24", "24", "H"));
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics.front().pos.line == 11);

  out = read_t1_game(header("3"));
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics.front().pos.line == 10);

  out = read_t1_game("just some text\n");
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics.front().game_index == -1);
}

TEST_CASE("t1: size, blank lines, CRLF, comments and names", "[positions][t1]") {
  // The header ends in LF; the moves use CRLF, with blank lines and a comment.
  const std::string text = header("1", "12", "16") + "\r\nb3 # first\r\n\r\nC5\r\nswap-sides\r\n";
  const T1ParseOutput out = read_t1_game(text);
  REQUIRE(out.game);
  CHECK(out.game->columns == 16);
  CHECK(out.game->rows == 12);
  CHECK(out.game->players == std::vector<SeatPlayer>{{1, "Player"}, {2, "Computer"}});
  CHECK(out.game->main_line_moves() == 3);
  CHECK(out.game->winner == 0);
  CHECK(out.game->result.empty());
  const std::vector<NodeIndex> line = out.game->tree.main_line();
  CHECK(out.game->tree.data(line[2]).moves.front() == test::place(2, 2, 4));
  CHECK(out.game->tree.data(line[3]).moves.front() == test::special(1, MoveKind::kSwapSides));
}

TEST_CASE("t1: player 2 starting is stored transposed", "[positions][t1]") {
  const T1ParseOutput out = read_t1_game(header("2", "20", "24") + "c5\ne4\n");
  REQUIRE(out.game);
  const GameRecord& g = *out.game;
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings.front().pos.line == 10);
  CHECK(g.columns == 20);
  CHECK(g.rows == 24);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "Computer"}, {2, "Player"}});
  const std::vector<NodeIndex> line = g.tree.main_line();
  CHECK(g.tree.data(line[1]).moves.front() == test::place(1, 4, 2));  // c5 = (2, 4)
  CHECK(g.tree.data(line[2]).moves.front() == test::place(2, 3, 4));  // e4 = (4, 3)
  CHECK(compute_positions(g).warnings.empty());
}

}  // namespace
}  // namespace ludex
