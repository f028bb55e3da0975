#include "schema/database.h"

#include <unistd.h>

#include <filesystem>
#include <new>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <sqlite3.h>

#include <SQLiteCpp/Exception.h>

#include "core/text_fold.h"
#include "core/version.h"
#include "games/sgf_values.h"
#include "schema/db/migrations.h"

namespace ludex {
namespace {

// ludex_fold(text): fold_case() as an SQL function; NULL stays NULL.
void sql_fold(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (argc != 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_null(ctx);
    return;
  }
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const int bytes = sqlite3_value_bytes(argv[0]);
  try {
    const std::string folded =
        fold_case(std::string_view(text == nullptr ? "" : text, static_cast<std::size_t>(bytes)));
    sqlite3_result_text(ctx, folded.data(), static_cast<int>(folded.size()), SQLITE_TRANSIENT);
  } catch (const std::bad_alloc&) {
    sqlite3_result_error_nomem(ctx);
  }
}

// ludex_is_draw(text): is_draw_result() as an SQL function, 0 or 1; NULL is 0.
void sql_is_draw(sqlite3_context* ctx, int argc, sqlite3_value** argv) {
  if (argc != 1 || sqlite3_value_type(argv[0]) == SQLITE_NULL) {
    sqlite3_result_int(ctx, 0);
    return;
  }
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  const int bytes = sqlite3_value_bytes(argv[0]);
  sqlite3_result_int(ctx, is_draw_result(std::string_view(text == nullptr ? "" : text,
                                                          static_cast<std::size_t>(bytes)))
                              ? 1
                              : 0);
}

void register_functions(SQLite::Database& db) {
  for (const auto& [name, fn] :
       {std::pair{"ludex_fold", &sql_fold}, std::pair{"ludex_is_draw", &sql_is_draw}}) {
    const int rc = sqlite3_create_function_v2(db.getHandle(), name, 1,
                                              SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS,
                                              nullptr, fn, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) throw SQLite::Exception(db.getHandle(), rc);
  }
}

// Why the database at path could not be opened or read, in the user's
// terms: SQLite says "unable to open database file" or "attempt to write a
// readonly database" for a missing permission, a read-only folder (a WAL
// database needs its -wal and -shm files beside it, even to be read) and a
// read-only file system alike. what: "open", "read". Falls back to SQLite's
// own message.
std::string open_failure(const std::string& path, Database::Mode mode, const std::string& what,
                         const std::string& sqlite_message) {
  namespace fs = std::filesystem;
  std::string dir = fs::path(path).parent_path().string();
  if (dir.empty()) dir = ".";
  const bool exists = access(path.c_str(), F_OK) == 0;
  const bool dir_writable = access(dir.c_str(), W_OK) == 0;
  if (!exists && mode == Database::Mode::kReadOnly) {
    return "cannot open database " + path + ": no such file";
  }
  if (!exists && mode == Database::Mode::kReadWrite && !dir_writable) {
    return "cannot create database " + path + ": its folder " + dir +
           " is read-only (no permission to create files in it)";
  }
  if (exists && access(path.c_str(), R_OK) != 0) {
    return "cannot read database " + path + ": no permission to read the file";
  }
  if (exists && !dir_writable && access((path + "-shm").c_str(), F_OK) != 0) {
    return "cannot " + what + " database " + path + ": its folder " + dir +
           " is read-only, and SQLite must create " + fs::path(path).filename().string() +
           "-wal and -shm beside the database (WAL mode), even to read it; copy the database "
           "to a folder you can write to";
  }
  return "cannot " + what + " database " + path + ": " + sqlite_message;
}

struct FileState {
  int user_version = 0;
  int application_id = 0;
  int objects = 0;  // rows in sqlite_schema
};

FileState read_file_state(SQLite::Database& db, const std::string& path, Database::Mode mode) {
  try {
    FileState s;
    s.user_version = db.execAndGet("PRAGMA user_version").getInt();
    s.application_id = db.execAndGet("PRAGMA application_id").getInt();
    s.objects = db.execAndGet("SELECT count(*) FROM sqlite_schema").getInt();
    return s;
  } catch (const SQLite::Exception& e) {
    if (e.getErrorCode() == SQLITE_NOTADB) {
      throw std::runtime_error(path + " is not a ludex database (not an SQLite file)");
    }
    throw std::runtime_error(open_failure(path, mode, "read", e.what()));
  }
}

void set_connection_pragmas(SQLite::Database& db, Database::Mode mode) {
  // Large page cache: the writer touches the tail of several tables at once,
  // and queries revisit index pages. It is also what bounds memory: the
  // sorter behind CREATE INDEX keeps at most about a cache's worth of keys in
  // RAM before it writes a sorted run to a temporary file.
  db.exec(std::string("PRAGMA cache_size = ") + kConnectionCacheSize);
  // Temporary files on disk, not in RAM: with MEMORY the sorted runs of an
  // index built after a bulk load (one key per node) stay in memory, and the
  // import's peak grew with the archive (4.7 GB at a million games).
  db.exec("PRAGMA temp_store = FILE");
  // No memory-mapped I/O (SQLite's default, stated so that it stays so):
  // mapped pages of a database larger than RAM would count against the
  // process as the archive grows.
  db.exec("PRAGMA mmap_size = 0");
  if (mode == Database::Mode::kReadOnly) return;
  // After a checkpoint, a WAL that grew during one large transaction (the
  // index phase of a bulk load writes gigabytes) is cut back to this size.
  db.exec("PRAGMA journal_size_limit = 67108864");
  // WAL lets readers work during an import; NORMAL is durable up to the last
  // checkpointed commit and never corrupts (OFF could).
  db.execAndGet("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA synchronous = NORMAL");
  // Declared foreign keys are checked by tests (PRAGMA foreign_key_check),
  // not per row: the writer maintains them and deletes by id ranges.
  db.exec("PRAGMA foreign_keys = OFF");
}

}  // namespace

std::string sqlite_library_version() {
  return sqlite3_libversion();
}

Database::Database(const std::string& path, Mode mode) : path_(path), mode_(mode) {
  // NOMUTEX: a Database is used by one thread at a time (see database.h),
  // so SQLite's per-connection locking is pure cost on the write path.
  const int flags = (mode == Mode::kReadOnly ? SQLite::OPEN_READONLY
                                             : (SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE)) |
                    SQLite::OPEN_NOMUTEX;
  try {
    db_ = std::make_unique<SQLite::Database>(path, flags, kBusyTimeoutMs);
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error(open_failure(path, mode, "open", e.what()));
  }
  // SQLite opens a file it may not write read-only without saying so; the
  // first write would fail, after reading had created the -wal and -shm
  // files beside it. Refused here, before anything is read.
  if (mode == Mode::kReadWrite && sqlite3_db_readonly(db_->getHandle(), "main") == 1) {
    db_.reset();
    throw std::runtime_error("cannot write to database " + path +
                             ": the file is read-only (no permission to write it)");
  }
  register_functions(*db_);

  const FileState state = read_file_state(*db_, path, mode);
  const bool fresh = state.objects == 0 && state.user_version == 0;
  if (!fresh && state.application_id != kApplicationId) {
    throw std::runtime_error(path + " is not a ludex database (an SQLite file of another program)");
  }
  if (state.user_version > kSchemaVersion) {
    throw std::runtime_error(path + " has schema version " + std::to_string(state.user_version) +
                             ", newer than this ludex supports (" + std::to_string(kSchemaVersion) +
                             "); use a newer ludex");
  }
  if (mode == Mode::kReadOnly) {
    if (fresh) throw std::runtime_error(path + " is not a ludex database (it is empty)");
    if (state.user_version < kSchemaVersion) {
      throw std::runtime_error(path + " has schema version " + std::to_string(state.user_version) +
                               " and must be upgraded; open it for writing (ludex import)");
    }
  }

  if (fresh && mode == Mode::kReadWrite) {
    // 16 KiB pages for a new database (an existing one keeps its own, which
    // WAL mode cannot change): a bulk import writes and syncs a quarter as
    // many pages as with SQLite's 4 KiB, and nodes and the hash index take
    // less room (docs/performance.md). Must come before WAL mode is set.
    db_->exec("PRAGMA page_size = 16384");
  }
  set_connection_pragmas(*db_, mode);
  if (mode == Mode::kReadWrite && state.user_version < kSchemaVersion) {
    migrate_schema(*db_, ludex_build_name());
  }
  schema_version_ = db_->execAndGet("PRAGMA user_version").getInt();
}

Database::~Database() = default;

}  // namespace ludex
