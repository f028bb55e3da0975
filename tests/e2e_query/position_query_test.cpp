// `ludex query --position / --position-file / --symmetric / --pattern` on
// the real binary: the same position found in a binary game-tree file, an
// SGF file and a Little Golem file; patterns anywhere on the board. The
// files and the expected answers are made by the test from the corpus text
// (or by hand), not by ludex.
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/e2e_positions/positions_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// (file name, move number) of every hit.
std::set<std::pair<std::string, int>> hit_set(const std::vector<Json>& hits) {
  std::set<std::pair<std::string, int>> out;
  for (const Json& h : hits) {
    out.emplace(fs::path(h.at("file").get<std::string>()).filename().string(),
                h.at("move_number").get<int>());
  }
  return out;
}

// The first n moves of a Little Golem Twixt record as (seat, column, row),
// 0-based: "b[dd]" is seat 1 (PB) on column d, row d.
std::vector<std::tuple<int, int, int>> lg_twixt_moves(const std::string& text, int n) {
  std::vector<std::tuple<int, int, int>> out;
  std::size_t at = 0;
  while (static_cast<int>(out.size()) < n && (at = text.find('[', at + 1)) != std::string::npos) {
    const char who = text[at - 1];
    if ((who != 'b' && who != 'r') || text[at - 2] != ';') continue;
    REQUIRE(text[at + 3] == ']');  // a plain peg, no swap in the first moves
    out.emplace_back(who == 'b' ? 1 : 2, text[at + 1] - 'a', text[at + 2] - 'a');
  }
  REQUIRE(static_cast<int>(out.size()) == n);
  return out;
}

// The moves as a GM[21] game: White is seat 1, "d4" = column d, row 4 from
// the top.
std::string twixt_sgf(const std::vector<std::tuple<int, int, int>>& moves) {
  std::string sgf = "(;GM[21]SZ[24]PW[sgf one]PB[sgf two]";
  for (const auto& [seat, x, y] : moves) {
    sgf += seat == 1 ? ";W[" : ";B[";
    sgf += static_cast<char>('a' + x);
    sgf += std::to_string(y + 1) + "]";
  }
  return sgf + ")";
}

TEST_CASE("query --position finds one position in a .tgt, an SGF and a Little Golem file",
          "[e2e][query]") {
  const fs::path lg = corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf";
  const fs::path tgt =
      corpus_dir() / "gtv" / "synthetic" / "SYNTHETIC-lg2206555-twixt-commentator-style.tgt";
  constexpr int kMoves = 5;
  const auto moves = lg_twixt_moves(read_bytes(lg), kMoves);
  ScratchDir dir("e2e-query-position");
  write_bytes(dir / "same.sgf", twixt_sgf(moves));
  // The same pegs turned half way round the 24x24 board.
  std::vector<std::tuple<int, int, int>> turned;
  for (const auto& [seat, x, y] : moves) turned.emplace_back(seat, 23 - x, 23 - y);
  write_bytes(dir / "turned.sgf", twixt_sgf(turned));
  const std::string db = dir / "p.db";
  run_ludex_ok({"import", "--db", db, "--quiet", lg.string(), tgt.string(), dir / "same.sgf",
                dir / "turned.sgf"});

  std::string lg_game;
  for (const Json& g : query_json(db, {"--family", "twixt"})) {
    if (g.at("file").get<std::string>().ends_with(".tsgf"))
      lg_game = std::to_string(g.at("game_id").get<int>());
  }
  REQUIRE(!lg_game.empty());
  const std::set<std::pair<std::string, int>> expected = {
      {lg.filename().string(), kMoves}, {tgt.filename().string(), kMoves}, {"same.sgf", kMoves}};
  const std::string spec = lg_game + ":" + std::to_string(kMoves);
  CHECK(hit_set(query_json(db, {"--position", spec})) == expected);
  CHECK(hit_set(query_json(db, {"--position-file", dir / "same.sgf"})) == expected);
  std::set<std::pair<std::string, int>> with_turned = expected;
  with_turned.emplace("turned.sgf", kMoves);
  CHECK(hit_set(query_json(db, {"--position", spec, "--symmetric"})) == with_turned);
  CHECK(hit_set(query_json(db, {"--position-file", dir / "turned.sgf", "--symmetric"})) ==
        with_turned);
  CHECK(hit_set(query_json(db, {"--position-file", dir / "turned.sgf"})) ==
        std::set<std::pair<std::string, int>>{{"turned.sgf", kMoves}});
  // The family follows from the position; a contradicting one is an error.
  const RunResult clash = run_ludex({"query", "--db", db, "--position", spec, "--family", "hex"});
  CHECK(clash.exit_code == 2);
  CHECK_THAT(clash.err, Catch::Contains("--family"));
  const RunResult bad = run_ludex({"query", "--db", db, "--position", "x:5"});
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--position"));
}

