#include "schema/game_query.h"

#include <stdexcept>
#include <variant>

#include <SQLiteCpp/Statement.h>

#include "schema/statement_util.h"
#include "schema/text_fold.h"

namespace ludex {
namespace {

// The WHERE clause of a filter: fixed SQL fragments joined with AND, and
// the values of their '?' parameters in order. User text only ever ends up
// in params.
struct Condition {
  std::string sql;
  std::vector<std::variant<std::int64_t, std::string>> params;

  void add(const char* fragment) { sql += fragment; }
  void text(std::string value) { params.emplace_back(std::move(value)); }
  void integer(std::int64_t value) { params.emplace_back(value); }
};

// The largest code point: appended to a date bound, it makes every date
// that starts with the bound compare below it.
constexpr const char* kMaxCodePoint = "\xF4\x8F\xBF\xBF";

Condition build_condition(const GameFilter& f) {
  Condition c;
  std::vector<std::string> patterns;
  for (const std::string& p : f.players) {
    if (!p.empty()) patterns.push_back(user_pattern_to_glob(p));
  }
  // Each player drives an index search: folded name range, then the
  // player's games.
  for (const std::string& p : patterns) {
    c.add(
        " AND g.game_id IN (SELECT gp.game_id FROM players AS p "
        "JOIN game_players AS gp ON gp.player_id = p.player_id WHERE p.name_folded GLOB ?)");
    c.text(p);
  }
  if (patterns.size() == 2) {
    // Between the two: the names must match in different seats.
    c.add(
        " AND EXISTS (SELECT 1 FROM game_players AS a "
        "JOIN players AS pa ON pa.player_id = a.player_id "
        "JOIN game_players AS b ON b.game_id = a.game_id AND b.seat <> a.seat "
        "JOIN players AS pb ON pb.player_id = b.player_id "
        "WHERE a.game_id = g.game_id AND pa.name_folded GLOB ? AND pb.name_folded GLOB ?)");
    c.text(patterns[0]);
    c.text(patterns[1]);
  }
  if (f.family) {
    c.add(" AND g.family = ?");
    c.text(std::string(family_name(*f.family)));
  }
  if (!f.variant.empty()) {
    c.add(" AND g.variant = ?");
    c.text(f.variant);
  }
  if (f.size) {
    c.add(" AND g.board_columns = ? AND g.board_rows = ?");
    c.integer(*f.size);
    c.integer(*f.size);
  }
  if (!f.event.empty()) {
    c.add(" AND ludex_fold(g.event) GLOB ?");
    c.text(user_pattern_to_glob(f.event));
  }
  if (!f.result.empty()) {
    c.add(" AND ludex_fold(g.result) GLOB ?");
    c.text(user_pattern_to_glob(f.result));
  }
  if (f.winner) {
    c.add(" AND g.winner = ?");
    c.integer(*f.winner);
  }
  if (!f.date_from.empty()) {
    c.add(" AND g.date >= ?");
    c.text(f.date_from);
  }
  if (!f.date_to.empty()) {
    c.add(" AND g.date < ?");
    c.text(f.date_to + kMaxCodePoint);
  }
  if (f.moves_min) {
    c.add(" AND g.main_line_moves >= ?");
    c.integer(*f.moves_min);
  }
  if (f.moves_max) {
    c.add(" AND g.main_line_moves <= ?");
    c.integer(*f.moves_max);
  }
  return c;
}

constexpr const char* kSelectHits =
    "SELECT g.game_id, (SELECT f.path FROM source_files AS f WHERE f.file_id = g.file_id), "
    "g.game_index, g.family, g.variant, g.result, g.winner, g.date, g.event, "
    "g.main_line_moves FROM games AS g WHERE 1";

std::string hits_sql(const GameFilter& filter, const Condition& c) {
  std::string sql = kSelectHits + c.sql + " ORDER BY g.game_id";
  if (filter.limit) sql += " LIMIT ?";
  return sql;
}

void bind_all(SQLite::Statement& st, const GameFilter& filter, const Condition& c) {
  int i = 1;
  for (const auto& p : c.params) {
    if (const auto* s = std::get_if<std::string>(&p)) {
      st.bind(i++, *s);
    } else {
      st.bind(i++, std::get<std::int64_t>(p));
    }
  }
  if (filter.limit) st.bind(i, *filter.limit);
}

}  // namespace

std::int64_t find_games(Database& db, const GameFilter& filter,
                        const std::function<bool(const GameHit&)>& visit) {
  const Condition c = build_condition(filter);
  SQLite::Statement st(db.handle(), hits_sql(filter, c));
  SQLite::Statement players(db.handle(),
                            "SELECT gp.seat, p.name FROM game_players AS gp "
                            "JOIN players AS p ON p.player_id = gp.player_id "
                            "WHERE gp.game_id = ?1 ORDER BY gp.seat, gp.player_id");
  bind_all(st, filter, c);
  ResetOnExit reset(st);
  std::int64_t visited = 0;
  GameHit hit;
  while (st.executeStep()) {
    hit.game_id = st.getColumn(0).getInt64();
    hit.file = column_text(st, 1);
    hit.game_index = st.getColumn(2).getInt();
    hit.family = parse_family(st.getColumn(3).getString()).value_or(Family::kOther);
    hit.variant = column_text(st, 4);
    hit.result = column_text(st, 5);
    hit.winner = static_cast<std::int8_t>(st.getColumn(6).getInt());
    hit.date = column_text(st, 7);
    hit.event = column_text(st, 8);
    hit.moves = st.getColumn(9).getInt();
    hit.players.clear();
    {
      ResetOnExit reset_players(players);
      players.bind(1, hit.game_id);
      while (players.executeStep()) {
        hit.players.push_back(SeatPlayer{static_cast<std::int8_t>(players.getColumn(0).getInt()),
                                         players.getColumn(1).getString()});
      }
    }
    ++visited;
    if (!visit(hit)) break;
  }
  return visited;
}

std::int64_t count_games(Database& db, const GameFilter& filter) {
  const Condition c = build_condition(filter);
  std::string sql = "SELECT count(*) FROM (SELECT g.game_id FROM games AS g WHERE 1" + c.sql;
  if (filter.limit) sql += " LIMIT ?";
  sql += ")";
  SQLite::Statement st(db.handle(), sql);
  bind_all(st, filter, c);
  ResetOnExit reset(st);
  if (!st.executeStep()) throw std::runtime_error("count query returned no row");
  return st.getColumn(0).getInt64();
}

std::vector<std::string> explain_find_games(Database& db, const GameFilter& filter) {
  const Condition c = build_condition(filter);
  SQLite::Statement st(db.handle(), "EXPLAIN QUERY PLAN " + hits_sql(filter, c));
  bind_all(st, filter, c);
  ResetOnExit reset(st);
  std::vector<std::string> details;
  while (st.executeStep()) details.push_back(st.getColumn(3).getString());
  return details;
}

}  // namespace ludex
