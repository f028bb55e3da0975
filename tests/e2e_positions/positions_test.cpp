// End-to-end tests of positions through `ludex show`: the pegs and links at
// the end of every Twixt game of the corpus, and one position hash for one
// game whatever format it was read from.
#include <catch2/catch.hpp>

#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

RunResult ok(const std::vector<std::string>& args) {
  RunResult r = run_ludex(args);
  INFO("ludex " << args.front() << " stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return r;
}

Json show(const std::string& db, std::int64_t game, std::optional<int> move = std::nullopt) {
  std::vector<std::string> args = {"show", "--db", db, "--game", std::to_string(game), "--json"};
  if (move) {
    args.push_back("--move");
    args.push_back(std::to_string(*move));
  }
  return Json::parse(ok(args).out);
}

struct TwixtCounts {
  int pegs1 = 0;  // seat 1 (W)
  int links1 = 0;
  int pegs2 = 0;  // seat 2 (B)
  int links2 = 0;
  friend bool operator==(const TwixtCounts&, const TwixtCounts&) = default;
};

int count_of(const Json& show_json, const char* colour, const char* what) {
  const Json& counts = show_json.at("counts");
  if (!counts.contains(colour)) return 0;
  return counts.at(colour).value(what, 0);
}

bool is_point(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
  return i > 0 && i < s.size() &&
         std::all_of(s.begin() + static_cast<std::ptrdiff_t>(i), s.end(),
                     [](unsigned char c) { return std::isdigit(c) != 0; });
}

// Pegs per seat at the end of a game, counted from the file's text: every
// placement adds a peg of its seat; a swap (Little Golem "swap", T1 "swap")
// turns seat 1's first peg into seat 2's. Little Golem .tsgf: b = seat 1
// (moves first), r = seat 2. T1: 13 header lines, then one move per line,
// seat 1 first. nullopt for other formats.
std::optional<std::pair<int, int>> pegs_from_text(const fs::path& path) {
  const std::string text = read_bytes(path);
  std::vector<std::pair<int, std::string>> moves;  // seat, value
  if (path.extension() == ".tsgf") {
    for (std::size_t at = 0; (at = text.find(';', at)) != std::string::npos; ++at) {
      if (text.compare(at + 1, 2, "b[") != 0 && text.compare(at + 1, 2, "r[") != 0) continue;
      const std::size_t end = text.find(']', at);
      moves.emplace_back(text[at + 1] == 'b' ? 1 : 2, text.substr(at + 3, end - at - 3));
    }
  } else if (path.extension() == ".T1") {
    std::istringstream in(text);
    std::string line;
    for (int n = 0; std::getline(in, line); ++n) {
      if (n < 13) continue;
      line = line.substr(0, line.find('#'));
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
        line.pop_back();
      if (line.empty()) continue;
      moves.emplace_back(static_cast<int>(moves.size() % 2) + 1, line);
    }
  } else {
    return std::nullopt;
  }
  int pegs[3] = {0, 0, 0};
  for (auto [seat, value] : moves) {
    // Little Golem: two coordinate bytes (past 'z' on big boards, '|'
    // among them), a draw offer appended as "|draw".
    if (value.size() > 2 && value.ends_with("|draw")) value.resize(value.size() - 5);
    if (value == "swap") {
      --pegs[1];
      ++pegs[2];
    } else if (path.extension() == ".tsgf" ? value.size() == 2 : is_point(value)) {
      ++pegs[seat];
    }
  }
  return std::make_pair(pegs[1], pegs[2]);
}

}  // namespace

