// Positions over the whole hex, twixt and go corpus (../shared/corpus). Every
// warning has been checked by hand; the pinned list says why each is right.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "games/position.h"
#include "games/twixt_points.h"
#include "importers/sgf/sgf_game.h"
#include "importers/t1/t1_game.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

struct CorpusGame {
  std::string file;  // relative to the corpus
  GameRecord game;
};

// Every game of the SGF and T1 files under corpus/<family_dir>, in path order.
std::vector<CorpusGame> corpus_games(const std::string& family_dir) {
  const std::filesystem::path root = test::corpus_path("");
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root / family_dir)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<CorpusGame> out;
  for (const auto& path : files) {
    const std::string bytes = test::read_bytes(path.string());
    const std::string name = std::filesystem::relative(path, root).generic_string();
    if (looks_like_sgf(bytes)) {
      for (GameRecord& g : read_sgf_games(bytes).games) out.push_back({name, std::move(g)});
    } else if (looks_like_t1(bytes)) {
      T1ParseOutput t1 = read_t1_game(bytes);
      if (t1.game) out.push_back({name, std::move(*t1.game)});
    }
  }
  return out;
}

// Runs compute_positions on every game; prints the warnings per folder and
// returns "file: message" for each.
std::vector<std::string> corpus_warnings(const std::string& family_dir) {
  std::map<std::string, std::pair<int, int>> per_folder;  // games, warnings
  std::vector<std::string> all;
  for (const CorpusGame& g : corpus_games(family_dir)) {
    const GamePositions positions = compute_positions(g.game);
    auto& count = per_folder[std::filesystem::path(g.file).parent_path().generic_string()];
    ++count.first;
    count.second += static_cast<int>(positions.warnings.size());
    for (const Diagnostic& w : positions.warnings) all.push_back(g.file + ": " + w.message);
  }
  for (const auto& [folder, count] : per_folder) {
    std::cout << "positions: " << folder << ": " << count.first << " games, " << count.second
              << " warnings\n";
  }
  return all;
}

TEST_CASE("corpus: every hex game replays without warnings", "[positions][corpus]") {
  // Includes the Little Golem games whose later moves reuse the cell a swap
  // emptied, and benzene's AB/AW setups.
  CHECK(corpus_warnings("hex") == std::vector<std::string>{});
}

TEST_CASE("corpus: the board after every little golem hex swap", "[positions][corpus]") {
  // Every Little Golem Hex game whose second move is a swap: after it, seat
  // 2's stone stands on seat 1's first cell reflected, (x, y) -> (y, x), and
  // seat 1's stone is gone. Pins how many swap games there are and how many
  // of them later play on the cell the swap emptied (legal: the cell is
  // empty), so that the "no warnings" test above keeps covering them.
  std::size_t swaps = 0;
  std::size_t reused = 0;
  for (const CorpusGame& g : corpus_games("hex")) {
    if (g.game.dialect != "littlegolem") continue;
    const std::vector<NodeIndex> line = g.game.tree.main_line();
    std::vector<const Move*> moves;
    for (const NodeIndex n : line) {
      for (const Move& m : g.game.tree.data(n).moves) moves.push_back(&m);
    }
    if (moves.size() < 2 || moves[1]->kind != MoveKind::kSwapPieces) continue;
    INFO(g.file << " game " << g.game.game_index);
    ++swaps;
    REQUIRE(moves[0]->kind == MoveKind::kPlace);
    REQUIRE(moves[0]->points.size() == 1);
    const Point first = moves[0]->points.front();
    const Point reflected{first.y, first.x};
    auto pos = new_position(g.game);
    REQUIRE(pos.ok());
    REQUIRE((*pos)->play(*moves[0]));
    CHECK((*pos)->occupants() == std::vector<Occupant>{{first, 1}});
    REQUIRE((*pos)->play(*moves[1]));
    CHECK((*pos)->occupants() == std::vector<Occupant>{{reflected, 2}});
    bool reuses = false;
    for (std::size_t i = 2; i < moves.size(); ++i) {
      if (moves[i]->kind == MoveKind::kPlace && moves[i]->points.size() == 1 &&
          moves[i]->points.front() == first && first != reflected) {
        reuses = true;
      }
    }
    if (reuses) ++reused;
  }
  std::cout << "positions: little golem hex swaps: " << swaps << " games, " << reused
            << " later play on the emptied cell\n";
  CHECK(swaps == 996);
  CHECK(reused == 106);
}

TEST_CASE("corpus: every twixt game replays without warnings", "[positions][corpus]") {
  CHECK(corpus_warnings("twixt") == std::vector<std::string>{});
}

TEST_CASE("corpus: go warnings are the four illegal moves the files really hold",
          "[positions][corpus]") {
  const std::vector<std::string> expected = {
      // sgfmill's parser tests play on their own setup stones.
      "go/edge-cases/sgfmill-inline/sgf_grammar_tests-test_parser_structure-14.sgf: move 1 (B bc): "
      "bc is occupied; positions are not computed below this node",
      "go/edge-cases/sgfmill-inline/sgf_grammar_tests-test_parser_structure-15.sgf: move 1 (B bc): "
      "bc is occupied; positions are not computed below this node",
      "go/edge-cases/sgfmill-inline/sgf_grammar_tests-test_serialise_game_tree-01.sgf: move 1 (W "
      "ab): ab is occupied; positions are not computed below this node",
      // The FF[4] example file demonstrates a suicide ("Suicide move (all B
      // stones get captured)") in a game without RU, whose default forbids it.
      "go/edge-cases/trevoke-sgfparser/spec/data/ff4_ex.sgf: move 21 (B qs): qs is suicide; "
      "positions are not computed below this node",
  };
  CHECK(corpus_warnings("go") == expected);
}

TEST_CASE("corpus: twixt pegs and links at the end of every main line", "[positions][corpus]") {
  const auto text = [](const Point& p) { return format_twixt_point(p); };
  std::size_t games = 0;
  for (const CorpusGame& g : corpus_games("twixt")) {
    auto pos = test::main_line_position(g.game);
    REQUIRE(pos);
    std::cout << "positions: " << g.file << " game " << g.game.game_index << " (" << g.game.dialect
              << ", " << g.game.columns << "x" << g.game.rows
              << ")\n  pegs: " << test::occupants_text(pos->occupants(), text)
              << "\n  links: " << test::links_text(pos->links(), text) << "\n";
    // Every link joins two pegs of its colour.
    const std::vector<Occupant> pegs = pos->occupants();
    const auto has = [&](const Point& p, std::int8_t c) {
      return std::binary_search(pegs.begin(), pegs.end(), Occupant{p, c});
    };
    std::size_t bad_links = 0;
    for (const TwixtLink& l : pos->links())
      bad_links += has(l.a, l.color) && has(l.b, l.color) ? 0 : 1;
    CHECK(bad_links == 0);
    ++games;
  }
  CHECK(games == 9);  // 5 Little Golem records, 4 T1 files
}

}  // namespace
}  // namespace ludex
