// `ludex query` and `ludex export` with node filters, run on the real binary.
// Every expected answer comes from the fixture text or the corpus files as
// the test reads them itself (or is worked out by hand in the comments),
// never from ludex's tables.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// (game file name, move_number) of every hit.
std::vector<std::pair<std::string, int>> hit_moves(const std::vector<Json>& hits) {
  std::vector<std::pair<std::string, int>> out;
  for (const Json& h : hits) {
    out.emplace_back(fs::path(h.at("file").get<std::string>()).filename().string(),
                     h.at("move_number").get<int>());
  }
  return out;
}

using Moves = std::vector<std::pair<std::string, int>>;

// Hex: main line c3 b2 d2 c2 b3; a variation from move 3: e1 c2 (by Black).
// Black c2 stands first at move 5 of the variation, never on the main line.
constexpr const char* kHexSgf =
    "(;FF[4]GM[11]SZ[5]PB[hex black]PW[hex white];B[c3];W[b2];B[d2](;W[c2];B[b3])(;W[e1];B[c2]))";
// Twixt GM[21], White (seat 1) first: d5 and e7 are a knight's move apart, so
// White's move 3 links them.
constexpr const char* kTwixtSgf =
    "(;GM[21]SZ[24]PW[twixt white]PB[twixt black];W[d5];B[j10];W[e7];B[k12])";
// Blokus Duo: colour 1 the monomino on e10, colour 2 the monomino on j5,
// colour 1 the domino f9-g9 touching e10's corner.
constexpr const char* kBlokusSgf = "(;GM[Blokus Duo];B[e10];W[j5];B[f9,g9])";

class Fixtures {
 public:
  Fixtures() : dir_("e2e-query") {
    write_bytes(dir_ / "h.sgf", kHexSgf);
    write_bytes(dir_ / "t.sgf", kTwixtSgf);
    write_bytes(dir_ / "b.blksgf", kBlokusSgf);
    db_ = dir_ / "f.db";
    import_paths(db_, {dir_ / "h.sgf", dir_ / "t.sgf", dir_ / "b.blksgf"});
  }
  const std::string& db() const { return db_; }
  const ScratchDir& dir() const { return dir_; }

 private:
  ScratchDir dir_;
  std::string db_;
};

TEST_CASE("query --has with --first across hex, twixt and blokus files", "[e2e][query]") {
  Fixtures f;
  const std::string& db = f.db();
  CHECK(hit_moves(query_json(db, {"--family", "hex", "--has", "B:c3,W:b2", "--first"})) ==
        Moves{{"h.sgf", 2}});
  // Without --first every node from move 2 on, variations included: 2 3 4 5
  // on the main line, 4 5 in the variation.
  CHECK(hit_moves(query_json(db, {"--family", "hex", "--has", "B:c3,W:b2"})).size() == 6);
  CHECK(hit_moves(query_json(db, {"--family", "hex", "--has", "B:c2", "--first"})) ==
        Moves{{"h.sgf", 5}});
  CHECK(query_json(db, {"--family", "hex", "--has", "B:c2", "--main-line"}).empty());
  // White's c2 is on the main line at move 4.
  CHECK(hit_moves(query_json(db, {"--family", "hex", "--has", "c2", "--first"})) ==
        Moves{{"h.sgf", 4}});
  CHECK(hit_moves(query_json(db, {"--family", "hex", "--has", "B:c3", "--empty", "b2",
                                  "--first"})) == Moves{{"h.sgf", 1}});

  CHECK(hit_moves(query_json(db, {"--family", "twixt", "--has", "W:d5,W:e7", "--first"})) ==
        Moves{{"t.sgf", 3}});
  CHECK(hit_moves(query_json(db, {"--family", "twixt", "--link", "W:e7-d5", "--first"})) ==
        Moves{{"t.sgf", 3}});
  CHECK(query_json(db, {"--family", "twixt", "--has", "B:d5"}).empty());
  CHECK(query_json(db, {"--family", "twixt", "--link", "B:d5-e7"}).empty());

  CHECK(hit_moves(query_json(db, {"--family", "blokus", "--has", "1:f9", "--first"})) ==
        Moves{{"b.blksgf", 3}});
  CHECK(hit_moves(query_json(db, {"--family", "blokus", "--has", "piece:1", "--first"})) ==
        Moves{{"b.blksgf", 1}});
  CHECK(hit_moves(query_json(db, {"--family", "blokus", "--has", "2:piece:1", "--first"})) ==
        Moves{{"b.blksgf", 2}});
  CHECK(hit_moves(query_json(db, {"--family", "blokus", "--has", "1:piece:2", "--first"})) ==
        Moves{{"b.blksgf", 3}});
  CHECK(query_json(db, {"--family", "blokus", "--has", "2:piece:2"}).empty());
  // Without --family a position condition has no notation to be read in.
  const RunResult r = run_ludex({"query", "--db", db, "--has", "B:c3"});
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--has needs --family"));
}