TEST_CASE("query --position finds one hex position in a .hgt, a HexGui SGF and a .hsgf file",
          "[e2e][query]") {
  // write_hex_swap_game: on 7x7 seat 1 c2, seat 2 swaps (its stone on b3,
  // seat 1's gone), then B d4, W c5, B e6; the same moves in each format, so
  // each position stands at the same move number in all three.
  ScratchDir dir("e2e-query-hex-position");
  write_hex_swap_game(dir.path() / "hexgui.sgf", dir.path() / "lg.hsgf", dir.path() / "jh.hgt");
  const std::string db = dir / "h.db";
  import_paths(db, {dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 3);
  // The stones after n moves, as HexGui setup properties.
  const std::vector<std::string> stones = {
      "", "AB[c2]", "AW[b3]", "AB[d4]AW[b3]", "AB[d4]AW[b3][c5]", "AB[d4][e6]AW[b3][c5]"};
  for (int n = 0; n <= 5; ++n) {
    INFO("move " << n);
    const std::set<std::pair<std::string, int>> expected = {
        {"hexgui.sgf", n}, {"lg.hsgf", n}, {"jh.hgt", n}};
    for (const auto& [file, id] : ids) {
      INFO("--position of " << file);
      CHECK(hit_set(query_json(db, {"--position", std::to_string(id) + ":" + std::to_string(n)})) ==
            expected);
    }
    const std::string position = dir / ("position" + std::to_string(n) + ".sgf");
    write_bytes(position, "(;FF[4]GM[11]SZ[7]" + stones[static_cast<std::size_t>(n)] + ")\n");
    CHECK(hit_set(query_json(db, {"--position-file", position})) == expected);
  }
}

TEST_CASE("query --pattern matches anywhere on the board", "[e2e][query]") {
  ScratchDir dir("e2e-query-pattern");
  // 9x9: 1 B ee, 2 W fe, 3 B cc, 4 W dc. "Black, White to its right, the
  // point below Black empty" stands from move 2 on at ee-fe, and from move 4
  // at cc-dc as well (one hit per node either way).
  write_bytes(dir / "g.sgf", "(;GM[1]SZ[9]PB[p]PW[q];B[ee];W[fe];B[cc];W[dc])");
  write_bytes(dir / "other.sgf", "(;GM[1]SZ[9]PB[p]PW[q];B[ee];W[de])");
  const std::string db = dir / "g.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir / "g.sgf", dir / "other.sgf"});
  using Set = std::set<std::pair<std::string, int>>;
  const std::vector<std::string> base = {"--family", "go", "--size", "9"};
  auto hits = [&](std::vector<std::string> extra) {
    std::vector<std::string> f = base;
    f.insert(f.end(), extra.begin(), extra.end());
    return hit_set(query_json(db, f));
  };
  CHECK(hits({"--pattern", "B:aa,W:ba,.:ab"}) == Set{{"g.sgf", 2}, {"g.sgf", 3}, {"g.sgf", 4}});
  CHECK(hits({"--pattern", "B:aa,W:ba,.:ab", "--first"}) == Set{{"g.sgf", 2}});
  // Board notation names the same points (A9 = aa on 9x9).
  CHECK(hits({"--pattern", "B:A9,W:B9,.:A8", "--first"}) == Set{{"g.sgf", 2}});
  // White to the left of Black: only other.sgf as written; mirrored, both.
  CHECK(hits({"--pattern", "W:aa,B:ba"}) == Set{{"other.sgf", 2}});
  CHECK(hits({"--pattern", "W:aa,B:ba", "--symmetric", "--first"}) ==
        Set{{"g.sgf", 2}, {"other.sgf", 2}});
  const RunResult no_size = run_ludex({"query", "--db", db, "--family", "go", "--pattern", "B:aa"});
  CHECK(no_size.exit_code == 2);
  CHECK_THAT(no_size.err, Catch::Contains("--pattern needs --size"));
}

}  // namespace
}  // namespace ludex::test
