// ludex-bench serve-load: the opening explorer under load (issue 19,
// docs/performance.md "The explorer under load"). Against a running
// `ludex serve`, `clients` threads each take explorer steps in a loop for
// `seconds`: a step is what the web explorer asks when it shows a position,
// GET /api/next (the moves and their figures) and GET /api/games (the first
// page of the games there, in the page's default order: newest first). The
// positions are the line of the most played move from the empty board, down
// to `depth` moves, each step at a depth drawn at random (fixed seeds). Prints
// each request kind's count, median, 90th and 99th percentile and maximum.
#include <httplib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <iostream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/commands.h"
#include "options/command_line.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

using Clock = std::chrono::steady_clock;

// path with the board's parameters, `line` and `extra` as its query
// (httplib encodes the values).
std::string with_query(const std::string& path, const httplib::Params& board,
                       const std::string& line, httplib::Params extra = {}) {
  extra.insert(board.begin(), board.end());
  extra.emplace("line", line);
  return httplib::append_query_params(path, extra);
}

// GET path on client; throws std::runtime_error unless the answer is 200.
std::string get(httplib::Client& client, const std::string& path) {
  const httplib::Result r = client.Get(path);
  if (!r) throw std::runtime_error("GET " + path + ": " + httplib::to_string(r.error()));
  if (r->status != 200) {
    throw std::runtime_error("GET " + path + ": HTTP " + std::to_string(r->status) + " " +
                             r->body.substr(0, 200));
  }
  return r->body;
}

struct Latencies {
  std::vector<double> next_ms;
  std::vector<double> games_ms;
};

void print_row(const std::string& name, std::vector<double> ms, double seconds) {
  if (ms.empty()) {
    std::cout << "| " << name << " | 0 | | | | | |\n";
    return;
  }
  std::sort(ms.begin(), ms.end());
  const auto at = [&](double q) {
    return ms[std::min(ms.size() - 1,
                       static_cast<std::size_t>(q * static_cast<double>(ms.size())))];
  };
  std::cout << "| " << name << " | " << ms.size() << " | "
            << fixed(static_cast<double>(ms.size()) / seconds, 1) << " | " << fixed(at(0.5), 1)
            << " | " << fixed(at(0.9), 1) << " | " << fixed(at(0.99), 1) << " | "
            << fixed(ms.back(), 1) << " |\n";
}

}  // namespace

int run_serve_load_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex-bench serve-load --port P --family F [--size N | --variant V] [options]");
  options.add_options()                                                                     //
      ("help,h", "show this help")                                                          //
      ("host", po::value<std::string>()->default_value("127.0.0.1"), "ludex serve's host")  //
      ("port", po::value<int>()->required(), "ludex serve's port")                          //
      ("family", po::value<std::string>()->required(), "the board's family")                //
      ("size", po::value<std::string>()->default_value(""), "its size (not Blokus)")        //
      ("variant", po::value<std::string>()->default_value(""), "its variant (Blokus)")      //
      ("symmetric", "ask with symmetries, as the explorer's switch does")                   //
      ("depth", po::value<int>()->default_value(10), "positions down to this many moves")   //
      ("clients", po::value<int>()->default_value(16), "clients asking at once")            //
      ("seconds", po::value<double>()->default_value(60), "how long they ask");
  const auto parsed = parse_command_line("serve-load", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string host = vm["host"].as<std::string>();
  const int port = vm["port"].as<int>();
  const std::string family = vm["family"].as<std::string>();
  const int clients = std::clamp(vm["clients"].as<int>(), 1, 256);
  const double seconds = std::max(1.0, vm["seconds"].as<double>());
  httplib::Params board = {{"family", family}};
  for (const char* name : {"size", "variant"}) {
    if (!vm[name].as<std::string>().empty()) board.emplace(name, vm[name].as<std::string>());
  }
  if (vm.count("symmetric") != 0) board.emplace("symmetric", "1");
  const std::string separator = family == "blokus" ? ";" : ",";

  // The line of the most played move, as the explorer's URL holds it.
  std::vector<std::string> lines = {""};
  {
    httplib::Client client(host, port);
    for (int d = 0; d < std::max(0, vm["depth"].as<int>()); ++d) {
      const nlohmann::json next = nlohmann::json::parse(
          get(client, with_query("/api/next", board, lines.back(), {{"limit", "1"}})));
      if (next["moves"].empty()) break;
      const std::string move = next["moves"][0]["move"].get<std::string>();
      lines.push_back(lines.back().empty() ? move : lines.back() + separator + move);
    }
  }
  std::cout << "positions: the empty board and " << lines.size() - 1
            << " moves down the most played line (" << (lines.back().empty() ? "-" : lines.back())
            << ")\n";

  std::vector<Latencies> results(static_cast<std::size_t>(clients));
  std::atomic<bool> failed{false};
  std::string failure;
  const Clock::time_point end = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                   std::chrono::duration<double>(seconds));
  std::vector<std::thread> threads;
  for (int c = 0; c < clients; ++c) {
    threads.emplace_back([&, c] {
      try {
        httplib::Client client(host, port);
        client.set_read_timeout(60, 0);
        std::mt19937_64 rng(static_cast<std::uint64_t>(c) + 1);
        std::uniform_int_distribution<std::size_t> pick(0, lines.size() - 1);
        Latencies& mine = results[static_cast<std::size_t>(c)];
        while (Clock::now() < end && !failed) {
          const std::string& line = lines[pick(rng)];
          const auto ms_of = [&](const std::string& path, std::vector<double>& out) {
            const Clock::time_point t = Clock::now();
            get(client, path);
            out.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t).count());
          };
          ms_of(with_query("/api/next", board, line), mine.next_ms);
          ms_of(with_query("/api/games", board, line,
                           {{"first", "1"}, {"sort", "date"}, {"desc", "1"}, {"limit", "50"}}),
                mine.games_ms);
        }
      } catch (const std::exception& e) {
        if (!failed.exchange(true)) failure = e.what();
      }
    });
  }
  for (std::thread& t : threads) t.join();
  if (failed) throw std::runtime_error(failure);

  Latencies all;
  for (const Latencies& l : results) {
    all.next_ms.insert(all.next_ms.end(), l.next_ms.begin(), l.next_ms.end());
    all.games_ms.insert(all.games_ms.end(), l.games_ms.begin(), l.games_ms.end());
  }
  std::vector<double> both = all.next_ms;
  both.insert(both.end(), all.games_ms.begin(), all.games_ms.end());
  std::cout << clients << " clients for " << fixed(seconds, 0) << " s\n\n"
            << "| request | count | per s | median ms | p90 ms | p99 ms | max ms |\n"
            << "|---|---:|---:|---:|---:|---:|---:|\n";
  print_row("/api/next", all.next_ms, seconds);
  print_row("/api/games (first page, newest first)", all.games_ms, seconds);
  print_row("both", both, seconds);
  return 0;
}

}  // namespace ludex
