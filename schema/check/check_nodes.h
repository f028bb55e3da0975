// ludex check's per-game checks (schema/check.h): a game's node rows against
// its games row and its tree, and its position stream against those rows.
// Internal to schema/: check.cpp runs them over every game or over a sample.
//
// Thread-safety: the functions hold no state; a statement passed in is used
// by one thread at a time.
#ifndef LUDEX_SCHEMA_CHECK_CHECK_NODES_H_
#define LUDEX_SCHEMA_CHECK_CHECK_NODES_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "core/game.h"

namespace ludex {

// What one games row says, as the checks read it.
struct CheckedGame {
  std::int64_t game_id = 0;
  std::int64_t file_id = 0;
  std::int64_t first = 0;
  std::int64_t count = 0;
  std::optional<Family> family;
  std::string variant;
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  bool positions = false;  // hash_version is this build's
  std::int64_t moves_hash = 0;
  std::int64_t duplicate_of = 0;
};

// What one node row says, as the tree check reads it.
struct CheckedNode {
  std::int64_t id = 0;
  std::int64_t descendants = 0;
  std::int64_t depth = 0;
  std::int64_t moveless = 0;
  std::int64_t flags = 0;
  std::uint64_t hash = 0;
  bool move = false;  // inline, or rows in node_moves
};

// The columns a CheckedNode is read from, in read_checked_node()'s order,
// over nodes (no alias).
inline constexpr const char* kCheckedNodeColumns =
    "node_id, descendants, depth, moveless, flags, coalesce(position_hash, 0), "
    "kind IS NOT NULL";
// The row the statement (selecting kCheckedNodeColumns first) is on; `move`
// says only whether the node's first move is inline (node_moves not read).
CheckedNode read_checked_node(const SQLite::Statement& st);

// Where a check's problem goes: the check's name ("nodes", ...), the game
// and node meant (0 for none) and what is wrong.
using CheckProblemSink = std::function<void(const char* check, std::int64_t game, std::int64_t node,
                                            const std::string& message)>;

// The node rows of one game, `rows` in id order (those whose ids lie in its
// range): every id of the range present, one root whose subtree is the
// game, each subtree inside its parent's, depth and moveless counts down the
// tree, one main-line child under each main-line node. Reports at most
// kProblemsPerGame problems ("nodes"): one broken link makes every later
// node look wrong.
void check_node_tree(const CheckedGame& game, const std::vector<CheckedNode>& rows,
                     const CheckProblemSink& problem);

// The stream of a game with positions ("game_positions"): it must exist
// (unless streams are pending after a migration), read, and have the tree
// `rows` have. `stream` is "SELECT stream FROM game_positions WHERE game_id =
// ?1". Returns whether the game has a stream row.
bool check_position_stream(const CheckedGame& game, const std::vector<CheckedNode>& rows,
                           SQLite::Statement& stream, bool streams_pending,
                           const CheckProblemSink& problem);

// node_hashes against nodes ("node_hashes", schema/write/node_hashes.h): with
// sample null, every node and every row; else the nodes of the sampled
// games (a row of no node can only be found by reading the whole table).
// Names at most 20 nodes of each kind per range read. games: by game id.
void check_node_hashes(SQLite::Database& db, const std::vector<CheckedGame>& games,
                       const std::vector<const CheckedGame*>* sample,
                       const CheckProblemSink& problem);

// The node rows of one game read by its id range, for the checks that look
// at a sample of games rather than at every row.
class GameNodeRows {
 public:
  explicit GameNodeRows(SQLite::Database& db);
  // The rows whose ids lie in game's range, in id order.
  const std::vector<CheckedNode>& read(const CheckedGame& game);

 private:
  SQLite::Statement nodes_;
  SQLite::Statement moved_;
  std::vector<CheckedNode> rows_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_CHECK_CHECK_NODES_H_
