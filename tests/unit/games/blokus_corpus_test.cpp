// Every Pentobi file of the shared corpus (../shared/corpus/blksgf): every
// move of the opening books is a legal placement of a piece of its variant,
// and the deliberately invalid unit-test snippets give warnings, not crashes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/game.h"
#include "games/blokus_position.h"
#include "games/position.h"
#include "importers/sgf/sgf_game.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

struct FileCounts {
  std::int32_t games = 0;
  std::int32_t moves = 0;              // placements in the tree
  std::int32_t with_piece = 0;         // placements whose position was computed
  std::int32_t read_warnings = 0;      // warnings and errors of the reader
  std::int32_t position_warnings = 0;  // nodes where positions stopped
  std::vector<std::string> messages;
  std::map<std::string, std::int32_t> pieces;  // "variant piece" -> count
};

FileCounts scan(const fs::path& path) {
  FileCounts counts;
  const SgfParseOutput parsed = read_sgf_games(read_file(path));
  counts.read_warnings += static_cast<std::int32_t>(parsed.diagnostics.size());
  for (const Diagnostic& d : parsed.diagnostics) counts.messages.push_back(d.to_string());
  for (const GameRecord& game : parsed.games) {
    ++counts.games;
    counts.read_warnings += static_cast<std::int32_t>(game.warnings.size());
    for (const Diagnostic& d : game.warnings) counts.messages.push_back(d.to_string());
    if (game.family != Family::kBlokus) continue;
    const GamePositions positions = compute_positions(game);
    counts.position_warnings += static_cast<std::int32_t>(positions.warnings.size());
    for (const Diagnostic& d : positions.warnings) counts.messages.push_back(d.to_string());
    for (const NodeIndex i : game.tree.preorder()) {
      for (const Move& m : game.tree.data(i).moves) {
        if (m.kind != MoveKind::kPlace) continue;
        ++counts.moves;
        if (positions.hashes[i] == 0) continue;
        const std::string& piece = positions.deltas[i].piece;
        CHECK(!piece.empty());
        ++counts.with_piece;
        ++counts.pieces[game.variant + " " + piece];
        // The delta names the piece the move's points form.
        const Result<std::string> again = identify_blokus_piece(game.variant, m.points);
        REQUIRE(again.ok());
        CHECK(*again == piece);
      }
    }
  }
  return counts;
}

std::vector<fs::path> corpus_files() {
  std::vector<fs::path> out;
  const fs::path root = fs::path(LUDEX_SHARED_DIR) / "corpus" / "blksgf";
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".blksgf" || ext == ".sgf")) out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST_CASE("blokus corpus: every book move is a legal piece", "[blokus]") {
  const std::vector<fs::path> files = corpus_files();
  REQUIRE(files.size() == 86);
  FileCounts books;
  FileCounts inline_tests;
  std::map<std::string, FileCounts> by_name;
  for (const fs::path& path : files) {
    const FileCounts c = scan(path);
    const std::string name = path.filename().string();
    by_name[name] = c;
    std::cout << "blokus corpus: " << name << ": " << c.games << " games, " << c.moves << " moves, "
              << c.with_piece << " with a piece, " << c.read_warnings << " reader warnings, "
              << c.position_warnings << " position warnings\n";
    for (const std::string& m : c.messages) std::cout << "    " << m << "\n";
    FileCounts& total = path.parent_path().filename() == "inline-tests" ? inline_tests : books;
    total.games += c.games;
    total.moves += c.moves;
    total.with_piece += c.with_piece;
    total.read_warnings += c.read_warnings;
    total.position_warnings += c.position_warnings;
    for (const auto& [piece, n] : c.pieces) total.pieces[piece] += n;
  }
  std::cout << "blokus corpus: books " << books.moves << " moves, inline tests "
            << inline_tests.moves << " moves\n";
  // The opening books: every move a legal piece of its variant, in all 18
  // variants (Nexos books of Pentobi up to late 2015 list the junctions a
  // piece covers too), except in two classic_2 books of mid 2012 whose
  // variations give colour 3's moves to colour 4 (and back): 4[t1,...] as the
  // third move of a Blokus Two-Player game starts colour 4 at colour 3's
  // corner. Pentobi fixed them the same day (2012-08-02-89d59340).
  CHECK(books.games == 63);
  CHECK(books.moves == 11472);
  CHECK(books.with_piece == 11472 - 106 - 480);
  CHECK(books.read_warnings == 0);
  CHECK(books.position_warnings == 2 + 24);
  for (const auto& [name, c] : by_name) {
    if (name.find("inline") != std::string::npos || name.find("Test-") != std::string::npos) {
      continue;
    }
    INFO(name);
    if (name.find("2012-07-17-d93c56ca") != std::string::npos) {
      CHECK(c.position_warnings == 2);
      CHECK(c.with_piece == c.moves - 106);
    } else if (name.find("2012-08-02-f1a8e826") != std::string::npos) {
      CHECK(c.position_warnings == 24);
      CHECK(c.with_piece == c.moves - 480);
    } else {
      CHECK(c.position_warnings == 0);
      CHECK(c.with_piece == c.moves);
    }
    for (const std::string& m : c.messages) CHECK(m.find("of colour 4") != std::string::npos);
  }
  std::map<std::string, std::int32_t> per_variant;
  for (const auto& [piece, n] : books.pieces) per_variant[piece.substr(0, piece.rfind(' '))] += n;
  CHECK(per_variant.size() == 18);
  CHECK(per_variant["Blokus Duo"] == 4968);
  CHECK(per_variant["Blokus Two-Player"] == 5805);

  // Pentobi's unit-test snippets: 23 files, some of them not Blokus or not
  // SGF at all; the invalid ones warn.
  CHECK(inline_tests.moves == 80);
  CHECK(inline_tests.with_piece == 75);
  CHECK(inline_tests.read_warnings == 3);
  CHECK(inline_tests.position_warnings == 3);
  const auto warned = [&](const std::string& stem) {
    for (const auto& [name, c] : by_name) {
      if (name.find(stem) != std::string::npos) return c.read_warnings + c.position_warnings;
    }
    return -1;
  };
  // Pentobi's board-updater tests ignore the placement rules, which are
  // checked first: 1[a1] is not on colour 1's starting point a20 (1[a3],
  // the 1-piece a second time, is not reached), and W's first piece in
  // setup_empty is not on j5.
  CHECK(warned("piece_played_twice") == 1);
  CHECK(warned("current_defined_invalid_root") == 1);  // a99999, from the reader
  CHECK(warned("board_updater_setup-2") == 0);
  CHECK(warned("setup_empty-4") == 1);
  CHECK(warned("setup_empty_1-5") == 1);
  CHECK(warned("property_without_value") == 1);  // B without a value: the reader
  CHECK(warned("text_before_node") == 1);
  CHECK(warned("setup_empty_multi_instance-6") == 0);
  CHECK(warned("setup_inner_node-3") == 0);
  CHECK(warned("backward_compatibility_0_1") == 0);
  CHECK(warned("keep_only_subtree_callisto") == 0);
  CHECK(warned("keep_only_subtree_nexos") == 0);
  CHECK(warned("callisto_useless_one_piece") == 0);
  CHECK(warned("no_large_pieces") == 0);
}

}  // namespace
}  // namespace ludex
