// End-to-end: Twixt long moves count for duplicates (moves hash version 2).
// Games that differ only in a long move's link edits are different games;
// a database hashed by version 1, which left link edits out, is hashed again
// by the next import.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>

#include <SQLiteCpp/Database.h>

#include "core/moves_hash.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// file name -> duplicate_of (0 when a first copy)
std::map<std::string, std::int64_t> duplicate_of(const std::string& db) {
  std::map<std::string, std::int64_t> out;
  for (const Json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    out[fs::path(g.at("file").get<std::string>()).filename().string()] =
        g.value("duplicate_of", std::int64_t{0});
  }
  return out;
}

// The spec's position (specs/twixt-sgf.txt) and a last move of seat 2.
std::string spec_game(const std::string& headers, const std::string& last) {
  return "(;FF[4]GM[21]SZ[24]" + headers + ";B[i4];B[J2];B[K5];B[i3];B[J5];B" + last + ")\n";
}

// The spec's long move; the same without the addition; the same removing
// only one link; and the first again under other headers (a duplicate).
void write_long_move_games(const fs::path& archive) {
  write_bytes(archive / "a-spec.sgf", spec_game("PB[ann]", "[-i'3][-J4'][\\i'4][K4]"));
  write_bytes(archive / "b-no-add.sgf", spec_game("PB[ann]", "[-i'3][-J4'][K4]"));
  write_bytes(archive / "c-one-removal.sgf", spec_game("PB[ann]", "[-i'3][K4]"));
  write_bytes(archive / "d-copy.sgf", spec_game("PB[bob]DT[2024]", "[-i'3][-J4'][\\i'4][K4]"));
}

}  // namespace

TEST_CASE("twixt games differing only in a long move's link edits are not duplicates",
          "[e2e][import]") {
  ScratchDir dir("e2e-import-long-moves");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_long_move_games(archive);
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, archive.string()});
  const auto dup = duplicate_of(db);
  REQUIRE(dup.size() == 4);
  CHECK(dup.at("a-spec.sgf") == 0);
  CHECK(dup.at("b-no-add.sgf") == 0);
  CHECK(dup.at("c-one-removal.sgf") == 0);
  CHECK(dup.at("d-copy.sgf") != 0);
  CHECK(info_json(db).at("duplicates") == 1);
}

TEST_CASE("an import hashes again a database of moves hash version 1", "[e2e][import]") {
  ScratchDir dir("e2e-import-long-moves-upgrade");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_long_move_games(archive);
  const std::string db = dir / "d.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  const Json fresh = info_json(db);
  REQUIRE(fresh.at("duplicates") == 1);
  REQUIRE(kMovesHashVersion == 2);
  // What version 1 wrote: one hash for the four games (link edits left
  // out), so every game after the first was its duplicate.
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE games SET moves_hash = 12345");
    raw.exec(
        "UPDATE games SET duplicate_of = (SELECT min(game_id) FROM games) "
        "WHERE game_id > (SELECT min(game_id) FROM games)");
    raw.exec("UPDATE meta SET value = '1' WHERE key = 'moves_hash_version'");
    // Version 1's import kept the count of what it marked (schema/write/counts.h).
    raw.exec("UPDATE counts SET value = 3 WHERE name = 'duplicates'");
  }
  REQUIRE(info_json(db).at("duplicates") == 3);
  const RunResult again = run_ludex_ok({"import", "--db", db, archive.string()});
  CHECK(again.err.find("hashed the moves of 4 stored games") != std::string::npos);
  CHECK(again.err.find("4 unchanged") != std::string::npos);
  CHECK(info_json(db) == fresh);
  // Once only.
  CHECK(run_ludex_ok({"import", "--db", db, archive.string()}).err.find("hashed") ==
        std::string::npos);
}

}  // namespace ludex::test
