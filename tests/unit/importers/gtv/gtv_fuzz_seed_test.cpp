// The fuzzer's seed corpus (fuzz/corpus/gtv/) replayed through the very
// function the fuzzer runs, so that a g++ build checks it on every test run;
// crash inputs the fuzzer found are kept there as regressions. The hidden
// test below regenerates the seeds and tests/fixtures/gtv/ from the writer.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "fuzz/gtv_round_trip_check.h"
#include "importers/gtv/gtv_game.h"
#include "tests/unit/importers/gtv/gtv_test_util.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;
using namespace gtv_test;

const fs::path kSeedDir = fs::path(LUDEX_SOURCE_DIR) / "fuzz" / "corpus" / "gtv";
const fs::path kFixtureDir = fs::path(LUDEX_FIXTURE_DIR) / "gtv";
const std::string kCorpusTgt =
    std::string(LUDEX_SHARED_DIR) +
    "/corpus/gtv/synthetic/SYNTHETIC-lg2206555-twixt-commentator-style.tgt";

TEST_CASE("every seed of the fuzz corpus passes the fuzzer's checks", "[gtv]") {
  REQUIRE(fs::is_directory(kSeedDir));
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(kSeedDir)) {
    if (!entry.is_regular_file()) continue;
    ++files;
    INFO(entry.path().filename().string());
    CHECK(check_gtv_round_trip(read_file(entry.path().string())).empty());
  }
  CHECK(files >= 8);
}

TEST_CASE("every fixture reads and writes back byte for byte", "[gtv]") {
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(kFixtureDir)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".hgt" && ext != ".tgt") continue;
    ++files;
    INFO(entry.path().filename().string());
    const std::string bytes = read_file(entry.path().string());
    const GtvParseOutput read = read_gtv_game(bytes);
    REQUIRE(read.game);
    const Result<std::string> written = write_gtv_game(*read.game);
    REQUIRE(written);
    CHECK(*written == bytes);
  }
  CHECK(files >= 5);
}

// Run with LUDEX_GTV_REGENERATE=1 to rewrite the seeds and fixtures.
TEST_CASE("regenerate the gtv seed corpus and fixtures", "[.][gtv-generate]") {
  const char* flag = std::getenv("LUDEX_GTV_REGENERATE");
  if (flag == nullptr || std::string(flag) != "1") return;
  const auto written = [](const GameRecord& g) {
    const Result<std::string> bytes = write_gtv_game(g);
    REQUIRE(bytes);
    return *bytes;
  };
  const GameRecord lg_swap =
      parse_lg_twixt(read_file(std::string(LUDEX_SHARED_DIR) +
                               "/corpus/twixt/littlegolem-tasuki/lg-1107581-twixtSpdIv.tsgf"));
  const std::vector<std::pair<std::string, std::string>> files = {
      {"hex-sample.hgt", written(sample_hex_game())},
      {"twixt-sample.tgt", written(sample_twixt_game())},
      {"spec-example.hgt", spec_example_hex_file()},
      {"version1.hgt", v1_example_file()},
      {"lg1107581-swap-known-writer.tgt", known_writer_tgt(lg_swap)},
  };
  fs::create_directories(kFixtureDir);
  fs::create_directories(kSeedDir);
  for (const auto& [name, bytes] : files) {
    write_file((kFixtureDir / name).string(), bytes);
    write_file((kSeedDir / name).string(), bytes);
  }
  write_file((kSeedDir / "lg2206555-synthetic.tgt").string(), read_file(kCorpusTgt));
  GameRecord empty;
  empty.family = Family::kHex;
  empty.columns = empty.rows = 3;
  empty.tree.add_root();
  write_file((kSeedDir / "empty-hex.hgt").string(), written(empty));
  GameRecord v1 = *read_gtv_game(v1_example_file()).game;
  v1.tree.set_comment(1, "écrit");
  write_file((kSeedDir / "version1-comment.hgt").string(), written(v1));
}

}  // namespace
}  // namespace ludex
