// `ludex --version` / `ludex version` and the versions a database records
// (issue 21): the build's version and commit, SQLite's version and the
// schema version this binary writes; `info` names the builds that created
// and last wrote the database.
#include <catch2/catch.hpp>
#include <regex>
#include <string>

#include "tests/support/e2e_support.h"

namespace ludex::test {

TEST_CASE("ludex --version and ludex version print the build, SQLite and schema",
          "[e2e][version]") {
  for (const char* spelling : {"--version", "version"}) {
    INFO(spelling);
    const RunResult r = run_ludex_ok({spelling});
    CHECK(r.err.empty());
    CHECK(std::regex_search(r.out, std::regex("^ludex [0-9]+\\.[0-9]+\\.[0-9]+\n")));
    CHECK(std::regex_search(r.out, std::regex("\ncommit ([0-9a-f]{12}|unknown)\n")));
    CHECK(std::regex_search(r.out, std::regex("\nSQLite 3\\.[0-9]+\\.[0-9]+\n")));
    CHECK(std::regex_search(r.out, std::regex("\nschema version [0-9]+ \\(position hash version "
                                              "[0-9]+, moves hash version [0-9]+\\)\n$")));
  }
  const RunResult extra = run_ludex({"version", "--db", "x"});
  CHECK(extra.exit_code == 2);
  CHECK(extra.out.empty());
  // The usage names the command.
  CHECK_THAT(run_ludex_ok({"--help"}).out, Catch::Contains("version"));
}

TEST_CASE("info names the builds that created and last wrote the database", "[e2e][version]") {
  ScratchDir dir("e2e-version");
  const std::string db = dir / "v.db";
  write_bytes(dir / "a.sgf", "(;GM[1]SZ[9];B[ee];W[cc])");
  import_paths(db, {dir / "a.sgf"});
  const RunResult version = run_ludex_ok({"--version"});
  const std::string first_line = version.out.substr(0, version.out.find('\n'));
  const auto info = info_json(db);
  const std::string created = info.at("created_by").get<std::string>();
  const std::string written = info.at("written_by").get<std::string>();
  CHECK(created.rfind(first_line, 0) == 0);  // "ludex 0.1.0 (commit ...)"
  CHECK(written == created);
  const RunResult text = run_ludex_ok({"info", "--db", db});
  CHECK_THAT(text.out, Catch::Contains("written   " + written));
  CHECK_THAT(text.out, Catch::Contains("created   " + created));
}

}  // namespace ludex::test
