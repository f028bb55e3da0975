// Every SGF file of the shared corpus (whatever its extension): read, count
// per top-level folder, and check that write_sgf_game then read_sgf_games
// gives back every game.
#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>

#include "importers/sgf/sgf_game.h"
#include "sgf_test_util.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;

struct FolderCount {
  long files = 0;
  long games = 0;
  long errors = 0;    // games lost to syntax errors (and files without a game)
  long warnings = 0;  // warnings of stored games
  friend bool operator==(const FolderCount&, const FolderCount&) = default;
};

bool has_sgf_extension(const fs::path& path) {
  static const std::set<std::string> kExtensions = {".sgf", ".SGF", ".hsgf", ".tsgf", ".blksgf"};
  return kExtensions.count(path.extension().string()) > 0;
}

}  // namespace

TEST_CASE("corpus: every SGF game reads and survives write + read", "[sgf][corpus]") {
  const fs::path root = test::corpus_path("");
  REQUIRE(fs::is_directory(root));
  std::map<std::string, FolderCount> counts;
  std::set<std::string> sgf_named_but_not_sgf;
  long round_trip_failures = 0;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    const std::string rel = fs::relative(entry.path(), root).generic_string();
    const std::string bytes = test::read_bytes(entry.path().string());
    if (!looks_like_sgf(bytes)) {
      if (has_sgf_extension(entry.path())) sgf_named_but_not_sgf.insert(rel);
      continue;
    }
    FolderCount& count = counts[rel.substr(0, rel.find('/'))];
    ++count.files;
    const SgfParseOutput out = read_sgf_games(bytes);
    count.games += static_cast<long>(out.games.size());
    count.errors += static_cast<long>(out.diagnostics.size());
    for (const Diagnostic& d : out.diagnostics) {
      CHECK(d.severity == Severity::kError);
      CHECK(d.message.size() > 0);
      // Every lost game says where: a line, or for a file-level problem at
      // least the game index -1.
      CHECK((d.pos.line > 0 || d.game_index == -1));
    }
    for (const GameRecord& g : out.games) {
      count.warnings += static_cast<long>(g.warnings.size());
      const std::string written = write_sgf_game(g);
      const SgfParseOutput back = read_sgf_games(written);
      std::string difference;
      if (back.games.size() != 1 || !back.diagnostics.empty()) {
        difference = "game count";
      } else {
        difference = test::record_difference(g, back.games.front());
      }
      if (!difference.empty()) {
        ++round_trip_failures;
        FAIL_CHECK(rel << " game " << g.game_index << ": " << difference << "\n" << written);
      }
    }
  }
  for (const auto& [folder, c] : counts) {
    std::cout << "corpus/" << folder << ": " << c.files << " SGF files, " << c.games << " games, "
              << c.errors << " errors, " << c.warnings << " warnings\n";
  }
  CHECK(round_trip_failures == 0);
  // Exact counts: nothing is silently dropped. Hex: 2,700 Little Golem games
  // plus 279 benzene files; the errors are the deliberately broken test
  // files of sgfmill and Pentobi and one truncated GNU Go game (owl42.sgf).
  CHECK(counts["hex"] == FolderCount{297, 2979, 0, 0});
  CHECK(counts["twixt"].games == 5);
  CHECK(counts["twixt"].errors == 0);
  CHECK(counts["blksgf"].games == 84);
  CHECK(counts["blksgf"].errors == 1);
  CHECK(counts["go"].files == 2482);
  CHECK(counts["go"].games == 2460);
  CHECK(counts["go"].errors == 33);
  // Files named like SGF that are not: an empty file and Pentobi's "(B;)".
  CHECK(sgf_named_but_not_sgf ==
        std::set<std::string>{
            "go/gnugo/regression/games/pending/nightmare.sgf",
            "blksgf/inline-tests/pentobi-TreeReaderTest-sgf_tree_reader_text_before_node-9.sgf"});
}

}  // namespace ludex
