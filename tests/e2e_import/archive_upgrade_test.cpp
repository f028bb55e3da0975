// End-to-end: a database from schema version 4, which read archives as
// unrecognised files, is migrated by the next import, which then reads them
// as archives (a recorded file is read again when it turns out to be an
// archive, even with the same content hash).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "indexer/content_hash.h"

#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {

namespace fs = std::filesystem;

TEST_CASE("an import migrates a version-4 database and reads its archives", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-upgrade");
  const fs::path in = dir.path() / "in";
  fs::create_directories(in);
  write_bytes(in / "a.sgf", "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n");
  const std::string gz = (in / "b.sgf.gz").string();
  const std::string gz_bytes =
      build_archive(ArchiveKind::kGz, {{"x", "(;FF[4]GM[1]SZ[9]PB[cat];B[ee])\n"}});
  write_bytes(gz, gz_bytes);
  const std::string fresh_db = dir / "fresh.db";
  run_ludex_ok({"import", "--db", fresh_db, in.string()});
  const nlohmann::json fresh = info_json(fresh_db);
  REQUIRE(fresh.at("games") == 2);

  // What version 4 wrote for the same directory: a.sgf, and the .gz as one
  // file that is no game, with its size, time and content hash.
  const std::string db = dir / "old.db";
  run_ludex_ok({"import", "--db", db, (in / "a.sgf").string()});
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version6(raw);
    SQLite::Statement add(raw,
                          "INSERT INTO source_files (path, size, mtime_ns, content_hash, format) "
                          "VALUES (?1, ?2, ?3, ?4, '')");
    add.bind(1, gz);
    add.bind(2, static_cast<std::int64_t>(gz_bytes.size()));
    add.bind(3, static_cast<std::int64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              fs::last_write_time(gz).time_since_epoch())
                                              .count()));
    add.bind(4, content_hash(gz_bytes));
    add.exec();
    raw.exec(
        "INSERT INTO import_errors (file_id, game_index, severity, byte_offset, message) "
        "SELECT file_id, -1, 'error', 0, 'not a recognised game file: binary data, not a "
        "game file this version reads' FROM source_files WHERE path LIKE '%.gz'");
    raw.exec("DROP INDEX source_files_by_container");
    raw.exec("ALTER TABLE source_files DROP COLUMN absent");
    raw.exec("ALTER TABLE source_files DROP COLUMN container_id");
    raw.exec("UPDATE meta SET value = '4' WHERE key = 'schema_version'");
    raw.exec("PRAGMA user_version = 4");
  }
  // Read-only commands refuse the old version; the next import migrates it.
  CHECK(run_ludex({"info", "--db", db, "--json"}).exit_code == 1);
  const RunResult r = run_ludex_ok({"import", "--db", db, in.string()});
  CHECK(r.err.find("1 new, 0 replaced, 1 unchanged") != std::string::npos);
  CHECK(r.err.find("1 archives (0 unchanged)") != std::string::npos);
  CHECK(info_json(db) == fresh);
  CHECK(run_ludex_ok({"info", "--db", db, "--errors"}).out.find("binary data") ==
        std::string::npos);
  CHECK(run_ludex_ok({"query", "--db", db, "--player", "cat", "--json"}).out.find(gz + "//b.sgf") !=
        std::string::npos);
}

}  // namespace ludex::test
