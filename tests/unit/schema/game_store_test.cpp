// GameStore: files, shared players, clearing a file, deterministic ids, and
// the bulk load that drops and rebuilds the secondary indexes.
#include <SQLiteCpp/Statement.h>
#include <catch2/catch.hpp>

#include "schema/game_loader.h"
#include "schema/game_query.h"
#include "schema/game_store.h"
#include "schema/stats.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::hashes_only;
using testing::scalar;
using testing::TempDir;

// No row points at a missing parent (the declared foreign keys hold).
std::int64_t foreign_key_violations(Database& db) {
  SQLite::Statement st(db.handle(), "PRAGMA foreign_key_check");
  std::int64_t n = 0;
  while (st.executeStep()) ++n;
  return n;
}

SourceFileInfo file_info(const std::string& path, const std::string& hash) {
  SourceFileInfo f;
  f.path = path;
  f.size = 10;
  f.mtime_ns = 1'700'000'000'000'000'000;
  f.content_hash = hash;
  f.format = "sgf";
  return f;
}

TEST_CASE("files are found, inserted and updated in place", "[schema]") {
  TempDir dir;
  Database db(dir.file("g.ludex"), Database::Mode::kReadWrite);
  GameStore store(db);
  CHECK(store.is_empty());
  CHECK_FALSE(store.find_file("a.sgf"));
  store.begin();
  const std::int64_t a = store.upsert_file(file_info("a.sgf", "h1"));
  const std::int64_t b = store.upsert_file(file_info("b.sgf", "h2"));
  CHECK(a == 1);
  CHECK(b == 2);
  SourceFileInfo changed = file_info("a.sgf", "h3");
  changed.size = 99;
  CHECK(store.upsert_file(changed) == a);
  store.commit();
  const std::optional<KnownFile> known = store.find_file("a.sgf");
  REQUIRE(known);
  CHECK(known->file_id == a);
  CHECK(known->size == 99);
  CHECK(known->mtime_ns == 1'700'000'000'000'000'000);
  CHECK(known->content_hash == "h3");
}

TEST_CASE("players are shared across games by exact name", "[schema]") {
  TempDir dir;
  Database db(dir.file("g.ludex"), Database::Mode::kReadWrite);
  testing::store_games(
      db, "a.sgf",
      {testing::make_simple_game(Family::kHex, {"Alice", "Bob"}, "", "", "", 3),
       testing::make_simple_game(Family::kHex, {"Bob", "Alice"}, "", "", "", 3),
       testing::make_simple_game(Family::kHex, {"alice", "Carol"}, "", "", "", 3)});
  // A second store (a later import) reuses the rows already there.
  testing::store_games(db, "b.sgf",
                       {testing::make_simple_game(Family::kHex, {"Carol", "Bob"}, "", "", "", 1)});
  CHECK(scalar(db, "SELECT count(*) FROM players") == 4);  // Alice, Bob, alice, Carol
  CHECK(scalar(db,
               "SELECT count(DISTINCT player_id) FROM game_players WHERE player_id = "
               "(SELECT player_id FROM players WHERE name = 'Bob')") == 1);
  CHECK(scalar(db,
               "SELECT count(*) FROM game_players WHERE player_id = "
               "(SELECT player_id FROM players WHERE name = 'Bob')") == 3);
  CHECK(scalar(db, "SELECT name_folded FROM players WHERE name = 'Alice'") ==
        scalar(db, "SELECT name_folded FROM players WHERE name = 'alice'"));
  CHECK(db.handle()
            .execAndGet("SELECT group_concat(name, ',') FROM (SELECT name FROM players "
                        "ORDER BY player_id)")
            .getString() == "Alice,Bob,alice,Carol");
  CHECK(foreign_key_violations(db) == 0);
}

