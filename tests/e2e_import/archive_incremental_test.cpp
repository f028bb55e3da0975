// End-to-end: importing archives again. An unchanged archive is skipped
// whole; in a changed one only changed members are replaced; members gone
// from it, and archives gone from disk, are forgotten with --prune; merge
// carries archives over.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "tests/e2e_import/archive_support.h"
#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

const std::string kHexFile = "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n";
const std::string kGoFile =
    "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[ce])(;FF[4]GM[1]SZ[9];B[cc])\n";
const std::string kB2 =
    "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[cc])(;FF[4]GM[1]SZ[9];B[cc])"
    "(;FF[4]GM[1]SZ[9]PB[gil];B[gg])\n";
const std::string kGone = "(;FF[4]GM[11]SZ[5]PB[eve]PW[fay];B[a1])\n";
const std::string kNew = "(;FF[4]GM[11]SZ[7]PB[hal]PW[ivy];B[a1];W[b2])\n";

std::int64_t scalar(const std::string& db, const std::string& sql) {
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  return h.execAndGet(sql).getInt64();
}

}  // namespace

TEST_CASE("an archive imported again: unchanged skipped, changed members replaced, --prune",
          "[e2e][archive]") {
  for (ArchiveKind kind : {ArchiveKind::kZip, ArchiveKind::kTarGz, ArchiveKind::k7z}) {
    INFO(archive_extension(kind));
    ScratchDir dir("e2e-archive-incremental");
    const fs::path root = dir.path() / "archives";
    fs::create_directories(root);
    const std::string archive = (root / (std::string("games.") + archive_extension(kind))).string();
    write_bytes(
        archive,
        build_archive(kind, {{"a.sgf", kHexFile}, {"sub/b.sgf", kGoFile}, {"gone.sgf", kGone}}));
    const std::string db = dir / "incremental.db";
    RunResult r = run_ludex_ok({"import", "--db", db, root.string()});
    CHECK(r.err.find("4 games") != std::string::npos);
    CHECK(r.err.find("3 new, 0 replaced, 0 unchanged") != std::string::npos);
    const std::int64_t archive_id =
        scalar(db, "SELECT file_id FROM source_files WHERE format = 'archive'");
    CHECK(scalar(db, "SELECT count(*) FROM source_files WHERE container_id = " +
                         std::to_string(archive_id)) == 3);

    // Unchanged: skipped without reading a member.
    r = run_ludex_ok({"import", "--db", db, root.string()});
    CHECK(r.err.find("imported 0 games (0 nodes) from 3 files: 0 new, 0 replaced, 3 unchanged") !=
          std::string::npos);
    CHECK(r.err.find("1 archives (1 unchanged)") != std::string::npos);

    // One member changed, one added, one gone.
    write_bytes(archive,
                build_archive(kind, {{"a.sgf", kHexFile}, {"new.sgf", kNew}, {"sub/b.sgf", kB2}}));
    r = run_ludex_ok({"import", "--db", db, root.string()});
    CHECK(r.err.find("from 3 files: 1 new, 1 replaced, 1 unchanged, 0 pruned") !=
          std::string::npos);
    // Without --prune a member gone from the archive stays, as a file gone
    // from a directory does.
    CHECK(run_ludex_ok({"query", "--db", db, "--player", "eve", "--count"}).out == "1\n");
    CHECK(scalar(db, "SELECT count(*) FROM source_files WHERE absent = 1") == 1);
    // The archive is unchanged now: --prune forgets the member found gone
    // when it was last read, without reading it again.
    r = run_ludex_ok({"import", "--db", db, "--prune", root.string()});
    CHECK(r.err.find("0 new, 0 replaced, 3 unchanged, 1 pruned") != std::string::npos);
    CHECK(r.err.find("1 archives (1 unchanged)") != std::string::npos);
    CHECK(run_ludex_ok({"query", "--db", db, "--player", "eve", "--count"}).out == "0\n");

    // The same as a fresh import of the final archive.
    const std::string fresh = dir / "fresh.db";
    import_paths(fresh, {root.string()});
    CHECK(first_difference(stored_content(db, archive + "//"),
                           stored_content(fresh, archive + "//")) == "");
    CHECK(info_json(db) == info_json(fresh));

    // The archive gone from disk: --prune of its directory forgets it all.
    fs::remove(archive);
    r = run_ludex_ok({"import", "--db", db, "--prune", root.string()});
    CHECK(r.err.find("3 pruned") != std::string::npos);
    CHECK(info_json(db).at("files") == 0);
    CHECK(info_json(db).at("games") == 0);
    CHECK(scalar(db, "SELECT count(*) FROM source_files") == 0);
  }
}

TEST_CASE("an archive given by name with --prune, then gone", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-gone");
  const std::string archive = dir / "one.tar.xz";
  write_bytes(archive,
              build_archive(ArchiveKind::kTarXz, {{"a.sgf", kHexFile}, {"b.sgf", kGoFile}}));
  const std::string db = dir / "gone.db";
  import_paths(db, {archive});
  CHECK(info_json(db).at("games") == 3);
  fs::remove(archive);
  const RunResult r = run_ludex_ok({"import", "--db", db, "--prune", archive});
  CHECK(r.err.find("2 pruned") != std::string::npos);
  CHECK(info_json(db).at("games") == 0);
}

