// Helpers for the archive tests of tests/e2e_import: a database's content
// keyed by where each thing came from, with the archive part of the paths
// taken off, so that an archive import can be compared with an import of the
// same files unpacked.
#ifndef LUDEX_TESTS_E2E_IMPORT_ARCHIVE_SUPPORT_H_
#define LUDEX_TESTS_E2E_IMPORT_ARCHIVE_SUPPORT_H_

#include <catch2/catch.hpp>

#include <map>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace ludex::test {

// path without `prefix` (which it must start with).
inline std::string strip_prefix(const std::string& path, const std::string& prefix) {
  if (path.compare(0, prefix.size(), prefix) != 0) return "?" + path;
  return path.substr(prefix.size());
}

// Everything an import stored, keyed by (source path minus prefix, game
// index): each game's header columns, moves hash, node count and, per node in
// pre-order, its position hash, depth, move number and main-line flag, its
// moves (seat, kind, points) and players; each file's format and game count;
// each recorded error and warning. Ids are left out. Archive rows (format
// 'archive') are left out: their members are the files.
inline std::map<std::string, std::string> stored_content(const std::string& db,
                                                         const std::string& prefix) {
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  std::map<std::string, std::string> out;
  SQLite::Statement games(
      h,
      "SELECT f.path, g.game_index, g.family || '|' || g.format || '|' || g.dialect || '|' || "
      "coalesce(g.variant, '') || '|' || coalesce(g.board_columns, '') || 'x' || "
      "coalesce(g.board_rows, '') || '|' || coalesce(g.result, '') || '|' || g.winner || '|' || "
      "coalesce(g.date, '') || '|' || coalesce(g.event, '') || '|' || coalesce(g.charset, '') "
      "|| '|' || g.main_line_moves || '|' || g.node_count || '|' || "
      "coalesce(g.start_offset, '') || ':' || coalesce(g.start_line, '') || ':' || "
      "coalesce(g.start_column, '') || '|' || coalesce(g.moves_hash, '') || '|' || "
      "coalesce(g.hash_version, ''), "
      "(SELECT group_concat(coalesce(n.position_hash, '-') || '/' || "
      "n.descendants || '/' || n.depth || '/' || n.moveless || '/' || n.flags, ' ') "
      "FROM (SELECT * FROM nodes AS n "
      "WHERE n.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1 "
      "ORDER BY n.node_id) AS n), "
      // A game's moves: the inline first moves and node_moves, each read
      // by its key range (a correlated range is not pushed into the moves
      // view).
      "(SELECT group_concat(m.seat || m.kind || hex(coalesce(m.points, '')), ' ') FROM "
      "(SELECT node_id, 0 AS ordinal, seat, kind, points FROM nodes WHERE kind IS NOT NULL "
      "AND node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1 UNION ALL "
      "SELECT node_id, ordinal, seat, kind, points FROM node_moves WHERE node_id BETWEEN "
      "g.first_node_id AND g.first_node_id + g.node_count - 1 ORDER BY 1, 2) AS m), "
      "(SELECT group_concat(gp.seat || ':' || p.name, ',') FROM (SELECT * FROM game_players "
      "AS gp WHERE gp.game_id = g.game_id ORDER BY gp.seat, gp.player_id) AS gp "
      "JOIN players AS p USING (player_id)) "
      "FROM games AS g JOIN source_files AS f USING (file_id)");
  while (games.executeStep()) {
    const std::string key = "game " + strip_prefix(games.getColumn(0).getString(), prefix) + " #" +
                            games.getColumn(1).getString();
    out[key] = games.getColumn(2).getString() + " nodes " + games.getColumn(3).getString() +
               " moves " + games.getColumn(4).getString() + " players " +
               games.getColumn(5).getString();
  }
  SQLite::Statement files(h,
                          "SELECT path, format, game_count FROM source_files "
                          "WHERE format <> 'archive'");
  while (files.executeStep()) {
    out["file " + strip_prefix(files.getColumn(0).getString(), prefix)] =
        files.getColumn(1).getString() + " " + files.getColumn(2).getString();
  }
  SQLite::Statement errors(
      h,
      "SELECT f.path, e.game_index, e.severity, coalesce(e.byte_offset, ''), "
      "coalesce(e.line, ''), coalesce(e.col, ''), e.message FROM import_errors AS e "
      "JOIN source_files AS f USING (file_id) WHERE f.format <> 'archive'");
  while (errors.executeStep()) {
    const std::string key =
        "error " + strip_prefix(errors.getColumn(0).getString(), prefix) + " #" +
        errors.getColumn(1).getString() + " " + errors.getColumn(2).getString() + " " +
        errors.getColumn(3).getString() + " " + errors.getColumn(4).getString() + ":" +
        errors.getColumn(5).getString() + " " + errors.getColumn(6).getString();
    std::string& count = out[key];
    count = std::to_string(count.empty() ? 1 : std::stoi(count) + 1);
  }
  return out;
}

// The first difference between two stored_content() maps, "" if none.
inline std::string first_difference(const std::map<std::string, std::string>& a,
                                    const std::map<std::string, std::string>& b) {
  for (const auto& [key, value] : a) {
    const auto it = b.find(key);
    if (it == b.end()) return "only in the first: " + key;
    if (it->second != value) return key + ":\n  " + value + "\n  " + it->second;
  }
  for (const auto& [key, value] : b) {
    if (a.count(key) == 0) return "only in the second: " + key;
  }
  return "";
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_E2E_IMPORT_ARCHIVE_SUPPORT_H_