TEST_CASE("bad points and colours are usage errors naming option and item", "[e2e][query]") {
  Fixtures f;
  auto error_of = [&](std::vector<std::string> args) {
    std::vector<std::string> all = {"query", "--db", f.db()};
    all.insert(all.end(), args.begin(), args.end());
    const RunResult r = run_ludex(all);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    return r.err;
  };
  CHECK_THAT(error_of({"--family", "hex", "--has", "B:c3,Q:e5"}),
             Catch::Contains("--has: item 2 'Q:e5': unknown colour 'Q'"));
  CHECK_THAT(error_of({"--family", "hex", "--size", "5", "--has", "B:f1"}),
             Catch::Contains("--has: item 1 'B:f1'") && Catch::Contains("off the"));
  CHECK_THAT(error_of({"--family", "hex", "--empty", "c3,,d4"}),
             Catch::Contains("--empty: item 2 '': empty item"));
  CHECK_THAT(error_of({"--family", "twixt", "--has", "B:5e"}),
             Catch::Contains("--has: item 1 'B:5e'"));
  CHECK_THAT(error_of({"--family", "twixt", "--link", "W:d5-d6"}),
             Catch::Contains("--link: item 1 'W:d5-d6'") && Catch::Contains("knight"));
  CHECK_THAT(error_of({"--family", "blokus", "--has", "5:e10"}),
             Catch::Contains("unknown colour '5'"));
  CHECK_THAT(error_of({"--family", "go", "--has", "B:Z99"}), Catch::Contains("--has: item 1"));
  CHECK_THAT(error_of({"--symmetric"}), Catch::Contains("--symmetric needs"));
  CHECK_THAT(error_of({"--family", "hex", "--eval-source", "engine", "--has-eval"}),
             Catch::Contains("--eval-source"));
}

TEST_CASE("go points in SGF letters and board notation name the same point", "[e2e][query]") {
  ScratchDir dir("e2e-query-go");
  // Black pd = Q16 on 19x19 (column Q skips I, row 16 from the bottom).
  write_bytes(dir / "g.sgf", "(;GM[1]SZ[19]PB[a]PW[b];B[pd];W[dp];B[qf])");
  const std::string db = dir / "g.db";
  import_paths(db, {dir / "g.sgf"});
  CHECK(hit_moves(query_json(db, {"--family", "go", "--has", "B:pd", "--first"})) ==
        Moves{{"g.sgf", 1}});
  CHECK(hit_moves(query_json(db, {"--family", "go", "--has", "B:Q16", "--first"})) ==
        Moves{{"g.sgf", 1}});
  CHECK(hit_moves(query_json(db, {"--family", "go", "--has", "W:D4,B:R14", "--first"})) ==
        Moves{{"g.sgf", 3}});
}

// The two-letter value after ";X[" of the n-th move of a Little Golem game
// line (n from 0), "" if none.
std::string lg_move(const std::string& game, int n) {
  std::size_t at = 0;
  for (int i = 0; i <= n; ++i) {
    at = game.find(";", at == 0 ? 1 : at + 1);
    while (at != std::string::npos && !(at + 2 < game.size() && game[at + 2] == '[' &&
                                        (game[at + 1] == 'W' || game[at + 1] == 'B'))) {
      at = game.find(";", at + 1);
    }
    if (at == std::string::npos) return "";
  }
  const std::size_t end = game.find(']', at);
  return game.substr(at + 3, end - at - 3);
}