TEST_CASE("pegs and links at the end of every twixt game of the corpus", "[e2e][positions]") {
  ScratchDir dir("e2e-positions-twixt");
  const std::string db = dir / "corpus.db";
  ok({"import", "--db", db, "--quiet", corpus_dir().string()});
  // Pinned from `ludex show`; the pegs are also counted from the files below.
  const std::map<std::string, TwixtCounts> expected = {
      {"SYNTHETIC-lg2206555-twixt-commentator-style.tgt", {9, 5, 8, 3}},
      {"lg-1107581-twixtSpdIv.tsgf", {18, 10, 19, 15}},
      {"lg-2298348-twixtCassiel.tsgf", {27, 9, 27, 16}},
      {"twixtbot-ui-drawngame.T1", {29, 18, 29, 26}},
      {"twixtbot-ui-full_board.T1", {286, 140, 286, 131}},
      {"twixtbot-ui-game2206555.tsgf", {9, 5, 8, 3}},
      {"twixtbot-ui-game2209801.tsgf", {20, 15, 20, 9}},
      {"twixtbot-ui-game2220939.tsgf", {11, 4, 10, 4}},
      {"twixtbot-ui-sample.T1", {2, 0, 2, 0}},
      {"twixtbot-ui-testwin.T1", {24, 16, 24, 17}},
  };
  std::map<std::string, TwixtCounts> found;
  std::cout << "twixt positions at the end of the main line (W = seat 1, B = seat 2):\n";
  for (const Json& game :
       json_lines(ok({"query", "--db", db, "--family", "twixt", "--json"}).out)) {
    const fs::path file = game.at("file").get<std::string>();
    const Json s = show(db, game.at("game_id").get<std::int64_t>());
    const TwixtCounts c{count_of(s, "W", "pegs"), count_of(s, "W", "links"),
                        count_of(s, "B", "pegs"), count_of(s, "B", "links")};
    found[file.filename().string()] = c;
    std::cout << "  " << file.filename().string() << ": move " << s.at("move_number") << ", W "
              << c.pegs1 << " pegs " << c.links1 << " links, B " << c.pegs2 << " pegs " << c.links2
              << " links\n";
    CHECK(s.at("links").size() == static_cast<std::size_t>(c.links1 + c.links2));
    if (const auto pegs = pegs_from_text(file)) {
      INFO(file.string());
      CHECK(c.pegs1 == pegs->first);
      CHECK(c.pegs2 == pegs->second);
    }
  }
  CHECK(found == expected);
}

