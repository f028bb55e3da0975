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
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <thread>
#include <unordered_set>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "games/position_stream.h"
#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "indexer/content_hash.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

// looks_like_archive() needs the first 512 bytes (the tar magic is at 257).
constexpr std::size_t kHeadBytes = 512;
// An archive is hashed (not decompressed) in reads of this size.
constexpr std::size_t kHashChunk = std::size_t{1} << 20;

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

// What a record without games holds (FileResult's other members are empty).
std::int64_t record_bytes(const FileResult& r) {
  return static_cast<std::int64_t>(sizeof(FileResult)) + string_bytes(r.path) +
         string_bytes(r.container) + string_bytes(r.read_error) + string_bytes(r.content_hash) +
         diagnostics_bytes(r.parsed.diagnostics);
}

std::int64_t mtime_of(const std::string& path) {
  std::error_code ec;
  const auto t = fs::last_write_time(path, ec);
  if (ec) return 0;
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
}

Diagnostic located_error(std::string message, std::int64_t byte_offset) {
  Diagnostic d;
  d.severity = Severity::kError;
  d.game_index = -1;
  d.pos.byte_offset = byte_offset;
  d.message = std::move(message);
  return d;
}

// Thrown on a worker when the pipeline stops (the consumer or another worker
// failed): unwinds the archive being read. Not an error of its own.
struct PipelineStopped {};

struct Part {
  FileResult result;
  std::int64_t cost = 0;
};

// The parts of one file, member or archive record, in order.
struct Stream {
  std::deque<Part> parts;  // guarded by Run::mu_
};

// What input file i (on disk) gave: its streams in order. A file has one; an
// archive one per record and member.
struct Slot {
  std::deque<std::shared_ptr<Stream>> streams;  // guarded by Run::mu_
  bool closed = false;                          // no stream will be added; guarded by Run::mu_
};

// A member's bytes, read by its archive's worker, waiting to be parsed by any.
struct ParseJob {
  std::shared_ptr<Stream> stream;
  FileResult head;  // the member's record: kind, path, size, hash, ...
  std::string bytes;
  std::int64_t charged = 0;        // budget bytes that `bytes` hold
  std::vector<Diagnostic> extras;  // added after the member's own diagnostics
};

class Run {
 public:
  Run(const std::vector<std::string>& files, const PipelineOptions& options,
      const PipelineCallbacks& callbacks)
      : files_(files), options_(options), callbacks_(callbacks) {
    jobs_count_ =
        options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
    if (jobs_count_ <= 0) jobs_count_ = 1;
    window_ = static_cast<std::size_t>(options.window > 0 ? options.window : 4 * jobs_count_);
    budget_ = options.budget_bytes > 0 ? options.budget_bytes : kDefaultPipelineBudget;
    part_bytes_ =
        options.part_bytes > 0 ? options.part_bytes : std::max<std::int64_t>(1, budget_ / 8);
    slots_.resize(window_);
  }

  void go();

 private:
  void worker();
  // Requires mu_.
  bool can_take_item() const {
    return next_to_take_ < files_.size() && next_to_take_ < head_ + window_ &&
           (in_use_ < budget_ || next_to_take_ == head_);
  }
  // Whether input file i was found unchanged by its size and time before the
  // workers started: the consumer then hands on its record itself.
  bool presolved(std::size_t i) const {
    return !stats_.empty() && stats_[i].verdict != StatVerdict::kRead;
  }
  // The size and time check of every input file, on the calling thread
  // (callbacks_.unchanged_by_stat): an unchanged file costs no worker, no
  // queue and no wake-up, which is most of what a re-import of many small
  // unchanged files would cost.
  void check_stats();
  // Requires mu_ and a job.
  ParseJob take_job() {
    auto first = jobs_.begin();
    ParseJob job = std::move(first->second);
    jobs_.erase(first);
    return job;
  }

