// End-to-end: what ludex says about archives and their members. `ludex
// show` names a game's source file and its index there as `ludex query`
// does (a member as ARCHIVE//MEMBER), in its header and in --json; `ludex
// info` counts archives apart from their members; a member path given to
// `ludex import` is a usage error that stores nothing.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

const std::string kHex = "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n";
const std::string kGo = "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[ce])\n";

// The line of `text` that starts with `start`, "" if none.
std::string line_starting(const std::string& text, const std::string& start) {
  for (std::size_t at = 0; at < text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    if (text.compare(at, start.size(), start) == 0) return text.substr(at, end - at);
    at = end + 1;
  }
  return "";
}

}  // namespace

TEST_CASE("show names the source file and the game index, a member as ARCHIVE//MEMBER",
          "[e2e][archive][show]") {
  ScratchDir dir("e2e-archive-show-path");
  const std::string zip = dir / "games.zip";
  // The Go game is the second of its member (index 1); the plain file's is
  // its first (index 0).
  write_bytes(zip, build_archive(ArchiveKind::kZip, {{"2019/two.sgf", kHex + kGo}}));
  write_bytes(dir.path() / "plain.sgf", kGo);
  const std::string db = dir / "paths.db";
  import_paths(db, {dir.path().string()});

  const std::vector<nlohmann::json> hits = query_json(db, {"--player", "dan"});
  REQUIRE(hits.size() == 2);
  std::vector<std::string> files;
  for (const nlohmann::json& hit : hits) {
    const std::string file = hit.at("file");
    const int index = hit.at("game_index");
    files.push_back(file + ":" + std::to_string(index));
    const std::string id = std::to_string(hit.at("game_id").get<std::int64_t>());
    const RunResult text = run_ludex_ok({"show", "--db", db, "--game", id});
    INFO(text.out);
    // The header's second line, right after the game's own.
    const std::size_t second = text.out.find('\n') + 1;
    CHECK(text.out.substr(second, text.out.find('\n', second) - second) ==
          "file: " + file + ", game index " + std::to_string(index));
    const nlohmann::json j =
        nlohmann::json::parse(run_ludex_ok({"show", "--db", db, "--game", id, "--json"}).out);
    CHECK(j.at("file") == hit.at("file"));
    CHECK(j.at("game_index") == hit.at("game_index"));
  }
  std::sort(files.begin(), files.end());
  CHECK(files == std::vector<std::string>{zip + "//2019/two.sgf:1", dir / "plain.sgf:0"});
}

TEST_CASE("info counts archives apart from the files in them", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-info");
  // games.zip holds a file and inner.tar.gz, which holds another: two
  // archives, three files with the one on disk.
  const std::string inner = build_archive(ArchiveKind::kTarGz, {{"go.sgf", kGo}});
  write_bytes(dir.path() / "games.zip",
              build_archive(ArchiveKind::kZip, {{"hex.sgf", kHex}, {"inner.tar.gz", inner}}));
  write_bytes(dir.path() / "plain.sgf", kGo);
  const std::string db = dir / "info.db";
  import_paths(db, {dir.path().string()});

  const nlohmann::json j = info_json(db);
  CHECK(j.at("archives") == 2);
  CHECK(j.at("files") == 3);
  CHECK(j.at("games") == 3);
  // Every key there was before is still there.
  for (const char* key : {"files", "games", "nodes", "moves", "players", "errors", "warnings",
                          "duplicates", "games_by_family", "schema_version"}) {
    CHECK(j.contains(key));
  }
  const RunResult text = run_ludex_ok({"info", "--db", db});
  CHECK(line_starting(text.out, "files ") == "files     3");
  CHECK(line_starting(text.out, "archives ") == "archives  2");
}

TEST_CASE("a member path given to import is a usage error that stores nothing", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-member-arg");
  const std::string zip = dir / "a.zip";
  write_bytes(zip, build_archive(ArchiveKind::kZip, {{"g1.sgf", kGo}, {"sub/g2.sgf", kHex}}));
  const std::string db = dir / "m.db";
  for (const std::string& member :
       {zip + "//g1.sgf", zip + "//sub/g2.sgf", dir / "gone.zip//g1.sgf"}) {
    INFO(member);
    const RunResult r = run_ludex({"import", "--db", db, member});
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("'" + member + "' names a member of the archive '") != std::string::npos);
    CHECK(r.err.find("a member is imported by importing its archive") != std::string::npos);
    CHECK_FALSE(fs::exists(db));
  }
  // Also when other paths come with it: nothing of them is imported either.
  const RunResult mixed = run_ludex({"import", "--db", db, zip, zip + "//g1.sgf"});
  CHECK(mixed.exit_code == 2);
  CHECK_FALSE(fs::exists(db));
  // A doubled slash after a directory is a path on disk, as the system reads it.
  fs::create_directories(dir.path() / "d");
  write_bytes(dir.path() / "d" / "x.sgf", kGo);
  run_ludex_ok({"import", "--db", db, dir / "d//x.sgf"});
  CHECK(info_json(db).at("games") == 1);
}

}  // namespace ludex::test
