#include "schema/stats.h"

#include <algorithm>
#include <cstdlib>
#include <tuple>

#include <SQLiteCpp/Statement.h>

#include "core/game.h"
#include "schema/db/meta.h"
#include "schema/db/statement_util.h"
#include "schema/write/counts.h"

namespace ludex {

DbInfo read_info(Database& db) {
  SQLite::Database& h = db.handle();
  DbInfo info;
  info.schema_version = db.schema_version();
  MetaTable meta(h);
  info.created_by = meta.get(meta_key::kCreatedBy).value_or("");
  info.written_by = meta.get(meta_key::kWrittenBy).value_or("");
  // Kept, not counted (schema/write/counts.h): at once at any size.
  const std::map<std::string, std::int64_t> counts = read_counts(h);
  auto count_of = [&counts](std::string_view name) {
    const auto it = counts.find(std::string(name));
    return it == counts.end() ? std::int64_t{0} : it->second;
  };
  info.files = count_of(count_name::kFiles);
  info.archives = count_of(count_name::kArchives);
  info.games = count_of(count_name::kGames);
  info.nodes = count_of(count_name::kNodes);
  info.moves = count_of(count_name::kMoves);
  info.players = count_of(count_name::kPlayers);
  info.errors = count_of(count_name::kErrors);
  info.warnings = count_of(count_name::kWarnings);
  // Stored duplicates and those --dedupe only recorded as seen: the same
  // count whether or not the import deduplicated.
  info.duplicates = count_of(count_name::kDuplicates);
  for (Family f : {Family::kOther, Family::kGo, Family::kHex, Family::kTwixt, Family::kBlokus}) {
    info.games_by_family[std::string(family_name(f))] = count_of(count_name::games_of(f));
  }
  return info;
}

std::vector<BoardCount> count_boards(Database& db) {
  std::vector<BoardCount> out;
  for (const auto& [name, n] : read_counts(db.handle())) {
    // "board/FAMILY/VARIANT/COLUMNSxROWS" (schema/write/counts.h).
    if (name.rfind("board/", 0) != 0 || n <= 0) continue;
    const std::size_t f_end = name.find('/', 6);
    const std::size_t v_end = name.rfind('/');
    const std::size_t x = name.rfind('x');
    if (f_end == std::string::npos || v_end <= f_end || x == std::string::npos || x < v_end) {
      continue;
    }
    const std::optional<Family> family = parse_family(name.substr(6, f_end - 6));
    if (!family || *family == Family::kOther) continue;
    BoardCount b;
    b.family = *family;
    b.variant = name.substr(f_end + 1, v_end - f_end - 1);
    b.columns = std::atoi(name.substr(v_end + 1, x - v_end - 1).c_str());
    b.rows = std::atoi(name.substr(x + 1).c_str());
    b.games = n;
    out.push_back(std::move(b));
  }
  std::sort(out.begin(), out.end(), [](const BoardCount& a, const BoardCount& b) {
    return std::tie(b.games, a.family, a.variant, a.columns, a.rows) <
           std::tie(a.games, b.family, b.variant, b.columns, b.rows);
  });
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
