// The games that reach a common position, one hit each at the game's first
// node there (`ludex query --line ... --first`, the explorer's games list):
// answered from the explorer's postings instead of the position's nodes.
// At the empty 19x19 board of the 1M archive the plain SQL plan reads and
// sorts one node per game (188k of them, 1.4 to 4.5 s); this plan reads the
// position's game ids from its postings (a bitset), counts them at once,
// and finds a page by walking an index in the requested order, keeping the
// games in the set. docs/queries.md ("The games at a position") explains
// the plan and when it is chosen. For code in schema/ only: find_nodes and
// count_nodes call it.
//
// Thread-safety: one thread per Database.
#ifndef LUDEX_SCHEMA_EXPLORER_POSITION_GAMES_H_
#define LUDEX_SCHEMA_EXPLORER_POSITION_GAMES_H_

#include <cstdint>
#include <functional>
#include <optional>

#include "schema/database.h"
#include "schema/node_filter.h"

namespace ludex {

// find_nodes for a filter this plan answers: first_only, exact positions
// (position_hashes) whose family is known, at least one of them kept by
// the explorer, no other node condition. Returns the number of hits
// visited, as find_nodes does, with the same hits in the same order; nullopt
// when the filter is not one this plan answers (or, with
// NodeFilter::GamesPlan::kAuto, when the plain SQL plan is as quick: few
// games at the position). Throws SQLite::Exception on database errors,
// std::runtime_error for postings that do not decode or name a game without
// a node at the position. When it answers and total is not null, *total is
// set to what count_position_games gives without the filter's limit.
std::optional<std::int64_t> find_position_games(Database& db, const NodeFilter& filter,
                                                const std::function<bool(const NodeHit&)>& visit,
                                                std::int64_t* total = nullptr);

// count_nodes for the filters find_position_games answers; nullopt for the
// others. Throws as find_position_games.
std::optional<std::int64_t> count_position_games(Database& db, const NodeFilter& filter);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_POSITION_GAMES_H_
