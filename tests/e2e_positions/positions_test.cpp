// End-to-end tests of positions through `ludex show`: the pegs and links at
// the end of every Twixt game of the corpus (counted again here from the
// files' text with an independent reading of the linking rules), the stored
// hash at every move, and one position hash per game whatever format it was
// read from (Twixt .tgt / Little Golem / GM[21] with a long move or a swap;
// Hex .hgt / HexGui / Little Golem, on a small game and on a real Little
// Golem game of the corpus with a swap).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

struct TwixtCounts {
  int pegs1 = 0;  // seat 1 (W)
  int links1 = 0;
  int pegs2 = 0;  // seat 2 (B)
  int links2 = 0;
  friend bool operator==(const TwixtCounts&, const TwixtCounts&) = default;
};

int count_of(const Json& show, const char* colour, const char* what) {
  const Json& counts = show.at("counts");
  if (!counts.contains(colour)) return 0;
  return counts.at(colour).value(what, 0);
}

// One move of a Twixt record as its text says it.
struct TextMove {
  enum class Kind { kPeg, kSwap, kOther } kind = Kind::kOther;
  int seat = 0;
  int x = 0;  // column from the left, from 0
  int y = 0;  // row from the top, from 0
};

// Twixt notation as the Twixt spec and `ludex show` write it: column
// letters, then the row counted from the top from 1.
std::string twixt_point(int x, int y) {
  std::string letters;
  for (int n = x + 1; n > 0; n = (n - 1) / 26) letters.insert(letters.begin(), 'a' + (n - 1) % 26);
  return letters + std::to_string(y + 1);
}

// The moves of a Little Golem .tsgf (b = seat 1, moves first; r = seat 2;
// two coordinate bytes, column then row, 'a' = 0, bytes past 'z' on big
// boards; "swap"; "|draw" appended to a placement offers a draw) or of a T1
// file (13 header lines, line 10 the starting player; then one move per
// line, "e15" or a word; players alternate). nullopt for other formats and
// for T1 files where player 2 starts (ludex transposes those); an empty
// starting-player line means player 1, as in twixtbot-ui's sample files.
std::optional<std::vector<TextMove>> moves_from_text(const fs::path& path) {
  const std::string text = read_bytes(path);
  std::vector<TextMove> moves;
  auto add = [&](int seat, std::string value, bool little_golem) {
    TextMove m;
    m.seat = seat;
    if (value.size() > 2 && value.ends_with("|draw")) value.resize(value.size() - 5);
    if (value == "swap") {
      m.kind = TextMove::Kind::kSwap;
    } else if (little_golem && value.size() == 2) {
      m.kind = TextMove::Kind::kPeg;
      m.x = static_cast<unsigned char>(value[0]) - 'a';
      m.y = static_cast<unsigned char>(value[1]) - 'a';
    } else if (!little_golem) {
      std::size_t i = 0;
      int column = 0;
      for (; i < value.size() && std::isalpha(static_cast<unsigned char>(value[i])); ++i) {
        column = column * 26 + (std::tolower(static_cast<unsigned char>(value[i])) - 'a' + 1);
      }
      const bool digits = i > 0 && i < value.size() &&
                          std::all_of(value.begin() + static_cast<std::ptrdiff_t>(i), value.end(),
                                      [](unsigned char c) { return std::isdigit(c) != 0; });
      if (digits) {
        m.kind = TextMove::Kind::kPeg;
        m.x = column - 1;
        m.y = std::stoi(value.substr(i)) - 1;
      }
    }
    moves.push_back(m);
  };
  if (path.extension() == ".tsgf") {
    for (std::size_t at = 0; (at = text.find(';', at)) != std::string::npos; ++at) {
      if (text.compare(at + 1, 2, "b[") != 0 && text.compare(at + 1, 2, "r[") != 0) continue;
      const std::size_t end = text.find(']', at);
      add(text[at + 1] == 'b' ? 1 : 2, text.substr(at + 3, end - at - 3), true);
    }
    return moves;
  }
  if (path.extension() == ".T1") {
    std::istringstream in(text);
    std::string line;
    for (int n = 0; std::getline(in, line); ++n) {
      line = line.substr(0, line.find('#'));
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) {
        line.pop_back();
      }
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front()))) {
        line.erase(line.begin());
      }
      if (n == 9 && !line.empty() && line != "1") return std::nullopt;
      if (n < 13 || line.empty()) continue;
      add(static_cast<int>(moves.size() % 2) + 1, line, false);
    }
    return moves;
  }
  return std::nullopt;
}

