#include "schema/stats.h"

#include <SQLiteCpp/Statement.h>

#include "core/game.h"
#include "schema/meta.h"
#include "schema/statement_util.h"

namespace ludex {
namespace {

std::int64_t count(SQLite::Database& db, const char* sql) {
  return db.execAndGet(sql).getInt64();
}

}  // namespace

DbInfo read_info(Database& db) {
  SQLite::Database& h = db.handle();
  DbInfo info;
  info.schema_version = db.schema_version();
  MetaTable meta(h);
  info.created_by = meta.get(meta_key::kCreatedBy).value_or("");
  info.written_by = meta.get(meta_key::kWrittenBy).value_or("");
  // An archive's own row is not a file: its members are (docs/schema.md).
  info.files = count(h, "SELECT count(*) FROM source_files WHERE format <> 'archive'");
  info.archives = count(h, "SELECT count(*) FROM source_files WHERE format = 'archive'");
  info.games = count(h, "SELECT count(*) FROM games");
  info.nodes = count(h, "SELECT count(*) FROM nodes");
  info.moves = count(h, "SELECT count(*) FROM moves");
  info.players = count(h, "SELECT count(*) FROM players");
  info.errors = count(h, "SELECT count(*) FROM import_errors WHERE severity = 'error'");
  info.warnings = count(h, "SELECT count(*) FROM import_errors WHERE severity = 'warning'");
  // Stored duplicates and those --dedupe only recorded as seen: the same
  // count whether or not the import deduplicated.
  info.duplicates = count(h, "SELECT count(*) FROM games WHERE duplicate_of IS NOT NULL") +
                    count(h, "SELECT count(*) FROM game_sightings");
  for (Family f : {Family::kOther, Family::kGo, Family::kHex, Family::kTwixt, Family::kBlokus}) {
    info.games_by_family[std::string(family_name(f))] = 0;
  }
  SQLite::Statement st(h, "SELECT family, count(*) FROM games GROUP BY family");
  ResetOnExit reset(st);
  while (st.executeStep()) {
    info.games_by_family[st.getColumn(0).getString()] = st.getColumn(1).getInt64();
  }
  return info;
}

std::vector<BoardCount> count_boards(Database& db) {
  SQLite::Statement st(db.handle(),
                       "SELECT family, coalesce(variant, ''), coalesce(board_columns, 0), "
                       "coalesce(board_rows, 0), count(*) AS n FROM games WHERE family <> 'other' "
                       "GROUP BY 1, 2, 3, 4 ORDER BY n DESC, 1, 2, 3, 4");
  std::vector<BoardCount> out;
  while (st.executeStep()) {
    BoardCount b;
    b.family = parse_family(st.getColumn(0).getString()).value_or(Family::kOther);
    b.variant = st.getColumn(1).getString();
    b.columns = st.getColumn(2).getInt();
    b.rows = st.getColumn(3).getInt();
    b.games = st.getColumn(4).getInt64();
    out.push_back(std::move(b));
  }
  return out;
}

void list_errors(Database& db, const std::function<void(const ErrorRow&)>& visit) {
  SQLite::Statement st(db.handle(),
                       "SELECT f.path, e.severity, e.game_index, e.byte_offset, e.line, e.col, "
                       "e.message FROM import_errors AS e "
                       "JOIN source_files AS f ON f.file_id = e.file_id "
                       "ORDER BY e.file_id, e.game_index, e.line, e.col, e.byte_offset, "
                       "e.error_id");
  ResetOnExit reset(st);
  ErrorRow row;
  while (st.executeStep()) {
    row.file = st.getColumn(0).getString();
    Diagnostic& d = row.diagnostic;
    d.severity = st.getColumn(1).getString() == "warning" ? Severity::kWarning : Severity::kError;
    d.game_index = st.getColumn(2).getInt();
    d.pos.byte_offset = column_int(st, 3, -1);
    d.pos.line = static_cast<std::int32_t>(column_int(st, 4, 0));
    d.pos.column = static_cast<std::int32_t>(column_int(st, 5, 0));
    d.message = st.getColumn(6).getString();
    visit(row);
  }
}

}  // namespace ludex
