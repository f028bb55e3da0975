// The seat_ranks, game_rank_bands and swapped_games rows of stored games (schema/sql/
// 012_players.sql): written with each game (GameWriter), deleted with a
// file's games (GameEraser), filled in for the games of a database from
// before schema version 12 (backfill_seat_ranks). The rows hold what
// derive/seat_facts.h derives from the stored record, nothing else.
//
// Thread-safety: belongs to its connection's thread (the writer's).
#ifndef LUDEX_SCHEMA_PLAYERS_SEAT_RANK_ROWS_H_
#define LUDEX_SCHEMA_PLAYERS_SEAT_RANK_ROWS_H_

#include <cstdint>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "derive/prepared_game.h"
#include "schema/database.h"
#include "schema/db/batched_insert.h"
#include "schema/db/meta.h"

namespace ludex {

class SeatRankRows {
 public:
  // Requires db (read-write) to outlive this object. Prepares every statement.
  explicit SeatRankRows(SQLite::Database& db);
  SeatRankRows(const SeatRankRows&) = delete;
  SeatRankRows& operator=(const SeatRankRows&) = delete;

  // Queues the rows of the game stored as game_id (its prepared.ranks and
  // their band).
  void add(std::int64_t game_id, const PreparedGame& prepared);
  // Writes the queued rows (requires an open transaction) / forgets them.
  void flush();
  void discard();
  // Deletes the rows of the games first..last (inclusive).
  void erase(std::int64_t first_game, std::int64_t last_game);

 private:
  BatchedInsert ranks_;
  BatchedInsert bands_;
  BatchedInsert swapped_;
  SQLite::Statement delete_ranks_;
  SQLite::Statement delete_bands_;
  SQLite::Statement delete_swapped_;
};

// Writes the rows of every stored game (loaded with GameLoader, derived
// with derive/seat_facts.h) that has a BR or WR at its root or a swap-sides, after
// deleting whatever an interrupted run left; deletes kSeatRanksPending.
// Requires an open transaction (GameStore's batch) and no queued rows on
// rows. Returns the games given rows. Throws SQLite::Exception on SQL
// errors, std::runtime_error when a listed game cannot be loaded.
std::int64_t backfill_seat_ranks(Database& db, MetaTable& meta, SeatRankRows& rows);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_PLAYERS_SEAT_RANK_ROWS_H_