TEST_CASE("query --has --first on the Little Golem hex games agrees with the files",
          "[e2e][query]") {
  // For every game, the first two moves as written. Little Golem labels
  // seat 1's first move W. Seat 1's stone on the most common opening cell
  // first stands at move 1 exactly in the games that open there. A "swap"
  // second move (swap-pieces) replaces it by seat 2's stone on the cell
  // reflected in the long diagonal, so seat 2 first holds that cell at move
  // 2 in the swapped games and in those whose second move is there.
  const fs::path folder = corpus_dir() / "hex" / "littlegolem-zerohex";
  std::map<std::string, int> openings;  // first move -> games
  std::vector<std::tuple<std::string, int, std::string, std::string>> games;
  for (const auto& e : fs::directory_iterator(folder)) {
    const std::string text = read_bytes(e.path());
    std::size_t at = 0;
    int index = 0;
    while ((at = text.find("(;", at)) != std::string::npos) {
      const std::size_t end = text.find('\n', at);
      const std::string game = text.substr(at, end == std::string::npos ? end : end - at);
      games.emplace_back(e.path().filename().string(), index, lg_move(game, 0), lg_move(game, 1));
      ++openings[lg_move(game, 0)];
      ++index;
      at += 2;
    }
  }
  REQUIRE(games.size() > 1000);
  std::string cell;
  int best = 0;
  for (const auto& [c, n] : openings) {
    if (c.size() == 2 && n > best) {
      best = n;
      cell = c;
    }
  }
  const std::string mirror = {cell[1], cell[0]};
  std::set<std::pair<std::string, int>> opened;
  std::set<std::pair<std::string, int>> mirror_at_two;
  for (const auto& [file, index, first, second] : games) {
    if (first == cell) opened.emplace(file, index);
    if ((first == cell && second == "swap") || second == mirror) mirror_at_two.emplace(file, index);
  }
  REQUIRE(opened.size() >= 3);
  REQUIRE(mirror_at_two.size() >= 3);
  // Little Golem "cd" = column c, row d (4th from the top) = hex "c4".
  auto hex_point = [](const std::string& lg) {
    return std::string(1, lg[0]) + std::to_string(lg[1] - 'a' + 1);
  };

  ScratchDir dir("e2e-query-lg");
  const std::string db = dir / "lg.db";
  import_paths(db, {folder.string()});
  auto first_hits_at = [&](const std::string& has, int move) {
    std::set<std::pair<std::string, int>> out;
    for (const Json& h : query_json(db, {"--family", "hex", "--has", has, "--first"})) {
      if (h.at("move_number") == move) {
        out.emplace(fs::path(h.at("file").get<std::string>()).filename().string(),
                    h.at("game_index").get<int>());
      }
    }
    return out;
  };
  INFO("cell " << cell << " = " << hex_point(cell));
  CHECK(first_hits_at("B:" + hex_point(cell), 1) == opened);
  CHECK(first_hits_at("W:" + hex_point(mirror), 2) == mirror_at_two);
  const std::string point = hex_point(cell);
  // --count with --first counts games: at least the expected ones.
  const RunResult count = run_ludex_ok(
      {"query", "--db", db, "--family", "hex", "--has", "B:" + point, "--first", "--count"});
  CHECK(std::stoul(count.out) >= opened.size());
}

// A big-endian binary game-tree file (docs/formats-gtv.md), built by hand.
class GtvWriter {
 public:
  void header(const std::string& key, const std::string& value) {
    out_ += static_cast<char>(key.size());
    out_ += key;
    u32(static_cast<std::uint32_t>(value.size()));
    out_ += value;
  }
  void header_u32(const std::string& key, std::uint32_t v) { header(key, be32(v)); }
  void end_header() { out_ += '\0'; }
  // A node with a move (x, y, colour) unless colour is 0, an r value unless
  // r is absent, then its child count.
  void node(int x, int y, int colour, std::optional<int> r, int children) {
    if (colour != 0)
      pair("m", std::string{static_cast<char>(x), static_cast<char>(y), static_cast<char>(colour)});
    if (r) {
      const auto v = static_cast<std::uint16_t>(static_cast<std::int16_t>(*r));
      pair("r", std::string{static_cast<char>(v >> 8), static_cast<char>(v & 0xff)});
    }
    out_ += '\0';
    out_ += static_cast<char>(children >> 8);
    out_ += static_cast<char>(children & 0xff);
  }
  const std::string& bytes() const { return out_; }

