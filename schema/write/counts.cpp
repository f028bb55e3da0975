#include "schema/write/counts.h"

#include "schema/db/statement_util.h"

namespace ludex {

namespace count_name {

std::string games_of(Family family) {
  return "games/" + std::string(family_name(family));
}

std::string board(std::string_view family, std::string_view variant, std::int64_t columns,
                  std::int64_t rows) {
  return "board/" + std::string(family) + "/" + std::string(variant) + "/" +
         std::to_string(columns) + "x" + std::to_string(rows);
}

}  // namespace count_name

CountsWriter::CountsWriter(SQLite::Database& db)
    : add_(db,
           "INSERT INTO counts (name, value) VALUES (?1, ?2) "
           "ON CONFLICT (name) DO UPDATE SET value = value + excluded.value") {}

void CountsWriter::add(std::string_view name, std::int64_t delta) {
  if (delta == 0) return;
  auto it = pending_.find(name);
  if (it == pending_.end()) it = pending_.emplace(std::string(name), 0).first;
  it->second += delta;
}

void CountsWriter::flush() {
  for (const auto& [name, delta] : pending_) {
    if (delta == 0) continue;
    ResetOnExit reset(add_);
    add_.bind(1, name);
    add_.bind(2, delta);
    add_.exec();
  }
  pending_.clear();
}

std::map<std::string, std::int64_t> read_counts(SQLite::Database& db) {
  std::map<std::string, std::int64_t> out;
  SQLite::Statement st(db, "SELECT name, value FROM counts");
  while (st.executeStep()) out[st.getColumn(0).getString()] = st.getColumn(1).getInt64();
  return out;
}

std::map<std::string, std::int64_t> count_rows(SQLite::Database& db, bool every_row) {
  std::map<std::string, std::int64_t> out;
  auto one = [&db](const char* sql) { return db.execAndGet(sql).getInt64(); };
  out[std::string(count_name::kFiles)] =
      one("SELECT count(*) FROM source_files WHERE format <> 'archive'");
  out[std::string(count_name::kArchives)] =
      one("SELECT count(*) FROM source_files WHERE format = 'archive'");
  out[std::string(count_name::kGames)] = one("SELECT count(*) FROM games");
  if (every_row) {
    out[std::string(count_name::kNodes)] = one("SELECT count(*) FROM nodes");
    out[std::string(count_name::kMoves)] =
        one("SELECT (SELECT count(*) FROM nodes WHERE kind IS NOT NULL) + "
            "(SELECT count(*) FROM node_moves)");
  } else {
    out[std::string(count_name::kNodes)] = one("SELECT coalesce(sum(node_count), 0) FROM games");
  }
  out[std::string(count_name::kPlayers)] = one("SELECT count(*) FROM players");
  out[std::string(count_name::kErrors)] =
      one("SELECT count(*) FROM import_errors WHERE severity = 'error'");
  out[std::string(count_name::kWarnings)] =
      one("SELECT count(*) FROM import_errors WHERE severity = 'warning'");
  out[std::string(count_name::kDuplicates)] =
      one("SELECT (SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL) + "
          "(SELECT count(*) FROM game_sightings)");
  SQLite::Statement boards(db,
                           "SELECT family, coalesce(variant, ''), coalesce(board_columns, 0), "
                           "coalesce(board_rows, 0), count(*) FROM games GROUP BY 1, 2, 3, 4");
  while (boards.executeStep()) {
    const std::string family = boards.getColumn(0).getString();
    const std::int64_t n = boards.getColumn(4).getInt64();
    out["games/" + family] += n;
    out[count_name::board(family, boards.getColumn(1).getString(), boards.getColumn(2).getInt64(),
                          boards.getColumn(3).getInt64())] = n;
  }
  // A name whose count is 0 is not kept (read_counts gives it as absent).
  std::erase_if(out, [](const auto& e) { return e.second == 0; });
  return out;
}

void recount_duplicates(SQLite::Database& db) {
  const std::int64_t n =
      db.execAndGet(
            "SELECT (SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL) + "
            "(SELECT count(*) FROM game_sightings)")
          .getInt64();
  SQLite::Statement set(db,
                        "INSERT INTO counts (name, value) VALUES (?1, ?2) "
                        "ON CONFLICT (name) DO UPDATE SET value = excluded.value");
  set.bind(1, std::string(count_name::kDuplicates));
  set.bind(2, n);
  set.exec();
}

void write_counts(SQLite::Database& db, const std::map<std::string, std::int64_t>& counts) {
  db.exec("DELETE FROM counts");
  SQLite::Statement insert(db, "INSERT INTO counts (name, value) VALUES (?1, ?2)");
  for (const auto& [name, value] : counts) {
    if (value == 0) continue;
    ResetOnExit reset(insert);
    insert.bind(1, name);
    insert.bind(2, value);
    insert.exec();
  }
}

}  // namespace ludex
