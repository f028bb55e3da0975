#include "bench/import_bench.h"

#include <sqlite3.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <thread>

#include "bench/parse_bench.h"
#include "games/position.h"
#include "importers/game_file.h"
#include "indexer/content_hash.h"
#include "indexer/file_walk.h"
#include "schema/database.h"
#include "schema/game_store.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Games parsed per chunk of the store-only run: enough to fill several
// transactions, few enough to keep the parsed records in memory.
constexpr std::int64_t kStoreChunkGames = 5000;
constexpr std::int64_t kBatchGames = 1000;  // the import's games per transaction

struct ParsedInput {
  std::string path;
  SourceFileInfo info;
  std::vector<Diagnostic> diagnostics;
  std::vector<PreparedGame> games;
};

// Parses files[begin, end) into out on `jobs` threads, as the import's
// workers do (read, hash, parse, prepare_game).
void parse_chunk(const std::vector<std::string>& files, std::size_t begin, std::size_t end,
                 int jobs, std::vector<ParsedInput>& out) {
  out.clear();
  out.resize(end - begin);
  std::atomic<std::size_t> next{begin};
  std::exception_ptr failure;
  std::mutex mu;
  auto worker = [&] {
    try {
      for (std::size_t i = next++; i < end; i = next++) {
        ParsedInput& in = out[i - begin];
        const std::string bytes = read_whole_file(files[i]);
        in.path = files[i];
        in.info.path = files[i];
        in.info.size = static_cast<std::int64_t>(bytes.size());
        in.info.content_hash = content_hash(bytes);
        ParsedFile parsed = parse_game_file(bytes);
        in.info.format = parsed.format;
        in.diagnostics = std::move(parsed.diagnostics);
        for (GameRecord& game : parsed.games) in.games.push_back(prepare_game(std::move(game)));
      }
    } catch (...) {
      next = end;
      std::lock_guard<std::mutex> lock(mu);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (int i = 0; i < std::max(1, jobs); ++i) threads.emplace_back(worker);
  for (std::thread& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
}

void require_new_database(const std::string& db_path) {
  if (fs::exists(db_path)) {
    throw std::runtime_error(db_path + " exists; the benchmark needs a new database");
  }
}

constexpr std::chrono::milliseconds kRssInterval{50};

std::int64_t current_rss_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::int64_t size = 0;
  std::int64_t resident = 0;
  statm >> size >> resident;
  return resident * static_cast<std::int64_t>(sysconf(_SC_PAGESIZE));
}

}  // namespace

struct RssSampler::State {
  Clock::time_point start = Clock::now();
  std::mutex mu;
  std::condition_variable wake;
  bool stopping = false;
  std::vector<Sample> samples;  // guarded by mu until the thread is joined
  std::thread thread;
};

RssSampler::RssSampler() : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.thread = std::thread([&s] {
    std::unique_lock<std::mutex> lock(s.mu);
    while (!s.stopping) {
      s.samples.push_back(Sample{seconds_since(s.start), current_rss_bytes()});
      s.wake.wait_for(lock, kRssInterval);
    }
  });
}

RssSampler::~RssSampler() {
  stop();
}

const std::vector<RssSampler::Sample>& RssSampler::stop() {
  State& s = *state_;
  if (s.thread.joinable()) {
    {
      std::lock_guard<std::mutex> lock(s.mu);
      s.stopping = true;
    }
    s.wake.notify_all();
    s.thread.join();
    s.samples.push_back(Sample{seconds_since(s.start), current_rss_bytes()});
  }
  return s.samples;
}

std::int64_t peak_between(const std::vector<RssSampler::Sample>& samples, double from, double to) {
  std::int64_t peak = 0;
  for (const RssSampler::Sample& sample : samples) {
    if (sample.seconds >= from && sample.seconds < to) peak = std::max(peak, sample.bytes);
  }
  return peak;
}

std::int64_t peak_rss_bytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<std::int64_t>(usage.ru_maxrss) * 1024;  // Linux reports KiB
}

ImportRun run_import(const std::string& archive, const std::string& db_path, int jobs) {
  ImportOptions options;
  options.quiet = true;
  options.jobs = jobs;
  std::ostream discard(nullptr);
  Database db(db_path, Database::Mode::kReadWrite);
  Importer importer(db, options, discard);
  ImportRun run;
  RssSampler sampler;
  const Clock::time_point start = Clock::now();
  run.summary = importer.run({archive});
  run.seconds = seconds_since(start);
  run.rss = sampler.stop();
  return run;
}

