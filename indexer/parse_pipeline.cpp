#include "indexer/parse_pipeline.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "indexer/content_hash.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

void read_and_parse(
    const std::string& path,
    const std::function<bool(const std::string&, std::int64_t, const std::string&)>& should_parse,
    FileResult& r) {
  r.path = path;
  std::error_code ec;
  const auto t = fs::last_write_time(path, ec);
  if (!ec) {
    r.mtime_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    r.read_error = std::string("cannot open file: ") + std::strerror(errno);
    return;
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) {
    r.read_error = std::string("cannot read file: ") + std::strerror(errno);
    return;
  }
  const std::string bytes = std::move(buffer).str();
  r.readable = true;
  r.size = static_cast<std::int64_t>(bytes.size());
  r.content_hash = content_hash(bytes);
  if (!should_parse(path, r.size, r.content_hash)) {
    r.skipped = true;
    return;
  }
  r.parsed = parse_game_file(bytes);
  r.positions.reserve(r.parsed.games.size());
  for (GameRecord& game : r.parsed.games) {
    GamePositions positions = compute_positions(game);
    for (Diagnostic& w : positions.warnings) game.warnings.push_back(std::move(w));
    positions.warnings.clear();
    r.positions.push_back(std::move(positions));
  }
}

}  // namespace

void run_parse_pipeline(
    const std::vector<std::string>& files, const PipelineOptions& options,
    const std::function<bool(const std::string&, std::int64_t, const std::string&)>& should_parse,
    const std::function<void(FileResult&&)>& consume) {
  int jobs =
      options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  if (jobs <= 0) jobs = 1;
  const std::size_t window =
      static_cast<std::size_t>(options.window > 0 ? options.window : 4 * jobs);

  // slots[i % window] holds the result of file i once a worker finished it.
  std::vector<std::optional<FileResult>> slots(window);
  std::mutex mu;
  std::condition_variable slot_filled;
  std::condition_variable slot_freed;
  std::size_t next_to_take = 0;     // guarded by mu
  std::size_t next_to_consume = 0;  // guarded by mu
  bool stop = false;                // guarded by mu

  auto worker = [&] {
    for (;;) {
      std::size_t index;
      {
        std::unique_lock<std::mutex> lock(mu);
        slot_freed.wait(lock, [&] {
          return stop || next_to_take >= files.size() || next_to_take < next_to_consume + window;
        });
        if (stop || next_to_take >= files.size()) return;
        index = next_to_take++;
      }
      FileResult r;
      read_and_parse(files[index], should_parse, r);
      {
        std::lock_guard<std::mutex> lock(mu);
        slots[index % window] = std::move(r);
      }
      slot_filled.notify_all();
    }
  };

  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(jobs));
  for (int i = 0; i < jobs; ++i) threads.emplace_back(worker);

  auto shut_down = [&] {
    {
      std::lock_guard<std::mutex> lock(mu);
      stop = true;
    }
    slot_freed.notify_all();
    for (std::thread& t : threads) t.join();
  };

  try {
    for (std::size_t i = 0; i < files.size(); ++i) {
      FileResult r;
      {
        std::unique_lock<std::mutex> lock(mu);
        slot_filled.wait(lock, [&] { return slots[i % window].has_value(); });
        r = std::move(*slots[i % window]);
        slots[i % window].reset();
        next_to_consume = i + 1;
      }
      slot_freed.notify_all();
      consume(std::move(r));
    }
  } catch (...) {
    shut_down();
    throw;
  }
  shut_down();
}

}  // namespace ludex
