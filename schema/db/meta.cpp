#include "schema/db/meta.h"

#include <string>

#include "schema/db/statement_util.h"

namespace ludex {

SQLite::Statement& MetaTable::prepared(std::optional<SQLite::Statement>& st, const char* sql) {
  if (!st) st.emplace(db_, sql);
  return *st;
}

std::optional<std::string> MetaTable::get(std::string_view key) {
  SQLite::Statement& st = prepared(get_, "SELECT value FROM meta WHERE key = ?1");
  ResetOnExit reset(st);
  st.bind(1, std::string(key));
  if (!st.executeStep()) return std::nullopt;
  return st.getColumn(0).getString();
}

void MetaTable::set(std::string_view key, std::string_view value) {
  SQLite::Statement& st = prepared(set_,
                                   "INSERT INTO meta (key, value) VALUES (?1, ?2) "
                                   "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  ResetOnExit reset(st);
  st.bind(1, std::string(key));
  st.bind(2, std::string(value));
  st.exec();
}

void MetaTable::erase(std::string_view key) {
  SQLite::Statement& st = prepared(erase_, "DELETE FROM meta WHERE key = ?1");
  ResetOnExit reset(st);
  st.bind(1, std::string(key));
  st.exec();
}

}  // namespace ludex