DatabaseFigures measure_database(const std::string& db_path) {
  DatabaseFigures figures;
  figures.file_bytes = static_cast<std::int64_t>(fs::file_size(db_path));
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + db_path);
  }
  auto query = [db](const std::string& sql, auto&& on_row) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
      const std::string why = sqlite3_errmsg(db);
      sqlite3_finalize(st);
      throw std::runtime_error("cannot measure the database: " + why);
    }
    while (sqlite3_step(st) == SQLITE_ROW) on_row(st);
    sqlite3_finalize(st);
  };
  auto text = [](sqlite3_stmt* st, int i) {
    const unsigned char* t = sqlite3_column_text(st, i);
    return t == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(t));
  };
  try {
    // Which table every b-tree belongs to: an index to its table, a
    // virtual table's shadow tables to the virtual table.
    std::map<std::string, std::string> owner;
    std::vector<std::string> tables;
    std::vector<std::string> virtual_tables;
    query("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema ORDER BY rowid",
          [&](sqlite3_stmt* st) {
            const std::string name = text(st, 1);
            owner[name] = text(st, 2);
            if (text(st, 0) != "table" || name.rfind("sqlite_", 0) == 0) return;
            if (text(st, 3).rfind("CREATE VIRTUAL TABLE", 0) == 0) {
              virtual_tables.push_back(name);
            } else {
              tables.push_back(name);
            }
          });
    for (const std::string& v : virtual_tables) {
      for (const std::string& t : tables) {
        if (t.rfind(v + "_", 0) == 0) owner[t] = v;
      }
    }
    std::map<std::string, std::int64_t> bytes;
    query("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name", [&](sqlite3_stmt* st) {
      const std::string name = text(st, 0);
      const auto it = owner.find(name);
      bytes[it == owner.end() ? name : it->second] += sqlite3_column_int64(st, 1);
    });
    for (const std::string& v : virtual_tables) figures.virtual_table_bytes += bytes[v];
    for (const std::string& table : tables) {
      if (owner[table] != table) continue;  // a shadow table, counted with its virtual table
      TableFigures t;
      t.name = table;
      t.bytes = bytes[table];
      std::string quoted = "\"";
      for (char c : table) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
      query("SELECT count(*) FROM " + quoted + "\"",
            [&t](sqlite3_stmt* st) { t.rows = sqlite3_column_int64(st, 0); });
      figures.tables.push_back(std::move(t));
    }
  } catch (...) {
    sqlite3_close(db);
    throw;
  }
  sqlite3_close(db);
  return figures;
}

StoreRun run_store_only(const std::string& archive, const std::string& db_path, int jobs) {
  require_new_database(db_path);
  const WalkResult walk = walk_paths({archive});
  if (!walk.failures.empty())
    throw std::runtime_error("cannot walk " + walk.failures.front().first);
  if (jobs <= 0) jobs = static_cast<int>(std::thread::hardware_concurrency());
  StoreRun run;
  RssSampler store_sampler;
  Database db(db_path, Database::Mode::kReadWrite);
  GameStore store(db);
  Clock::time_point start = Clock::now();
  store.begin_bulk_load();
  store.begin();
  run.store_seconds += seconds_since(start);
  std::int64_t in_batch = 0;
  std::vector<ParsedInput> chunk;
  std::size_t begin = 0;
  while (begin < walk.files.size()) {
    // Chunks end at a file boundary after about kStoreChunkGames games;
    // a file's games are counted after parsing, so chunks grow by files.
    std::size_t end = begin;
    std::int64_t games = 0;
    start = Clock::now();
    while (end < walk.files.size() && games < kStoreChunkGames) {
      const std::size_t step =
          std::min<std::size_t>(static_cast<std::size_t>(jobs), walk.files.size() - end);
      std::vector<ParsedInput> part;
      parse_chunk(walk.files, end, end + step, jobs, part);
      for (ParsedInput& in : part) {
        games += static_cast<std::int64_t>(in.games.size());
        chunk.push_back(std::move(in));
      }
      end += step;
    }
    run.parse_seconds += seconds_since(start);

    start = Clock::now();
    for (ParsedInput& in : chunk) {
      // As the import's writer: look the path up, then insert the file.
      if (const std::optional<KnownFile> known = store.find_file(in.path)) {
        store.clear_file(known->file_id);
      }
      const std::int64_t file_id = store.upsert_file(in.info);
      for (const Diagnostic& d : in.diagnostics) store.add_error(file_id, d);
      for (const PreparedGame& game : in.games) {
        store.add_game(file_id, game);
        ++run.games;
        run.nodes += static_cast<std::int64_t>(game.record.tree.size());
        if (++in_batch >= kBatchGames) {
          store.commit();
          store.begin();
          in_batch = 0;
        }
      }
    }
    run.store_seconds += seconds_since(start);
    chunk.clear();
    begin = end;
  }
  start = Clock::now();
  store.commit();
  run.store_seconds += seconds_since(start);
  const std::vector<RssSampler::Sample>& stored = store_sampler.stop();
  run.store_peak_rss = peak_between(stored, 0, stored.back().seconds + 1);
  run.finish_start_rss = current_rss_bytes();
  RssSampler finish_sampler;
  start = Clock::now();
  store.finish_bulk_load();
  run.finish_seconds = seconds_since(start);
  const std::vector<RssSampler::Sample>& finished = finish_sampler.stop();
  run.finish_peak_rss = peak_between(finished, 0, finished.back().seconds + 1);
  return run;
}

}  // namespace ludex
