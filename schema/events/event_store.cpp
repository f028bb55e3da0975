#include "schema/events/event_store.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "core/text_fold.h"
#include "derive/event_groups.h"
#include "derive/event_table.h"
#include "games/event_name.h"
#include "games/event_round.h"
#include "games/sgf_values.h"
#include "schema/db/batched_insert.h"
#include "schema/db/meta.h"
#include "schema/db/statement_util.h"

namespace ludex {
namespace {

using BoardKey = std::tuple<std::string, std::int64_t, std::int64_t>;  // family, columns, rows

// One stored game of an event name as finding reads it.
struct NameGame {
  std::int64_t game_id = 0;
  std::string event;  // as written
  std::optional<std::string> date;
  std::optional<std::int32_t> day;
  std::int64_t winner = 0;
  bool draw = false;
  std::string round;
  std::vector<std::pair<std::int64_t, std::int64_t>> seats;  // (seat, player_id)
  std::string event_folded;
  std::int64_t duplicate_of = 0;  // games.duplicate_of, 0 none
};

std::optional<std::string> optional_text(const SQLite::Column& c) {
  if (c.isNull()) return std::nullopt;
  return c.getString();
}

// The kind of a run's games (derive/event_table.h), named as stored.
std::string kind_of(const std::vector<const NameGame*>& games, bool round_robin_named) {
  std::unordered_map<std::int64_t, std::int32_t> index;
  std::vector<TableGame> table;
  for (const NameGame* g : games) {
    std::int64_t first = 0;
    std::int64_t second = 0;
    bool two = g->seats.size() == 2;
    for (const auto& [seat, player] : g->seats) {
      if (seat == 1) first = player;
      if (seat == 2) second = player;
    }
    if (!two || first == 0 || second == 0) return std::string(event_kind_name(EventKind::kGames));
    TableGame t;
    t.game_id = g->game_id;
    t.first = index.try_emplace(first, static_cast<std::int32_t>(index.size())).first->second;
    t.second = index.try_emplace(second, static_cast<std::int32_t>(index.size())).first->second;
    t.outcome = g->winner == 1   ? EventOutcome::kFirstWon
                : g->winner == 2 ? EventOutcome::kSecondWon
                : g->draw        ? EventOutcome::kDraw
                                 : EventOutcome::kUnscored;
    const EventRound r = parse_round(g->round);
    t.round = r.reading == RoundReading::kNumber ? r.number : 0;
    if (r.reading == RoundReading::kText) t.stage = r.note;
    t.order = static_cast<std::int32_t>(table.size());
    table.push_back(std::move(t));
  }
  const auto players = static_cast<std::int32_t>(index.size());
  return std::string(event_kind_name(detect_event_kind(players, table, round_robin_named).kind));
}

std::int64_t distinct_players(const std::vector<const NameGame*>& games) {
  std::unordered_set<std::int64_t> ids;
  for (const NameGame* g : games) {
    for (const auto& [seat, player] : g->seats) ids.insert(player);
  }
  return static_cast<std::int64_t>(ids.size());
}

// Reads the games of a statement's rows: game_id, event, date, winner,
// result, round, seat, player_id, event_folded, family, columns, rows,
// ordered by game_id; grouped by board.
std::map<BoardKey, std::vector<NameGame>> read_games(SQLite::Statement& st) {
  std::map<BoardKey, std::vector<NameGame>> boards;
  NameGame* last = nullptr;
  std::int64_t last_id = 0;
  while (st.executeStep()) {
    const std::int64_t id = st.getColumn(0).getInt64();
    if (last == nullptr || id != last_id) {
      std::vector<NameGame>& list = boards[BoardKey{
          st.getColumn(9).getString(), st.getColumn(10).getInt64(), st.getColumn(11).getInt64()}];
      NameGame g;
      g.game_id = id;
      g.event = st.getColumn(1).getString();
      g.date = optional_text(st.getColumn(2));
      if (g.date) g.day = date_day(*g.date);
      g.winner = st.getColumn(3).getInt64();
      g.draw =
          g.winner == 0 && !st.getColumn(4).isNull() && is_draw_result(st.getColumn(4).getString());
      g.round = st.getColumn(5).isNull() ? std::string() : st.getColumn(5).getString();
      g.event_folded = st.getColumn(8).getString();
      g.duplicate_of = st.getColumn(12).isNull() ? 0 : st.getColumn(12).getInt64();
      list.push_back(std::move(g));
      last = &list.back();
      last_id = id;
    }
    if (!st.getColumn(6).isNull()) {
      last->seats.emplace_back(st.getColumn(6).getInt64(), st.getColumn(7).getInt64());
    }
  }
  return boards;
}

constexpr const char* kGameColumns =
    "SELECT g.game_id, g.event, g.date, g.winner, g.result, g.round, gp.seat, gp.player_id, "
    "g.event_folded, g.family, coalesce(g.board_columns, 0), coalesce(g.board_rows, 0), "
    "g.duplicate_of FROM games AS g LEFT JOIN game_players AS gp ON gp.game_id = g.game_id ";

// The games of one name; of a level's range of names.
const std::string kNamedSql = std::string(kGameColumns) +
                              "WHERE g.event_folded = ?1 ORDER BY g.game_id, gp.seat, gp.player_id";
const std::string kLevelSql =
    std::string(kGameColumns) +
    "WHERE g.event_folded > ?1 AND g.event_folded < ?2 ORDER BY g.game_id, gp.seat, gp.player_id";

// Leaves out of each board's games the copies of a game among them: a game
// whose first copy (games.duplicate_of) has the same event name and the
// same players in the same seats is that game recorded twice. A "copy" by
// its moves alone stays: the moves hash makes two short games of different
// players copies (a Little Golem group's game resigned after one move is a
// copy of an invitation's), and each is a game of its event.
void drop_copies(std::map<BoardKey, std::vector<NameGame>>& boards) {
  for (auto& [board, list] : boards) {
    std::unordered_map<std::int64_t, const NameGame*> by_id;
    for (const NameGame& g : list) by_id.emplace(g.game_id, &g);
    std::unordered_set<std::int64_t> copies;
    for (const NameGame& g : list) {
      if (g.duplicate_of == 0) continue;
      const auto it = by_id.find(g.duplicate_of);
      if (it != by_id.end() && it->second->event_folded == g.event_folded &&
          it->second->seats == g.seats) {
        copies.insert(g.game_id);
      }
    }
    std::erase_if(list, [&](const NameGame& g) { return copies.contains(g.game_id); });
  }
}

// The first and last date as written: of the games with the first and last
// day where any game states a day (the texts of one event mix forms:
// "2001-08-25" and "2001/08/25 13:07:29"), else the least and greatest text.
void set_dates(FoundEvent& e, const std::vector<const NameGame*>& games) {
  const NameGame* first = nullptr;
  const NameGame* last = nullptr;
  for (const NameGame* g : games) {
    if (!g->day) continue;
    if (first == nullptr || *g->day < *first->day) first = g;
    if (last == nullptr || *g->day > *last->day) last = g;
  }
  if (first != nullptr) {
    e.first_date = first->date;
    e.last_date = last->date;
    return;
  }
  for (const NameGame* g : games) {
    if (!g->date) continue;
    if (!e.first_date || *g->date < *e.first_date) e.first_date = g->date;
    if (!e.last_date || *g->date > *e.last_date) e.last_date = g->date;
  }
}

// What a Little Golem level (on one board) gathers of its groups' games, as
// they come, in any order: the same figures as set_dates and
// distinct_players give, ties broken by the lower game id.
struct LevelSum {
  std::vector<std::int64_t> games;
  std::int64_t first_id = 0;  // the lowest game id, and its EV
  std::string first_event;
  std::vector<std::int64_t> players;  // with repeats until event()
  std::set<std::string> below;
  std::optional<std::string> parent;
  struct Dated {
    std::int32_t day = 0;
    std::int64_t id = 0;
    std::string date;
  };
  std::optional<Dated> first_day;
  std::optional<Dated> last_day;
  std::optional<std::string> text_min;
  std::optional<std::string> text_max;

