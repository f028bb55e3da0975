// `ludex import` on a full disk (issue 14): the database lies on a small
// tmpfs that a filler file has nearly filled. The import stops with exit 1
// and a message that says how many files and games it stored, that they are
// whole, and that running the same import again after freeing space
// continues where it stopped; the database is sound. After the filler is
// removed, the same import ends with exactly the database of one
// uninterrupted import.
//
// Mounting a tmpfs needs root (CAP_SYS_ADMIN), as CI has; elsewhere the test
// says that it cannot mount and passes without checking anything
// (docs/testing.md).
#include <sys/mount.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <regex>

#include <catch2/catch.hpp>

#include "bench/archive_generator.h"
#include "tests/e2e_robust/robust_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// A tmpfs of a given size at a folder, unmounted by the destructor.
class SmallDisk {
 public:
  SmallDisk(const fs::path& where, std::int64_t bytes) : where_(where) {
    fs::create_directories(where);
    const std::string options = "size=" + std::to_string(bytes) + ",mode=0755";
    if (mount("ludex-test", where.c_str(), "tmpfs", 0, options.c_str()) == 0) {
      mounted_ = true;
    } else {
      error_ = std::strerror(errno);
    }
  }
  ~SmallDisk() {
    if (mounted_) umount2(where_.c_str(), MNT_DETACH);
  }
  SmallDisk(const SmallDisk&) = delete;
  SmallDisk& operator=(const SmallDisk&) = delete;
  bool mounted() const { return mounted_; }
  const std::string& error() const { return error_; }

 private:
  fs::path where_;
  bool mounted_ = false;
  std::string error_;
};

// Writes `bytes` bytes to path (stops early, without failing, when the
// disk is full).
void fill(const fs::path& path, std::int64_t bytes) {
  std::ofstream out(path, std::ios::binary);
  const std::string block(1 << 16, 'x');
  for (std::int64_t left = bytes; left > 0 && out;
       left -= static_cast<std::int64_t>(block.size())) {
    out.write(block.data(),
              static_cast<std::streamsize>(std::min<std::int64_t>(left, block.size())));
  }
}

// The first number written before `what` in text ("... 12 files ..."), -1 if none.
std::int64_t number_before(const std::string& text, const std::string& what) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex("([0-9][0-9,]*) " + what))) return -1;
  std::string digits = m[1].str();
  digits.erase(std::remove(digits.begin(), digits.end(), ','), digits.end());
  return std::stoll(digits);
}

}  // namespace

TEST_CASE("an import that fills the disk stops with whole games and continues after",
          "[robust][disk]") {
  ScratchDir dir("full-disk");
  GeneratorOptions options;
  options.games = 2000;
  options.seed = 15;
  options.jobs = 1;
  const std::string archive = (dir.path() / "archive").string();
  generate_archive(archive, options);
  age_files(archive);
  const std::string clean = dir / "clean.db";
  import_paths(clean, {archive});
  const auto clean_digest = database_digest(clean);
  const nlohmann::json clean_info = info_json(clean);
  const auto clean_bytes = static_cast<std::int64_t>(fs::file_size(clean));

  // Room for twice the finished database; the filler leaves three quarters
  // of it: the import fills the disk after some of its transactions.
  const std::int64_t disk_bytes = 2 * clean_bytes + (4 << 20);
  SmallDisk disk(dir.path() / "disk", disk_bytes);
  if (!disk.mounted()) {
    const std::string why =
        "cannot mount a tmpfs (" + disk.error() + "): the full-disk test needs root";
    std::error_code ignored;
    fs::remove_all(dir.path(), ignored);
    skip_test(why);
  }
  const fs::path filler = dir.path() / "disk" / "filler";
  fill(filler, disk_bytes - clean_bytes * 3 / 4);
  const std::string db = (dir.path() / "disk" / "games.db").string();

  const RunResult full = run_ludex({"import", "--db", db, "--quiet", archive});
  INFO(full.err);
  REQUIRE(full.exit_code == 1);
  CHECK(full.err.find("disk is full") != std::string::npos);
  CHECK(full.err.find("whole") != std::string::npos);
  CHECK(full.err.find("run the same import again") != std::string::npos);
  CHECK(full.out.empty());

  const DatabaseHealth h = inspect_database(db);
  CHECK(h.integrity == "ok");
  CHECK(h.partial_games == 0);
  CHECK(h.miscounted_files == 0);
  CHECK(h.games > 0);
  CHECK(h.games < 2000);
  // The message's figures are what the database holds (it was empty).
  CHECK(number_before(full.err, "files") == h.files);
  CHECK(number_before(full.err, "games") == h.games);
  CHECK(run_ludex({"query", "--db", db, "--json", "--limit", "3"}).exit_code == 0);

  fs::remove(filler);
  const RunResult again = run_ludex({"import", "--db", db, "--quiet", archive});
  INFO(again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(digest_difference(clean_digest, database_digest(db)) == "");
  CHECK(info_json(db) == clean_info);
}

}  // namespace ludex::test
