// Each player's kept totals (player_totals, schema/sql/013_player_totals.sql):
// what `ludex players` lists, per identity and board, counted from the games
// when they change instead of each time the list is asked for.
//
// How they stay in step: every write that adds or erases a game of a name
// lists the name in player_totals_stale, in the same transaction
// (PlayerTotalsMarks, owned by GameWriter and GameEraser); merge and unmerge
// of aliases count their identities again at once; the end of an import or
// merge (GameStore::refresh_player_totals) counts the listed names'
// identities again and empties the list. A reader uses the kept rows only
// while the list is empty (player_totals_current), so a run killed between
// its batches and the refresh leaves totals that are never read until the
// next refresh. Counted exactly as list_players counts from the games
// (schema/players/player_stats.h).
//
// Thread-safety: on the connection's thread. Throws SQLite::Exception on SQL
// errors.
#ifndef LUDEX_SCHEMA_PLAYERS_PLAYER_TOTALS_H_
#define LUDEX_SCHEMA_PLAYERS_PLAYER_TOTALS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "schema/db/batched_insert.h"

namespace ludex {

// The names a batch of stored games names, queued until the batch's rows
// are written.
class PlayerTotalsMarks {
 public:
  // Requires db (read-write) to outlive this object. Prepares the insert.
  explicit PlayerTotalsMarks(SQLite::Database& db);
  PlayerTotalsMarks(const PlayerTotalsMarks&) = delete;
  PlayerTotalsMarks& operator=(const PlayerTotalsMarks&) = delete;

  // Queues a name (once per batch).
  void mark(std::string_view name);
  // Lists the queued names in player_totals_stale (requires an open
  // transaction) / forgets them.
  void flush();
  void discard();
  // Lists the names of the players of games first..last (inclusive) at
  // once; for an erase, before the rows go. Requires an open transaction.
  void mark_games(std::int64_t first_game, std::int64_t last_game);

 private:
  // Looked up by string_view: a name queued already is not copied again
  // (every stored game marks each of its players).
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  BatchedInsert insert_;
  SQLite::Statement mark_games_;
  std::unordered_set<std::string, NameHash, std::equal_to<>> queued_;
};

// Counts again the identities of the given names (each a name as stored,
// canonical or alias) and of every name in player_totals_stale, deletes the
// rows kept under a name that is no longer canonical, and empties
// player_totals_stale. When the names are many (an eighth of the players or
// more) or nothing is kept yet, counts every identity in one pass instead.
// Requires an open transaction. Returns the identities counted.
std::int64_t refresh_player_totals(SQLite::Database& db,
                                   const std::vector<std::string>& names = {});

// True when player_totals_stale is empty: the kept rows are the games' totals.
bool player_totals_current(SQLite::Database& db);

// For `ludex check`: the kept rows that differ from a count over the games,
// one line per identity and board: of every identity when games is null,
// else of the identities playing in those games. The identities waiting in
// player_totals_stale are not compared.
std::vector<std::string> player_totals_problems(SQLite::Database& db,
                                                const std::vector<std::int64_t>* games);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_PLAYERS_PLAYER_TOTALS_H_