 private:
  static std::string be32(std::uint32_t v) {
    return std::string{static_cast<char>(v >> 24), static_cast<char>((v >> 16) & 0xff),
                       static_cast<char>((v >> 8) & 0xff), static_cast<char>(v & 0xff)};
  }
  void u32(std::uint32_t v) { out_ += be32(v); }
  void pair(const std::string& key, const std::string& value) {
    out_ += static_cast<char>(key.size());
    out_ += key;
    out_ += static_cast<char>(value.size() >> 8);
    out_ += static_cast<char>(value.size() & 0xff);
    out_ += value;
  }
  std::string out_;
};

TEST_CASE("evaluation ranges and swings on a binary hex file", "[e2e][query]") {
  // root; 1: a1 r=0; 2: b2 r=300; 3: c3 r=-200; 4: d4 r=12345
  // (undetermined); 5: e5 r=9000; and a variation from 2: 3': d1 r=-5000.
  GtvWriter w;
  w.header_u32("gtv", 2);
  w.header("player1", "evalone");
  w.header("player2", "evaltwo");
  w.header("type", "hex1");
  w.header_u32("bdsize", 7);
  w.header_u32("hgtv", 1);
  w.end_header();
  w.node(0, 0, 0, std::nullopt, 1);
  w.node(0, 0, 1, 0, 1);
  w.node(1, 1, 2, 300, 2);
  w.node(2, 2, 1, -200, 1);
  w.node(3, 3, 2, 12345, 1);
  w.node(4, 4, 1, 9000, 0);
  w.node(3, 0, 1, -5000, 0);
  ScratchDir dir("e2e-query-eval");
  write_bytes(dir / "e.hgt", w.bytes());
  const std::string db = dir / "e.db";
  import_paths(db, {dir / "e.hgt"});
  auto moves = [&](std::vector<std::string> filters) {
    std::vector<int> out;
    for (const Json& h : query_json(db, filters)) out.push_back(h.at("move_number").get<int>());
    return out;
  };
  using Ints = std::vector<int>;
  // Node order: 1 2 3 4 5 3'.
  CHECK(moves({"--eval-min", "250"}) == Ints{2, 5});  // 12345 is no value
  CHECK(moves({"--eval-max", "-100"}) == Ints{3, 3});
  CHECK(moves({"--eval-min", "-300", "--eval-max", "300"}) == Ints{1, 2, 3});
  CHECK(moves({"--eval-min", "-300", "--eval-max", "300", "--main-line"}) == Ints{1, 2, 3});
  // Swings: 2: 300, 3: 500, 4: none, 5: none (its parent has no value),
  // 3': 5300.
  CHECK(moves({"--eval-swing", "400"}) == Ints{3, 3});
  CHECK(moves({"--eval-swing", "5300"}) == Ints{3});
  CHECK(moves({"--eval-swing", "400", "--main-line"}) == Ints{3});
  CHECK(moves({"--has-eval"}) == Ints{1, 2, 3, 5, 3});
  CHECK(moves({"--has-eval", "--first"}) == Ints{1});
  CHECK(moves({"--eval-min", "0", "--eval-source", "sgf"}).empty());
  CHECK(run_ludex_ok({"query", "--db", db, "--eval-swing", "400", "--count"}).out == "2\n");
}

// Lowercase words (letters and digits) of text.
std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::string word;
  for (char ch : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(ch))) {
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  return out;
}

