// Loading into an empty database without the secondary indexes, which are
// built once at the end (docs/schema.md, "Bulk load"): GameStore's
// begin_bulk_load() and finish_bulk_load(). For GameStore only.
//
// Thread-safety: run on the connection's (the writer's) thread.
#ifndef LUDEX_SCHEMA_WRITE_BULK_LOAD_H_
#define LUDEX_SCHEMA_WRITE_BULK_LOAD_H_

#include <SQLiteCpp/Database.h>

#include "schema/db/meta.h"

namespace ludex {

// True if the database holds no game.
bool holds_no_game(SQLite::Database& db);

// Raises this connection's WAL checkpoint interval, then in one
// transaction drops the secondary and full-text indexes and records in
// meta_key::kIndexesDropped the statements that build them again.
// Requires no open transaction. Throws SQLite::Exception (the transaction
// is rolled back).
void drop_indexes_for_load(SQLite::Database& db, MetaTable& meta);

// Builds whatever meta_key::kIndexesDropped records (every index file for
// the legacy '1'), rebuilds the comment full-text index and deletes the
// key, in one transaction, under a small page cache; then sets the cache
// and the checkpoint interval back and runs ANALYZE. Without the key it only
// analyses, and only when `analyze` (nothing changed: the statistics stand).
// Requires no open transaction. Throws SQLite::Exception (the
// transaction is rolled back; the key stays for the next call).
void rebuild_dropped_indexes(SQLite::Database& db, MetaTable& meta, bool analyze = true);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_BULK_LOAD_H_