  void process_item(std::size_t index);
  void read_top_archive(std::size_t index, FileResult r);
  // Reads the archive's members (depth 1 = on disk); returns whether it was
  // read to its end. Errors of the archive as a whole go to diagnostics.
  bool read_members(std::size_t index, ArchiveReader& reader, const std::string& archive_path,
                    int depth, ExpansionBudget& budget, std::vector<Diagnostic>& diagnostics);
  // Parses bytes as the content of head's file or member, handing the parts
  // on to stream. extras are added to the last part's diagnostics.
  void parse_into(const std::shared_ptr<Stream>& stream, FileResult head, const std::string& bytes,
                  std::vector<Diagnostic> extras);
  void run_job(ParseJob&& job) {
    parse_into(job.stream, std::move(job.head), job.bytes, std::move(job.extras));
    std::string().swap(job.bytes);
    charge(-job.charged);
  }

  std::shared_ptr<Stream> open_stream(std::size_t index);
  // A record without games (an archive's begin or end, a member not read):
  // charged, but never waits for the budget, so that a worker reading an
  // archive is never stuck behind it (read_members() waits in
  // wait_for_room(), where it parses queued members, before emitting one
  // per member).
  void emit_record(std::size_t index, FileResult&& r);
  // Waits for room in the budget; the stream being consumed always gets one
  // part into its empty queue. False once the pipeline stops.
  bool emit_part(const std::shared_ptr<Stream>& stream, FileResult&& part, std::int64_t cost);
  void close_slot(std::size_t index);
  void charge(std::int64_t bytes);
  // Before an archive's worker reads a member: waits for room in the budget
  // (or for the consumer to wait on this archive), parsing queued members
  // meanwhile so that the one the consumer waits for is never left queued.
  void wait_for_room(std::size_t index);
  void push_job(std::size_t index, ParseJob&& job);
  // Requires lock on mu_. Frees one spent part (outside the lock) and
  // releases its cost; false when there is none.
  bool free_spent(std::unique_lock<std::mutex>& lock);
  void stop_with(std::exception_ptr error);

  const std::vector<std::string>& files_;
  const PipelineOptions& options_;
  const PipelineCallbacks& callbacks_;
  int jobs_count_ = 1;
  std::size_t window_ = 1;
  std::int64_t budget_ = 0;
  std::int64_t part_bytes_ = 0;

  std::mutex mu_;
  std::condition_variable part_ready_;  // the consumer waits on it
  std::condition_variable wake_;        // the workers wait on it
  std::vector<Slot> slots_;             // slots_[i % window_] for input file i
  std::size_t next_to_take_ = 0;        // guarded by mu_
  std::size_t head_ = 0;                // the input file being consumed; guarded by mu_
  const Stream* current_ = nullptr;     // the stream being consumed; guarded by mu_
  std::size_t in_progress_ = 0;         // input files taken, not finished; guarded by mu_
  std::int64_t in_use_ = 0;             // bytes charged; guarded by mu_
  // Members waiting to be parsed, by (input file, order of reading): the one
  // the consumer needs next is always the first.
  std::map<std::pair<std::size_t, std::uint64_t>, ParseJob> jobs_;  // guarded by mu_
  std::uint64_t job_seq_ = 0;                                       // guarded by mu_
  // Parts consumed, whose memory a worker frees (and then releases their
  // cost): freeing a file's games and positions is work the single
  // consuming thread need not do.
  std::vector<Part> spent_;  // guarded by mu_
  // check_stats(): per input file, written before the workers start.
  struct Stat {
    StatVerdict verdict = StatVerdict::kRead;
    std::int64_t size = 0;
    std::int64_t mtime_ns = 0;
  };
  std::vector<Stat> stats_;
  bool stop_ = false;                // guarded by mu_
  std::exception_ptr worker_error_;  // guarded by mu_
};

std::shared_ptr<Stream> Run::open_stream(std::size_t index) {
  auto stream = std::make_shared<Stream>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) throw PipelineStopped{};
    slots_[index % window_].streams.push_back(stream);
  }
  part_ready_.notify_all();
  return stream;
}

void Run::emit_record(std::size_t index, FileResult&& r) {
  auto stream = std::make_shared<Stream>();
  const std::int64_t cost = record_bytes(r);
  r.part = 0;
  r.last = true;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) throw PipelineStopped{};
    stream->parts.push_back(Part{std::move(r), cost});
    in_use_ += cost;
    slots_[index % window_].streams.push_back(std::move(stream));
  }
  part_ready_.notify_all();
}

