// Turning command-line paths into the sorted list of files to import.
#ifndef LUDEX_INDEXER_FILE_WALK_H_
#define LUDEX_INDEXER_FILE_WALK_H_

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ludex {

// The database file an import writes and its SQLite companions (-wal, -shm,
// -journal), known by their file system identity (device and inode), so
// that no other name of them (a symbolic or hard link, another spelling of
// the path) is imported either: they are no game records, and would be
// recorded as such errors, differently at every import.
class DatabaseFiles {
 public:
  DatabaseFiles() = default;  // no database: contains() is always false
  // The files at db_path and db_path + "-wal", "-shm", "-journal" (also next
  // to the file a link at db_path names) that exist now.
  explicit DatabaseFiles(const std::string& db_path);
  // True if path (links followed) is one of those files, or is named as a
  // companion of the database (its own name minus "-wal", "-shm" or
  // "-journal" is the database), which covers a companion created later.
  bool contains(const std::string& path) const;
  // The same for a file whose identity (links followed) the caller already
  // has: no stat of path itself.
  bool contains(const std::string& path, dev_t device, ino_t inode) const;

 private:
  std::vector<std::pair<dev_t, ino_t>> ids_;  // the database's own first
};

// The size and modification time (as file_time_ns) of the file at path,
// links followed, from one stat; nullopt when it cannot be read.
struct FileStat {
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
};
std::optional<FileStat> stat_file(const std::string& path);

struct WalkResult {
  // Absolute, lexically normal paths of regular files, sorted bytewise and
  // without duplicates, so that the same input gives the same ids.
  std::vector<std::string> files;
  // The size and modification time of each of files (same order), from the
  // stat that found it (both 0 when that stat failed): the import compares
  // them with the recorded ones and need not stat each file again.
  std::vector<FileStat> stats;
  // Paths that could not be walked (missing, unreadable directory), each with
  // the reason; these are reported, never silently skipped.
  std::vector<std::pair<std::string, std::string>> failures;
  // Paths given on the command line that are the database's files
  // (DatabaseFiles), left out. (Found in a directory, they are left out
  // without a word.)
  std::vector<std::string> skipped;
};

// Returns path made absolute and lexically normal, as WalkResult spells
// every path (path itself made lexically normal when it cannot be made
// absolute). A trailing separator stays ("/a/b/").
std::string normal_path(const std::filesystem::path& path);

// A time of the file clock in nanoseconds since its epoch (which makes
// today's times negative), as source files record modification times.
std::int64_t file_time_ns(std::filesystem::file_time_type time);

// The modification time of the file at path (links followed), as
// file_time_ns; 0 when it cannot be read.
std::int64_t mtime_ns_of(const std::string& path);

// Expands files and directories (recursively; symbolic links to files are
// followed, links to directories are not, so a cycle cannot loop), leaving
// out the files of `database`. Never throws for a bad path: it lands in
// failures.
WalkResult walk_paths(const std::vector<std::string>& paths,
                      const DatabaseFiles& database = DatabaseFiles());

}  // namespace ludex

#endif  // LUDEX_INDEXER_FILE_WALK_H_
