#include "serve/web_server.h"

#include <httplib.h>
#include <sys/socket.h>

#include <charconv>
#include <chrono>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "serve/api.h"
#include "serve/connection_pool.h"
#include "serve/web_assets.h"

namespace ludex {
namespace {

// What a page may load: its own files only, nothing from elsewhere.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

void send(httplib::Response& res, const ApiResponse& api) {
  res.status = api.status;
  if (!api.download_name.empty()) {
    res.set_header("Content-Disposition", "attachment; filename=\"" + api.download_name + "\"");
  }
  res.set_content(api.body, api.content_type.c_str());
}

QueryParams params_of(const httplib::Request& req) {
  QueryParams out;
  for (const auto& [name, value] : req.params) out.emplace_back(name, value);
  return out;
}

// A game id from the path: digits that fit in an int64; 0 otherwise.
std::int64_t game_id_of(const std::string& text) {
  std::int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc() || end != text.data() + text.size() || id <= 0) return 0;
  return id;
}

bool is_api_path(std::string_view path) {
  return path == "/api" || path.substr(0, 5) == "/api/";
}

}  // namespace

struct WebServer::Impl {
  explicit Impl(ServerOptions o) : options(std::move(o)), pool(options.db_path) {}

  // Runs `handler` with a leased connection; a database failure is a 500
  // whose body says what failed (user input never gets here: the API
  // returns 4xx for it).
  template <typename Handler>
  void with_db(httplib::Response& res, Handler handler) {
    try {
      ConnectionPool::Lease lease = pool.acquire();
      send(res, handler(lease.db()));
    } catch (const std::exception& e) {
      send(res, api_error(500, std::string("database: ") + e.what()));
    }
  }

  void routes() {
    server.Get("/api/info", [this](const httplib::Request&, httplib::Response& res) {
      with_db(res, [](Database& db) { return api_info(db); });
    });
    server.Get("/api/boards", [this](const httplib::Request&, httplib::Response& res) {
      with_db(res, [](Database& db) { return api_boards(db); });
    });
    server.Get("/api/games", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      with_db(res, [&](Database& db) { return api_games(db, params); });
    });
    server.Get(
        R"(/api/games/([0-9]+))", [this](const httplib::Request& req, httplib::Response& res) {
          const std::int64_t id = game_id_of(req.matches[1]);
          if (id == 0)
            return send(res, api_error(404, "there is no game " + std::string(req.matches[1])));
          with_db(res, [&](Database& db) { return api_game(db, id); });
        });
    server.Get(R"(/api/games/([0-9]+)\.(sgf|hgt|tgt|gtv))", [this](const httplib::Request& req,
                                                                   httplib::Response& res) {
      const std::int64_t id = game_id_of(req.matches[1]);
      if (id == 0) {
        return send(res, api_error(404, "there is no game " + std::string(req.matches[1])));
      }
      const std::string extension = req.matches[2];
      with_db(res, [&](Database& db) { return api_game_file(db, id, extension); });
    });
    server.Get(R"(/api/games\.zip)", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      std::optional<ZipSelection> selection;
      try {
        ConnectionPool::Lease lease = pool.acquire();
        std::variant<ZipSelection, ApiResponse> chosen = api_zip_selection(lease.db(), params);
        if (ApiResponse* error = std::get_if<ApiResponse>(&chosen)) return send(res, *error);
        selection = std::move(std::get<ZipSelection>(chosen));
      } catch (const std::exception& e) {
        return send(res, api_error(500, std::string("database: ") + e.what()));
      }
      res.status = 200;
      res.set_header("Content-Disposition",
                     "attachment; filename=\"" + selection->download_name + "\"");
      // The zip is written while it is sent, a chunk at a time, from a
      // connection of its own: a large hit list is never held whole.
      auto ids = std::make_shared<ZipSelection>(std::move(*selection));
      res.set_chunked_content_provider("application/zip", [this, ids](size_t /*offset*/,
                                                                      httplib::DataSink& sink) {
        try {
          ConnectionPool::Lease lease = pool.acquire();
          write_export_zip(lease.db(), ids->game_ids, ids->format, [&sink](std::string_view chunk) {
            if (!sink.write(chunk.data(), chunk.size())) {
              throw std::runtime_error("the client went away");
            }
          });
          sink.done();
          return true;
        } catch (const std::exception&) {
          return false;  // the response is cut off: the download fails visibly
        }
      });
    });
    server.Get("/api/players", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      with_db(res, [&](Database& db) { return api_players(db, params); });
    });
    server.Get("/api/player", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      with_db(res, [&](Database& db) { return api_player(db, params); });
    });
    server.Get("/api/events", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      with_db(res, [&](Database& db) { return api_events(db, params); });
    });
    server.Get("/api/event", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      with_db(res, [&](Database& db) { return api_event(db, params); });
    });
    server.Get("/api/next", [this](const httplib::Request& req, httplib::Response& res) {
      const QueryParams params = params_of(req);
      with_db(res, [&](Database& db) { return api_next(db, params); });
    });
    server.Get("/api/variants",
               [](const httplib::Request&, httplib::Response& res) { send(res, api_variants()); });
    server.Get("/api/board", [](const httplib::Request& req, httplib::Response& res) {
      send(res, api_board(params_of(req)));
    });
    server.Get(R"(/api/.*)", [](const httplib::Request& req, httplib::Response& res) {
      send(res, api_error(404, "unknown API path " + req.path));
    });
    // Everything else is a file of the front end, or nothing.
    server.Get(R"(/.*)", [](const httplib::Request& req, httplib::Response& res) {
      const WebAsset* asset = find_web_asset(req.path);
      if (asset == nullptr) {
        res.status = 404;
        res.set_content("not found\n", "text/plain; charset=utf-8");
        return;
      }
      res.set_content(std::string(asset->bytes), std::string(asset->content_type).c_str());
    });
    // Everything is read-only: other methods are refused as such (405 with
    // the methods there are), not as a malformed request (the library's 400).
    const auto not_allowed = [](const httplib::Request& req, httplib::Response& res) {
      res.status = 405;
      res.set_header("Allow", "GET, HEAD");
      const std::string what = "method " + req.method + " not allowed: only GET and HEAD";
      if (is_api_path(req.path)) {
        res.set_content(json_error_body(what), "application/json; charset=utf-8");
      } else {
        res.set_content(what + "\n", "text/plain; charset=utf-8");
      }
    };
    server.Post(R"(/.*)", not_allowed);
    server.Put(R"(/.*)", not_allowed);
    server.Patch(R"(/.*)", not_allowed);
    server.Delete(R"(/.*)", not_allowed);
    server.Options(R"(/.*)", not_allowed);
    server.set_error_handler([](const httplib::Request& req, httplib::Response& res) {
      // Only responses no handler wrote get here (a request the library
      // refused): say so in the API's form.
      if (!res.body.empty()) return;
      const std::string what = res.status == 404   ? "not found"
                               : res.status == 405 ? "method not allowed"
                               : res.status == 414
                                   ? "request line too long"
                                   : "bad request (HTTP " + std::to_string(res.status) + ")";
      if (is_api_path(req.path)) {
        res.set_content(json_error_body(what), "application/json; charset=utf-8");
      } else {
        res.set_content(what + "\n", "text/plain; charset=utf-8");
      }
    });
    server.set_exception_handler(
        [](const httplib::Request&, httplib::Response& res, std::exception_ptr error) {
          std::string what = "unknown error";
          try {
            if (error) std::rethrow_exception(error);
          } catch (const std::exception& e) {
            what = e.what();
          } catch (...) {
          }
          send(res, api_error(500, what));
        });
  }

  static std::string json_error_body(const std::string& message) {
    return api_error(0, message).body;
  }

  ServerOptions options;
  ConnectionPool pool;
  httplib::Server server;
  std::mutex log_mutex;
};

