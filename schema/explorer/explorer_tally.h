// The explorer's tally: how visits to a position become its report (the
// counting rule of docs/queries.md, "The opening explorer"). For code in
// schema/ only.
//
// Thread-safety: an ExplorerTally belongs to one thread.
#ifndef LUDEX_SCHEMA_EXPLORER_EXPLORER_TALLY_H_
#define LUDEX_SCHEMA_EXPLORER_EXPLORER_TALLY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "derive/continuation_tally.h"
#include "derive/explorer_report.h"
#include "derive/explorer_visits.h"
#include "schema/game_filter.h"

namespace ludex {

// Accumulates visits into a report.
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

#endif  // LUDEX_SCHEMA_EXPLORER_EXPLORER_TALLY_H_
