// The source_files table: which files (and archives, and members of
// archives) an import has read, and what it knew of each. For GameStore,
// which wraps every call in its batches; the structs are GameStore's API.
//
// Thread-safety: a SourceFiles belongs to its connection's thread.
#ifndef LUDEX_SCHEMA_WRITE_SOURCE_FILES_H_
#define LUDEX_SCHEMA_WRITE_SOURCE_FILES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "schema/write/counts.h"

namespace ludex {

// The source_files.format of an archive's own row (docs/schema.md, "Archives").
inline constexpr const char* kArchiveFormat = "archive";

// A source file as seen on disk, an archive, or a member of an archive.
struct SourceFileInfo {
  // As given on the command line / found by the walk; a member's is
  // "ARCHIVE//MEMBER" (docs/formats.md, "Archives").
  std::string path;
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;  // modification time, nanoseconds since the epoch
  std::string content_hash;   // hex digest of the content (xxh3-128)
  // "sgf", "gtv", "t1", "" when unrecognised; kArchiveFormat for an archive.
  std::string format;
  // The file_id of the archive that holds this member; 0 for a file on disk.
  std::int64_t container_id = 0;
};

// A source file as recorded in the database.
struct KnownFile {
  std::int64_t file_id = 0;
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::string content_hash;
  // True if a game of the file that has positions (family not kOther) was
  // stored without them or with another kPositionHashVersion (e.g. every
  // game of a database migrated from schema version 1): the file must be
  // imported again for position search to see it. Also true if a game of
  // the file that import --dedupe did not store has lost every stored copy
  // (game_sightings.duplicate_of NULL): importing it again stores the game.
  bool positions_stale = false;
  bool is_archive = false;        // format kArchiveFormat: the row of an archive
  std::int64_t container_id = 0;  // as SourceFileInfo::container_id
  // A member its archive no longer held when last read to its end (kept
  // until import --prune forgets it).
  bool absent = false;
};

// A row below an archive (a member, or an archive inside it).
struct KnownMember {
  std::string path;
  KnownFile file;
};

// The rows of source_files. Every statement is prepared in the constructor.
// The writes require an open transaction (GameStore's batch); they throw
// SQLite::Exception on SQL errors.
class SourceFiles {
 public:
  // Requires db (read-write) to outlive this object; counts, when not null,
  // gets the files and archives each write adds or removes.
  explicit SourceFiles(SQLite::Database& db, CountsWriter* counts = nullptr);

  // The GameStore methods of the same names: game_store.h states their
  // contracts.
  std::optional<KnownFile> find_file(const std::string& path);
  std::vector<KnownMember> find_members(std::int64_t container_id);
  std::vector<KnownMember> find_files_below(const std::string& dir);
  std::int64_t upsert_file(const SourceFileInfo& file);
  void mark_absent(std::int64_t file_id, bool absent);
  void touch_file(std::int64_t file_id, std::int64_t size, std::int64_t mtime_ns);
  std::vector<std::pair<std::int64_t, std::string>> list_files();

  // True for an archive's row; false for a file's and when there is no
  // such row.
  bool is_archive(std::int64_t file_id);
  // Deletes the row only; its games and the rows below it are the
  // caller's (GameStore::remove_file).
  void delete_row(std::int64_t file_id);

 private:
  // Adds delta to the count of files or of archives, as format says.
  void count(const std::string& format, std::int64_t delta);

  CountsWriter* counts_;
  SQLite::Statement find_file_, find_members_, find_below_, upsert_file_, mark_absent_, touch_file_,
      list_files_, is_file_, delete_file_, format_of_path_, format_of_id_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_SOURCE_FILES_H_
