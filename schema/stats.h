// Whole-database figures for `ludex info` and the import errors list.
#ifndef LUDEX_SCHEMA_STATS_H_
#define LUDEX_SCHEMA_STATS_H_

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "schema/database.h"

namespace ludex {

struct DbInfo {
  std::int64_t files = 0;     // files on disk and members of archives
  std::int64_t archives = 0;  // archives (their members are counted as files)
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  std::int64_t moves = 0;
  std::int64_t players = 0;
  std::int64_t errors = 0;    // import errors (severity error)
  std::int64_t warnings = 0;  // import warnings
  // Games whose moves repeat an earlier game's: stored ones (duplicate_of)
  // and those import --dedupe did not store (game_sightings).
  std::int64_t duplicates = 0;
  std::map<std::string, std::int64_t> games_by_family;  // every family name, 0 included
  int schema_version = 0;
  // The builds that created the database and last wrote to it (import,
  // merge or a migration), as ludex_build_name() named them ("ludex 0.1.0
  // (commit ...)"); "" when the database does not say (written_by: a
  // database last written before ludex recorded it).
  std::string created_by;
  std::string written_by;
};

DbInfo read_info(Database& db);

// The boards the archive holds games on: a family, its variant (Blokus;
// else "") and size, with how many games.
struct BoardCount {
  Family family = Family::kOther;
  std::string variant;
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  std::int64_t games = 0;
};

// Every board with at least one game of a family with positions (not
// "other"), most games first, then by family, variant and size.
std::vector<BoardCount> count_boards(Database& db);

struct ErrorRow {
  std::string file;
  Diagnostic diagnostic;
};

// Visits every recorded error and warning in (file, game, position) order.
void list_errors(Database& db, const std::function<void(const ErrorRow&)>& visit);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_STATS_H_
