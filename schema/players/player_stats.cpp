#include "schema/players/player_stats.h"

#include <algorithm>
#include <array>
#include <map>
#include <set>

#include <SQLiteCpp/Statement.h>

#include "core/text_fold.h"
#include "schema/db/statement_util.h"
#include "schema/players/player_aliases.h"
#include "schema/players/player_totals.h"
#include "schema/search/query_support.h"

namespace ludex {
namespace {

constexpr std::array<std::pair<PlayerOrder, std::string_view>, 6> kOrderNames = {{
    {PlayerOrder::kGames, "games"},
    {PlayerOrder::kName, "name"},
    {PlayerOrder::kWins, "wins"},
    {PlayerOrder::kFirst, "first"},
    {PlayerOrder::kLast, "last"},
    {PlayerOrder::kRank, "rank"},
}};

// The ORDER BY of list_players: fixed fragments, the largest first for
// counts, the latest date and the highest rank; nulls last either way.
std::string list_order(PlayerOrder order, bool reverse) {
  const char* down = reverse ? " ASC" : " DESC";
  const char* up = reverse ? " DESC" : " ASC";
  std::string o = " ORDER BY ";
  switch (order) {
    case PlayerOrder::kGames:
      o += std::string("games") + down;
      break;
    case PlayerOrder::kName:
      o += std::string("ludex_fold(who)") + up;
      break;
    case PlayerOrder::kWins:
      o += std::string("wins") + down;
      break;
    case PlayerOrder::kFirst:
      o += std::string("first_date IS NULL, first_date") + up;
      break;
    case PlayerOrder::kLast:
      o += std::string("last_date IS NULL, last_date") + down;
      break;
    case PlayerOrder::kRank:
      o += std::string("rank_high IS NULL, rank_high") + down;
      break;
  }
  return o + ", who" + up;
}

// Adds one game to a record. date may be empty.
void count(PlayerRecord& r, std::int64_t game_id, std::int32_t seat, std::int32_t winner, bool draw,
           const std::string& date) {
  ++r.games;
  if (winner == seat) {
    ++r.wins;
  } else if (winner != 0) {
    ++r.losses;
  } else if (draw) {
    ++r.draws;
  }
  if (!date.empty()) {
    if (r.first_date.empty() || date < r.first_date) r.first_date = date;
    if (date > r.last_date || (date == r.last_date && game_id > r.last_game)) {
      r.last_date = date;
      r.last_game = game_id;
    }
  } else if (r.last_date.empty() && game_id > r.last_game) {
    r.last_game = game_id;
  }
}

std::vector<PlayerBreakdown> rows_of(const std::map<std::string, PlayerRecord>& m) {
  std::vector<PlayerBreakdown> out;
  for (const auto& [key, record] : m) out.push_back({key, record});
  return out;
}

void by_games(std::vector<PlayerBreakdown>& rows) {
  std::stable_sort(rows.begin(), rows.end(),
                   [](const PlayerBreakdown& a, const PlayerBreakdown& b) {
                     return a.record.games > b.record.games;
                   });
}

// The colour a seat played at the end, by name: seat 1 is Black but in
// Twixt (where it is White); a swapped game exchanges them. "" for a
// family without two colours or a seat beyond 2.
std::string colour_name(const std::string& family, std::int32_t seat, bool swapped) {
  if (seat < 1 || seat > 2) return {};
  return std::string(
      two_colour_name(parse_family(family).value_or(Family::kOther), swapped ? 3 - seat : seat));
}

}  // namespace

std::string_view player_order_name(PlayerOrder order) {
  for (const auto& [o, name] : kOrderNames) {
    if (o == order) return name;
  }
  return "games";
}

std::optional<PlayerOrder> parse_player_order(std::string_view name) {
  for (const auto& [o, n] : kOrderNames) {
    if (n == name) return o;
  }
  return std::nullopt;
}

namespace {

// True when the kept totals (schema/players/player_totals.h) give the list:
// none waits to be counted again and the filter keeps games by family and
// board alone, the keys of the kept rows.
bool totals_give(Database& db, const GameFilter& f) {
  const bool board_only = f.game_ids.empty() && f.variant.empty() && f.event.empty() &&
                          f.result.empty() && !f.winner && f.date_from.empty() &&
                          f.date_to.empty() && !f.moves_min && !f.moves_max && !f.rank_min &&
                          !f.rank_max && !f.duplicates_only;
  return board_only && player_totals_current(db.handle());
}

// The list's rows from the kept totals, as the count from the games below
// gives them.
Condition kept_list(const PlayerListQuery& query) {
  // Grouped inside, so that the ORDER BY after it names the sums, not the
  // kept columns of the same names.
  Condition c;
  c.add(
      "SELECT * FROM (SELECT who, sum(games) AS games, sum(wins) AS wins, sum(losses), sum(draws), "
      "min(first_date) AS first_date, max(last_date) AS last_date, "
      "group_concat(DISTINCT family), min(rank_low), max(rank_high) AS rank_high "
      "FROM player_totals WHERE 1");
  if (query.games.family) {
    c.add(" AND family = ?");
    c.text(std::string(family_name(*query.games.family)));
  }
  if (query.games.size) {
    c.add(" AND board_columns = ? AND board_rows = ?");
    c.integer(*query.games.size);
    c.integer(*query.games.size);
  }
  if (!query.name.empty()) {
    c.add(
        " AND who IN (SELECT coalesce(pa.canonical, p.name) FROM players AS p "
        "LEFT JOIN player_aliases AS pa ON pa.name = p.name WHERE p.player_id IN ");
    c.add(kPlayerIdsMatching);
    c.add(")");
    c.text(user_pattern_to_glob(query.name));
  }
  c.add(" GROUP BY who)");
  return c;
}

// The list's rows counted from the games.
Condition counted_list(const PlayerListQuery& query) {
  GameFilter games = query.games;
  games.players.clear();
  games.player_side = 0;
  Condition c;
  // One row per identity and game (a game an identity plays in two seats,
  // against itself or an alias, counts once, from its first seat).
  c.add(
      "SELECT who, count(*) AS games, sum(g.winner = x.seat) AS wins, "
      "sum(g.winner <> 0 AND g.winner <> x.seat), "
      "sum(g.winner = 0 AND ludex_is_draw(g.result)), min(g.date) AS first_date, "
      "max(g.date) AS last_date, group_concat(DISTINCT g.family), "
      "min(sr.rank_order), max(sr.rank_order) AS rank_high "
      "FROM (SELECT coalesce(pa.canonical, p.name) AS who, gp.game_id AS game_id, "
      "min(gp.seat) AS seat FROM game_players AS gp "
      "JOIN players AS p ON p.player_id = gp.player_id "
      "LEFT JOIN player_aliases AS pa ON pa.name = p.name WHERE 1");
  if (!query.name.empty()) {
    c.add(" AND gp.player_id IN ");
    c.add(kPlayerIdsMatching);
    c.text(user_pattern_to_glob(query.name));
  }
  c.add(
      " GROUP BY who, gp.game_id) AS x JOIN games AS g ON g.game_id = x.game_id "
      "LEFT JOIN seat_ranks AS sr ON sr.game_id = x.game_id AND sr.seat = x.seat WHERE 1");
  c.append(game_condition(games));
  c.add(" GROUP BY who");
  return c;
}

}  // namespace

std::vector<PlayerSummary> list_players(Database& db, const PlayerListQuery& query) {
  Condition c = totals_give(db, query.games) ? kept_list(query) : counted_list(query);
  c.sql += list_order(query.order, query.reverse);
  c.add(" LIMIT ? OFFSET ?");
  c.integer(query.limit.value_or(-1));
  c.integer(query.offset);
  SQLite::Statement st(db.handle(), c.sql);
  bind_params(st, c);
  std::vector<PlayerSummary> out;
  while (st.executeStep()) {
    PlayerSummary s;
    s.name = st.getColumn(0).getString();
    s.record.games = st.getColumn(1).getInt64();
    s.record.wins = st.getColumn(2).getInt64();
    s.record.losses = st.getColumn(3).getInt64();
    s.record.draws = st.getColumn(4).getInt64();
    s.record.first_date = st.getColumn(5).getString();
    s.record.last_date = st.getColumn(6).getString();
    std::string families = st.getColumn(7).getString();
    for (std::size_t start = 0; start < families.size();) {
      std::size_t end = families.find(',', start);
      if (end == std::string::npos) end = families.size();
      s.families.push_back(families.substr(start, end - start));
      start = end + 1;
    }
    std::sort(s.families.begin(), s.families.end());
    if (!st.getColumn(8).isNull()) s.rank_low = st.getColumn(8).getInt();
    if (!st.getColumn(9).isNull()) s.rank_high = st.getColumn(9).getInt();
    out.push_back(std::move(s));
  }
  st.reset();
  // Every alias row in one read (they come by canonical name, then name).
  std::map<std::string, std::vector<std::string>> aliases;
  for (PlayerAlias& a : PlayerAliases(db).list()) {
    aliases[a.canonical].push_back(std::move(a.name));
  }
  for (PlayerSummary& s : out) {
    if (auto it = aliases.find(s.name); it != aliases.end()) s.aliases = it->second;
  }
  return out;
}

std::optional<PlayerPage> player_page(Database& db, const std::string& name,
                                      const GameFilter& filter) {
  PlayerAliases aliases(db);
  auto [canonical, alias_names] = aliases.identity(name);
  std::vector<std::string> names = alias_names;
  names.push_back(canonical);

  GameFilter games = filter;
  games.player_side = 0;
  if (games.players.size() >= 2) {
    games.players = {games.players[1]};
  } else {
    games.players.clear();
  }
  // One row per seat of the identity; the opponent as a player id (named
  // below, once per opponent) and no ORDER BY: the rows are sorted here,
  // which costs less than SQLite's sort of the wide rows.
  Condition c;
  c.add(
      "SELECT g.game_id, gp.seat, g.winner, "
      "CASE WHEN g.winner = 0 THEN ludex_is_draw(g.result) ELSE 0 END, g.date, g.event, "
      "g.family, g.board_columns, g.board_rows, "
      "EXISTS (SELECT 1 FROM swapped_games AS sw WHERE sw.game_id = g.game_id), "
      "(SELECT o.player_id FROM game_players AS o "
      "WHERE o.game_id = g.game_id AND o.seat <> gp.seat ORDER BY o.seat LIMIT 1), "
      "sr.written, sr.rank_order "
      "FROM game_players AS gp JOIN games AS g ON g.game_id = gp.game_id "
      "LEFT JOIN seat_ranks AS sr ON sr.game_id = gp.game_id AND sr.seat = gp.seat "
      "WHERE gp.player_id IN (SELECT player_id FROM players WHERE name IN (?");
  c.text(names.front());
  for (std::size_t i = 1; i < names.size(); ++i) {
    c.add(", ?");
    c.text(names[i]);
  }
  c.add("))");
  c.append(game_condition(games));
  SQLite::Statement st(db.handle(), c.sql);
  bind_params(st, c);

  struct Row {
    std::int64_t game = 0;
    std::int32_t seat = 0;
    std::int32_t winner = 0;
    bool draw = false;
    std::string date, event, family;
    std::int32_t columns = 0, rows = 0;
    bool swapped = false;
    std::int64_t opponent = 0;  // player id, 0 = none
    std::optional<std::string> written;
    std::optional<std::int32_t> order;
  };
  std::vector<Row> rows;
  while (st.executeStep()) {
    Row r;
    r.game = st.getColumn(0).getInt64();
    r.seat = st.getColumn(1).getInt();
    r.winner = st.getColumn(2).getInt();
    r.draw = st.getColumn(3).getInt() != 0;
    r.date = st.getColumn(4).getString();
    r.event = st.getColumn(5).getString();
    r.family = st.getColumn(6).getString();
    r.columns = st.getColumn(7).getInt();
    r.rows = st.getColumn(8).getInt();
    r.swapped = st.getColumn(9).getInt() != 0;
    r.opponent = st.getColumn(10).isNull() ? 0 : st.getColumn(10).getInt64();
    if (!st.getColumn(11).isNull()) r.written = st.getColumn(11).getString();
    if (!st.getColumn(12).isNull()) r.order = st.getColumn(12).getInt();
    rows.push_back(std::move(r));
  }
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.game != b.game ? a.game < b.game : a.seat < b.seat;
  });

  // Opponents by canonical name, looked up once per player id.
  SQLite::Statement name_of(db.handle(),
                            "SELECT coalesce(pa.canonical, p.name) FROM players AS p "
                            "LEFT JOIN player_aliases AS pa ON pa.name = p.name "
                            "WHERE p.player_id = ?");
  std::map<std::int64_t, std::string> opponent_names;
  auto opponent_name = [&](std::int64_t id) -> const std::string& {
    auto [it, added] = opponent_names.try_emplace(id);
    if (added) {
      name_of.bind(1, id);
      if (name_of.executeStep()) it->second = name_of.getColumn(0).getString();
      name_of.reset();
    }
    return it->second;
  };

  PlayerPage page;
  page.name = canonical;
  page.aliases = alias_names;
  std::map<std::string, PlayerRecord> seats, colours, years, events, boards, opponents;
  std::set<std::string> families;
  std::int64_t previous = 0;
  for (const Row& r : rows) {
    const std::int64_t game = r.game;
    // A player in two seats of one game (against itself or an alias) counts
    // in each seat's and colour's row, and once, from its first seat, in the
    // totals and the other tables.
    const bool again = game == previous;
    previous = game;
    auto add = [&](std::map<std::string, PlayerRecord>& m, const std::string& key) {
      count(m[key], game, r.seat, r.winner, r.draw, r.date);
    };
    add(seats, std::to_string(r.seat));
    if (const std::string colour = colour_name(r.family, r.seat, r.swapped); !colour.empty()) {
      add(colours, colour);
    }
    if (again) continue;
    count(page.total, game, r.seat, r.winner, r.draw, r.date);
    add(years, r.date.substr(0, std::min<std::size_t>(4, r.date.size())));
    add(events, r.event);
    std::string board = r.family;
    if (r.columns > 0) {
      board += " " + std::to_string(r.columns) + "x" + std::to_string(r.rows);
    }
    add(boards, board);
    if (r.opponent != 0) {
      if (const std::string& opponent = opponent_name(r.opponent); !opponent.empty()) {
        add(opponents, opponent);
      }
    }
    families.insert(r.family);
    if (r.written) {
      StatedRankAt stated;
      stated.date = r.date;
      stated.game_id = game;
      stated.written = *r.written;
      stated.order = r.order;
      page.ranks.push_back(std::move(stated));
    }
  }
  if (page.total.games == 0) return std::nullopt;
  page.by_seat = rows_of(seats);
  page.by_colour = rows_of(colours);
  // Black before white.
  std::sort(page.by_colour.begin(), page.by_colour.end(),
            [](const PlayerBreakdown& a, const PlayerBreakdown& b) { return a.key < b.key; });
  page.by_year = rows_of(years);
  page.by_event = rows_of(events);
  page.by_board = rows_of(boards);
  by_games(page.by_board);
  page.by_opponent = rows_of(opponents);
  by_games(page.by_opponent);
  std::stable_sort(page.ranks.begin(), page.ranks.end(),
                   [](const StatedRankAt& a, const StatedRankAt& b) {
                     return a.date != b.date ? a.date < b.date : a.game_id < b.game_id;
                   });
  page.families.assign(families.begin(), families.end());
  return page;
}

std::vector<UnreadRank> unread_ranks(Database& db) {
  SQLite::Statement st(db.handle(),
                       "SELECT written, count(*) FROM seat_ranks WHERE reading = 2 "
                       "GROUP BY written ORDER BY written");
  std::vector<UnreadRank> out;
  while (st.executeStep()) out.push_back({st.getColumn(0).getString(), st.getColumn(1).getInt64()});
  return out;
}

}  // namespace ludex
