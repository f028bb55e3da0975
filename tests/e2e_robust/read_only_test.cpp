// Read-only and locked places (issue 14): a database in a read-only folder,
// a read-only database file, and a database locked by another program for
// longer than the busy timeout each make `ludex import` exit 1 with a
// message that says what is wrong, and leave every file as it was (bytes
// and modification time; no file added or removed).
//
// Root passes every permission check, so as root ludex runs here as user
// "nobody" (run_ludex_unprivileged); the lock is held by this test through
// SQLiteCpp, as another program would hold it.
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/Database.h>

#include <catch2/catch.hpp>
#include <chrono>

#include "tests/e2e_robust/robust_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

struct FileState {
  std::string bytes;
  std::int64_t mtime_ns = 0;
  friend bool operator==(const FileState&, const FileState&) = default;
};

// Every file in a folder (not below it), with its bytes and modification
// time; `skip` names files left out (the lock holder's -shm, which readers
// write to).
std::map<std::string, FileState> folder_state(const fs::path& dir, const std::string& skip = "") {
  std::map<std::string, FileState> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (name == skip) continue;
    struct stat st {};
    REQUIRE(stat(e.path().c_str(), &st) == 0);
    out[name] = FileState{
        read_bytes(e.path()),
        static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec};
  }
  return out;
}

// What differs between two folder states, for a failure message.
std::string state_difference(const std::map<std::string, FileState>& a,
                             const std::map<std::string, FileState>& b) {
  std::string out;
  for (const auto& [name, state] : a) {
    const auto it = b.find(name);
    if (it == b.end()) {
      out += name + " removed\n";
    } else if (it->second.bytes != state.bytes) {
      out += name + " rewritten\n";
    } else if (it->second.mtime_ns != state.mtime_ns) {
      out += name + " touched\n";
    }
  }
  for (const auto& [name, state] : b) {
    if (a.count(name) == 0) out += name + " added\n";
  }
  return out;
}

// Another program holding the database's write lock (BEGIN EXCLUSIVE)
// until the destructor: a child process, since POSIX locks are per process
// and this test reads the database file (which would drop a lock held in
// this process).
class LockHolder {
 public:
  explicit LockHolder(const std::string& db) {
    int ready[2];
    int release[2];
    REQUIRE(pipe(ready) == 0);
    REQUIRE(pipe(release) == 0);
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      close(ready[0]);
      close(release[1]);
      try {
        SQLite::Database other(db, SQLite::OPEN_READWRITE);
        other.exec("BEGIN EXCLUSIVE");
        const char byte = 1;
        if (write(ready[1], &byte, 1) != 1) _exit(1);
        char ignored = 0;
        while (read(release[0], &ignored, 1) > 0) {
        }
        other.exec("ROLLBACK");
      } catch (...) {
        _exit(1);
      }
      _exit(0);
    }
    close(ready[1]);
    close(release[0]);
    release_ = release[1];
    char byte = 0;
    locked_ = read(ready[0], &byte, 1) == 1;
    close(ready[0]);
  }
  ~LockHolder() { release(); }
  LockHolder(const LockHolder&) = delete;
  LockHolder& operator=(const LockHolder&) = delete;

  bool locked() const { return locked_; }
  // Ends the other program's transaction and waits for it to exit.
  void release() {
    if (pid_ <= 0) return;
    close(release_);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }

 private:
  pid_t pid_ = -1;
  int release_ = -1;
  bool locked_ = false;
};

std::string sample_dir() {
  return std::string(LUDEX_SOURCE_DIR) + "/sample";
}

}  // namespace

