#include "schema/meta.h"

#include <string>

#include "schema/statement_util.h"

namespace ludex {

MetaTable::MetaTable(SQLite::Database& db)
    : get_(db, "SELECT value FROM meta WHERE key = ?1"),
      set_(db,
           "INSERT INTO meta (key, value) VALUES (?1, ?2) "
           "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
      erase_(db, "DELETE FROM meta WHERE key = ?1") {}

std::optional<std::string> MetaTable::get(std::string_view key) {
  ResetOnExit reset(get_);
  get_.bind(1, std::string(key));
  if (!get_.executeStep()) return std::nullopt;
  return get_.getColumn(0).getString();
}

void MetaTable::set(std::string_view key, std::string_view value) {
  ResetOnExit reset(set_);
  set_.bind(1, std::string(key));
  set_.bind(2, std::string(value));
  set_.exec();
}

void MetaTable::erase(std::string_view key) {
  ResetOnExit reset(erase_);
  erase_.bind(1, std::string(key));
  erase_.exec();
}

}  // namespace ludex
