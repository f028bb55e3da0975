// End-to-end: `ludex check` finds a sound database sound (exit 0), and names
// each of many ways a database can be broken, with the game it is in (exit
// 1). Each case breaks a copy of one database with plain SQL (or bytes), as a
// disk, another program or a bug might.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// A database of every family, checkpointed into one file (no -wal), so that
// a copy of the file is the whole database.
std::string make_database(const ScratchDir& dir) {
  const std::string db = dir / "games.db";
  import_paths(
      db, {(corpus_dir() / "twixt").string(), (corpus_dir() / "blksgf").string(),
           (corpus_dir() / "go" / "gnugo").string(), (corpus_dir() / "hex" / "misc").string()});
  SQLite::Database raw(db, SQLite::OPEN_READWRITE);
  raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return db;
}

// A copy of db broken by sql; its path.
std::string broken(const ScratchDir& dir, const std::string& db, const std::string& name,
                   const std::string& sql) {
  const std::string copy = dir / (name + ".db");
  fs::copy_file(db, copy, fs::copy_options::overwrite_existing);
  SQLite::Database raw(copy, SQLite::OPEN_READWRITE);
  raw.exec(sql);
  raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  return copy;
}

std::int64_t scalar(const std::string& db, const std::string& sql) {
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  return raw.execAndGet(sql).getInt64();
}

