// The upkeep of the explorer's kept answers (schema/explorer/explorer_answers.h):
// computing them after a write, and checking them. Separate from the
// answers' reading, which explore_position (schema/explorer_query.h) uses,
// because both jobs here call explore_position.
//
// Thread-safety: one thread per Database. For code in schema/ only.
#ifndef LUDEX_SCHEMA_EXPLORER_ANSWER_UPKEEP_H_
#define LUDEX_SCHEMA_EXPLORER_ANSWER_UPKEEP_H_

#include <cstdint>
#include <functional>
#include <string>

#include "schema/database.h"

namespace ludex {

// When no answer is kept (the table is empty: new, or emptied by a change),
// computes and keeps the answers above. Does nothing while
// the postings are not usable (ExplorerStoreReader::usable). Requires an
// open transaction on db (the writer's). Returns the number of answers
// written. Throws as explore_position.
std::int64_t refresh_explorer_answers(Database& db);

// `ludex check`: each kept answer's line replayed from the empty board must
// reach its key, and the answer computed again must be the kept one, byte
// for byte. Calls problem(message) for each difference; returns the number
// of answers compared. Throws SQLite::Exception when the database cannot be
// read.
std::int64_t check_explorer_answers(Database& db,
                                    const std::function<void(const std::string&)>& problem);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_ANSWER_UPKEEP_H_
