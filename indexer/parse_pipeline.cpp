#include "indexer/parse_pipeline.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "indexer/content_hash.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

// What glibc's malloc takes for a request of n bytes: 8 bytes of header,
// rounded up to 16, at least 32.
std::int64_t heap_block(std::size_t n) {
  if (n == 0) return 0;
  return static_cast<std::int64_t>(std::max<std::size_t>(32, (n + 8 + 15) & ~std::size_t{15}));
}

std::int64_t string_bytes(const std::string& s) {
  // Up to 15 characters live inside the string object (libstdc++).
  return s.capacity() > 15 ? heap_block(s.capacity() + 1) : 0;
}

template <class T>
std::int64_t vector_bytes(const std::vector<T>& v) {
  return heap_block(v.capacity() * sizeof(T));
}

// Only what went past the inline room is on the heap.
template <class T, std::size_t N>
std::int64_t vector_bytes(const SmallVector<T, N>& v) {
  return v.capacity() > N ? heap_block(v.capacity() * sizeof(T)) : 0;
}

std::int64_t diagnostics_bytes(const std::vector<Diagnostic>& ds) {
  std::int64_t n = vector_bytes(ds);
  for (const Diagnostic& d : ds) n += string_bytes(d.message);
  return n;
}

// A file being read and parsed, its games handed on in parts.
using EmitPart = std::function<bool(FileResult&& part, std::int64_t cost)>;

// Reads, hashes and parses one file, passing its parts to emit (which
// returns false when the pipeline stops: the rest is then dropped).
// charge_source(n) is told how many bytes of the file are held while it is
// parsed.
void read_and_parse(
    const std::string& path,
    const std::function<bool(const std::string&, std::int64_t, const std::string&)>& should_parse,
    std::int64_t part_bytes, bool with_positions,
    const std::function<void(std::int64_t)>& charge_source, const EmitPart& emit) {
  FileResult r;
  r.path = path;
  std::error_code ec;
  const auto t = fs::last_write_time(path, ec);
  if (!ec) {
    r.mtime_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    r.read_error = std::string("cannot open file: ") + std::strerror(errno);
    emit(std::move(r), 0);
    return;
  }
  // The size is a hint for one read; reading to the end decides.
  std::string bytes;
  const auto size_hint = fs::file_size(path, ec);
  bytes.resize(ec ? 0 : static_cast<std::size_t>(size_hint));
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (in.good()) {
    std::ostringstream rest;
    rest << in.rdbuf();
    bytes += std::move(rest).str();
  }
  if (in.bad()) {
    r.read_error = std::string("cannot read file: ") + std::strerror(errno);
    emit(std::move(r), 0);
    return;
  }
  r.readable = true;
  r.size = static_cast<std::int64_t>(bytes.size());
  r.content_hash = content_hash(bytes);
  if (!should_parse(path, r.size, r.content_hash)) {
    r.skipped = true;
    emit(std::move(r), 0);
    return;
  }
  const std::int64_t source = heap_block(bytes.capacity());
  charge_source(source);

  std::int32_t part = 0;
  std::int64_t cost = 0;
  bool stopped = false;
  auto flush = [&](bool last) {
    r.part = part++;
    r.last = last;
    cost += diagnostics_bytes(r.parsed.diagnostics);
    if (!emit(std::move(r), cost)) stopped = true;
    r = FileResult{};
    r.path = path;
    cost = 0;
  };
  auto add_game = [&](GameRecord&& game) {
    if (stopped) return;
    if (!with_positions) {
      cost += estimate_game_bytes(game, GamePositions());
      r.parsed.games.push_back(std::move(game));
      if (cost >= part_bytes) flush(false);
      return;
    }
    GamePositions positions = compute_positions(game);
    for (Diagnostic& w : positions.warnings) game.warnings.push_back(std::move(w));
    positions.warnings.clear();
    cost += estimate_game_bytes(game, positions);
    r.parsed.games.push_back(std::move(game));
    r.positions.push_back(std::move(positions));
    if (cost >= part_bytes) flush(false);
  };

  // The order of parse_game_file (importers/game_file.cpp): the binary check
  // first. SGF, the only format with many games per file, is streamed.
  if (!looks_like_gtv(bytes) && looks_like_sgf(bytes)) {
    r.parsed.format = "sgf";
    read_sgf_games(bytes, add_game, [&](Diagnostic&& d) {
      if (!stopped) r.parsed.diagnostics.push_back(std::move(d));
    });
  } else {
    ParsedFile parsed = parse_game_file(bytes);
    r.parsed.format = std::move(parsed.format);
    r.parsed.diagnostics = std::move(parsed.diagnostics);
    for (GameRecord& game : parsed.games) add_game(std::move(game));
  }
  if (!stopped) flush(true);
  charge_source(-source);
}

}  // namespace

