// What the database already knows of the files an import is given, and the
// skip policy built on it: which files and archives are unchanged and need
// not be read, hashed or parsed again.
//
// Everything is looked up once, before the parse workers start, so that
// they can skip unchanged files and archives without touching the database,
// and the writer knows which files it replaces.
//
// Thread-safety: read-only after construction; the const functions may be
// called from any thread (the parse workers call the skip policy).
#ifndef LUDEX_INDEXER_KNOWN_FILES_H_
#define LUDEX_INDEXER_KNOWN_FILES_H_

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "indexer/parse_pipeline.h"
#include "schema/game_store.h"

namespace ludex {

class KnownFiles {
 public:
  // The rows recorded below the directories among an import's roots (the
  // paths it was given), one range read each: what the constructor looks
  // paths up in. Independent of the walk, so an import reads them on
  // another thread while it walks (the store must then not be used
  // elsewhere until they are read). Only reads.
  struct Recorded {
    std::vector<std::string> dirs;  // each ending in '/'
    std::unordered_map<std::string, KnownFile> files;
  };
  static Recorded read_recorded(GameStore& store, const std::vector<std::string>& roots);

  // Looks up the files at paths (as the walk spells them) and everything
  // recorded below each of them that is a known archive. A path below one
  // of recorded.dirs is looked up in recorded (read_recorded(store, roots));
  // a path outside them is looked up alone. Requires an open batch on store
  // (GameStore::begin) or none; only reads.
  KnownFiles(GameStore& store, const std::vector<std::string>& paths, Recorded recorded);
  KnownFiles(GameStore& store, const std::vector<std::string>& paths,
             const std::vector<std::string>& roots = {})
      : KnownFiles(store, paths, read_recorded(store, roots)) {}

  bool empty() const { return files_.empty(); }
  // The record of path (on disk, or a member "ARCHIVE//MEMBER" of a known
  // archive); nullptr if none.
  const KnownFile* find(const std::string& path) const;
  // The paths recorded directly in the archive archive_id (members and
  // archives inside it).
  const std::vector<std::string>& children(std::int64_t archive_id) const;
  // How many files (not archives, not absent) are recorded below the
  // archive archive_id, at any depth.
  std::int64_t files_below(std::int64_t archive_id) const;
  // The files recorded below the known archives among the paths, less the
  // archives themselves: what the progress line adds to the files found on
  // disk.
  std::int64_t files_in_archives() const { return files_in_archives_; }

  // The skip policy (PipelineCallbacks). A file or member is parsed unless
  // its content hash is the recorded one and its positions are not stale.
  bool should_parse(const std::string& path, const std::string& hash) const;
  // An archive is read unless it was read to its end before with this
  // content hash and nothing below it is stale.
  bool should_read_archive(const std::string& path, const std::string& hash) const;
  // Size and time first: a file or archive whose both are the recorded ones
  // is not read at all (ImportOptions::checksum turns this off). Anything
  // that must be read again anyway (stale positions, a stale or unfinished
  // archive, a file that became an archive or stopped being one) is read.
  StatVerdict unchanged_by_stat(const std::string& path, std::int64_t size,
                                std::int64_t mtime_ns) const;

  // The modification time to record for a file whose time is mtime_ns. A
  // file written within a few seconds of this lookup may be written again
  // within the same tick of the file system's clock, keeping its time: its
  // time is recorded as the smallest integer instead, which no file has, so
  // the next import hashes it (git's "racily clean" entries), and merge
  // takes it as the oldest. A time far from now, past or future, cannot come
  // back unchanged from a new write.
  std::int64_t recorded_mtime(std::int64_t mtime_ns) const;

 private:
  // Records the rows below the known archive `archive`.
  void add_members(GameStore& store, const KnownFile& archive);

  std::unordered_map<std::string, KnownFile> files_;
  // Archive file_id -> the paths recorded directly in it.
  std::unordered_map<std::int64_t, std::vector<std::string>> children_;
  // Archives with something stale below them: read again even if unchanged.
  std::unordered_set<std::int64_t> stale_archives_;
  // Archive file_id -> how many files (not archives) are recorded below it.
  std::unordered_map<std::int64_t, std::int64_t> files_below_;
  std::int64_t files_in_archives_ = 0;
  // The racy window around the lookup, in the file clock's nanoseconds.
  std::int64_t racy_from_ = 0;
  std::int64_t racy_to_ = 0;
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_KNOWN_FILES_H_
