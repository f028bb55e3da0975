// Helpers for the robustness tests (docs/testing.md, "Kill, full disk,
// read-only and locked databases"): a ludex child process that can be
// killed, what a database looks like from outside (SQLite's integrity check,
// whether every stored game and file is whole), and a digest of everything
// a database holds, to tell two databases apart table by table.
//
// The checks read the database with plain SQL through SQLiteCpp, read-only,
// as any other program could: they must not trust the code under test.
#ifndef LUDEX_TESTS_E2E_ROBUST_ROBUST_SUPPORT_H_
#define LUDEX_TESTS_E2E_ROBUST_ROBUST_SUPPORT_H_

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {

// `ludex args...` running in the background, stdout and stderr to files.
class LudexProcess {
 public:
  // Starts it (REQUIREs that fork works); out_dir receives the output files.
  LudexProcess(const std::vector<std::string>& args, const std::filesystem::path& out_dir);
  // SIGKILLs and reaps it if it is still running.
  ~LudexProcess();
  LudexProcess(const LudexProcess&) = delete;
  LudexProcess& operator=(const LudexProcess&) = delete;

  // Sends SIGKILL and reaps the process. True if the kill ended it, false if
  // it had already exited on its own (its exit code is then exit_code()).
  bool kill_now();
  // Waits for it to end; its exit code, or 128 + the signal that ended it.
  int wait();
  int exit_code() const { return exit_code_; }
  std::string err() const;

 private:
  pid_t pid_ = -1;
  int exit_code_ = -1;
  std::filesystem::path out_path_;
  std::filesystem::path err_path_;
};

// run_ludex (tests/support/e2e_support.h), but as user and group "nobody"
// (65534) when the test runs as root, so that file permissions apply to it
// as they do to a user (root passes every permission check). out_dir must
// be writable by the test.
RunResult run_ludex_unprivileged(const std::vector<std::string>& args,
                                 const std::filesystem::path& out_dir);

// True if run_ludex_unprivileged can run ludex at all (as root: the binary
// and the folders above it are open to "nobody").
bool can_run_unprivileged(const std::filesystem::path& out_dir);

// What a database looks like after an import stopped anywhere.
struct DatabaseHealth {
  std::string integrity;  // PRAGMA integrity_check, rows joined: "ok" when sound
  std::int64_t files = 0;
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  // Games whose stored node count is not the number of their node rows
  // (a game stored in part), or whose nodes lie outside their range.
  std::int64_t partial_games = 0;
  // Files whose recorded game count is not the number of their games.
  std::int64_t miscounted_files = 0;
};

DatabaseHealth inspect_database(const std::string& db);

// Per table (and "schema" for the definitions of tables, indexes, views
// and triggers): its row count and a digest of its rows in primary key
// order. Leaves out SQLite's statistics (ANALYZE) and the full-text index's
// own tables, which follow from the comments table.
std::map<std::string, std::string> database_digest(const std::string& db);

// Sets the modification time of every file under dir to an hour ago. A file
// written less than 2 s before an import reads it has its time recorded as
// unknown (docs/schema.md, "Re-import: size and time first"), so two imports of a
// just-generated archive could record different times; a real archive's
// files are older.
void age_files(const std::string& dir);

// The tables whose digests differ ("" when none), for a failure message.
std::string digest_difference(const std::map<std::string, std::string>& a,
                              const std::map<std::string, std::string>& b);

// Removes a database and its -wal and -shm files.
void remove_database(const std::string& db);

}  // namespace ludex::test

#endif  // LUDEX_TESTS_E2E_ROBUST_ROBUST_SUPPORT_H_
