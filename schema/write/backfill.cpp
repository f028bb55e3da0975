#include "schema/write/backfill.h"
#include "schema/write/counts.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/moves_hash.h"
#include "core/zobrist.h"
#include "schema/db/statement_util.h"
#include "schema/game_loader.h"

namespace ludex {
namespace {

// The ids the statement lists in its first column.
std::vector<std::int64_t> list_ids(SQLite::Statement& list) {
  std::vector<std::int64_t> ids;
  while (list.executeStep()) ids.push_back(list.getColumn(0).getInt64());
  return ids;
}

LoadedGame load_stored(GameLoader& loader, std::int64_t id) {
  std::optional<LoadedGame> game = loader.load(id);
  if (!game) throw std::runtime_error("game " + std::to_string(id) + " vanished");
  return std::move(*game);
}

}  // namespace

MovesHashWork moves_hash_work(MetaTable& meta) {
  if (meta.get(meta_key::kMovesHashVersion) != std::to_string(kMovesHashVersion)) {
    return MovesHashWork::kEvery;
  }
  return meta.has(meta_key::kMovesHashPending) ? MovesHashWork::kUnhashed : MovesHashWork::kNone;
}

std::int64_t rehash_games(Database& db, MetaTable& meta, MovesHashWork work) {
  SQLite::Database& h = db.handle();
  const bool every = work == MovesHashWork::kEvery;
  GameLoader loader(db);
  SQLite::Statement list(h, every ? "SELECT game_id FROM games ORDER BY game_id"
                                  : "SELECT game_id FROM games WHERE moves_hash IS NULL "
                                    "ORDER BY game_id");
  const std::vector<std::int64_t> ids = list_ids(list);
  SQLite::Statement set_hash(h, "UPDATE games SET moves_hash = ?2 WHERE game_id = ?1");
  for (const std::int64_t id : ids) {
    // Stored as GameWriter stores it: two's complement, 0 as NULL.
    const auto fingerprint = static_cast<std::int64_t>(moves_hash(load_stored(loader, id).record));
    set_hash.bind(1, id);
    bind_optional_int(set_hash, 2, fingerprint, 0);
    run(set_hash);
  }
  h.exec(
      "UPDATE games SET duplicate_of = (SELECT min(o.game_id) FROM games AS o "
      "WHERE o.moves_hash = games.moves_hash AND o.game_id < games.game_id)");
  if (every) h.exec("UPDATE game_sightings SET duplicate_of = NULL");
  recount_duplicates(h);
  meta.erase(meta_key::kMovesHashPending);
  meta.set(meta_key::kMovesHashVersion, std::to_string(kMovesHashVersion));
  return static_cast<std::int64_t>(ids.size());
}

std::int64_t backfill_position_streams(Database& db, MetaTable& meta, GameWriter& writer) {
  GameLoader loader(db);
  SQLite::Statement list(db.handle(),
                         "SELECT g.game_id FROM games AS g WHERE g.hash_version = ?1 "
                         "AND NOT EXISTS (SELECT 1 FROM game_positions AS p "
                         "WHERE p.game_id = g.game_id) ORDER BY g.game_id");
  list.bind(1, kPositionHashVersion);
  std::int64_t encoded = 0;
  for (const std::int64_t id : list_ids(list)) {
    const PreparedGame game = prepare_game(load_stored(loader, id).record, PositionWarnings::kDrop);
    if (writer.store_stream(id, game)) ++encoded;
  }
  meta.erase(meta_key::kPositionStreamsPending);
  return encoded;
}

std::int64_t backfill_feature_games(SQLite::Database& db, MetaTable& meta,
                                    FeatureIndexWriter& features) {
  db.exec("DELETE FROM feature_games");
  SQLite::Statement list(db,
                         "SELECT g.game_id, g.family, g.variant, g.board_columns, "
                         "g.board_rows, p.stream FROM games AS g JOIN game_positions AS p "
                         "ON p.game_id = g.game_id ORDER BY g.game_id");
  std::vector<std::int64_t> codes;
  std::int32_t board = 0;
  std::int64_t listed = 0;
  while (list.executeStep()) {
    if (!stored_stream_codes(list, 1, &board, &codes)) continue;
    features.add(list.getColumn(0).getInt64(), board, codes);
    // Bounds the queued ids; each flush appends to the lists' last chunks.
    if (++listed % 1000 == 0) features.flush();
  }
  meta.erase(meta_key::kFeatureGamesPending);
  return listed;
}

}  // namespace ludex