std::int64_t estimate_game_bytes(const GameRecord& game, const GamePositions& positions) {
  std::int64_t n = static_cast<std::int64_t>(sizeof(GameRecord) + sizeof(GamePositions));
  n += static_cast<std::int64_t>(game.tree.heap_bytes());
  n += vector_bytes(game.players);
  for (const SeatPlayer& p : game.players) n += string_bytes(p.name);
  n += string_bytes(game.dialect) + string_bytes(game.variant) + string_bytes(game.result) +
       string_bytes(game.date) + string_bytes(game.event) + string_bytes(game.round) +
       string_bytes(game.charset) + diagnostics_bytes(game.warnings);
  n += vector_bytes(positions.hashes) + vector_bytes(positions.deltas) +
       diagnostics_bytes(positions.warnings);
  for (const PositionDelta& d : positions.deltas) {
    n += vector_bytes(d.placed) + vector_bytes(d.removed) + vector_bytes(d.links_added) +
         vector_bytes(d.links_removed) + string_bytes(d.piece);
  }
  return n;
}

void run_parse_pipeline(
    const std::vector<std::string>& files, const PipelineOptions& options,
    const std::function<bool(const std::string&, std::int64_t, const std::string&)>& should_parse,
    const std::function<void(FileResult&&)>& consume) {
  int jobs =
      options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  if (jobs <= 0) jobs = 1;
  const std::size_t window =
      static_cast<std::size_t>(options.window > 0 ? options.window : 4 * jobs);
  const std::int64_t budget =
      options.budget_bytes > 0 ? options.budget_bytes : kDefaultPipelineBudget;
  const std::int64_t part_bytes =
      options.part_bytes > 0 ? options.part_bytes : std::max<std::int64_t>(1, budget / 8);

  struct Part {
    FileResult result;
    std::int64_t cost = 0;
  };
  // slots[i % window] holds the parts of file i that a worker handed on and
  // the consumer has not taken yet.
  std::vector<std::deque<Part>> slots(window);
  std::mutex mu;
  std::condition_variable part_ready;
  std::condition_variable space_freed;
  std::size_t next_to_take = 0;     // guarded by mu
  std::size_t head = 0;             // the file being consumed; guarded by mu
  std::int64_t in_use = 0;          // bytes charged; guarded by mu
  bool stop = false;                // guarded by mu
  std::exception_ptr worker_error;  // guarded by mu

  auto worker = [&] {
    try {
      for (;;) {
        std::size_t index;
        {
          std::unique_lock<std::mutex> lock(mu);
          space_freed.wait(lock, [&] {
            return stop || next_to_take >= files.size() ||
                   (next_to_take < head + window && (in_use < budget || next_to_take == head));
          });
          if (stop || next_to_take >= files.size()) return;
          index = next_to_take++;
        }
        auto charge_source = [&](std::int64_t bytes) {
          {
            std::lock_guard<std::mutex> lock(mu);
            in_use += bytes;
          }
          if (bytes < 0) space_freed.notify_all();
        };
        // A part waits for room in the budget, except that the file being
        // consumed always gets one part into its empty queue: the consumer
        // waits for that file alone, so it can never be kept waiting.
        auto emit = [&](FileResult&& part, std::int64_t cost) {
          std::deque<Part>& slot = slots[index % window];
          {
            std::unique_lock<std::mutex> lock(mu);
            space_freed.wait(lock, [&] {
              return stop || in_use + cost <= budget || (index == head && slot.empty());
            });
            if (stop) return false;
            in_use += cost;
            slot.push_back(Part{std::move(part), cost});
          }
          part_ready.notify_all();
          return true;
        };
        read_and_parse(files[index], should_parse, part_bytes, options.positions, charge_source,
                       emit);
      }
    } catch (...) {
      {
        std::lock_guard<std::mutex> lock(mu);
        if (!worker_error) worker_error = std::current_exception();
        stop = true;
      }
      part_ready.notify_all();
      space_freed.notify_all();
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
    space_freed.notify_all();
    for (std::thread& t : threads) t.join();
  };

  try {
    for (std::size_t i = 0; i < files.size(); ++i) {
      std::deque<Part>& slot = slots[i % window];
      bool last = false;
      while (!last) {
        std::int64_t cost = 0;
        {
          Part part;
          {
            std::unique_lock<std::mutex> lock(mu);
            part_ready.wait(lock, [&] { return worker_error || !slot.empty(); });
            if (worker_error) std::rethrow_exception(worker_error);
            part = std::move(slot.front());
            slot.pop_front();
          }
          cost = part.cost;
          last = part.result.last;
          consume(std::move(part.result));
        }  // the part's memory is freed here, before it is released
        {
          std::lock_guard<std::mutex> lock(mu);
          in_use -= cost;
          if (last) head = i + 1;
        }
        space_freed.notify_all();
      }
    }
  } catch (...) {
    shut_down();
    throw;
  }
  shut_down();
#if defined(__GLIBC__)
  // Each worker's malloc arena keeps its high-water mark after the parsed
  // games are freed; hand those pages back, so that what comes next (the
  // index build after a bulk load) does not start from the pipeline's peak.
  malloc_trim(0);
#endif
}

}  // namespace ludex
