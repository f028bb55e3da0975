// libFuzzer target for the archive reader (importers/archive/), fed what an
// archive given to `ludex import` can hold: zip, tar, 7z, the compressed
// single files and PandaNet's .ugz (LHA), with archives inside archives. It walks an archive the
// way the import's pipeline does (indexer/parse_pipeline.cpp, read_members): every entry, every
// member's data, nested archives down to the depth limit, under one expansion budget.
//
// Properties checked (any failure aborts, see fuzz_check.h):
//  * nothing throws (untrusted input never does, archive_reader.h);
//  * a member offered for reading has a canonical relative path: not empty,
//    not absolute, no "", "." or ".." component, no '\\' taken as a path;
//  * a member read in full is no larger than the member limit;
//  * an error (kBroken, kSkippedDamage) and every outcome but kComplete come
//    with a message.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "importers/archive/archive_reader.h"

namespace {

using ludex::fuzz::check;

// Small, so that an input cannot make the fuzzer hold much memory; the
// rules are the same at any size.
constexpr std::int64_t kMemberLimit = std::int64_t{1} << 20;

void check_member_path(const std::string& path) {
  check(!path.empty(), "archive: an empty member path offered for reading");
  check(path.front() != '/', "archive: an absolute member path offered for reading: " + path);
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = path.find('/', start);
    const std::string_view part = std::string_view(path).substr(
        start, slash == std::string::npos ? std::string::npos : slash - start);
    check(!part.empty() && part != "." && part != "..",
          "archive: a member path that is not canonical: " + path);
    if (slash == std::string::npos) break;
    start = slash + 1;
  }
}

void read_archive(ludex::ArchiveReader& reader, const ludex::ArchiveLimits& limits, int depth,
                  ludex::ExpansionBudget& budget) {
  ludex::ArchiveEntry entry;
  for (;;) {
    const ludex::ArchiveStep step = reader.next(entry);
    if (step == ludex::ArchiveStep::kEnd) return;
    if (step == ludex::ArchiveStep::kBroken) {
      check(!reader.error().empty(), "archive: kBroken without a reason");
      return;
    }
    if (step == ludex::ArchiveStep::kSkippedDamage) {
      check(!reader.error().empty(), "archive: kSkippedDamage without a reason");
      continue;
    }
    if (entry.type != ludex::EntryType::kFile || !entry.problem.empty()) {
      check(entry.type == ludex::EntryType::kDirectory || !entry.problem.empty(),
            "archive: a link or device without a problem");
      continue;
    }
    check_member_path(entry.path);
    std::string bytes;
    const ludex::MemberRead read = reader.read(bytes);
    if (read.outcome != ludex::ReadOutcome::kComplete) {
      check(!read.message.empty(), "archive: a failed member read without a message");
    }
    check(static_cast<std::int64_t>(bytes.size()) <= limits.max_member_bytes,
          "archive: a member read past the member limit");
    if (read.outcome == ludex::ReadOutcome::kBomb || read.outcome == ludex::ReadOutcome::kBroken) {
      return;
    }
    if (read.outcome != ludex::ReadOutcome::kComplete) continue;
    const bool nested = ludex::has_archive_name(entry.path) &&
                        ludex::looks_like_archive(std::string_view(bytes).substr(0, 512));
    if (!nested || depth >= limits.max_depth) continue;
    ludex::ArchiveReader inner =
        ludex::ArchiveReader::open_memory(bytes, entry.path, limits, budget);
    read_archive(inner, limits, depth + 1, budget);
    if (budget.used() > budget.allowed()) return;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)ludex::looks_like_archive(bytes.substr(0, 512));
  ludex::ArchiveLimits limits;
  limits.max_member_bytes = kMemberLimit;
  ludex::ExpansionBudget budget(static_cast<std::int64_t>(size), limits);
  // The name matters for a single compressed file (its member's name) and
  // for a .ugz (read as LHA after two bytes): an input with an LHA method at
  // offset 4 is a .ugz.
  const bool ugz = bytes.size() >= 9 && bytes.substr(4, 2) == "-l";
  ludex::ArchiveReader reader =
      ludex::ArchiveReader::open_memory(bytes, ugz ? "input.ugz" : "input.sgf.gz", limits, budget);
  read_archive(reader, limits, 1, budget);
  return 0;
}