// The pegs and links at the end of `moves`, by a reading of the Twixt rules
// written for this test: a new peg links to every own peg a knight's move
// away unless the link would cross a link it may not cross (under PP the
// other seat's links, under STD any link). Two links cross when each one's
// ends lie strictly on both sides of the other's line (knight links hold no
// lattice point inside, so touching is only at shared ends). A swap turns
// seat 1's only peg into seat 2's, mirrored (x, y) -> (y, x). Returns
// "W:x" / "B:x" for pegs and "W:a-b" for links, a < b as `show` sorts them.
std::multiset<std::string> position_from_moves(const std::vector<TextMove>& moves, bool pp) {
  struct Link {
    int x1, y1, x2, y2, seat;
  };
  std::map<std::pair<int, int>, int> pegs;
  std::vector<Link> links;
  auto side = [](int ax, int ay, int bx, int by, int px, int py) {
    const long v = static_cast<long>(bx - ax) * (py - ay) - static_cast<long>(by - ay) * (px - ax);
    return (v > 0) - (v < 0);
  };
  auto crosses = [&](const Link& a, const Link& b) {
    return side(a.x1, a.y1, a.x2, a.y2, b.x1, b.y1) * side(a.x1, a.y1, a.x2, a.y2, b.x2, b.y2) <
               0 &&
           side(b.x1, b.y1, b.x2, b.y2, a.x1, a.y1) * side(b.x1, b.y1, b.x2, b.y2, a.x2, a.y2) < 0;
  };
  constexpr std::array<std::pair<int, int>, 8> kKnight = {
      {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
  for (const TextMove& m : moves) {
    if (m.kind == TextMove::Kind::kSwap) {
      REQUIRE(pegs.size() == 1);
      const auto [xy, seat] = *pegs.begin();
      pegs.clear();
      pegs[{xy.second, xy.first}] = 2;
      continue;
    }
    if (m.kind != TextMove::Kind::kPeg) continue;
    pegs[{m.x, m.y}] = m.seat;
    for (const auto& [dx, dy] : kKnight) {
      const auto other = pegs.find({m.x + dx, m.y + dy});
      if (other == pegs.end() || other->second != m.seat) continue;
      const Link link{m.x, m.y, m.x + dx, m.y + dy, m.seat};
      const bool blocked = std::any_of(links.begin(), links.end(), [&](const Link& l) {
        return (!pp || l.seat != m.seat) && crosses(l, link);
      });
      if (!blocked) links.push_back(link);
    }
  }
  std::multiset<std::string> out;
  auto colour = [](int seat) { return seat == 1 ? "W:" : "B:"; };
  for (const auto& [xy, seat] : pegs) out.insert(colour(seat) + twixt_point(xy.first, xy.second));
  for (const Link& l : links) {
    std::pair<int, int> a{l.x1, l.y1};
    std::pair<int, int> b{l.x2, l.y2};
    if (b < a) std::swap(a, b);
    out.insert(colour(l.seat) + twixt_point(a.first, a.second) + "-" +
               twixt_point(b.first, b.second));
  }
  return out;
}

std::multiset<std::string> position_from_show(const Json& show) {
  std::multiset<std::string> out;
  for (const Json& o : show.at("occupants")) {
    out.insert(o.at("color").get<std::string>() + ":" + o.at("point").get<std::string>());
  }
  for (const Json& l : show.at("links")) {
    out.insert(l.at("color").get<std::string>() + ":" + l.at("from").get<std::string>() + "-" +
               l.at("to").get<std::string>());
  }
  return out;
}

}  // namespace

TEST_CASE("pegs and links at the end of every twixt game of the corpus", "[e2e][positions]") {
  ScratchDir dir("e2e-positions-twixt");
  const std::string db = dir / "corpus.db";
  run_ludex_ok({"import", "--db", db, "--quiet", corpus_dir().string()});
  // The number of import warnings over the whole corpus, file by file with
  // their reasons in docs/corpus.md ("The 43 warnings"), pinned by
  // tests/e2e/corpus_test.cpp.
  const Json warnings = info_json(db).at("warnings");
  std::cout << "corpus import warnings: " << warnings << "\n";
  CHECK(warnings == 43);
  // Pinned from `ludex show`; all but the .tgt are also rebuilt from the
  // files' text below, and the .tgt equals the Little Golem record of the
  // same game (the next test).
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
  int rebuilt = 0;
  std::cout << "twixt positions at the end of the main line (W = seat 1, B = seat 2):\n";
  for (const Json& game :
       json_lines(run_ludex_ok({"query", "--db", db, "--family", "twixt", "--json"}).out)) {
    const fs::path file = game.at("file").get<std::string>();
    const std::int64_t id = game.at("game_id").get<std::int64_t>();
    INFO(file.string());
    const Json s = show_json(db, id);
    const TwixtCounts c{count_of(s, "W", "pegs"), count_of(s, "W", "links"),
                        count_of(s, "B", "pegs"), count_of(s, "B", "links")};
    found[file.filename().string()] = c;
    std::cout << "  " << file.filename().string() << ": move " << s.at("move_number") << ", W "
              << c.pegs1 << " pegs " << c.links1 << " links, B " << c.pegs2 << " pegs " << c.links2
              << " links\n";
    CHECK(s.at("links").size() == static_cast<std::size_t>(c.links1 + c.links2));
    CHECK(s.at("stopped").is_null());
    CHECK(s.at("hash") == stored_hash(db, id, -1));
    if (const auto moves = moves_from_text(file)) {
      // Little Golem plays pencil-and-paper rules; T1 files carry no ruleset
      // and are read under the standard rules.
      const bool pp = file.extension() == ".tsgf";
      CHECK(position_from_show(s) == position_from_moves(*moves, pp));
      ++rebuilt;
    }
  }
  CHECK(found == expected);
  CHECK(rebuilt == 9);
}

TEST_CASE("show gives the stored hash at every move of every corpus twixt game",
          "[e2e][positions]") {
  ScratchDir dir("e2e-positions-twixt-hashes");
  const std::string db = dir / "twixt.db";
  run_ludex_ok({"import", "--db", db, "--quiet", (corpus_dir() / "twixt").string(),
                (corpus_dir() / "gtv").string()});
  int checked = 0;
  for (const Json& game :
       json_lines(run_ludex_ok({"query", "--db", db, "--family", "twixt", "--json"}).out)) {
    const std::int64_t id = game.at("game_id").get<std::int64_t>();
    const std::int64_t moves = show_json(db, id).at("main_line_moves").get<std::int64_t>();
    // The 572-move board-filling game every 11th move; the others at all.
    const std::int64_t step = moves > 100 ? 11 : 1;
    for (std::int64_t move = 0; move <= moves; move += step) {
      INFO(game.at("file").get<std::string>() << " move " << move);
      const Json s = show_json(db, id, move);
      CHECK(s.at("move_number") == move);
      CHECK(s.at("hash") == stored_hash(db, id, move));
      ++checked;
    }
  }
  std::cout << "twixt positions checked against nodes.position_hash: " << checked << "\n";
  CHECK(checked ==
        17 + 1 + 39 + 1 + 55 + 1 + 58 + 1 + 53 + 18 + 1 + 40 + 1 + 22 + 1 + 6 + 1 + 48 + 1);
}

TEST_CASE("one twixt game as .tgt, Little Golem and GM[21] SGF with long moves",
          "[e2e][positions]") {
  // The corpus holds Little Golem game 2206555 twice: as the twixtbot-ui
  // .tsgf and as a .tgt written the known writer's way (no resign there).
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
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 3);
  for (int move = 0; move <= 17; ++move) {
    INFO("move " << move);
    const Json lg = show_json(db, ids.at("lg.tsgf"), move);
    CHECK(show_json(db, ids.at("jt.tgt"), move).at("hash") == lg.at("hash"));
    CHECK(show_json(db, ids.at("gm21.sgf"), move).at("hash") == lg.at("hash"));
  }
}

