// The whole shared corpus through the real ludex binary: every file accounted
// for, exact counts, lossless export round trip, idempotent re-import.
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <map>
#include <set>

#include "schema/database.h"
#include "schema/game_loader.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

std::int64_t count_corpus_files() {
  std::int64_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(corpus_dir())) {
    if (e.is_regular_file()) ++n;
  }
  return n;
}

void import_corpus(const std::string& db) {
  const RunResult r = run_ludex({"import", "--db", db, "--quiet", corpus_dir().string()});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
}

// The figures the corpus must give; docs/corpus.md states them too.
constexpr std::int64_t kExpectedFiles = 2910;
constexpr std::int64_t kExpectedGames = 5533;
constexpr std::int64_t kExpectedErrors = 70;
// Explained one by one in docs/corpus.md and docs/formats.md.
constexpr std::int64_t kExpectedWarnings = 43;
const std::map<std::string, std::int64_t> kExpectedByFamily = {
    {"blokus", 75}, {"go", 2469}, {"hex", 2979}, {"other", 0}, {"twixt", 10}};

TEST_CASE("the whole corpus imports and every file is accounted for", "[e2e][corpus]") {
  ScratchDir dir("corpus");
  const std::string db = dir / "corpus.db";
  import_corpus(db);
  const nlohmann::json info = info_json(db);
  std::cout << "corpus import: " << info.dump() << "\n";
  CHECK(info["files"].get<std::int64_t>() == count_corpus_files());

  // A file is accounted for when it contributed a game or has an error.
  std::set<std::string> accounted;
  const RunResult q = run_ludex({"query", "--db", db, "--json"});
  REQUIRE(q.exit_code == 0);
  for (const nlohmann::json& hit : json_lines(q.out)) accounted.insert(hit["file"]);
  const RunResult e = run_ludex({"info", "--db", db, "--json", "--errors"});
  REQUIRE(e.exit_code == 0);
  const std::vector<nlohmann::json> lines = json_lines(e.out);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    if (lines[i]["severity"] == "error") accounted.insert(lines[i]["file"]);
  }
  for (const auto& entry : fs::recursive_directory_iterator(corpus_dir())) {
    if (!entry.is_regular_file()) continue;
    const std::string path = fs::absolute(entry.path()).lexically_normal().string();
    INFO(path);
    CHECK(accounted.count(path) == 1);
  }

  CHECK(info["files"].get<std::int64_t>() == kExpectedFiles);
  CHECK(info["games"].get<std::int64_t>() == kExpectedGames);
  CHECK(info["errors"].get<std::int64_t>() == kExpectedErrors);
  std::cout << "corpus warnings: " << info["warnings"] << "\n";
  CHECK(info["warnings"].get<std::int64_t>() == kExpectedWarnings);
  // Games whose moves repeat an earlier game's: copies of one file in
  // several parser test suites and Pentobi book versions, benzene puzzles
  // repeated as endgames, and Little Golem games that ended after the same
  // few moves (docs/corpus.md).
  std::cout << "corpus duplicates: " << info["duplicates"] << "\n";
  CHECK(info["duplicates"].get<std::int64_t>() == 251);
  for (const auto& [family, n] : kExpectedByFamily) {
    INFO(family);
    CHECK(info["games_by_family"][family].get<std::int64_t>() == n);
  }

  SECTION("re-importing the same files changes no count") {
    const RunResult again = run_ludex({"import", "--db", db, corpus_dir().string()});
    REQUIRE(again.exit_code == 0);
    CHECK(info_json(db) == info);
  }
}

// Compares everything export must preserve. Returns "" when equal, else what
// differs.
std::string difference(const GameRecord& a, const GameRecord& b) {
  if (a.family != b.family) return "family";
  if (a.format == SourceFormat::kSgf && a.variant != b.variant) return "variant";
  if (a.format == SourceFormat::kSgf && a.dialect != b.dialect) return "dialect";
  if (a.columns != b.columns || a.rows != b.rows) return "size";
  if (a.players != b.players) return "players";
  if (a.result != b.result || a.winner != b.winner) return "result";
  if (a.date != b.date || a.event != b.event || a.round != b.round) return "header";
  if (a.tree.size() != b.tree.size()) return "tree size";
  if (a.format == SourceFormat::kSgf) return a.tree == b.tree ? "" : "tree content";
  // A game converted from another format: SGF puts the main line first and
  // has no place for the binary format's own keys, so compare what the
  // conversion must keep, node by node along the main line.
  const std::vector<NodeIndex> la = a.tree.main_line();
  const std::vector<NodeIndex> lb = b.tree.main_line();
  if (la.size() != lb.size()) return "main line length";
  for (std::size_t k = 0; k < la.size(); ++k) {
    const NodeView& x = a.tree.data(la[k]);
    const NodeView& y = b.tree.data(lb[k]);
    if (!std::ranges::equal(x.moves, y.moves)) return "move " + std::to_string(k);
    if ((x.comment == nullptr) != (y.comment == nullptr) ||
        (x.comment != nullptr && *x.comment != *y.comment)) {
      return "comment at " + std::to_string(k);
    }
    if (!std::ranges::equal(x.evaluations, y.evaluations)) {
      return "evaluation at " + std::to_string(k);
    }
  }
  return "";
}

TEST_CASE("every corpus game survives export to SGF and re-import", "[e2e][corpus]") {
  ScratchDir dir("roundtrip");
  const std::string db = dir / "first.db";
  import_corpus(db);
  const std::string out = dir / "export";
  const RunResult ex = run_ludex({"export", "--db", db, "--format", "sgf", "--out", out});
  INFO(ex.err);
  REQUIRE(ex.exit_code == 0);
  const std::string db2 = dir / "second.db";
  const RunResult im = run_ludex({"import", "--db", db2, out});
  INFO(im.err);
  REQUIRE(im.exit_code == 0);

  const nlohmann::json info1 = info_json(db);
  const nlohmann::json info2 = info_json(db2);
  CHECK(info2["games"] == info1["games"]);
  CHECK(info2["nodes"] == info1["nodes"]);
  CHECK(info2["moves"] == info1["moves"]);
  CHECK(info2["errors"] == 0);
  CHECK(info2["games_by_family"] == info1["games_by_family"]);

  // Exported file names start with the original game id: pair them up.
  Database first(db, Database::Mode::kReadOnly);
  Database second(db2, Database::Mode::kReadOnly);
  GameLoader load1(first);
  GameLoader load2(second);
  const std::int64_t games = info2["games"].get<std::int64_t>();
  std::int64_t compared = 0;
  std::int64_t differing = 0;
  for (std::int64_t id2 = 1; compared < games && id2 <= games * 4; ++id2) {
    const std::optional<LoadedGame> g2 = load2.load(id2);
    if (!g2) continue;
    const std::int64_t id1 = std::stoll(fs::path(g2->file).filename().string().substr(0, 7));
    const std::optional<LoadedGame> g1 = load1.load(id1);
    REQUIRE(g1);
    ++compared;
    const std::string diff = difference(g1->record, g2->record);
    if (!diff.empty()) {
      ++differing;
      if (differing <= 10) FAIL_CHECK("game " << id1 << " from " << g1->file << ": " << diff);
    }
  }
  CHECK(compared == games);
  CHECK(differing == 0);
}

}  // namespace
}  // namespace ludex::test
