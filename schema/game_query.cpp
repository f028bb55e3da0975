#include "schema/game_query.h"

#include <algorithm>
#include <stdexcept>

#include <SQLiteCpp/Statement.h>

#include "schema/db/statement_util.h"
#include "schema/search/query_support.h"

namespace ludex {
namespace {

// The statement of a filter and its parameters, the limit last.
struct GameQuery {
  std::string sql;
  Condition condition;
};

GameQuery hits_query(const GameFilter& filter) {
  GameQuery q;
  q.condition = game_condition(filter);
  q.sql = std::string("SELECT ") + kGameHitColumns + " FROM games AS g WHERE 1" + q.condition.sql +
          order_clause(filter, "");
  if (filter.limit || filter.offset > 0) {
    q.sql += " LIMIT ? OFFSET ?";
    q.condition.integer(filter.limit ? *filter.limit : -1);
    q.condition.integer(std::max<std::int64_t>(filter.offset, 0));
  }
  return q;
}

}  // namespace

std::string_view game_order_name(GameOrder order) {
  switch (order) {
    case GameOrder::kGameId:
      return "id";
    case GameOrder::kDate:
      return "date";
    case GameOrder::kPlayer:
      return "player";
    case GameOrder::kResult:
      return "result";
  }
  return "id";
}

std::optional<GameOrder> parse_game_order(std::string_view name) {
  for (const GameOrder o :
       {GameOrder::kGameId, GameOrder::kDate, GameOrder::kPlayer, GameOrder::kResult}) {
    if (game_order_name(o) == name) return o;
  }
  return std::nullopt;
}

std::int64_t find_games(Database& db, const GameFilter& filter,
                        const std::function<bool(const GameHit&)>& visit) {
  const GameQuery q = hits_query(filter);
  SQLite::Statement st(db.handle(), q.sql);
  PlayerReader players(db.handle());
  bind_params(st, q.condition);
  ResetOnExit reset(st);
  std::int64_t visited = 0;
  GameHit hit;
  while (st.executeStep()) {
    read_game_columns(st, 0, hit);
    players.read(hit.game_id, hit.players);
    ++visited;
    if (!visit(hit)) break;
  }
  return visited;
}

std::int64_t count_games(Database& db, const GameFilter& filter) {
  Condition c = game_condition(filter);
  std::string sql = "SELECT count(*) FROM (SELECT g.game_id FROM games AS g WHERE 1" + c.sql;
  if (filter.limit) {
    sql += " LIMIT ?";
    c.integer(*filter.limit);
  }
  sql += ")";
  SQLite::Statement st(db.handle(), sql);
  bind_params(st, c);
  ResetOnExit reset(st);
  if (!st.executeStep()) throw std::runtime_error("count query returned no row");
  return st.getColumn(0).getInt64();
}

std::vector<std::string> explain_find_games(Database& db, const GameFilter& filter) {
  const GameQuery q = hits_query(filter);
  return explain_plan(db.handle(), q.sql, q.condition);
}

}  // namespace ludex
