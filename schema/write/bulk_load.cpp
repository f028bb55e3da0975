#include "schema/write/bulk_load.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "schema/database.h"
#include "schema/db/migrations.h"
#include "schema/db/transaction.h"

namespace ludex {

bool holds_no_game(SQLite::Database& db) {
  return db.execAndGet("SELECT NOT EXISTS (SELECT 1 FROM games)").getInt() != 0;
}

void drop_indexes_for_load(SQLite::Database& db, MetaTable& meta) {
  // A checkpoint (which syncs the WAL and the database file) after every
  // 64 MiB of WAL rather than SQLite's 1000 pages: measured on the 100k
  // archive, 101 syncs took the writer 1.0 s; rebuild_dropped_indexes()
  // sets it back. Per connection: a load that dies leaves nothing to undo.
  const std::int64_t page_size = db.execAndGet("PRAGMA page_size").getInt64();
  db.exec("PRAGMA wal_autocheckpoint = " +
          std::to_string(std::max<std::int64_t>(1000, (std::int64_t{64} << 20) / page_size)));
  Transaction transaction(db, Transaction::Mode::kImmediate);
  // What was dropped is kept, so that rebuild_dropped_indexes() builds
  // exactly that, also in a later run after an interrupted load.
  const std::string statements = drop_secondary_indexes(db);
  meta.set(meta_key::kIndexesDropped, statements.empty() ? std::string("1") : statements);
  transaction.commit();
}

void rebuild_dropped_indexes(SQLite::Database& db, MetaTable& meta, bool analyze) {
  // The sorter behind CREATE INDEX sorts runs of a cache's worth of keys in
  // memory before it merges them from temporary files; small runs sort in
  // the processor's caches, large ones do not. Measured on the 100k
  // archive's hash index (7.9 M keys, 16 KiB pages): 7.8 s with the 64 MiB
  // cache, 4.6 s with 8 MiB, 3.1 s with 2 MiB, and a twelfth of the memory.
  // The cache is set back afterwards.
  db.exec("PRAGMA cache_size = -2048");
  struct RestoreCache {
    SQLite::Database& db;
    ~RestoreCache() {
      db.tryExec(std::string("PRAGMA cache_size = ") + kConnectionCacheSize);
      db.tryExec("PRAGMA wal_autocheckpoint = 1000");
    }
  } restore_cache{db};
  {
    Transaction transaction(db, Transaction::Mode::kImmediate);
    const std::optional<std::string> dropped = meta.get(meta_key::kIndexesDropped);
    // A load interrupted under an older ludex recorded only '1': every
    // index file then runs, as it did then (building, on the way, indexes
    // that a later version drops again).
    if (dropped && *dropped == "1") {
      create_secondary_indexes(db);
    } else if (dropped) {
      recreate_secondary_indexes(db, *dropped);
    }
    if (dropped) {
      // The full-text index was created empty; index every stored comment.
      db.exec("INSERT INTO comments_fts (comments_fts) VALUES ('rebuild')");
      meta.erase(meta_key::kIndexesDropped);
      analyze = true;
    }
    transaction.commit();
  }
  if (!analyze) return;
  // Sampled statistics: enough for the planner, cheap on a large archive.
  db.exec("PRAGMA analysis_limit = 1000");
  db.exec("ANALYZE");
}

}  // namespace ludex
