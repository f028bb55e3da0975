// The parse pipeline with archives (indexer/parse_pipeline.h): records in
// input order whatever the workers and budget, an archive skipped without
// being decompressed, nesting.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "indexer/parse_pipeline.h"
#include "tests/support/archive_builder.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;
using test::ArchiveItem;
using test::ArchiveKind;
using test::build_archive;

class TempFiles {
 public:
  TempFiles() {
    dir_ = fs::temp_directory_path() /
           ("ludex-archive-pipeline-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_);
  }
  ~TempFiles() {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  std::string write(const std::string& name, const std::string& bytes) {
    const fs::path p = dir_ / name;
    std::ofstream(p, std::ios::binary) << bytes;
    return p.string();
  }

 private:
  fs::path dir_;
};

std::string game(int i) {
  return "(;FF[4]GM[11]SZ[9]PB[p" + std::to_string(i) + "];B[a1];W[b2])\n";
}

// "kind path games" per record (first parts only, later parts add games).
std::vector<std::string> run(const std::vector<std::string>& files, const PipelineOptions& options,
                             const ShouldRead& should_read_archive = {}) {
  std::vector<std::string> out;
  PipelineCallbacks callbacks;
  callbacks.should_parse = [](const std::string&, std::int64_t, const std::string&) {
    return true;
  };
  callbacks.should_read_archive = should_read_archive;
  callbacks.consume = [&](FileResult&& r) {
    static const char* kKinds[] = {"file", "member", "archive", "end"};
    if (r.part > 0) {
      out.back() += "+" + std::to_string(r.games.size());
      return;
    }
    std::string line =
        std::string(kKinds[static_cast<int>(r.kind)]) + " " + fs::path(r.path).filename().string();
    if (r.kind == SourceKind::kMember) line = "member " + r.path.substr(r.path.find("//"));
    if (r.kind == SourceKind::kFile || r.kind == SourceKind::kMember) {
      line += " " + std::to_string(r.games.size());
    }
    if (r.skipped) line += " skipped";
    if (r.kind == SourceKind::kArchiveEnd) line += r.complete ? " complete" : " incomplete";
    if (!r.read_error.empty()) line += " error";
    out.push_back(line);
  };
  run_parse_pipeline(files, options, callbacks);
  return out;
}

TEST_CASE("archive members come in input order, whatever the workers and budget", "[indexer]") {
  TempFiles t;
  std::vector<ArchiveItem> items;
  std::vector<std::string> expected_members;
  for (int i = 0; i < 60; ++i) {
    std::string bytes;
    for (int g = 0; g <= i % 7; ++g) bytes += game(i * 10 + g);
    items.push_back({"m" + std::to_string(100 + i) + ".sgf", bytes});
    expected_members.push_back("member //m" + std::to_string(100 + i) + ".sgf " +
                               std::to_string(i % 7 + 1));
    if (i % 10 == 3) {
      // Members refused without reading are records between the others.
      const std::string link = "l" + std::to_string(100 + i) + ".sgf";
      items.push_back({link, "", ArchiveItem::Type::kSymlink, "elsewhere.sgf"});
      expected_members.push_back("member //" + link + " 0 error");
    }
  }
  const std::vector<std::string> files = {
      t.write("a.sgf", game(1)), t.write("b.zip", build_archive(ArchiveKind::kZip, items)),
      t.write("c.sgf", game(2)), t.write("d.tar.gz", build_archive(ArchiveKind::kTarGz, items)),
      t.write("e.sgf", game(3))};
  std::vector<std::string> expected = {"file a.sgf 1", "archive b.zip"};
  expected.insert(expected.end(), expected_members.begin(), expected_members.end());
  expected.insert(expected.end(), {"end b.zip complete", "file c.sgf 1", "archive d.tar.gz"});
  expected.insert(expected.end(), expected_members.begin(), expected_members.end());
  expected.insert(expected.end(), {"end d.tar.gz complete", "file e.sgf 1"});
  for (int jobs : {1, 2, 4}) {
    for (std::int64_t budget : {std::int64_t{1}, std::int64_t{2000}, std::int64_t{0}}) {
      INFO("jobs " << jobs << " budget " << budget);
      PipelineOptions options;
      options.jobs = jobs;
      options.budget_bytes = budget;
      options.window = 2;
      options.part_bytes = 500;  // several parts per member
      std::vector<std::string> got = run(files, options);
      // Parts after the first are counted onto it.
      for (std::string& line : got) {
        const std::size_t plus = line.find('+');
        if (plus == std::string::npos) continue;
        int total = 0;
        std::size_t space = line.rfind(' ', plus);
        total = std::stoi(line.substr(space + 1, plus - space - 1));
        for (std::size_t p = plus; p != std::string::npos; p = line.find('+', p + 1)) {
          total += std::stoi(line.substr(p + 1));
        }
        line = line.substr(0, space + 1) + std::to_string(total);
      }
      CHECK(got == expected);
    }
  }
}

TEST_CASE("an archive that should not be read is not decompressed", "[indexer]") {
  TempFiles t;
  // A gzip header and then garbage: decompressing it would fail.
  const std::string broken =
      t.write("x.sgf.gz", std::string("\x1F\x8B\x08\x00", 4) + std::string(5000, '\x55'));
  PipelineOptions options;
  options.jobs = 2;
  std::string seen_hash;
  const auto skip = [&](const std::string&, std::int64_t size, const std::string& hash) {
    CHECK(size == 5004);
    seen_hash = hash;
    return false;
  };
  CHECK(run({broken}, options, skip) == std::vector<std::string>{"archive x.sgf.gz skipped"});
  CHECK(seen_hash.size() == 32);
  // Read, it is an error of the archive as a whole.
  const std::vector<std::string> read = run({broken}, options);
  CHECK(read == std::vector<std::string>{"archive x.sgf.gz", "end x.sgf.gz incomplete"});
}

TEST_CASE("archives inside archives come between their own records", "[indexer]") {
  TempFiles t;
  const std::string inner = build_archive(ArchiveKind::kTarXz, {{"i.sgf", game(1)}});
  const std::string outer = t.write(
      "o.zip", build_archive(ArchiveKind::kZip,
                             {{"a.sgf", game(2)}, {"in/inner.tar.xz", inner}, {"z.sgf", game(3)}}));
  PipelineOptions options;
  options.jobs = 2;
  CHECK(run({outer}, options) ==
        std::vector<std::string>{"archive o.zip", "member //a.sgf 1", "archive inner.tar.xz",
                                 "member //in/inner.tar.xz//i.sgf 1", "end inner.tar.xz complete",
                                 "member //z.sgf 1", "end o.zip complete"});
  // Skipped when unchanged, like the outer one.
  const auto skip_inner = [](const std::string& path, std::int64_t, const std::string&) {
    return path.find("inner") == std::string::npos;
  };
  CHECK(run({outer}, options, skip_inner) ==
        std::vector<std::string>{"archive o.zip", "member //a.sgf 1",
                                 "archive inner.tar.xz skipped", "member //z.sgf 1",
                                 "end o.zip complete"});
  // With archives off, an archive is one file that is no game.
  options.archives = false;
  CHECK(run({outer}, options) == std::vector<std::string>{"file o.zip 0"});
}

}  // namespace
}  // namespace ludex