TEST_CASE("one twixt game with a swap as .tgt, Little Golem and GM[21] SGF", "[e2e][positions]") {
  // Seat 1 c8, seat 2 swaps (its peg on the mirrored hole h3), then k10,
  // j12, l12, i14, m14: W links k10-l12 and l12-m14, B links j12-i14.
  // Little Golem: "ch" = column c, row 8. GM[21]: swap-pieces (the spec's
  // name). .tgt (docs/formats-gtv.md §3): the known writer's swap, seat 1's
  // first peg transposed, then seat 2's peg in the same hole.
  ScratchDir dir("e2e-positions-twixt-swap");
  write_twixt_swap_game(dir.path() / "gm21.sgf", dir.path() / "lg.tsgf", dir.path() / "jt.tgt");
  const std::string db = dir / "t.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 3);
  for (int move = 0; move <= 7; ++move) {
    INFO("move " << move);
    const Json lg = show_json(db, ids.at("lg.tsgf"), move);
    CHECK(show_json(db, ids.at("jt.tgt"), move).at("hash") == lg.at("hash"));
    CHECK(show_json(db, ids.at("gm21.sgf"), move).at("hash") == lg.at("hash"));
  }
  const Json swapped = show_json(db, ids.at("gm21.sgf"), 2);
  CHECK(swapped.at("occupants") == Json::parse(R"([{"color":"B","point":"h3"}])"));
  const Json end = show_json(db, ids.at("jt.tgt"));
  CHECK(position_from_show(end) == std::multiset<std::string>{"W:k10", "W:l12", "W:m14", "B:h3",
                                                              "B:j12", "B:i14", "W:k10-l12",
                                                              "W:l12-m14", "B:i14-j12"});
}