TEST_CASE("a database in a read-only folder is refused with a clear message, unchanged",
          "[robust][read-only]") {
  ScratchDir dir("read-only-folder");
  if (!can_run_unprivileged(dir.path())) {
    std::error_code ignored;
    fs::remove_all(dir.path(), ignored);
    skip_test("cannot run ludex as user nobody (binary not accessible)");
  }
  const fs::path folder = dir.path() / "ro";
  fs::create_directories(folder);
  const std::string db = (folder / "games.db").string();
  import_paths(db, {sample_dir() + "/go-19.sgf"});
  // The file itself may be written; its folder may not (SQLite must create
  // games.db-wal and games.db-shm there).
  fs::permissions(db, fs::perms::all & ~(fs::perms::owner_exec | fs::perms::group_exec |
                                         fs::perms::others_exec));
  fs::permissions(folder, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                              fs::perms::group_exec | fs::perms::others_read |
                              fs::perms::others_exec);
  const auto before = folder_state(folder);

  const RunResult import = run_ludex_unprivileged({"import", "--db", db, sample_dir()}, dir.path());
  INFO(import.err);
  CHECK(import.exit_code == 1);
  CHECK(import.out.empty());
  CHECK(import.err.find(db) != std::string::npos);
  CHECK(import.err.find("folder " + folder.string() + " is read-only") != std::string::npos);

  const RunResult create = run_ludex_unprivileged(
      {"import", "--db", (folder / "new.db").string(), sample_dir()}, dir.path());
  INFO(create.err);
  CHECK(create.exit_code == 1);
  CHECK(create.err.find("cannot create database") != std::string::npos);
  CHECK(create.err.find("is read-only") != std::string::npos);

  // Reading needs the same files: refused as clearly.
  const RunResult query = run_ludex_unprivileged({"query", "--db", db}, dir.path());
  INFO(query.err);
  CHECK(query.exit_code == 1);
  CHECK(query.err.find("is read-only") != std::string::npos);

  CHECK(state_difference(before, folder_state(folder)) == "");
}

TEST_CASE("a read-only database file is refused with a clear message, unchanged",
          "[robust][read-only]") {
  ScratchDir dir("read-only-file");
  if (!can_run_unprivileged(dir.path())) {
    std::error_code ignored;
    fs::remove_all(dir.path(), ignored);
    skip_test("cannot run ludex as user nobody (binary not accessible)");
  }
  const fs::path folder = dir.path() / "rw";
  fs::create_directories(folder);
  const std::string db = (folder / "games.db").string();
  import_paths(db, {sample_dir() + "/go-19.sgf"});
  fs::permissions(db, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  fs::permissions(folder, fs::perms::all);  // anyone may create files beside it
  const auto before = folder_state(folder);

  const RunResult import = run_ludex_unprivileged({"import", "--db", db, sample_dir()}, dir.path());
  INFO(import.err);
  CHECK(import.exit_code == 1);
  CHECK(import.out.empty());
  CHECK(import.err.find("cannot write to database " + db + ": the file is read-only") !=
        std::string::npos);
  // Not even the -wal and -shm files SQLite makes when it reads.
  CHECK(state_difference(before, folder_state(folder)) == "");
}

TEST_CASE("a database locked by another program past the busy timeout is left unchanged",
          "[robust][locked]") {
  ScratchDir dir("locked");
  const std::string db = dir / "games.db";
  import_paths(db, {sample_dir() + "/go-19.sgf"});
  {
    // Another program's write transaction, held until after ludex gave up.
    LockHolder other(db);
    REQUIRE(other.locked());
    const auto before = folder_state(dir.path(), "games.db-shm");
    const auto start = std::chrono::steady_clock::now();
    const RunResult import = run_ludex({"import", "--db", db, sample_dir()});
    const double waited =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(import.err);
    CHECK(import.exit_code == 1);
    CHECK(import.out.empty());
    CHECK(import.err.find(db + " is locked by another program") != std::string::npos);
    CHECK(import.err.find("This import stored nothing") != std::string::npos);
    CHECK(waited >= 9.5);  // the busy timeout, 10 s
    CHECK(state_difference(before, folder_state(dir.path(), "games.db-shm")) == "");
    // Readers are not blocked (WAL): a query still answers.
    CHECK(run_ludex({"query", "--db", db, "--json"}).exit_code == 0);
  }
  // Once the other program is done, the same import works.
  const RunResult again = run_ludex({"import", "--db", db, "--quiet", sample_dir()});
  INFO(again.err);
  CHECK(again.exit_code == 0);
  CHECK(info_json(db)["files"] == 7);
}

}  // namespace ludex::test
