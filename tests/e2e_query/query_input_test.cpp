// Bad values for `ludex query`, `export` and `next` options are usage errors
// (exit 2) that name the option and what is wrong, and print nothing on
// stdout; the values next to them that are fine still work. Also the table's
// comment column, cut around the matched word.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/e2e/e2e_support.h"

namespace ludex::test {
namespace {

// Runs ludex and requires a usage error whose message contains `what`,
// with nothing on stdout.
void require_usage_error(const std::vector<std::string>& args, const std::string& what) {
  const RunResult r = run_ludex(args);
  std::string line;
  for (const std::string& a : args) line += a + " ";
  INFO(line << "-> exit " << r.exit_code << ", stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.out.empty());
  CHECK_THAT(r.err, Catch::Contains(what));
}

// A database of one small Hex game with a comment.
struct SmallArchive {
  ScratchDir dir{"e2e-query-input"};
  std::string db = dir / "q.db";
  SmallArchive() {
    write_bytes(dir.path() / "g.sgf",
                "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob]DT[2020-03-04];B[c2]C[a blunder];W[d4])\n");
    import_paths(db, {dir.path().string()});
  }
};

}  // namespace

TEST_CASE("query --size outside 1..702 is a usage error, not a crash or a hang", "[e2e][query]") {
  // Once --size 5000 --pattern died with std::bad_alloc (exit 1) and
  // --size 2000000000 never returned: the pattern's placements were
  // expanded for any board.
  SmallArchive a;
  for (const std::string size : {"5000", "2000000000", "0", "703", "-5"}) {
    require_usage_error(
        {"query", "--db", a.db, "--family", "go", "--size=" + size, "--pattern", "B:aa"},
        "--size " + size + ": a board side is 1..702");
  }
  require_usage_error({"query", "--db", a.db, "--family", "go", "--size", "-5"}, "");
  require_usage_error({"export", "--db", a.db, "--size", "5000", "--out", a.dir / "x"}, "--size");
  require_usage_error({"next", "--db", a.db, "--position", "1:1", "--size", "5000"}, "--size");
  // Patterns are matched on boards up to 256.
  require_usage_error(
      {"query", "--db", a.db, "--family", "hex", "--size", "257", "--pattern", "B:a1"},
      "--pattern: boards up to 256");
  CHECK(run_ludex_ok({"query", "--db", a.db, "--family", "go", "--size", "256", "--pattern",
                      "B:aa,W:ab", "--symmetric", "--count"})
            .out == "0\n");
  CHECK(run_ludex_ok({"query", "--db", a.db, "--size", "7", "--count"}).out == "1\n");
}

}  // namespace ludex::test
