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

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_LOADER_H_
