// End-to-end tests of incremental imports: changed, added and deleted files
// (--prune) give the same archive as a fresh import of the final state.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// What "the same archive" means here: the same `ludex info` counts, and per
// (file, game index) the same game fields and the same position at the end
// of the main line. Game ids are left out: an incremental import gives a
// replaced file's games new ids after the others (ids are in input order of
// the imports that stored them).
std::map<std::string, std::string> archive_of(const std::string& db, const fs::path& root) {
  std::map<std::string, std::string> out;
  Json info = info_json(db);
  out["info"] = info.dump();
  for (Json game : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    const std::int64_t id = game.at("game_id");
    Json end =
        Json::parse(run_ludex_ok({"show", "--db", db, "--game", std::to_string(id), "--json"}).out);
    game.erase("game_id");
    end.erase("game_id");
    const std::string file = fs::relative(game.at("file").get<std::string>(), root).string();
    game["file"] = file;
    out[file + ":" + game.at("game_index").dump()] = game.dump() + " " + end.dump();
  }
  return out;
}

}  // namespace

TEST_CASE("an incremental import equals a fresh import of the final state", "[e2e][import]") {
  ScratchDir dir("e2e-import-incremental");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive / "sub");
  write_bytes(archive / "a.sgf", "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "sub" / "b.sgf",
              "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[ce])(;FF[4]GM[1]SZ[9];B[cc])\n");
  write_bytes(archive / "gone.sgf", "(;FF[4]GM[11]SZ[5]PB[eve]PW[fay];B[a1])\n");
  const std::string db = dir / "incremental.db";
  run_ludex_ok({"import", "--db", db, archive.string()});
  CHECK(info_json(db).at("games") == 4);

  // Change one file (a move and a new game), add one, delete one.
  write_bytes(archive / "sub" / "b.sgf",
              "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[cc])(;FF[4]GM[1]SZ[9];B[cc])"
              "(;FF[4]GM[1]SZ[9]PB[gil];B[gg])\n");
  write_bytes(archive / "new.sgf", "(;FF[4]GM[11]SZ[7]PB[hal]PW[ivy];B[a1];W[b2])\n");
  fs::remove(archive / "gone.sgf");
  const RunResult second = run_ludex_ok({"import", "--db", db, "--prune", archive.string()});
  CHECK(second.err.find("1 new, 1 replaced, 1 unchanged, 1 pruned") != std::string::npos);

  const std::string fresh = dir / "fresh.db";
  run_ludex_ok({"import", "--db", fresh, archive.string()});
  const auto a = archive_of(db, archive);
  const auto b = archive_of(fresh, archive);
  CHECK(a == b);
  CHECK(a.size() == 6);  // info and five games
  CHECK(a.count("gone.sgf:0") == 0);
  // Players only in the deleted file are gone too.
  CHECK(run_ludex_ok({"query", "--db", db, "--player", "eve", "--count"}).out == "0\n");
}

TEST_CASE("prune forgets only files under the given paths", "[e2e][import]") {
  ScratchDir dir("e2e-import-prune");
  fs::create_directories(dir.path() / "one");
  fs::create_directories(dir.path() / "two");
  write_bytes(dir.path() / "one" / "x.sgf", "(;FF[4]GM[11]SZ[5];B[a1])\n");
  write_bytes(dir.path() / "two" / "y.sgf", "(;FF[4]GM[11]SZ[5];B[b2])\n");
  const std::string db = dir / "p.db";
  run_ludex_ok(
      {"import", "--db", db, (dir.path() / "one").string(), (dir.path() / "two").string()});
  fs::remove(dir.path() / "two" / "y.sgf");
  // Importing "one" with --prune must not touch what was imported from "two".
  run_ludex_ok({"import", "--db", db, "--prune", (dir.path() / "one").string()});
  CHECK(info_json(db).at("files") == 2);
  // Without --prune nothing is forgotten; with it, the gone file is.
  run_ludex_ok({"import", "--db", db, (dir.path() / "two").string()});
  CHECK(info_json(db).at("files") == 2);
  const RunResult pruned =
      run_ludex_ok({"import", "--db", db, "--prune", (dir.path() / "two").string()});
  CHECK(pruned.err.find("1 pruned") != std::string::npos);
  CHECK(info_json(db).at("files") == 1);
  CHECK(info_json(db).at("games") == 1);
}

}  // namespace ludex::test
