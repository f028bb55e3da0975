// walk_paths (indexer/file_walk.h): every regular file below a directory,
// with the size and time its one stat read; links to files followed, links
// to directories not walked (a cycle cannot loop), a dangling link reported.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include "indexer/file_walk.h"
#include "tests/support/e2e_support.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;

TEST_CASE("the walk finds files below a directory with their stats", "[walk]") {
  test::ScratchDir dir("unit-file-walk");
  const fs::path root = dir.path() / "in";
  fs::create_directories(root / "a" / "b");
  test::write_bytes(root / "one.sgf", "(;GM[1])");
  test::write_bytes(root / "a" / "two.sgf", "(;GM[1];B[aa])");
  test::write_bytes(root / "a" / "b" / "three.sgf", "(;)");
  fs::create_symlink(root / "one.sgf", root / "a" / "link-to-one.sgf");
  // A loop back to the top, and a link to nothing.
  fs::create_directory_symlink(root, root / "a" / "b" / "loop");
  fs::create_symlink(root / "missing.sgf", root / "dangling.sgf");

  const WalkResult walk = walk_paths({(root / "a" / "..").string()}, DatabaseFiles(""));
  const std::string top = fs::weakly_canonical(root).string();
  const std::vector<std::string> expected = {top + "/a/b/three.sgf", top + "/a/link-to-one.sgf",
                                             top + "/a/two.sgf", top + "/one.sgf"};
  CHECK(walk.files == expected);
  REQUIRE(walk.stats.size() == walk.files.size());
  for (std::size_t i = 0; i < walk.files.size(); ++i) {
    INFO(walk.files[i]);
    const std::optional<FileStat> st = stat_file(walk.files[i]);
    REQUIRE(st);
    CHECK(walk.stats[i].size == st->size);
    CHECK(walk.stats[i].mtime_ns == st->mtime_ns);
    CHECK(walk.stats[i].mtime_ns != 0);
  }
  CHECK(walk.stats[1].size == 8);  // the link reads as the file it names
  REQUIRE(walk.failures.size() == 1);
  CHECK(walk.failures[0].first == top + "/dangling.sgf");
  CHECK_THAT(walk.failures[0].second, Catch::StartsWith("cannot stat: "));
}

TEST_CASE("a file given by name has its stat too", "[walk]") {
  test::ScratchDir dir("unit-file-walk-given");
  test::write_bytes(dir.path() / "x.sgf", "(;GM[1]SZ[9])");
  const WalkResult walk = walk_paths({dir / "x.sgf", dir / "x.sgf"}, DatabaseFiles(""));
  REQUIRE(walk.files.size() == 1);
  REQUIRE(walk.stats.size() == 1);
  CHECK(walk.stats[0].size == 13);
}

}  // namespace
}  // namespace ludex
