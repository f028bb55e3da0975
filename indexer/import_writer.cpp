#include "indexer/import_writer.h"

#include <cassert>
#include <utility>

namespace ludex {

ImportBatch::ImportBatch(GameStore& store, const ImportOptions& options, ImportStored& stored)
    : store_(store), options_(options), stored_(stored) {
  stored_ = ImportStored{};
  if (store_.is_empty()) store_.begin_bulk_load();
  store_.begin();
}

void ImportBatch::end_part(bool last) {
  // Transactions end between files (see ImportOptions::batch_games).
  if (games_ < (last ? options_.batch_games : options_.max_batch_games)) return;
  commit();
  store_.begin();
  games_ = 0;
}

void ImportBatch::commit() {
  store_.commit();
  stored_.files += pending_.files;
  stored_.games += pending_.games;
  pending_ = ImportStored{};
}

ImportWriter::ImportWriter(GameStore& store, const KnownFiles& known, ImportBatch& batch,
                           ImportReporter& reporter, const ImportOptions& options,
                           ImportSummary& summary)
    : store_(store),
      known_(known),
      batch_(batch),
      reporter_(reporter),
      options_(options),
      summary_(summary) {}

void ImportWriter::consume(FileResult&& r) {
  reporter_.show_progress();
  if (r.kind == SourceKind::kArchive) {
    begin_archive(r);
  } else if (r.kind == SourceKind::kArchiveEnd) {
    end_archive(r);
  } else if (r.part > 0 || begin_file(r)) {
    store_part(r);
  }
}

void ImportWriter::record_error(std::int64_t file_id, const std::string& path,
                                const Diagnostic& d) {
  store_.add_error(file_id, d);
  reporter_.report(path, d);
}

template <class F>
void ImportWriter::for_each_known_child(std::int64_t archive_id, F f) {
  for (const std::string& path : known_.children(archive_id)) {
    const KnownFile* known = known_.find(path);
    if (known != nullptr) f(path, *known);
  }
}

void ImportWriter::prune_absent(std::int64_t archive_id) {
  for_each_known_child(archive_id, [this](const std::string&, const KnownFile& known) {
    if (known.absent) {
      summary_.files_pruned += store_.remove_file(known.file_id);
    } else if (known.is_archive) {
      prune_absent(known.file_id);
    }
  });
}

void ImportWriter::keep_unchanged(const FileResult& r, const KnownFile* known,
                                  OpenArchive* parent) {
  if (known == nullptr) return;
  if (parent == nullptr) {
    // Same content, new time (or read for --checksum): the new time is
    // recorded, so that the next import need not read it.
    if (known->mtime_ns != r.mtime_ns || known->size != r.size) {
      store_.touch_file(known->file_id, r.size, known_.recorded_mtime(r.mtime_ns));
    }
  } else {
    parent->seen[r.path] = known->file_id;
  }
  // Only a member is ever marked absent: its archive holds it again.
  if (known->absent) store_.mark_absent(known->file_id, false);
}

bool ImportWriter::forget_earlier_member(const FileResult& r, OpenArchive* parent) {
  if (parent == nullptr || !r.repeated) return false;
  const auto earlier = parent->seen.find(r.path);
  if (earlier == parent->seen.end()) return false;
  store_.remove_members(earlier->second);
  store_.clear_file(earlier->second);
  return true;
}

void ImportWriter::begin_archive(const FileResult& r) {
  ++summary_.archives;
  OpenArchive* parent = open_archive();
  const KnownFile* known = known_.find(r.path);
  if (r.skipped) {
    ++summary_.archives_unchanged;
    keep_unchanged(r, known, parent);
    std::int64_t below = 0;
    if (known != nullptr) {
      below = known_.files_below(known->file_id);
      // What an earlier read found gone from it is forgotten now, without
      // reading it again.
      if (options_.prune) prune_absent(known->file_id);
    }
    summary_.files_found += below;
    summary_.files_unchanged += below;
    reporter_.files_done(below);
    return;
  }
  forget_earlier_member(r, parent);
  // An archive read again keeps its members until each is replaced; a file
  // that became an archive loses its games.
  if (known != nullptr) store_.clear_file(known->file_id);
  OpenArchive a;
  a.info.path = r.path;
  a.info.size = r.size;
  a.info.mtime_ns = known_.recorded_mtime(r.mtime_ns);
  a.info.format = kArchiveFormat;
  a.info.container_id = parent != nullptr ? parent->file_id : 0;
  // No hash until the archive has been read to its end (end_archive).
  a.file_id = store_.upsert_file(a.info);
  a.info.content_hash = r.content_hash;
  if (parent != nullptr) parent->seen[r.path] = a.file_id;
  if (!r.readable) record_error(a.file_id, r.path, file_diagnostic(r.read_error));
  open_archives_.push_back(std::move(a));
}

void ImportWriter::end_archive(const FileResult& r) {
  assert(!open_archives_.empty());
  OpenArchive& a = open_archives_.back();
  for (const Diagnostic& d : r.diagnostics) record_error(a.file_id, a.info.path, d);
  // Read to its end: what is recorded in it and was not seen is gone from
  // it. --prune forgets it; otherwise it is kept, marked absent, so that a
  // later --prune forgets it even if the archive is unchanged by then.
  if (r.complete) {
    for_each_known_child(a.file_id, [&](const std::string& path, const KnownFile& known) {
      if (a.seen.count(path) != 0) return;
      if (options_.prune) {
        summary_.files_pruned += store_.remove_file(known.file_id);
      } else if (!known.absent) {
        store_.mark_absent(known.file_id, true);
      }
    });
  }
  if (!r.content_hash.empty()) {
    a.info.content_hash = r.content_hash;
    store_.upsert_file(a.info);
  }
  open_archives_.pop_back();
}

bool ImportWriter::begin_file(const FileResult& r) {
  OpenArchive* archive = nullptr;
  if (r.kind == SourceKind::kMember) {
    assert(!open_archives_.empty());
    archive = open_archive();
  }
  reporter_.files_done(1);
  if (!r.repeated) ++summary_.files_found;
  summary_.bytes += r.size;
  const KnownFile* known = known_.find(r.path);
  if (r.skipped) {
    ++summary_.files_unchanged;
    keep_unchanged(r, known, archive);
    return false;
  }
  SourceFileInfo info;
  info.path = r.path;
  info.size = r.size;
  info.mtime_ns = known_.recorded_mtime(r.mtime_ns);
  // A member refused again (a link, a device, an encrypted or damaged
  // member) whose header says what it said when it was refused before
  // (unread then too: no hash; same size and time) is unchanged: it is
  // counted and reported as an unchanged file is. Its record is written
  // again all the same, so that it holds this read's reason.
  if (archive != nullptr && !r.readable && !r.repeated && known != nullptr && !known->is_archive &&
      known->content_hash.empty() && known->size == info.size && known->mtime_ns == info.mtime_ns) {
    ++summary_.files_unchanged;
    store_.clear_file(known->file_id);
    info.container_id = archive->file_id;
    file_id_ = store_.upsert_file(info);
    store_.add_error(file_id_, file_diagnostic(r.read_error));
    archive->seen[r.path] = file_id_;
    batch_.file_recorded();
    return false;
  }
  // The hash says "read to its end": a file whose games come in several
  // parts gets it with its last part (store_part), so that an import
  // stopped inside it (after a commit within the file) reads it again.
  info.content_hash = r.last ? r.content_hash : std::string();
  info.format = r.format;
  info.container_id = archive != nullptr ? archive->file_id : 0;
  const bool repeated = forget_earlier_member(r, archive);
  if (!repeated && known != nullptr) {
    if (known->is_archive) store_.remove_members(known->file_id);
    store_.clear_file(known->file_id);
    ++summary_.files_replaced;
  } else if (!repeated) {
    ++summary_.files_new;
  }
  file_id_ = store_.upsert_file(info);
  if (!r.last) {
    info.content_hash = r.content_hash;
    file_info_ = std::move(info);
  }
  if (archive != nullptr) archive->seen[r.path] = file_id_;
  if (repeated) {
    record_error(
        file_id_, r.path,
        file_diagnostic(
            "the archive holds more than one member of this name; the last one is imported",
            Severity::kWarning));
  }
  if (!r.readable) {
    record_error(file_id_, r.path, file_diagnostic(r.read_error));
    ++summary_.files_failed;
    batch_.file_recorded();
    return false;
  }
  if (r.format.empty()) ++summary_.files_failed;
  return true;
}

void ImportWriter::store_part(FileResult& r) {
  for (const Diagnostic& d : r.diagnostics) record_error(file_id_, r.path, d);
  for (const PreparedGame& prepared : r.games) {
    const GameRecord& game = prepared.record;
    for (const Diagnostic& w : game.warnings) reporter_.report(r.path, w);
    if (options_.dedupe && store_.add_sighting(file_id_, game) != 0) {
      ++summary_.duplicates;
      ++summary_.deduped;
      continue;
    }
    store_.add_game(file_id_, prepared);
    if (store_.last_duplicate_of() != 0) ++summary_.duplicates;
    ++summary_.games;
    summary_.nodes += static_cast<std::int64_t>(game.tree.size());
    batch_.game_stored();
  }
  if (r.last) {
    if (r.part > 0) store_.upsert_file(file_info_);
    batch_.file_recorded();
  }
  batch_.end_part(r.last);
}

}  // namespace ludex
