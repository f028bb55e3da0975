// Reading the archive's events: the list `ludex events` prints and the
// games of one event that `ludex event` lays out (derive/standings.h,
// derive/event_table.h). The kept events (schema/events/event_store.h) are
// read while they are current and were cut at the gap asked for; otherwise
// the events are found again from the games, which costs a pass over every
// game that has an event.
//
// Thread-safety: on the connection's thread. Throws SQLite::Exception on SQL
// errors.
#ifndef LUDEX_SCHEMA_EVENTS_EVENT_LIST_H_
#define LUDEX_SCHEMA_EVENTS_EVENT_LIST_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "schema/database.h"

namespace ludex {

struct EventSummary {
  std::int64_t event_id = 0;   // 0 when found again (not the kept rows)
  std::int64_t parent_id = 0;  // 0 at the top
  std::string name;
  std::string name_folded;
  std::string family;
  std::int64_t columns = 0;
  std::int64_t rows = 0;
  std::int64_t part = 0;   // 1.. by date; 0 a Little Golem level
  std::string first_date;  // "" when none
  std::string last_date;
  std::int64_t games = 0;
  std::int64_t players = 0;
  std::int64_t rounds = 0;
  std::string kind;  // derive/event_table.h's names, or "levels"
  std::int64_t groups = 0;
};

struct EventListQuery {
  std::string family;        // "" any
  std::int64_t columns = 0;  // 0 any
  std::int64_t rows = 0;
  std::string name;       // a user pattern (core/text_fold.h), "" any
  std::string player;     // a user pattern of a player's name or alias: events it played in
  std::string date_from;  // an event whose dates reach into [from, to]; "" open
  std::string date_to;
  std::optional<std::int32_t> gap;  // days; none: the kept events' gap
  bool levels = true;               // list Little Golem levels too
  std::optional<std::int64_t> limit;
  std::int64_t offset = 0;  // events skipped first (paging)
};

// The events the query selects, by first date (undated last), then name,
// family, board and part.
std::vector<EventSummary> list_events(Database& db, const EventListQuery& query);

// True when the list reads the kept rows for this query (no other gap, no
// name waiting in events_stale).
bool events_kept_for(Database& db, const EventListQuery& query);

// The kept events named `name` (case-insensitively, exactly), each family,
// board and part; or the one with id `id` when name is empty.
std::vector<EventSummary> events_named(Database& db, const std::string& name,
                                       std::optional<std::int64_t> id = std::nullopt);

// The events one level below a Little Golem level, by name.
std::vector<EventSummary> event_children(Database& db, std::int64_t event_id);

// One game of an event with what its table needs.
struct EventGameRow {
  std::int64_t game_id = 0;
  std::string date;
  std::string round;  // RO as written
  std::string first;  // the seat 1 player's name as written; "" none
  std::string second;
  std::int64_t seats = 0;   // players named (2 for a two-player game)
  std::int64_t winner = 0;  // seat, 0 none
  bool draw = false;
  std::string result;         // RE as written
  std::int64_t handicap = 0;  // Go HA, 0 none
};

// The games of a kept event (not a level), by date (undated last), then id.
std::vector<EventGameRow> event_games(Database& db, std::int64_t event_id);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EVENTS_EVENT_LIST_H_
