#include "tests/support/e2e_support.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>

namespace ludex::test {
namespace fs = std::filesystem;

pid_t spawn_ludex(const std::vector<std::string>& args, const fs::path& out, const fs::path& err,
                  bool (*child_setup)()) {
  std::vector<std::string> storage;
  storage.push_back(LUDEX_BINARY);
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    const int out_fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err_fd = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int in = open("/dev/null", O_RDONLY);
    if (out_fd < 0 || err_fd < 0 || in < 0) _exit(127);
    dup2(in, 0);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    if (child_setup != nullptr && !child_setup()) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  return pid;
}

int exit_code_of(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void skip_test(const std::string& why) {
  std::cerr << "SKIPPED: " << why << std::endl;
  std::fflush(nullptr);
  // _Exit, not exit: the test case is still on the stack, and Catch's
  // statics must not be torn down under it.
  std::_Exit(77);
}

RunResult finish_ludex(pid_t pid, const fs::path& out, const fs::path& err) {
  int status = 0;
  waitpid(pid, &status, 0);
  RunResult r;
  r.exit_code = exit_code_of(status);
  r.out = read_bytes(out);
  r.err = read_bytes(err);
  std::error_code ec;
  fs::remove(out, ec);
  fs::remove(err, ec);
  return r;
}

RunResult run_ludex(const std::vector<std::string>& args) {
  static int counter = 0;
  const fs::path dir = fs::temp_directory_path();
  const std::string tag = std::to_string(getpid()) + "-" + std::to_string(counter++);
  const fs::path out = dir / ("ludex-e2e-out-" + tag);
  const fs::path err = dir / ("ludex-e2e-err-" + tag);
  return finish_ludex(spawn_ludex(args, out, err), out, err);
}

ScratchDir::ScratchDir(const std::string& name) {
  path_ = fs::temp_directory_path() / ("ludex-test-" + name + "-" + std::to_string(getpid()) + "-" +
                                       std::to_string(std::random_device{}()));
  fs::remove_all(path_);
  fs::create_directories(path_);
}

ScratchDir::~ScratchDir() {
  std::error_code ec;
  // Make everything removable again (a test may have made a file unreadable).
  for (auto it = fs::recursive_directory_iterator(path_, ec); !ec && it != fs::end(it);
       it.increment(ec)) {
    fs::permissions(it->path(), fs::perms::owner_all, fs::perm_options::add, ec);
  }
  fs::remove_all(path_, ec);
}

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_bytes(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

fs::path corpus_dir() {
  return fs::path(LUDEX_SHARED_DIR) / "corpus";
}

std::string corpus_path(std::string_view relative) {
  return (corpus_dir() / relative).string();
}

RunResult run_ludex_ok(const std::vector<std::string>& args) {
  RunResult r = run_ludex(args);
  INFO("ludex " << (args.empty() ? std::string() : args.front()) << " stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return r;
}

void import_paths(const std::string& db, const std::vector<std::string>& paths) {
  std::vector<std::string> args = {"import", "--db", db, "--quiet"};
  args.insert(args.end(), paths.begin(), paths.end());
  run_ludex_ok(args);
}

std::vector<nlohmann::json> query_json(const std::string& db,
                                       const std::vector<std::string>& filters) {
  std::vector<std::string> args = {"query", "--db", db, "--json"};
  args.insert(args.end(), filters.begin(), filters.end());
  return json_lines(run_ludex_ok(args).out);
}

nlohmann::json info_json(const std::string& db) {
  const RunResult r = run_ludex({"info", "--db", db, "--json"});
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  return nlohmann::json::parse(r.out);
}

std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
  }
  return lines;
}

std::map<std::string, std::pair<std::int64_t, std::int64_t>> games_by_file(const std::string& db) {
  std::map<std::string, std::pair<std::int64_t, std::int64_t>> out;
  for (const nlohmann::json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
    out[fs::path(g.at("file").get<std::string>()).filename().string()] = {
        g.at("game_id"), g.value("duplicate_of", std::int64_t{0})};
  }
  return out;
}

}  // namespace ludex::test
