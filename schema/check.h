// ludex check: whether a database is sound, as SQLite and as ludex sees it
// (docs/schema.md, "Checking a database"). SQLite's integrity_check and
// foreign_key_check first, then ludex's own invariants: each game's node rows
// and tree (pre-order ids, subtree sizes, depths, move counts, main line),
// the position streams and feature_games, the comment index, per-file game
// counts and duplicate links; and, for a sample of games (or all), the
// positions recomputed from the stored moves against the stored hashes,
// streams and features. A large archive gets bounded checks by default
// (CheckOptions::quick), so that ludex check answers in seconds at a million
// games; --all reads every row.
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
  bool all = false;  // every check over every row, every game recomputed (sample ignored)
  // The bounded checks whatever the archive's size: SQLite's integrity and
  // foreign key checks of the tables that follow the games (not the nodes),
  // and the node rows, streams and feature listings of the sampled games
  // only; every games row, the duplicate links, the per-file and kept
  // counts, the comment index and a sample of the explorer's postings as
  // always. Their cost follows the games and the sample, not the nodes.
  bool quick = false;
  // Without all or quick: an archive of at most this many nodes (its kept
  // count) gets every check over every row, a larger one the bounded checks.
  std::int64_t whole_up_to_nodes = 5'000'000;
  // Called now and then by the checks that read every row (check, games
  // done, games in all); may be empty.
  std::function<void(const char* check, std::int64_t done, std::int64_t total)> progress;
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
  // The bounded checks ran (CheckOptions::quick, or a large archive):
  // `nodes` counts the sampled games' rows only.
  bool bounded = false;
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
