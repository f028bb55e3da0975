#include "schema/events/event_list.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <tuple>
#include <unordered_set>

#include "core/text_fold.h"
#include "games/event_name.h"
#include "games/sgf_values.h"
#include "schema/db/statement_util.h"
#include "schema/events/event_store.h"
#include "schema/search/query_support.h"

namespace ludex {
namespace {

// The largest code point: appended to a date bound, it makes every date
// that starts with the bound compare below it (as the games' filter does).
constexpr const char* kMaxCodePoint = "\xF4\x8F\xBF\xBF";

constexpr const char* kSummaryColumns =
    "SELECT e.event_id, coalesce(e.parent_id, 0), e.name, e.name_folded, e.family, "
    "e.board_columns, e.board_rows, e.part, coalesce(e.first_date, ''), "
    "coalesce(e.last_date, ''), e.games, e.players, e.rounds, e.kind, e.groups FROM events AS e ";

EventSummary summary_of(SQLite::Statement& st) {
  EventSummary e;
  e.event_id = st.getColumn(0).getInt64();
  e.parent_id = st.getColumn(1).getInt64();
  e.name = st.getColumn(2).getString();
  e.name_folded = st.getColumn(3).getString();
  e.family = st.getColumn(4).getString();
  e.columns = st.getColumn(5).getInt64();
  e.rows = st.getColumn(6).getInt64();
  e.part = st.getColumn(7).getInt64();
  e.first_date = st.getColumn(8).getString();
  e.last_date = st.getColumn(9).getString();
  e.games = st.getColumn(10).getInt64();
  e.players = st.getColumn(11).getInt64();
  e.rounds = st.getColumn(12).getInt64();
  e.kind = st.getColumn(13).getString();
  e.groups = st.getColumn(14).getInt64();
  return e;
}

bool by_date_then_name(const EventSummary& a, const EventSummary& b) {
  return std::forward_as_tuple(a.first_date.empty(), a.first_date, a.name_folded, a.family,
                               a.columns, a.rows, a.part) <
         std::forward_as_tuple(b.first_date.empty(), b.first_date, b.name_folded, b.family,
                               b.columns, b.rows, b.part);
}

bool in_dates(const EventSummary& e, const EventListQuery& q) {
  if (q.date_from.empty() && q.date_to.empty()) return true;
  if (e.first_date.empty()) return false;
  if (!q.date_from.empty() && e.last_date < q.date_from) return false;
  if (!q.date_to.empty() && e.first_date > q.date_to + kMaxCodePoint) return false;
  return true;
}

std::vector<EventSummary> list_kept(SQLite::Database& db, const EventListQuery& q) {
  std::string sql = std::string(kSummaryColumns) + "WHERE 1";
  std::vector<std::string> texts;
  std::vector<std::int64_t> numbers;  // bound after the texts, in order
  if (!q.family.empty()) {
    sql += " AND e.family = ?";
    texts.push_back(q.family);
  }
  if (!q.name.empty()) {
    sql += " AND e.name_folded GLOB ?";
    texts.push_back(user_pattern_to_glob(q.name));
  }
  if (!q.player.empty()) {
    sql += std::string(
               " AND e.event_id IN (SELECT eg.event_id FROM game_players AS gp "
               "JOIN event_games AS eg ON eg.game_id = gp.game_id WHERE gp.player_id IN ") +
           kPlayerIdsMatching + ")";
    texts.push_back(user_pattern_to_glob(q.player));
  }
  if (!q.date_from.empty()) {
    sql += " AND e.last_date >= ?";
    texts.push_back(q.date_from);
  }
  if (!q.date_to.empty()) {
    sql += " AND e.first_date <= ?";
    texts.push_back(q.date_to + kMaxCodePoint);
  }
  if (q.columns != 0) {
    sql += " AND e.board_columns = ? AND e.board_rows = ?";
    numbers.push_back(q.columns);
    numbers.push_back(q.rows);
  }
  if (!q.levels || !q.player.empty()) sql += " AND e.part > 0";
  sql +=
      " ORDER BY e.first_date IS NULL, e.first_date, e.name_folded, e.family, e.board_columns, "
      "e.board_rows, e.part";
  sql += " LIMIT ? OFFSET ?";
  numbers.push_back(q.limit.value_or(-1));
  numbers.push_back(q.offset);
  SQLite::Statement st(db, sql);
  int index = 1;
  for (const std::string& t : texts) st.bind(index++, t);
  for (const std::int64_t n : numbers) st.bind(index++, n);
  std::vector<EventSummary> out;
  while (st.executeStep()) out.push_back(summary_of(st));
  return out;
}

// Every event found again from the games with the query's gap, filtered
// as list_kept filters.
std::vector<EventSummary> list_found(SQLite::Database& db, const EventListQuery& q) {
  const std::int32_t gap = q.gap.value_or(kept_event_gap(db));
  std::map<std::string, bool> names;  // name -> a Little Golem level too
  {
    SQLite::Statement st(db,
                         "SELECT DISTINCT event_folded FROM games WHERE event_folded IS NOT NULL");
    while (st.executeStep()) add_event_name(names, st.getColumn(0).getString());
  }
  EventFinder finder(db);
  std::unordered_set<std::int64_t> player_games;
  if (!q.player.empty()) {
    SQLite::Statement st(db, std::string("SELECT game_id FROM game_players WHERE player_id IN ") +
                                 kPlayerIdsMatching);
    st.bind(1, user_pattern_to_glob(q.player));
    while (st.executeStep()) player_games.insert(st.getColumn(0).getInt64());
  }
  SQLite::Statement glob(db, "SELECT ?1 GLOB ?2");
  const std::string name_glob = q.name.empty() ? std::string() : user_pattern_to_glob(q.name);
  std::vector<EventSummary> out;
  for (const auto& [name, as_level] : names) {
    if (!name_glob.empty()) {
      glob.bind(1, name);
      glob.bind(2, name_glob);
      glob.executeStep();
      const bool matches = glob.getColumn(0).getInt() != 0;
      glob.reset();
      if (!matches) continue;
    }
    for (const FoundEvent& f : finder.find(name, gap, as_level)) {
      EventSummary e;
      e.name = f.name;
      e.name_folded = f.name_folded;
      e.family = f.family;
      e.columns = f.columns;
      e.rows = f.rows;
      e.part = f.part;
      e.first_date = f.first_date.value_or("");
      e.last_date = f.last_date.value_or("");
      e.games = static_cast<std::int64_t>(f.games.size());
      e.players = f.players;
      e.rounds = f.rounds;
      e.kind = f.kind;
      e.groups = f.groups;
      if (!q.family.empty() && e.family != q.family) continue;
      if (q.columns != 0 && (e.columns != q.columns || e.rows != q.rows)) continue;
      if ((!q.levels || !q.player.empty()) && e.part == 0) continue;
      if (!in_dates(e, q)) continue;
      if (!q.player.empty() && std::none_of(f.games.begin(), f.games.end(), [&](std::int64_t g) {
            return player_games.contains(g);
          })) {
        continue;
      }
      out.push_back(std::move(e));
    }
  }
  std::sort(out.begin(), out.end(), by_date_then_name);
  const auto skip = static_cast<std::size_t>(
      std::clamp<std::int64_t>(q.offset, 0, static_cast<std::int64_t>(out.size())));
  out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(skip));
  if (q.limit && static_cast<std::int64_t>(out.size()) > *q.limit) {
    out.resize(static_cast<std::size_t>(std::max<std::int64_t>(*q.limit, 0)));
  }
  return out;
}

std::int64_t handicap_of(const std::string& values) {
  // prop_values as stored: "[2]".
  const std::size_t open = values.find('[');
  if (open == std::string::npos) return 0;
  return std::strtoll(values.c_str() + open + 1, nullptr, 10);
}

}  // namespace

