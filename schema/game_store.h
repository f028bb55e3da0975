// Writing games into the database. One GameStore per writer thread; every
// statement is prepared once in the constructor and re-bound per row.
#ifndef LUDEX_SCHEMA_GAME_STORE_H_
#define LUDEX_SCHEMA_GAME_STORE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/diagnostic.h"
#include "core/game.h"
#include "schema/database.h"

namespace ludex {

// A source file as seen on disk.
struct SourceFileInfo {
  std::string path;          // as given on the command line / found by the walk
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;  // modification time, nanoseconds since the epoch
  std::string content_hash;  // hex digest of the content (xxh3-128)
  std::string format;        // "sgf", "gtv", "t1", "" when unrecognised
};

// A source file as recorded in the database.
struct KnownFile {
  std::int64_t file_id = 0;
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::string content_hash;
};

class GameStore {
 public:
  // Requires a database opened kReadWrite. Prepares every statement.
  explicit GameStore(Database& db);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // Batches: every write below must happen between begin() and commit().
  void begin();
  void commit();

  // True if the database holds no game yet (a bulk load may then drop the
  // secondary indexes and rebuild them in finish_bulk_load()).
  bool is_empty();
  // Drops the secondary and full-text indexes; requires no open batch.
  void begin_bulk_load();
  // Builds whatever begin_bulk_load() dropped, then runs ANALYZE. Safe to call
  // when begin_bulk_load() was not called (it then only runs ANALYZE).
  void finish_bulk_load();

  std::optional<KnownFile> find_file(const std::string& path);
  // Inserts the file or updates its size, mtime, hash and format; returns its id.
  std::int64_t upsert_file(const SourceFileInfo& file);
  // Deletes every game (with its nodes, moves, ...) and every error recorded
  // for the file; the file row stays.
  void clear_file(std::int64_t file_id);

  // Stores a game and everything in it, including game.warnings as warnings.
  // Returns the game id. Ids grow in call order.
  std::int64_t add_game(std::int64_t file_id, const GameRecord& game);
  // Records an import error (or warning) for a file.
  void add_error(std::int64_t file_id, const Diagnostic& diagnostic);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_STORE_H_