bool Run::free_spent(std::unique_lock<std::mutex>& lock) {
  if (spent_.empty()) return false;
  std::int64_t cost = 0;
  {
    Part part = std::move(spent_.back());
    spent_.pop_back();
    cost = part.cost;
    lock.unlock();
  }  // freed here, outside the lock
  lock.lock();
  in_use_ -= cost;
  wake_.notify_all();
  return true;
}

bool Run::emit_part(const std::shared_ptr<Stream>& stream, FileResult&& part, std::int64_t cost) {
  {
    std::unique_lock<std::mutex> lock(mu_);
    // While it waits for room, a worker frees what the consumer is done
    // with: that is what makes room.
    for (;;) {
      if (stop_ || in_use_ + cost <= budget_ ||
          (current_ == stream.get() && stream->parts.empty())) {
        break;
      }
      if (!free_spent(lock)) wake_.wait(lock);
    }
    if (stop_) return false;
    in_use_ += cost;
    stream->parts.push_back(Part{std::move(part), cost});
  }
  part_ready_.notify_all();
  return true;
}

void Run::close_slot(std::size_t index) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots_[index % window_].closed = true;
  }
  part_ready_.notify_all();
}

void Run::charge(std::int64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    in_use_ += bytes;
  }
  if (bytes < 0) wake_.notify_all();
}

void Run::wait_for_room(std::size_t index) {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (stop_) throw PipelineStopped{};
    if (in_use_ < budget_) return;
    if (index == head_ && slots_[index % window_].streams.empty()) return;
    if (free_spent(lock)) continue;
    if (!jobs_.empty()) {
      ParseJob job = take_job();
      lock.unlock();
      run_job(std::move(job));
      lock.lock();
      continue;
    }
    wake_.wait(lock);
  }
}

void Run::push_job(std::size_t index, ParseJob&& job) {
  job.stream = std::make_shared<Stream>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) throw PipelineStopped{};
    slots_[index % window_].streams.push_back(job.stream);
    jobs_.emplace(std::make_pair(index, job_seq_++), std::move(job));
  }
  part_ready_.notify_all();
  wake_.notify_all();
}

void Run::stop_with(std::exception_ptr error) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (error && !worker_error_) worker_error_ = error;
    stop_ = true;
  }
  part_ready_.notify_all();
  wake_.notify_all();
}