bool events_kept_for(Database& db, const EventListQuery& query) {
  SQLite::Database& h = db.handle();
  return events_current(h) && (!query.gap || *query.gap == kept_event_gap(h));
}

std::vector<EventSummary> list_events(Database& db, const EventListQuery& query) {
  if (events_kept_for(db, query)) return list_kept(db.handle(), query);
  return list_found(db.handle(), query);
}

std::vector<EventSummary> events_named(Database& db, const std::string& name,
                                       std::optional<std::int64_t> id) {
  SQLite::Statement st(
      db.handle(),
      std::string(kSummaryColumns) + (name.empty() ? "WHERE e.event_id = ?1"
                                                   : "WHERE e.name_folded = ?1 ORDER BY e.family, "
                                                     "e.board_columns, e.board_rows, e.part"));
  if (name.empty()) {
    st.bind(1, id.value_or(0));
  } else {
    st.bind(1, fold_case(name));
  }
  std::vector<EventSummary> out;
  while (st.executeStep()) out.push_back(summary_of(st));
  return out;
}

std::vector<EventSummary> event_children(Database& db, std::int64_t event_id) {
  SQLite::Statement st(db.handle(), std::string(kSummaryColumns) +
                                        "WHERE e.parent_id = ?1 ORDER BY e.name_folded, e.part");
  st.bind(1, event_id);
  std::vector<EventSummary> out;
  while (st.executeStep()) out.push_back(summary_of(st));
  return out;
}

std::vector<EventGameRow> event_games(Database& db, std::int64_t event_id) {
  SQLite::Statement st(
      db.handle(),
      "SELECT g.game_id, coalesce(g.date, ''), coalesce(g.round, ''), g.winner, "
      "coalesce(g.result, ''), "
      "(SELECT min(p.name) FROM game_players AS gp JOIN players AS p ON p.player_id = gp.player_id "
      " WHERE gp.game_id = g.game_id AND gp.seat = 1), "
      "(SELECT min(p.name) FROM game_players AS gp JOIN players AS p ON p.player_id = gp.player_id "
      " WHERE gp.game_id = g.game_id AND gp.seat = 2), "
      "(SELECT count(*) FROM game_players AS gp WHERE gp.game_id = g.game_id), "
      "(SELECT pr.prop_values FROM properties AS pr WHERE pr.node_id = g.first_node_id "
      " AND pr.prop_id = 'HA') "
      "FROM event_games AS eg JOIN games AS g ON g.game_id = eg.game_id WHERE eg.event_id = ?1 "
      "ORDER BY g.date IS NULL, g.date, g.game_id");
  st.bind(1, event_id);
  std::vector<EventGameRow> out;
  while (st.executeStep()) {
    EventGameRow r;
    r.game_id = st.getColumn(0).getInt64();
    r.date = st.getColumn(1).getString();
    r.round = st.getColumn(2).getString();
    r.winner = st.getColumn(3).getInt64();
    r.result = st.getColumn(4).getString();
    r.draw = r.winner == 0 && is_draw_result(r.result);
    if (!st.getColumn(5).isNull()) r.first = st.getColumn(5).getString();
    if (!st.getColumn(6).isNull()) r.second = st.getColumn(6).getString();
    r.seats = st.getColumn(7).getInt64();
    if (!st.getColumn(8).isNull()) r.handicap = handicap_of(st.getColumn(8).getString());
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace ludex
