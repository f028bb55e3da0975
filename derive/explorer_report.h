// What the opening explorer answers about a position, and the images of
// the position it asks about: plain values, no SQL, shared by the
// explorer's query (schema/explorer_query.h), its kept answers
// (schema/explorer/explorer_answers.h) and its callers.
//
// Thread-safety: values and a pure function.
#ifndef LUDEX_DERIVE_EXPLORER_REPORT_H_
#define LUDEX_DERIVE_EXPLORER_REPORT_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "derive/continuation_tally.h"
#include "games/position.h"
#include "games/symmetry.h"

namespace ludex {

// How an answer was found (for diagnostics, --explain and the tests).
enum class ExplorerSource : std::uint8_t {
  kPostings = 0,  // every image from explorer_postings
  kReplay = 1,    // every image gathered from the stored games
  kMixed = 2,     // some of each
  kAnswer = 3,    // the kept answer (schema/explorer/explorer_answers.h)
};

struct PositionReport {
  std::int64_t games = 0;  // distinct games at the position (or an image of it)
  std::int64_t nodes = 0;  // their nodes holding it
  // Ordered by games, then occurrences (child nodes), descending; ties by
  // the move's key (ContinuationKey).
  std::vector<Continuation> moves;
  ExplorerSource source = ExplorerSource::kReplay;
};

// One image of the position asked about: its hash, and how a move played
// from it reads in the query's orientation (the inverse symmetry, then the
// position's own symmetries folded; identity when empty). The first image
// is the position itself.
struct ExplorerImage {
  std::uint64_t hash = 0;
  std::function<Continuation(const Continuation&)> map_back;
};

// The images of the position with these occupants and links (sorted, as
// Position gives them) and hash (as stored) on `shape`: the position itself
// first, then with `symmetric` each other distinct image under the board's
// symmetries. A move found from an image maps back into the position's
// orientation by the inverse symmetry, and moves that a symmetry of the
// position itself exchanges (a3 and m11 on the empty 13x13 Hex board) are
// folded onto the smallest of them.
std::vector<ExplorerImage> explorer_images(const Board& shape,
                                           const std::vector<Occupant>& occupants,
                                           const std::vector<TwixtLink>& links, std::uint64_t hash,
                                           bool symmetric);

}  // namespace ludex

#endif  // LUDEX_DERIVE_EXPLORER_REPORT_H_
