// End-to-end: a move the rules refuse, seen from the database the import
// writes. The game is stored as read (the illegal move's row included), one
// import_errors row of severity 'warning' names the node by line and column
// with the reason, and no node at or below it has a position hash, in every
// variation under it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/support/e2e_support.h"

namespace ludex::test {

TEST_CASE("an illegal move: a located warning, the move kept, no hashes below it",
          "[e2e][import]") {
  ScratchDir dir("e2e-import-illegal-move");
  const std::filesystem::path archive = dir.path() / "archive";
  std::filesystem::create_directories(archive);
  // Go 9x9: B ba, W aa, B ab takes aa, W ee, then B plays on ee (occupied):
  // move 5, the node at line 4, column 1. Two variations follow it.
  write_bytes(archive / "go.sgf",
              "(;FF[4]GM[1]SZ[9]PB[b]PW[w]\n"
              ";B[ba];W[aa]\n"
              ";B[ab];W[ee]\n"
              ";B[ee];W[ff]\n"
              "(;B[gg])(;B[hh]))\n");
  const std::string db = dir / "i.db";
  const RunResult run = run_ludex_ok({"import", "--db", db, archive.string()});
  CHECK(run.err.find("1 warning") != std::string::npos);

  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  CHECK(raw.execAndGet("SELECT count(*) FROM games").getInt() == 1);
  SQLite::Statement errors(raw,
                           "SELECT severity, game_index, line, col, message FROM import_errors");
  REQUIRE(errors.executeStep());
  CHECK(errors.getColumn(0).getString() == "warning");
  CHECK(errors.getColumn(1).getInt() == 0);
  CHECK(errors.getColumn(2).getInt() == 4);
  CHECK(errors.getColumn(3).getInt() == 1);
  const std::string message = errors.getColumn(4).getString();
  CHECK(message == "move 5 (B ee): ee is occupied; positions are not computed below this node");
  CHECK_FALSE(errors.executeStep());

  // The illegal move's row is kept: seat 1, a placement, its point stored.
  SQLite::Statement move(raw,
                         "SELECT m.seat, m.kind, m.points IS NOT NULL, n.position_hash IS NULL "
                         "FROM moves AS m JOIN node_tree AS n USING (node_id) "
                         "WHERE n.main_line = 1 AND n.move_number = 5");
  REQUIRE(move.executeStep());
  CHECK(move.getColumn(0).getInt() == 1);
  CHECK(move.getColumn(1).getInt() == 0);
  CHECK(move.getColumn(2).getInt() == 1);
  CHECK(move.getColumn(3).getInt() == 1);

  // Hashes: the root and moves 1..4 have one; move 5, W ff and both
  // variations (B gg, B hh) have none.
  SQLite::Statement hashes(raw,
                           "SELECT move_number, count(*), count(position_hash) FROM node_tree "
                           "GROUP BY move_number ORDER BY move_number");
  std::string seen;
  while (hashes.executeStep()) {
    seen += std::to_string(hashes.getColumn(0).getInt()) + ":" +
            std::to_string(hashes.getColumn(2).getInt()) + "/" +
            std::to_string(hashes.getColumn(1).getInt()) + " ";
  }
  CHECK(seen == "0:1/1 1:1/1 2:1/1 3:1/1 4:1/1 5:0/1 6:0/1 7:0/2 ");
  // `ludex info --errors` lists the same warning.
  CHECK(run_ludex_ok({"info", "--db", db, "--errors"}).out.find("ee is occupied") !=
        std::string::npos);
}

}  // namespace ludex::test
