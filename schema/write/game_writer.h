// Writing games: the games, game_players, players, nodes, node_moves,
// evaluations, comments, properties, game_positions, seat_ranks and
// game_rank_bands rows of each game, its players' names in
// player_totals_stale, its feature_games entries, its sightings and import_errors, and the
// source_files.game_count of its file (docs/schema.md, "Write path and
// speed"). For GameStore, which opens the transactions and calls flush()
// before each commit and discard() after each rollback.
//
// Ids: game ids and node ids grow in call order from one more than the
// largest stored (node ids follow each tree's pre-order) and are never
// reused by one GameWriter.
//
// Thread-safety: a GameWriter belongs to its connection's thread (the
// import's single writer thread).
#ifndef LUDEX_SCHEMA_WRITE_GAME_WRITER_H_
#define LUDEX_SCHEMA_WRITE_GAME_WRITER_H_

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "core/diagnostic.h"
#include "core/game.h"
#include "derive/prepared_game.h"
#include "schema/db/batched_insert.h"
#include "schema/events/event_store.h"
#include "schema/explorer/explorer_store.h"
#include "schema/players/player_totals.h"
#include "schema/players/seat_rank_rows.h"
#include "schema/search/feature_index.h"
#include "schema/write/counts.h"
#include "schema/write/node_hashes.h"

namespace ludex {

class GameWriter {
 public:
  // Requires db (read-write) and features to outlive this object; the
  // games' feature lists are queued on features, which flush() and
  // discard() flush and discard too. Prepares every statement and reads the
  // largest stored ids.
  // explorer, when not null, is given every stored game's visits to the
  // positions the explorer may keep (schema/explorer/explorer_store.h); counts, when
  // not null, what each write adds to the kept counts (schema/write/counts.h);
  // node_hashes, when not null and in a bulk load, each stored node's key
  // (schema/write/node_hashes.h; outside one, triggers write node_hashes).
  GameWriter(SQLite::Database& db, FeatureIndexWriter& features,
             ExplorerStoreWriter* explorer = nullptr, CountsWriter* counts = nullptr,
             NodeHashLoad* node_hashes = nullptr);
  GameWriter(const GameWriter&) = delete;
  GameWriter& operator=(const GameWriter&) = delete;

  // Called once a transaction is open: takes up ids after whatever another
  // connection stored since (never going below the ids this writer handed
  // out), and remembers them for discard().
  void begin_batch();
  // Writes every queued row. Requires an open transaction. Throws
  // SQLite::Exception on SQL errors.
  void flush();
  // Forgets the queued rows, the ids handed out since begin_batch() and the
  // cached player ids (after a rollback).
  void discard();
  // Forgets the cached player ids (after players rows were deleted).
  void forget_players() { players_.clear(); }

  // Queues a game's rows (GameStore::add_game); returns its id. Stores
  // what `game` holds and derives nothing (derive/prepared_game.h): with
  // derived positions, the nodes' position hashes, the stream and the
  // features of a board that has one, the explorer's visits, and
  // games.hash_version = kPositionHashVersion; without, the hashes the
  // caller set (if any) and nothing else of positions. Requires an open
  // transaction, game.record.players ordered by seat and move_props no
  // longer than moves in every node.
  std::int64_t store_game(std::int64_t file_id, const PreparedGame& game);
  // After store_game(): the game's first copy (duplicate_of), 0 if it is one.
  std::int64_t last_duplicate_of() const { return last_duplicate_of_; }
  // Queues the game_positions row of game_id from game.positions.stream;
  // false for a game without one (a board that has no stream).
  bool store_stream(std::int64_t game_id, const PreparedGame& game);
  // GameStore::add_sighting and copy_sighting. Require an open transaction.
  std::int64_t add_sighting(std::int64_t file_id, const GameRecord& game);
  void copy_sighting(std::int64_t file_id, std::int32_t game_index, std::int64_t moves_hash);
  // Writes an import_errors row. Requires an open transaction.
  void add_error(std::int64_t file_id, const Diagnostic& diagnostic);
  // The seat_ranks rows this writer queues with each game (for the
  // backfill of schema/players/seat_rank_rows.h).
  SeatRankRows& seat_ranks() { return ranks_; }

 private:
  std::int64_t scalar(SQLite::Statement& st);
  std::int64_t player_id(const std::string& name);
  // The lowest game_id with this moves hash, stored or queued; 0 for none.
  std::int64_t find_first_copy(std::int64_t fingerprint);
  // Adds the games counted for counted_file_ to its game_count.
  void write_game_count();
  void queue_game_row(std::int64_t game_id, std::int64_t file_id, const GameRecord& game,
                      const GameLayout& layout, bool with_positions);
  void store_nodes(const GameRecord& game, const std::vector<std::uint64_t>& hashes,
                   const GameLayout& layout);
  // first_inline: the node's first move is in its nodes row; swing: the
  // layout's swings of this node's evaluations.
  void store_node_data(std::int64_t node_id, const NodeView& data, bool first_inline,
                       const double* swing);
  void store_moves(std::int64_t node_id, const NodeView& data, bool first_inline);
  // Writes a game_sightings row; first_copy 0 is stored as NULL.
  void insert_sighting(std::int64_t file_id, std::int32_t game_index, std::int64_t moves_hash,
                       std::int64_t first_copy);
  // Adds a stored game to the counts.
  void count_game(const GameRecord& game);
  // Writes game.warnings as warnings of the game (with its index).
  void add_warnings(std::int64_t file_id, const GameRecord& game);

  SQLite::Database& db_;
  FeatureIndexWriter& features_;
  ExplorerStoreWriter* explorer_;
  CountsWriter* counts_;
  NodeHashLoad* node_hashes_;
  SQLite::Statement max_game_id_, max_node_id_, find_player_, insert_player_, count_games_,
      first_copy_, insert_sighting_, sighting_exists_, insert_error_;
  // games and game_players rows are queued like the per-node rows (so a
  // statement writes many): until flush(), find_first_copy() also looks
  // among the queued games, and game_count grows per file, not per game.
  BatchedInsert games_, game_players_;
  BatchedInsert nodes_, moves_, evaluations_, comments_, properties_;
  BatchedInsert streams_;  // game_positions rows
  SeatRankRows ranks_;
  PlayerTotalsMarks totals_;
  EventMarks events_;
  std::unordered_map<std::int64_t, std::int64_t> queued_copies_;  // moves hash -> first queued
  std::int64_t counted_file_ = 0;
  std::int64_t counted_games_ = 0;
  std::int64_t last_duplicate_of_ = 0;
  std::int64_t next_game_id_ = 1;
  std::int64_t next_node_id_ = 1;
  std::int64_t batch_first_game_id_ = 1;  // the ids at begin_batch(), for discard()
  std::int64_t batch_first_node_id_ = 1;
  std::unordered_map<std::string, std::int64_t> players_;  // exact name -> player_id
  // Scratch kept between rows to reuse memory.
  std::string points_buffer_, links_buffer_, values_buffer_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_GAME_WRITER_H_