// The C[] values of an SGF text without escapes.
std::vector<std::string> comments_of(const std::string& sgf) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while ((at = sgf.find("C[", at)) != std::string::npos) {
    const std::size_t end = sgf.find(']', at);
    out.push_back(sgf.substr(at + 2, end - at - 2));
    at = end;
  }
  return out;
}

std::size_t nodes_with_all(const std::vector<std::string>& comments,
                           const std::vector<std::string>& wanted) {
  std::size_t n = 0;
  for (const std::string& c : comments) {
    const std::vector<std::string> w = words(c);
    n += std::all_of(wanted.begin(), wanted.end(),
                     [&](const std::string& x) { return std::count(w.begin(), w.end(), x); })
             ? 1
             : 0;
  }
  return n;
}

TEST_CASE("comment search finds the words counted in the files", "[e2e][query]") {
  const std::string hex =
      "(;GM[11]SZ[9]PB[x]PW[y]C[Opening notes];B[e5]C[A BLUNDER already? No.];W[d6]C[bad move, "
      "really a blunder];B[c3]C[Good move.](;W[f4]C[The move is bad])(;W[g2]C[blunder!]))";
  const std::string go =
      "(;GM[1]SZ[9]PB[p]PW[q];B[ee]C[Move 1: nothing bad];W[dd]C[a fine move];B[cc]C[Blunder "
      "(bad)])";
  ScratchDir dir("e2e-query-comments");
  write_bytes(dir / "c1.sgf", hex);
  write_bytes(dir / "c2.sgf", go);
  const std::string db = dir / "c.db";
  import_paths(db, {dir / "c1.sgf", dir / "c2.sgf"});
  std::vector<std::string> comments = comments_of(hex);
  for (const std::string& c : comments_of(go)) comments.push_back(c);

  auto count = [&](std::vector<std::string> filters) {
    std::vector<std::string> args = {"query", "--db", db, "--count"};
    args.insert(args.end(), filters.begin(), filters.end());
    return std::stoul(run_ludex_ok(args).out);
  };
  CHECK(count({"--comment", "blunder"}) == nodes_with_all(comments, {"blunder"}));
  CHECK(count({"--comment", "blunder"}) == 4);
  CHECK(count({"--comment", "bad move"}) == nodes_with_all(comments, {"bad", "move"}));
  CHECK(count({"--comment", "Bad  MOVE"}) == nodes_with_all(comments, {"bad", "move"}));
  CHECK(count({"--comment", "move"}) == nodes_with_all(comments, {"move"}));
  CHECK(count({"--comment", "blund*"}) == 4);
  // A quoted phrase: the words next to each other, in order.
  CHECK(count({"--comment", "\"bad move\""}) == 1);
  CHECK(count({"--comment", "blunder", "--family", "go"}) == 1);
  CHECK(count({"--comment", "blunder", "--main-line"}) == 3);
  CHECK(count({"--comment", "blunder", "--first"}) == 2);  // games
  // FTS5 operators in plain words are words, not syntax.
  CHECK(count({"--comment", "AND OR ( NOT"}) == 0);

  const std::vector<Json> hits = query_json(db, {"--comment", "blunder", "--family", "hex"});
  REQUIRE(hits.size() == 3);
  CHECK(hits[0].at("move_number") == 1);
  CHECK_THAT(hits[0].at("comment").get<std::string>(), Catch::Contains("[BLUNDER]"));
  CHECK_THAT(hits[1].at("comment").get<std::string>(), Catch::Contains("a [blunder]"));

  const RunResult bad = run_ludex({"query", "--db", db, "--comment-fts", "blunder AND ("});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("comment search"));
  CHECK(count({"--comment-fts", "blunder NOT bad"}) == 2);
}

