// Archives in the database (schema version 5): archive rows and their
// members, found, listed, marked absent and forgotten together; the
// migration from version 4.
#include <SQLiteCpp/Database.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "schema/database.h"
#include "schema/game_store.h"
#include "schema/stats.h"
#include "tests/support/schema_downgrade.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::scalar;
using testing::TempDir;

SourceFileInfo row(const std::string& path, std::int64_t container, bool archive = false) {
  SourceFileInfo f;
  f.path = path;
  f.size = 10;
  f.mtime_ns = 20;
  f.content_hash = archive ? "" : "h-" + path;
  f.format = archive ? kArchiveFormat : "sgf";
  f.container_id = container;
  return f;
}

TEST_CASE("archive rows hold their members; removing one removes everything below", "[schema]") {
  TempDir dir;
  Database db(dir.file("a.ludex"), Database::Mode::kReadWrite);
  GameStore store(db);
  store.begin();
  const std::int64_t plain = store.upsert_file(row("/d/plain.sgf", 0));
  const std::int64_t zip = store.upsert_file(row("/d/g.zip", 0, true));
  const std::int64_t a = store.upsert_file(row("/d/g.zip//a.sgf", zip));
  const std::int64_t inner = store.upsert_file(row("/d/g.zip//in.tar.gz", zip, true));
  const std::int64_t b = store.upsert_file(row("/d/g.zip//in.tar.gz//b.sgf", inner));
  store.add_game(a,
                 prepare_record(testing::make_simple_game(Family::kHex, {"Ann"}, "", "", "", 3)));
  store.add_game(b, prepare_record(testing::make_simple_game(Family::kGo, {"Bea"}, "", "", "", 4)));
  store.add_game(plain,
                 prepare_record(testing::make_simple_game(Family::kGo, {"Cid"}, "", "", "", 2)));
  store.commit();

  const std::optional<KnownFile> known = store.find_file("/d/g.zip");
  REQUIRE(known);
  CHECK(known->is_archive);
  CHECK(known->container_id == 0);
  CHECK(store.find_file("/d/g.zip//in.tar.gz//b.sgf")->container_id == inner);
  const std::vector<KnownMember> below = store.find_members(zip);
  REQUIRE(below.size() == 3);
  CHECK(below[0].path == "/d/g.zip//a.sgf");
  CHECK(below[1].path == "/d/g.zip//in.tar.gz");
  CHECK(below[1].file.is_archive);
  CHECK(below[2].path == "/d/g.zip//in.tar.gz//b.sgf");
  CHECK(below[2].file.container_id == inner);
  CHECK(store.find_members(plain).empty());
  // Only what is on disk is listed for the walk's --prune.
  CHECK(store.list_files() == std::vector<std::pair<std::int64_t, std::string>>{
                                  {zip, "/d/g.zip"}, {plain, "/d/plain.sgf"}});
  const DbInfo info = read_info(db);
  CHECK(info.files == 3);
  CHECK(info.archives == 2);

  // Absent, then present again when stored.
  store.begin();
  store.mark_absent(a, true);
  store.commit();
  CHECK(store.find_file("/d/g.zip//a.sgf")->absent);
  store.begin();
  store.upsert_file(row("/d/g.zip//a.sgf", zip));
  store.commit();
  CHECK_FALSE(store.find_file("/d/g.zip//a.sgf")->absent);

  store.begin();
  CHECK(store.remove_members(inner) == 1);
  CHECK(store.remove_file(zip) == 1);  // a.sgf (b.sgf went just before)
  store.commit();
  CHECK(scalar(db, "SELECT count(*) FROM source_files") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM games") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM players") == 1);
  CHECK(scalar(db, "SELECT count(*) FROM pragma_foreign_key_check") == 0);
}

TEST_CASE("a version-4 database migrates to the current version with its rows unchanged",
          "[schema]") {
  TempDir dir;
  const std::string path = dir.file("v4.ludex");
  std::string before;
  {
    Database db(path, Database::Mode::kReadWrite);
    testing::store_games(db, "/x/a.sgf",
                         {testing::make_simple_game(Family::kHex, {"Ann"}, "", "", "", 3)});
    before = testing::dump_tables(db);
    // Back to what version 4 wrote.
    test::downgrade_to_version6(db.handle());
    db.handle().exec("DROP TABLE game_positions");
    db.handle().exec("DROP INDEX source_files_by_container");
    db.handle().exec("ALTER TABLE source_files DROP COLUMN absent");
    db.handle().exec("ALTER TABLE source_files DROP COLUMN container_id");
    db.handle().exec("UPDATE meta SET value = '4' WHERE key = 'schema_version'");
    db.handle().exec("PRAGMA user_version = 4");
  }
  CHECK_THROWS(Database(path, Database::Mode::kReadOnly));
  Database db(path, Database::Mode::kReadWrite);
  CHECK(db.schema_version() == kSchemaVersion);
  CHECK(scalar(db, "SELECT count(*) FROM source_files WHERE container_id IS NULL AND absent = 0") ==
        1);
  CHECK(scalar(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'source_files_by_container'") ==
        1);
  GameStore store(db);
  const std::optional<KnownFile> known = store.find_file("/x/a.sgf");
  REQUIRE(known);
  CHECK_FALSE(known->is_archive);
  CHECK(known->container_id == 0);
  // Every row as this version wrote it, once the marks of what the next
  // import computes are gone.
  db.handle().exec(
      "DELETE FROM meta WHERE key IN ('position_streams_pending', "
      "'feature_games_pending', 'explorer_pending', 'seat_ranks_pending')");
  CHECK(testing::dump_tables(db) == before);
}

}  // namespace
}  // namespace ludex
