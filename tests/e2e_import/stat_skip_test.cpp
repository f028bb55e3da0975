// End-to-end: a re-import takes a file or archive whose size and
// modification time are the recorded ones as unchanged without reading it;
// --checksum reads and hashes everything; a new time with the same content
// is recorded; a file written just before it was read (a time that may not
// change on the next write) is hashed next time.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <limits>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {

namespace fs = std::filesystem;

namespace {

void set_age(const fs::path& path, std::chrono::minutes age) {
  fs::last_write_time(path, fs::file_time_type::clock::now() - age);
}

std::int64_t recorded_mtime(const std::string& db, const fs::path& path) {
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  SQLite::Statement st(raw, "SELECT mtime_ns FROM source_files WHERE path = ?1");
  st.bind(1, path.string());
  REQUIRE(st.executeStep());
  return st.getColumn(0).getInt64();
}

std::int64_t mtime_ns(const fs::path& path) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             fs::last_write_time(path).time_since_epoch())
      .count();
}

}  // namespace

TEST_CASE("re-import: size and time decide, --checksum hashes, new times are recorded",
          "[e2e][import]") {
  ScratchDir dir("e2e-import-stat");
  const fs::path in = dir.path() / "in";
  fs::create_directories(in);
  const fs::path a = in / "a.sgf";
  const fs::path b = in / "b.sgf";
  const fs::path zip = in / "c.zip";
  write_bytes(a, "(;FF[4]GM[1]SZ[9]PB[ann]PW[bob];B[ee];W[cc])\n");
  write_bytes(b, "(;FF[4]GM[1]SZ[9]PB[cid]PW[dee];B[ee];W[gg])\n");
  write_bytes(zip, build_archive(ArchiveKind::kZip,
                                 {{"z.sgf", "(;FF[4]GM[1]SZ[9]PB[eve]PW[fay];B[dd])\n"}}));
  for (const fs::path& p : {a, b, zip}) set_age(p, std::chrono::minutes(60));
  const std::string db = dir / "s.db";
  run_ludex_ok({"import", "--db", db, in.string()});
  CHECK(run_ludex_ok({"query", "--db", db, "--count"}).out == "3\n");

  // The same size and time, other content: taken as unchanged unread; the
  // database still has the old move, until --checksum reads it.
  const fs::file_time_type a_time = fs::last_write_time(a);
  write_bytes(a, "(;FF[4]GM[1]SZ[9]PB[ann]PW[bob];B[ee];W[dd])\n");
  fs::last_write_time(a, a_time);
  // (The zip's member counts as a file.)
  RunResult r = run_ludex_ok({"import", "--db", db, in.string()});
  CHECK(r.err.find("0 new, 0 replaced, 3 unchanged") != std::string::npos);
  CHECK(r.err.find("1 archives (1 unchanged)") != std::string::npos);
  CHECK(run_ludex_ok({"query", "--db", db, "--family", "go", "--has", "W:cc", "--count"}).out ==
        "1\n");
  r = run_ludex_ok({"import", "--db", db, "--checksum", in.string()});
  CHECK(r.err.find("0 new, 1 replaced, 2 unchanged") != std::string::npos);
  CHECK(run_ludex_ok({"query", "--db", db, "--family", "go", "--has", "W:cc", "--count"}).out ==
        "0\n");

  // A new time, the same content: unchanged, and the new time recorded, so
  // that the next import trusts it without reading.
  set_age(b, std::chrono::minutes(30));
  r = run_ludex_ok({"import", "--db", db, in.string()});
  CHECK(r.err.find("0 new, 0 replaced, 3 unchanged") != std::string::npos);
  CHECK(recorded_mtime(db, b) == mtime_ns(b));

  // A file written just before the import read it: its time is not
  // trusted (recorded as the smallest integer), so a rewrite within the same
  // clock tick (the same time) is still found.
  const fs::path c = in / "d.sgf";
  write_bytes(c, "(;FF[4]GM[1]SZ[9]PB[gil]PW[hal];B[aa])\n");
  run_ludex_ok({"import", "--db", db, in.string()});
  CHECK(recorded_mtime(db, c) == std::numeric_limits<std::int64_t>::min());
  const fs::file_time_type c_time = fs::last_write_time(c);
  write_bytes(c, "(;FF[4]GM[1]SZ[9]PB[gil]PW[hal];B[bb])\n");
  fs::last_write_time(c, c_time);
  r = run_ludex_ok({"import", "--db", db, in.string()});
  CHECK(r.err.find("0 new, 1 replaced, 3 unchanged") != std::string::npos);
}

}  // namespace ludex::test
