// Bad input never stops an import: each bad file is reported with its file
// and a position, and everything else is imported.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// Errors recorded for each file, from `ludex info --errors --json`.
std::multimap<std::string, nlohmann::json> errors_by_file(const std::string& db) {
  const RunResult r = run_ludex({"info", "--db", db, "--json", "--errors"});
  REQUIRE(r.exit_code == 0);
  std::multimap<std::string, nlohmann::json> out;
  const std::vector<nlohmann::json> lines = json_lines(r.out);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    out.emplace(fs::path(lines[i]["file"].get<std::string>()).filename().string(), lines[i]);
  }
  return out;
}

TEST_CASE("malformed files are reported with a position and the rest is imported", "[e2e]") {
  ScratchDir dir("malformed");
  const fs::path in = dir.path() / "in";
  write_bytes(in / "good.sgf", "(;GM[1]SZ[9]PB[Good Black]PW[Good White];B[ee];W[cc])\n");
  write_bytes(in / "empty.sgf", "");
  write_bytes(in / "truncated.sgf", "(;GM[1]SZ[9]PB[Trunc]\n;B[ee];W[cc]\n;B[d");
  write_bytes(in / "unbalanced.sgf", "(;GM[1]SZ[9]PB[Unbal];B[ee](;W[cc];B[dd]\n");
  std::string garbage;
  std::uint32_t x = 12345;  // fixed-seed LCG: the same bytes on every run
  for (int i = 0; i < 4096; ++i) {
    x = x * 1664525u + 1013904223u;
    garbage += static_cast<char>(x >> 24);
  }
  write_bytes(in / "garbage.sgf", garbage);
  write_bytes(in / "collection.sgf",
              "(;GM[1]SZ[9]PB[First];B[aa])\n"
              "(;GM[1]SZ[9]PB[Second](;B[bb]);W[cc])\n"  // a node after variations
              "(;GM[1]SZ[9]PB[Third];B[cc])\n");
  fs::create_symlink(in / "does-not-exist.sgf", in / "dangling.sgf");
  const bool can_deny = geteuid() != 0;  // root reads files whatever their mode
  if (can_deny) {
    write_bytes(in / "unreadable.sgf", "(;GM[1]PB[Hidden];B[aa])");
    fs::permissions(in / "unreadable.sgf", fs::perms::none);
  }

  const std::string db = dir / "t.db";
  const RunResult r = run_ludex({"import", "--db", db, in.string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);

  // Every bad file is named on stderr.
  for (const char* name : {"empty.sgf", "truncated.sgf", "unbalanced.sgf", "garbage.sgf",
                           "collection.sgf", "dangling.sgf"}) {
    CHECK(r.err.find(name) != std::string::npos);
  }

  const auto errors = errors_by_file(db);
  auto has_error = [&](const std::string& file, bool need_line) {
    const auto [lo, hi] = errors.equal_range(file);
    for (auto it = lo; it != hi; ++it) {
      const nlohmann::json& e = it->second;
      if (e["severity"] != "error") continue;
      if (!need_line) return true;
      if (e["line"].get<int>() > 0 || e["byte_offset"].get<std::int64_t>() >= 0) return true;
    }
    return false;
  };
  CHECK(has_error("empty.sgf", true));
  CHECK(has_error("truncated.sgf", true));
  CHECK(has_error("unbalanced.sgf", true));
  CHECK(has_error("garbage.sgf", true));
  CHECK(has_error("dangling.sgf", false));
  if (can_deny) CHECK(has_error("unreadable.sgf", false));
  CHECK_FALSE(has_error("good.sgf", false));

  // The bad game in the collection is lost, the two around it are not.
  const auto [lo, hi] = errors.equal_range("collection.sgf");
  REQUIRE(std::distance(lo, hi) >= 1);
  CHECK(lo->second["game_index"] == 1);
  const RunResult q = run_ludex({"query", "--db", db, "--json"});
  REQUIRE(q.exit_code == 0);
  std::map<std::string, int> games_per_file;
  for (const nlohmann::json& hit : json_lines(q.out)) {
    ++games_per_file[fs::path(hit["file"].get<std::string>()).filename().string()];
  }
  CHECK(games_per_file["good.sgf"] == 1);
  CHECK(games_per_file["collection.sgf"] == 2);

  // Every file found is accounted for in the database.
  const nlohmann::json info = info_json(db);
  CHECK(info["files"] == (can_deny ? 8 : 7));
}

}  // namespace
}  // namespace ludex::test
