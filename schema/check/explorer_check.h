// `ludex check`'s view of the explorer's postings (explorer_postings): every
// row decodes and its columns say what it holds; every kept position's rows
// list exactly the games the stored games give (a gather, as a replay
// would find them), with at least kExplorerMinNodes nodes; and, checking
// everything, the kept positions are exactly the common ones. For code in
// schema/ only.
//
// Thread-safety: one call at a time per Database.
#ifndef LUDEX_SCHEMA_CHECK_EXPLORER_CHECK_H_
#define LUDEX_SCHEMA_CHECK_EXPLORER_CHECK_H_

#include <cstdint>
#include <functional>
#include <string>

#include <SQLiteCpp/Database.h>

namespace ludex {

struct ExplorerCheckOptions {
  // Kept positions compared with their games: this many, spread evenly over
  // the positions (the same database gives the same sample); every one
  // with `all`, which also rebuilds the set of common positions from the
  // stored games and compares it with the kept one.
  std::int64_t sample = 200;
  bool all = false;
};

// Calls problem(game_id or 0, message) for each problem found; returns the
// number of kept positions compared. Throws SQLite::Exception when the
// database cannot be read (the caller reports it).
std::int64_t check_explorer(SQLite::Database& db, const ExplorerCheckOptions& options,
                            const std::function<void(std::int64_t, const std::string&)>& problem);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_CHECK_EXPLORER_CHECK_H_
