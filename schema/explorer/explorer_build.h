// What a stored game gives the opening explorer (explorer_postings): its
// visits to the positions that may be kept, read from the database as
// derive/explorer_visits.h reads them from the written game (the two give
// the same visits); and the sorter that turns a bulk load's visits into kept positions. For
// code in schema/ only.
//
// Thread-safety: none; one thread.
#ifndef LUDEX_SCHEMA_EXPLORER_EXPLORER_BUILD_H_
#define LUDEX_SCHEMA_EXPLORER_EXPLORER_BUILD_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "derive/explorer_visits.h"

namespace ludex {

// Calls visit for every stored game with a position stream, in game id
// order, read from the database as explorer_game_of reads the written game.
// Throws std::runtime_error for a stream or row that does not read.
void for_each_stored_game(SQLite::Database& db,
                          const std::function<void(const ExplorerGame&)>& visit);

// Sorts (key, game, visit) records on disk, a bounded buffer in memory: a
// bulk load's visits arrive by game, the kept positions are written by key.
class VisitSorter {
 public:
  // A run of 16 MiB in memory (payloads and their references) at most.
  VisitSorter();
  // Runs of run_bytes (at most 1 GiB; tests make them small).
  explicit VisitSorter(std::size_t run_bytes);
  ~VisitSorter();
  VisitSorter(const VisitSorter&) = delete;
  VisitSorter& operator=(const VisitSorter&) = delete;

  // Adds a visit (a copy: its moves need not outlive the call). Requires
  // one visit per (key, game).
  void add(std::uint64_t key, const OwnedVisit& visit) { add(key, visit, visit.game_id, 0); }
  // The same for a visit prepared for game id 0 (derive/explorer_prepare.h)
  // of the game stored as game_id from first_node_id: what place_visit
  // would make of it, written without copying it.
  void add(std::uint64_t key, const OwnedVisit& visit, std::int64_t game_id,
           std::int64_t first_node_id);
  // Calls visit(key, visit) for every visit added to a key whose visits'
  // nodes add up to at least min_nodes, in increasing (key, game id) order;
  // the other keys' visits are dropped. The visits' moves live until
  // finish() returns. Empties the sorter. Throws
  // std::runtime_error when a temporary file cannot be written or read.
  void finish(std::int64_t min_nodes,
              const std::function<void(std::uint64_t, const OwnedVisit&)>& visit);
  bool empty() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_EXPLORER_BUILD_H_
