// `ludex serve`'s HTTP side: routes the JSON API (serve/api.h) and the
// embedded front end (serve/web_assets.h) over cpp-httplib. HTTP parsing is
// the library's; this file only maps requests to responses.
//
// Thread-safety: requests are served by a pool of worker threads, each
// leasing its own read-only connection; stop() may be called from any
// thread (a signal-handling thread).
#ifndef LUDEX_SERVE_WEB_SERVER_H_
#define LUDEX_SERVE_WEB_SERVER_H_

#include <memory>
#include <string>

namespace ludex {

struct ServerOptions {
  std::string db_path;
  std::string listen = "127.0.0.1";  // the address to bind; loopback unless told otherwise
  int port = 8080;                   // 0 = any free port
  int threads = 8;                   // worker threads (concurrent connections served)
  bool log = false;                  // one line per request on stderr
};

class WebServer {
 public:
  // Opens the database read-only (throws what Database throws: not a ludex
  // database, a schema that needs `ludex import` first, ...).
  explicit WebServer(ServerOptions options);
  ~WebServer();
  WebServer(const WebServer&) = delete;
  WebServer& operator=(const WebServer&) = delete;

  // Binds the address; returns the port (the chosen one for port 0).
  // Throws std::runtime_error when the address cannot be bound.
  int bind();
  // Serves until stop(); requires bind(). Returns when stopped.
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SERVE_WEB_SERVER_H_
