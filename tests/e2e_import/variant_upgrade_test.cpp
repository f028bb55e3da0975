// A game's variant is a real variant's name or empty, the same for a
// family whatever file it came from (issue 21: 280 Hex games of the corpus
// read from GM[11] SGF had the variant "11", shown as "Hex · 11 · 14×14",
// while Little Golem's Hex games had none). Migration 8 corrects a database
// written before.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {

namespace {

// Games per (family, variant) in query --json.
std::map<std::string, int> variants(const std::string& db) {
  std::map<std::string, int> out;
  for (const auto& hit : query_json(db, {})) {
    ++out[hit.at("family").get<std::string>() + "/" + hit.at("variant").get<std::string>()];
  }
  return out;
}

}  // namespace

TEST_CASE("Go, Hex and Twixt games have no variant, from any file", "[e2e][import][variant]") {
  ScratchDir dir("e2e-variants");
  const std::string db = dir / "v.db";
  const std::string hex = (corpus_dir() / "hex").string();
  const std::string twixt = (corpus_dir() / "twixt").string();
  const std::string go = (corpus_dir() / "go" / "gnugo").string();
  import_paths(db, {hex, twixt, go});
  const std::map<std::string, int> by_variant = variants(db);
  for (const auto& [key, n] : by_variant) {
    INFO(key << ": " << n);
    CHECK((key == "go/" || key == "hex/" || key == "twixt/"));
  }
  // Both kinds of Hex file are there: HexGui/benzene GM[11] and Little Golem.
  CHECK(run_ludex_ok({"query", "--db", db, "--family", "hex", "--variant", "11", "--count"}).out ==
        "0\n");
  CHECK(by_variant.at("hex/") > 2500);

  // Migration 8: a version-7 database with the GM numbers as variants is
  // corrected by the next import, and then equals one imported anew.
  const std::string old_db = dir / "old.db";
  import_paths(old_db, {hex, twixt, go});
  {
    SQLite::Database raw(old_db, SQLite::OPEN_READWRITE);
    downgrade_to_version7(raw);
    CHECK(raw.execAndGet("SELECT count(*) FROM games WHERE variant = '11'").getInt() >= 280);
  }
  CHECK(run_ludex({"query", "--db", old_db, "--count"}).exit_code == 1);  // must be upgraded
  run_ludex_ok({"import", "--db", old_db, hex, twixt, go});
  CHECK(variants(old_db) == by_variant);
  CHECK(run_ludex_ok({"query", "--db", old_db, "--json"}).out ==
        run_ludex_ok({"query", "--db", db, "--json"}).out);
}

}  // namespace ludex::test
