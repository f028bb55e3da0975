// The benchmark archive generator: the same seed gives byte-identical files
// whatever the number of threads, the plan adds up, and every generated game
// is read back by ludex with no error or warning and with every position
// computed (the moves are legal). No timing is checked here: the benchmark
// itself is bench/, not a test.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bench/archive_generator.h"
#include "bench/parse_bench.h"
#include "bench/rng.h"
#include "games/position.h"
#include "importers/game_file.h"

namespace ludex {
namespace {
namespace fs = std::filesystem;

// A temporary directory removed at the end of the test.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_(fs::temp_directory_path() /
              ("ludex-bench-test-" + std::to_string(::getpid()) + "-" + name)) {
    fs::remove_all(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Relative path -> content of every file under root.
std::map<std::string, std::string> read_tree(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file()) continue;
    out[fs::relative(entry.path(), root).string()] = read_whole_file(entry.path().string());
  }
  return out;
}

GeneratorOptions small_archive(std::uint64_t seed, int jobs) {
  GeneratorOptions options;
  options.games = 240;
  options.seed = seed;
  options.jobs = jobs;
  return options;
}

TEST_CASE("the generator's random numbers are fixed by the seed", "[bench]") {
  Rng a(42);
  Rng b(42);
  for (int i = 0; i < 100; ++i) REQUIRE(a.next() == b.next());
  // Pinned values: xoshiro256** seeded by splitmix64. If they change, every
  // archive changes, and published figures no longer name their input.
  CHECK(Rng(1).next() == 12966619160104079557ULL);
  CHECK(Rng(1).below(1000000) == 79557);
  CHECK(derive_seed(1, 0) != derive_seed(1, 1));
  Rng d(7);
  for (int i = 0; i < 1000; ++i) {
    const std::int64_t v = d.between(-3, 3);
    REQUIRE(v >= -3);
    REQUIRE(v <= 3);
  }
}

TEST_CASE("the same seed gives a byte-identical archive", "[bench]") {
  TempDir one("one");
  TempDir two("two");
  TempDir other("other");
  const GeneratedArchive a = generate_archive(one.path().string(), small_archive(7, 1));
  const GeneratedArchive b = generate_archive(two.path().string(), small_archive(7, 2));
  CHECK(a.games == 240);
  CHECK(a.files == b.files);
  CHECK(a.bytes == b.bytes);
  CHECK(a.nodes == b.nodes);
  const auto tree_a = read_tree(one.path());
  const auto tree_b = read_tree(two.path());
  REQUIRE(tree_a.size() == static_cast<std::size_t>(a.files));
  CHECK(tree_a == tree_b);

  generate_archive(other.path().string(), small_archive(8, 2));
  CHECK(read_tree(other.path()) != tree_a);
}

TEST_CASE("the plan splits the games exactly", "[bench]") {
  GeneratorOptions options;
  options.games = 10007;
  options.mix = {{Family::kHex, 3}, {Family::kGo, 1}};
  const std::vector<PlannedFile> plan = plan_archive(options);
  std::map<Family, std::int64_t> per_family;
  std::int64_t serial = 0;
  std::set<std::string> paths;
  for (const PlannedFile& file : plan) {
    CHECK(file.first_serial == serial);
    serial += file.games;
    per_family[archive_kind_info(file.kind).family] += file.games;
    CHECK(file.games <= 1000);
    if (archive_kind_info(file.kind).game_tree) CHECK(file.games == 1);
    CHECK(paths.insert(file.relative_path).second);
  }
  CHECK(serial == 10007);
  CHECK(per_family[Family::kHex] == 7505);
  CHECK(per_family[Family::kGo] == 2502);
  CHECK(per_family.count(Family::kTwixt) == 0);

  options.mix = {{Family::kGo, 1}};
  options.sgf = false;
  CHECK_THROWS_AS(plan_archive(options), std::invalid_argument);
}

TEST_CASE("every generated game reads back legal, without warnings", "[bench]") {
  GeneratorOptions options;
  options.games = 400;
  options.seed = 3;
  std::map<ArchiveKind, std::int64_t> games_of;
  std::map<ArchiveKind, std::int64_t> variations_of;
  std::int64_t evaluations = 0;
  std::int64_t comments = 0;
  for (const PlannedFile& file : plan_archive(options)) {
    const ArchiveKindInfo& info = archive_kind_info(file.kind);
    std::int64_t generated_nodes = 0;
    const std::string bytes = generate_file(file, &generated_nodes);
    const ParsedFile parsed = parse_game_file(bytes);
    INFO(file.relative_path);
    CHECK(parsed.format == (info.game_tree ? "gtv" : "sgf"));
    REQUIRE(parsed.diagnostics.empty());
    REQUIRE(parsed.games.size() == static_cast<std::size_t>(file.games));
    std::int64_t nodes = 0;
    for (const GameRecord& game : parsed.games) {
      INFO("game " << game.game_index);
      CHECK(game.family == info.family);
      CHECK(game.players.size() == 2);
      for (const Diagnostic& w : game.warnings) INFO(w.to_string());
      CHECK(game.warnings.empty());
      const GamePositions positions = compute_positions(game);
      for (const Diagnostic& w : positions.warnings) INFO(w.to_string());
      CHECK(positions.warnings.empty());
      for (std::size_t i = 1; i < positions.hashes.size(); ++i) REQUIRE(positions.hashes[i] != 0);
      CHECK(game.main_line_moves() >= (game.family == Family::kBlokus ? 10 : 5));
      nodes += static_cast<std::int64_t>(game.tree.size());
      ++games_of[file.kind];
      for (NodeIndex i : game.tree.preorder()) {
        const NodeView& d = game.tree.data(i);
        if (game.tree.child_count(i) > 1) ++variations_of[file.kind];
        evaluations += static_cast<std::int64_t>(d.evaluations.size());
        if (d.comment) ++comments;
      }
    }
    CHECK(nodes == generated_nodes);
  }
  for (ArchiveKind kind : kAllArchiveKinds) {
    INFO(archive_kind_info(kind).folder);
    CHECK(games_of[kind] > 0);
    CHECK(variations_of[kind] > 0);
  }
  CHECK(evaluations > 0);
  CHECK(comments > 0);
}

TEST_CASE("every parse benchmark mode reads the same games", "[bench]") {
  // Whole files, SGF streamed in parts, the import's pipeline, with
  // positions, on one and two threads: the same files, games and nodes.
  TempDir dir("modes");
  const GeneratedArchive archive = generate_archive(dir.path().string(), small_archive(5, 2));
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir.path())) {
    if (entry.is_regular_file()) files.push_back(entry.path().string());
  }
  std::sort(files.begin(), files.end());
  std::vector<ParseBenchOptions> modes(5);
  modes[0].jobs = 1;
  modes[1].jobs = 2;
  modes[1].stream = true;
  modes[2].jobs = 2;
  modes[2].pipeline = true;
  modes[3].jobs = 1;
  modes[3].stream = true;
  modes[3].positions = true;
  modes[4].jobs = 2;
  modes[4].hash = true;
  for (const ParseBenchOptions& mode : modes) {
    INFO("jobs " << mode.jobs << " stream " << mode.stream << " pipeline " << mode.pipeline);
    const ParseBenchResult r = run_parse_bench(files, mode);
    CHECK(r.files == static_cast<std::int64_t>(files.size()));
    CHECK(r.games == archive.games);
    CHECK(r.nodes == archive.nodes);
    CHECK(r.errors == 0);
    CHECK(r.warnings == 0);
    CHECK(r.position_warnings == 0);
  }
}

}  // namespace
}  // namespace ludex
