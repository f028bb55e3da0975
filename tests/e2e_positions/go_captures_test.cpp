// Go capture counts on real corpus games, through `ludex show`: the stones
// each seat has captured on the main line up to the move shown, pinned for
// named files of three sources (a GNU Go regression game, an AI tournament
// game, Little Golem games), and the pinned figures of the two plain 19x19 and
// 9x9 games checked against a small capture counter written here from the
// files' own moves (not through ludex's rules).
#include <catch2/catch.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Captures per seat (index 0 = B = seat 1) after the first `moves` moves of
// a single-line SGF game without setup: the moves are read from the text
// with a regular expression, `tt` or an empty value is a pass, and a move
// removes the other colour's neighbouring groups left without liberties.
// Suicide is not handled (the games used here have none): the counter fails
// the test if a move leaves its own group without liberties.
std::array<std::int64_t, 2> count_captures(const std::string& sgf, int size, int moves) {
  std::vector<int> board(static_cast<std::size_t>(size * size), 0);
  auto at = [&](int x, int y) -> int& { return board[static_cast<std::size_t>(y * size + x)]; };
  // The group of (x, y) and whether it has a liberty.
  auto group = [&](int x0, int y0, std::vector<std::pair<int, int>>& stones) {
    const int colour = at(x0, y0);
    std::vector<char> seen(board.size(), 0);
    std::vector<std::pair<int, int>> todo = {{x0, y0}};
    seen[static_cast<std::size_t>(y0 * size + x0)] = 1;
    bool free = false;
    stones.clear();
    while (!todo.empty()) {
      const auto [x, y] = todo.back();
      todo.pop_back();
      stones.emplace_back(x, y);
      const int dx[4] = {1, -1, 0, 0};
      const int dy[4] = {0, 0, 1, -1};
      for (int k = 0; k < 4; ++k) {
        const int nx = x + dx[k];
        const int ny = y + dy[k];
        if (nx < 0 || ny < 0 || nx >= size || ny >= size) continue;
        if (at(nx, ny) == 0) free = true;
        if (at(nx, ny) != colour || seen[static_cast<std::size_t>(ny * size + nx)] != 0) continue;
        seen[static_cast<std::size_t>(ny * size + nx)] = 1;
        todo.emplace_back(nx, ny);
      }
    }
    return free;
  };
  std::array<std::int64_t, 2> captured{};
  const std::regex move_re(R"(;\s*([BW])\[([a-z]{0,2})\])");
  int played = 0;
  for (auto it = std::sregex_iterator(sgf.begin(), sgf.end(), move_re);
       it != std::sregex_iterator() && played < moves; ++it, ++played) {
    const std::string value = (*it)[2];
    if (value.empty() || value == "tt") continue;
    const int colour = (*it)[1] == "B" ? 1 : 2;
    const int x = value[0] - 'a';
    const int y = value[1] - 'a';
    REQUIRE(at(x, y) == 0);
    at(x, y) = colour;
    std::vector<std::pair<int, int>> stones;
    const int dx[4] = {1, -1, 0, 0};
    const int dy[4] = {0, 0, 1, -1};
    for (int k = 0; k < 4; ++k) {
      const int nx = x + dx[k];
      const int ny = y + dy[k];
      if (nx < 0 || ny < 0 || nx >= size || ny >= size || at(nx, ny) != 3 - colour) continue;
      if (group(nx, ny, stones)) continue;
      for (const auto& [sx, sy] : stones) at(sx, sy) = 0;
      captured[static_cast<std::size_t>(colour - 1)] += static_cast<std::int64_t>(stones.size());
    }
    REQUIRE(group(x, y, stones));  // no suicide in these games
  }
  REQUIRE(played == moves);
  return captured;
}

struct Pinned {
  const char* file;  // under the corpus's go/ folder
  std::int64_t move;
  std::int64_t black;    // B's captures (seat 1)
  std::int64_t white;    // W's captures (seat 2)
  int independent_size;  // board size for count_captures, 0 = not counted here
};

}  // namespace

TEST_CASE("go capture counts of named corpus games are pinned", "[e2e][positions][show]") {
  const std::vector<Pinned> pinned = {
      // Crazy Stone - GNU Go 3.6, 9x9, 65 moves (passes as [tt]).
      {"gnugo/regression/games/CrazyStone1.sgf", 30, 0, 1, 9},
      {"gnugo/regression/games/CrazyStone1.sgf", -1, 5, 3, 9},
      // AlphaGo - Fan Hui, game 1, 19x19, 183 moves.
      {"computer-go-dataset/AI/AlphaGo/FH vs AG G1.sgf", 100, 1, 0, 19},
      {"computer-go-dataset/AI/AlphaGo/FH vs AG G1.sgf", -1, 3, 1, 19},
      // Little Golem 37x37 (coordinates past 'z'), 701 moves.
      {"littlegolem-tasuki/lg-2205068-goRio.sgf", -1, 2, 4, 0},
      // Little Golem torus go (the edges wrap), 68 moves.
      {"littlegolem-tasuki/lg-2326516-torusAdam.sgf", -1, 3, 1, 0},
  };
  ScratchDir dir("e2e-positions-go-captures");
  std::map<std::string, std::string> copies;  // corpus file -> copy's name
  for (const Pinned& p : pinned) {
    if (copies.count(p.file) != 0) continue;
    const std::string name = "g" + std::to_string(copies.size()) + ".sgf";
    fs::copy_file(corpus_dir() / "go" / p.file, dir.path() / name);
    copies[p.file] = name;
  }
  const std::string db = dir / "go.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == copies.size());
  for (const Pinned& p : pinned) {
    INFO(p.file << " move " << p.move);
    const std::int64_t id = ids.at(copies.at(p.file));
    const Json j = p.move < 0 ? show_json(db, id) : show_json(db, id, p.move);
    CHECK(j.at("stopped").is_null());
    const std::int64_t black = j.at("counts").at("B").at("captures").get<std::int64_t>();
    const std::int64_t white = j.at("counts").at("W").at("captures").get<std::int64_t>();
    std::cout << p.file << " after move " << j.at("move_number") << ": B captured " << black
              << ", W captured " << white << "\n";
    CHECK(black == p.black);
    CHECK(white == p.white);
    if (p.independent_size != 0) {
      const auto counted = count_captures(read_bytes(corpus_dir() / "go" / p.file),
                                          p.independent_size, j.at("move_number").get<int>());
      CHECK(counted[0] == black);
      CHECK(counted[1] == white);
    }
  }
}

}  // namespace ludex::test
