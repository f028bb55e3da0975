// Which games of one event name are one event: the games of a name, board
// and family are cut where their dates lie far apart (Scid cut a run of
// equal Event tags at three, Scid vs PC at twelve months; a yearly title
// such as a Meijin is then one event a year). What schema/events/ keeps and
// `ludex events --gap` asks again. docs/formats.md ("Events") has the rules.
//
// Thread-safety: pure functions.
#ifndef LUDEX_DERIVE_EVENT_GROUPS_H_
#define LUDEX_DERIVE_EVENT_GROUPS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace ludex {

// The days between two games of one event at most, unless asked otherwise
// (`--gap`): a league's monthly games stay together, while the real
// tournaments of one name (CGoT of the corpus: autumn 2001, May 2002,
// October 2002) come apart.
inline constexpr std::int32_t kDefaultEventGapDays = 90;

// One run of games: positions begin..end-1 of the days given to
// split_event_runs().
struct EventRun {
  std::size_t begin = 0;
  std::size_t end = 0;
  std::optional<std::int32_t> first_day;  // of its dated games; none for the undated run
  std::optional<std::int32_t> last_day;
};

// Cuts `days` (the games of one name and board, sorted: dated ones by day,
// the undated ones last) into runs: a new run starts where a day lies more
// than gap_days after the one before it. The undated games join the run
// when there is only one, else they are a run of their own, last (nothing
// says which tournament of the name they were played in). Requires
// gap_days >= 0 and the order above. Empty for no games.
std::vector<EventRun> split_event_runs(const std::vector<std::optional<std::int32_t>>& days,
                                       std::int32_t gap_days);

}  // namespace ludex

#endif  // LUDEX_DERIVE_EVENT_GROUPS_H_
