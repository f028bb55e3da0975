// Writing and deleting the rows of position_events. Used by GameStore; for
// code in schema/ only.
//
// Thread-safety: none; one writer thread.
#ifndef LUDEX_SCHEMA_POSITION_EVENTS_H_
#define LUDEX_SCHEMA_POSITION_EVENTS_H_

#include <cstdint>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "core/game.h"
#include "games/position.h"
#include "schema/batched_insert.h"

namespace ludex {

class PositionEventWriter {
 public:
  // Prepares every statement.
  explicit PositionEventWriter(SQLite::Database& db);

  // Queues the changes one node makes: delta's stones and links, and the
  // piece event piece_code (kNoCode for none). A code listed as both added
  // and removed in one node cancels out (each list holds only real changes,
  // so the two happened in turn and the node leaves that feature as it
  // found it); the rest is one row per code. Codes that cannot be encoded
  // (schema/position_codes.h) are skipped.
  void add_node(Family family, std::int64_t node_id, std::int64_t subtree_end,
                const PositionDelta& delta, std::int64_t piece_code);

  // Writes the queued rows, sorted by (code, node_id): each code's new rows
  // then go to the end of its key range in one pass, which keeps the
  // B-tree pages a batch touches few and hot.
  void flush();
  // Forgets the queued rows (after a rollback).
  void discard() { rows_.clear(); }

  // Deletes the rows of nodes first..last whose codes a game of one of
  // `families` can have. The key starts with the code, so this walks the
  // distinct codes of those families' ranges (one seek each) and deletes a
  // node range under each; no scan of the table. Requires flush() first.
  void delete_nodes(std::int64_t first, std::int64_t last, const std::vector<Family>& families);

 private:
  struct Row {
    std::int64_t code = 0;
    std::int64_t node_id = 0;
    std::int64_t subtree_end = 0;
    bool added = false;
    friend bool operator<(const Row& a, const Row& b) {
      return a.code != b.code ? a.code < b.code : a.node_id < b.node_id;
    }
  };

  std::vector<Row> rows_;
  std::vector<std::pair<std::int64_t, int>> changes_;  // per-node scratch: code, +1 / -1
  BatchedInsert insert_;
  SQLite::Statement next_code_;
  SQLite::Statement delete_range_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_POSITION_EVENTS_H_