void Run::parse_into(const std::shared_ptr<Stream>& stream, FileResult head,
                     const std::string& bytes, std::vector<Diagnostic> extras) {
  const SourceKind kind = head.kind;
  const std::string path = head.path;
  FileResult r = std::move(head);
  std::int32_t part = 0;
  std::int64_t cost = 0;
  bool stopped = false;
  auto flush = [&](bool last) {
    r.part = part++;
    r.last = last;
    if (last) {
      for (Diagnostic& d : extras) r.parsed.diagnostics.push_back(std::move(d));
    }
    cost += diagnostics_bytes(r.parsed.diagnostics);
    if (!emit_part(stream, std::move(r), cost)) stopped = true;
    r = FileResult{};
    r.kind = kind;
    r.path = path;
    cost = 0;
  };
  auto add_game = [&](GameRecord&& game) {
    if (stopped) return;
    if (!options_.positions) {
      cost += estimate_game_bytes(game, GamePositions(), GameLayout());
      r.parsed.games.push_back(std::move(game));
      if (cost >= part_bytes_) flush(false);
      return;
    }
    GamePositions positions = compute_positions(game);
    for (Diagnostic& w : positions.warnings) game.warnings.push_back(std::move(w));
    positions.warnings.clear();
    // Here, on a worker, rather than on the single writer thread.
    attach_position_stream(game, &positions);
    GameLayout layout = compute_game_layout(game);
    cost += estimate_game_bytes(game, positions, layout);
    r.parsed.games.push_back(std::move(game));
    r.positions.push_back(std::move(positions));
    r.layouts.push_back(std::move(layout));
    if (cost >= part_bytes_) flush(false);
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
}

void Run::check_stats() {
  if (!callbacks_.unchanged_by_stat) return;
  stats_.resize(files_.size());
  for (std::size_t i = 0; i < files_.size(); ++i) {
    Stat& st = stats_[i];
    std::error_code size_error;
    const auto size = fs::file_size(files_[i], size_error);
    if (size_error) continue;
    st.size = static_cast<std::int64_t>(size);
    st.mtime_ns = mtime_of(files_[i]);
    st.verdict = callbacks_.unchanged_by_stat(files_[i], st.size, st.mtime_ns);
  }
}

void Run::process_item(std::size_t index) {
  const std::string& path = files_[index];
  FileResult r;
  r.path = path;
  r.mtime_ns = mtime_of(path);
  // Asked once: the stat check and the read's size hint use it.
  std::error_code size_error;
  const auto size = fs::file_size(path, size_error);
  // check_stats() asked already (and said "read").
  if (callbacks_.unchanged_by_stat && stats_.empty()) {
    const StatVerdict verdict = size_error ? StatVerdict::kRead
                                           : callbacks_.unchanged_by_stat(
                                                 path, static_cast<std::int64_t>(size), r.mtime_ns);
    if (verdict != StatVerdict::kRead) {
      r.readable = true;
      r.skipped = true;
      r.size = static_cast<std::int64_t>(size);
      if (verdict == StatVerdict::kUnchangedArchive) {
        r.kind = SourceKind::kArchive;
        emit_record(index, std::move(r));
        close_slot(index);
        return;
      }
      const std::shared_ptr<Stream> stream = open_stream(index);
      close_slot(index);
      emit_part(stream, std::move(r), 0);
      return;
    }
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    r.read_error = std::string("cannot open file: ") + std::strerror(errno);
    emit_record(index, std::move(r));
    close_slot(index);
    return;
  }
  std::string bytes(kHeadBytes, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (options_.archives && !in.bad() && has_archive_name(path) && looks_like_archive(bytes)) {
    in.close();
    read_top_archive(index, std::move(r));
    return;
  }
  const std::shared_ptr<Stream> stream = open_stream(index);
  close_slot(index);
  // The size is a hint for one read; reading to the end decides.
  if (in.good()) {
    const std::size_t got = bytes.size();
    if (!size_error && size > got) {
      bytes.resize(static_cast<std::size_t>(size));
      in.read(bytes.data() + got, static_cast<std::streamsize>(size - got));
      bytes.resize(got + static_cast<std::size_t>(in.gcount()));
    }
    if (in.good()) {
      std::ostringstream rest;
      rest << in.rdbuf();
      bytes += std::move(rest).str();
    }
  }
  if (in.bad()) {
    r.read_error = std::string("cannot read file: ") + std::strerror(errno);
    emit_part(stream, std::move(r), 0);
    return;
  }
  r.readable = true;
  r.size = static_cast<std::int64_t>(bytes.size());
  r.content_hash = content_hash(bytes);
  if (!callbacks_.should_parse(path, r.size, r.content_hash)) {
    r.skipped = true;
    emit_part(stream, std::move(r), 0);
    return;
  }
  const std::int64_t source = heap_block(bytes.capacity());
  charge(source);
  parse_into(stream, std::move(r), bytes, {});
  std::string().swap(bytes);
  charge(-source);
}

void Run::read_top_archive(std::size_t index, FileResult r) {
  const std::string path = r.path;
  r.kind = SourceKind::kArchive;
  FileResult end;
  end.kind = SourceKind::kArchiveEnd;
  end.path = path;
  end.readable = true;
  // The compressed bytes are hashed first: an unchanged archive is then
  // skipped without decompressing anything.
  {
    std::ifstream in(path, std::ios::binary);
    ContentHasher hasher;
    std::string chunk(kHashChunk, '\0');
    std::int64_t size = 0;
    while (in) {
      in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
      const auto n = static_cast<std::size_t>(in.gcount());
      hasher.update(std::string_view(chunk.data(), n));
      size += static_cast<std::int64_t>(n);
    }
    if (in.bad() || !in.eof()) {
      r.read_error = std::string("cannot read file: ") + std::strerror(errno);
      emit_record(index, std::move(r));
      emit_record(index, std::move(end));
      close_slot(index);
      return;
    }
    r.readable = true;
    r.size = size;
    r.content_hash = hasher.digest();
  }
  if (callbacks_.should_read_archive &&
      !callbacks_.should_read_archive(path, r.size, r.content_hash)) {
    r.skipped = true;
    emit_record(index, std::move(r));
    close_slot(index);
    return;
  }
  const std::int64_t size = r.size;
  const std::int64_t mtime = r.mtime_ns;
  const std::string hash = r.content_hash;
  emit_record(index, std::move(r));
  ExpansionBudget budget(size, options_.archive_limits);
  {
    ArchiveReader reader = ArchiveReader::open_file(path, fs::path(path).filename().string(),
                                                    options_.archive_limits, budget);
    end.complete = read_members(index, reader, path, 1, budget, end.parsed.diagnostics);
  }
  // An archive written to while it was read is recorded with no hash, so
  // that the next import reads it again.
  std::error_code ec;
  const auto size_now = fs::file_size(path, ec);
  if (!ec && static_cast<std::int64_t>(size_now) == size && mtime_of(path) == mtime) {
    end.content_hash = hash;
  }
  emit_record(index, std::move(end));
  close_slot(index);
}

bool Run::read_members(std::size_t index, ArchiveReader& reader, const std::string& archive_path,
                       int depth, ExpansionBudget& budget, std::vector<Diagnostic>& diagnostics) {
  const ArchiveLimits& limits = options_.archive_limits;
  std::unordered_set<std::string> names;
  // Members met (read, skipped or refused; directories are not members).
  std::int64_t members = 0;
  ArchiveEntry e;
  for (;;) {
    const ArchiveStep step = reader.next(e);
    if (step == ArchiveStep::kEnd) {
      // An archive read to its end without a member would otherwise leave
      // no trace but its own row.
      if (members == 0) {
        Diagnostic w =
            located_error("the archive holds no files: nothing was imported from it", -1);
        w.severity = Severity::kWarning;
        diagnostics.push_back(std::move(w));
      }
      return true;
    }
    if (step == ArchiveStep::kSkippedDamage) {
      diagnostics.push_back(located_error(reader.error(), reader.position()));
      continue;
    }
    if (step == ArchiveStep::kBroken) {
      diagnostics.push_back(located_error(reader.error(), reader.position()));
      return false;
    }
    if (e.type == EntryType::kDirectory && e.problem.empty()) continue;
    ++members;
    FileResult m;
    m.kind = SourceKind::kMember;
    m.container = archive_path;
    m.path = archive_path + "//" + e.path;
    m.mtime_ns = e.mtime_ns;
    m.size = std::max<std::int64_t>(0, e.size);
    m.repeated = !names.insert(e.path).second;
    if (!e.problem.empty()) {
      // Counted in the budget like a member's bytes, so that an archive of
      // a million links cannot pile up records.
      wait_for_room(index);
      m.read_error = e.problem;
      emit_record(index, std::move(m));
      continue;
    }
    wait_for_room(index);
    std::string bytes;
    const MemberRead read = reader.read(bytes);
    std::vector<Diagnostic> extras;
    if (!e.warning.empty()) {
      Diagnostic w = located_error("the archive's header of this member: " + e.warning, -1);
      w.severity = Severity::kWarning;
      extras.push_back(std::move(w));
    }
    bool last_member = false;
    switch (read.outcome) {
      case ReadOutcome::kComplete:
        break;
      case ReadOutcome::kBroken:
        if (bytes.empty()) {
          m.read_error = read.message;
          emit_record(index, std::move(m));
          diagnostics.push_back(located_error(
              "the archive cannot be read past member '" + e.path + "'", reader.position()));
          return false;
        }
        // What was read before the damage is parsed, like a truncated file.
        extras.push_back(located_error(read.message + "; the games before this point are kept",
                                       static_cast<std::int64_t>(bytes.size())));
        last_member = true;
        break;
      case ReadOutcome::kBomb:
        m.read_error = read.message;
        emit_record(index, std::move(m));
        return false;
      case ReadOutcome::kDamaged:
        m.read_error = read.message + ": not imported";
        emit_record(index, std::move(m));
        continue;
      case ReadOutcome::kUnreadable:
      case ReadOutcome::kTooLarge:
        m.read_error = read.message;
        emit_record(index, std::move(m));
        continue;
    }
    m.readable = true;
    m.size = static_cast<std::int64_t>(bytes.size());
    // A member read only in part gets no hash: it is parsed again whenever
    // its archive is read again.
    if (!last_member) m.content_hash = content_hash(bytes);
    const bool nested = has_archive_name(e.path) &&
                        looks_like_archive(std::string_view(bytes).substr(0, kHeadBytes));
    if (nested && !last_member && depth >= limits.max_depth) {
      m.readable = false;
      m.read_error = "an archive inside " + std::to_string(depth) +
                     " levels of archives: not read (deeper than ludex reads)";
      emit_record(index, std::move(m));
      continue;
    }
    const std::int64_t held = heap_block(bytes.capacity());
    charge(held);
    if (nested && !last_member) {
      m.kind = SourceKind::kArchive;
      if (!m.repeated && callbacks_.should_read_archive &&
          !callbacks_.should_read_archive(m.path, m.size, m.content_hash)) {
        m.skipped = true;
        emit_record(index, std::move(m));
        charge(-held);
        continue;
      }
      FileResult end;
      end.kind = SourceKind::kArchiveEnd;
      end.path = m.path;
      end.container = archive_path;
      end.readable = true;
      end.content_hash = m.content_hash;
      const std::string inner_path = m.path;
      emit_record(index, std::move(m));
      {
        ArchiveReader inner = ArchiveReader::open_memory(bytes, e.path, limits, budget);
        end.complete =
            read_members(index, inner, inner_path, depth + 1, budget, end.parsed.diagnostics);
      }
      emit_record(index, std::move(end));
      std::string().swap(bytes);
      charge(-held);
      // The allowance is shared with the archives around it: spent, they
      // stop too.
      if (budget.used() > budget.allowed()) return false;
      continue;
    }
    if (!last_member && !m.repeated && !callbacks_.should_parse(m.path, m.size, m.content_hash)) {
      m.skipped = true;
      emit_record(index, std::move(m));
      charge(-held);
      continue;
    }
    ParseJob job;
    job.head = std::move(m);
    job.bytes = std::move(bytes);
    job.charged = held;
    job.extras = std::move(extras);
    push_job(index, std::move(job));
    if (last_member) {
      diagnostics.push_back(located_error("the archive cannot be read past member '" + e.path + "'",
                                          reader.position()));
      return false;
    }
  }
}

void Run::worker() {
  try {
    for (;;) {
      std::unique_lock<std::mutex> lock(mu_);
      // Once every file is taken and finished, a worker stays to free what
      // the consumer hands back, until the pipeline stops.
      wake_.wait(lock,
                 [&] { return stop_ || !spent_.empty() || !jobs_.empty() || can_take_item(); });
      if (stop_) return;
      if (free_spent(lock)) continue;
      if (!jobs_.empty()) {
        ParseJob job = take_job();
        lock.unlock();
        run_job(std::move(job));
        continue;
      }
      const std::size_t index = next_to_take_++;
      if (presolved(index)) continue;  // the consumer hands it on
      ++in_progress_;
      lock.unlock();
      struct Finished {
        Run& run;
        ~Finished() {
          {
            std::lock_guard<std::mutex> l(run.mu_);
            --run.in_progress_;
          }
          run.wake_.notify_all();
        }
      } finished{*this};
      process_item(index);
    }
  } catch (const PipelineStopped&) {
    return;
  } catch (...) {
    stop_with(std::current_exception());
  }
}

void Run::go() {
  check_stats();
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(jobs_count_));
  for (int i = 0; i < jobs_count_; ++i) threads.emplace_back([this] { worker(); });

  auto shut_down = [&] {
    stop_with(nullptr);
    for (std::thread& t : threads) t.join();
  };
  auto rethrow_worker_error = [&] {
    if (worker_error_) std::rethrow_exception(worker_error_);
  };

  try {
    for (std::size_t i = 0; i < files_.size(); ++i) {
      Slot& slot = slots_[i % window_];
      if (presolved(i)) {
        FileResult r;
        r.path = files_[i];
        r.readable = true;
        r.skipped = true;
        r.size = stats_[i].size;
        r.mtime_ns = stats_[i].mtime_ns;
        if (stats_[i].verdict == StatVerdict::kUnchangedArchive) r.kind = SourceKind::kArchive;
        callbacks_.consume(std::move(r));
        {
          std::lock_guard<std::mutex> lock(mu_);
          head_ = i + 1;
        }
        wake_.notify_all();
        continue;
      }
      for (;;) {
        std::shared_ptr<Stream> stream;
        {
          std::unique_lock<std::mutex> lock(mu_);
          part_ready_.wait(lock,
                           [&] { return worker_error_ || !slot.streams.empty() || slot.closed; });
          rethrow_worker_error();
          if (slot.streams.empty()) break;
          stream = slot.streams.front();
          current_ = stream.get();
        }
        wake_.notify_all();
        bool last = false;
        while (!last) {
          Part part;
          {
            std::unique_lock<std::mutex> lock(mu_);
            part_ready_.wait(lock, [&] { return worker_error_ || !stream->parts.empty(); });
            rethrow_worker_error();
            part = std::move(stream->parts.front());
            stream->parts.pop_front();
          }
          last = part.result.last;
          callbacks_.consume(std::move(part.result));
          // A worker frees the part's memory, then releases its cost.
          {
            std::lock_guard<std::mutex> lock(mu_);
            spent_.push_back(std::move(part));
          }
          wake_.notify_all();
        }
        {
          std::lock_guard<std::mutex> lock(mu_);
          slot.streams.pop_front();
          current_ = nullptr;
        }
        wake_.notify_all();
      }
      {
        std::lock_guard<std::mutex> lock(mu_);
        slot.closed = false;
        head_ = i + 1;
      }
      wake_.notify_all();
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

}  // namespace

std::int64_t estimate_game_bytes(const GameRecord& game, const GamePositions& positions,
                                 const GameLayout& layout) {
  std::int64_t n = static_cast<std::int64_t>(sizeof(GameRecord) + sizeof(GamePositions));
  n += static_cast<std::int64_t>(game.tree.heap_bytes());
  n += vector_bytes(game.players);
  for (const SeatPlayer& p : game.players) n += string_bytes(p.name);
  n += string_bytes(game.dialect) + string_bytes(game.variant) + string_bytes(game.result) +
       string_bytes(game.date) + string_bytes(game.event) + string_bytes(game.round) +
       string_bytes(game.charset) + diagnostics_bytes(game.warnings);
  n += vector_bytes(positions.hashes) + vector_bytes(positions.deltas) +
       diagnostics_bytes(positions.warnings) + string_bytes(positions.stream) +
       vector_bytes(positions.features) + vector_bytes(layout.order) +
       vector_bytes(layout.descendants) + vector_bytes(layout.depth) +
       vector_bytes(layout.moveless) + vector_bytes(layout.main_line) + vector_bytes(layout.swings);
  for (const PositionDelta& d : positions.deltas) {
    n += vector_bytes(d.placed) + vector_bytes(d.removed) + vector_bytes(d.links_added) +
         vector_bytes(d.links_removed) + string_bytes(d.piece);
  }
  return n;
}

void run_parse_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                        const PipelineCallbacks& callbacks) {
  Run run(files, options, callbacks);
  run.go();
}

void run_parse_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                        const ShouldRead& should_parse,
                        const std::function<void(FileResult&&)>& consume) {
  PipelineCallbacks callbacks;
  callbacks.should_parse = should_parse;
  callbacks.consume = consume;
  run_parse_pipeline(files, options, callbacks);
}

}  // namespace ludex
