// End-to-end tests of `ludex show` itself: what it prints for each family
// (JSON and the table with its diagram), where it stops on an illegal move,
// and its exit codes and messages for games and moves that do not exist.
// Expected positions are worked out by hand from the little games below.
#include <catch2/catch.hpp>

#include <string>

#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

using Json = nlohmann::json;

// Three games: Go 9x9 where B captures W's corner stone a-a (B ba, W aa,
// B ab), W ee, then B plays on ee (occupied: the rules refuse it) and W ff;
// Blokus Duo with colour 1's monomino on its starting point e10, colour 2's
// domino j5-j4 on its starting point j5, colour 1's V3 f9-f8-g8 touching
// e10 at a corner; and a chess record (family other, no positions).
struct ShowGames {
  ScratchDir dir{"e2e-positions-show"};
  std::string db = dir / "s.db";
  std::int64_t go = 0;
  std::int64_t duo = 0;
  std::int64_t chess = 0;
  ShowGames() {
    write_bytes(dir.path() / "go.sgf",
                "(;FF[4]GM[1]SZ[9]PB[b]PW[w];B[ba];W[aa];B[ab];W[ee];B[ee];W[ff])\n");
    write_bytes(dir.path() / "duo.blksgf",
                "(;FF[4]GM[Blokus Duo]PB[b]PW[w];B[e10];W[j5,j4];B[f9,f8,g8])\n");
    write_bytes(dir.path() / "chess.sgf", "(;FF[4]GM[3]SZ[8];B[aa];W[bb])\n");
    run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
    const auto ids = game_ids_by_file(db);
    go = ids.at("go.sgf");
    duo = ids.at("duo.blksgf");
    chess = ids.at("chess.sgf");
  }
  RunResult show(const std::string& game, const std::vector<std::string>& more = {}) const {
    std::vector<std::string> args = {"show", "--db", db, "--game", game};
    args.insert(args.end(), more.begin(), more.end());
    return run_ludex(args);
  }
};

}  // namespace

TEST_CASE("show: a go capture in JSON and as a table", "[e2e][positions][show]") {
  const ShowGames g;
  const Json j = show_json(g.db, g.go, 4);
  CHECK(j.at("family") == "go");
  CHECK(j.at("columns") == 9);
  CHECK(j.at("rows") == 9);
  CHECK(j.at("move_number") == 4);
  CHECK(j.at("main_line_moves") == 6);
  CHECK(j.at("stopped").is_null());
  CHECK(j.at("occupants") == Json::parse(R"([{"color":"B","point":"ab"},
      {"color":"B","point":"ba"},{"color":"W","point":"ee"}])"));
  CHECK(j.at("links").empty());
  // B's ab took W's aa: one capture for B.
  CHECK(j.at("counts") ==
        Json::parse(R"({"B":{"stones":2,"captures":1},"W":{"stones":1,"captures":0}})"));
  for (int move = 0; move <= 4; ++move) {
    INFO("move " << move);
    CHECK(show_json(g.db, g.go, move).at("hash") == stored_hash(g.db, g.go, move));
  }
  // Before the capture: W's stone on aa, no captures.
  CHECK(show_json(g.db, g.go, 2).at("counts").at("B").at("captures") == 0);
  CHECK(show_json(g.db, g.go, 2).at("occupants") ==
        Json::parse(R"([{"color":"W","point":"aa"},{"color":"B","point":"ba"}])"));

  // The table: the capture counted for B, the moves in board notation, the
  // diagram with A-J (no I), rows from the bottom, star points and W's E5
  // as the last move. tests/fixtures/show/ has the larger goldens.
  const RunResult table = g.show(std::to_string(g.go), {"--move", "4"});
  REQUIRE(table.exit_code == 0);
  CHECK(table.out == "game " + std::to_string(g.go) + ": go 9x9, after move 4 of 6, position " +
                         j.at("hash").get<std::string>() + "\nfile: " + (g.dir / "go.sgf") +
                         ", game index 0\n"
                         "B (X, seat 1) b: 2 stones, has captured 1\n"
                         "W (O, seat 2) w: 1 stone, has captured 0\n"
                         "\n"
                         "1. B B9  2. W A9  3. B A8  4. W E5\n"
                         "\n"
                         "  A B C D E F G H J\n"
                         "9 . X . . . . . . . 9\n"
                         "8 X . . . . . . . . 8\n"
                         "7 . . + . . . + . . 7\n"
                         "6 . . . . . . . . . 6\n"
                         "5 . . . .(O). . . . 5\n"
                         "4 . . . . . . . . . 4\n"
                         "3 . . + . . . + . . 3\n"
                         "2 . . . . . . . . . 2\n"
                         "1 . . . . . . . . . 1\n"
                         "  A B C D E F G H J\n");
  // The JSON's additions: the moves and the last move.
  CHECK(j.at("players") == Json::parse(R"([{"seat":1,"name":"b"},{"seat":2,"name":"w"}])"));
  CHECK(j.at("moves").size() == 4);
  CHECK(j.at("moves").at(2) ==
        Json::parse(R"({"number":3,"color":"B","kind":"place","points":["ab"],"text":"B A8"})"));
  CHECK(j.at("last_move") == Json::parse(R"({"number":4,"placed":[{"color":"W","point":"ee"}]})"));
  CHECK(show_json(g.db, g.go, 0).at("last_move").is_null());
}

