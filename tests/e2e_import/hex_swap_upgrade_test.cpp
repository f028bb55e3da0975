// End-to-end: Hex SGF swaps that the next move shows to be a swap of
// colours (HexGui 1.0, benzene) import without warnings and with the board
// the players saw; a database written by schema version 3, which reflected
// the stone, gets those games read again by the next import.
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// The stored position hashes of the game from file `leaf`, in node order.
std::vector<std::int64_t> stored_hashes(const std::string& db, const std::string& leaf) {
  SQLite::Database raw(db, SQLite::OPEN_READONLY);
  SQLite::Statement st(raw,
                       "SELECT coalesce(n.position_hash, 0) FROM nodes AS n "
                       "JOIN games AS g ON n.node_id BETWEEN g.first_node_id "
                       "AND g.first_node_id + g.node_count - 1 "
                       "JOIN source_files AS f ON f.file_id = g.file_id "
                       "WHERE f.path LIKE '%' || ? ORDER BY n.node_id");
  st.bind(1, "/" + leaf);
  std::vector<std::int64_t> out;
  while (st.executeStep()) out.push_back(st.getColumn(0).getInt64());
  return out;
}

// A `ludex show --json` view's occupants as "B:a9 W:b10" (in its order).
std::string occupants_of(const nlohmann::json& view) {
  std::string out;
  for (const nlohmann::json& o : view.at("occupants")) {
    if (!out.empty()) out += ' ';
    out += o.at("color").get<std::string>() + ":" + o.at("point").get<std::string>();
  }
  return out;
}

std::int64_t game_id_of(const std::string& db, const std::string& leaf) {
  const std::vector<nlohmann::json> hits = query_json(db, {"--family", "hex"});
  for (const nlohmann::json& hit : hits) {
    const std::string file = hit.at("file");
    if (file.size() >= leaf.size() &&
        file.compare(file.size() - leaf.size(), leaf.size(), leaf) == 0) {
      return hit.at("game_id");
    }
  }
  FAIL("no game from " << leaf);
  return 0;
}

// A benzene olympiad game's opening as twogtp.py wrote it (08/six-wolve-2.sgf
// style): White swaps, then White moves again; White's i1 later is the cell
// the reflected reading would have filled.
constexpr const char* kHexGui10 =
    "(;AP[HexGui:1.0.]FF[4]GM[11]SZ[11]PB[six]PW[wolve];B[a9];W[swap-pieces];W[b10];B[c10];"
    "W[i1];B[b9])\n";
constexpr const char* kBenzene =
    "(;AP[Hex-benzene:0.1]FF[4]GM[11]SZ[11];B[a9];W[SWAP];W[b10];B[c10];W[i1])\n";

}  // namespace

TEST_CASE("HexGui 1.0 and benzene swaps import without warnings, the stone kept",
          "[e2e][import][swap]") {
  ScratchDir dir("e2e-hex-swap");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "hexgui10.sgf", kHexGui10);
  write_bytes(archive / "benzene.sgf", kBenzene);
  const std::string db = dir / "games.db";
  run_ludex_ok({"import", "--db", db, archive.string()});
  CHECK(info_json(db).at("errors") == 0);
  for (const std::string leaf : {"hexgui10.sgf", "benzene.sgf"}) {
    const std::int64_t id = game_id_of(db, leaf);
    // After the swap (move 2) the board still holds Black's a9 only.
    const nlohmann::json swap = nlohmann::json::parse(
        run_ludex_ok({"show", "--db", db, "--game", std::to_string(id), "--move", "2", "--json"})
            .out);
    CHECK(swap.at("stopped").is_null());
    CHECK(occupants_of(swap) == "B:a9");
    const nlohmann::json end = nlohmann::json::parse(
        run_ludex_ok({"show", "--db", db, "--game", std::to_string(id), "--move", "5", "--json"})
            .out);
    CHECK(end.at("stopped").is_null());
    CHECK(occupants_of(end) == "B:a9 W:b10 B:c10 W:i1");
  }
  // The stone-stays position is found by a stone query: White's i1 with
  // Black's a9 beside it.
  CHECK(run_ludex_ok(
            {"query", "--db", db, "--family", "hex", "--has", "B:a9,W:i1", "--first", "--count"})
            .out == "2\n");
}

TEST_CASE("an import reads again the Hex swap games of a schema version 3 database",
          "[e2e][import][swap]") {
  ScratchDir dir("e2e-hex-swap-upgrade");
  const fs::path archive = dir.path() / "archive";
  fs::create_directories(archive);
  write_bytes(archive / "hexgui10.sgf", kHexGui10);
  write_bytes(archive / "plain.sgf", "(;FF[4]GM[11]SZ[7];B[c2];W[d4];B[e5])\n");
  const std::string db = dir / "games.db";
  run_ludex_ok({"import", "--db", db, archive.string()});
  const nlohmann::json fresh = info_json(db);
  const std::vector<std::int64_t> right = stored_hashes(db, "hexgui10.sgf");
  REQUIRE(right.size() == 7);

  // What version 3 stored: the swap as a swap-pieces, positions from the
  // reflected stone up to White's i1 (then refused, with a warning).
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version6(raw);
    raw.exec(
        "UPDATE moves SET kind = 2 WHERE kind = 3 AND node_id IN (SELECT n.node_id FROM nodes "
        "AS n JOIN games AS g USING (game_id) JOIN source_files AS f USING (file_id) "
        "WHERE f.path LIKE '%hexgui10.sgf')");
    raw.exec(
        "UPDATE nodes SET position_hash = position_hash + 1 WHERE position_hash IS NOT NULL AND "
        "game_id IN (SELECT g.game_id FROM games AS g JOIN source_files AS f USING (file_id) "
        "WHERE f.path LIKE '%hexgui10.sgf') AND depth >= 2");
    raw.exec(
        "INSERT INTO import_errors (file_id, game_index, severity, line, col, message) "
        "SELECT file_id, 0, 'warning', 1, 80, 'positions stop at move 5 (W i1): i1 is occupied' "
        "FROM source_files WHERE path LIKE '%hexgui10.sgf'");
    // No archive columns either (version 5).
    raw.exec("DROP INDEX source_files_by_container");
    raw.exec("ALTER TABLE source_files DROP COLUMN absent");
    raw.exec("ALTER TABLE source_files DROP COLUMN container_id");
    raw.exec("UPDATE meta SET value = '3' WHERE key = 'schema_version'");
    raw.exec("PRAGMA user_version = 3");
  }
  REQUIRE(stored_hashes(db, "hexgui10.sgf") != right);

  const RunResult again = run_ludex_ok({"import", "--db", db, archive.string()});
  INFO(again.err);
  // The swap game's file is read again although it did not change; the
  // other file is left alone.
  CHECK(again.err.find("1 unchanged") != std::string::npos);
  CHECK(stored_hashes(db, "hexgui10.sgf") == right);
  CHECK(info_json(db) == fresh);
  CHECK(info_json(db).at("errors") == 0);
  // Once only.
  CHECK(run_ludex_ok({"import", "--db", db, archive.string()}).err.find("2 unchanged") !=
        std::string::npos);
}

}  // namespace ludex::test
