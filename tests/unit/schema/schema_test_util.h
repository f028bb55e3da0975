// Shared helpers for the schema tests: a temporary directory, hand-built game
// records that exercise every stored field, and record comparison.
#ifndef LUDEX_TESTS_UNIT_SCHEMA_SCHEMA_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_SCHEMA_SCHEMA_TEST_UTIL_H_

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "core/game.h"
#include "derive/prepared_game.h"
#include "schema/database.h"
#include "schema/game_store.h"

namespace ludex::testing {

// A game to store with these position hashes (one per node, indexed by
// NodeIndex, or none) and nothing else of positions: no stream, no
// features, games.hash_version NULL.
inline PreparedGame hashes_only(const GameRecord& game, std::vector<std::uint64_t> hashes) {
  PreparedGame p = prepare_record(game);
  p.positions.hashes = std::move(hashes);
  return p;
}

// A fresh directory under the system temp directory, removed with its
// contents on destruction.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

// A Twixt game with variations, several moves per node, long moves with
// link edits, specials, evaluations (undetermined too), comments, raw-byte
// and empty-valued properties, unicode player names and every header field.
GameRecord make_twixt_game();
// A Blokus game: multi-point moves with colours 1-4, setup properties.
GameRecord make_blokus_game();
// A one-node game with no players and no header fields.
GameRecord make_bare_game();
// A small game for query tests: a main line of `moves` one-stone moves.
GameRecord make_simple_game(Family family, const std::vector<std::string>& players,
                            const std::string& date, const std::string& event,
                            const std::string& result, int moves);

// Every GameRecord field the database keeps (all but warnings and node
// positions), node by node in pre-order, including move_props. Returns ""
// when equal, else a description of the first difference.
std::string record_difference(const GameRecord& stored, const GameRecord& loaded);

// Opens (creating) a database and stores games in one batch under one file.
// Returns the game ids.
std::vector<std::int64_t> store_games(Database& db, const std::string& file_path,
                                      const std::vector<GameRecord>& games);

// The first column of the first row of `sql` (a count, an id, a flag).
std::int64_t scalar(Database& db, const std::string& sql);

// Every row of every table except the full-text shadow tables, as text, in
// a fixed order: equal dumps mean equal databases.
std::string dump_tables(Database& db);

}  // namespace ludex::testing

#endif  // LUDEX_TESTS_UNIT_SCHEMA_SCHEMA_TEST_UTIL_H_
