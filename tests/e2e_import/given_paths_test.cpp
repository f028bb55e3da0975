// ludex records a source file's path the way the user gave it, through any
// symbolic link, never resolved (issue 21: a test compared the recorded
// paths with fs::canonical of the corpus and failed when ../shared was a
// link). Tests compare paths the way ludex records them.
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <string>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {
namespace fs = std::filesystem;
}  // namespace

TEST_CASE("a path through a symbolic link is recorded as given", "[e2e][import]") {
  ScratchDir dir("e2e-given-paths");
  const fs::path hex = corpus_dir() / "hex" / "littlegolem-zerohex";
  const fs::path link = dir.path() / "linked-hex";
  fs::create_directory_symlink(hex, link);
  const std::string db = dir / "g.db";
  import_paths(db, {link.string()});
  const auto hits = query_json(db, {});
  REQUIRE(!hits.empty());
  for (const auto& hit : hits) {
    const std::string file = hit.at("file").get<std::string>();
    INFO(file);
    CHECK(file.rfind(link.string() + "/", 0) == 0);
  }
  // The same files given by their real path are other paths to the
  // database: it keeps paths as given, not resolved ones.
  const std::int64_t files = info_json(db).at("files").get<std::int64_t>();
  run_ludex_ok({"import", "--db", db, "--quiet", fs::canonical(hex).string()});
  CHECK(info_json(db).at("files").get<std::int64_t>() == 2 * files);
}

}  // namespace ludex::test
