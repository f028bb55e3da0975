// End-to-end: every placement of the corpus's valid Blokus books has its
// piece stored (the piece in its node of the game's position stream,
// game_positions), read straight from the database the import wrote. A book
// is valid when the rules accept all its moves (no rule warning in the
// import); the moves that have no piece are exactly the placements at or
// below a node the rules refused, in the files docs/formats.md names
// ("Blokus pieces").
#include <catch2/catch.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "games/position_stream.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {

TEST_CASE("every placement of the valid corpus blokus books has a piece",
          "[e2e][positions][blokus]") {
  ScratchDir dir("e2e-positions-blokus-pieces");
  const std::string db = dir / "blokus.db";
  run_ludex_ok({"import", "--db", db, "--quiet", (corpus_dir() / "blksgf").string()});

  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  // Per game: its file, board, warnings, stream; per node: its placing
  // moves and whether its position was computed.
  SQLite::Statement games(
      raw,
      "SELECT f.path, g.variant, g.board_columns, g.board_rows, g.first_node_id, g.node_count, "
      "       (SELECT p.stream FROM game_positions AS p WHERE p.game_id = g.game_id), "
      "       (SELECT count(*) FROM import_errors AS e WHERE e.file_id = f.file_id) "
      "FROM games AS g JOIN source_files AS f USING (file_id) "
      "WHERE g.family = 'blokus' ORDER BY f.path, g.game_id");
  SQLite::Statement placing(raw,
                            "SELECT m.node_id, count(*), n.position_hash IS NOT NULL "
                            "FROM moves AS m JOIN nodes AS n USING (node_id) "
                            "WHERE m.node_id BETWEEN ?1 AND ?2 AND m.kind = 0 "
                            "GROUP BY m.node_id ORDER BY m.node_id");
  struct PerFile {
    std::int64_t placements = 0;
    std::int64_t missing = 0;           // placements without a piece
    std::int64_t missing_computed = 0;  // ... whose node has a position
    std::int64_t warnings = 0;
  };
  std::map<std::string, PerFile> files;
  while (games.executeStep()) {
    const std::string name =
        std::filesystem::path(games.getColumn(0).getString()).filename().string();
    PerFile& file = files[name];
    file.warnings = games.getColumn(7).getInt64();
    GameRecord shape;
    shape.family = Family::kBlokus;
    shape.variant = games.getColumn(1).isNull() ? "" : games.getColumn(1).getString();
    shape.columns = games.getColumn(2).getInt();
    shape.rows = games.getColumn(3).getInt();
    const std::int64_t first = games.getColumn(4).getInt64();
    // The piece of each node, by pre-order index.
    std::vector<bool> has_piece(static_cast<std::size_t>(games.getColumn(5).getInt64()), false);
    const std::optional<StreamBoard> board = stream_board(shape);
    if (board && !games.getColumn(6).isNull()) {
      const SQLite::Column bytes = games.getColumn(6);
      PositionStreamReader reader(std::string_view(static_cast<const char*>(bytes.getBlob()),
                                                   static_cast<std::size_t>(bytes.getBytes())),
                                  *board);
      StreamNode node;
      while (reader.next(&node)) {
        if (node.piece >= 0 && node.index < has_piece.size()) has_piece[node.index] = true;
      }
      CHECK(reader.error().empty());
    }
    placing.reset();
    placing.bind(1, first);
    placing.bind(2, first + static_cast<std::int64_t>(has_piece.size()) - 1);
    while (placing.executeStep()) {
      const auto index = static_cast<std::size_t>(placing.getColumn(0).getInt64() - first);
      const std::int64_t moves = placing.getColumn(1).getInt64();
      // A node's piece belongs to its first placing move.
      const std::int64_t without = moves - (has_piece[index] ? 1 : 0);
      file.placements += moves;
      file.missing += without;
      if (placing.getColumn(2).getInt() != 0) file.missing_computed += without;
    }
  }
  std::map<std::string, std::int64_t> without_piece;  // file name -> placements
  std::int64_t books = 0;
  std::int64_t placements = 0;
  for (const auto& [name, file] : files) {
    if (file.placements == 0) continue;  // a file of games without placements
    INFO(name);
    ++books;
    placements += file.placements;
    // A placement whose position was computed always has its piece.
    CHECK(file.missing_computed == 0);
    // A file without warnings (a valid book) has every piece.
    if (file.warnings == 0) CHECK(file.missing == 0);
    if (file.missing != 0) without_piece[name] = file.missing;
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
