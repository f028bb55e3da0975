// Parallel reading and parsing of files, delivered in input order.
//
// Worker threads read, hash and parse files and compute every node's position
// with no database access; the calling thread receives the results strictly in
// input order (so the same input always gives the same ids) and is the only one
// that writes. Memory is bounded by a byte budget, never by the size of the
// archive or of one file: parsed games are counted (an estimate of their heap
// memory, positions included) together with the bytes of the files being
// read, and a collection of many games is handed on in parts as it is parsed.
//
// Archives (docs/formats.md, "Archives") are read member by member, never
// unpacked to disk nor held whole: the worker that takes an archive reads its
// members one after the other (decompression is sequential), and each
// member's bytes are parsed like a file's, by whichever worker is free, under
// the same budget. Results still come in input order: an archive, then its
// members (and the archives inside it, the same way) in archive order, then
// the archive's end.
//
// The parts: indexer/ordered_work_queue.h keeps the order and the budget,
// indexer/archive_walk.h reads archives, indexer/memory_cost.h estimates
// what parsed games cost, and parse_pipeline.cpp reads and parses files.
#ifndef LUDEX_INDEXER_PARSE_PIPELINE_H_
#define LUDEX_INDEXER_PARSE_PIPELINE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "derive/prepared_game.h"
#include "importers/archive/archive_reader.h"
#include "importers/game_file.h"
#include "indexer/file_walk.h"

namespace ludex {

enum class SourceKind : std::uint8_t {
  kFile,    // a file on disk
  kMember,  // a file inside an archive: path "ARCHIVE//MEMBER", container ARCHIVE
  // An archive begins (on disk, or a member that is an archive): unless it
  // is skipped (unchanged) or unreadable, its members follow, then its
  // kArchiveEnd. size, mtime_ns and content_hash are the archive file's.
  kArchive,
  // The archive of the last open kArchive ends: parsed.diagnostics holds the
  // errors of the archive as a whole, complete says whether it was read to
  // its end, content_hash is the hash to record ("" when the file changed
  // while it was read: it must be read again).
  kArchiveEnd,
};

// One file, or one part of a file. A file comes in one or more parts, in
// order: the first (part == 0) carries everything below; a later part
// (part > 0) carries only more games and the errors read among them
// (diagnostics), and belongs to the file of the part
// before it. last is true on a file's final part. Archive records
// (kArchive, kArchiveEnd) come in one part.
struct FileResult {
  SourceKind kind = SourceKind::kFile;
  std::int32_t part = 0;
  bool last = true;
  std::string path;
  // kMember and an archive inside an archive: the path of the archive that
  // holds it; "" for what is on disk.
  std::string container;
  bool readable = false;
  std::string read_error;  // why the file could not be read (when !readable)
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::string content_hash;  // empty when !readable, or a member read only in part
  bool skipped = false;      // should_parse said no: parsed is empty
  // kMember: an earlier member of the archive had the same path; this later
  // one replaces it (as extracting the archive would).
  bool repeated = false;
  bool complete = false;  // kArchiveEnd only, see SourceKind
  // "sgf", "gtv", ... as ParsedFile::format (importers/game_file.h); set on
  // the first part.
  std::string format;
  // The games of this part, each prepared (derive/prepared_game.h: its
  // positions' warnings already among the record's warnings), or only its
  // record, nothing derived and not to be stored, when the pipeline
  // computes no positions (PipelineOptions::positions).
  std::vector<PreparedGame> games;
  // Errors that lost a game (game_index >= 0) or the whole file (-1), as
  // ParsedFile::diagnostics.
  std::vector<Diagnostic> diagnostics;
};

struct PipelineOptions {
  int jobs = 0;    // worker threads; 0 = one per core
  int window = 0;  // files in flight at most; 0 = 4 per worker
  // Bytes of files being read plus parsed games not yet consumed, at most;
  // 0 = kDefaultPipelineBudget. A file or part larger than the budget still
  // goes through, alone.
  std::int64_t budget_bytes = 0;
  // A file's games are handed on in parts of about this many bytes;
  // 0 = an eighth of the budget.
  std::int64_t part_bytes = 0;
  // Whether the workers prepare every game (prepare_game; the import needs
  // it). false gives each game's record alone: parsing alone, as
  // ludex-bench parse --pipeline measures it.
  bool positions = true;
  // Read archives member by member; false reads every file as a game file.
  bool archives = true;
  ArchiveLimits archive_limits;
  // The files' sizes and modification times as the walk read them (same
  // order as the files; not owned, outlives the run), or nullptr: each file
  // is then stat'ed before unchanged_by_stat. A time of 0 is stat'ed again.
  const std::vector<FileStat>* stats = nullptr;
};

// A file or member: (path, size, content hash) -> parse it? An archive:
// (path, size, content hash of its compressed bytes) -> read it? Called on
// worker threads (must be thread-safe).
using ShouldRead =
    std::function<bool(const std::string& path, std::int64_t size, const std::string& hash)>;

// A file or archive on disk, before it is opened: (path, size, mtime) ->
// unchanged? Called on worker threads (must be thread-safe).
enum class StatVerdict {
  kRead,              // read it (and hash it)
  kUnchangedFile,     // skip it unread: FileResult::skipped
  kUnchangedArchive,  // skip it unread as an archive (kArchive, skipped)
};
using StatCheck =
    std::function<StatVerdict(const std::string& path, std::int64_t size, std::int64_t mtime_ns)>;

struct PipelineCallbacks {
  // Files and archives given or found on disk (not members); empty: read
  // everything. Lets an import skip what the size and time say is unchanged
  // without reading or hashing it.
  StatCheck unchanged_by_stat;
  ShouldRead should_parse;         // false skips parsing: FileResult::skipped
  ShouldRead should_read_archive;  // false skips the archive; empty: read every archive
  std::function<void(FileResult&&)> consume;
};

// The writer is the import's bottleneck (docs/performance.md): 16 MiB of
// parsed games (~30,000 nodes, a fifth of a second of writing) keep it fed.
// The budget costs more RSS than it says, since each worker's allocator
// arena keeps its own high-water mark: 64 MiB gave a 100 MB higher peak.
inline constexpr std::int64_t kDefaultPipelineBudget = std::int64_t{16} << 20;

// Runs the pipeline over files. should_parse is called on a worker thread
// after a file or member is read and hashed; should_read_archive after an
// archive's compressed bytes are hashed, before anything of it is
// decompressed. consume is called on the calling thread, in the order of
// files (an archive's records and members where the archive is), once per
// part (see FileResult). An exception thrown by a callback stops the workers
// and propagates after they have joined.
void run_parse_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                        const PipelineCallbacks& callbacks);

// The same with every archive read.
void run_parse_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                        const ShouldRead& should_parse,
                        const std::function<void(FileResult&&)>& consume);

}  // namespace ludex

#endif  // LUDEX_INDEXER_PARSE_PIPELINE_H_