TEST_CASE("one hex game as .hgt, HexGui SGF and Little Golem record", "[e2e][positions]") {
  // On 7x7: seat 1 c2, swap (seat 2's stone on the reflected cell b3), then
  // d4, c5, e6. Little Golem writes seat 1's moves W and cells as column,
  // row letters ("cb" = c2); the .hgt (docs/formats-gtv.md) writes (x, y,
  // colour) from 0 and the known writer's swap: seat 1's first stone
  // transposed, then seat 2's in the same cell. HexGui from 1.0 means a
  // swap-pieces by "swap-pieces"; before 1.0 the same word meant swap-sides,
  // which leaves the board as it is.
  ScratchDir dir("e2e-positions-hex-formats");
  write_hex_swap_game(dir.path() / "hexgui.sgf", dir.path() / "lg.sgf", dir.path() / "jh.hgt");
  write_bytes(dir.path() / "hexgui09.sgf",
              "(;FF[4]GM[11]SZ[7]AP[HexGui:0.9]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];W[d4])\n");
  const std::string db = dir / "h.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 4);
  for (int move = 0; move <= 5; ++move) {
    INFO("move " << move);
    const Json gui = show_json(db, ids.at("hexgui.sgf"), move);
    CHECK(show_json(db, ids.at("lg.sgf"), move).at("hash") == gui.at("hash"));
    CHECK(show_json(db, ids.at("jh.hgt"), move).at("hash") == gui.at("hash"));
    CHECK(gui.at("hash") == stored_hash(db, ids.at("hexgui.sgf"), move));
  }
  // After the swap seat 2's stone stands on b3 and seat 1 has none.
  const Json swapped = show_json(db, ids.at("hexgui.sgf"), 2);
  REQUIRE(swapped.at("occupants").size() == 1);
  CHECK(swapped.at("occupants").at(0) == Json{{"color", "W"}, {"point", "b3"}});
  // HexGui 0.9's swap-pieces is a swap-sides: c2 stays seat 1's; seat 2,
  // now playing on, adds d4.
  const std::int64_t old = ids.at("hexgui09.sgf");
  CHECK(show_json(db, old, 2).at("hash") == show_json(db, old, 1).at("hash"));
  CHECK(show_json(db, old, 1).at("hash") == show_json(db, ids.at("hexgui.sgf"), 1).at("hash"));
  CHECK(show_json(db, old).at("occupants") ==
        Json::parse(R"([{"color":"B","point":"c2"},{"color":"W","point":"d4"}])"));
}

