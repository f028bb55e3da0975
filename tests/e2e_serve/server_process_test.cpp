// End-to-end: `ludex serve` as a process. It keeps answering under load on
// kept-alive connections, stops cleanly on SIGTERM, refuses a port in use
// without disturbing the server on it, and sees what another import adds.
#include <signal.h>
#include <sys/wait.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <httplib.h>

#include "tests/e2e_serve/serve_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

ServedArchive& served_archive() {
  static ServedArchive a("e2e-serve-process", 400, 11);
  return a;
}

}  // namespace

TEST_CASE("10,000 requests on 8 connections: every one answered, the server stays up",
          "[e2e][serve]") {
  ServedArchive& a = served_archive();
  const ServeProcess& s = *a.server;
  const std::vector<std::string> paths = {
      "/api/info",          "/api/games?limit=20",    "/api/games?family=go&limit=5&offset=3",
      "/api/games/1",       "/api/games/2.sgf",       "/api/games?family=nope",
      "/api/games/999999",  "/api/next?position=1:0", "/index.html",
      "/%2e%2e/etc/passwd",
  };
  std::atomic<int> failed{0};
  std::atomic<int> server_errors{0};
  std::atomic<int> done{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 8; ++t) {
    clients.emplace_back([&, t] {
      httplib::Client client(s.host(), s.port());
      client.set_keep_alive(true);
      client.set_read_timeout(60);
      for (int i = 0; i < 1250; ++i) {
        const std::string& path = paths[static_cast<std::size_t>(t * 1250 + i) % paths.size()];
        auto res = client.Get(path.c_str());
        if (!res) {
          ++failed;
        } else if (res->status >= 500) {
          ++server_errors;
        }
        ++done;
      }
    });
  }
  for (std::thread& c : clients) c.join();
  CHECK(done == 10000);
  CHECK(failed == 0);
  CHECK(server_errors == 0);
  CHECK(s.get("/api/info").status == 200);
}

// Regression: the server wrote a response's headers and body in separate
// writes without TCP_NODELAY, so on a kept-alive connection (the browser's)
// every request after the first waited for the client's delayed ACK, at
// least 40 ms on Linux (10,000 requests on 8 connections took 56 s, now 4).
// The bug's signature is that floor under every request, so the median of
// many requests is compared with it, not a speed target.
TEST_CASE("a kept-alive connection's answers are not held back by Nagle's algorithm",
          "[e2e][serve]") {
  const ServeProcess& s = *served_archive().server;
  httplib::Client client(s.host(), s.port());
  client.set_keep_alive(true);
  std::vector<double> ms;
  for (int i = 0; i < 21; ++i) {
    const auto start = std::chrono::steady_clock::now();
    const auto res = client.Get(i % 2 == 0 ? "/index.html" : "/api/info");
    REQUIRE(res);
    CHECK(res->status == 200);
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  CHECK(ms[ms.size() / 2] < 30.0);
}

TEST_CASE("serve stops cleanly on SIGTERM and refuses what is not a database", "[e2e][serve]") {
  ScratchDir dir("e2e-serve-stop");
  const std::string db = dir / "s.db";
  import_paths(db, {(fs::path(LUDEX_SOURCE_DIR) / "sample").string()});
  {
    ServeProcess server(db);
    CHECK(server.get("/api/info").status == 200);
    const auto [code, err] = server.stop();
    CHECK(code == 0);
    CHECK(err.find("stopped") != std::string::npos);
  }
  write_bytes(dir.path() / "not.db", "hello");
  const RunResult bad =
      run_ludex({"serve", "--db", (dir.path() / "not.db").string(), "--port", "0"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.err.find("not a ludex database") != std::string::npos);
  CHECK(run_ludex({"serve", "--db", db, "--port", "70000"}).exit_code == 2);
  CHECK(run_ludex({"serve"}).exit_code == 2);
}

TEST_CASE("a second serve on a port in use fails and leaves the first one answering",
          "[e2e][serve]") {
  ScratchDir dir("e2e-serve-port");
  const std::string db = dir / "p.db";
  import_paths(db, {(fs::path(LUDEX_SOURCE_DIR) / "sample").string()});
  ServeProcess first(db);
  const fs::path out = dir.path() / "second.out";
  const fs::path err = dir.path() / "second.err";
  const pid_t second = spawn_ludex(
      {"serve", "--db", db, "--listen", first.host(), "--port", std::to_string(first.port())}, out,
      err);
  // The second server must give up at once; one that bound the port too
  // (SO_REUSEPORT) would serve until stopped, so it is stopped after 15 s.
  bool ended = false;
  for (int i = 0; i < 150 && !ended; ++i) {
    siginfo_t info{};
    // WNOWAIT: the child stays waitable for finish_ludex.
    ended = waitid(P_PID, static_cast<id_t>(second), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
            info.si_pid == second;
    if (!ended) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  if (!ended) kill(second, SIGTERM);
  const RunResult r = finish_ludex(second, out, err);
  INFO("second serve: " << r.out << r.err);
  CHECK(ended);
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("port " + std::to_string(first.port()) +
                   " (in use? give another --port, or --port 0 for any free one)") !=
        std::string::npos);
  CHECK(r.out.empty());
  // Every request still reaches the first server.
  for (int i = 0; i < 20; ++i) CHECK(first.get("/api/info").status == 200);
}

TEST_CASE("pages see games another import adds while the server runs", "[e2e][serve]") {
  ScratchDir dir("e2e-serve-live");
  const std::string db = dir / "live.db";
  write_bytes(dir.path() / "a" / "one.sgf", "(;FF[4]GM[11]SZ[7]PB[ann]PW[bob];B[c2];W[d4])\n");
  import_paths(db, {(dir.path() / "a").string()});
  ServeProcess server(db);
  CHECK(server.get_json("/api/games", {}).second.at("total") == 1);
  write_bytes(dir.path() / "b" / "two.sgf", "(;FF[4]GM[11]SZ[7]PB[cid]PW[dan];B[e2];W[d4])\n");
  import_paths(db, {(dir.path() / "b").string()});
  CHECK(server.get_json("/api/games", {}).second.at("total") == 2);
  CHECK(server.get_json("/api/games", {{"player", "cid"}}).second.at("hits").size() == 1);
}

}  // namespace ludex::test
