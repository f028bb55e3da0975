// Every SGF file of the shared corpus (whatever its extension): read, count
// per top-level folder, and check that write_sgf_game then read_sgf_games
// gives back every game, and that the written move properties are the file's
// own, byte for byte (a move's spelling is kept only where the dialect would
// write it otherwise, so this is what checks that choice).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/family_rules.h"
#include "games/sgf_values.h"
#include "importers/sgf/sgf_charset.h"
#include "importers/sgf/sgf_game.h"
#include "importers/sgf/sgf_tree_builder.h"
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

// The game's kind as the writer works it out from the record.
SgfGameKind kind_of(const GameRecord& g) {
  SgfGameKind kind;
  kind.family = g.family;
  kind.dialect = g.dialect;
  kind.variant = g.variant;
  kind.columns = g.columns;
  kind.rows = g.rows;
  kind.application = sgf_property_text(g.tree.data(0).props, "AP");
  return kind;
}

// The move properties of every node of a raw game ("id[value][value]"),
// sorted within each node: the writer puts a move that did not decode after
// the ones that did.
std::vector<std::vector<std::string>> move_spellings(const RawSgfGame& raw, const GameRecord& g) {
  const SgfGameKind kind = kind_of(g);
  const FamilyRules& rules = rules_for(g.family);
  std::vector<std::vector<std::string>> out;
  for (const RawSgfNode& node : raw.nodes) {
    std::vector<std::string>& spellings = out.emplace_back();
    for (const RawSgfProperty& p : raw.props_of(node)) {
      if (!rules.is_move_property(kind, p.id)) continue;
      std::string text(p.id);
      for (const std::string_view v : raw.values_of(p)) text += "[" + std::string(v) + "]";
      spellings.push_back(std::move(text));
    }
    std::sort(spellings.begin(), spellings.end());
  }
  return out;
}

// The move spellings of the raw games of an SGF text, by game index; `games`
// are the records of the text's games (by index) that the kinds come from.
std::map<std::int32_t, std::vector<std::vector<std::string>>> raw_spellings(
    std::string_view bytes, const std::map<std::int32_t, const GameRecord*>& by_index) {
  const SgfFileText text = prepare_sgf_text(bytes);
  std::map<std::int32_t, std::vector<std::vector<std::string>>> out;
  std::vector<Diagnostic> errors;
  build_sgf_trees(
      text.text(),
      [&](RawSgfGame& raw) {
        const auto g = by_index.find(raw.game_index);
        if (g != by_index.end()) out[raw.game_index] = move_spellings(raw, *g->second);
      },
      errors);
  return out;
}

}  // namespace

TEST_CASE("corpus: every SGF game reads and survives write + read", "[sgf][corpus]") {
  const fs::path root = test::corpus_path("");
  REQUIRE(fs::is_directory(root));
  std::map<std::string, FolderCount> counts;
  std::set<std::string> sgf_named_but_not_sgf;
  long round_trip_failures = 0;
  long spelling_failures = 0;
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
    std::map<std::int32_t, const GameRecord*> by_index;
    for (const GameRecord& g : out.games) by_index[g.game_index] = &g;
    const auto spellings = raw_spellings(bytes, by_index);
    for (const GameRecord& g : out.games) {
      count.warnings += static_cast<long>(g.warnings.size());
      const std::string written = write_sgf_game(g);
      const auto written_spellings = raw_spellings(written, {{0, &g}});
      if (written_spellings.size() != 1 ||
          written_spellings.begin()->second != spellings.at(g.game_index)) {
        ++spelling_failures;
        FAIL_CHECK(rel << " game " << g.game_index << ": moves written otherwise\n" << written);
      }
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
  CHECK(spelling_failures == 0);
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
