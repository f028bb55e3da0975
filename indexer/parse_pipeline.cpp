#include "indexer/parse_pipeline.h"

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "games/position_stream.h"
#include "indexer/archive_walk.h"
#include "indexer/content_hash.h"
#include "indexer/file_walk.h"
#include "indexer/memory_cost.h"
#include "indexer/ordered_work_queue.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

// What the pipeline's workers do with the input files: read and hash each
// (an archive goes to ArchiveWalk) and parse it, or a member's bytes, into
// parts of about part_bytes.
class ParseWork : public OrderedWorkQueue::Producer {
 public:
  ParseWork(const std::vector<std::string>& files, const PipelineOptions& options,
            const PipelineCallbacks& callbacks)
      : files_(files), options_(options), callbacks_(callbacks) {}

  // Runs the whole pipeline.
  void run();

  void produce(std::size_t index) override;
  void parse(ParseJob& job) override {
    parse_into(job.stream, std::move(job.head), job.bytes, std::move(job.extras));
  }
  // Whether input file i was found unchanged by its size and time before the
  // workers started: the consumer then hands on its record itself.
  bool presolved(std::size_t i) const override {
    return !stats_.empty() && stats_[i].verdict != StatVerdict::kRead;
  }
  FileResult presolved_record(std::size_t i) const override;

 private:
  // The size and time check of every input file, on the calling thread
  // (callbacks_.unchanged_by_stat): an unchanged file costs no worker, no
  // queue and no wake-up, which is most of what a re-import of many small
  // unchanged files would cost.
  void check_stats();
  // Parses bytes as the content of head's file or member, handing the parts
  // on to stream. extras are added to the last part's diagnostics.
  void parse_into(const std::shared_ptr<PartStream>& stream, FileResult head,
                  const std::string& bytes, std::vector<Diagnostic> extras);

  const std::vector<std::string>& files_;
  const PipelineOptions& options_;
  const PipelineCallbacks& callbacks_;
  std::int64_t part_bytes_ = 0;
  OrderedWorkQueue* queue_ = nullptr;  // while run() runs
  // check_stats(): per input file, written before the workers start.
  struct Stat {
    StatVerdict verdict = StatVerdict::kRead;
    std::int64_t size = 0;
    std::int64_t mtime_ns = 0;
  };
  std::vector<Stat> stats_;
};

void ParseWork::run() {
  int workers =
      options_.jobs > 0 ? options_.jobs : static_cast<int>(std::thread::hardware_concurrency());
  if (workers <= 0) workers = 1;
  OrderedWorkQueue::Sizes sizes;
  sizes.workers = workers;
  sizes.window = static_cast<std::size_t>(options_.window > 0 ? options_.window : 4 * workers);
  sizes.budget = options_.budget_bytes > 0 ? options_.budget_bytes : kDefaultPipelineBudget;
  part_bytes_ =
      options_.part_bytes > 0 ? options_.part_bytes : std::max<std::int64_t>(1, sizes.budget / 8);
  check_stats();
  OrderedWorkQueue queue(files_.size(), sizes, *this);
  queue_ = &queue;
  queue.run(callbacks_.consume);
  queue_ = nullptr;
#if defined(__GLIBC__)
  // Each worker's malloc arena keeps its high-water mark after the parsed
  // games are freed; hand those pages back, so that what comes next (the
  // index build after a bulk load) does not start from the pipeline's peak.
  malloc_trim(0);
#endif
}

void ParseWork::check_stats() {
  if (!callbacks_.unchanged_by_stat) return;
  stats_.resize(files_.size());
  for (std::size_t i = 0; i < files_.size(); ++i) {
    Stat& st = stats_[i];
    std::optional<FileStat> now;
    if (options_.stats != nullptr && i < options_.stats->size() &&
        (*options_.stats)[i].mtime_ns != 0) {
      now = (*options_.stats)[i];
    } else {
      now = stat_file(files_[i]);
    }
    if (!now) continue;
    st.size = now->size;
    st.mtime_ns = now->mtime_ns;
    st.verdict = callbacks_.unchanged_by_stat(files_[i], st.size, st.mtime_ns);
  }
}