TEST_CASE("one twixt game as .tgt, Little Golem and GM[21] SGF with long moves",
          "[e2e][positions]") {
  // The corpus holds Little Golem game 2206555 twice: as the twixtbot-ui
  // .tsgf and as a .tgt (with the known writer's swap form, no resign).
  // A GM[21] record of it is written here by hand: W = seat 1, points with
  // row 1 at the top (LG "dd" = d4). Move 11 is a long move that removes the
  // link o12-n10 (centre n'11, falling to the right) and adds it back before
  // placing its peg: the same position, said the long way.
  ScratchDir dir("e2e-positions-twixt-formats");
  fs::copy_file(corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf", dir.path() / "lg.tsgf");
  fs::copy_file(
      corpus_dir() / "gtv" / "synthetic" / "SYNTHETIC-lg2206555-twixt-commentator-style.tgt",
      dir.path() / "jt.tgt");
  write_bytes(dir.path() / "gm21.sgf",
              "(;FF[4]GM[21]SZ[24]PW[Hekate]PB[Goro56]"
              ";W[d4];B[t8];W[k10];B[j16];W[p16];B[m13];W[o12];B[n11];W[n10];B[o14]"
              ";W[-n'11][\\n'11][p14];B[p18];W[o18];B[n19];W[m19];B[m7];W[m8])\n");
  const std::string db = dir / "t.db";
  ok({"import", "--db", db, "--quiet", dir.path().string()});
  std::map<std::string, std::int64_t> ids;
  for (const Json& g : json_lines(ok({"query", "--db", db, "--json"}).out)) {
    ids[fs::path(g.at("file").get<std::string>()).filename().string()] = g.at("game_id");
  }
  REQUIRE(ids.size() == 3);
  for (int move = 0; move <= 17; ++move) {
    INFO("move " << move);
    const Json lg = show(db, ids.at("lg.tsgf"), move);
    CHECK(show(db, ids.at("jt.tgt"), move).at("hash") == lg.at("hash"));
    CHECK(show(db, ids.at("gm21.sgf"), move).at("hash") == lg.at("hash"));
  }
}

TEST_CASE("one hex game as .hgt, HexGui SGF and Little Golem record", "[e2e][positions]") {
  // On 7x7: seat 1 c2, swap (seat 2's stone on the reflected cell b3), then
  // d4, c5, e6. Little Golem writes seat 1's moves W and cells as column,
  // row letters ("cb" = c2); the .hgt (docs/formats-gtv.md) writes (x, y,
  // colour) from 0 and the known writer's swap: seat 1's first stone
  // transposed, then seat 2's in the same cell. (HexGui from 1.0: before,
  // its "swap-pieces" meant swap-sides.)
  ScratchDir dir("e2e-positions-hex-formats");
  write_bytes(dir.path() / "lg.sgf",
              "(;FF[4]EV[hex.HEX7.mc.2020.jan.1.1]PB[alice]PW[bob]SZ[7]RE[B]GC[ game #1]"
              "SO[http://www.littlegolem.com];W[cb];B[swap];W[dd];B[ce];W[ef])\n");
  write_bytes(dir.path() / "hexgui.sgf",
              "(;FF[4]GM[11]SZ[7]AP[HexGui:1.0]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];B[d4];W[c5];B[e6])\n");
  std::string hgt;
  auto be32 = [](std::uint32_t v) {
    return std::string{static_cast<char>(v >> 24), static_cast<char>((v >> 16) & 0xff),
                       static_cast<char>((v >> 8) & 0xff), static_cast<char>(v & 0xff)};
  };
  auto header = [&](const std::string& key, const std::string& value) {
    hgt += static_cast<char>(key.size()) + key + be32(static_cast<std::uint32_t>(value.size())) +
           value;
  };
  auto node = [&](int x, int y, int colour, int children) {
    if (colour != 0) {
      hgt += std::string{'\x01', 'm', '\0', '\x03'};  // key "m", 3-byte value
      hgt += std::string{static_cast<char>(x), static_cast<char>(y), static_cast<char>(colour)};
    }
    hgt += std::string{'\0', '\0', static_cast<char>(children)};
  };
  header("gtv", be32(2));
  header("player1", "alice");
  header("player2", "bob");
  header("type", "hex1");
  header("bdsize", be32(7));
  header("hgtv", be32(1));
  hgt += '\0';
  node(0, 0, 0, 1);
  node(1, 2, 1, 1);  // c2 = (2, 1), transposed
  node(1, 2, 2, 1);  // seat 2 in the same cell: the swap
  node(3, 3, 1, 1);  // d4
  node(2, 4, 2, 1);  // c5
  node(4, 5, 1, 0);  // e6
  write_bytes(dir.path() / "jh.hgt", hgt);
  const std::string db = dir / "h.db";
  ok({"import", "--db", db, "--quiet", dir.path().string()});
  std::map<std::string, std::int64_t> ids;
  for (const Json& g : json_lines(ok({"query", "--db", db, "--json"}).out)) {
    ids[fs::path(g.at("file").get<std::string>()).filename().string()] = g.at("game_id");
  }
  REQUIRE(ids.size() == 3);
  for (int move = 0; move <= 5; ++move) {
    INFO("move " << move);
    const Json gui = show(db, ids.at("hexgui.sgf"), move);
    CHECK(show(db, ids.at("lg.sgf"), move).at("hash") == gui.at("hash"));
    CHECK(show(db, ids.at("jh.hgt"), move).at("hash") == gui.at("hash"));
  }
  // After the swap seat 2's stone stands on b3 and seat 1 has none.
  const Json swapped = show(db, ids.at("hexgui.sgf"), 2);
  REQUIRE(swapped.at("occupants").size() == 1);
  CHECK(swapped.at("occupants").at(0) == Json{{"color", "W"}, {"point", "b3"}});
}

}  // namespace ludex::test
