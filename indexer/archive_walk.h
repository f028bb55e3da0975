// Reading archives for the parse pipeline (docs/formats.md, "Archives"):
// member by member, never unpacked to disk nor held whole. The worker that
// takes an archive reads its members one after the other (decompression is
// sequential) and queues each member's bytes as a ParseJob that whichever
// worker is free parses, under the queue's budget. What it hands on, in
// archive order: the archive's kArchive record, its members (an archive
// inside it the same way, to ArchiveLimits::max_depth), its kArchiveEnd.
//
// Thread-safety: read() runs on one worker thread per archive; the callbacks
// it calls must be thread-safe (PipelineCallbacks).
#ifndef LUDEX_INDEXER_ARCHIVE_WALK_H_
#define LUDEX_INDEXER_ARCHIVE_WALK_H_

#include <cstddef>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "importers/archive/archive_reader.h"
#include "indexer/ordered_work_queue.h"
#include "indexer/parse_pipeline.h"

namespace ludex {

// How many bytes of a file looks_like_archive() needs (the tar magic is at
// offset 257).
inline constexpr std::size_t kArchiveHeadBytes = 512;

class ArchiveWalk {
 public:
  // None of them is owned; all must outlive the walk.
  ArchiveWalk(OrderedWorkQueue& queue, const PipelineOptions& options,
              const PipelineCallbacks& callbacks);

  // Reads the archive on disk at record.path, input item index of queue:
  // hashes its compressed bytes, skips it when should_read_archive says so,
  // otherwise reads its members; emits its records and members, and closes
  // the item's slot. record holds the path and modification time. Throws
  // PipelineStopped when the queue stops.
  void read(std::size_t index, FileResult record);

 private:
  // Reads the archive's members (depth 1 = on disk); returns whether it was
  // read to its end. Errors of the archive as a whole go to diagnostics.
  bool read_members(std::size_t index, ArchiveReader& reader, const std::string& archive_path,
                    int depth, ExpansionBudget& budget, std::vector<Diagnostic>& diagnostics);
  // A member that is an archive itself (its bytes read and charged as held):
  // emits its record, then, unless it is skipped, its members and its end.
  // Returns false when the shared expansion allowance is spent.
  bool read_nested(std::size_t index, FileResult member, std::string& bytes, std::int64_t held,
                   const std::string& name, int depth, ExpansionBudget& budget);

  OrderedWorkQueue& queue_;
  const PipelineOptions& options_;
  const PipelineCallbacks& callbacks_;
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_ARCHIVE_WALK_H_