FileResult ParseWork::presolved_record(std::size_t i) const {
  FileResult r;
  r.path = files_[i];
  r.readable = true;
  r.skipped = true;
  r.size = stats_[i].size;
  r.mtime_ns = stats_[i].mtime_ns;
  if (stats_[i].verdict == StatVerdict::kUnchangedArchive) r.kind = SourceKind::kArchive;
  return r;
}

void ParseWork::parse_into(const std::shared_ptr<PartStream>& stream, FileResult head,
                           const std::string& bytes, std::vector<Diagnostic> extras) {
  const SourceKind kind = head.kind;
  const std::string path = head.path;
  FileResult r = std::move(head);
  std::int32_t part = 0;
  std::int64_t cost = 0;
  bool stopped = false;
  std::string_view format;  // as parse_game_file returns it
  auto flush = [&](bool last) {
    // The first part names the format. A file handed on before its end (a
    // large collection) asks for it then; any other knows it by now.
    if (part == 0) r.format = last ? format : game_file_format(bytes);
    r.part = part++;
    r.last = last;
    if (last) {
      for (Diagnostic& d : extras) r.diagnostics.push_back(std::move(d));
    }
    cost += diagnostics_bytes(r.diagnostics);
    if (!queue_->emit_part(stream, std::move(r), cost)) stopped = true;
    r = FileResult{};
    r.kind = kind;
    r.path = path;
    cost = 0;
  };
  auto add_game = [&](GameRecord&& game) {
    if (stopped) return;
    // Here, on a worker, rather than on the single writer thread.
    PreparedGame prepared;
    if (options_.positions) {
      prepared = prepare_game(std::move(game));
    } else {
      prepared.record = std::move(game);  // parsing alone: nothing derived
    }
    cost += estimate_game_bytes(prepared);
    r.games.push_back(std::move(prepared));
    if (cost >= part_bytes_) flush(false);
  };
  format = parse_game_file(bytes, add_game, [&](Diagnostic&& d) {
    if (!stopped) r.diagnostics.push_back(std::move(d));
  });
  if (!stopped) flush(true);
}

void ParseWork::produce(std::size_t index) {
  const std::string& path = files_[index];
  FileResult r;
  r.path = path;
  // The size and time check, when there is one, was made by check_stats()
  // before the workers started, and said "read". One stat gives the time to
  // record and the size, a hint for the read.
  assert(!callbacks_.unchanged_by_stat || stats_.size() == files_.size());
  const std::optional<FileStat> now = stat_file(path);
  r.mtime_ns = now ? now->mtime_ns : 0;
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    r.read_error = std::string("cannot open file: ") + std::strerror(errno);
    queue_->emit_record(index, std::move(r));
    queue_->close_slot(index);
    return;
  }
  std::string bytes(kArchiveHeadBytes, '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  bytes.resize(static_cast<std::size_t>(in.gcount()));
  if (options_.archives && !in.bad() && has_archive_name(path) && looks_like_archive(bytes)) {
    in.close();
    ArchiveWalk(*queue_, options_, callbacks_).read(index, std::move(r));
    return;
  }
  const std::shared_ptr<PartStream> stream = queue_->open_stream(index);
  queue_->close_slot(index);
  // The size is a hint for one read; reading to the end decides.
  if (in.good()) {
    const std::size_t got = bytes.size();
    const auto size = static_cast<std::size_t>(now ? now->size : 0);
    if (size > got) {
      bytes.resize(size);
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
    queue_->emit_part(stream, std::move(r), 0);
    return;
  }
  r.readable = true;
  r.size = static_cast<std::int64_t>(bytes.size());
  r.content_hash = content_hash(bytes);
  if (!callbacks_.should_parse(path, r.size, r.content_hash)) {
    r.skipped = true;
    queue_->emit_part(stream, std::move(r), 0);
    return;
  }
  const std::int64_t source = heap_block(bytes.capacity());
  queue_->charge(source);
  parse_into(stream, std::move(r), bytes, {});
  std::string().swap(bytes);
  queue_->charge(-source);
}

}  // namespace

void run_parse_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                        const PipelineCallbacks& callbacks) {
  ParseWork(files, options, callbacks).run();
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
