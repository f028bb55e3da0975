// One event as `ludex event` and GET /api/event show it: its games, the
// standings by score and tie-breaks (derive/standings.h) and the table of
// its kind (derive/event_table.h), detected from the games or asked for.
// A Little Golem level shows the groups below it instead, each with its
// leader. One definition for the command line and the server.
//
// Thread-safety: on the database's connection thread. Throws
// SQLite::Exception on SQL errors.
#ifndef LUDEX_QUERY_EVENT_PAGE_H_
#define LUDEX_QUERY_EVENT_PAGE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/diagnostic.h"
#include "core/game.h"
#include "derive/event_table.h"
#include "derive/standings.h"
#include "schema/events/event_list.h"

namespace ludex {

struct EventPageQuery {
  std::string name;                // the event's name, any case; "" with id
  std::optional<std::int64_t> id;  // an event id (ludex events), instead of a name
  std::optional<Family> family;    // which of the events of one name
  std::optional<std::int32_t> size;
  std::optional<std::int64_t> part;
  std::optional<EventKind> kind;  // the table asked for, instead of the one detected
  EventScoring scoring;
  std::vector<TieBreak> tie_breaks;  // empty: the kind's usual order, unless tie_breaks_none
  bool tie_breaks_none = false;      // --tie-breaks none: by score alone
};

// A group below a level with its leader (by the group's usual standings).
struct EventGroupLine {
  EventSummary event;
  std::string leader;  // "" when none can be told (no scored game)
  double leader_score = 0;
  bool leader_shared = false;  // another player has the same rank
};

struct EventPage {
  EventSummary event;
  std::vector<EventGroupLine> groups;  // a level's events below it; empty otherwise
  KindReading detected;
  EventKind kind = EventKind::kGames;  // the table shown
  std::vector<std::string> players;    // names as written, by player index
  std::vector<EventGameRow> games;
  std::vector<TableGame> table_games;  // one per game with two players, by event order
  std::vector<TieBreak> tie_breaks;
  EventScoring scoring;
  std::vector<PlayerStanding> standings;
  std::vector<std::int32_t> rows;                               // player indices in standings order
  std::vector<std::vector<std::vector<CrossGame>>> crosstable;  // kRoundRobin, kMatch
  RoundTable rounds;                                            // kSwiss
  Bracket bracket;                                              // kKnockout
  // Games the table could not place, with why: no two players, a result
  // ludex cannot score, no round number in a round table, a bracket misfit.
  std::vector<std::pair<std::int64_t, std::string>> unplaced;
};

// The tie-breaks shown for a kind by default: a round robin Sonneborn-
// Berger, direct encounter, wins (Scid, FIDE); Swiss rounds Buchholz with
// and without a cut, Sonneborn-Berger, or in Go SOS, SOSOS, SODOS
// (OpenGotha); a knockout, a match or games without a layout wins.
std::vector<TieBreak> default_tie_breaks(EventKind kind, const std::string& family);

// The page of the event the query names. Errors (the command's exit 2): no
// event of that name or id; several events of that name left by the
// family, size and part given (the message lists them).
Result<EventPage> event_page(Database& db, const EventPageQuery& query);

// {"event": summary, "kind", "detected_kind", "why", "scoring", "tie_breaks",
//  "standings": [{"rank", "shared", "name", "score", "games", "wins",
//  "draws", "losses", "unscored", "tie_breaks": {name: value},
//  "performance": null}], "games": [...], "crosstable" | "rounds" |
//  "bracket", "groups", "unplaced"}. docs/api.md has every field.
nlohmann::json event_page_json(const EventPage& page);
// {"id", "parent_id", "name", "family", "columns", "rows", "part",
//  "first_date", "last_date", "games", "players", "rounds", "kind",
//  "groups"}; ids 0 and dates "" as null.
nlohmann::json event_summary_json(const EventSummary& e);

}  // namespace ludex

#endif  // LUDEX_QUERY_EVENT_PAGE_H_
