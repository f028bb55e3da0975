// The archive's figures as `ludex info` and the explorer's board picker
// show them (table counts, schema version 8): kept up to date by every
// write (GameWriter, GameEraser, SourceFiles, the backfills) instead of
// being counted, so that info answers at once at any size, as OCGDB keeps
// its Info table. `ludex check` compares them with the tables. For code in
// schema/ only.
//
// Thread-safety: a CountsWriter belongs to the writer thread.
#ifndef LUDEX_SCHEMA_WRITE_COUNTS_H_
#define LUDEX_SCHEMA_WRITE_COUNTS_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "core/game.h"

namespace ludex {

namespace count_name {
inline constexpr std::string_view kFiles = "files";        // files and archive members
inline constexpr std::string_view kArchives = "archives";  // archives
inline constexpr std::string_view kGames = "games";
inline constexpr std::string_view kNodes = "nodes";
inline constexpr std::string_view kMoves = "moves";  // rows of the moves view
inline constexpr std::string_view kPlayers = "players";
inline constexpr std::string_view kErrors = "errors";
inline constexpr std::string_view kWarnings = "warnings";
// Stored copies (games.duplicate_of set) and sightings (game_sightings).
inline constexpr std::string_view kDuplicates = "duplicates";
// "games/hex": the games of a family.
std::string games_of(Family family);
// "board/blokus/Blokus Duo/14x14": the games on a board (variant "" but
// for Blokus).
std::string board(std::string_view family, std::string_view variant, std::int64_t columns,
                  std::int64_t rows);
}  // namespace count_name

// Queues changes to the counts; flush() writes them. Requires an open
// transaction for flush().
class CountsWriter {
 public:
  explicit CountsWriter(SQLite::Database& db);
  void add(std::string_view name, std::int64_t delta);
  void flush();
  void discard() { pending_.clear(); }

 private:
  SQLite::Statement add_;
  std::map<std::string, std::int64_t, std::less<>> pending_;
};

// Every kept count, by name (a name never written is absent, i.e. 0).
std::map<std::string, std::int64_t> read_counts(SQLite::Database& db);

// The same counts, counted from the tables. With `every_row` the nodes and
// moves are counted row by row (slow on a large archive); without it the
// nodes are the games' node_count summed and the moves are left out. For
// ludex check.
std::map<std::string, std::int64_t> count_rows(SQLite::Database& db, bool every_row);

// Sets the count of duplicates from the tables (after every duplicate_of
// was recomputed). Requires an open transaction.
void recount_duplicates(SQLite::Database& db);

// Replaces the counts by `counts`. Requires an open transaction.
void write_counts(SQLite::Database& db, const std::map<std::string, std::int64_t>& counts);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_COUNTS_H_