// `ludex check --all` on db: exit 1 and a problem line of `check` that
// names `game` (0: the database as a whole) and holds `words`.
void expect_problem(const std::string& db, const std::string& check, std::int64_t game,
                    const std::string& words) {
  const RunResult r = run_ludex({"check", "--db", db, "--all"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  const std::string who = game == 0 ? "database" : "game " + std::to_string(game);
  bool found = false;
  std::size_t at = 0;
  while (at < r.out.size()) {
    const std::size_t end = r.out.find('\n', at);
    const std::string line = r.out.substr(at, end - at);
    at = end == std::string::npos ? r.out.size() : end + 1;
    if (line.rfind(who + ":", 0) == 0 || line.rfind(who + ",", 0) == 0) {
      if (line.find("[" + check + "]") != std::string::npos &&
          line.find(words) != std::string::npos) {
        found = true;
      }
    }
  }
  CHECK(found);
}

TEST_CASE("check finds a sound database sound", "[e2e][check]") {
  ScratchDir dir("e2e-check-sound");
  const std::string db = make_database(dir);
  const RunResult r = run_ludex({"check", "--db", db, "--all"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK(r.out.find(": 0 problems") != std::string::npos);
  const RunResult j = run_ludex({"check", "--db", db, "--json", "--sample", "3"});
  CHECK(j.exit_code == 0);
  const nlohmann::json summary = nlohmann::json::parse(j.out);
  CHECK(summary.at("ok") == true);
  CHECK(summary.at("recomputed") == 3);
  CHECK(summary.at("games") == scalar(db, "SELECT count(*) FROM games"));
  CHECK(summary.at("problems").empty());
  // It writes nothing.
  CHECK(run_ludex({"check", "--db", db, "--sample", "-1"}).exit_code == 2);
  CHECK(run_ludex({"check", "--db", dir / "missing.db"}).exit_code == 1);
}

TEST_CASE("check names each broken invariant with its game", "[e2e][check]") {
  // Imported once: Catch runs the case again from the top for each SECTION,
  // and every section breaks a copy of its own.
  static const ScratchDir dir("e2e-check-broken");
  static const std::string db = make_database(dir);
  // A Go game with a few dozen nodes and one with comments.
  const std::int64_t game =
      scalar(db,
             "SELECT game_id FROM games WHERE family = 'go' AND node_count > 40 ORDER BY game_id "
             "LIMIT 1");
  const std::int64_t first =
      scalar(db, "SELECT first_node_id FROM games WHERE game_id = " + std::to_string(game));
  const std::string g = std::to_string(game);
  const std::string middle = std::to_string(first + 20);
  REQUIRE(game > 0);

  SECTION("a node row deleted") {
    expect_problem(broken(dir, db, "deleted", "DELETE FROM nodes WHERE node_id = " + middle),
                   "nodes", game, "node row");
  }
  SECTION("a subtree size changed") {
    expect_problem(broken(dir, db, "subtree",
                          "UPDATE nodes SET descendants = descendants + 5 WHERE node_id = " +
                              std::to_string(first + 30)),
                   "nodes", game, "subtree");
  }
  SECTION("a node_hashes row deleted, one moved to another hash") {
    expect_problem(
        broken(dir, db, "node_hash", "DELETE FROM node_hashes WHERE node_id = " + middle),
        "node_hashes", game, "no node_hashes row");
    expect_problem(
        broken(dir, db, "node_hash_moved",
               "UPDATE node_hashes SET hash_top = hash_top + 1 WHERE node_id = " + middle),
        "node_hashes", game, "without a node of that hash");
  }
  SECTION("a folded event out of step with the event") {
    expect_problem(broken(dir, db, "event",
                          "UPDATE games SET event_folded = 'other event' WHERE game_id = " + g),
                   "games", game, "event_folded");
  }
  SECTION("a depth changed") {
    expect_problem(
        broken(dir, db, "depth", "UPDATE nodes SET depth = depth + 1 WHERE node_id = " + middle),
        "nodes", game, "depth");
  }
  SECTION("the main line cut") {
    const std::int64_t on_main_line =
        scalar(db, "SELECT node_id FROM nodes WHERE node_id > " + std::to_string(first) +
                       " AND node_id + descendants < " + std::to_string(first) +
                       " + (SELECT node_count FROM games WHERE game_id = " + g +
                       ") AND (flags & 1) = 1 AND descendants > 0 ORDER BY node_id LIMIT 1");
    REQUIRE(on_main_line > 0);
    expect_problem(
        broken(dir, db, "mainline",
               "UPDATE nodes SET flags = 0 WHERE node_id = " + std::to_string(on_main_line)),
        "nodes", game, "main-line");
  }
  SECTION("a position hash changed") {
    expect_problem(
        broken(dir, db, "hash",
               "UPDATE nodes SET position_hash = position_hash + 1 WHERE node_id = " + middle),
        "positions", game, "stored position hash");
  }
  SECTION("a stream cut short") {
    expect_problem(broken(dir, db, "stream",
                          "UPDATE game_positions SET stream = substr(stream, 1, 12) "
                          "WHERE game_id = " +
                              g),
                   "game_positions", game, "stream");
  }
  SECTION("a game missing from feature_games") {
    // The chunks that list the game, rewritten without it, by dropping
    // every row that holds its id: the game's features are then unlisted.
    const std::string sql =
        "DELETE FROM feature_games WHERE first_game <= " + g + " AND last_game >= " + g;
    expect_problem(broken(dir, db, "features", sql), "feature_games", game, "not listed");
  }
  SECTION("a comment deleted behind the full-text index's back") {
    const std::int64_t commented =
        scalar(db, "SELECT node_id FROM comments ORDER BY node_id LIMIT 1");
    REQUIRE(commented > 0);
    expect_problem(broken(dir, db, "fts",
                          "DROP TRIGGER comments_fts_delete; DELETE FROM comments "
                          "WHERE node_id = " +
                              std::to_string(commented)),
                   "comments_fts", 0, "out of step");
  }
  SECTION("a file's game count") {
    expect_problem(broken(dir, db, "count",
                          "UPDATE source_files SET game_count = game_count + 1 WHERE file_id = "
                          "(SELECT file_id FROM games WHERE game_id = " +
                              g + ")"),
                   "source_files", 0, "counts");
  }
  SECTION("a duplicate link") {
    expect_problem(broken(dir, db, "dup", "UPDATE games SET duplicate_of = 1 WHERE game_id = " + g),
                   "duplicates", game, "duplicate_of 1");
  }
  SECTION("a moves hash") {
    expect_problem(
        broken(dir, db, "moveshash", "UPDATE games SET moves_hash = 12345 WHERE game_id = " + g),
        "moves_hash", game, "moves hash");
  }
  SECTION("an evaluation of a node that does not exist") {
    expect_problem(broken(dir, db, "fk",
                          "INSERT INTO evaluations (node_id, ordinal, source, value, "
                          "undetermined) VALUES (99999999, 0, 0, 1.0, 0)"),
                   "foreign_key", 0, "99999999");
  }
  SECTION("nodes of no game") {
    expect_problem(broken(dir, db, "orphan",
                          "INSERT INTO nodes (node_id, descendants, depth, moveless, flags) "
                          "VALUES (99999999, 0, 0, 1, 1)"),
                   "nodes", 0, "belong to no game");
  }
  SECTION("a kept position's row miscounted") {
    REQUIRE(scalar(db, "SELECT count(*) FROM explorer_postings") > 0);
    expect_problem(broken(dir, db, "explorer-row",
                          "UPDATE explorer_postings SET games = games + 1 WHERE position_hash = "
                          "(SELECT min(position_hash) FROM explorer_postings)"),
                   "explorer", 0, "holds other games or nodes than its columns say");
  }
  SECTION("a common position no longer kept") {
    expect_problem(broken(dir, db, "explorer-gone",
                          "DELETE FROM explorer_postings WHERE position_hash = "
                          "(SELECT max(position_hash) FROM explorer_postings)"),
                   "explorer", 0, "is common but not kept");
  }
  SECTION("a kept position's postings not its games'") {
    expect_problem(broken(dir, db, "explorer-games",
                          "UPDATE nodes SET position_hash = NULL WHERE node_id = (SELECT "
                          "first_node_id FROM games WHERE family = 'go' AND board_columns = 19 "
                          "ORDER BY game_id LIMIT 1)"),
                   "explorer", 0, "the postings are not the games'");
  }
  SECTION("bytes of the file overwritten") {
    const std::string copy = dir / "bytes.db";
    fs::copy_file(db, copy, fs::copy_options::overwrite_existing);
    // A run of garbage in the middle of the file, inside some table's pages.
    const auto size = fs::file_size(copy);
    std::fstream f(copy, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(size / 2));
    const std::string garbage(4096, '\x5a');
    f.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
    f.close();
    const RunResult r = run_ludex({"check", "--db", copy});
    INFO(r.out << r.err);
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("[integrity]") != std::string::npos);
  }
}

TEST_CASE("check --quick reads the sampled games' rows, --all and a small archive every row",
          "[e2e][check]") {
  ScratchDir dir("e2e-check-bounded");
  const std::string db = make_database(dir);
  // --sample 1 samples the first game (check.h: spread from the first id).
  const std::int64_t first_game = scalar(db, "SELECT min(game_id) FROM games");
  const std::int64_t other =
      scalar(db, "SELECT game_id FROM games WHERE node_count > 3 AND game_id > " +
                     std::to_string(first_game) + " ORDER BY game_id LIMIT 1 OFFSET 10");
  REQUIRE(other > first_game);
  auto depth_of_second_node = [&](std::int64_t game) {
    return "UPDATE nodes SET depth = depth + 5 WHERE node_id = (SELECT first_node_id + 1 FROM "
           "games WHERE game_id = " +
           std::to_string(game) + ")";
  };
  const std::string copy =
      broken(dir, db, "two", depth_of_second_node(first_game) + "; " + depth_of_second_node(other));
  auto games_named = [](const RunResult& r) {
    std::set<std::int64_t> out;
    const nlohmann::json summary = nlohmann::json::parse(r.out);
    for (const nlohmann::json& p : summary.at("problems")) {
      if (p.at("check") == "nodes") out.insert(p.at("game_id").get<std::int64_t>());
    }
    return out;
  };
  const RunResult quick = run_ludex({"check", "--db", copy, "--quick", "--sample", "1", "--json"});
  INFO(quick.out << quick.err);
  CHECK(quick.exit_code == 1);
  CHECK(nlohmann::json::parse(quick.out).at("bounded") == true);
  CHECK(games_named(quick) == std::set<std::int64_t>{first_game});
  // A small archive gets every check by default, as --all does.
  for (const char* scope : {"--sample", "--all"}) {
    std::vector<std::string> args{"check", "--db", copy, "--json"};
    if (std::string(scope) == "--all") {
      args.push_back("--all");
    } else {
      args.insert(args.end(), {"--sample", "1"});
    }
    const RunResult r = run_ludex(args);
    INFO(r.out << r.err);
    CHECK(nlohmann::json::parse(r.out).at("bounded") == false);
    CHECK(games_named(r) == std::set<std::int64_t>{first_game, other});
  }
  // The bounded feature check finds a sampled game's missing listing
  // (--sample 0: every game is sampled).
  const std::string g = std::to_string(
      scalar(db, "SELECT min(game_id) FROM games WHERE family = 'go' AND node_count > 40"));
  const std::string unlisted =
      broken(dir, db, "unlisted",
             "DELETE FROM feature_games WHERE first_game <= " + g + " AND last_game >= " + g);
  const RunResult features = run_ludex({"check", "--db", unlisted, "--quick", "--sample", "0"});
  INFO(features.out);
  CHECK(features.exit_code == 1);
  CHECK(features.out.find("game " + g + ": not listed under code") != std::string::npos);
  CHECK(run_ludex({"check", "--db", db, "--quick", "--all"}).exit_code == 2);
  const RunResult sound = run_ludex({"check", "--db", db, "--quick"});
  CHECK(sound.exit_code == 0);
  CHECK(sound.out.find("bounded checks") != std::string::npos);
}

}  // namespace
}  // namespace ludex::test
