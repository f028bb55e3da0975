// End-to-end: who has which colour after a Hex swap, as `ludex show` says
// it. A swap-sides (HexGui 1.0 and benzene's twogtp.py write it as
// `W[swap-pieces]` or `W[SWAP]` followed by another W move) leaves the
// stone and exchanges the players' colours: from it on, PB's player (seat
// 1) has White and PW's (seat 2) Black, and the colour lines name them so.
// RE keeps naming the seats (twogtp.py flips the engines' colour result
// after a swap). A swap-pieces (the stone reflected) exchanges nothing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

using Json = nlohmann::json;

// The lines of `text` that start with `start`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& start) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    if (text.compare(at, start.size(), start) == 0) out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

}  // namespace

TEST_CASE("show: after a swap-sides each colour line names the player who has the colour",
          "[e2e][positions][show]") {
  ScratchDir dir("e2e-positions-show-swap");
  // As 09/mw1.sgf of benzene's olympiad games: B a9, W swaps, W (PB's
  // player, alice) b8, B (PW's, bob) c7; RE[B+]: alice won, with White.
  const std::string moves = ";B[a9];W[%s];W[b8];B[c7])\n";
  struct Case {
    std::string file;
    std::string ap;
    std::string swap;
  };
  const std::vector<Case> cases = {{"hexgui10.sgf", "AP[HexGui:1.0.]", "swap-pieces"},
                                   {"benzene.sgf", "AP[Hex-benzene:0.1]", "SWAP"},
                                   {"no-ap.sgf", "", "swap-pieces"},
                                   {"explicit.sgf", "AP[HexGui:1.0.]", "swap-sides"}};
  for (const Case& c : cases) {
    std::string text = moves;
    text.replace(text.find("%s"), 2, c.swap);
    write_bytes(dir.path() / c.file, "(;FF[4]GM[11]SZ[9]" + c.ap + "PB[alice]PW[bob]RE[B+]" + text);
  }
  // Little Golem's swap is a swap-pieces: d2 reflected to b4, and the
  // players keep their colours.
  write_bytes(dir.path() / "lg.hsgf",
              "(;FF[4]EV[hex.mc.2010.oct.1.1]SZ[9]PB[alice]PW[bob]RE[B];W[bd];B[swap];W[ee])\n");
  const std::string db = dir / "swap.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);

  for (const Case& c : cases) {
    INFO(c.file);
    const std::string id = std::to_string(ids.at(c.file));
    const RunResult end = run_ludex_ok({"show", "--db", db, "--game", id});
    INFO(end.out);
    CHECK(lines_starting(end.out, "B (") ==
          std::vector<std::string>{"B (seat 2 since the swap-sides at move 2) bob: 2 stones, "
                                   "joins top and bottom (-)"});
    CHECK(lines_starting(end.out, "W (") ==
          std::vector<std::string>{"W (seat 1 since the swap-sides at move 2) alice: 1 stone, "
                                   "joins left and right (\\)"});
    CHECK(lines_starting(end.out, "result: ") ==
          std::vector<std::string>{
              "result: B+ (won by seat 1, alice, who has W since the swap-sides)"});
    CHECK(end.out.find("1. B a9  2. W swap-sides  3. W b8  4. B c7") != std::string::npos);
    // The stone stayed where it was, and is bob's now.
    const Json j = show_json(db, ids.at(c.file));
    CHECK(j.at("occupants") ==
          Json::parse(R"([{"color":"B","point":"a9"},{"color":"W","point":"b8"},
                          {"color":"B","point":"c7"}])"));
    CHECK(j.at("side_swaps") == Json::parse("[2]"));
    CHECK(j.at("sides") == Json::parse(R"([{"color":"B","seat":2,"name":"bob"},
                                           {"color":"W","seat":1,"name":"alice"}])"));
    CHECK(j.at("winner") == 1);
    // players keeps the seats as stored.
    CHECK(j.at("players") == Json::parse(R"([{"seat":1,"name":"alice"},
                                             {"seat":2,"name":"bob"}])"));

    // Before the swap, nothing is exchanged.
    const RunResult first = run_ludex_ok({"show", "--db", db, "--game", id, "--move", "1"});
    CHECK(lines_starting(first.out, "B (") ==
          std::vector<std::string>{"B (seat 1) alice: 1 stone, joins top and bottom (-)"});
    CHECK(lines_starting(first.out, "result: ") == std::vector<std::string>{"result: B+"});
    const Json before = show_json(db, ids.at(c.file), 1);
    CHECK(before.at("side_swaps").empty());
    CHECK(before.at("sides") == Json::parse(R"([{"color":"B","seat":1,"name":"alice"},
                                                {"color":"W","seat":2,"name":"bob"}])"));
  }

  // A swap-pieces leaves the players their colours.
  const RunResult lg =
      run_ludex_ok({"show", "--db", db, "--game", std::to_string(ids.at("lg.hsgf"))});
  INFO(lg.out);
  CHECK(lines_starting(lg.out, "B (").size() == 1);
  CHECK(lines_starting(lg.out, "B (")[0].rfind("B (seat 1) alice: ", 0) == 0);
  CHECK(lines_starting(lg.out, "W (")[0].rfind("W (seat 2) bob: ", 0) == 0);
  CHECK(lines_starting(lg.out, "result: ") == std::vector<std::string>{"result: B"});
}

}  // namespace ludex::test
