// The import's writer: stores what the parse pipeline hands on, in its
// order, on the calling thread (the only one that writes). It records each
// file and archive (source_files), replaces what a changed file stored
// before, stores games, keeps the records of unchanged files, and forgets
// what an archive no longer holds.
//
// Thread-safety: none; one writer thread.
#ifndef LUDEX_INDEXER_IMPORT_WRITER_H_
#define LUDEX_INDEXER_IMPORT_WRITER_H_

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "indexer/import_reporter.h"
#include "indexer/importer.h"
#include "indexer/known_files.h"
#include "indexer/parse_pipeline.h"
#include "schema/game_store.h"

namespace ludex {

// The import's write transactions (ImportOptions::batch_games): one is open
// from construction on; each ends between files (or parts of a file) once it
// holds enough games, and what it held is counted into ImportStored when it
// commits.
class ImportBatch {
 public:
  // Begins the first transaction, as a bulk load when the database holds no
  // game yet (GameStore::begin_bulk_load). stored is reset; not owned.
  ImportBatch(GameStore& store, const ImportOptions& options, ImportStored& stored);

  // A file recorded whole (with games, errors, or nothing readable).
  void file_recorded() { ++pending_.files; }
  void game_stored() {
    ++pending_.games;
    ++games_;
  }
  // After a part of a file (last: its final part): commits and begins the
  // next transaction when this one holds batch_games games at the end of a
  // file, or max_batch_games within one.
  void end_part(bool last);
  // Commits the open transaction (none is open afterwards).
  void commit();

 private:
  GameStore& store_;
  const ImportOptions& options_;
  ImportStored& stored_;
  ImportStored pending_;    // files and games of the open transaction
  std::int64_t games_ = 0;  // games in the open transaction
};

class ImportWriter {
 public:
  // None of the references is owned; all must outlive the writer. Writes
  // through batch's open transaction, counts in summary, reports through
  // reporter.
  ImportWriter(GameStore& store, const KnownFiles& known, ImportBatch& batch,
               ImportReporter& reporter, const ImportOptions& options, ImportSummary& summary);

  // Stores one record of the pipeline. Requires the pipeline's order
  // (run_parse_pipeline: an archive's members between its kArchive and
  // kArchiveEnd, a file's parts in order). Throws for environment failures.
  void consume(FileResult&& r);

 private:
  // An archive being read: its members are stored in the innermost.
  struct OpenArchive {
    std::int64_t file_id = 0;
    SourceFileInfo info;
    // Paths stored or found unchanged in it by this import -> file_id.
    std::unordered_map<std::string, std::int64_t> seen;
  };

  void begin_archive(const FileResult& r);
  void end_archive(const FileResult& r);
  // Part 0 of a file or member: records the file. False when nothing more
  // of it is stored (unchanged, or unreadable).
  bool begin_file(const FileResult& r);
  // The games and errors of any part of a file.
  void store_part(FileResult& r);

  // The innermost open archive; nullptr on disk.
  OpenArchive* open_archive() { return open_archives_.empty() ? nullptr : &open_archives_.back(); }
  // An unchanged file or archive found again (known: its record, or none):
  // keeps its record (with its new time, on disk), seen in parent.
  void keep_unchanged(const FileResult& r, const KnownFile* known, OpenArchive* parent);
  // A later member of the same path replaces the earlier one, as
  // extracting the archive would: forgets what the earlier one stored.
  // Returns whether there was one.
  bool forget_earlier_member(const FileResult& r, OpenArchive* parent);
  // Forgets what is marked absent anywhere below the archive archive_id.
  void prune_absent(std::int64_t archive_id);
  // Calls f(path, its record) for each path recorded directly in the
  // archive archive_id.
  template <class F>
  void for_each_known_child(std::int64_t archive_id, F f);
  // Stores d as an error (or warning) of file_id and reports it for path.
  void record_error(std::int64_t file_id, const std::string& path, const Diagnostic& d);

  GameStore& store_;
  const KnownFiles& known_;
  ImportBatch& batch_;
  ImportReporter& reporter_;
  const ImportOptions& options_;
  ImportSummary& summary_;
  std::vector<OpenArchive> open_archives_;  // outermost first
  std::int64_t file_id_ = 0;                // of the file whose parts are arriving
  SourceFileInfo file_info_;                // of that file, with its hash, when it has parts
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_IMPORT_WRITER_H_
