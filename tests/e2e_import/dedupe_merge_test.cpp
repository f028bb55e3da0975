// End-to-end tests of import --dedupe, of deterministic ids and of
// `ludex merge`.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// The archive of the duplicates test: one Twixt game as Little Golem record
// and .tgt, one Hex game three times with other headers, three near misses.
void write_archive(const fs::path& archive) {
  fs::create_directories(archive);
  fs::copy_file(corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf", archive / "a-lg.tsgf");
  fs::copy_file(
      corpus_dir() / "gtv" / "synthetic" / "SYNTHETIC-lg2206555-twixt-commentator-style.tgt",
      archive / "b-jt.tgt");
  write_bytes(archive / "c-hex.sgf", "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "d-hex.sgf",
              "(;FF[4]GM[11]SZ[7]PB[cid]PW[dot]DT[2020-01-01]RE[B+];B[c2]C[opening];W[d4];B[e5])"
              "\n");
  write_bytes(archive / "e-hex.sgf", "(;FF[4]GM[11]SZ[7]PB[eve];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "f-hex.sgf", "(;FF[4]GM[11]SZ[7];B[c2];W[d4];B[e6])\n");
  write_bytes(archive / "g-hex.sgf", "(;FF[4]GM[11]SZ[9];B[c2];W[d4];B[e5])\n");
  write_bytes(archive / "h-hex.sgf", "(;FF[4]GM[11]SZ[7];B[c2];W[d4])\n");
}

// file name -> game id, of the stored games.
std::map<std::string, std::int64_t> stored_games(const std::string& db) {
  std::map<std::string, std::int64_t> out;
  for (const Json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    out[fs::path(g.at("file").get<std::string>()).filename().string()] = g.at("game_id");
  }
  return out;
}

// Every stored game as `query --json` and `show --json` (its position at
// the end of the main line) give it, ids included, in id order.
std::vector<std::string> games_dump(const std::string& db) {
  std::vector<std::string> out;
  for (const Json& game : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    const std::int64_t id = game.at("game_id");
    out.push_back(game.dump() + " " +
                  run_ludex_ok({"show", "--db", db, "--game", std::to_string(id), "--json"}).out);
  }
  return out;
}

}  // namespace

TEST_CASE("import dedupe stores the first copy only and records the others", "[e2e][import]") {
  ScratchDir dir("e2e-import-dedupe");
  const fs::path archive = dir.path() / "archive";
  write_archive(archive);
  const std::string db = dir / "dedupe.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, "--dedupe", archive.string()});
  // The summary: one line on stderr (no progress line: not a terminal).
  CHECK(r.err.rfind("imported 5 games (", 0) == 0);
  CHECK(r.err.find(" from 8 files: 8 new, 0 replaced, 0 unchanged, 0 pruned, 0 not game files; "
                   "3 duplicates (3 not stored); 0 errors, ") != std::string::npos);
  CHECK(r.err.find('\n') == r.err.size() - 1);
  CHECK(r.err.find('\r') == std::string::npos);
  CHECK(r.out.empty());
  CHECK(
      run_ludex_ok({"import", "--db", dir / "quiet.db", "--quiet", archive.string()}).err.empty());

  const auto g = stored_games(db);
  CHECK(g.size() == 5);
  for (const char* gone : {"b-jt.tgt", "d-hex.sgf", "e-hex.sgf"}) CHECK(g.count(gone) == 0);
  const Json info = info_json(db);
  CHECK(info.at("files") == 8);  // every file is still known
  CHECK(info.at("games") == 5);
  CHECK(info.at("duplicates") == 3);  // as without --dedupe
  CHECK(run_ludex_ok({"query", "--db", db, "--duplicates", "--count"}).out == "0\n");
  // Nothing to do on the next import: the files are known and unchanged.
  CHECK(
      run_ludex_ok({"import", "--db", db, "--dedupe", archive.string()}).err.find("8 unchanged") !=
      std::string::npos);

  // The stored copy's file goes: the import that prunes it stores the game
  // from a file where it was only seen, so it is not lost.
  fs::remove(archive / "c-hex.sgf");
  const RunResult again =
      run_ludex_ok({"import", "--db", db, "--dedupe", "--prune", archive.string()});
  CHECK(again.err.find("0 new, 2 replaced, 5 unchanged, 1 pruned") != std::string::npos);
  const auto h = stored_games(db);
  CHECK(h.size() == 5);
  CHECK(h.count("d-hex.sgf") == 1);
  CHECK(h.count("e-hex.sgf") == 0);
  CHECK(info_json(db).at("duplicates") == 2);
  CHECK(run_ludex_ok({"query", "--db", db, "--player", "cid", "--count"}).out == "1\n");
}

TEST_CASE("the same input imported twice gives the same ids and info", "[e2e][import]") {
  ScratchDir dir("e2e-import-deterministic");
  std::vector<std::string> paths;
  for (const char* sub : {"hex", "twixt", "gtv", "blksgf"}) {
    paths.push_back((corpus_dir() / sub).string());
  }
  auto import = [&](const std::string& db, const char* jobs) {
    std::vector<std::string> args{"import", "--db", db, "--quiet", "--jobs", jobs};
    args.insert(args.end(), paths.begin(), paths.end());
    run_ludex_ok(args);
  };
  const std::string one = dir / "one.db";
  const std::string two = dir / "two.db";
  import(one, "1");
  import(two, "2");
  CHECK(info_json(one) == info_json(two));
  CHECK(info_json(one).at("games") > 100);
  const std::string a = run_ludex_ok({"query", "--db", one, "--json"}).out;
  CHECK(a == run_ludex_ok({"query", "--db", two, "--json"}).out);
  CHECK(run_ludex_ok({"query", "--db", one, "--duplicates", "--json"}).out ==
        run_ludex_ok({"query", "--db", two, "--duplicates", "--json"}).out);
}

TEST_CASE("merge gives the games of one import of both sources", "[e2e][import][merge]") {
  ScratchDir dir("e2e-import-merge");
  const fs::path one = dir.path() / "one";
  const fs::path two = dir.path() / "two";
  write_archive(one);
  fs::create_directories(two);
  // Copies of games in "one" (duplicates across the databases), new games,
  // a player in both.
  write_bytes(two / "m.sgf",
              "(;FF[4]GM[11]SZ[7]PB[ann]PW[zed];B[c2];W[d4];B[e5])"
              "(;FF[4]GM[11]SZ[7]PB[ann]PW[zed];B[a1]C[new];W[b2])\n");
  write_bytes(two / "n.sgf", "(;FF[4]GM[1]SZ[9]PB[yul];B[ee];W[cc]BL[12.5])\n");
  write_bytes(two / "broken.sgf", "(;FF[4]GM[11]SZ[7];B[c2]\n");
  fs::copy_file(corpus_dir() / "twixt" / "twixtbot-ui-game2206555.tsgf", two / "lg.tsgf");

  const std::string a = dir / "a.db";
  const std::string b = dir / "b.db";
  const std::string both = dir / "both.db";
  run_ludex_ok({"import", "--db", a, "--quiet", one.string()});
  run_ludex_ok({"import", "--db", b, "--quiet", two.string()});
  run_ludex_ok({"import", "--db", both, "--quiet", one.string(), two.string()});
  const RunResult merged = run_ludex_ok({"merge", "--db", a, "--from", b});
  CHECK(merged.err.find("merged 4 games") != std::string::npos);
  CHECK(merged.out.empty());

  // B's games follow A's in B's order, as one import of both gives them.
  CHECK(games_dump(a) == games_dump(both));
  CHECK(info_json(a) == info_json(both));
  CHECK(info_json(a).at("duplicates") == 5);
  CHECK(run_ludex_ok({"info", "--db", a, "--errors"}).out ==
        run_ludex_ok({"info", "--db", both, "--errors"}).out);

  // Merging again adds nothing: every path is known with the same content.
  CHECK(run_ludex_ok({"merge", "--db", a, "--from", b}).err.find("merged 0 games") !=
        std::string::npos);
  CHECK(info_json(a) == info_json(both));
}

TEST_CASE("merge keeps the newer version of a path in both databases", "[e2e][import][merge]") {
  ScratchDir dir("e2e-import-merge-conflict");
  const fs::path src = dir.path() / "src";
  fs::create_directories(src);
  write_bytes(src / "x.sgf", "(;FF[4]GM[11]SZ[7]PB[old];B[c2])\n");
  const std::string a = dir / "a.db";
  const std::string b = dir / "b.db";
  run_ludex_ok({"import", "--db", a, "--quiet", src.string()});
  write_bytes(src / "x.sgf", "(;FF[4]GM[11]SZ[7]PB[new];B[c2];W[d4])\n");
  fs::last_write_time(src / "x.sgf", fs::last_write_time(src / "x.sgf") + std::chrono::hours(1));
  run_ludex_ok({"import", "--db", b, "--quiet", src.string()});

  const std::string a_old = dir / "a-old.db";
  fs::copy_file(a, a_old);
  const RunResult r = run_ludex_ok({"merge", "--db", a, "--from", b});
  CHECK(r.err.find("x.sgf: differs in") != std::string::npos);
  CHECK(r.err.find("1 replaced by a newer version") != std::string::npos);
  CHECK(run_ludex_ok({"query", "--db", a, "--player", "new", "--count"}).out == "1\n");
  CHECK(run_ludex_ok({"query", "--db", a, "--player", "old", "--count"}).out == "0\n");
  // The other way round B's newer version stays.
  const RunResult back = run_ludex_ok({"merge", "--db", b, "--from", a_old});
  CHECK(back.err.find("1 kept as newer here") != std::string::npos);
  CHECK(run_ludex_ok({"query", "--db", b, "--player", "new", "--count"}).out == "1\n");
  CHECK(info_json(b).at("games") == 1);
}

TEST_CASE("merge refuses a database of another schema version", "[e2e][import][merge]") {
  ScratchDir dir("e2e-import-merge-version");
  write_bytes(dir / "x.sgf", "(;FF[4]GM[11]SZ[7];B[c2])\n");
  const std::string a = dir / "a.db";
  const std::string b = dir / "b.db";
  run_ludex_ok({"import", "--db", a, "--quiet", dir / "x.sgf"});
  run_ludex_ok({"import", "--db", b, "--quiet", dir / "x.sgf"});
  {
    SQLite::Database h(b, SQLite::OPEN_READWRITE);
    h.exec("PRAGMA user_version = 99");
  }
  const RunResult r = run_ludex({"merge", "--db", a, "--from", b});
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("cannot read") != std::string::npos);
  CHECK(r.err.find("99") != std::string::npos);
  CHECK(info_json(a).at("games") == 1);
}

}  // namespace ludex::test
