// The bundled sample archive: every family and dialect, with known answers.
#include <catch2/catch.hpp>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

TEST_CASE("the sample archive imports every family", "[e2e][sample]") {
  ScratchDir dir("sample");
  const std::string db = dir / "sample.db";
  const RunResult r = run_ludex({"import", "--db", db, std::string(LUDEX_SOURCE_DIR) + "/sample"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const nlohmann::json info = info_json(db);
  CHECK(info["files"] == 7);
  CHECK(info["games"] == 8);
  CHECK(info["errors"] == 0);
  CHECK(info["warnings"] == 0);
  CHECK(info["games_by_family"]["hex"] == 3);
  CHECK(info["games_by_family"]["twixt"] == 2);
  CHECK(info["games_by_family"]["blokus"] == 1);
  CHECK(info["games_by_family"]["go"] == 1);
  CHECK(info["games_by_family"]["other"] == 1);

  // Seat 1 moves first in every family: Little Golem Hex's PB, Twixt SGF's PW.
  const RunResult q = run_ludex({"query", "--db", db, "--player", "ada*", "--json"});
  REQUIRE(q.exit_code == 0);
  const std::vector<nlohmann::json> hits = json_lines(q.out);
  CHECK(hits.size() == 6);
  for (const nlohmann::json& hit : hits) {
    CHECK(hit.contains("game_id"));
    CHECK(hit.contains("file"));
    CHECK(hit.contains("game_index"));
    CHECK(hit.contains("family"));
    CHECK(hit.contains("players"));
    CHECK(hit.contains("result"));
  }
  const RunResult twixt =
      run_ludex({"query", "--db", db, "--family", "twixt", "--player", "grace hopper", "--json"});
  REQUIRE(twixt.exit_code == 0);
  const std::vector<nlohmann::json> t = json_lines(twixt.out);
  REQUIRE(t.size() == 1);
  CHECK(t[0]["players"][0]["seat"] == 1);
  CHECK(t[0]["players"][0]["name"] == "Grace Hopper");
  CHECK(t[0]["winner"] == 1);

  // Usage errors exit 2, a missing database exits 1.
  CHECK(run_ludex({"query", "--db", db, "--family", "chess"}).exit_code == 2);
  CHECK(run_ludex({"frobnicate"}).exit_code == 2);
  CHECK(run_ludex({"info", "--db", dir / "missing.db"}).exit_code == 1);
}

}  // namespace
}  // namespace ludex::test
