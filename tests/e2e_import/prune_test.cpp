// End-to-end: import --prune when a given path itself is gone.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>

#include "tests/support/e2e_support.h"

namespace ludex::test {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// What a database holds, ids left out: info, and each stored game's query
// fields by file name.
std::map<std::string, std::string> contents(const std::string& db) {
  std::map<std::string, std::string> out;
  out["info"] = info_json(db).dump();
  for (Json g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    g.erase("game_id");
    g.erase("duplicate_of");
    out[fs::path(g.at("file").get<std::string>()).filename().string()] = g.dump();
  }
  return out;
}

TEST_CASE("prune forgets what was imported from a given path that is gone", "[e2e][import]") {
  ScratchDir dir("e2e-import-prune-gone");
  const fs::path one = dir.path() / "one";
  const fs::path two = dir.path() / "two";
  const fs::path single = dir.path() / "z.sgf";
  fs::create_directories(one);
  fs::create_directories(two / "deeper");
  write_bytes(one / "x.sgf", "(;FF[4]GM[11]SZ[5];B[a1])\n");
  write_bytes(two / "y.sgf", "(;FF[4]GM[11]SZ[5];B[b2])\n");
  write_bytes(two / "deeper" / "w.sgf", "(;FF[4]GM[11]SZ[5];B[c3])\n");
  write_bytes(single, "(;FF[4]GM[11]SZ[5];B[d4])\n");
  const std::string db = dir / "p.db";
  run_ludex_ok({"import", "--db", db, one.string(), two.string(), single.string()});
  REQUIRE(info_json(db).at("games") == 4);

  fs::remove_all(two);
  fs::remove(single);
  // Without --prune a missing path is an error, recorded like an unreadable
  // file, and nothing is forgotten.
  run_ludex_ok({"import", "--db", db, "--quiet", two.string()});
  CHECK(info_json(db).at("files") == 5);
  CHECK(info_json(db).at("games") == 4);
  CHECK(info_json(db).at("errors") == 1);

  // With it, the gone directory (given with a trailing slash) and the gone
  // file take their games with them, the error row included; "one" is kept.
  const RunResult pruned =
      run_ludex_ok({"import", "--db", db, "--prune", two.string() + "/", single.string()});
  CHECK(pruned.err.find("0 new, 0 replaced, 0 unchanged, 4 pruned") != std::string::npos);
  CHECK(pruned.err.find("z.sgf: no such file or directory; what was imported from it is pruned") !=
        std::string::npos);
  const nlohmann::json info = info_json(db);
  CHECK(info.at("files") == 1);
  CHECK(info.at("games") == 1);
  CHECK(info.at("errors") == 0);
  CHECK(run_ludex_ok({"query", "--db", db, "--json"}).out.find("x.sgf") != std::string::npos);
}

TEST_CASE("a deduplicating import with prune equals a fresh one", "[e2e][import]") {
  ScratchDir dir("e2e-import-dedupe-prune");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "c.sgf", "(;FF[4]GM[11]SZ[7]PB[ann];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "d.sgf", "(;FF[4]GM[11]SZ[7]PB[cid];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "e.sgf", "(;FF[4]GM[11]SZ[7]PB[eve];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "x.sgf", "(;FF[4]GM[11]SZ[7]PB[xan];B[a1])\n");
  const std::string db = dir / "incremental.db";
  run_ludex_ok({"import", "--db", db, "--dedupe", archive.string()});
  REQUIRE(info_json(db).at("games") == 2);

  // The stored copy's file goes, another file changes.
  fs::remove(archive / "c.sgf");
  write_bytes(archive / "x.sgf", "(;FF[4]GM[11]SZ[7]PB[xan];B[a1];W[b2])\n");
  const RunResult r = run_ludex_ok({"import", "--db", db, "--dedupe", "--prune", archive.string()});
  CHECK(r.err.find("0 new, 3 replaced, 0 unchanged, 1 pruned") != std::string::npos);

  const std::string fresh = dir / "fresh.db";
  run_ludex_ok({"import", "--db", fresh, "--dedupe", archive.string()});
  const auto a = contents(db);
  CHECK(a == contents(fresh));
  CHECK(a.size() == 3);  // info, d.sgf and x.sgf
  CHECK(a.count("d.sgf") == 1);
  CHECK(info_json(db).at("duplicates") == 1);
}

}  // namespace ludex::test