TEST_CASE("csv and json output have the documented shape", "[e2e][query]") {
  ScratchDir dir("e2e-query-shape");
  write_bytes(dir / "s.sgf", "(;GM[11]SZ[5]PB[Doe, John]PW[say \"hi\"]RE[B+];B[c3];W[b2])");
  const std::string db = dir / "s.db";
  import_paths(db, {dir / "s.sgf"});

  const std::string games = run_ludex_ok({"query", "--db", db, "--csv"}).out;
  CHECK(games.rfind("game_id,file,game_index,family,variant,player1,player2,player3,player4,result,"
                    "winner,date,event,moves,duplicate_of\r\n",
                    0) == 0);
  CHECK_THAT(games, Catch::Contains(",\"Doe, John\",\"say \"\"hi\"\"\",,,B+,1,"));
  CHECK(std::count(games.begin(), games.end(), '\n') == 2);

  const std::string nodes =
      run_ludex_ok({"query", "--db", db, "--csv", "--family", "hex", "--has", "c3"}).out;
  CHECK_THAT(nodes, Catch::StartsWith("game_id,") &&
                        Catch::Contains(",duplicate_of,node_id,move_number,depth,main_line,"
                                        "position_hash\r\n"));
  CHECK(std::count(nodes.begin(), nodes.end(), '\n') == 3);  // header, moves 1 and 2

  const std::vector<Json> g = query_json(db, {});
  REQUIRE(g.size() == 1);
  for (const char* key : {"game_id", "file", "game_index", "family", "players", "result"}) {
    CHECK(g[0].contains(key));
  }
  CHECK_FALSE(g[0].contains("node_id"));
  CHECK_FALSE(g[0].contains("duplicate_of"));
  const std::vector<Json> n = query_json(db, {"--family", "hex", "--has", "c3", "--limit", "1"});
  REQUIRE(n.size() == 1);
  CHECK(n[0].at("move_number") == 1);
  CHECK(n[0].at("depth") == 1);
  CHECK(n[0].at("main_line") == true);
  CHECK(n[0].at("position_hash").get<std::string>().size() == 16);
  CHECK(n[0].at("players")[0].at("name") == "Doe, John");
  // The table has a header and one line per hit.
  const std::string table =
      run_ludex_ok({"query", "--db", db, "--family", "hex", "--has", "c3"}).out;
  CHECK(std::count(table.begin(), table.end(), '\n') == 3);
  CHECK(run_ludex({"query", "--db", db, "--csv", "--json"}).exit_code == 2);
}

TEST_CASE("exporting a node query's games re-imports to the same games", "[e2e][query]") {
  Fixtures f;
  const std::string db = f.db();
  // Two more hex games: one with Black c3 (at move 3), one without.
  write_bytes(f.dir() / "h2.sgf",
              "(;GM[11]SZ[5]PB[second]PW[other];B[a1];W[e5];B[c3])"
              "(;GM[11]SZ[5]PB[third]PW[other];B[a2];W[e4])");
  import_paths(db, {f.dir() / "h2.sgf"});
  const std::vector<std::string> filter = {"--family", "hex", "--has", "B:c3"};
  std::vector<Json> before = query_json(db, {"--family", "hex", "--has", "B:c3", "--first"});
  REQUIRE(before.size() == 2);  // h.sgf and the first game of h2.sgf

  const std::string out = f.dir() / "out.sgf";
  std::vector<std::string> args = {"export", "--db", db, "--collection", out, "--quiet"};
  args.insert(args.end(), filter.begin(), filter.end());
  run_ludex_ok(args);
  const std::string db2 = f.dir() / "again.db";
  import_paths(db2, {out});
  const std::vector<Json> after = query_json(db2, {"--family", "hex", "--has", "B:c3", "--first"});
  REQUIRE(after.size() == before.size());
  for (std::size_t i = 0; i < before.size(); ++i) {
    CHECK(after[i].at("players") == before[i].at("players"));
    CHECK(after[i].at("moves") == before[i].at("moves"));
    CHECK(after[i].at("move_number") == before[i].at("move_number"));
    CHECK(after[i].at("position_hash") == before[i].at("position_hash"));
  }
  CHECK(query_json(db2, {}).size() == 2);
  // The same through --out: one file per game.
  const std::string dir_out = f.dir() / "files";
  run_ludex_ok({"export", "--db", db, "--out", dir_out, "--quiet", "--family", "hex", "--has",
                "B:c3", "--limit", "1"});
  CHECK(std::distance(fs::directory_iterator(dir_out), fs::directory_iterator()) == 1);
}

}  // namespace
}  // namespace ludex::test
