// A running `ludex serve` for end-to-end tests: started on a free loopback
// port, asked over HTTP (cpp-httplib's client), stopped with SIGTERM.
#ifndef LUDEX_TESTS_E2E_SERVE_SERVE_SUPPORT_H_
#define LUDEX_TESTS_E2E_SERVE_SERVE_SUPPORT_H_

#include <sys/types.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {

struct HttpResult {
  int status = 0;  // 0 when the request failed (no connection, no answer)
  std::string body;
  std::string content_type;
  std::string content_disposition;
};

class ServeProcess {
 public:
  // Starts `ludex serve --db db --port 0 extra...` and waits for its URL
  // line (REQUIREs that it comes).
  explicit ServeProcess(const std::string& db, const std::vector<std::string>& extra = {});
  // Stops it if still running.
  ~ServeProcess();
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  const std::string& host() const { return host_; }
  int port() const { return port_; }

  // GET path (with its query string, already encoded), on a new connection.
  HttpResult get(const std::string& path) const;
  // GET /api/... with params encoded; the body parsed (REQUIREs JSON).
  std::pair<int, nlohmann::json> get_json(
      const std::string& path,
      const std::vector<std::pair<std::string, std::string>>& params) const;

  // Sends SIGTERM and waits; returns the exit code and the stderr it wrote.
  std::pair<int, std::string> stop();

 private:
  pid_t pid_ = -1;
  std::string host_ = "127.0.0.1";
  int port_ = 0;
  std::string err_path_;
};

// A database for a file of serve tests and a server on it: a generated
// archive (bench/archive_generator.h: `games` games of the four families
// from `seed`, one writer thread) and the paths in `extra`, imported into a
// scratch directory named after `name`. A test file keeps one in a
// function-local static, so it is built once per process.
struct ServedArchive {
  ServedArchive(const std::string& name, std::int64_t games, std::uint64_t seed,
                const std::vector<std::string>& extra = {});

  ScratchDir dir;
  std::string db;
  std::unique_ptr<ServeProcess> server;
};

// name=value&... with both percent-encoded.
std::string encode_query(const std::vector<std::pair<std::string, std::string>>& params);

// Sends raw bytes on a fresh connection and returns what came back (for
// requests a client library would not send as they are).
std::string raw_request(const std::string& host, int port, const std::string& bytes);

}  // namespace ludex::test

#endif  // LUDEX_TESTS_E2E_SERVE_SERVE_SUPPORT_H_
