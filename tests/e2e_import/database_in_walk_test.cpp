// End-to-end: a directory that holds the database being imported into. The
// database file and its SQLite companions (-wal, -shm, -journal) are left
// out of the walk, known by their file system identity, so that no other
// name of them is imported either; nothing about them is recorded.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

const std::string kWalkGo = "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[ce])\n";

// Every recorded source file's path, and every recorded error's message.
std::vector<std::string> recorded(const std::string& db) {
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  std::vector<std::string> out;
  SQLite::Statement files(h, "SELECT path FROM source_files ORDER BY path");
  while (files.executeStep()) out.push_back("file " + files.getColumn(0).getString());
  SQLite::Statement errors(h, "SELECT message FROM import_errors ORDER BY error_id");
  while (errors.executeStep()) out.push_back("error " + errors.getColumn(0).getString());
  return out;
}

}  // namespace

TEST_CASE("importing the folder that holds the database leaves the database's files out",
          "[e2e][import]") {
  ScratchDir dir("e2e-import-db-inside");
  const fs::path games = dir.path() / "games";
  fs::create_directories(games / "sub");
  write_bytes(games / "a.sgf", kWalkGo);
  const std::string db = (games / "games.db").string();
  // Other names of the database and of its companions, and a journal left
  // by a program that stopped: none of them is a game file to import.
  fs::create_symlink("../games.db", games / "sub" / "link-to-db");
  fs::create_hard_link(games / "a.sgf", games / "sub" / "b.sgf");
  write_bytes(games / "games.db-journal", std::string(512, '\0'));

  const RunResult first = run_ludex_ok({"import", "--db", db, games.string()});
  INFO(first.err);
  const std::string a = (games / "a.sgf").string();
  const std::string b = (games / "sub" / "b.sgf").string();
  CHECK(recorded(db) == std::vector<std::string>{"file " + a, "file " + b});
  CHECK(first.err.find("games.db") == std::string::npos);

  // Again, with the -wal and -shm the first import may have left, and a
  // hard link to the database made since.
  fs::create_hard_link(db, games / "sub" / "hard-db");
  const RunResult second = run_ludex_ok({"import", "--db", db, "--prune", games.string()});
  INFO(second.err);
  CHECK(recorded(db) == std::vector<std::string>{"file " + a, "file " + b});
  CHECK(second.err.find("0 errors") != std::string::npos);
  CHECK(info_json(db).at("errors") == 0);

  // Given by name, the database is left out with a word on stderr.
  const RunResult named = run_ludex_ok({"import", "--db", db, db});
  CHECK(named.err.find(db + ": the database this import writes (or its journal): not imported") !=
        std::string::npos);
  CHECK(recorded(db) == std::vector<std::string>{"file " + a, "file " + b});
}

}  // namespace ludex::test
