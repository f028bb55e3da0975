#include "indexer/archive_walk.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <utility>

#include "indexer/content_hash.h"
#include "indexer/file_walk.h"
#include "indexer/memory_cost.h"

namespace ludex {
namespace fs = std::filesystem;

namespace {

// An archive is hashed (not decompressed) in reads of this size.
constexpr std::size_t kHashChunk = std::size_t{1} << 20;

Diagnostic located_error(std::string message, std::int64_t byte_offset) {
  return error_at(-1, at_byte(byte_offset), std::move(message));
}

Diagnostic located_warning(std::string message) {
  Diagnostic d = located_error(std::move(message), -1);
  d.severity = Severity::kWarning;
  return d;
}

// The end record of the archive `path` inside `container` ("" on disk).
FileResult archive_end(const std::string& path, const std::string& container) {
  FileResult end;
  end.kind = SourceKind::kArchiveEnd;
  end.path = path;
  end.container = container;
  end.readable = true;
  return end;
}

}  // namespace

ArchiveWalk::ArchiveWalk(OrderedWorkQueue& queue, const PipelineOptions& options,
                         const PipelineCallbacks& callbacks)
    : queue_(queue), options_(options), callbacks_(callbacks) {}

void ArchiveWalk::read(std::size_t index, FileResult r) {
  const std::string path = r.path;
  r.kind = SourceKind::kArchive;
  FileResult end = archive_end(path, "");
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
      queue_.emit_record(index, std::move(r));
      queue_.emit_record(index, std::move(end));
      queue_.close_slot(index);
      return;
    }
    r.readable = true;
    r.size = size;
    r.content_hash = hasher.digest();
  }
  if (callbacks_.should_read_archive &&
      !callbacks_.should_read_archive(path, r.size, r.content_hash)) {
    r.skipped = true;
    queue_.emit_record(index, std::move(r));
    queue_.close_slot(index);
    return;
  }
  const std::int64_t size = r.size;
  const std::int64_t mtime = r.mtime_ns;
  const std::string hash = r.content_hash;
  queue_.emit_record(index, std::move(r));
  ExpansionBudget budget(size, options_.archive_limits);
  {
    ArchiveReader reader = ArchiveReader::open_file(path, fs::path(path).filename().string(),
                                                    options_.archive_limits, budget);
    end.complete = read_members(index, reader, path, 1, budget, end.diagnostics);
  }
  // An archive written to while it was read is recorded with no hash, so
  // that the next import reads it again.
  const std::optional<FileStat> now = stat_file(path);
  if (now && now->size == size && now->mtime_ns == mtime) {
    end.content_hash = hash;
  }
  queue_.emit_record(index, std::move(end));
  queue_.close_slot(index);
}

bool ArchiveWalk::read_members(std::size_t index, ArchiveReader& reader,
                               const std::string& archive_path, int depth, ExpansionBudget& budget,
                               std::vector<Diagnostic>& diagnostics) {
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
        diagnostics.push_back(
            located_warning("the archive holds no files: nothing was imported from it"));
      }
      return true;
    }
    if (step == ArchiveStep::kSkippedDamage || step == ArchiveStep::kBroken) {
      diagnostics.push_back(located_error(reader.error(), reader.position()));
      if (step == ArchiveStep::kBroken) return false;
      continue;
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
    // Counted in the budget like a member's bytes (a refused member too, so
    // that an archive of a million links cannot pile up records).
    queue_.wait_for_room(index);
    if (!e.problem.empty()) {
      m.read_error = e.problem;
      queue_.emit_record(index, std::move(m));
      continue;
    }
    std::string bytes;
    const MemberRead read = reader.read(bytes);
    std::vector<Diagnostic> extras;
    if (!e.warning.empty()) {
      extras.push_back(located_warning("the archive's header of this member: " + e.warning));
    }
    bool last_member = false;
    switch (read.outcome) {
      case ReadOutcome::kComplete:
        break;
      case ReadOutcome::kBroken:
        if (bytes.empty()) {
          m.read_error = read.message;
          queue_.emit_record(index, std::move(m));
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
      case ReadOutcome::kDamaged:
      case ReadOutcome::kUnreadable:
      case ReadOutcome::kTooLarge:
        m.read_error = read.message;
        if (read.outcome == ReadOutcome::kDamaged) m.read_error += ": not imported";
        queue_.emit_record(index, std::move(m));
        if (read.outcome == ReadOutcome::kBomb) return false;
        continue;
    }
    m.readable = true;
    m.size = static_cast<std::int64_t>(bytes.size());
    // A member read only in part gets no hash: it is parsed again whenever
    // its archive is read again.
    if (!last_member) m.content_hash = content_hash(bytes);
    const bool nested = !last_member && has_archive_name(e.path) &&
                        looks_like_archive(std::string_view(bytes).substr(0, kArchiveHeadBytes));
    if (nested && depth >= options_.archive_limits.max_depth) {
      m.readable = false;
      m.read_error = "an archive inside " + std::to_string(depth) +
                     " levels of archives: not read (deeper than ludex reads)";
      queue_.emit_record(index, std::move(m));
      continue;
    }
    const std::int64_t held = heap_block(bytes.capacity());
    queue_.charge(held);
    if (nested) {
      if (!read_nested(index, std::move(m), bytes, held, e.path, depth, budget)) return false;
      continue;
    }
    if (!last_member && !m.repeated && !callbacks_.should_parse(m.path, m.size, m.content_hash)) {
      m.skipped = true;
      queue_.emit_record(index, std::move(m));
      queue_.charge(-held);
      continue;
    }
    ParseJob job;
    job.head = std::move(m);
    job.bytes = std::move(bytes);
    job.charged = held;
    job.extras = std::move(extras);
    queue_.push_job(index, std::move(job));
    if (last_member) {
      diagnostics.push_back(located_error("the archive cannot be read past member '" + e.path + "'",
                                          reader.position()));
      return false;
    }
  }
}

bool ArchiveWalk::read_nested(std::size_t index, FileResult m, std::string& bytes,
                              std::int64_t held, const std::string& name, int depth,
                              ExpansionBudget& budget) {
  m.kind = SourceKind::kArchive;
  if (!m.repeated && callbacks_.should_read_archive &&
      !callbacks_.should_read_archive(m.path, m.size, m.content_hash)) {
    m.skipped = true;
    queue_.emit_record(index, std::move(m));
    queue_.charge(-held);
    return true;
  }
  FileResult end = archive_end(m.path, m.container);
  end.content_hash = m.content_hash;
  const std::string inner_path = m.path;
  queue_.emit_record(index, std::move(m));
  {
    ArchiveReader inner = ArchiveReader::open_memory(bytes, name, options_.archive_limits, budget);
    end.complete = read_members(index, inner, inner_path, depth + 1, budget, end.diagnostics);
  }
  queue_.emit_record(index, std::move(end));
  std::string().swap(bytes);
  queue_.charge(-held);
  // The allowance is shared with the archives around it: spent, they stop
  // too.
  return budget.used() <= budget.allowed();
}

}  // namespace ludex
