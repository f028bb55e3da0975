// Re-importing: unchanged files add nothing, changed files replace their
// games, copies of a file are stored twice.
#include <catch2/catch.hpp>
#include <filesystem>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

std::int64_t count(const std::string& db, const std::vector<std::string>& filter) {
  std::vector<std::string> args = {"query", "--db", db, "--count"};
  args.insert(args.end(), filter.begin(), filter.end());
  const RunResult r = run_ludex(args);
  REQUIRE(r.exit_code == 0);
  return std::stoll(r.out);
}

TEST_CASE("re-import skips unchanged files and replaces changed ones", "[e2e][import]") {
  ScratchDir dir("reimport");
  const fs::path in = dir.path() / "in";
  write_bytes(in / "a.sgf", "(;GM[1]SZ[9]PB[Alpha]PW[Beta];B[ee];W[cc])");
  write_bytes(in / "b.sgf", "(;GM[1]SZ[9]PB[Gamma]PW[Delta];B[ee])(;GM[1]SZ[9]PB[Gamma];B[dd])");
  const std::string db = dir / "t.db";
  REQUIRE(run_ludex({"import", "--db", db, in.string()}).exit_code == 0);
  const nlohmann::json first = info_json(db);
  CHECK(first["files"] == 2);
  CHECK(first["games"] == 3);

  // Unchanged: nothing is added.
  const RunResult again = run_ludex({"import", "--db", db, in.string()});
  REQUIRE(again.exit_code == 0);
  CHECK(again.err.find("2 unchanged") != std::string::npos);
  CHECK(info_json(db) == first);

  // Changed content replaces the file's games.
  write_bytes(in / "b.sgf", "(;GM[1]SZ[9]PB[Epsilon]PW[Delta];B[ee];W[aa];B[bb])");
  const RunResult changed = run_ludex({"import", "--db", db, in.string()});
  REQUIRE(changed.exit_code == 0);
  CHECK(changed.err.find("1 replaced") != std::string::npos);
  const nlohmann::json after = info_json(db);
  CHECK(after["files"] == 2);
  CHECK(after["games"] == 2);
  CHECK(count(db, {"--player", "Gamma"}) == 0);
  CHECK(count(db, {"--player", "Epsilon"}) == 1);
  CHECK(count(db, {"--player", "Delta"}) == 1);

  // A copy of a file under another name is stored again, never dropped.
  fs::copy_file(in / "a.sgf", in / "copy-of-a.sgf");
  REQUIRE(run_ludex({"import", "--db", db, in.string()}).exit_code == 0);
  CHECK(count(db, {"--player", "Alpha"}) == 2);
  CHECK(info_json(db)["files"] == 3);
}

TEST_CASE("the same input imported twice gives the same ids", "[e2e][import]") {
  ScratchDir dir("ids");
  const std::string sample = std::string(LUDEX_SOURCE_DIR) + "/sample";
  const std::string db1 = dir / "one.db";
  const std::string db2 = dir / "two.db";
  REQUIRE(run_ludex({"import", "--db", db1, "--quiet", sample}).exit_code == 0);
  REQUIRE(run_ludex({"import", "--db", db2, "--quiet", sample}).exit_code == 0);
  const RunResult q1 = run_ludex({"query", "--db", db1, "--json"});
  const RunResult q2 = run_ludex({"query", "--db", db2, "--json"});
  REQUIRE(q1.exit_code == 0);
  REQUIRE(q2.exit_code == 0);
  CHECK(q1.out == q2.out);
  CHECK(info_json(db1) == info_json(db2));
}

}  // namespace
}  // namespace ludex::test
