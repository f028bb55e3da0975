// PandaNet's .ugz (importers/archive/archive_reader.h): an LHA archive behind
// two bytes, read as the .ugf inside it, from memory and from a file.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "importers/archive/archive_reader.h"
#include "importers/game_file.h"
#include "tests/support/ugz_fixture.h"

namespace ludex {
namespace {

using test::kUgzMemberName;
using test::kUgzMemberText;
using test::make_ugz_lh0;
using test::ugz_lh5;

struct Member {
  std::string path;
  std::string data;
  ReadOutcome outcome = ReadOutcome::kComplete;
  std::string message;
};

struct Listing {
  std::vector<Member> members;
  ArchiveStep last = ArchiveStep::kEnd;
  std::string error;
};

Listing read_all(ArchiveReader& reader) {
  Listing out;
  ArchiveEntry e;
  while ((out.last = reader.next(e)) == ArchiveStep::kEntry) {
    Member m;
    m.path = e.path;
    REQUIRE(e.problem.empty());
    const MemberRead r = reader.read(m.data);
    m.outcome = r.outcome;
    m.message = r.message;
    out.members.push_back(std::move(m));
  }
  out.error = reader.error();
  return out;
}

Listing list(const std::string& bytes, std::string_view name) {
  const ArchiveLimits limits;
  ExpansionBudget budget(static_cast<std::int64_t>(bytes.size()), limits);
  ArchiveReader reader = ArchiveReader::open_memory(bytes, name, limits, budget);
  return read_all(reader);
}

}  // namespace

TEST_CASE("ugz: told by its name and by an LHA header after two bytes", "[archive][ugz]") {
  CHECK(is_ugz_name("games/wa22-507.ugz"));
  CHECK(is_ugz_name("A.UGZ"));
  CHECK_FALSE(is_ugz_name("a.ugf"));
  CHECK_FALSE(is_ugz_name("ugz"));
  CHECK(has_archive_name("x/a.Ugz"));
  CHECK_FALSE(is_single_compressed_name("a.ugz"));

  CHECK(looks_like_archive(ugz_lh5()));
  CHECK(looks_like_archive(make_ugz_lh0("a.ugf", "x")));
  for (const char* method : {"-lh1-", "-lh7-", "-lhd-", "-lzs-", "-lz4-", "-lz5-"}) {
    CHECK(looks_like_archive(std::string("PP%D") + method));
  }
  // The method at offset 4, and only a real one.
  CHECK_FALSE(looks_like_archive("%D-lh5-xxxx"));
  CHECK_FALSE(looks_like_archive("PP%D-lh8-"));
  CHECK_FALSE(looks_like_archive("PP%D-lhx-"));
  CHECK_FALSE(looks_like_archive("PP%D-lh5"));
  CHECK_FALSE(looks_like_archive(kUgzMemberText));
}

TEST_CASE("ugz: the .ugf inside, compressed (-lh5-) and stored (-lh0-)", "[archive][ugz]") {
  const Listing lh5 = list(ugz_lh5(), "wa22-507.ugz");
  CHECK(lh5.last == ArchiveStep::kEnd);
  REQUIRE(lh5.members.size() == 1);
  CHECK(lh5.members[0].path == kUgzMemberName);
  CHECK(lh5.members[0].outcome == ReadOutcome::kComplete);
  CHECK(lh5.members[0].data == kUgzMemberText);
  // The member is a .ugf game.
  int games = 0;
  parse_game_file(
      lh5.members[0].data, [&](GameRecord&& g) { games += g.main_line_moves() == 6 ? 1 : 0; },
      [](Diagnostic&& d) { FAIL(d.message); });
  CHECK(games == 1);

  // Any two bytes before the header will do.
  const Listing lh0 =
      list(make_ugz_lh0("dir/b.ugf", "[Header]\r\nSize=9\r\n", "\x01\xFF"), "b.ugz");
  CHECK(lh0.last == ArchiveStep::kEnd);
  REQUIRE(lh0.members.size() == 1);
  CHECK(lh0.members[0].path == "dir/b.ugf");
  CHECK(lh0.members[0].data == "[Header]\r\nSize=9\r\n");
}

TEST_CASE("ugz: read from a file, past its two bytes", "[archive][ugz]") {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "ludex-ugz-test-wa22-507.ugz";
  {
    std::ofstream out(path, std::ios::binary);
    const std::string bytes = ugz_lh5();
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  const ArchiveLimits limits;
  ExpansionBudget budget(300, limits);
  ArchiveReader reader = ArchiveReader::open_file(path.string(), "wa22-507.ugz", limits, budget);
  const Listing listing = read_all(reader);
  std::filesystem::remove(path);
  CHECK(listing.last == ArchiveStep::kEnd);
  REQUIRE(listing.members.size() == 1);
  CHECK(listing.members[0].data == kUgzMemberText);

  ExpansionBudget missing_budget(0, limits);
  ArchiveReader missing =
      ArchiveReader::open_file((path.string() + ".none"), "none.ugz", limits, missing_budget);
  ArchiveEntry e;
  CHECK(missing.next(e) == ArchiveStep::kBroken);
  CHECK(missing.error() == "cannot be read as an archive (cannot open the file)");
}

TEST_CASE("ugz: damage is reported, not read as a game", "[archive][ugz]") {
  // A changed data byte fails the member's CRC.
  std::string bad = make_ugz_lh0("c.ugf", "[Header]\r\nSize=9\r\n");
  bad[bad.size() - 3] = 'X';
  const Listing damaged = list(bad, "c.ugz");
  REQUIRE(damaged.members.size() == 1);
  CHECK(damaged.members[0].outcome == ReadOutcome::kDamaged);

  // Cut inside the compressed data.
  const std::string lh5 = ugz_lh5();
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
