// End-to-end: every placement of the corpus's valid Blokus books has its
// piece stored (moves.piece_id), read straight from the database the import
// wrote. A book is valid when the rules accept all its moves (no rule warning
// in the import); the moves that have no piece are exactly the placements at
// or below a node the rules refused, in the files docs/formats.md names
// ("Blokus pieces").
#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/e2e/e2e_support.h"

namespace ludex::test {

TEST_CASE("every placement of the valid corpus blokus books has a piece",
          "[e2e][positions][blokus]") {
  ScratchDir dir("e2e-positions-blokus-pieces");
  const std::string db = dir / "blokus.db";
  run_ludex_ok({"import", "--db", db, "--quiet", (corpus_dir() / "blksgf").string()});

  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  // Per file: placements, placements without a piece, placements without a
  // piece whose node has a position (must be none), and warnings.
  SQLite::Statement per_file(
      raw,
      "SELECT f.path, count(*), "
      "       sum(m.piece_id IS NULL), "
      "       sum(m.piece_id IS NULL AND n.position_hash IS NOT NULL), "
      "       (SELECT count(*) FROM import_errors AS e WHERE e.file_id = f.file_id) "
      "FROM moves AS m JOIN nodes AS n USING (node_id) JOIN games AS g USING (game_id) "
      "JOIN source_files AS f USING (file_id) "
      "WHERE g.family = 'blokus' AND m.kind = 0 GROUP BY f.file_id ORDER BY f.path");
  std::map<std::string, std::int64_t> without_piece;  // file name -> placements
  std::int64_t books = 0;
  std::int64_t placements = 0;
  while (per_file.executeStep()) {
    const std::string name =
        std::filesystem::path(per_file.getColumn(0).getString()).filename().string();
    INFO(name);
    ++books;
    placements += per_file.getColumn(1).getInt64();
    const std::int64_t missing = per_file.getColumn(2).getInt64();
    // A placement whose position was computed always has its piece.
    CHECK(per_file.getColumn(3).getInt64() == 0);
    // A file without warnings (a valid book) has every piece.
    if (per_file.getColumn(4).getInt64() == 0) CHECK(missing == 0);
    if (missing != 0) without_piece[name] = missing;
  }
  std::cout << "blokus: " << books << " files, " << placements << " placements\n";
  for (const auto& [name, missing] : without_piece) {
    std::cout << "blokus: " << name << ": " << missing << " placements without a piece\n";
  }
  CHECK(placements > 0);
  // The documented exceptions (docs/formats.md, "Blokus pieces").
  CHECK(without_piece ==
        std::map<std::string, std::int64_t>{
            {"pentobi-2012-07-17-d93c56ca-src_books_book_classic_2.blksgf", 106},
            {"pentobi-2012-08-02-f1a8e826-src_books_book_classic_2.blksgf", 480},
            {"pentobi-BoardUpdaterTest-pentobi_base_board_updater_piece_played_twice-1.sgf", 2},
            {"pentobi-BoardUpdaterTest-pentobi_base_board_updater_setup_empty-4.sgf", 1},
            {"pentobi-BoardUpdaterTest-pentobi_base_board_updater_setup_empty_1-5.sgf", 2},
        });
  CHECK(books == 73);
  CHECK(placements == 11552);
}

}  // namespace ludex::test
