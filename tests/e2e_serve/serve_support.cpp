#include "tests/e2e_serve/serve_support.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <thread>

#include "bench/archive_generator.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {

ServeProcess::ServeProcess(const std::string& db, const std::vector<std::string>& extra) {
  static int counter = 0;
  err_path_ = (std::filesystem::temp_directory_path() /
               ("ludex-serve-err-" + std::to_string(getpid()) + "-" + std::to_string(counter++)))
                  .string();
  int pipe_fds[2];
  REQUIRE(pipe(pipe_fds) == 0);
  std::vector<std::string> args = {LUDEX_BINARY, "serve", "--db", db, "--port", "0"};
  args.insert(args.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_ = fork();
  REQUIRE(pid_ >= 0);
  if (pid_ == 0) {
    const int err = open(err_path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int in = open("/dev/null", O_RDONLY);
    if (err < 0 || in < 0) _exit(127);
    dup2(in, 0);
    dup2(pipe_fds[1], 1);
    dup2(err, 2);
    close(pipe_fds[0]);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  // The first line: "ludex serve: http://127.0.0.1:PORT/ (...)".
  std::string line;
  char c = 0;
  while (read(pipe_fds[0], &c, 1) == 1 && c != '\n') line.push_back(c);
  close(pipe_fds[0]);
  INFO("serve said: " << line << " / " << read_bytes(err_path_));
  const std::size_t colon = line.find(':', line.find("http://") + 7);
  REQUIRE(colon != std::string::npos);
  port_ = std::stoi(line.substr(colon + 1));
  REQUIRE(port_ > 0);
}

ServeProcess::~ServeProcess() {
  if (pid_ > 0) stop();
  std::error_code ec;
  std::filesystem::remove(err_path_, ec);
}

std::pair<int, std::string> ServeProcess::stop() {
  if (pid_ <= 0) return {-1, ""};
  kill(pid_, SIGTERM);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return {code, read_bytes(err_path_)};
}

HttpResult ServeProcess::get(const std::string& path) const {
  httplib::Client client(host_, port_);
  client.set_read_timeout(60);
  HttpResult out;
  if (auto res = client.Get(path.c_str())) {
    out.status = res->status;
    out.body = res->body;
    out.content_type = res->get_header_value("Content-Type");
    out.content_disposition = res->get_header_value("Content-Disposition");
  }
  return out;
}

std::pair<int, nlohmann::json> ServeProcess::get_json(
    const std::string& path, const std::vector<std::pair<std::string, std::string>>& params) const {
  const HttpResult r = get(params.empty() ? path : path + "?" + encode_query(params));
  INFO(path << " -> " << r.status << " " << r.body.substr(0, 400));
  REQUIRE(r.status != 0);
  REQUIRE(r.content_type.find("application/json") == 0);
  return {r.status, nlohmann::json::parse(r.body)};
}

ServedArchive::ServedArchive(const std::string& name, std::int64_t games, std::uint64_t seed,
                             const std::vector<std::string>& extra)
    : dir(name) {
  GeneratorOptions options;
  options.games = games;
  options.seed = seed;
  options.jobs = 1;
  const std::string generated = (dir.path() / "archive").string();
  generate_archive(generated, options);
  db = dir / "games.db";
  std::vector<std::string> paths = {generated};
  paths.insert(paths.end(), extra.begin(), extra.end());
  import_paths(db, paths);
  server = std::make_unique<ServeProcess>(db);
}

std::string encode_query(const std::vector<std::pair<std::string, std::string>>& params) {
  auto encode = [](const std::string& s) {
    std::string out;
    for (const unsigned char c : s) {
      if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
        out.push_back(static_cast<char>(c));
      } else {
        char buf[4];
        std::snprintf(buf, sizeof buf, "%%%02X", c);
        out += buf;
      }
    }
    return out;
  };
  std::string out;
  for (const auto& [name, value] : params) {
    if (!out.empty()) out += '&';
    out += encode(name) + "=" + encode(value);
  }
  return out;
}

std::string raw_request(const std::string& host, int port, const std::string& bytes) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  inet_pton(AF_INET, host.c_str(), &addr.sin_addr);
  REQUIRE(connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
  timeval timeout{10, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;
    sent += static_cast<std::size_t>(n);
  }
  // No half-close (shutdown(SHUT_WR)): Debian's cpp-httplib (0.11.4+ds-1+deb12u1)
  // drops a connection whose reading side has ended without answering. The
  // requests say "Connection: close", so the server ends the reply.
  std::string out;
  char buf[4096];
  while (true) {
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  close(fd);
  return out;
}

}  // namespace ludex::test