  void add(const NameGame& g, const std::string& below_name,
           const std::optional<std::string>& parent_name) {
    games.push_back(g.game_id);
    if (first_id == 0 || g.game_id < first_id) {
      first_id = g.game_id;
      first_event = g.event;
    }
    for (const auto& [seat, player] : g.seats) players.push_back(player);
    below.insert(below_name);
    if (parent_name) parent = parent_name;
    if (g.day) {
      const Dated d{*g.day, g.game_id, *g.date};
      if (!first_day || d.day < first_day->day ||
          (d.day == first_day->day && d.id < first_day->id)) {
        first_day = d;
      }
      if (!last_day || d.day > last_day->day || (d.day == last_day->day && d.id < last_day->id)) {
        last_day = d;
      }
    }
    if (g.date) {
      if (!text_min || *g.date < *text_min) text_min = g.date;
      if (!text_max || *g.date > *text_max) text_max = g.date;
    }
  }

  FoundEvent event(const std::string& level, const BoardKey& board) {
    FoundEvent e;
    e.name = first_event.substr(0, level.size());
    e.name_folded = level;
    std::tie(e.family, e.columns, e.rows) = board;
    e.part = 0;
    if (first_day) {
      e.first_date = first_day->date;
      e.last_date = last_day->date;
    } else {
      e.first_date = text_min;
      e.last_date = text_max;
    }
    std::sort(players.begin(), players.end());
    e.players = std::unique(players.begin(), players.end()) - players.begin();
    e.kind = "levels";
    e.parent = parent;
    e.groups = static_cast<std::int64_t>(below.size());
    std::sort(games.begin(), games.end());
    e.games = std::move(games);
    return e;
  }
};

using LevelSums = std::map<std::pair<std::string, BoardKey>, LevelSum>;

// Adds the games of a group name's boards to the sums of its levels (all of
// them, or only `only`).
void add_to_levels(LevelSums& sums, const std::string& group,
                   const std::map<BoardKey, std::vector<NameGame>>& boards,
                   const std::string* only) {
  const std::vector<std::string> levels = little_golem_levels(group);
  for (std::size_t k = 0; k < levels.size(); ++k) {
    if (only != nullptr && levels[k] != *only) continue;
    const std::string& below = k + 1 == levels.size() ? group : levels[k + 1];
    const std::optional<std::string> parent =
        k == 0 ? std::nullopt : std::optional<std::string>(levels[k - 1]);
    for (const auto& [board, list] : boards) {
      LevelSum& sum = sums[{levels[k], board}];
      for (const NameGame& g : list) sum.add(g, below, parent);
    }
  }
}

// The rows of `level` from its sums, which it takes out of `sums`.
std::vector<FoundEvent> level_events(LevelSums& sums, const std::string& level) {
  std::vector<FoundEvent> out;
  auto it = sums.lower_bound({level, BoardKey{}});
  while (it != sums.end() && it->first.first == level) {
    out.push_back(it->second.event(level, it->first.second));
    it = sums.erase(it);
  }
  return out;
}

// Whether `name` is one of the names below `level` ("level." to "level/").
bool below_level(const std::string& name, const std::string& level) {
  return name.size() > level.size() && name.compare(0, level.size(), level) == 0 &&
         name[level.size()] == '.';
}

std::vector<FoundEvent> find_named(SQLite::Statement& st, const std::string& folded,
                                   std::int32_t gap_days, LevelSums* sums) {
  ResetOnExit reset(st);
  st.bind(1, folded);
  std::map<BoardKey, std::vector<NameGame>> boards = read_games(st);
  drop_copies(boards);
  if (sums != nullptr) add_to_levels(*sums, folded, boards, nullptr);
  const std::vector<std::string> levels = little_golem_levels(folded);
  std::vector<FoundEvent> out;
  for (auto& [board, list] : boards) {
    // Dated games by day, then the undated ones; each in import order.
    std::stable_sort(list.begin(), list.end(), [](const NameGame& a, const NameGame& b) {
      if (a.day.has_value() != b.day.has_value()) return a.day.has_value();
      return a.day.has_value() && *a.day < *b.day;
    });
    std::vector<std::optional<std::int32_t>> days;
    days.reserve(list.size());
    for (const NameGame& g : list) days.push_back(g.day);
    std::int64_t part = 0;
    for (const EventRun& run : split_event_runs(days, gap_days)) {
      std::vector<const NameGame*> games;
      for (std::size_t i = run.begin; i < run.end; ++i) games.push_back(&list[i]);
      std::sort(games.begin(), games.end(),
                [](const NameGame* a, const NameGame* b) { return a->game_id < b->game_id; });
      FoundEvent e;
      e.name = games.front()->event;
      e.name_folded = folded;
      std::tie(e.family, e.columns, e.rows) = board;
      e.part = ++part;
      set_dates(e, games);
      e.players = distinct_players(games);
      for (const NameGame* g : games) {
        const EventRound r = parse_round(g->round);
        if (r.reading == RoundReading::kNumber)
          e.rounds = std::max<std::int64_t>(e.rounds, r.number);
        e.games.push_back(g->game_id);
      }
      e.kind = kind_of(games, !levels.empty());
      if (!levels.empty()) e.parent = levels.back();
      out.push_back(std::move(e));
    }
  }
  return out;
}

// The rows of `folded` as a Little Golem level: the games of every group
// whose levels hold it.
std::vector<FoundEvent> find_level(SQLite::Statement& st, const std::string& folded) {
  ResetOnExit reset(st);
  st.bind(1, folded + ".");
  st.bind(2, folded + "/");  // '/' follows '.'
  std::map<BoardKey, std::vector<NameGame>> boards = read_games(st);
  drop_copies(boards);
  // By group name, as find_named reads a group.
  std::map<std::string, std::map<BoardKey, std::vector<NameGame>>> groups;
  for (auto& [board, list] : boards) {
    for (NameGame& g : list) groups[g.event_folded][board].push_back(std::move(g));
  }
  LevelSums sums;
  for (const auto& [group, of_group] : groups) add_to_levels(sums, group, of_group, &folded);
  return level_events(sums, folded);
}

}  // namespace

EventMarks::EventMarks(SQLite::Database& db)
    : insert_(db, "INSERT OR IGNORE INTO events_stale (name_folded) VALUES (?1)"),
      names_of_games_(db,
                      "SELECT DISTINCT event_folded FROM games WHERE event_folded IS NOT NULL "
                      "AND (game_id BETWEEN ?1 AND ?2 OR (duplicate_of IS NOT NULL AND "
                      "duplicate_of BETWEEN ?1 AND ?2))") {}

void EventMarks::mark(std::string_view event) {
  if (event.empty()) return;
  mark_folded(fold_case(event));
}

void EventMarks::mark_folded(const std::string& folded) {
  if (is_placeholder_event(folded) || queued_.contains(folded)) return;
  queued_.insert(folded);
  for (std::string& level : little_golem_levels(folded)) queued_.insert(std::move(level));
}

void EventMarks::mark_games(std::int64_t first_game, std::int64_t last_game) {
  ResetOnExit reset(names_of_games_);
  names_of_games_.bind(1, first_game);
  names_of_games_.bind(2, last_game);
  while (names_of_games_.executeStep()) mark_folded(names_of_games_.getColumn(0).getString());
}

void EventMarks::flush() {
  for (const std::string& name : queued_) {
    insert_.bind(1, name);
    run(insert_);
  }
  queued_.clear();
}

void EventMarks::discard() {
  queued_.clear();
}

EventFinder::EventFinder(SQLite::Database& db) : named_(db, kNamedSql), level_(db, kLevelSql) {}

std::vector<FoundEvent> EventFinder::find(const std::string& folded, std::int32_t gap_days,
                                          bool as_level) {
  std::vector<FoundEvent> out = find_named(named_, folded, gap_days, nullptr);
  if (as_level) {
    std::vector<FoundEvent> levels = find_level(level_, folded);
    out.insert(out.end(), std::make_move_iterator(levels.begin()),
               std::make_move_iterator(levels.end()));
  }
  return out;
}

void add_event_name(std::map<std::string, bool>& names, const std::string& folded) {
  if (is_placeholder_event(folded)) return;
  names.emplace(folded, false);
  for (std::string& level : little_golem_levels(folded)) names[std::move(level)] = true;
}

std::int32_t kept_event_gap(SQLite::Database& db) {
  MetaTable meta(db);
  const std::optional<std::string> gap = meta.get(meta_key::kEventsGapDays);
  return gap ? static_cast<std::int32_t>(std::strtol(gap->c_str(), nullptr, 10))
             : kDefaultEventGapDays;
}

std::int64_t refresh_events(SQLite::Database& db, const std::vector<std::string>& names) {
  std::map<std::string, bool> stale;  // name -> a Little Golem level too
  for (const std::string& n : names) add_event_name(stale, fold_case(n));
  {
    SQLite::Statement st(db, "SELECT name_folded FROM events_stale");
    while (st.executeStep()) add_event_name(stale, st.getColumn(0).getString());
  }
  EventFinder finder(db);
  // Nothing kept yet (a first import, a migration): every name is stale, and
  // each level's rows are summed from its groups as they are found, where
  // finding a level reads its groups' games again.
  const bool whole = db.execAndGet("SELECT NOT EXISTS (SELECT 1 FROM events)").getInt() != 0;
  LevelSums sums;
  SQLite::Statement named(db, kNamedSql);
  const std::int32_t gap = kept_event_gap(db);
  SQLite::Statement kept(db,
                         "SELECT event_id, family, board_columns, board_rows, part FROM events "
                         "WHERE name_folded = ?1");
  SQLite::Statement insert(
      db,
      "INSERT INTO events (name, name_folded, family, board_columns, board_rows, part, "
      "first_date, last_date, games, players, rounds, kind, groups) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
  SQLite::Statement update(
      db,
      "UPDATE events SET name = ?1, first_date = ?7, last_date = ?8, games = ?9, players = ?10, "
      "rounds = ?11, kind = ?12, groups = ?13 WHERE event_id = ?14 AND name_folded = ?2 AND "
      "family = ?3 AND board_columns = ?4 AND board_rows = ?5 AND part = ?6");
  SQLite::Statement erase_games(db, "DELETE FROM event_games WHERE event_id = ?1");
  SQLite::Statement erase_event(db, "DELETE FROM events WHERE event_id = ?1");
  SQLite::Statement orphan(db, "UPDATE events SET parent_id = NULL WHERE parent_id = ?1");
  SQLite::Statement find_id(db,
                            "SELECT event_id FROM events WHERE name_folded = ?1 AND family = ?2 "
                            "AND board_columns = ?3 AND board_rows = ?4 AND part = 0");
  SQLite::Statement set_parent(db, "UPDATE events SET parent_id = ?2 WHERE event_id = ?1");
  BatchedInsert add_games(db, "INSERT INTO event_games (event_id, game_id) VALUES", 2);

  using RowKey = std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t>;
  std::vector<std::pair<std::int64_t, FoundEvent>> written;  // id, event without its games
  // Writes the events found of `name` in place of its kept ones: its named
  // events (part > 0), its level rows (part 0) or both.
  enum class Rows { kNamed, kLevel, kBoth };
  const auto write = [&](const std::string& name, Rows rows, std::vector<FoundEvent> found) {
    std::map<RowKey, std::int64_t> ids;
    kept.bind(1, name);
    while (kept.executeStep()) {
      ids.emplace(RowKey{kept.getColumn(1).getString(), kept.getColumn(2).getInt64(),
                         kept.getColumn(3).getInt64(), kept.getColumn(4).getInt64()},
                  kept.getColumn(0).getInt64());
    }
    kept.reset();
    // The rows not found again here stay as they are.
    std::erase_if(ids, [&](const auto& row) {
      const bool level_row = std::get<3>(row.first) == 0;
      return rows == (level_row ? Rows::kNamed : Rows::kLevel);
    });
    for (FoundEvent& e : found) {
      const RowKey key{e.family, e.columns, e.rows, e.part};
      const auto it = ids.find(key);
      SQLite::Statement& st = it == ids.end() ? insert : update;
      st.bind(1, e.name);
      st.bind(2, e.name_folded);
      st.bind(3, e.family);
      st.bind(4, e.columns);
      st.bind(5, e.rows);
      st.bind(6, e.part);
      if (e.first_date)
        st.bind(7, *e.first_date);
      else
        st.bind(7);
      if (e.last_date)
        st.bind(8, *e.last_date);
      else
        st.bind(8);
      st.bind(9, static_cast<std::int64_t>(e.games.size()));
      st.bind(10, e.players);
      st.bind(11, e.rounds);
      st.bind(12, e.kind);
      st.bind(13, e.groups);
      std::int64_t id = 0;
      if (it == ids.end()) {
        run(insert);
        id = db.getLastInsertRowid();
      } else {
        id = it->second;
        update.bind(14, id);
        run(update);
        erase_games.bind(1, id);
        run(erase_games);
        ids.erase(it);
      }
      if (e.part > 0) {
        for (const std::int64_t game : e.games) {
          add_games.set_int(0, id);
          add_games.set_int(1, game);
          add_games.end_row();
        }
      }
      std::vector<std::int64_t>().swap(e.games);  // kept: the event's key and parent only
      written.emplace_back(id, std::move(e));
    }
    for (const auto& [key, id] : ids) {  // no longer found
      for (SQLite::Statement* s : {&erase_games, &orphan, &erase_event}) {
        s->bind(1, id);
        run(*s);
      }
    }
  };
  // In name order a level's groups follow it, all together: a level is
  // written, and its sums freed, once the names have left its range.
  std::vector<std::string> open;  // levels being summed, the outermost first
  const auto close_levels = [&](const std::string* name) {
    while (!open.empty() && (name == nullptr || !below_level(*name, open.back()))) {
      write(open.back(), Rows::kLevel, level_events(sums, open.back()));
      open.pop_back();
    }
  };
  for (const auto& [name, as_level] : stale) {
    if (!whole) {
      write(name, as_level ? Rows::kBoth : Rows::kNamed, finder.find(name, gap, as_level));
      continue;
    }
    close_levels(&name);
    write(name, Rows::kNamed, find_named(named, name, gap, &sums));
    if (as_level) open.push_back(name);
  }
  close_levels(nullptr);
  add_games.flush();
  for (const auto& [id, e] : written) {
    const std::optional<std::string>& up = e.parent;
    std::optional<std::int64_t> parent;
    if (up) {
      find_id.bind(1, *up);
      find_id.bind(2, e.family);
      find_id.bind(3, e.columns);
      find_id.bind(4, e.rows);
      if (find_id.executeStep()) parent = find_id.getColumn(0).getInt64();
      find_id.reset();
    }
    set_parent.bind(1, id);
    if (parent)
      set_parent.bind(2, *parent);
    else
      set_parent.bind(2);
    run(set_parent);
  }
  db.exec("DELETE FROM events_stale");
  return static_cast<std::int64_t>(stale.size());
}

bool events_current(SQLite::Database& db) {
  return db.execAndGet("SELECT NOT EXISTS (SELECT 1 FROM events_stale)").getInt() != 0;
}

std::vector<std::string> event_problems(SQLite::Database& db,
                                        const std::vector<std::int64_t>* games) {
  std::set<std::string> names;
  if (games == nullptr) {
    SQLite::Statement st(db,
                         "SELECT DISTINCT event_folded FROM games WHERE event_folded IS NOT NULL "
                         "UNION SELECT name_folded FROM events");
    while (st.executeStep()) names.insert(st.getColumn(0).getString());
  } else {
    SQLite::Statement st(db, "SELECT event_folded FROM games WHERE game_id = ?1");
    for (const std::int64_t g : *games) {
      st.bind(1, g);
      if (st.executeStep() && !st.getColumn(0).isNull()) names.insert(st.getColumn(0).getString());
      st.reset();
    }
  }
  std::map<std::string, bool> all;  // name -> a Little Golem level too
  for (const std::string& n : names) {
    all.emplace(n, false);  // a kept row under a placeholder is a problem too
    add_event_name(all, n);
  }
  std::set<std::string> waiting;
  {
    SQLite::Statement st(db, "SELECT name_folded FROM events_stale");
    while (st.executeStep()) waiting.insert(st.getColumn(0).getString());
  }
  const std::int32_t gap = kept_event_gap(db);
  SQLite::Statement kept(db,
                         "SELECT event_id, family, board_columns, board_rows, part, name, "
                         "first_date, last_date, games, players, rounds, kind, groups "
                         "FROM events WHERE name_folded = ?1");
  SQLite::Statement kept_games(db,
                               "SELECT game_id FROM event_games WHERE event_id = ?1 "
                               "ORDER BY game_id");
  std::vector<std::string> problems;
  using RowKey = std::tuple<std::string, std::int64_t, std::int64_t, std::int64_t>;
  EventFinder finder(db);
  for (const auto& [name, as_level] : all) {
    if (waiting.contains(name)) continue;
    std::map<RowKey, FoundEvent> found;
    if (!is_placeholder_event(name)) {
      for (FoundEvent& e : finder.find(name, gap, as_level)) {
        found.emplace(RowKey{e.family, e.columns, e.rows, e.part}, std::move(e));
      }
    }
    kept.bind(1, name);
    while (kept.executeStep()) {
      const RowKey key{kept.getColumn(1).getString(), kept.getColumn(2).getInt64(),
                       kept.getColumn(3).getInt64(), kept.getColumn(4).getInt64()};
      const std::int64_t id = kept.getColumn(0).getInt64();
      const std::string where = "event " + std::to_string(id) + " '" + name + "' (" +
                                std::get<0>(key) + " " + std::to_string(std::get<1>(key)) + "x" +
                                std::to_string(std::get<2>(key)) + ", part " +
                                std::to_string(std::get<3>(key)) + ")";
      const auto it = found.find(key);
      if (it == found.end()) {
        problems.push_back(where + ": kept, but its games give no such event");
        continue;
      }
      const FoundEvent& e = it->second;
      const auto text = [&](int c) { return optional_text(kept.getColumn(c)); };
      if (text(6) != e.first_date || text(7) != e.last_date ||
          kept.getColumn(8).getInt64() != static_cast<std::int64_t>(e.games.size()) ||
          kept.getColumn(9).getInt64() != e.players || kept.getColumn(10).getInt64() != e.rounds ||
          kept.getColumn(11).getString() != e.kind || kept.getColumn(12).getInt64() != e.groups) {
        problems.push_back(where + ": kept " + std::to_string(kept.getColumn(8).getInt64()) +
                           " games, " + std::to_string(kept.getColumn(9).getInt64()) +
                           " players, kind " + kept.getColumn(11).getString() +
                           "; its games give " + std::to_string(e.games.size()) + ", " +
                           std::to_string(e.players) + ", " + e.kind);
      } else if (e.part > 0) {
        std::vector<std::int64_t> ids;
        kept_games.bind(1, id);
        while (kept_games.executeStep()) ids.push_back(kept_games.getColumn(0).getInt64());
        kept_games.reset();
        if (ids != e.games) problems.push_back(where + ": its kept games are not its games");
      }
      found.erase(it);
    }
    kept.reset();
    for (const auto& [key, e] : found) {
      problems.push_back("event '" + name + "' (" + e.family + " " + std::to_string(e.columns) +
                         "x" + std::to_string(e.rows) + ", part " + std::to_string(e.part) +
                         "): " + std::to_string(e.games.size()) + " games, not kept");
    }
  }
  return problems;
}

}  // namespace ludex
