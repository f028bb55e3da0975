#include "schema/players/player_totals.h"

#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>

#include <SQLiteCpp/Statement.h>

#include "games/sgf_values.h"
#include "schema/db/statement_util.h"

namespace ludex {
namespace {

constexpr const char* kColumns =
    "(who, family, board_columns, board_rows, games, wins, losses, draws, first_date, "
    "last_date, rank_low, rank_high)";

// The totals of rows x (who, game_id, seat: an identity's first seat in a
// game) joined to games AS g and seat_ranks AS sr, grouped by identity and
// board. Counted as list_players counts (schema/players/player_stats.cpp).
constexpr const char* kTotalsOfX =
    "x.who, g.family, coalesce(g.board_columns, 0), coalesce(g.board_rows, 0), count(*), "
    "sum(g.winner = x.seat), sum(g.winner <> 0 AND g.winner <> x.seat), "
    "sum(g.winner = 0 AND ludex_is_draw(g.result)), min(g.date), max(g.date), "
    "min(sr.rank_order), max(sr.rank_order) ";
constexpr const char* kJoinsOfX =
    "JOIN games AS g ON g.game_id = x.game_id "
    "LEFT JOIN seat_ranks AS sr ON sr.game_id = x.game_id AND sr.seat = x.seat "
    "GROUP BY 1, 2, 3, 4";

template <typename T>
void bind_or_null(SQLite::Statement& st, int index, const std::optional<T>& value) {
  if (value) {
    st.bind(index, *value);
  } else {
    st.bind(index);
  }
}

// Every identity's totals, counted in one pass over game_players in its
// key's order (game, seat, player) with each game's row beside it: the
// first row of an identity in a game is its first seat. The sums are kept
// in a map (one entry per identity and board: thousands, not millions),
// where grouping in SQL sorted every (identity, game) row twice, with
// SQLite's sorters holding up to a cache's worth of rows each (76 MiB more
// at the peak of the first 1M import). Counted as kTotalsOfX counts.
// Returns the identities counted.
std::int64_t count_all_totals(SQLite::Database& db) {
  struct Sums {
    std::int64_t games = 0, wins = 0, losses = 0, draws = 0;
    std::optional<std::string> first_date, last_date;
    std::optional<std::int64_t> rank_low, rank_high;
  };
  using Key = std::tuple<std::string, std::string, std::int64_t, std::int64_t>;
  std::map<std::int64_t, std::string> identity_of;  // player_id -> who
  {
    SQLite::Statement st(db,
                         "SELECT p.player_id, coalesce(pa.canonical, p.name) FROM players AS p "
                         "LEFT JOIN player_aliases AS pa ON pa.name = p.name");
    while (st.executeStep()) {
      identity_of.emplace(st.getColumn(0).getInt64(), st.getColumn(1).getString());
    }
  }
  std::map<Key, Sums> sums;
  SQLite::Statement st(
      db,
      "SELECT gp.game_id, gp.seat, gp.player_id, g.family, coalesce(g.board_columns, 0), "
      "coalesce(g.board_rows, 0), g.winner, g.result, g.date, sr.rank_order "
      "FROM game_players AS gp JOIN games AS g ON g.game_id = gp.game_id "
      "LEFT JOIN seat_ranks AS sr ON sr.game_id = gp.game_id AND sr.seat = gp.seat "
      "ORDER BY gp.game_id, gp.seat, gp.player_id");
  std::int64_t game = -1;
  std::set<std::string_view> seen;  // identities of the current game
  while (st.executeStep()) {
    const std::int64_t id = st.getColumn(0).getInt64();
    if (id != game) {
      game = id;
      seen.clear();
    }
    const auto who = identity_of.find(st.getColumn(2).getInt64());
    if (who == identity_of.end() || !seen.insert(who->second).second) continue;
    const std::int64_t seat = st.getColumn(1).getInt64();
    Sums& x = sums[Key{who->second, st.getColumn(3).getString(), st.getColumn(4).getInt64(),
                       st.getColumn(5).getInt64()}];
    const std::int64_t winner = st.getColumn(6).getInt64();
    ++x.games;
    if (winner == seat) {
      ++x.wins;
    } else if (winner != 0) {
      ++x.losses;
    } else if (!st.getColumn(7).isNull() && is_draw_result(st.getColumn(7).getString())) {
      ++x.draws;
    }
    if (!st.getColumn(8).isNull()) {
      const std::string date = st.getColumn(8).getString();
      if (!x.first_date || date < *x.first_date) x.first_date = date;
      if (!x.last_date || date > *x.last_date) x.last_date = date;
    }
    if (!st.getColumn(9).isNull()) {
      const std::int64_t rank = st.getColumn(9).getInt64();
      if (!x.rank_low || rank < *x.rank_low) x.rank_low = rank;
      if (!x.rank_high || rank > *x.rank_high) x.rank_high = rank;
    }
  }
  SQLite::Statement insert(db, std::string("INSERT INTO player_totals ") + kColumns +
                                   " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  std::int64_t identities = 0;
  const std::string* previous = nullptr;  // the keys come by identity first
  for (const auto& [key, x] : sums) {
    const auto& [who, family, columns, rows] = key;
    if (previous == nullptr || *previous != who) ++identities;
    previous = &who;
    insert.bind(1, who);
    insert.bind(2, family);
    insert.bind(3, columns);
    insert.bind(4, rows);
    insert.bind(5, x.games);
    insert.bind(6, x.wins);
    insert.bind(7, x.losses);
    insert.bind(8, x.draws);
    bind_or_null(insert, 9, x.first_date);
    bind_or_null(insert, 10, x.last_date);
    bind_or_null(insert, 11, x.rank_low);
    bind_or_null(insert, 12, x.rank_high);
    run(insert);
  }
  return identities;
}

// Every identity's totals in SQL: what `check` compares the kept rows with
// (count_all_totals counts the same in C++, so the two check each other).
std::string all_totals() {
  return std::string("SELECT ") + kTotalsOfX +
         "FROM (SELECT coalesce(pa.canonical, p.name) AS who, gp.game_id AS game_id, "
         "min(gp.seat) AS seat FROM game_players AS gp "
         "JOIN players AS p ON p.player_id = gp.player_id "
         "LEFT JOIN player_aliases AS pa ON pa.name = p.name GROUP BY 1, 2) AS x " +
         kJoinsOfX;
}

// The games of the identity whose canonical name is ?1.
std::string one_identity_totals() {
  return std::string("SELECT ") + kTotalsOfX +
         "FROM (SELECT ?1 AS who, gp.game_id AS game_id, min(gp.seat) AS seat "
         "FROM game_players AS gp WHERE gp.player_id IN ("
         "SELECT player_id FROM players WHERE name = ?1 UNION ALL "
         "SELECT p.player_id FROM player_aliases AS a JOIN players AS p ON p.name = a.name "
         "WHERE a.canonical = ?1) GROUP BY 2) AS x " +
         kJoinsOfX;
}

}  // namespace

PlayerTotalsMarks::PlayerTotalsMarks(SQLite::Database& db)
    : insert_(db, "INSERT OR IGNORE INTO player_totals_stale (name) VALUES", 1),
      mark_games_(db,
                  "INSERT OR IGNORE INTO player_totals_stale (name) "
                  "SELECT DISTINCT p.name FROM game_players AS gp "
                  "JOIN players AS p ON p.player_id = gp.player_id "
                  "WHERE gp.game_id BETWEEN ?1 AND ?2") {}

void PlayerTotalsMarks::mark(std::string_view name) {
  if (queued_.contains(name)) return;
  queued_.emplace(name);
  insert_.set_text(0, name);
  insert_.end_row();
}

void PlayerTotalsMarks::flush() {
  insert_.flush();
  queued_.clear();
}

void PlayerTotalsMarks::discard() {
  insert_.discard();
  queued_.clear();
}

void PlayerTotalsMarks::mark_games(std::int64_t first_game, std::int64_t last_game) {
  mark_games_.bind(1, first_game);
  mark_games_.bind(2, last_game);
  run(mark_games_);
}

std::int64_t refresh_player_totals(SQLite::Database& db, const std::vector<std::string>& names) {
  std::set<std::string> stale(names.begin(), names.end());
  {
    SQLite::Statement st(db, "SELECT name FROM player_totals_stale");
    while (st.executeStep()) stale.insert(st.getColumn(0).getString());
  }
  if (stale.empty()) return 0;
  const std::int64_t players = db.execAndGet("SELECT count(*) FROM players").getInt64();
  const bool kept = db.execAndGet("SELECT EXISTS (SELECT 1 FROM player_totals)").getInt() != 0;
  std::int64_t counted = 0;
  if (!kept || static_cast<std::int64_t>(stale.size()) * 8 >= players) {
    db.exec("DELETE FROM player_totals");
    counted = count_all_totals(db);
  } else {
    SQLite::Statement canonical(
        db, "SELECT coalesce((SELECT canonical FROM player_aliases WHERE name = ?1), ?1)");
    SQLite::Statement erase(db, "DELETE FROM player_totals WHERE who = ?1");
    SQLite::Statement insert(
        db, std::string("INSERT INTO player_totals ") + kColumns + " " + one_identity_totals());
    std::set<std::string> identities;
    for (const std::string& name : stale) {
      erase.bind(1, name);
      run(erase);
      canonical.bind(1, name);
      canonical.executeStep();
      identities.insert(canonical.getColumn(0).getString());
      canonical.reset();
    }
    for (const std::string& who : identities) {
      erase.bind(1, who);
      run(erase);
      insert.bind(1, who);
      run(insert);
    }
    counted = static_cast<std::int64_t>(identities.size());
  }
  db.exec("DELETE FROM player_totals_stale");
  return counted;
}

bool player_totals_current(SQLite::Database& db) {
  return db.execAndGet("SELECT NOT EXISTS (SELECT 1 FROM player_totals_stale)").getInt() != 0;
}

std::vector<std::string> player_totals_problems(SQLite::Database& db,
                                                const std::vector<std::int64_t>* games) {
  // Both ways round: a kept row the games do not give, a counted row not
  // kept. Identities waiting to be counted again are left out.
  const std::string waiting =
      "SELECT name FROM player_totals_stale UNION SELECT a.canonical FROM player_aliases AS a "
      "JOIN player_totals_stale AS s ON s.name = a.name";
  const std::string kept =
      "SELECT who, family, board_columns, board_rows, games, wins, losses, draws, first_date, "
      "last_date, rank_low, rank_high FROM player_totals";
  const std::string tail =
      "SELECT 'kept', * FROM (SELECT * FROM kept EXCEPT SELECT * FROM counted) "
      "WHERE who NOT IN waiting UNION ALL "
      "SELECT 'counted', * FROM (SELECT * FROM counted EXCEPT SELECT * FROM kept) "
      "WHERE who NOT IN waiting ORDER BY 2, 3, 4, 5, 1";
  std::vector<std::string> identities;
  if (games == nullptr) {
    identities.emplace_back();  // every identity, in one pass
  } else {
    SQLite::Statement of_game(db,
                              "SELECT DISTINCT coalesce(pa.canonical, p.name) FROM game_players "
                              "AS gp JOIN players AS p ON p.player_id = gp.player_id "
                              "LEFT JOIN player_aliases AS pa ON pa.name = p.name "
                              "WHERE gp.game_id = ?1");
    std::set<std::string> seen;
    for (std::int64_t game : *games) {
      of_game.bind(1, game);
      while (of_game.executeStep()) {
        std::string who = of_game.getColumn(0).getString();
        if (seen.insert(who).second) identities.push_back(std::move(who));
      }
      of_game.reset();
    }
  }
  SQLite::Statement st(
      db, games == nullptr ? "WITH counted AS (" + all_totals() + "), kept AS (" + kept +
                                 "), waiting AS (" + waiting + ") " + tail
                           : "WITH counted AS (" + one_identity_totals() + "), kept AS (" + kept +
                                 " WHERE who = ?1), waiting AS (" + waiting + ") " + tail);
  std::vector<std::string> out;
  for (const std::string& who : identities) {
    if (games != nullptr) st.bind(1, who);
    while (st.executeStep()) {
      const bool kept_row = st.getColumn(0).getString() == "kept";
      std::string board = st.getColumn(2).getString();
      if (st.getColumn(3).getInt64() > 0) {
        board += " " + st.getColumn(3).getString() + "x" + st.getColumn(4).getString();
      }
      out.push_back(
          std::string(kept_row ? "the kept totals of '" : "the games of '") +
          st.getColumn(1).getString() + "' on " + board + " (" + st.getColumn(5).getString() +
          " games, " + st.getColumn(6).getString() + " wins) " +
          (kept_row ? "are not what its games give" : "are not what its kept totals say"));
    }
    st.reset();
  }
  return out;
}

}  // namespace ludex