TEST_CASE("a stale member makes its unchanged archive read again", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-stale");
  const std::string archive = dir / "stale.zip";
  write_bytes(archive, build_archive(ArchiveKind::kZip, {{"a.sgf", kHexFile}, {"b.sgf", kGoFile}}));
  const std::string db = dir / "stale.db";
  import_paths(db, {archive});
  {
    // As a migration marks games whose positions an older rule computed.
    SQLite::Database h(db, SQLite::OPEN_READWRITE);
    h.exec("UPDATE games SET hash_version = NULL WHERE family = 'hex'");
  }
  const RunResult r = run_ludex_ok({"import", "--db", db, archive});
  CHECK(r.err.find("1 archives (0 unchanged)") != std::string::npos);
  CHECK(r.err.find("0 new, 1 replaced, 1 unchanged") != std::string::npos);
  CHECK(scalar(db, "SELECT count(*) FROM games WHERE hash_version IS NULL") == 0);
}

TEST_CASE("a member repeated in an archive: the last copy counts", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-repeat");
  const std::string archive = dir / "repeat.tar";
  write_bytes(archive, build_archive(ArchiveKind::kTar, {{"a.sgf", kHexFile}, {"./a.sgf", kGone}}));
  const std::string db = dir / "repeat.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, "--warnings", archive});
  CHECK(r.err.find(archive +
                   "//a.sgf: warning: the archive holds more than one member of this name") !=
        std::string::npos);
  CHECK(info_json(db).at("games") == 1);
  CHECK(run_ludex_ok({"query", "--db", db, "--player", "eve", "--count"}).out == "1\n");
  // Again, unchanged: still the last copy.
  run_ludex_ok({"import", "--db", db, archive});
  CHECK(run_ludex_ok({"query", "--db", db, "--player", "eve", "--count"}).out == "1\n");
  CHECK(info_json(db).at("games") == 1);
}

TEST_CASE("merge carries archives and their members over", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-merge");
  const std::string archive = dir / "m.tar.bz2";
  write_bytes(archive,
              build_archive(ArchiveKind::kTarBz2, {{"a.sgf", kHexFile}, {"b.sgf", kGoFile}}));
  write_bytes(dir.path() / "plain.sgf", kNew);
  const std::string a = dir / "a.db";
  const std::string b = dir / "b.db";
  import_paths(a, {dir / "plain.sgf"});
  import_paths(b, {archive});
  run_ludex_ok({"merge", "--db", a, "--from", b});
  CHECK(info_json(a).at("games") == 4);
  CHECK(info_json(a).at("files") == 3);
  CHECK(scalar(a,
               "SELECT count(*) FROM source_files AS m JOIN source_files AS c "
               "ON m.container_id = c.file_id WHERE c.format = 'archive'") == 2);
  // A knows the archive now: importing it changes nothing.
  const RunResult r = run_ludex_ok({"import", "--db", a, archive});
  CHECK(r.err.find("1 archives (1 unchanged)") != std::string::npos);
  CHECK(info_json(a).at("games") == 4);
}

TEST_CASE("refused members of a changed archive count as unchanged when they are",
          "[e2e][archive]") {
  using Type = ArchiveItem::Type;
  ScratchDir dir("e2e-archive-refused-again");
  const std::vector<ArchiveItem> items = {{"a.sgf", kHexFile},
                                          {"link.sgf", "", Type::kSymlink, "a.sgf"},
                                          {"hard.sgf", "", Type::kHardlink, "a.sgf"},
                                          {"dev/null", "", Type::kDevice},
                                          {"fifo", "", Type::kFifo},
                                          {"../up.sgf", kGoFile}};
  const std::string archive = dir / "refused.tar.gz";
  write_bytes(archive, build_archive(ArchiveKind::kTarGz, items));
  const std::string db = dir / "refused.db";
  RunResult r = run_ludex_ok({"import", "--db", db, archive});
  CHECK(r.err.find("from 6 files: 6 new, 0 replaced, 0 unchanged, 0 pruned, 5 not game files") !=
        std::string::npos);
  const std::int64_t errors = info_json(db).at("errors");
  CHECK(errors == 5);

  // One member added: the archive is read again; the five refused members
  // are what they were, so unchanged like a.sgf, and not reported again.
  std::vector<ArchiveItem> more = items;
  more.push_back({"new.sgf", kNew});
  write_bytes(archive, build_archive(ArchiveKind::kTarGz, more));
  r = run_ludex_ok({"import", "--db", db, archive});
  INFO(r.err);
  CHECK(r.err.find("from 7 files: 1 new, 0 replaced, 6 unchanged, 0 pruned, 0 not game files") !=
        std::string::npos);
  CHECK(r.err.find("0 errors") != std::string::npos);
  CHECK(r.err.find("link.sgf") == std::string::npos);
  // Each refusal is still recorded, once.
  CHECK(info_json(db).at("errors") == errors);
  CHECK(scalar(db,
               "SELECT count(*) FROM import_errors AS e JOIN source_files AS f "
               "USING (file_id) WHERE f.path LIKE '%//link.sgf' AND "
               "e.message LIKE 'a symbolic link (to ''a.sgf'')%'") == 1);

  // A refused member that became a file is replaced, and read.
  std::vector<ArchiveItem> changed = more;
  changed[1] = {"link.sgf", kGone};
  write_bytes(archive, build_archive(ArchiveKind::kTarGz, changed));
  r = run_ludex_ok({"import", "--db", db, archive});
  CHECK(r.err.find("from 7 files: 0 new, 1 replaced, 6 unchanged") != std::string::npos);
  CHECK(info_json(db).at("errors") == errors - 1);
}

}  // namespace ludex::test