TEST_CASE("show: positions that stop at an illegal move", "[e2e][positions][show]") {
  const ShowGames g;
  // The end of the main line lies past the refused move 5: what was reached
  // (after move 4) is printed, stderr says where and why, exit 1.
  for (const std::vector<std::string>& more :
       {std::vector<std::string>{"--json"}, std::vector<std::string>{"--json", "--move", "6"},
        std::vector<std::string>{"--json", "--move", "5"}}) {
    const RunResult r = g.show(std::to_string(g.go), more);
    INFO(r.err);
    CHECK(r.exit_code == 1);
    const Json j = Json::parse(r.out);
    CHECK(j.at("move_number") == 4);
    CHECK(j.at("hash") == stored_hash(g.db, g.go, 4));
    CHECK(j.at("stopped") == "move 5 (B ee): ee is occupied");
    CHECK(j.at("counts").at("B").at("captures") == 1);  // move 3's, before the stop
    CHECK(r.err == "ludex show: --game " + std::to_string(g.go) +
                       (more.size() > 1 ? " --move " + more.back() : std::string()) +
                       ": positions stop at move 5 (B ee): ee is occupied; shown: the position "
                       "after move 4\n");
  }
  // The import stored no hash there either.
  CHECK(stored_hash(g.db, g.go, 5).empty());
  CHECK(stored_hash(g.db, g.go, 6).empty());
}

TEST_CASE("show: a blokus duo position with Pentobi's labels", "[e2e][positions][show]") {
  const ShowGames g;
  const Json j = show_json(g.db, g.duo);
  CHECK(j.at("family") == "blokus");
  CHECK(j.at("variant") == "Blokus Duo");
  CHECK(j.at("move_number") == 3);
  CHECK(j.at("occupants") == Json::parse(R"([{"color":"1","point":"e10"},
      {"color":"1","point":"f8"},{"color":"1","point":"f9"},{"color":"1","point":"g8"},
      {"color":"2","point":"j4"},{"color":"2","point":"j5"}])"));
  CHECK(j.at("counts") == Json::parse(R"({"1":{"cells":4},"2":{"cells":2}})"));
  CHECK(j.at("hash") == stored_hash(g.db, g.duo, -1));
  // Colour 2 has not moved yet after move 1: it is listed with 0 cells.
  CHECK(show_json(g.db, g.duo, 1).at("counts") ==
        Json::parse(R"({"1":{"cells":1},"2":{"cells":0}})"));
  CHECK(j.at("pieces").at("1") ==
        Json::parse(R"({"placed":["1","V3"],"left":["V5","L5","Z5","N","W","X","F","I5","T5",
        "Y","P","U","L4","I4","T4","Z4","O","I3","2"]})"));
  CHECK(j.at("pieces").at("2").at("placed") == Json::parse(R"(["2"])"));
  CHECK(j.at("moves").at(0).at("piece") == "1");
  // The table: Pentobi's colour names and pieces, a1 at the lower left, the
  // last piece (V3) bracketed run by run.
  const RunResult table = g.show(std::to_string(g.duo));
  REQUIRE(table.exit_code == 0);
  CHECK(table.out.find("game " + std::to_string(g.duo) +
                       ": blokus (Blokus Duo) 14x14, after move 3 of 3") == 0);
  CHECK(table.out.find("1 Purple (seat 1) b: 4 cells\n  placed: 1 V3\n  left (19): V5 L5 Z5 N W X "
                       "F I5 T5 Y P U L4 I4 T4 Z4 O I3 2\n2 Orange (seat 2) w: 2 cells\n") !=
        std::string::npos);
  CHECK(table.out.find("1. Purple 1 e10  2. Orange 2 j5,j4  3. Purple V3 f9,f8,g8\n") !=
        std::string::npos);
  CHECK(table.out.find("    a b c d e f g h i j k l m n\n"
                       "14  . . . . . . . . . . . . . .  14\n") != std::string::npos);
  CHECK(table.out.find("10  . . . . 1 . . . . . . . . .  10\n"
                       " 9  . . . . .(1). . . . . . . .  9\n"
                       " 8  . . . . .(1 1). . . . . . .  8\n") != std::string::npos);
  CHECK(
      table.out.ends_with(" 5  . . . . . . . . . 2 . . . .  5\n"
                          " 4  . . . . . . . . . 2 . . . .  4\n"
                          " 3  . . . . . . . . . . . . . .  3\n"
                          " 2  . . . . . . . . . . . . . .  2\n"
                          " 1  . . . . . . . . . . . . . .  1\n"
                          "    a b c d e f g h i j k l m n\n"));
}

