// End-to-end: a database of schema version 5, which had no position
// streams, is migrated by the next import, which stores the streams of the
// games it holds (without reading their files again); pattern searches and
// pattern continuations then answer as on a database imported anew.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {

namespace fs = std::filesystem;

TEST_CASE("an import migrates a version-5 database and stores its games' position streams",
          "[e2e][positions]") {
  ScratchDir dir("e2e-stream-upgrade");
  const std::string go = (corpus_dir() / "go" / "gnugo").string();
  const std::string fresh_db = dir / "fresh.db";
  run_ludex_ok({"import", "--db", fresh_db, go});
  const std::string db = dir / "old.db";
  run_ludex_ok({"import", "--db", db, go});
  {
    // What version 5 wrote: version 6's layout without game_positions.
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version6(raw);
    raw.exec("DROP TABLE game_positions");
    raw.exec("UPDATE meta SET value = '5' WHERE key = 'schema_version'");
    raw.exec("PRAGMA user_version = 5");
  }
  CHECK(run_ludex({"query", "--db", db, "--count"}).exit_code == 1);
  const RunResult r = run_ludex_ok({"import", "--db", db, go});
  CHECK(r.err.find("stored the positions of ") != std::string::npos);
  CHECK(r.err.find(" unchanged") != std::string::npos);
  CHECK(info_json(db) == info_json(fresh_db));
  const std::vector<std::string> pattern = {"--family",  "go",        "--size",     "19",
                                            "--pattern", "B:dd,.:cc", "--symmetric"};
  auto run = [&](const std::string& command, const std::string& on,
                 std::vector<std::string> extra) {
    std::vector<std::string> args = {command, "--db", on};
    args.insert(args.end(), pattern.begin(), pattern.end());
    args.insert(args.end(), extra.begin(), extra.end());
    return run_ludex_ok(args).out;
  };
  const std::string hits = run("query", db, {"--first", "--json"});
  CHECK(hits == run("query", fresh_db, {"--first", "--json"}));
  CHECK(hits.size() > 100);
  CHECK(run("query", db, {"--count"}) == run("query", fresh_db, {"--count"}));
  CHECK(run("next", db, {"--json"}) == run("next", fresh_db, {"--json"}));
  // A second import has nothing left to compute.
  CHECK(run_ludex_ok({"import", "--db", db, go}).err.find("stored the positions of") ==
        std::string::npos);
}

}  // namespace ludex::test
