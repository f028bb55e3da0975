// The opening explorer's answers: the moves played from a position (and
// its images under the board's symmetries), with each move's games, seat
// wins, years and mean evaluations, counted by one rule whichever way the
// answer is found: from the kept postings of a common position
// (explorer_postings), or by gathering the games at the position from the
// stored games. docs/queries.md ("The opening explorer") states the rule.
//
// Thread-safety: one thread per Database.
#ifndef LUDEX_SCHEMA_EXPLORER_QUERY_H_
#define LUDEX_SCHEMA_EXPLORER_QUERY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "derive/explorer_report.h"
#include "schema/database.h"
#include "schema/game_filter.h"

namespace ludex {

struct ExplorerQuery {
  Family family = Family::kOther;
  std::string variant;  // Blokus: the variant's name as stored; else ""
  std::vector<ExplorerImage> images;
  // The images are explorer_images(..., symmetric = true)'s: with the
  // position's own symmetries folded even when it has one image. Part of
  // the key of a kept answer.
  bool symmetric = false;
  // Which games count. Its family, size and variant must be the position's
  // (callers set them); limit cuts the list of moves; offset and order are
  // ignored.
  GameFilter filter;
  // Count every copy of a game stored more than once (games.duplicate_of
  // set); by default only the first copy counts, as if import --dedupe had
  // stored it alone.
  bool all_copies = false;
  // Never read the postings nor the kept answers (the tests compare both
  // ways).
  bool replay_only = false;
  // Read the kept answer of the position when there is one and the query
  // asks what it answers (no filter but the board's, the default copies
  // rule); false to tally (keeping and checking the answers).
  bool read_answers = true;
  // Threads that tally a position kept for every image when no filter
  // needs SQL: 0 = one per core (at most 8) for a position of 20,000 games
  // or more, else one; n = n threads whatever its size (the tests). The
  // answer is the same to the bit.
  unsigned threads = 0;
};

// The moves played from the position in the games of the query, each game
// counted once per move and once for the position, however many of its
// nodes (in any image) hold it. Throws std::runtime_error for a corrupt
// database, SQLite::Exception on database errors.
PositionReport explore_position(Database& db, const ExplorerQuery& query);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_QUERY_H_
