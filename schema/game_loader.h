// Reading whole games back out of the database (for export and comparison).
#ifndef LUDEX_SCHEMA_GAME_LOADER_H_
#define LUDEX_SCHEMA_GAME_LOADER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/game.h"
#include "schema/database.h"

namespace ludex {

struct LoadedGame {
  std::int64_t game_id = 0;
  std::string file;   // source file path
  GameRecord record;  // tree, players, header fields, as stored
  // The node id of the root: the node at tree index i has node id
  // first_node_id + i (node ids follow the tree's pre-order).
  std::int64_t first_node_id = 0;
};

class GameLoader {
 public:
  // Prepares its statements once; load() may be called many times.
  explicit GameLoader(Database& db);
  ~GameLoader();
  GameLoader(const GameLoader&) = delete;
  GameLoader& operator=(const GameLoader&) = delete;

  // nullopt when there is no game with that id. The record's tree has the
  // same shape, node order, moves, comments, evaluations and properties as
  // the GameRecord that was stored; every header field and pos come back
  // too, and warnings are the game's stored warnings. Not stored: the nodes'
  // SourcePos (left default). move_props is always parallel to moves
  // (default Property where none was stored). Throws std::runtime_error on
  // rows no GameStore writes (a corrupt database).
  std::optional<LoadedGame> load(std::int64_t game_id);

  // The game a node belongs to; nullopt when there is no such node.
  std::optional<std::int64_t> game_of_node(std::int64_t node_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_LOADER_H_
