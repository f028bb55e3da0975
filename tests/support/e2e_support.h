// Helpers for every test group: run the real ludex binary, make scratch
// directories, read files, skip a test that cannot run here.
#ifndef LUDEX_TESTS_SUPPORT_E2E_SUPPORT_H_
#define LUDEX_TESTS_SUPPORT_E2E_SUPPORT_H_

#include <sys/types.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/test_files.h"

namespace ludex::test {

struct RunResult {
  int exit_code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

// Runs the ludex binary with args (no shell: arguments are passed as they are).
RunResult run_ludex(const std::vector<std::string>& args);

// Starts the ludex binary with args (no shell), stdin from /dev/null, stdout
// and stderr into the files out and err (created by the child, so that they
// belong to the test's user). child_setup, when given, runs in the child
// after that and before exec; false makes the child exit 126. Returns the
// child's pid (the test stops if fork fails); the caller waits for it.
pid_t spawn_ludex(const std::vector<std::string>& args, const std::filesystem::path& out,
                  const std::filesystem::path& err, bool (*child_setup)() = nullptr);

// Waits for a spawn_ludex child and returns its exit code (128 + signal
// when a signal ended it) and the two files, which it removes.
RunResult finish_ludex(pid_t pid, const std::filesystem::path& out,
                       const std::filesystem::path& err);

// The exit code of a waitpid status: the code, or 128 + the signal.
int exit_code_of(int status);

// Ends the running test as skipped, for a test that cannot run on this
// machine (no root, no corpus): prints "SKIPPED: why" on stderr and exits
// the process with 77, which CTest reports as a skip (SKIP_RETURN_CODE in
// tests/CMakeLists.txt), never as a pass. Nothing is cleaned up: call it
// before the test makes anything.
[[noreturn]] void skip_test(const std::string& why);

// A fresh empty directory under the system temp dir, removed by the destructor.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string operator/(const std::string& leaf) const { return (path_ / leaf).string(); }

 private:
  std::filesystem::path path_;
};

// run_ludex, and the test stops (REQUIRE) unless ludex exits 0; its stderr
// is in the failure message.
RunResult run_ludex_ok(const std::vector<std::string>& args);

// `ludex import --db db --quiet paths...`, required to succeed.
void import_paths(const std::string& db, const std::vector<std::string>& paths);

// `ludex query --db db --json filters...`, required to succeed, parsed.
std::vector<nlohmann::json> query_json(const std::string& db,
                                       const std::vector<std::string>& filters);

// `ludex info --db db --json`, parsed. Fails the test if ludex fails.
nlohmann::json info_json(const std::string& db);

// Each line of JSON Lines output, parsed.
std::vector<nlohmann::json> json_lines(const std::string& out);

// Every game of `ludex query --db db --json`, by its file's name: its id and
// the id of the game it duplicates (0 when none).
std::map<std::string, std::pair<std::int64_t, std::int64_t>> games_by_file(const std::string& db);

}  // namespace ludex::test

#endif  // LUDEX_TESTS_SUPPORT_E2E_SUPPORT_H_