TEST_CASE("show: a node holding two moves counts once, as nodes.move_number does",
          "[e2e][positions][show]") {
  // As GNU Go's regression game buzco1.sgf ends: ";B[tt]W[tt]", both passes
  // in one node. ludex stores one position per node and numbers nodes
  // carrying a move; --move N must name the node the database numbers N.
  ScratchDir dir("e2e-positions-show-two-moves");
  write_bytes(dir.path() / "two.sgf", "(;FF[4]GM[1]SZ[9];B[cc];W[gg];B[tt]W[tt];B[ee])\n");
  const std::string db = dir / "t.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const std::int64_t id = game_ids_by_file(db).at("two.sgf");
  const Json end = show_json(db, id);
  CHECK(end.at("main_line_moves") == 4);
  CHECK(end.at("move_number") == 4);
  CHECK(end.at("occupants") == Json::parse(R"([{"color":"B","point":"cc"},
      {"color":"B","point":"ee"},{"color":"W","point":"gg"}])"));
  for (int move = 0; move <= 4; ++move) {
    INFO("move " << move);
    const Json j = show_json(db, id, move);
    CHECK(j.at("move_number") == move);
    CHECK(j.at("hash") == stored_hash(db, id, move));
  }
  CHECK(show_json(db, id, 3).at("hash") == show_json(db, id, 2).at("hash"));
  CHECK(run_ludex({"show", "--db", db, "--game", std::to_string(id), "--move", "5"}).exit_code ==
        2);
}

TEST_CASE("show: a Little Golem torus game says its edges wrap", "[e2e][positions][show]") {
  ScratchDir dir("e2e-positions-show-torus");
  const std::string db = dir / "t.db";
  import_paths(db,
               {(corpus_dir() / "go" / "littlegolem-tasuki" / "lg-2326516-torusAdam.sgf").string(),
                (corpus_dir() / "go" / "littlegolem-tasuki" / "lg-2205068-goRio.sgf").string()});
  const auto ids = game_ids_by_file(db);
  const std::int64_t torus = ids.at("lg-2326516-torusAdam.sgf");
  const std::int64_t plain = ids.at("lg-2205068-goRio.sgf");
  CHECK(show_json(db, torus).at("torus") == true);
  CHECK(show_json(db, plain).at("torus") == false);
  const std::string text =
      run_ludex_ok({"show", "--db", db, "--game", std::to_string(torus), "--move", "1"}).out;
  CHECK(text.find(": go 11x11 torus (the edges wrap), after move 1 of ") != std::string::npos);
  CHECK(run_ludex_ok({"show", "--db", db, "--game", std::to_string(plain)}).out.find("torus") ==
        std::string::npos);
}

TEST_CASE("show: exit codes and messages for what does not exist", "[e2e][positions][show]") {
  const ShowGames g;
  const std::string duo = std::to_string(g.duo);
  SECTION("no such game: usage error") {
    const RunResult r = g.show("999", {"--json"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "ludex show: --game 999: there is no game 999\n");
  }
  SECTION("a move past the main line: usage error") {
    const RunResult r = g.show(duo, {"--move", "4"});
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == "ludex show: --game " + duo +
                       " --move 4: the main line has no position after 4 moves (it has 3)\n");
  }
  SECTION("a game without positions: exit 1") {
    const RunResult r = g.show(std::to_string(g.chess));
    CHECK(r.exit_code == 1);
    CHECK(r.err == "ludex show: --game " + std::to_string(g.chess) +
                       ": positions are not computed for games of family 'other'\n");
  }
  SECTION("a negative move: usage error") {
    const RunResult r = g.show(duo, {"--move", "-1"});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "ludex show: --move -1: must be a number from 0\n");
  }
  SECTION("a move that is not a number: usage error") {
    const RunResult r = g.show(duo, {"--move", "two"});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("'two'") != std::string::npos);
    CHECK(r.err.find("--move") != std::string::npos);
  }
  SECTION("no --game: usage error") {
    const RunResult r = run_ludex({"show", "--db", g.db});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--game") != std::string::npos);
  }
}

}  // namespace ludex::test
