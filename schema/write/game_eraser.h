// Erasing a file's games: their rows in every table (nodes, node_moves,
// evaluations, comments, properties, game_positions, game_players,
// seat_ranks, game_rank_bands, games),
// the players' kept totals marked stale (schema/players/player_totals.h),
// their feature_games entries and explorer postings, the players no other
// game refers to, the
// file's sightings and import_errors; the copies of other games and
// sightings that pointed at them are linked to their next first copy.
// Deletes by id ranges, not row by row: a file's games, stored in one go,
// hold consecutive game ids and node ids. For GameStore.
//
// Thread-safety: a GameEraser belongs to its connection's thread.
#ifndef LUDEX_SCHEMA_WRITE_GAME_ERASER_H_
#define LUDEX_SCHEMA_WRITE_GAME_ERASER_H_

#include <cstdint>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "schema/events/event_store.h"
#include "schema/explorer/explorer_store.h"
#include "schema/players/player_totals.h"
#include "schema/players/seat_rank_rows.h"
#include "schema/search/feature_index.h"
#include "schema/write/counts.h"

namespace ludex {

class GameEraser {
 public:
  // Requires db (read-write) and features to outlive this object. Prepares
  // every statement.
  // explorer, when not null, forgets the erased games too; counts, when not
  // null, takes off what goes.
  GameEraser(SQLite::Database& db, FeatureIndexWriter& features,
             ExplorerStoreWriter* explorer = nullptr, CountsWriter* counts = nullptr);
  GameEraser(const GameEraser&) = delete;
  GameEraser& operator=(const GameEraser&) = delete;

  // Deletes every game of the file and what is listed above; its
  // source_files row stays, with game_count 0. Requires an open transaction
  // and nothing of the file's queued (GameWriter::flush() first). Returns
  // true when a players row went (a cache of player ids is then stale).
  // Throws SQLite::Exception on SQL errors, std::runtime_error for a stream
  // that does not read (a corrupt database).
  bool clear_file(std::int64_t file_id);

 private:
  // One contiguous run of a file's games: consecutive game ids, and so (ids
  // being allocated in call order) one contiguous node id range holding no
  // other game's nodes.
  struct IdRun {
    std::int64_t first_game = 0;
    std::int64_t last_game = 0;
    std::int64_t first_node = 0;
    std::int64_t last_node = -1;  // < first_node when the run has no nodes
  };

  std::vector<IdRun> file_runs(std::int64_t file_id);
  // Deletes the run's rows; appends the players of its games to *players.
  void delete_run(const IdRun& run, std::vector<std::int64_t>* players);
  // Takes what the run's rows count off the counts (before they go).
  void uncount_run(const IdRun& run);
  // Takes the file's errors, warnings and sightings off the counts.
  void uncount_file(std::int64_t file_id);
  // Takes the run's games off the lists of the features their streams hold.
  void unlist_features(const IdRun& run);

  FeatureIndexWriter& features_;
  ExplorerStoreWriter* explorer_;
  CountsWriter* counts_;
  SQLite::Statement run_counts_, run_moves_, run_first_copies_, file_errors_, file_sightings_;
  SQLite::Statement file_games_, run_streams_, run_players_;
  SQLite::Statement delete_moves_, delete_evaluations_, delete_comments_, delete_properties_,
      delete_nodes_;
  SQLite::Statement delete_streams_, delete_game_players_, delete_games_, relink_copies_,
      relink_sightings_;
  SeatRankRows ranks_;
  PlayerTotalsMarks totals_;
  EventMarks events_;
  SQLite::Statement delete_orphan_player_, delete_file_errors_, delete_file_sightings_,
      reset_game_count_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_GAME_ERASER_H_
