// Every game at a position, read from the stored games: the nodes whose
// position_hash is the position's, their games, and the first move of each
// of their children. What `ludex next` replays for a position the explorer
// does not keep, what the explorer keeps for one it does (built the same
// way), and what `ludex check` compares the kept postings with. For code in
// schema/ only.
//
// Thread-safety: a PositionGatherer belongs to its Database's thread.
#ifndef LUDEX_SCHEMA_EXPLORER_EXPLORER_GATHER_H_
#define LUDEX_SCHEMA_EXPLORER_EXPLORER_GATHER_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "core/game.h"
#include "derive/continuation_tally.h"
#include "derive/explorer_visits.h"
#include "schema/explorer/explorer_postings.h"
#include "schema/search/query_support.h"

namespace ludex {

class PositionGatherer {
 public:
  // Prepares the statements on db, which must outlive this object.
  explicit PositionGatherer(SQLite::Database& db);
  ~PositionGatherer();
  PositionGatherer(const PositionGatherer&) = delete;
  PositionGatherer& operator=(const PositionGatherer&) = delete;

  // Calls visit once per game holding the position `hash` at some node (any
  // depth, variations included), in increasing game id order, with every
  // node of the game holding it and its children's first moves (each move
  // once, its child nodes counted, keys sorted). `games` restricts the games
  // (game_condition() over games AS g, e.g. a variant, dates, players);
  // with games_first the filtered games are read first and each is looked
  // up for the position (a filter that selects few games of a common
  // position), else the position's nodes are read first. A visit's moves
  // point into storage that lives until the next gather().
  // Throws std::runtime_error for a corrupt database, SQLite::Exception on
  // database errors.
  void gather(std::uint64_t hash, const Condition& games, bool games_first,
              const std::function<void(const PositionVisit&)>& visit);

  // The nodes whose position_hash is `hash`, in games of `variant` when it is
  // not empty, counted up to `limit` (the count stops there).
  std::int64_t count_nodes(std::uint64_t hash, const std::string& variant, std::int64_t limit);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_EXPLORER_GATHER_H_
