#include "schema/write/source_files.h"

#include <stdexcept>

#include "core/zobrist.h"
#include "schema/db/statement_util.h"

namespace ludex {
namespace {

// Whether source file f has a game whose positions must be computed again
// (stored by another kPositionHashVersion) or a sighting that lost its
// stored copy: the condition of KnownFile::positions_stale. The version is
// written into the SQL (our own constant, not user text) because only a
// literal lets SQLite answer from the partial index games_stale_positions
// (008_stale_files_indexes.sql), which holds exactly these games: a file
// costs an empty index probe, not a read of its games.
const std::string kStaleFile =
    "(EXISTS (SELECT 1 FROM games AS g WHERE g.file_id = f.file_id AND g.family <> 'other' "
    "AND g.hash_version IS NOT " +
    std::to_string(kPositionHashVersion) +
    ") OR EXISTS (SELECT 1 FROM game_sightings AS s "
    "WHERE s.file_id = f.file_id AND s.duplicate_of IS NULL))";

// The columns of KnownFile, in the order read_known_file() reads them.
const std::string kKnownFileColumns =
    "f.file_id, f.size, f.mtime_ns, f.content_hash, " + kStaleFile +
    ", f.format = 'archive', coalesce(f.container_id, 0), f.absent";

KnownFile read_known_file(const SQLite::Statement& st) {
  KnownFile f;
  f.file_id = st.getColumn(0).getInt64();
  f.size = st.getColumn(1).getInt64();
  f.mtime_ns = st.getColumn(2).getInt64();
  f.content_hash = st.getColumn(3).getString();
  f.positions_stale = st.getColumn(4).getInt() != 0;
  f.is_archive = st.getColumn(5).getInt() != 0;
  f.container_id = st.getColumn(6).getInt64();
  f.absent = st.getColumn(7).getInt() != 0;
  return f;
}

}  // namespace

SourceFiles::SourceFiles(SQLite::Database& db, CountsWriter* counts)
    : counts_(counts),
      find_file_(db, "SELECT " + kKnownFileColumns + " FROM source_files AS f WHERE f.path = ?1"),
      find_members_(db,
                    "WITH RECURSIVE below (id) AS (SELECT file_id FROM source_files "
                    "WHERE container_id = ?1 UNION ALL SELECT s.file_id FROM "
                    "source_files AS s JOIN below AS b ON s.container_id = b.id) SELECT " +
                        kKnownFileColumns +
                        ", f.path FROM below JOIN source_files AS f ON f.file_id = below.id "
                        "ORDER BY f.file_id"),
      find_below_(db, "SELECT " + kKnownFileColumns +
                          ", f.path FROM source_files AS f WHERE f.path > ?1 AND f.path < ?2"),
      upsert_file_(db,
                   "INSERT INTO source_files (path, size, mtime_ns, content_hash, format, "
                   "container_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (path) DO "
                   "UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns, "
                   "content_hash = excluded.content_hash, format = excluded.format, "
                   "container_id = excluded.container_id, absent = 0 RETURNING file_id"),
      mark_absent_(db, "UPDATE source_files SET absent = ?2 WHERE file_id = ?1"),
      touch_file_(db, "UPDATE source_files SET size = ?2, mtime_ns = ?3 WHERE file_id = ?1"),
      list_files_(db,
                  "SELECT file_id, path FROM source_files WHERE container_id IS NULL "
                  "ORDER BY path"),
      is_file_(db, "SELECT format <> 'archive' FROM source_files WHERE file_id = ?1"),
      delete_file_(db, "DELETE FROM source_files WHERE file_id = ?1"),
      format_of_path_(db, "SELECT format FROM source_files WHERE path = ?1"),
      format_of_id_(db, "SELECT format FROM source_files WHERE file_id = ?1") {}

void SourceFiles::count(const std::string& format, std::int64_t delta) {
  counts_->add(format == kArchiveFormat ? count_name::kArchives : count_name::kFiles, delta);
}

std::optional<KnownFile> SourceFiles::find_file(const std::string& path) {
  ResetOnExit reset(find_file_);
  find_file_.bindNoCopy(1, path);
  if (!find_file_.executeStep()) return std::nullopt;
  return read_known_file(find_file_);
}

std::vector<KnownMember> SourceFiles::find_members(std::int64_t container_id) {
  ResetOnExit reset(find_members_);
  find_members_.bind(1, container_id);
  std::vector<KnownMember> out;
  while (find_members_.executeStep()) {
    out.push_back(
        KnownMember{find_members_.getColumn(8).getString(), read_known_file(find_members_)});
  }
  return out;
}

std::vector<KnownMember> SourceFiles::find_files_below(const std::string& dir) {
  // "dir/" <= path < "dir0": '0' follows '/' in byte order.
  std::string low = dir;
  if (low.empty() || low.back() != '/') low.push_back('/');
  std::string high = low;
  high.back() = '0';
  ResetOnExit reset(find_below_);
  find_below_.bind(1, low);
  find_below_.bind(2, high);
  std::vector<KnownMember> out;
  while (find_below_.executeStep()) {
    out.push_back(KnownMember{find_below_.getColumn(8).getString(), read_known_file(find_below_)});
  }
  return out;
}

std::int64_t SourceFiles::upsert_file(const SourceFileInfo& file) {
  if (counts_ != nullptr) {
    ResetOnExit reset(format_of_path_);
    format_of_path_.bindNoCopy(1, file.path);
    if (format_of_path_.executeStep()) count(format_of_path_.getColumn(0).getString(), -1);
    count(file.format, 1);
  }
  SQLite::Statement& st = upsert_file_;
  ResetOnExit reset(st);
  st.bindNoCopy(1, file.path);
  st.bind(2, file.size);
  st.bind(3, file.mtime_ns);
  st.bindNoCopy(4, file.content_hash);
  st.bindNoCopy(5, file.format);
  if (file.container_id != 0) {
    st.bind(6, file.container_id);
  } else {
    st.bind(6);
  }
  if (!st.executeStep()) throw std::runtime_error("upsert of " + file.path + " returned no id");
  return st.getColumn(0).getInt64();
}

void SourceFiles::mark_absent(std::int64_t file_id, bool absent) {
  ResetOnExit reset(mark_absent_);
  mark_absent_.bind(1, file_id);
  mark_absent_.bind(2, absent ? 1 : 0);
  mark_absent_.exec();
}

void SourceFiles::touch_file(std::int64_t file_id, std::int64_t size, std::int64_t mtime_ns) {
  ResetOnExit reset(touch_file_);
  touch_file_.bind(1, file_id);
  touch_file_.bind(2, size);
  touch_file_.bind(3, mtime_ns);
  touch_file_.exec();
}

std::vector<std::pair<std::int64_t, std::string>> SourceFiles::list_files() {
  ResetOnExit reset(list_files_);
  std::vector<std::pair<std::int64_t, std::string>> out;
  while (list_files_.executeStep()) {
    out.emplace_back(list_files_.getColumn(0).getInt64(), list_files_.getColumn(1).getString());
  }
  return out;
}

bool SourceFiles::is_archive(std::int64_t file_id) {
  ResetOnExit reset(is_file_);
  is_file_.bind(1, file_id);
  return is_file_.executeStep() && is_file_.getColumn(0).getInt() == 0;
}

void SourceFiles::delete_row(std::int64_t file_id) {
  if (counts_ != nullptr) {
    ResetOnExit reset(format_of_id_);
    format_of_id_.bind(1, file_id);
    if (format_of_id_.executeStep()) count(format_of_id_.getColumn(0).getString(), -1);
  }
  delete_file_.bind(1, file_id);
  run(delete_file_);
}

}  // namespace ludex
