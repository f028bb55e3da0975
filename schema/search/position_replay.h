// Position search by replay (private to schema/): the games of a filter that
// feature_games says can meet the conditions are read in the filter's order
// with their position streams (game_positions), for patterns each game's
// occupancy (built from feature_games) is checked first (a prefilter), and
// the games that pass are replayed in memory by PositionMatcher on several
// threads. Results come back per game, in game order. docs/queries.md ("How
// a position search runs") describes it. find_nodes/count_nodes (for every
// position condition) and pattern_continuations (schema/position_query.h)
// are built on it.
//
// Thread-safety: one call at a time per Database; the calls start their own
// worker threads, which never touch the database.
#ifndef LUDEX_SCHEMA_SEARCH_POSITION_REPLAY_H_
#define LUDEX_SCHEMA_SEARCH_POSITION_REPLAY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/position_matcher.h"
#include "games/position_stream.h"
#include "schema/database.h"
#include "schema/game_query.h"

namespace ludex {

// One node of a game where the conditions hold.
struct ReplayHit {
  std::uint32_t index = 0;  // pre-order index: node id = first_node_id + index
  std::int32_t depth = 0;
  bool main_line = false;
  // With ReplayOptions::children: the pattern that held (the first in the
  // conditions' order when several did); else -1.
  std::int32_t pattern = -1;
};

// A child of a hit node: what its node changed (the move played next).
struct ReplayChild {
  std::uint32_t parent_hit = 0;  // index into the game's hits
  std::uint32_t index = 0;       // the child's pre-order index
  bool setup = false;            // StreamNode::setup
  std::vector<Occupant> placed;  // StreamNode::placed
};

struct ReplayGame {
  std::int64_t game_id = 0;
  std::int64_t first_node_id = 0;
  std::int8_t winner = 0;
  std::vector<ReplayHit> hits;        // in pre-order
  std::vector<ReplayChild> children;  // with ReplayOptions::children
};

struct ReplayOptions {
  bool main_line_only = false;
  // Only the shallowest hit per game (smallest depth, then smallest index).
  bool first_only = false;
  // Stop a game at its first hit in pre-order (enough to count games).
  bool any_only = false;
  // Also report each hit's children (their net changes).
  bool children = false;
};

// Calls on_game for every game of `filter` (family required; limit and
// offset ignored; in filter's order) that has at least one hit, until it
// returns false. Games whose positions were never computed have no hits; a
// game stored without a stream (a database just migrated) is replayed from
// its moves. Throws std::runtime_error for a stream that does not read (a
// corrupt database), SQLite::Exception on database errors.
void replay_games(Database& db, const GameFilter& filter, const PositionConditions& conditions,
                  const ReplayOptions& options,
                  const std::function<bool(const ReplayGame&)>& on_game);

// The nodes (pre-order indices) of one game where `conditions` hold, with
// the pattern that held; empty for a game without positions. For filters
// whose other conditions an index answers first.
class GameReplayer {
 public:
  GameReplayer(Database& db, const PositionConditions& conditions);
  ~GameReplayer();
  GameReplayer(const GameReplayer&) = delete;
  GameReplayer& operator=(const GameReplayer&) = delete;

  // Replays game_id once and remembers its hits; first_node_id is set to the
  // game's first node id. Throws as replay_games.
  const std::vector<ReplayHit>& hits(std::int64_t game_id, std::int64_t* first_node_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_SEARCH_POSITION_REPLAY_H_
