// explorer_postings (schema version 8): the games at every common opening
// position, so that `ludex next` answers from one indexed read where a
// replay would visit every game. Which positions are kept is a fixed rule
// of the stored games (a "common" position): at most kExplorerMaxPoints
// points occupied (so that every node of the position is among the first
// moves of its game, whatever the path), and at least kExplorerMinNodes
// nodes. A kept position's rows list every game holding it, all copies
// included (each game once, its nodes there and the first move of each of
// their children); the import, re-import, prune, merge and migration keep
// that true (docs/queries.md, "The opening explorer"). Positions not kept
// are answered by gathering their games (schema/explorer/explorer_gather.h), which
// is fast for an uncommon one. For code in schema/ only.
//
// Thread-safety: one thread per Database.
#ifndef LUDEX_SCHEMA_EXPLORER_EXPLORER_STORE_H_
#define LUDEX_SCHEMA_EXPLORER_EXPLORER_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "core/game.h"
#include "core/small_vector.h"
#include "derive/explorer_visits.h"
#include "schema/explorer/explorer_postings.h"

namespace ludex {

// Reading the kept postings.
class ExplorerStoreReader {
 public:
  explicit ExplorerStoreReader(SQLite::Database& db);
  ~ExplorerStoreReader();
  // False while the postings are being built or wait to be (meta
  // explorer_pending: a migrated database before its next import, an
  // import that stopped before it built them): then nothing is kept.
  bool usable();
  // True if the position with this explorer key (explorer_key()) is kept.
  bool has(std::uint64_t key);
  // How many games the kept position lists (0 when it is not kept).
  std::int64_t games(std::uint64_t key);
  // Calls visit for each game of the kept position, in increasing game id
  // order. Throws std::runtime_error for a row that does not decode.
  void read(std::uint64_t key, const std::function<void(const PositionVisit&)>& visit);
  // One row of a kept position, its bytes copied out of the database.
  struct Row {
    std::int64_t first_game = 0;
    std::int64_t games = 0;
    std::string postings;
  };
  // The rows of the kept position, in increasing game id order: what
  // read() decodes, for decoding elsewhere (read_row, on other threads).
  std::vector<Row> rows(std::uint64_t key);
  // Calls visit for each game of `row` (a row of key's) with
  // from <= game id < to, in increasing id order. Throws as read(). Touches
  // no statement: may run on any thread.
  static void read_row(std::uint64_t key, const Row& row, std::int64_t from, std::int64_t to,
                       const std::function<void(const PositionVisit&)>& visit);
  // The ids of the games stored as copies of an earlier game
  // (games.duplicate_of set), ascending.
  std::vector<std::int64_t> copies();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Writing the kept postings: the one writer thread's, owned by GameStore.
class ExplorerStoreWriter {
 public:
  explicit ExplorerStoreWriter(SQLite::Database& db);
  ~ExplorerStoreWriter();
  ExplorerStoreWriter(const ExplorerStoreWriter&) = delete;
  ExplorerStoreWriter& operator=(const ExplorerStoreWriter&) = delete;

  // A stored game's visits to the positions that may be kept (occupied
  // points within the limit), by explorer key, as prepared for game id 0
  // and first node id 0 (derive/explorer_prepare.h): they are stored for
  // the game game_id whose first node is first_node_id. Outside a bulk
  // load the visits to kept positions are copied (their moves interned
  // here) and queued for flush(), and the other positions become
  // candidates that flush() keeps once they reach kExplorerMinNodes nodes.
  // In a bulk load they are only collected, for finish_bulk_load().
  // False while the postings wait for rebuild_if_pending() (nothing is
  // worth collecting then) and after it; true in a bulk load.
  bool wants_games();
  // `variant` is the game's (Blokus positions are kept per variant); the
  // visits need not outlive the call.
  void add(const std::string& variant, std::int64_t game_id, std::int64_t first_node_id,
           const std::vector<ExplorerVisit>& visits);
  // Writes what add() queued and keeps the candidates that became common
  // (gathering their games from the database, the current batch's
  // included). Requires an open transaction, after the batch's game rows
  // are written.
  void flush();
  // Forgets what add() queued (after a rollback).
  void discard();
  // Removes the games first..last from the kept positions they hold, and
  // stops keeping a position left with fewer than kExplorerMinNodes nodes.
  // Requires an open transaction, before the games' rows go (their nodes
  // say which positions they held).
  void remove(std::int64_t first_game, std::int64_t last_game);

  // Bulk load (GameStore::begin_bulk_load / finish_bulk_load): visits are
  // sorted on disk and the kept positions written at the end, in one pass.
  // begin_bulk_load() marks the postings pending (meta explorer_pending)
  // until finish_bulk_load() has written them; a load that stops between
  // the two leaves them to rebuild(). Both require an open transaction.
  void begin_bulk_load();
  void finish_bulk_load();
  bool in_bulk_load() const;

  // Builds every kept position anew from the stored games (a migration, an
  // interrupted bulk load: meta explorer_pending), then clears the mark.
  // Does nothing without it. Requires an open transaction. Returns the
  // number of positions kept.
  std::int64_t rebuild_if_pending();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_EXPLORER_STORE_H_
