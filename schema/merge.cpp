#include "schema/merge.h"

#include <SQLiteCpp/Statement.h>

#include "schema/db/statement_util.h"

namespace ludex {

struct MergeSource::Impl {
  explicit Impl(SQLite::Database& db)
      : files(db,
              "SELECT file_id, path, size, mtime_ns, content_hash, format, "
              "coalesce(container_id, 0) FROM source_files ORDER BY file_id"),
        games(db, "SELECT game_id, file_id FROM games ORDER BY game_id"),
        errors(db,
               "SELECT e.severity, e.game_index, e.byte_offset, e.line, e.col, e.message "
               "FROM import_errors AS e WHERE e.file_id = ?1 AND NOT (e.severity = 'warning' "
               "AND (EXISTS (SELECT 1 FROM games AS g WHERE g.file_id = e.file_id "
               "AND g.game_index = e.game_index) OR EXISTS (SELECT 1 FROM game_sightings AS s "
               "WHERE s.file_id = e.file_id AND s.game_index = e.game_index))) "
               "ORDER BY e.error_id"),
        sightings(db,
                  "SELECT game_index, moves_hash FROM game_sightings WHERE file_id = ?1 "
                  "ORDER BY game_index") {}

  SQLite::Statement files, games, errors, sightings;
};

MergeSource::MergeSource(Database& db) : impl_(std::make_unique<Impl>(db.handle())) {}

MergeSource::~MergeSource() = default;

std::vector<MergeFile> MergeSource::files() {
  SQLite::Statement& st = impl_->files;
  ResetOnExit reset(st);
  std::vector<MergeFile> out;
  while (st.executeStep()) {
    MergeFile f;
    f.file_id = st.getColumn(0).getInt64();
    f.info.path = st.getColumn(1).getString();
    f.info.size = st.getColumn(2).getInt64();
    f.info.mtime_ns = st.getColumn(3).getInt64();
    f.info.content_hash = st.getColumn(4).getString();
    f.info.format = st.getColumn(5).getString();
    f.info.container_id = st.getColumn(6).getInt64();
    out.push_back(std::move(f));
  }
  return out;
}

std::vector<std::pair<std::int64_t, std::int64_t>> MergeSource::games() {
  SQLite::Statement& st = impl_->games;
  ResetOnExit reset(st);
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  while (st.executeStep()) out.emplace_back(st.getColumn(0).getInt64(), st.getColumn(1).getInt64());
  return out;
}

std::vector<Diagnostic> MergeSource::file_errors(std::int64_t file_id) {
  SQLite::Statement& st = impl_->errors;
  ResetOnExit reset(st);
  st.bind(1, file_id);
  std::vector<Diagnostic> out;
  while (st.executeStep()) {
    Diagnostic d;
    d.severity = st.getColumn(0).getString() == "warning" ? Severity::kWarning : Severity::kError;
    d.game_index = st.getColumn(1).getInt();
    d.pos.byte_offset = column_int(st, 2, -1);
    d.pos.line = static_cast<std::int32_t>(column_int(st, 3, 0));
    d.pos.column = static_cast<std::int32_t>(column_int(st, 4, 0));
    d.message = st.getColumn(5).getString();
    out.push_back(std::move(d));
  }
  return out;
}

std::vector<MergeSighting> MergeSource::sightings(std::int64_t file_id) {
  SQLite::Statement& st = impl_->sightings;
  ResetOnExit reset(st);
  st.bind(1, file_id);
  std::vector<MergeSighting> out;
  while (st.executeStep()) {
    out.push_back({st.getColumn(0).getInt(), st.getColumn(1).getInt64()});
  }
  return out;
}

}  // namespace ludex
