// Helpers shared by the tests of tests/e2e_positions: running `ludex show`,
// and reading a node's stored position hash straight from the database file
// with SQLite's C API (not through ludex), so that `show` is checked against
// what the import wrote.
#ifndef LUDEX_TESTS_E2E_POSITIONS_POSITIONS_SUPPORT_H_
#define LUDEX_TESTS_E2E_POSITIONS_POSITIONS_SUPPORT_H_

#include <sqlite3.h>
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "tests/e2e/e2e_support.h"

namespace ludex::test {

// Runs ludex; fails the test (showing stderr) unless it exits 0.
inline RunResult run_ok(const std::vector<std::string>& args) {
  RunResult r = run_ludex(args);
  INFO("ludex " << args.front() << " stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  return r;
}

// `ludex show --json` of a game after `move` moves (default: the end).
inline nlohmann::json show_json(const std::string& db, std::int64_t game,
                                std::optional<std::int64_t> move = std::nullopt) {
  std::vector<std::string> args = {"show", "--db", db, "--game", std::to_string(game), "--json"};
  if (move) {
    args.push_back("--move");
    args.push_back(std::to_string(*move));
  }
  return nlohmann::json::parse(run_ok(args).out);
}

// Game ids of an imported database by file name (the file's last path
// component; every file holds one game in these tests).
inline std::map<std::string, std::int64_t> game_ids_by_file(const std::string& db) {
  std::map<std::string, std::int64_t> ids;
  for (const nlohmann::json& g : json_lines(run_ok({"query", "--db", db, "--json"}).out)) {
    ids[std::filesystem::path(g.at("file").get<std::string>()).filename().string()] =
        g.at("game_id").get<std::int64_t>();
  }
  return ids;
}

// nodes.position_hash (docs/schema.md) of the first main-line node of the
// game with that move_number, or of the last main-line node when move is
// negative, as 16 hex digits; "" when the node has no hash (NULL) and
// "missing" when there is no such node.
inline std::string stored_hash(const std::string& db, std::int64_t game, std::int64_t move) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  const char* sql = move >= 0 ? "SELECT position_hash FROM nodes WHERE game_id = ?1 AND "
                                "main_line = 1 AND move_number = ?2 ORDER BY depth LIMIT 1"
                              : "SELECT position_hash FROM nodes WHERE game_id = ?1 AND "
                                "main_line = 1 ORDER BY depth DESC LIMIT 1";
  sqlite3_stmt* stmt = nullptr;
  REQUIRE(sqlite3_prepare_v2(handle, sql, -1, &stmt, nullptr) == SQLITE_OK);
  sqlite3_bind_int64(stmt, 1, game);
  if (move >= 0) sqlite3_bind_int64(stmt, 2, move);
  std::string out = "missing";
  if (sqlite3_step(stmt) == SQLITE_ROW) {
    out.clear();
    if (sqlite3_column_type(stmt, 0) != SQLITE_NULL) {
      char buf[17];
      std::snprintf(buf, sizeof buf, "%016llx",
                    static_cast<unsigned long long>(sqlite3_column_int64(stmt, 0)));
      out = buf;
    }
  }
  sqlite3_finalize(stmt);
  sqlite3_close(handle);
  return out;
}

// Builds a binary game-tree file (.hgt/.tgt) byte by byte as
// docs/formats-gtv.md and specs/game-tree-binary-format.txt lay it out:
// header entries (u8 key length, key, u32 big-endian value length, value),
// a 0 byte, then the nodes in pre-order, each as entries (u8 key length,
// key, u16 value length, value), a 0 byte and a u16 child count. Games here
// are single lines, so every node but the last has one child.
class GtvBytes {
 public:
  static std::string be32(std::uint32_t v) {
    return std::string{static_cast<char>(v >> 24), static_cast<char>((v >> 16) & 0xff),
                       static_cast<char>((v >> 8) & 0xff), static_cast<char>(v & 0xff)};
  }
  void header(const std::string& key, const std::string& value) {
    bytes_ += static_cast<char>(key.size()) + key + be32(static_cast<std::uint32_t>(value.size())) +
              value;
  }
  void end_header() { bytes_ += '\0'; }
  // A node with one short move (x, y, colour from 0/1/2), or none when
  // colour is 0.
  void node(int x, int y, int colour, int children) {
    if (colour != 0) {
      bytes_ += std::string{'\x01', 'm', '\0', '\x03'};
      bytes_ += std::string{static_cast<char>(x), static_cast<char>(y), static_cast<char>(colour)};
    }
    bytes_ += std::string{'\0', '\0', static_cast<char>(children)};
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

}  // namespace ludex::test

#endif  // LUDEX_TESTS_E2E_POSITIONS_POSITIONS_SUPPORT_H_
