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
#include "tests/unit/positions/positions_test_util.h"

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
