// End-to-end: hostile and damaged archives, built here. Each gives a recorded
// error naming the archive and the member; every game before it is kept; the
// import goes on and exits 0; nothing is written outside the database.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/support/archive_builder.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Type = ArchiveItem::Type;

const std::string kA = "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4];B[e5])\n";
const std::string kB = "(;FF[4]GM[1]SZ[9]PB[cat]PW[dan];B[ee];W[ce])\n";

// Every recorded error and warning as "path: message".
std::vector<std::string> recorded_errors(const std::string& db) {
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  SQLite::Statement st(h,
                       "SELECT f.path, e.message FROM import_errors AS e "
                       "JOIN source_files AS f USING (file_id) ORDER BY e.error_id");
  std::vector<std::string> out;
  while (st.executeStep()) {
    out.push_back(st.getColumn(0).getString() + ": " + st.getColumn(1).getString());
  }
  return out;
}

bool has_error(const std::vector<std::string>& errors, const std::string& path,
               const std::string& text) {
  for (const std::string& e : errors) {
    if (e.rfind(path + ": ", 0) == 0 && e.find(text) != std::string::npos) return true;
  }
  return false;
}

std::string noise(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(gen() & 0xFF);
  return s;
}

// The files under dir, recursively, as paths relative to it.
std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    out.push_back(fs::relative(e.path(), dir).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("links, devices, escaping paths and encrypted members are recorded, not read",
          "[e2e][archive]") {
  ScratchDir dir("e2e-archive-hostile");
  const fs::path work = dir.path() / "work";
  fs::create_directories(work / "in");
  const std::string evil = "ludex-evil-" + std::to_string(std::random_device{}()) + ".sgf";
  const std::vector<ArchiveItem> items = {{"a.sgf", kA},
                                          {"link.sgf", "", Type::kSymlink, "/etc/passwd"},
                                          {"hard.sgf", "", Type::kHardlink, "a.sgf"},
                                          {"dev/null", "", Type::kDevice},
                                          {"fifo", "", Type::kFifo},
                                          {"/tmp/" + evil, kB},
                                          {"../../" + evil, kB},
                                          {"b.sgf", kB}};
  const std::string tgz = (work / "in" / "hostile.tar.gz").string();
  write_bytes(tgz, build_archive(ArchiveKind::kTarGz, items));
  ArchiveOptions encrypted;
  encrypted.encryption = "zipcrypt";
  const std::string zip = (work / "in" / "locked.zip").string();
  write_bytes(zip, build_archive(ArchiveKind::kZip, {{"secret.sgf", kA}}, encrypted));
  const std::vector<std::string> before = listing(work);

  const std::string db = (dir.path() / "hostile.db").string();
  const RunResult r = run_ludex_ok({"import", "--db", db, (work / "in").string()});
  CHECK(r.err.find(tgz + "//link.sgf: a symbolic link (to '/etc/passwd'): not read") !=
        std::string::npos);
  CHECK(r.err.find(zip + "//secret.sgf: encrypted: not read") != std::string::npos);
  const auto errors = recorded_errors(db);
  CHECK(has_error(errors, tgz + "//link.sgf", "symbolic link"));
  CHECK(has_error(errors, tgz + "//hard.sgf", "hard link (to 'a.sgf')"));
  CHECK(has_error(errors, tgz + "//dev/null", "a device: not read"));
  CHECK(has_error(errors, tgz + "//fifo", "a FIFO: not read"));
  CHECK(has_error(errors, tgz + "///tmp/" + evil, "an absolute member path: not read"));
  CHECK(has_error(errors, tgz + "//../../" + evil, "'..'"));
  CHECK(has_error(errors, zip + "//secret.sgf", "encrypted"));
  CHECK(errors.size() == 7);
  // The games before and after them are stored.
  CHECK(info_json(db).at("games") == 2);
  CHECK(info_json(db).at("files") == 9);
  // Nothing was written anywhere but the database.
  CHECK(listing(work) == before);
  CHECK_FALSE(fs::exists("/tmp/" + evil));
  CHECK_FALSE(fs::exists(dir.path().parent_path() / evil));
  CHECK_FALSE(fs::exists(fs::current_path().parent_path().parent_path() / evil));
}

TEST_CASE("archive bombs stop their archive with a recorded error", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-bomb");
  const std::string zeros(std::size_t{32} << 20, '\0');
  struct Case {
    ArchiveKind kind;
    std::vector<ArchiveItem> items;
  };
  std::vector<ArchiveItem> zip_items = {{"a.sgf", kA}};
  // Deflate tops out near 1030:1: a zip bomb has many such members.
  for (int i = 0; i < 4; ++i) {
    zip_items.push_back({"z" + std::to_string(i) + ".sgf", zeros.substr(0, 8 << 20)});
  }
  zip_items.push_back({"b.sgf", kB});
  const std::vector<Case> cases = {
      {ArchiveKind::kTarBz2, {{"a.sgf", kA}, {"bomb.sgf", zeros}, {"b.sgf", kB}}},
      {ArchiveKind::kTarXz, {{"a.sgf", kA}, {"bomb.sgf", zeros}, {"b.sgf", kB}}},
      {ArchiveKind::k7z, {{"a.sgf", kA}, {"bomb.sgf", zeros}, {"b.sgf", kB}}},
      {ArchiveKind::kZip, zip_items}};
  for (const Case& c : cases) {
    const std::string archive = dir / (std::string("bomb.") + archive_extension(c.kind));
    INFO(archive);
    write_bytes(archive, build_archive(c.kind, c.items));
    const std::string db = dir / (std::string(archive_extension(c.kind)) + ".db");
    const RunResult r = run_ludex_ok({"import", "--db", db, archive});
    const std::string bomb = archive + "//" + c.items[1].name;
    CHECK(r.err.find(bomb + ": an archive bomb: the member expands more than 1000 times") !=
          std::string::npos);
    CHECK(r.err.find("nothing more of the archive is read") != std::string::npos);
    // The game before it is kept; nothing after it is read.
    CHECK(info_json(db).at("games") == 1);
    CHECK(run_ludex_ok({"query", "--db", db, "--player", "ann", "--count"}).out == "1\n");
    CHECK(has_error(recorded_errors(db), bomb, "an archive bomb"));
  }
  // A single compressed bomb, of zeros: a single compressed file is its
  // decompressed stream, never the empty tar two zero blocks would be.
  const std::string gz = dir / "bomb.sgf.gz";
  write_bytes(gz, build_archive(ArchiveKind::kGz, {{"x", zeros}}));
  const std::string db = dir / "gz.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, gz});
  CHECK(r.err.find(gz + "//bomb.sgf: an archive bomb") != std::string::npos);
  // The tar.bz2 bomb's compressed bytes were all read with its first block,
  // before the member began: the message says so, not "from 0 bytes".
  const std::string bz2 = dir / "bomb.tar.bz2";
  CHECK(has_error(recorded_errors(dir / "tar.bz2.db"), bz2 + "//bomb.sgf",
                  "all from compressed data read before the member began, within the "
                  "archive's first "));
  for (const std::string& e : recorded_errors(dir / "tar.bz2.db")) {
    CHECK(e.find("from 0 bytes") == std::string::npos);
  }
}

TEST_CASE("a single compressed file is read as its stream, and no archive is read silently",
          "[e2e][archive]") {
  ScratchDir dir("e2e-archive-zero-blocks");
  // 1024 zero bytes are two tar end blocks: read as a tar, nothing at all.
  const std::string content = std::string(1024, '\0') + kB;
  const std::string gz = dir / "z.sgf.gz";
  write_bytes(gz, build_archive(ArchiveKind::kGz, {{"x", content}}));
  const std::string bz2 = dir / "z.sgf.bz2";
  write_bytes(bz2, build_archive(ArchiveKind::kBz2, {{"x", content}}));
  // Archives that hold no file: each leaves a warning.
  const std::string zip = dir / "empty.zip";
  write_bytes(zip, build_archive(ArchiveKind::kZip, {}));
  const std::string dirs = dir / "dirs.tar.gz";
  write_bytes(dirs,
              build_archive(ArchiveKind::kTarGz, {{"d", "", ArchiveItem::Type::kDirectory},
                                                  {"d/e", "", ArchiveItem::Type::kDirectory}}));
  const std::string zeros = dir / "zeros.tar.gz";
  write_bytes(zeros, build_archive(ArchiveKind::kGz, {{"x", content}}));
  const std::string db = dir / "z.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, dir.path().string()});
  INFO(r.err);
  const auto errors = recorded_errors(db);
  // Each member is there, with what its bytes are (no game file: binary).
  for (const std::string& single : {gz, bz2}) {
    const std::string member = single + "//z.sgf";
    CHECK(has_error(errors, member, "not a recognised game file"));
  }
  CHECK(has_error(errors, zip, "the archive holds no files: nothing was imported from it"));
  CHECK(has_error(errors, dirs, "the archive holds no files"));
  // Under a tar's name the same stream is an empty tar, and says so.
  CHECK(has_error(errors, zeros, "the archive holds no files"));
  CHECK(info_json(db).at("archives") == 5);
  CHECK(info_json(db).at("files") == 2);
  CHECK(info_json(db).at("warnings") == 3);
}

TEST_CASE("archives nested too deep are recorded, not read", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-deep");
  std::string inner = build_archive(ArchiveKind::kZip, {{"a.sgf", kA}});
  for (int level = 0; level < 3; ++level) {
    inner = build_archive(ArchiveKind::kZip, {{"b" + std::to_string(level) + ".sgf", kB},
                                              {"level" + std::to_string(level) + ".zip", inner}});
  }
  const std::string archive = dir / "deep.zip";
  write_bytes(archive, inner);
  const std::string db = dir / "deep.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, archive});
  // deep.zip, level2.zip and level1.zip are read; level0.zip is a fourth level.
  CHECK(r.err.find(archive + "//level2.zip//level1.zip//level0.zip: an archive inside 3 levels "
                             "of archives: not read") != std::string::npos);
  CHECK(info_json(db).at("games") == 3);
}

TEST_CASE("damaged, truncated and fake archives", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-damaged");
  const std::string big = noise(300000, 7);
  // A stored zip member with a changed byte: its checksum fails.
  std::string zip = build_archive(ArchiveKind::kZip, {{"a.sgf", kA}, {"b.sgf", kB}, {"c.sgf", kA}},
                                  ArchiveOptions{"", "", "store"});
  zip[zip.find("GM[1]") + 3] = '9';
  const std::string crc = dir / "crc.zip";
  write_bytes(crc, zip);
  // A tar.gz cut in its second member, and a .sgf.gz cut in two.
  const std::string tgz =
      build_archive(ArchiveKind::kTarGz, {{"a.sgf", kA}, {"big.bin", big}, {"b.sgf", kB}});
  const std::string cut = dir / "cut.tar.gz";
  write_bytes(cut, tgz.substr(0, tgz.size() / 2));
  // (Smaller than the 64 KiB libarchive decompresses before it decides
  // what the stream holds.)
  const std::string gz = build_archive(ArchiveKind::kGz, {{"x", kA + big.substr(0, 30000)}});
  const std::string cut_gz = dir / "cut.sgf.gz";
  write_bytes(cut_gz, gz.substr(0, gz.size() / 2));
  // A tar.bz2 of one bzip2 block, cut inside it: nothing can be read.
  const std::string tbz = build_archive(ArchiveKind::kTarBz2, {{"big.bin", big}});
  const std::string cut_tbz = dir / "cut.tar.bz2";
  write_bytes(cut_tbz, tbz.substr(0, tbz.size() / 2));
  // An archive name on an SGF file: read as what it is. Garbage behind a
  // zip's magic: an archive that cannot be read.
  write_bytes(dir.path() / "really-sgf.zip", kB);
  const std::string garbage = dir / "garbage.zip";
  write_bytes(garbage, std::string("PK\x03\x04", 4) + noise(2000, 8));
  // A member with a bad game: its error names member, line and column.
  const std::string bad = dir / "bad.tar";
  write_bytes(bad, build_archive(ArchiveKind::kTar,
                                 {{"ok.sgf", kA}, {"dir/bad.sgf", "(;FF[4]GM[1]SZ[9]\n;B[ee]"}}));

  const std::string db = dir / "damaged.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, dir.path().string()});
  const auto errors = recorded_errors(db);
  CHECK(has_error(errors, crc + "//b.sgf", "damaged ("));
  CHECK(has_error(errors, crc + "//b.sgf", ": not imported"));
  CHECK(has_error(errors, cut + "//big.bin", "cannot be read past this point"));
  CHECK(has_error(errors, cut, "the archive cannot be read past member 'big.bin'"));
  CHECK(has_error(errors, cut_gz, "the archive is truncated (truncated gzip input)"));
  CHECK(has_error(errors, cut_tbz,
                  "the archive is truncated (truncated bzip2 input); nothing could be read"));
  CHECK(has_error(errors, garbage, "the archive cannot be read past this point"));
  CHECK(r.err.find(bad + "//dir/bad.sgf: game 0, line 2, column 7: ") != std::string::npos);
  // crc.zip: a and c; cut.tar.gz: a; really-sgf.zip: its game; bad.tar: ok.sgf.
  CHECK(info_json(db).at("games") == 5);
  const std::vector<nlohmann::json> sgf =
      query_json(db, {"--player", "dan"});  // really-sgf.zip and nothing else
  REQUIRE(sgf.size() == 1);
  CHECK(sgf[0].at("file") == (dir.path() / "really-sgf.zip").string());
  // info --errors lists the archive's own errors under its path.
  const RunResult listed = run_ludex_ok({"info", "--db", db, "--errors"});
  CHECK(listed.out.find(garbage) != std::string::npos);
}

TEST_CASE("import --max-member-size refuses larger members, the rest is read", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-limit");
  const std::string archive = dir / "limit.tar.gz";
  write_bytes(archive, build_archive(ArchiveKind::kTarGz,
                                     {{"big.sgf", kA + std::string(5000, ' ')}, {"b.sgf", kB}}));
  const std::string db = dir / "limit.db";
  const RunResult r = run_ludex_ok({"import", "--db", db, "--max-member-size", "4K", archive});
  CHECK(r.err.find(archive + "//big.sgf: larger than the limit of 4.0 KiB (--max-member-size)") !=
        std::string::npos);
  CHECK(info_json(db).at("games") == 1);
  CHECK(run_ludex({"import", "--db", db, "--max-member-size", "lots", archive}).exit_code == 2);
}

}  // namespace ludex::test
