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

#include "derive/continuation_tally.h"
#include "games/position.h"
#include "games/symmetry.h"
#include "schema/database.h"
#include "schema/explorer_postings.h"
#include "schema/game_query.h"

namespace ludex {

// How an answer was found (for diagnostics, --explain and the tests).
enum class ExplorerSource : std::uint8_t {
  kPostings = 0,  // every image from explorer_postings
  kReplay = 1,    // every image gathered from the stored games
  kMixed = 2,     // some of each
  kAnswer = 3,    // the kept answer (schema/explorer_answers.h)
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
std::vector<ExplorerImage> explorer_images(const BoardShape& shape,
                                           const std::vector<Occupant>& occupants,
                                           const std::vector<TwixtLink>& links, std::uint64_t hash,
                                           bool symmetric);

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

// Accumulates visits into a report: the counting rule, for code in schema/.
class ExplorerTally {
 public:
  // date_from, date_to and winner as GameFilter has them; excluded(game)
  // true for games that must not count (copies), may be null.
  ExplorerTally(const GameFilter& filter, std::function<bool(std::int64_t)> excluded);
  ~ExplorerTally();
  ExplorerTally(const ExplorerTally&) = delete;
  ExplorerTally& operator=(const ExplorerTally&) = delete;

  // Starts the visits of another image, whose moves read as map_back makes
  // them (identity when empty).
  void begin_image(std::function<Continuation(const Continuation&)> map_back);
  // Whether more than one image will be visited: only then must a game be
  // looked for among earlier images' (the default: false).
  void set_several_images(bool several);
  // Counts a game's visit, unless the filter or excluded() leaves it out.
  // Visits of one image come in increasing game id order.
  void add(const PositionVisit& visit);
  // True if filter conditions beyond what add() checks (dates, winner) are
  // set: such filters must be applied by the producer (SQL).
  static bool needs_sql(const GameFilter& filter);
  // Keeps each evaluation added instead of its sum, for merge_in_order.
  // Call before the first add().
  void defer_evaluation_sums();
  // Adds what parts[1..] counted into parts[0]. Requires tallies that saw
  // disjoint ranges of game ids (parts[p]'s below parts[p + 1]'s), image
  // by image in the same order, each with defer_evaluation_sums(): the
  // report is then the one a single tally of every game gives, to the bit.
  static void merge_in_order(const std::vector<ExplorerTally*>& parts);
  PositionReport finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_QUERY_H_
