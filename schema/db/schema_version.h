// The schema version: one number, which the migrations
// (schema/db/migrations.h) bring every database up to and the database
// (schema/database.h) requires. A change to what is on disk raises it and
// adds the migration's .sql files (schema/sql/, docs/schema.md).
#ifndef LUDEX_SCHEMA_DB_SCHEMA_VERSION_H_
#define LUDEX_SCHEMA_DB_SCHEMA_VERSION_H_

namespace ludex {

// The schema version this build writes and reads (PRAGMA user_version).
inline constexpr int kSchemaVersion = 14;

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_SCHEMA_VERSION_H_
