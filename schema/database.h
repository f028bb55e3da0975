// An open ludex database. The schema layer is the only code that talks SQL;
// everything above it goes through GameStore, GameLoader, find_games and
// read_info.
//
// Thread-safety: a Database is used by one thread at a time.
#ifndef LUDEX_SCHEMA_DATABASE_H_
#define LUDEX_SCHEMA_DATABASE_H_

#include <memory>
#include <string>

#include "schema/db/schema_version.h"

// Forward-declared: most of the tree holds a Database without touching
// SQLite; the code in schema/ that does includes <SQLiteCpp/Database.h>.
namespace SQLite {
class Database;
}  // namespace SQLite

namespace ludex {

// Every connection's page cache, as PRAGMA cache_size takes it (KiB when
// negative): 64 MiB.
inline constexpr const char* kConnectionCacheSize = "-65536";

// How long a connection waits for another connection's write lock before
// the statement fails with SQLITE_BUSY (schema/storage_failure.h: kLocked).
inline constexpr int kBusyTimeoutMs = 10'000;

// The version of the SQLite library this program runs with ("3.40.1"),
// which may differ from the headers it was compiled against.
std::string sqlite_library_version();

class Database {
 public:
  enum class Mode { kReadOnly, kReadWrite };

  // Opens the database at path. kReadWrite creates the file if needed and
  // migrates an older schema to kSchemaVersion; it sets journal_mode=WAL and
  // synchronous=NORMAL. kReadOnly requires an existing database at
  // kSchemaVersion (an older one must first be opened kReadWrite).
  // Throws std::runtime_error (or SQLite::Exception) when the file cannot be
  // opened, is not a ludex database, or has a newer schema version. A file
  // or folder that cannot be read, created or (kReadWrite) written is
  // refused with a message that says which and why, before anything is
  // written, including SQLite's -wal and -shm files.
  // Every connection gets the SQL function ludex_fold(text) (see
  // core/text_fold.h), which queries use; the schema itself never does.
  Database(const std::string& path, Mode mode);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  int schema_version() const { return schema_version_; }
  Mode mode() const { return mode_; }
  const std::string& path() const { return path_; }

  // For code in schema/ only.
  SQLite::Database& handle() { return *db_; }

 private:
  std::unique_ptr<SQLite::Database> db_;
  std::string path_;
  Mode mode_;
  int schema_version_ = 0;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DATABASE_H_
