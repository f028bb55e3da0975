// Reading archives member by member (importers/archive/archive_reader.h):
// names, every format, refused members, the bomb limits, damage, and
// PandaNet's .ugz (an LHA archive behind two bytes).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "importers/archive/archive_reader.h"
#include "importers/game_file.h"
#include "tests/support/archive_builder.h"
#include "tests/support/ugz_fixture.h"

namespace ludex {
namespace {

using test::ArchiveItem;
using test::ArchiveKind;
using test::build_archive;

struct Member {
  std::string path;
  std::string problem;
  std::string data;
  ReadOutcome outcome = ReadOutcome::kComplete;
  std::string message;
};

struct Listing {
  std::vector<Member> members;
  ArchiveStep last = ArchiveStep::kEnd;
  std::string error;
  std::vector<std::string> skipped;  // kSkippedDamage messages
};

// Reads every member of the archive in bytes (directories left out).
Listing list(const std::string& bytes, std::string_view name = "test.zip",
             const ArchiveLimits& limits = {}) {
  ExpansionBudget budget(static_cast<std::int64_t>(bytes.size()), limits);
  ArchiveReader reader = ArchiveReader::open_memory(bytes, name, limits, budget);
  Listing out;
  ArchiveEntry e;
  for (;;) {
    out.last = reader.next(e);
    if (out.last == ArchiveStep::kSkippedDamage) {
      out.skipped.push_back(reader.error());
      continue;
    }
    if (out.last != ArchiveStep::kEntry) break;
    if (e.type == EntryType::kDirectory && e.problem.empty()) continue;
    Member m;
    m.path = e.path;
    m.problem = e.problem;
    if (e.problem.empty()) {
      const MemberRead r = reader.read(m.data);
      m.outcome = r.outcome;
      m.message = r.message;
    }
    out.members.push_back(std::move(m));
  }
  out.error = reader.error();
  return out;
}

const std::string kGame1 = "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4])\n";
const std::string kGame2 = "(;FF[4]GM[1]SZ[9];B[ee];W[cc])\n";

// Bytes that deflate hardly compresses.
std::string noise(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::string s(n, '\0');
  for (char& c : s) c = static_cast<char>(gen() & 0xFF);
  return s;
}

TEST_CASE("member paths are made canonical, or refused", "[archive]") {
  CHECK(normalize_member_path("a/b.sgf").path == "a/b.sgf");
  CHECK(normalize_member_path("./a//b/./c.sgf").path == "a/b/c.sgf");
  CHECK(normalize_member_path("dir/").path == "dir");
  CHECK(normalize_member_path("x..y/..z").problem.empty());
  for (const char* bad : {"", "/etc/passwd", "\\evil", "C:\\x.sgf", "c:x", "../x.sgf",
                          "a/../../x.sgf", "a/..", "a\\..\\..\\x", "./", "."}) {
    INFO(bad);
    const MemberPath p = normalize_member_path(bad);
    CHECK_FALSE(p.problem.empty());
    CHECK(p.path == bad);
  }
  CHECK(normalize_member_path("../x").problem.find("..") != std::string::npos);
  CHECK(normalize_member_path("/x").problem.find("absolute") != std::string::npos);
}

TEST_CASE("archives are told by name and content", "[archive]") {
  for (const char* name : {"a.zip", "A.ZIP", "x/y.tar", "g.tar.gz", "g.tgz", "g.tbz2", "g.txz",
                           "g.7z", "s.sgf.gz", "s.bz2", "s.xz", "s.zst", "s.tar.zst"}) {
    INFO(name);
    CHECK(has_archive_name(name));
  }
  for (const char* name : {"a.sgf", "a.docx", "a.jar", "zip", "a.gz/b.sgf", "a.zipx"}) {
    INFO(name);
    CHECK_FALSE(has_archive_name(name));
  }
  for (ArchiveKind kind :
       {ArchiveKind::kZip, ArchiveKind::kTar, ArchiveKind::kTarGz, ArchiveKind::kTarBz2,
        ArchiveKind::kTarXz, ArchiveKind::kTarZst, ArchiveKind::k7z, ArchiveKind::kGz,
        ArchiveKind::kBz2, ArchiveKind::kXz}) {
    INFO(test::archive_extension(kind));
    CHECK(looks_like_archive(build_archive(kind, {{"a.sgf", kGame1}}).substr(0, 512)));
  }
  CHECK_FALSE(looks_like_archive(kGame1));
  CHECK_FALSE(looks_like_archive(""));
  CHECK_FALSE(looks_like_archive("PK"));
  CHECK(single_member_name("dir/lg-hex.sgf.gz") == "lg-hex.sgf");
  CHECK(single_member_name("a.SGF.BZ2") == "a.SGF");
  CHECK(single_member_name("games.xz") == "games");
  CHECK(single_member_name("games") == "games");
  CHECK(single_member_name(".gz") == ".gz");
}

TEST_CASE("a single compressed file is told by its name: no .tar before the suffix", "[archive]") {
  for (const char* name : {"a.sgf.gz", "dir/A.SGF.BZ2", "games.xz", "g.zst", "x.tar.lz4.gz"}) {
    INFO(name);
    CHECK(is_single_compressed_name(name));
  }
  for (const char* name : {"a.tar.gz", "A.TAR.BZ2", "g.tgz", "g.tbz2", "g.txz", "g.tzst", "a.zip",
                           "a.tar", "a.sgf", ".gz", "a.gz/b.sgf"}) {
    INFO(name);
    CHECK_FALSE(is_single_compressed_name(name));
  }
}

TEST_CASE("a single compressed file starting with zero blocks is one member, not an empty tar",
          "[archive]") {
  // Two 512-byte zero blocks end a tar: read as a tar, this stream is an
  // empty archive and its game is never seen.
  const std::string content = std::string(1024, '\0') + kGame2;
  for (ArchiveKind kind : {ArchiveKind::kGz, ArchiveKind::kBz2, ArchiveKind::kXz}) {
    INFO(test::archive_extension(kind));
    const std::string bytes = build_archive(kind, {{"x", content}});
    const Listing single = list(bytes, std::string("z.sgf.") + test::archive_extension(kind));
    CHECK(single.last == ArchiveStep::kEnd);
    REQUIRE(single.members.size() == 1);
    CHECK(single.members[0].path == "z.sgf");
    CHECK(single.members[0].data == content);
    // Under a tar's name the same stream is the empty tar it also is.
    const Listing tar = list(bytes, std::string("z.tar.") + test::archive_extension(kind));
    CHECK(tar.last == ArchiveStep::kEnd);
    CHECK(tar.members.empty());
  }
}

TEST_CASE("every format gives its members and their bytes", "[archive]") {
  const std::string big = noise(300000, 1) + kGame1;
  for (ArchiveKind kind :
       {ArchiveKind::kZip, ArchiveKind::kTar, ArchiveKind::kTarGz, ArchiveKind::kTarBz2,
        ArchiveKind::kTarXz, ArchiveKind::kTarZst, ArchiveKind::k7z}) {
    INFO(test::archive_extension(kind));
    const std::string bytes = build_archive(kind, {{"dir", "", ArchiveItem::Type::kDirectory},
                                                   {"dir/one.sgf", kGame1},
                                                   {"./two.sgf", kGame2},
                                                   {"empty.sgf", ""},
                                                   {"big.bin", big},
                                                   {"名人戦/第1局.sgf", kGame2}});
    Listing l = list(bytes);
    CHECK(l.last == ArchiveStep::kEnd);
    REQUIRE(l.members.size() == 5);
    // 7z stores empty files apart, after the others.
    if (kind == ArchiveKind::k7z) {
      CHECK(l.members[4].path == "empty.sgf");
      std::rotate(l.members.begin() + 2, l.members.begin() + 4, l.members.end());
    }
    CHECK(l.members[0].path == "dir/one.sgf");
    CHECK(l.members[0].data == kGame1);
    CHECK(l.members[1].path == "two.sgf");
    CHECK(l.members[1].data == kGame2);
    CHECK(l.members[2].path == "empty.sgf");
    CHECK(l.members[2].data.empty());
    CHECK(l.members[3].data == big);
    CHECK(l.members[4].path == "名人戦/第1局.sgf");
    for (const Member& m : l.members) CHECK(m.outcome == ReadOutcome::kComplete);
  }
  for (ArchiveKind kind : {ArchiveKind::kGz, ArchiveKind::kBz2, ArchiveKind::kXz}) {
    INFO(test::archive_extension(kind));
    const Listing l = list(build_archive(kind, {{"ignored", big}}), "/x/lg.sgf.gz");
    CHECK(l.last == ArchiveStep::kEnd);
    REQUIRE(l.members.size() == 1);
    CHECK(l.members[0].path == "lg.sgf");
    CHECK(l.members[0].data == big);
  }
}

TEST_CASE("an archive is read from a file too", "[archive]") {
  const std::string path = std::filesystem::temp_directory_path() / "ludex-archive-reader.tar.gz";
  {
    std::ofstream out(path, std::ios::binary);
    out << build_archive(ArchiveKind::kTarGz, {{"a.sgf", kGame1}, {"b.sgf", kGame2}});
  }
  ExpansionBudget budget(1000, ArchiveLimits{});
  ArchiveReader reader = ArchiveReader::open_file(path, "x.tar.gz", ArchiveLimits{}, budget);
  ArchiveEntry e;
  std::string data;
  REQUIRE(reader.next(e) == ArchiveStep::kEntry);
  CHECK(e.path == "a.sgf");
  CHECK(e.size == static_cast<std::int64_t>(kGame1.size()));
  CHECK(e.mtime_ns == std::int64_t{1700000000} * 1000000000);
  // b.sgf is reached without a.sgf being read.
  REQUIRE(reader.next(e) == ArchiveStep::kEntry);
  CHECK(e.path == "b.sgf");
  CHECK(reader.read(data).outcome == ReadOutcome::kComplete);
  CHECK(data == kGame2);
  CHECK(reader.next(e) == ArchiveStep::kEnd);
  CHECK(reader.position() > 0);
  std::filesystem::remove(path);

  ExpansionBudget none(0, ArchiveLimits{});
  ArchiveReader missing =
      ArchiveReader::open_file("/nonexistent/x.zip", "x.zip", ArchiveLimits{}, none);
  CHECK(missing.next(e) == ArchiveStep::kBroken);
  CHECK(missing.error().find("cannot be read as an archive") != std::string::npos);
}

TEST_CASE("links, devices, bad paths and encrypted members are refused, the rest read",
          "[archive]") {
  using Type = ArchiveItem::Type;
  const std::vector<ArchiveItem> items = {{"a.sgf", kGame1},
                                          {"link.sgf", "", Type::kSymlink, "/etc/passwd"},
                                          {"hard.sgf", "", Type::kHardlink, "a.sgf"},
                                          {"null", "", Type::kDevice},
                                          {"pipe", "", Type::kFifo},
                                          {"/etc/evil.sgf", kGame2},
                                          {"../../evil.sgf", kGame2},
                                          {"sub/../../evil.sgf", kGame2},
                                          {"z.sgf", kGame2}};
  for (ArchiveKind kind : {ArchiveKind::kTar, ArchiveKind::kTarGz}) {
    INFO(test::archive_extension(kind));
    const Listing l = list(build_archive(kind, items));
    CHECK(l.last == ArchiveStep::kEnd);
    REQUIRE(l.members.size() == items.size());
    CHECK(l.members[0].data == kGame1);
    CHECK(l.members[1].problem.find("symbolic link") != std::string::npos);
    CHECK(l.members[1].problem.find("/etc/passwd") != std::string::npos);
    CHECK(l.members[2].problem.find("hard link") != std::string::npos);
    CHECK(l.members[3].problem.find("device") != std::string::npos);
    CHECK(l.members[4].problem.find("FIFO") != std::string::npos);
    CHECK(l.members[5].problem.find("absolute") != std::string::npos);
    CHECK(l.members[5].path == "/etc/evil.sgf");
    CHECK(l.members[6].problem.find("'..'") != std::string::npos);
    CHECK(l.members[7].problem.find("'..'") != std::string::npos);
    CHECK(l.members[8].path == "z.sgf");
    CHECK(l.members[8].data == kGame2);
  }
  for (const char* method : {"zipcrypt", "aes256"}) {
    INFO(method);
    test::ArchiveOptions options;
    options.encryption = method;
    const Listing l =
        list(build_archive(ArchiveKind::kZip, {{"a.sgf", kGame1}, {"b.sgf", kGame2}}, options));
    CHECK(l.last == ArchiveStep::kEnd);
    REQUIRE(l.members.size() == 2);
    for (const Member& m : l.members) CHECK(m.problem.find("encrypted") != std::string::npos);
  }
}

TEST_CASE("a member past the size limit is skipped, the archive goes on", "[archive]") {
  ArchiveLimits limits;
  limits.max_member_bytes = 100000;
  const std::string big = noise(150000, 2);
  for (ArchiveKind kind : {ArchiveKind::kZip, ArchiveKind::kTarXz, ArchiveKind::k7z}) {
    INFO(test::archive_extension(kind));
    const Listing l = list(build_archive(kind, {{"big.sgf", big}, {"a.sgf", kGame1}}), "t", limits);
    CHECK(l.last == ArchiveStep::kEnd);
    REQUIRE(l.members.size() == 2);
    // Declared in the header: refused before reading.
    CHECK(l.members[0].problem.find("larger than the limit of 97.7 KiB") != std::string::npos);
    CHECK(l.members[1].data == kGame1);
  }
  // A single compressed file declares no size: found while reading.
  const Listing l = list(build_archive(ArchiveKind::kGz, {{"x", big}}), "big.sgf.gz", limits);
  REQUIRE(l.members.size() == 1);
  CHECK(l.members[0].outcome == ReadOutcome::kTooLarge);
  CHECK(l.members[0].data.empty());
  CHECK(l.members[0].message.find("--max-member-size") != std::string::npos);
}

TEST_CASE("a member expanding more than 1000 times stops the archive", "[archive]") {
  const std::string zeros(std::size_t{16} << 20, '\0');
  for (ArchiveKind kind : {ArchiveKind::kTarGz, ArchiveKind::kTarBz2, ArchiveKind::kTarXz,
                           ArchiveKind::kTarZst, ArchiveKind::k7z}) {
    INFO(test::archive_extension(kind));
    // Enough real content before it that the whole archive may expand to
    // more than the bomb: only the member's own ratio stops it.
    const std::string bytes = build_archive(kind, {{"a.sgf", kGame1},
                                                   {"pad.bin", noise(40000, 3)},
                                                   {"bomb.sgf", zeros},
                                                   {"after.sgf", kGame2}});
    const Listing l = list(bytes);
    CHECK(l.last == ArchiveStep::kBroken);
    REQUIRE(l.members.size() == 3);
    CHECK(l.members[0].data == kGame1);
    CHECK(l.members[2].path == "bomb.sgf");
    CHECK(l.members[2].outcome == ReadOutcome::kBomb);
    CHECK(l.members[2].message.find("expands more than 1000 times") != std::string::npos);
    // Stopped soon after the floor, far from the 16 MiB.
    CHECK(l.members[2].data.size() < (std::size_t{4} << 20));
  }
  // Members each below the floor, in a solid stream: the archive as a whole
  // may not expand more than 1000 times its size either.
  std::vector<ArchiveItem> many;
  for (int i = 0; i < 40; ++i)
    many.push_back({"z" + std::to_string(i) + ".sgf", zeros.substr(0, 1000000)});
  const std::string xz = build_archive(ArchiveKind::kTarXz, many);
  const Listing l = list(xz);
  CHECK(l.last == ArchiveStep::kBroken);
  REQUIRE_FALSE(l.members.empty());
  CHECK(l.members.back().outcome == ReadOutcome::kBomb);
  CHECK(l.members.back().message.find("the archive expands to more than 1000 times its size") !=
        std::string::npos);
  CHECK(l.members.size() < 40);
}

TEST_CASE("a bomb in a bzip2 block read before the member began says what is known", "[archive]") {
  // The tar.bz2 is one block of a few hundred bytes, read whole while the
  // first member's header was: no compressed byte is read for the bomb.
  const std::string bytes = build_archive(
      ArchiveKind::kTarBz2, {{"a.sgf", kGame1}, {"bomb.sgf", std::string(16 << 20, '\0')}});
  const Listing l = list(bytes);
  REQUIRE(l.members.size() == 2);
  CHECK(l.members[1].outcome == ReadOutcome::kBomb);
  const std::string& m = l.members[1].message;
  INFO(m);
  CHECK(m.rfind("an archive bomb: the member expands more than 1000 times (1.", 0) == 0);
  CHECK(m.find("from 0 bytes") == std::string::npos);
  CHECK(m.find("all from compressed data read before the member began, within the archive's "
               "first ") != std::string::npos);
}

TEST_CASE("a compressed stream cut inside its first block is said to be truncated", "[archive]") {
  // One member of noise: a single bzip2 block, a single xz block, ...
  const std::string big = noise(200000, 11);
  for (ArchiveKind kind : {ArchiveKind::kTarBz2, ArchiveKind::kTarXz, ArchiveKind::kTarGz,
                           ArchiveKind::kTarZst, ArchiveKind::kGz}) {
    INFO(test::archive_extension(kind));
    const std::string bytes = build_archive(kind, {{"big.sgf", big}});
    const Listing l =
        list(bytes.substr(0, 20000), std::string("cut.") + test::archive_extension(kind));
    CHECK(l.last == ArchiveStep::kBroken);
    CHECK(l.members.empty());
    CHECK(l.error.rfind("the archive is truncated (", 0) == 0);
    CHECK(l.error.find("nothing could be read from it") != std::string::npos);
  }
}

TEST_CASE("a member that is a bomb past the size limit keeps no more than the limit", "[archive]") {
  // The read chunk that passes max_member_bytes also passes the bomb limits
  // (found by fuzz/archive_fuzzer.cpp, regression in
  // fuzz/regressions/archive/): the read stops as a bomb, and the bytes it
  // leaves are within the member limit all the same.
  ArchiveLimits limits;
  limits.max_member_bytes = 100000;
  limits.expansion_floor = 100000;
  limits.max_expansion = 2;
  // Not zeros: libarchive takes a gzip of zeros for an empty tar.
  const std::string same(std::size_t{1} << 20, 'x');
  const Listing l = list(build_archive(ArchiveKind::kGz, {{"x", same}}), "big.sgf.gz", limits);
  REQUIRE(l.members.size() == 1);
  CHECK(l.members[0].outcome == ReadOutcome::kBomb);
  CHECK(l.members[0].data.size() <= 100000);
}

TEST_CASE("the expansion budget is shared and bounded", "[archive]") {
  ArchiveLimits limits;
  ExpansionBudget b(10, limits);
  CHECK(b.allowed() == 10 * 1000 + kExpansionFloor);
  CHECK(b.spend(b.allowed()));
  CHECK_FALSE(b.spend(1));
  ExpansionBudget huge(std::int64_t{1} << 62, limits);
  CHECK(huge.allowed() > 0);
}

TEST_CASE("damage: a bad checksum spoils one member, truncation ends the archive", "[archive]") {
  // A zip member whose stored data is changed after writing: its CRC fails.
  std::string zip =
      build_archive(ArchiveKind::kZip, {{"a.sgf", kGame1}, {"b.sgf", kGame2}, {"c.sgf", kGame1}},
                    test::ArchiveOptions{"", "", "store"});
  const std::size_t at = zip.find("GM[1]");
  REQUIRE(at != std::string::npos);
  zip[at + 3] = '9';
  Listing l = list(zip);
  CHECK(l.last == ArchiveStep::kEnd);
  REQUIRE(l.members.size() == 3);
  CHECK(l.members[0].outcome == ReadOutcome::kComplete);
  CHECK(l.members[1].outcome == ReadOutcome::kDamaged);
  CHECK(l.members[1].message.find("damaged") != std::string::npos);
  CHECK(l.members[2].data == kGame1);

  // A tar.gz cut in the middle of its second member.
  std::vector<ArchiveItem> items = {
      {"a.sgf", kGame1}, {"b.bin", noise(200000, 4)}, {"c.sgf", kGame2}};
  const std::string tgz = build_archive(ArchiveKind::kTarGz, items);
  l = list(tgz.substr(0, tgz.size() / 2));
  CHECK(l.last == ArchiveStep::kBroken);
  REQUIRE(l.members.size() == 2);
  CHECK(l.members[0].data == kGame1);
  CHECK(l.members[1].outcome == ReadOutcome::kBroken);
  CHECK(l.members[1].message.find("cannot be read past this point") != std::string::npos);

  // A zip cut before its central directory is read entry by entry up to the cut.
  const std::string zip2 = build_archive(ArchiveKind::kZip, items);
  l = list(zip2.substr(0, zip2.size() / 2));
  CHECK(l.last == ArchiveStep::kBroken);
  REQUIRE_FALSE(l.members.empty());
  CHECK(l.members[0].data == kGame1);

  // Garbage with an archive's name and magic.
  l = list(std::string("PK\x03\x04", 4) + noise(1000, 5));
  CHECK(l.last == ArchiveStep::kBroken);
  CHECK(l.members.empty());
  CHECK_FALSE(l.error.empty());
  l = list(std::string("\x1F\x8B", 2) + noise(1000, 6), "x.sgf.gz");
  CHECK(l.last == ArchiveStep::kBroken);
  CHECK_FALSE(l.error.empty());
}

}  // namespace
TEST_CASE("ugz: told by its name and by an LHA header after two bytes", "[archive][ugz]") {
  CHECK(is_ugz_name("games/wa22-507.ugz"));
  CHECK(is_ugz_name("A.UGZ"));
  CHECK_FALSE(is_ugz_name("a.ugf"));
  CHECK_FALSE(is_ugz_name("ugz"));
  CHECK(has_archive_name("x/a.Ugz"));
  CHECK_FALSE(is_single_compressed_name("a.ugz"));

  CHECK(looks_like_archive(test::ugz_lh5()));
  CHECK(looks_like_archive(test::make_ugz_lh0("a.ugf", "x")));
  for (const char* method : {"-lh1-", "-lh7-", "-lhd-", "-lzs-", "-lz4-", "-lz5-"}) {
    CHECK(looks_like_archive(std::string("PP%D") + method));
  }
  // The method at offset 4, and only a real one.
  CHECK_FALSE(looks_like_archive("%D-lh5-xxxx"));
  CHECK_FALSE(looks_like_archive("PP%D-lh8-"));
  CHECK_FALSE(looks_like_archive("PP%D-lhx-"));
  CHECK_FALSE(looks_like_archive("PP%D-lh5"));
  CHECK_FALSE(looks_like_archive(test::kUgzMemberText));
}

TEST_CASE("ugz: the .ugf inside, compressed (-lh5-) and stored (-lh0-)", "[archive][ugz]") {
  const Listing lh5 = list(test::ugz_lh5(), "wa22-507.ugz");
  CHECK(lh5.last == ArchiveStep::kEnd);
  REQUIRE(lh5.members.size() == 1);
  CHECK(lh5.members[0].path == test::kUgzMemberName);
  CHECK(lh5.members[0].outcome == ReadOutcome::kComplete);
  CHECK(lh5.members[0].data == test::kUgzMemberText);
  // The member is a .ugf game.
  int games = 0;
  parse_game_file(
      lh5.members[0].data, [&](GameRecord&& g) { games += g.main_line_moves() == 6 ? 1 : 0; },
      [](Diagnostic&& d) { FAIL(d.message); });
  CHECK(games == 1);

  // Any two bytes before the header will do.
  const Listing lh0 =
      list(test::make_ugz_lh0("dir/b.ugf", "[Header]\r\nSize=9\r\n", "\x01\xFF"), "b.ugz");
  CHECK(lh0.last == ArchiveStep::kEnd);
  REQUIRE(lh0.members.size() == 1);
  CHECK(lh0.members[0].path == "dir/b.ugf");
  CHECK(lh0.members[0].data == "[Header]\r\nSize=9\r\n");
}

TEST_CASE("ugz: read from a file, past its two bytes", "[archive][ugz]") {
  const std::string path =
      std::filesystem::temp_directory_path() / "ludex-archive-reader-wa22-507.ugz";
  {
    std::ofstream out(path, std::ios::binary);
    out << test::ugz_lh5();
  }
  ExpansionBudget budget(300, ArchiveLimits{});
  ArchiveReader reader = ArchiveReader::open_file(path, "wa22-507.ugz", ArchiveLimits{}, budget);
  ArchiveEntry e;
  std::string data;
  REQUIRE(reader.next(e) == ArchiveStep::kEntry);
  CHECK(e.path == test::kUgzMemberName);
  CHECK(reader.read(data).outcome == ReadOutcome::kComplete);
  CHECK(data == test::kUgzMemberText);
  CHECK(reader.next(e) == ArchiveStep::kEnd);
  std::filesystem::remove(path);

  ExpansionBudget none(0, ArchiveLimits{});
  ArchiveReader missing =
      ArchiveReader::open_file("/nonexistent/x.ugz", "x.ugz", ArchiveLimits{}, none);
  CHECK(missing.next(e) == ArchiveStep::kBroken);
  CHECK(missing.error() == "cannot be read as an archive (cannot open the file)");
}

TEST_CASE("ugz: damage is reported, not read as a game", "[archive][ugz]") {
  // A changed data byte fails the member's CRC.
  std::string bad = test::make_ugz_lh0("c.ugf", "[Header]\r\nSize=9\r\n");
  bad[bad.size() - 3] = 'X';
  const Listing damaged = list(bad, "c.ugz");
  REQUIRE(damaged.members.size() == 1);
  CHECK(damaged.members[0].outcome == ReadOutcome::kDamaged);

  // Cut inside the compressed data.
  const std::string lh5 = test::ugz_lh5();
  const Listing cut = list(lh5.substr(0, lh5.size() / 2), "d.ugz");
  const bool reported = cut.last == ArchiveStep::kBroken ||
                        (!cut.members.empty() && cut.members[0].outcome != ReadOutcome::kComplete);
  CHECK(reported);

  // Not LHA at all behind the two bytes.
  const Listing none = list("PP(;GM[1]SZ[9])", "e.ugz");
  CHECK(none.last == ArchiveStep::kBroken);
  CHECK(none.members.empty());
}

}  // namespace ludex
