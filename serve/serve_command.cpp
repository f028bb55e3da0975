// ludex serve --db DB [--port 8080] [--listen 127.0.0.1] [--open]
//
// Serves the web app and the JSON API (docs/api.md) from a read-only
// connection until Ctrl-C (SIGINT) or SIGTERM. Signals are taken by one
// thread with sigwait, never by a handler, so that stopping the server
// happens outside signal context.
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <thread>

#include "options/command_line.h"
#include "serve/commands.h"
#include "serve/web_server.h"

extern char** environ;

namespace ludex {
namespace po = boost::program_options;
namespace {

// Starts the desktop's browser on url without waiting for it; false if
// there is none to start.
bool open_browser(const std::string& url) {
  pid_t pid = 0;
  std::string program = "xdg-open";
  char* argv[] = {program.data(), const_cast<char*>(url.c_str()), nullptr};
  if (posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv, environ) != 0) return false;
  // Reaped by a thread of its own, so that no zombie stays behind.
  std::thread([pid] { waitpid(pid, nullptr, 0); }).detach();
  return true;
}

std::string url_host(const std::string& listen) {
  if (listen == "0.0.0.0" || listen.empty()) return "127.0.0.1";
  if (listen == "::") return "[::1]";
  if (listen.find(':') != std::string::npos) return "[" + listen + "]";
  return listen;
}

}  // namespace

int run_serve_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex serve --db DB [--port 8080] [--listen 127.0.0.1] [--open]");
  options.add_options()                                                                 //
      ("help,h", "show this help")                                                      //
      ("db", po::value<std::string>()->required(), "database file (opened read-only)")  //
      ("port", po::value<int>()->default_value(8080), "TCP port; 0 = any free port")    //
      ("listen", po::value<std::string>()->default_value("127.0.0.1"),
       "address to listen on (loopback by default; 0.0.0.0 for every interface)")  //
      ("open", "open the app in the desktop's browser")                            //
      ("threads", po::value<int>()->default_value(8), "worker threads (1..64)")    //
      ("log", "one line per request on stderr");
  const auto parsed = parse_command_line("serve", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  ServerOptions server_options;
  server_options.db_path = vm["db"].as<std::string>();
  server_options.listen = vm["listen"].as<std::string>();
  server_options.port = vm["port"].as<int>();
  server_options.threads = vm["threads"].as<int>();
  server_options.log = vm.count("log") != 0;
  if (server_options.port < 0 || server_options.port > 65535) {
    std::cerr << "ludex serve: --port must be 0..65535\n";
    return 2;
  }
  if (server_options.threads < 1 || server_options.threads > 64) {
    std::cerr << "ludex serve: --threads must be 1..64\n";
    return 2;
  }

  // Every thread started from here on inherits the blocked signals; only
  // the waiter below takes them.
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGUSR1);  // the waiter's own wake-up when the server ends otherwise
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
  // A client that goes away mid-response must not kill the server.
  signal(SIGPIPE, SIG_IGN);

  WebServer server(server_options);
  const int port = server.bind();
  const std::string url =
      "http://" + url_host(server_options.listen) + ":" + std::to_string(port) + "/";
  std::cout << "ludex serve: " << url << " (" << server_options.db_path << "; Ctrl-C stops)"
            << std::endl;
  if (vm.count("open") != 0 && !open_browser(url)) {
    std::cerr << "ludex serve: no browser to open (xdg-open); open " << url << " yourself\n";
  }

  std::atomic<bool> finished{false};
  std::thread waiter([&] {
    int received = 0;
    sigwait(&signals, &received);
    if (received == SIGUSR1) return;
    // stop() only takes effect once the server runs: repeat until it has.
    while (!finished.load()) {
      server.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  server.run();
  finished.store(true);
  pthread_kill(waiter.native_handle(), SIGUSR1);
  waiter.join();
  std::cerr << "ludex serve: stopped\n";
  return 0;
}

}  // namespace ludex
