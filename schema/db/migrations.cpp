#include "schema/db/migrations.h"

#include <cassert>
#include <cstdlib>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/moves_hash.h"
#include "core/zobrist.h"
#include "schema/db/meta.h"
#include "schema/db/schema_sql.h"
#include "schema/db/schema_version.h"
#include "schema/db/transaction.h"

namespace ludex {
namespace {

constexpr std::string_view kIndexSuffix = "_indexes.sql";

// The version a file belongs to: its leading decimal digits (0 if none).
int file_version(std::string_view name) {
  int v = 0;
  std::size_t i = 0;
  while (i < name.size() && name[i] >= '0' && name[i] <= '9') {
    v = v * 10 + (name[i] - '0');
    ++i;
  }
  return i == 0 ? 0 : v;
}

bool is_index_file(std::string_view name) {
  return name.size() >= kIndexSuffix.size() &&
         name.substr(name.size() - kIndexSuffix.size()) == kIndexSuffix;
}

// The files of one version, table files first, then index files; each
// group keeps the name order of schema_sql_files().
std::vector<const SqlFile*> files_of_version(int version, bool include_tables,
                                             bool include_indexes) {
  std::vector<const SqlFile*> out;
  for (int pass = 0; pass < 2; ++pass) {
    const bool want_index = pass == 1;
    if (want_index ? !include_indexes : !include_tables) continue;
    for (const SqlFile& f : schema_sql_files()) {
      if (file_version(f.name) == version && is_index_file(f.name) == want_index) {
        out.push_back(&f);
      }
    }
  }
  return out;
}

int read_user_version(SQLite::Database& db) {
  return db.execAndGet("PRAGMA user_version").getInt();
}

// Identifiers come from sqlite_schema (names our own DDL chose), never from
// user input; quoting guards against any name the DDL might ever use.
std::string quote_identifier(std::string_view name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

}  // namespace

void migrate_schema(SQLite::Database& db, const std::string& created_by) {
  Transaction transaction(db, Transaction::Mode::kImmediate);
  const int from = read_user_version(db);
  // A new database has no meta table before version 1's files ran; the
  // MetaTable prepares its statements when first used, after them.
  MetaTable meta(db);
  for (int v = from + 1; v <= kSchemaVersion; ++v) {
    const std::vector<const SqlFile*> files = files_of_version(v, true, true);
    if (files.empty()) {
      throw std::logic_error("schema version " + std::to_string(v) + " has no SQL file");
    }
    for (const SqlFile* f : files) db.exec(f->text);
    // PRAGMA takes no parameters; v is our own integer.
    db.exec("PRAGMA user_version = " + std::to_string(v));
    meta.set(meta_key::kSchemaVersion, std::to_string(v));
  }
  if (from == 0) {
    meta.set(meta_key::kCreatedBy, created_by);
    // A new database holds no game hashed by another kMovesHashVersion
    // (003_duplicates.sql writes version 1, the first one).
    meta.set(meta_key::kMovesHashVersion, std::to_string(kMovesHashVersion));
    // Nor any game without its position stream (006_position_streams.sql).
    meta.erase(meta_key::kPositionStreamsPending);
    // Nor any game without its seat ranks (012_players.sql).
    meta.erase(meta_key::kSeatRanksPending);
  }
  // The hashing this build writes; games.hash_version says, per game,
  // which one its stored positions used.
  if (from < kSchemaVersion) {
    meta.set(meta_key::kHashVersion, std::to_string(kPositionHashVersion));
    meta.set(meta_key::kWrittenBy, created_by);
  }
  transaction.commit();
}

void create_secondary_indexes(SQLite::Database& db) {
  const int current = read_user_version(db);
  for (int v = 1; v <= current; ++v) {
    for (const SqlFile* f : files_of_version(v, false, true)) db.exec(f->text);
  }
}

std::string drop_secondary_indexes(SQLite::Database& db) {
  // Triggers first (they write to the full-text table), then the virtual
  // tables (which take their shadow tables with them), then the indexes.
  // games_by_moves_hash stays (003_duplicates.sql): every stored game looks
  // up its first copy through it, during a bulk load too.
  struct Drop {
    std::string kind;
    std::string name;
    std::string sql;
  };
  std::vector<Drop> drops;
  SQLite::Statement st(db,
                       "SELECT CASE type WHEN 'trigger' THEN 'TRIGGER' WHEN 'index' THEN 'INDEX' "
                       "ELSE 'TABLE' END, name, sql FROM sqlite_schema "
                       "WHERE (type IN ('trigger', 'index') AND sql IS NOT NULL "
                       "AND name NOT IN ('games_by_moves_hash')) "
                       "OR (type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%') "
                       "ORDER BY CASE type WHEN 'trigger' THEN 0 WHEN 'table' THEN 1 ELSE 2 END, "
                       "name");
  while (st.executeStep()) {
    drops.push_back(
        {st.getColumn(0).getString(), st.getColumn(1).getString(), st.getColumn(2).getString()});
  }
  st.reset();
  for (const Drop& d : drops) {
    db.exec("DROP " + d.kind + " IF EXISTS " + quote_identifier(d.name));
  }
  // Created in the reverse order: a trigger needs its virtual table.
  std::string statements;
  for (auto it = drops.rbegin(); it != drops.rend(); ++it) statements += it->sql + ";\n";
  return statements;
}

void recreate_secondary_indexes(SQLite::Database& db, const std::string& statements) {
  if (!statements.empty()) db.exec(statements);
}

}  // namespace ludex