TEST_CASE("a corpus little golem hex game with a swap as .hgt and HexGui SGF", "[e2e][positions]") {
  // Little Golem game 1723696 (13x13, 76 moves, a swap of the corner stone
  // a13, then seat 2 resigns), taken from the corpus's zerohex download,
  // and the same game written here by hand as HexGui SGF and as .hgt. Little
  // Golem writes seat 1's moves W and cells as column, row letters
  // ("am" = a13); HexGui writes seat 1 B and "a13"; the .hgt holds (x, y,
  // colour) from 0 and the known writer's swap (seat 1's first stone
  // transposed, then seat 2's stone in the same cell). The resignation is
  // left out of the .hgt (Jhex has no resign), so hashes are compared up to
  // the last placement; a resign changes no position anyway.
  const std::string download =
      read_bytes(corpus_dir() / "hex" / "littlegolem-zerohex" / "data_text_games__1872.txt");
  const std::size_t mark = download.find("GC[ game #1723696]");
  REQUIRE(mark != std::string::npos);
  const std::size_t begin = download.rfind("(;", mark);
  const std::size_t stop = download.find(')', download.find("B[resign]", mark));
  REQUIRE(stop != std::string::npos);
  const std::string record = download.substr(begin, stop + 1 - begin);

  struct Cell {
    int seat = 0;
    int x = 0;
    int y = 0;
    bool swap = false;
  };
  std::vector<Cell> moves;
  for (std::size_t at = record.find(";W["); at != std::string::npos;) {
    const std::size_t close = record.find(']', at);
    const std::string value = record.substr(at + 3, close - at - 3);
    const int seat = record[at + 1] == 'W' ? 1 : 2;
    if (value == "swap") {
      moves.push_back({seat, 0, 0, true});
    } else if (value != "resign") {
      REQUIRE(value.size() == 2);
      moves.push_back({seat, value[0] - 'a', value[1] - 'a', false});
    }
    at = record.find(';', close);
  }
  REQUIRE(moves.size() == 75);
  REQUIRE(moves[1].swap);

  std::string hexgui = "(;FF[4]GM[11]SZ[13]AP[HexGui:1.0]PB[Giupiter]PW[Tommah]";
  GtvBytes hgt;
  hgt.version2_header("hex1", 13, "Giupiter", "Tommah");
  hgt.node(0, 0, 0, 1);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Cell& m = moves[i];
    const int children = i + 1 < moves.size() ? 1 : 0;
    hexgui += m.seat == 1 ? ";B[" : ";W[";
    if (m.swap) {
      hexgui += "swap-pieces]";
      hgt.node(moves[0].y, moves[0].x, 2, children);
      continue;
    }
    hexgui += std::string(1, static_cast<char>('a' + m.x)) + std::to_string(m.y + 1) + "]";
    if (i == 0) {
      hgt.node(m.y, m.x, 1, children);  // transposed: a swap follows
    } else {
      hgt.node(m.x, m.y, m.seat, children);
    }
  }
  hexgui += ")\n";

  ScratchDir dir("e2e-positions-hex-corpus-game");
  write_bytes(dir.path() / "lg.sgf", record + "\n");
  write_bytes(dir.path() / "hexgui.sgf", hexgui);
  write_bytes(dir.path() / "jh.hgt", hgt.bytes());
  const std::string db = dir / "h.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 3);
  CHECK(show_json(db, ids.at("lg.sgf")).at("main_line_moves") == 76);
  for (int move = 0; move <= 75; ++move) {
    INFO("move " << move);
    const Json lg = show_json(db, ids.at("lg.sgf"), move);
    CHECK(lg.at("hash") == stored_hash(db, ids.at("lg.sgf"), move));
    CHECK(show_json(db, ids.at("hexgui.sgf"), move).at("hash") == lg.at("hash"));
    CHECK(show_json(db, ids.at("jh.hgt"), move).at("hash") == lg.at("hash"));
  }
  // The end position from the record's text: every placement, seat 1's
  // first stone replaced by seat 2's on the reflected cell (m1).
  std::multiset<std::string> expected;
  for (std::size_t i = 2; i < moves.size(); ++i) {
    expected.insert(std::string(moves[i].seat == 1 ? "B:" : "W:") +
                    static_cast<char>('a' + moves[i].x) + std::to_string(moves[i].y + 1));
  }
  expected.insert(std::string("W:") + static_cast<char>('a' + moves[0].y) +
                  std::to_string(moves[0].x + 1));
  const Json end = show_json(db, ids.at("jh.hgt"));
  CHECK(position_from_show(end) == expected);
  CHECK(expected.count("W:m1") == 1);
  std::cout << "little golem hex game 1723696: one hash per move in 3 formats, moves 0..75, "
            << end.at("occupants").size() << " stones at the end\n";
}

}  // namespace ludex::test
