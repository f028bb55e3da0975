// The explorer's postings and kept answers stay exact through every way a
// database changes (issue 19): after an import into an empty database (bulk
// load), an import into one that holds games, the re-import of a changed
// file, --prune, a merge, --dedupe and the migrations of a version-8 and a
// version-7 database, the postings equal those of a database imported anew
// from the same files; answers are kept (the threshold set low) and `ludex
// next` answers from them what a replay answers; and ludex check --all finds
// nothing wrong (it rebuilds the set of common positions, compares every
// kept one with its games and every kept answer with a tally).
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/e2e_explorer/explorer_support.h"
#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// Copies the regular files below `from` into `to` (keeping their relative
// paths).
void copy_tree(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  fs::copy(from, to, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

// The explorer's content of db's own games built from nothing: a copy of
// db whose postings are marked as waiting, rebuilt by an import of nothing.
std::map<std::uint64_t, std::vector<std::string>> rebuilt(const ScratchDir& dir,
                                                          const std::string& db) {
  const std::string copy = dir / "rebuilt.db";
  fs::remove(copy);
  {
    SQLite::Database raw(db, SQLite::OPEN_READONLY);
    raw.exec("VACUUM INTO '" + copy + "'");
  }
  {
    SQLite::Database raw(copy, SQLite::OPEN_READWRITE);
    raw.exec("INSERT INTO meta (key, value) VALUES ('explorer_pending', '1')");
  }
  const fs::path nothing = dir.path() / "nothing";
  fs::create_directories(nothing);
  run_ludex_ok({"import", "--db", copy, "--quiet", nothing.string()});
  return explorer_content(copy);
}

// The kept answers: more than a few, and at each board's empty position
// (plain and with symmetries) `ludex next` answers from them (its first
// line names the source) the moves a replay finds.
void expect_kept_answers(const std::string& db) {
  std::vector<std::vector<std::string>> asked;
  {
    SQLite::Database raw(db, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("SELECT count(*) FROM explorer_answers").getInt64() > 10);
    SQLite::Statement st(raw,
                         "SELECT family, board_columns, symmetric FROM explorer_answers "
                         "WHERE length(line) = 0 ORDER BY 1, 2, 3");
    while (st.executeStep()) {
      asked.push_back({"next", "--db", db, "--family", st.getColumn(0).getString(), "--size",
                       st.getColumn(1).getString()});
      if (st.getColumn(2).getInt() != 0) asked.back().push_back("--symmetric");
    }
  }
  CHECK(asked.size() >= 2);
  for (std::vector<std::string>& args : asked) {
    const RunResult kept = run_ludex_ok(args);
    args.push_back("--replay");
    const RunResult replay = run_ludex_ok(args);
    INFO(args[4] << " " << args[6] << (args.size() > 8 ? " with symmetries" : ""));
    CHECK_THAT(kept.out, Catch::Contains("from the explorer's kept answers"));
    const auto moves = [](const std::string& out) { return out.substr(out.find('\n')); };
    CHECK(moves(kept.out) == moves(replay.out));
  }
}

// `db` against its own games' postings built from nothing, and (when
// `paths` is not empty) against a database imported anew from `paths`;
// and ludex check --all on db.
void expect_as_new(const ScratchDir& dir, const std::string& db,
                   const std::vector<std::string>& paths, const std::string& step) {
  INFO(step);
  const auto have = explorer_content(db);
  CHECK(have.size() > 10);
  CHECK(explorer_difference(have, rebuilt(dir, db)) == "");
  if (!paths.empty()) {
    const std::string fresh = dir / "fresh.db";
    fs::remove(fresh);
    std::vector<std::string> args = {"import", "--db", fresh, "--quiet"};
    args.insert(args.end(), paths.begin(), paths.end());
    run_ludex_ok(args);
    CHECK(explorer_difference(have, explorer_content(fresh)) == "");
  }
  expect_kept_answers(db);
  const RunResult check = run_ludex({"check", "--db", db, "--all"});
  CHECK(check.exit_code == 0);
  CHECK_THAT(check.out, Catch::Contains(": 0 problems"));
}

}  // namespace

TEST_CASE(
    "the explorer's postings stay exact through import, re-import, prune, merge, "
    "dedupe and migration",
    "[e2e][explorer]") {
  ScratchDir dir("e2e-explorer-upkeep");
  const fs::path hex = dir.path() / "hex";
  const fs::path go = dir.path() / "go";
  copy_tree(corpus_dir() / "hex" / "littlegolem-zerohex", hex);
  copy_tree(corpus_dir() / "go" / "gnugo", go);
  const std::string db = dir / "x.db";
  const fs::path nothing = dir.path() / "empty";
  fs::create_directories(nothing);
  // Answers kept from 20 games on (not 20,000): this archive's first moves.
  run_ludex_ok({"import", "--db", db, "--quiet", nothing.string()});
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("INSERT INTO meta (key, value) VALUES ('explorer_answer_games', '20')");
  }

  // An empty database: a bulk load, its postings sorted at the end.
  run_ludex_ok({"import", "--db", db, "--quiet", hex.string()});
  expect_as_new(dir, db, {hex.string()}, "bulk import");

  // Games added to a database that holds games: kept positions grow,
  // common ones are kept as they become common.
  run_ludex_ok({"import", "--db", db, "--quiet", go.string()});
  expect_as_new(dir, db, {hex.string(), go.string()}, "import into a database with games");

  // A changed file: its games leave the postings and come back as they are
  // now. The first collection of the Hex folder loses its first game.
  fs::path changed;
  for (const auto& e : fs::recursive_directory_iterator(hex)) {
    if (e.is_regular_file() && (changed.empty() || e.path() < changed)) changed = e.path();
  }
  std::string text = read_bytes(changed);
  const std::size_t second = text.find("(;", text.find("(;") + 2);
  REQUIRE(second != std::string::npos);
  write_bytes(changed, text.substr(second));
  run_ludex_ok({"import", "--db", db, "--quiet", hex.string(), go.string()});
  expect_as_new(dir, db, {hex.string(), go.string()}, "re-import of a changed file");

  // --prune: a file gone.
  fs::remove(changed);
  run_ludex_ok({"import", "--db", db, "--quiet", "--prune", hex.string(), go.string()});
  expect_as_new(dir, db, {hex.string(), go.string()}, "prune");

  // merge: another database's games (copies of games the first holds too).
  const fs::path more = dir.path() / "more";
  copy_tree(corpus_dir() / "hex" / "littlegolem-tasuki", more);
  const std::string other = dir / "other.db";
  run_ludex_ok({"import", "--db", other, "--quiet", more.string()});
  run_ludex_ok({"merge", "--db", db, "--from", other, "--quiet"});
  expect_as_new(dir, db, {hex.string(), go.string(), more.string()}, "merge");

  // --dedupe: the same games again under other names are only sightings.
  const fs::path again = dir.path() / "again";
  copy_tree(hex, again);
  run_ludex_ok({"import", "--db", db, "--quiet", "--dedupe", again.string()});
  // (An import anew would store the other copy of each game: the folders
  // are walked in name order.)
  expect_as_new(dir, db, {}, "dedupe");

  // A version-8 database (no kept answers): the next import keeps them.
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version8(raw);
  }
  run_ludex_ok({"import", "--db", db, "--quiet", hex.string(), go.string(), more.string(),
                "--dedupe", again.string()});
  expect_as_new(dir, db, {}, "migration from version 8");

  // A version-7 database (no postings): the next import builds them.
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version7(raw);
  }
  run_ludex_ok({"import", "--db", db, "--quiet", hex.string(), go.string(), more.string(),
                "--dedupe", again.string()});
  expect_as_new(dir, db, {}, "migration from version 7");
}

}  // namespace ludex::test
