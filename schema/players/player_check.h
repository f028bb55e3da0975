// What `ludex check` verifies of the players' tables (schema/check.h calls
// these): the alias table is one level deep and names no one twice, and a
// game's seat_ranks, game_rank_bands and swapped_games rows are the ones
// derive/seat_facts.h derives from the stored record.
//
// Thread-safety: on the Database's thread. Throws SQLite::Exception.
#ifndef LUDEX_SCHEMA_PLAYERS_PLAYER_CHECK_H_
#define LUDEX_SCHEMA_PLAYERS_PLAYER_CHECK_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "schema/database.h"

namespace ludex {

// The problems of player_aliases: an alias whose canonical name is itself
// an alias (a chain), one way per problem.
std::vector<std::string> alias_problems(Database& db);

class SeatRowsCheck {
 public:
  explicit SeatRowsCheck(Database& db);
  ~SeatRowsCheck();
  SeatRowsCheck(const SeatRowsCheck&) = delete;
  SeatRowsCheck& operator=(const SeatRowsCheck&) = delete;

  // How the stored rows of game_id differ from what `record` (the game as
  // stored) gives; empty when they agree.
  std::vector<std::string> differences(std::int64_t game_id, const GameRecord& record);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_PLAYERS_PLAYER_CHECK_H_
