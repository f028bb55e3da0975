// The events kept in the database (events, event_games, events_stale:
// schema/sql/014_events.sql): found from the games when they change, so that
// `ludex events` reads them instead of grouping a million games each time.
//
// How they stay in step: every write that adds or erases a game lists its
// folded event name (and the Little Golem levels above it) in events_stale,
// in the same transaction (EventMarks, owned by GameWriter and GameEraser);
// the end of an import or merge (GameStore::refresh_events) finds the
// listed names' events again and empties the list. An event keeps its id
// while its name, family, board and part stay.
//
// Thread-safety: on the connection's thread. Throws SQLite::Exception on SQL
// errors.
#ifndef LUDEX_SCHEMA_EVENTS_EVENT_STORE_H_
#define LUDEX_SCHEMA_EVENTS_EVENT_STORE_H_

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace ludex {

// The event names a batch of stored or erased games names, queued until the
// batch's rows are written.
class EventMarks {
 public:
  // Requires db (read-write) to outlive this object. Prepares its statements.
  explicit EventMarks(SQLite::Database& db);
  EventMarks(const EventMarks&) = delete;
  EventMarks& operator=(const EventMarks&) = delete;

  // Queues an event name as written (EV), with its levels; nothing for a
  // name that names no event (games/event_name.h).
  void mark(std::string_view event);
  // Queues the names of games first..last (inclusive) and of the copies of
  // them (which an erase makes originals); for an erase, before the rows go.
  void mark_games(std::int64_t first_game, std::int64_t last_game);
  // Lists the queued names in events_stale (requires an open transaction) /
  // forgets them.
  void flush();
  void discard();

 private:
  void mark_folded(const std::string& folded);

  SQLite::Statement insert_;
  SQLite::Statement names_of_games_;
  std::set<std::string, std::less<>> queued_;
};

// One event as found from its games (a row of events).
struct FoundEvent {
  std::string name;         // as the first game writes it; a level: its folded name
  std::string name_folded;  // the name the games share, folded
  std::string family;
  std::int64_t columns = 0;
  std::int64_t rows = 0;
  std::int64_t part = 0;  // 1.. by date; 0 a Little Golem level
  std::optional<std::string> first_date;
  std::optional<std::string> last_date;
  std::int64_t players = 0;
  std::int64_t rounds = 0;
  std::string kind;
  std::int64_t groups = 0;            // a level: the events one level below it
  std::optional<std::string> parent;  // the folded name of the level above it
  std::vector<std::int64_t> games;    // ids, ascending; a level: every game below it
};

// Finds events from the games. Prepares its statements once; reads only.
// Requires db to outlive it.
class EventFinder {
 public:
  explicit EventFinder(SQLite::Database& db);
  // The events of the games named `folded` (a folded event name), cut with
  // gap_days (derive/event_groups.h); with as_level also the rows of
  // `folded` as a Little Golem level. Empty when no game is named so.
  std::vector<FoundEvent> find(const std::string& folded, std::int32_t gap_days, bool as_level);

 private:
  SQLite::Statement named_;
  SQLite::Statement level_;
};

// Adds `folded` (unless a placeholder) and its Little Golem levels to
// `names`, each with whether it is a level (true) or only a name.
void add_event_name(std::map<std::string, bool>& names, const std::string& folded);

// Finds again the events of every name in events_stale (and of `names`,
// folded), writes them in place of the kept ones (an event found again
// keeps its id), links each to the level above it and empties events_stale.
// Requires an open transaction. Returns the names found again.
std::int64_t refresh_events(SQLite::Database& db, const std::vector<std::string>& names = {});

// True when events_stale is empty: the kept events are the games' events.
bool events_current(SQLite::Database& db);

// The gap (days) the kept events were found with (meta events_gap_days).
std::int32_t kept_event_gap(SQLite::Database& db);

// For `ludex check`: the kept events that differ from the events found from
// the games again, one line each: of every name when games is null, else of
// the names of those games. The names waiting in events_stale are not
// compared.
std::vector<std::string> event_problems(SQLite::Database& db,
                                        const std::vector<std::int64_t>* games);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EVENTS_EVENT_STORE_H_
