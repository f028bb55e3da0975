// `ludex import` killed with SIGKILL at 20 random moments (issue 14): after
// every kill the database is sound (PRAGMA integrity_check), holds no game
// or file in part, and `ludex info` and `ludex query` work on it; the same
// import run again ends with exactly the database one uninterrupted import
// gives (every table's rows, the schema with its indexes, `info --json`,
// and every game's moves as `ludex export` writes them).
//
// The moments are drawn from a fixed seed (kSeed), uniformly over the time
// the import has left (the time one clean import takes on this machine,
// times the share of games not yet stored), so the sequence of draws is
// reproducible; where in the import each delay lands depends on the
// machine's load. The kills accumulate on one database: an import that was
// killed is killed again while it resumes, and whenever an import ends
// before its kill, its database is compared with the clean one and the next
// round starts from an empty database.
#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

#include <catch2/catch.hpp>

#include "bench/archive_generator.h"
#include "tests/e2e_robust/robust_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

constexpr std::uint64_t kSeed = 20241124;
constexpr int kKills = 20;

// The user's view of the whole database: `info --json`, and every game
// written by `ludex export` (file names and bytes).
std::map<std::string, std::string> exported_games(const std::string& db,
                                                  const std::filesystem::path& out) {
  std::filesystem::remove_all(out);
  run_ludex_ok({"export", "--db", db, "--format", "sgf", "--out", out.string()});
  std::map<std::string, std::string> files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(out)) {
    if (e.is_regular_file()) {
      files[std::filesystem::relative(e.path(), out).string()] = read_bytes(e.path());
    }
  }
  return files;
}

// The exported files that differ between a and b ("" when none).
std::string export_difference(const std::map<std::string, std::string>& a,
                              const std::map<std::string, std::string>& b) {
  std::string out;
  for (const auto& [name, bytes] : a) {
    const auto it = b.find(name);
    if (it == b.end()) {
      out += name + " only in the first\n";
    } else if (it->second != bytes) {
      out += name + " differs\n";
    }
  }
  for (const auto& [name, bytes] : b) {
    if (a.count(name) == 0) out += name + " only in the second\n";
  }
  return out;
}

// After a kill: sound, nothing in part, and the read commands work.
// Returns the number of games stored.
std::int64_t check_killed_database(const std::string& db) {
  const DatabaseHealth h = inspect_database(db);
  CHECK(h.integrity == "ok");
  CHECK(h.partial_games == 0);
  CHECK(h.miscounted_files == 0);
  const RunResult info = run_ludex({"info", "--db", db, "--json"});
  CHECK(info.exit_code == 0);
  INFO(info.err);
  if (info.exit_code == 0) CHECK(nlohmann::json::parse(info.out)["games"] == h.games);
  const RunResult query = run_ludex({"query", "--db", db, "--json", "--limit", "5"});
  INFO(query.err);
  CHECK(query.exit_code == 0);
  const RunResult nodes =
      run_ludex({"query", "--db", db, "--family", "hex", "--has", "B:c3", "--count"});
  INFO(nodes.err);
  CHECK(nodes.exit_code == 0);
  return h.games;
}

}  // namespace

TEST_CASE("an import killed at 20 random moments resumes to the database of one import",
          "[robust][kill]") {
  ScratchDir dir("kill");
  GeneratorOptions options;
  options.games = 3000;
  options.seed = 14;
  options.jobs = 1;
  const std::string archive = (dir.path() / "archive").string();
  generate_archive(archive, options);
  age_files(archive);

  const std::string clean = dir / "clean.db";
  const auto start = std::chrono::steady_clock::now();
  import_paths(clean, {archive});
  const auto clean_time = std::chrono::steady_clock::now() - start;
  const auto clean_digest = database_digest(clean);
  const nlohmann::json clean_info = info_json(clean);
  REQUIRE(clean_info["games"] == 3000);
  WARN("clean import: " << std::chrono::duration<double>(clean_time).count() << " s");

  std::mt19937_64 rng(kSeed);
  std::uniform_real_distribution<double> share(0, 1);
  const auto clean_us = std::chrono::duration_cast<std::chrono::microseconds>(clean_time).count();
  const std::string db = dir / "killed.db";
  std::int64_t games_stored = 0;
  std::string stored_at_kills;  // games stored after each kill, for the log
  int kills = 0;
  int completions = 0;
  int runs_since_fresh = 0;
  for (int attempt = 0; kills < kKills; ++attempt) {
    REQUIRE(attempt < 10 * kKills);
    // Over the time the import has left, estimated from the games it has
    // still to store (a tenth of the clean time at least: it has to start,
    // walk the archive and skip what is stored).
    const double left = std::max(0.1, 1.0 - static_cast<double>(games_stored) / 3000.0);
    const auto delay = static_cast<std::int64_t>(share(rng) * left * static_cast<double>(clean_us));
    LudexProcess import({"import", "--db", db, "--quiet", archive}, dir.path());
    std::this_thread::sleep_for(std::chrono::microseconds(delay));
    ++runs_since_fresh;
    if (import.kill_now()) {
      ++kills;
      INFO("kill " << kills << " after " << delay << " us, run " << runs_since_fresh
                   << " on this database");
      games_stored = check_killed_database(db);
      stored_at_kills += (stored_at_kills.empty() ? "" : " ") + std::to_string(games_stored);
      continue;
    }
    // It ended before the kill: it must have succeeded and built the
    // database of one clean import.
    INFO("an import that ended on its own after " << runs_since_fresh << " runs:\n"
                                                  << import.err());
    REQUIRE(import.exit_code() == 0);
    CHECK(digest_difference(clean_digest, database_digest(db)) == "");
    ++completions;
    remove_database(db);
    runs_since_fresh = 0;
    games_stored = 0;
  }

  // The same import once more, to its end.
  if (runs_since_fresh != 0) {
    LudexProcess import({"import", "--db", db, "--quiet", archive}, dir.path());
    INFO(import.err());
    REQUIRE(import.wait() == 0);
  } else {
    import_paths(db, {archive});
  }
  const DatabaseHealth h = inspect_database(db);
  CHECK(h.integrity == "ok");
  CHECK(digest_difference(clean_digest, database_digest(db)) == "");
  CHECK(info_json(db) == clean_info);
  const auto resumed_files = exported_games(db, dir.path() / "export-resumed");
  const auto clean_files = exported_games(clean, dir.path() / "export-clean");
  CHECK(resumed_files.size() > 1);
  CHECK(export_difference(clean_files, resumed_files) == "");
  WARN(kills << " kills, " << completions
             << " imports ended before their kill; games stored after each kill: "
             << stored_at_kills);
}

}  // namespace ludex::test