WebServer::WebServer(ServerOptions options) : impl_(std::make_unique<Impl>(std::move(options))) {
  Impl& s = *impl_;
  const int threads = s.options.threads > 0 ? s.options.threads : 1;
  s.server.new_task_queue = [threads] {
    return new httplib::ThreadPool(static_cast<size_t>(threads));
  };
  s.server.set_keep_alive_max_count(1000);
  s.server.set_keep_alive_timeout(5);
  s.server.set_read_timeout(10);
  s.server.set_write_timeout(30);
  s.server.set_payload_max_length(1 << 20);
  // A response goes out in several writes (status and headers, then the
  // body): with Nagle's algorithm the body waits for the client's ACK of
  // the headers, which the client delays by up to 40 ms, on every request
  // of a kept-alive connection after the first (the browser's case).
  s.server.set_tcp_nodelay(true);
  // SO_REUSEADDR only: a restarted server may bind while the old one's
  // connections linger in TIME_WAIT, but a port another process listens on
  // is refused. The library's default (Debian's cpp-httplib 0.11.4) also
  // sets SO_REUSEPORT, which lets a second server share a busy port and the
  // kernel split the requests between the two.
  s.server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  s.server.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                                {"Content-Security-Policy", kContentSecurityPolicy},
                                {"Referrer-Policy", "no-referrer"},
                                {"Cache-Control", "no-store"}});
  if (s.options.log) {
    s.server.set_logger([&s](const httplib::Request& req, const httplib::Response& res) {
      std::lock_guard<std::mutex> lock(s.log_mutex);
      std::cerr << req.method << " " << req.target << " " << res.status << "\n";
    });
  }
  s.routes();
}

WebServer::~WebServer() = default;

int WebServer::bind() {
  Impl& s = *impl_;
  if (s.options.port == 0) {
    const int port = s.server.bind_to_any_port(s.options.listen);
    if (port < 0) throw std::runtime_error("cannot listen on " + s.options.listen);
    return port;
  }
  if (!s.server.bind_to_port(s.options.listen, s.options.port)) {
    throw std::runtime_error("cannot listen on " + s.options.listen + " port " +
                             std::to_string(s.options.port) +
                             " (in use? give another --port, or --port 0 for any free one)");
  }
  return s.options.port;
}

void WebServer::run() {
  impl_->server.listen_after_bind();
}

void WebServer::stop() {
  impl_->server.stop();
}

}  // namespace ludex
