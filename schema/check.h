// ludex check: whether a database is sound, as SQLite and as ludex sees it
// (docs/schema.md, "Checking a database"). SQLite's integrity_check and
// foreign_key_check first, then ludex's own invariants: each game's node rows
// and tree (pre-order ids, subtree sizes, depths, move counts, main line),
// the position streams and feature_games, the comment index, per-file game
// counts and duplicate links; and, for a sample of games (or all), the
// positions recomputed from the stored moves against the stored hashes,
// streams and features.
//
// Thread-safety: one call at a time per Database.
#ifndef LUDEX_SCHEMA_CHECK_H_
#define LUDEX_SCHEMA_CHECK_H_

#include <cstdint>
#include <functional>
#include <string>

#include "schema/database.h"

namespace ludex {

struct CheckOptions {
  // Games whose positions are recomputed from their moves: every game when
  // 0 or more than the archive holds, else this many spread evenly over the
  // game ids (deterministic: the same database gives the same sample).
  std::int64_t sample = 200;
  bool all = false;  // recompute every game (sample ignored)
};

// One problem found. game_id is 0 for a problem of the database as a whole
// (an integrity_check line, a table out of step), node_id 0 when no node is
// meant.
struct CheckProblem {
  std::string check;  // which check found it: "integrity", "foreign_key", "nodes", ...
  std::int64_t game_id = 0;
  std::int64_t node_id = 0;
  std::string message;
};

struct CheckSummary {
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  std::int64_t recomputed = 0;  // games whose positions were recomputed
  std::int64_t problems = 0;
};

// Runs every check on db (opened read-only is enough) and calls report for
// each problem as it is found, in the order of the checks. A check that
// cannot run (SQLite reports corruption) is itself a problem; the others
// still run. Throws only for what is no problem of the database (an
// allocation failure).
CheckSummary check_database(Database& db, const CheckOptions& options,
                            const std::function<void(const CheckProblem&)>& report);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_CHECK_H_
