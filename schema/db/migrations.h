// Applying the embedded schema/sql files: migrations, and the secondary
// indexes that a bulk load drops and rebuilds. For code in schema/ only.
//
// File naming (docs/schema.md, "Migrations"): NNN_<name>.sql belongs to
// schema version NNN. Files whose name ends in "_indexes.sql" hold the
// secondary indexes, the full-text index and its triggers; they must be
// idempotent. Within a version, the other files run first, then the index
// files, each group in name order.
#ifndef LUDEX_SCHEMA_DB_MIGRATIONS_H_
#define LUDEX_SCHEMA_DB_MIGRATIONS_H_

#include <string>

#include <SQLiteCpp/Database.h>

namespace ludex {

// The 32-bit PRAGMA application_id of a ludex database ('LDEX'), set by
// 001_initial.sql.
inline constexpr int kApplicationId = 0x4C444558;

// Brings a database at from_version (0 = empty) up to kSchemaVersion in one
// IMMEDIATE transaction, setting PRAGMA user_version and meta.schema_version
// as it goes, and meta.hash_version = kPositionHashVersion and
// meta.written_by = created_by when it changed anything; a new database also
// gets meta.created_by = created_by.
// Re-reads the version under the write lock, so concurrent openers migrate
// once. Throws on SQL errors (the transaction is rolled back).
void migrate_schema(SQLite::Database& db, const std::string& created_by);

// Runs every index file up to the current version. Requires an open
// transaction (or runs in autocommit mode statement by statement). An index
// that a later version replaced is built and dropped again on the way
// (nodes_by_hash, 007_compact_nodes_indexes.sql): after a bulk load, prefer
// recreate_secondary_indexes with what drop_secondary_indexes returned.
void create_secondary_indexes(SQLite::Database& db);

// Drops every index, trigger and virtual table that the index files create
// (read from sqlite_schema, so indexes of later versions are included).
// Constraint indexes (PRIMARY KEY, UNIQUE) and games_by_moves_hash (which
// every stored game needs, 003_duplicates.sql) are not touched. Returns the
// statements that create exactly what was dropped, in an order that can run
// (virtual tables, then indexes, then triggers), for
// recreate_secondary_indexes.
std::string drop_secondary_indexes(SQLite::Database& db);

// Runs the statements drop_secondary_indexes returned. Requires an open
// transaction (or runs in autocommit mode statement by statement).
void recreate_secondary_indexes(SQLite::Database& db, const std::string& statements);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_MIGRATIONS_H_
