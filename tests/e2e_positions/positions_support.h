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

#include "tests/support/e2e_support.h"

namespace ludex::test {

// `ludex show --json` of a game after `move` moves (default: the end).
inline nlohmann::json show_json(const std::string& db, std::int64_t game,
                                std::optional<std::int64_t> move = std::nullopt) {
  std::vector<std::string> args = {"show", "--db", db, "--game", std::to_string(game), "--json"};
  if (move) {
    args.push_back("--move");
    args.push_back(std::to_string(*move));
  }
  return nlohmann::json::parse(run_ludex_ok(args).out);
}

// Game ids of an imported database by file name (the file's last path
// component; every file holds one game in these tests).
inline std::map<std::string, std::int64_t> game_ids_by_file(const std::string& db) {
  std::map<std::string, std::int64_t> ids;
  for (const nlohmann::json& g : json_lines(run_ludex_ok({"query", "--db", db, "--json"}).out)) {
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
  // move_number = depth + 1 - moveless, main_line = flags bit 0
  // (docs/schema.md, "nodes").
  const char* sql =
      move >= 0 ? "SELECT n.position_hash FROM games AS g JOIN nodes AS n ON n.node_id BETWEEN "
                  "g.first_node_id AND g.first_node_id + g.node_count - 1 WHERE g.game_id = ?1 AND "
                  "(n.flags & 1) = 1 AND n.depth + 1 - n.moveless = ?2 ORDER BY n.depth LIMIT 1"
                : "SELECT n.position_hash FROM games AS g JOIN nodes AS n ON n.node_id BETWEEN "
                  "g.first_node_id AND g.first_node_id + g.node_count - 1 WHERE g.game_id = ?1 AND "
                  "(n.flags & 1) = 1 ORDER BY n.depth DESC LIMIT 1";
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
  static std::string be16(std::size_t v) {
    return std::string{static_cast<char>((v >> 8) & 0xff), static_cast<char>(v & 0xff)};
  }
  void header(const std::string& key, const std::string& value) {
    bytes_ += static_cast<char>(key.size()) + key + be32(static_cast<std::uint32_t>(value.size())) +
              value;
  }
  void end_header() { bytes_ += '\0'; }
  // The header of a version 2 file as the known writer lays it out, ended:
  // gtv, the players, type ("hex1" or "twixt1"), bdsize and the type's
  // version key.
  void version2_header(const std::string& type, std::uint32_t size, const std::string& player1,
                       const std::string& player2) {
    header("gtv", be32(2));
    header("player1", player1);
    header("player2", player2);
    header("type", type);
    header("bdsize", be32(size));
    header(type == "hex1" ? "hgtv" : "tgtv", be32(1));
    end_header();
  }
  // A node with one short move (x, y, colour from 0/1/2), or none when
  // colour is 0.
  void node(int x, int y, int colour, int children) {
    if (colour != 0) {
      bytes_ += std::string{'\x01', 'm', '\0', '\x03'};
      bytes_ += std::string{static_cast<char>(x), static_cast<char>(y), static_cast<char>(colour)};
    }
    bytes_ += std::string{'\0', '\0', static_cast<char>(children)};
  }
  // A Twixt link of a long move: its bottom peg (the larger y) and direction
  // 1..4 to the top peg: (x+2, y-1), (x+1, y-2), (x-1, y-2), (x-2, y-1).
  struct Link {
    int x = 0;
    int y = 0;
    int direction = 0;
  };
  // A node with one long Twixt move: (x, y, colour), pbem_null, the removed
  // links, then the added links, counts as u16.
  void long_node(int x, int y, int colour, int pbem_null, const std::vector<Link>& removed,
                 const std::vector<Link>& added, int children) {
    std::string value{static_cast<char>(x), static_cast<char>(y), static_cast<char>(colour),
                      static_cast<char>(pbem_null)};
    for (const std::vector<Link>* list : {&removed, &added}) {
      value += be16(list->size());
      for (const Link& l : *list) {
        value += std::string{static_cast<char>(l.x), static_cast<char>(l.y),
                             static_cast<char>(l.direction)};
      }
    }
    bytes_ += std::string{'\x01', 'm'} + be16(value.size()) + value;
    bytes_ += std::string{'\0', '\0', static_cast<char>(children)};
  }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

// One Hex game in three formats, written by hand (not by ludex's writers):
// on 7x7 seat 1 c2, seat 2 swaps (its stone on the reflected cell b3), then
// d4, c5, e6. HexGui 1.0 spells the swap "swap-pieces"; Little Golem writes
// seat 1's moves W and cells as column and row letters ("cb" = c2); the .hgt
// (docs/formats-gtv.md) writes (x, y, colour) from 0 and the known writer's
// swap: seat 1's first stone transposed, then seat 2's in the same cell.
inline void write_hex_swap_game(const std::filesystem::path& hexgui,
                                const std::filesystem::path& little_golem,
                                const std::filesystem::path& hgt_path) {
  write_bytes(hexgui,
              "(;FF[4]GM[11]SZ[7]AP[HexGui:1.0]PB[alice]PW[bob]"
              ";B[c2];W[swap-pieces];B[d4];W[c5];B[e6])\n");
  write_bytes(little_golem,
              "(;FF[4]EV[hex.HEX7.mc.2020.jan.1.1]PB[alice]PW[bob]SZ[7]RE[B]GC[ game #1]"
              "SO[http://www.littlegolem.com];W[cb];B[swap];W[dd];B[ce];W[ef])\n");
  GtvBytes hgt;
  hgt.version2_header("hex1", 7, "alice", "bob");
  hgt.node(0, 0, 0, 1);
  hgt.node(1, 2, 1, 1);  // c2 = (2, 1), transposed
  hgt.node(1, 2, 2, 1);  // seat 2 in the same cell: the swap
  hgt.node(3, 3, 1, 1);  // d4
  hgt.node(2, 4, 2, 1);  // c5
  hgt.node(4, 5, 1, 0);  // e6
  write_bytes(hgt_path, hgt.bytes());
}

// One Twixt game in three formats, written by hand: seat 1 c8, seat 2 swaps
// (its peg on the mirrored hole h3), then k10, j12, l12, i14, m14 (W links
// k10-l12 and l12-m14, B links j12-i14). GM[21] spells the swap
// "swap-pieces"; Little Golem "ch" = column c, row 8; the .tgt uses the
// known writer's swap (docs/formats-gtv.md §3).
inline void write_twixt_swap_game(const std::filesystem::path& gm21,
                                  const std::filesystem::path& little_golem,
                                  const std::filesystem::path& tgt_path) {
  write_bytes(gm21,
              "(;FF[4]GM[21]SZ[24]PW[ann]PB[bob]"
              ";W[c8];B[swap-pieces];W[k10];B[j12];W[l12];B[i14];W[m14])\n");
  write_bytes(little_golem,
              "(;FF[4]EV[twixt.DEFAULT.mc.2021.jan.1.1]PB[ann]PW[bob]SZ[24]"
              "SO[https://www.littlegolem.net];b[ch];r[swap];b[kj];r[jl];b[ll];r[in];b[mn])\n");
  GtvBytes tgt;
  tgt.version2_header("twixt1", 24, "ann", "bob");
  tgt.node(0, 0, 0, 1);
  tgt.node(7, 2, 1, 1);  // c8 = (2, 7), transposed
  tgt.node(7, 2, 2, 1);  // seat 2 in the same hole: the swap
  tgt.node(10, 9, 1, 1);
  tgt.node(9, 11, 2, 1);
  tgt.node(11, 11, 1, 1);
  tgt.node(8, 13, 2, 1);
  tgt.node(12, 13, 1, 0);
  write_bytes(tgt_path, tgt.bytes());
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_E2E_POSITIONS_POSITIONS_SUPPORT_H_