TEST_CASE("clear_file removes a file's games and everything under them", "[schema]") {
  TempDir dir;
  Database db(dir.file("g.ludex"), Database::Mode::kReadWrite);
  GameStore store(db);
  store.begin();
  const std::int64_t a = store.upsert_file(file_info("a.sgf", "h1"));
  const std::int64_t b = store.upsert_file(file_info("b.sgf", "h2"));
  // Interleaved so that a's games form two id runs around b's.
  store.add_game(a, prepare_record(testing::make_twixt_game()));
  store.add_game(
      a, prepare_record(testing::make_simple_game(Family::kHex, {"Only A"}, "", "", "", 4)));
  const std::int64_t kept = store.add_game(b, prepare_record(testing::make_blokus_game()));
  store.add_game(a, prepare_record(testing::make_simple_game(
                        Family::kHex, {"Only A", "Blue Player"}, "", "", "", 2)));
  store.add_error(a, Diagnostic{Severity::kError, 5, SourcePos{-1, 3, 4}, "bad game"});
  store.add_error(b, Diagnostic{Severity::kError, -1, SourcePos{}, "file problem"});
  store.commit();

  const std::string before_b = [&] {
    GameLoader loader(db);
    return testing::record_difference(testing::make_blokus_game(), loader.load(kept)->record);
  }();
  CHECK(before_b.empty());

  store.begin();
  store.clear_file(a);
  store.commit();

  CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  CHECK(scalar(db, "SELECT game_id FROM games") == kept);
  CHECK(scalar(db, "SELECT count(*) FROM nodes") ==
        static_cast<std::int64_t>(testing::make_blokus_game().tree.size()));
  CHECK(scalar(db, "SELECT count(*) FROM node_tree WHERE game_id <> 3") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM moves") == 4);
  CHECK(scalar(db, "SELECT count(*) FROM evaluations") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM comments") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM comments_fts WHERE comments_fts MATCH 'peg'") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM import_errors") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM import_errors WHERE file_id = 1") == 0);
  CHECK(scalar(db, "SELECT game_count FROM source_files WHERE file_id = 1") == 0);
  CHECK(scalar(db, "SELECT game_count FROM source_files WHERE file_id = 2") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM source_files") == 2);
  // Players of the cleared games only are gone; shared ones stay.
  CHECK(scalar(db, "SELECT count(*) FROM players WHERE name IN ('Only A', 'Zoë Ünal')") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM players WHERE name = 'Blue Player'") == 1);
  CHECK(foreign_key_violations(db) == 0);
  GameLoader loader(db);
  CHECK(testing::record_difference(testing::make_blokus_game(), loader.load(kept)->record).empty());

  // Re-importing the file gives new ids after the existing ones; a cleared
  // player name gets a fresh row.
  store.begin();
  const std::int64_t again = store.add_game(a, prepare_record(testing::make_twixt_game()));
  store.commit();
  CHECK(again == 5);
  CHECK(scalar(db, "SELECT first_node_id FROM games WHERE game_id = 5") >
        scalar(db, "SELECT max(node_id) FROM node_tree WHERE game_id = 3"));
  CHECK(scalar(db, "SELECT count(*) FROM players WHERE name = 'Zoë Ünal'") == 1);
  CHECK(testing::record_difference(testing::make_twixt_game(), loader.load(again)->record).empty());
}

TEST_CASE("the same input gives the same database", "[schema]") {
  TempDir dir;
  auto build = [&](const std::string& name, int batch_size) {
    Database db(dir.file(name), Database::Mode::kReadWrite);
    GameStore store(db);
    store.begin();
    const std::int64_t a = store.upsert_file(file_info("a.sgf", "h1"));
    int in_batch = 0;
    for (int round = 0; round < 3; ++round) {
      for (const GameRecord& g :
           {testing::make_twixt_game(), testing::make_blokus_game(), testing::make_bare_game()}) {
        store.add_game(a, prepare_record(g));
        if (++in_batch == batch_size) {
          store.commit();
          store.begin();
          in_batch = 0;
        }
      }
    }
    store.add_error(a, Diagnostic{Severity::kError, 9, SourcePos{77, 0, 0}, "truncated"});
    store.commit();
    return testing::dump_tables(db);
  };
  const std::string one = build("one.ludex", 1000);
  const std::string two = build("two.ludex", 2);
  CHECK(one == two);
  CHECK(one.find("Zoë Ünal") != std::string::npos);
}

TEST_CASE("a bulk load drops the secondary indexes and rebuilds them", "[schema]") {
  TempDir dir;
  const std::vector<GameRecord> games = {
      testing::make_twixt_game(), testing::make_blokus_game(),
      testing::make_simple_game(Family::kHex, {"Alice", "Bob"}, "2020-01-02", "Cup", "B+", 5),
      testing::make_simple_game(Family::kGo, {"Bob", "Carol"}, "2021-05-06", "Open", "W+R", 7)};
  auto index_count = [](Database& db) {
    return scalar(db,
                  "SELECT count(*) FROM sqlite_schema WHERE (type IN ('index', 'trigger') AND "
                  "sql IS NOT NULL) OR name = 'comments_fts'");
  };

  Database plain(dir.file("plain.ludex"), Database::Mode::kReadWrite);
  testing::store_games(plain, "a.sgf", games);
  const std::int64_t full = index_count(plain);
  // 009: four triggers (explorer answers), games_by_result; 010:
  // games_by_event; 011: nodes_by_hash_top gone, three node_hashes triggers;
  // 012: game_rank_bands_by_low, player_aliases_by_canonical; 014:
  // events_by_name, event_games_by_game.
  CHECK(full == 31);

  Database bulk(dir.file("bulk.ludex"), Database::Mode::kReadWrite);
  {
    GameStore store(bulk);
    REQUIRE(store.is_empty());
    store.begin_bulk_load();
    // games_by_moves_hash stays: every stored game looks it up.
    CHECK(index_count(bulk) == 1);
    // It holds the statements that build the dropped indexes again.
    CHECK(bulk.handle()
              .execAndGet("SELECT value FROM meta WHERE key = 'indexes_dropped'")
              .getString()
              .find("CREATE INDEX") != std::string::npos);
    store.begin();
    SourceFileInfo info = file_info("a.sgf", "abc");
    info.size = 100;  // as testing::store_games writes it
    info.mtime_ns = 42;
    const std::int64_t f = store.upsert_file(info);
    for (const GameRecord& g : games) store.add_game(f, prepare_record(g));
    store.commit();
    CHECK_FALSE(store.is_empty());
    store.finish_bulk_load();
  }
  CHECK(index_count(bulk) == full);
  CHECK(scalar(bulk, "SELECT count(*) FROM meta WHERE key = 'indexes_dropped'") == 0);
  CHECK(scalar(bulk, "SELECT count(*) FROM sqlite_stat1") > 0);

  // The same rows, and the same answers from every index-backed query.
  CHECK(testing::dump_tables(plain) == testing::dump_tables(bulk));
  for (Database* db : {&plain, &bulk}) {
    CHECK(scalar(*db, "SELECT count(*) FROM comments_fts WHERE comments_fts MATCH 'peg'") == 1);
    CHECK(scalar(*db, "SELECT rowid FROM comments_fts WHERE comments_fts MATCH 'quotes'") == 1);
    CHECK(db->handle().execAndGet("PRAGMA integrity_check").getString() == "ok");
    db->handle().exec("INSERT INTO comments_fts (comments_fts) VALUES ('integrity-check')");
    GameFilter by_player;
    by_player.players = {"bob"};
    CHECK(count_games(*db, by_player) == 2);
    GameFilter by_family;
    by_family.family = Family::kGo;
    CHECK(count_games(*db, by_family) == 1);
    CHECK(scalar(*db,
                 "SELECT count(*) FROM evaluations WHERE undetermined = 0 AND source = 0 "
                 "AND value BETWEEN 0 AND 1000") == 1);
  }

  // finish_bulk_load without begin_bulk_load only analyses.
  GameStore store(plain);
  store.finish_bulk_load();
  CHECK(index_count(plain) == full);
}

TEST_CASE("an interrupted bulk load is repaired by the next finish", "[schema]") {
  TempDir dir;
  const std::string path = dir.file("g.ludex");
  {
    Database db(path, Database::Mode::kReadWrite);
    GameStore store(db);
    store.begin_bulk_load();
    store.begin();
    const std::int64_t f = store.upsert_file(file_info("a.sgf", "abc"));
    store.add_game(f, prepare_record(testing::make_twixt_game()));
    store.commit();
    // No finish_bulk_load: the process "dies" here.
  }
  Database db(path, Database::Mode::kReadWrite);
  GameStore store(db);
  CHECK_FALSE(store.is_empty());
  store.finish_bulk_load();
  CHECK(scalar(db, "SELECT count(*) FROM comments_fts WHERE comments_fts MATCH 'peg'") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'players_by_folded'") == 1);
}

TEST_CASE("a store destroyed with an open batch rolls it back", "[schema]") {
  TempDir dir;
  Database db(dir.file("g.ludex"), Database::Mode::kReadWrite);
  {
    GameStore store(db);
    store.begin();
    const std::int64_t f = store.upsert_file(file_info("a.sgf", "abc"));
    store.add_game(f, prepare_record(testing::make_twixt_game()));
  }
  CHECK(scalar(db, "SELECT count(*) FROM games") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM source_files") == 0);
  testing::store_games(db, "b.sgf", {testing::make_bare_game()});
  CHECK(scalar(db, "SELECT game_id FROM games") == 1);
}

TEST_CASE("rollback abandons a batch and the ids it handed out", "[schema]") {
  TempDir dir;
  Database db(dir.file("g.ludex"), Database::Mode::kReadWrite);
  GameStore store(db);
  store.begin();
  const std::int64_t f = store.upsert_file(file_info("a.sgf", "abc"));
  store.commit();
  store.begin();
  CHECK(store.add_game(f, prepare_record(testing::make_twixt_game())) == 1);
  store.rollback();
  CHECK(scalar(db, "SELECT count(*) FROM nodes") == 0);
  CHECK(scalar(db, "SELECT count(*) FROM players") == 0);
  store.begin();
  CHECK(store.add_game(f, prepare_record(testing::make_blokus_game())) == 1);
  store.commit();
  CHECK(scalar(db, "SELECT min(node_id) FROM nodes") == 1);
  CHECK(scalar(db, "SELECT min(player_id) FROM players") == 1);
  CHECK(foreign_key_violations(db) == 0);
}

TEST_CASE("position hashes are stored with their 64 bits", "[schema]") {
  TempDir dir;
  Database db(dir.file("g.ludex"), Database::Mode::kReadWrite);
  const GameRecord g = testing::make_simple_game(Family::kHex, {"A"}, "", "", "", 2);
  const std::vector<std::uint64_t> hashes = {0x0123456789ABCDEFULL, 0xFEDCBA9876543210ULL, 7};
  GameStore store(db);
  store.begin();
  const std::int64_t f = store.upsert_file(file_info("a.sgf", "abc"));
  store.add_game(f, hashes_only(g, hashes));
  store.add_game(f, prepare_record(g));
  store.commit();
  SQLite::Statement st(db.handle(), "SELECT position_hash FROM nodes ORDER BY node_id");
  std::vector<std::uint64_t> back;
  std::int64_t nulls = 0;
  while (st.executeStep()) {
    if (st.getColumn(0).isNull()) {
      ++nulls;
    } else {
      back.push_back(static_cast<std::uint64_t>(st.getColumn(0).getInt64()));
    }
  }
  CHECK(back == hashes);
  CHECK(nulls == 3);
  CHECK(scalar(db, "SELECT count(*) FROM nodes WHERE position_hash = -81985529216486896") == 1);
}

}  // namespace
}  // namespace ludex
