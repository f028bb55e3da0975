#include "schema/search/query_support.h"

#include <string_view>

#include "core/text_fold.h"
#include "schema/db/statement_util.h"
#include "schema/write/node_hashes.h"

namespace ludex {
namespace {

// The largest code point: appended to a date bound, it makes every date
// that starts with the bound compare below it.
constexpr const char* kMaxCodePoint = "\xF4\x8F\xBF\xBF";

}  // namespace

const char* const kPlayerIdsMatching =
    "(SELECT px.player_id FROM players AS px WHERE px.name IN ("
    "WITH matched (name) AS (SELECT name FROM players WHERE name_folded GLOB ?), "
    "canon (name) AS (SELECT coalesce((SELECT a.canonical FROM player_aliases AS a "
    "WHERE a.name = matched.name), matched.name) FROM matched) "
    "SELECT name FROM canon UNION "
    "SELECT a.name FROM player_aliases AS a JOIN canon ON a.canonical = canon.name))";

void Condition::append(const Condition& other) {
  sql += other.sql;
  params.insert(params.end(), other.params.begin(), other.params.end());
}

Condition game_condition(const GameFilter& f) {
  Condition c;
  // An event pattern with a literal start reads its games as a range of
  // games_by_event, which a named event keeps to a few thousand games even
  // at 1M. The family, board and date terms then compare on the row (the
  // unary +): the planner would take games_by_family's equality (which
  // ANALYZE's sampled statistics make look small) over the range, and fold
  // through a whole family.
  const std::string event_glob = f.event.empty() ? std::string() : user_pattern_to_glob(f.event);
  const bool by_event =
      !event_glob.empty() && std::string_view("*?[").find(event_glob.front()) == std::string::npos;
  const char* const column_prefix = by_event ? " AND +g." : " AND g.";
  auto column = [&](const char* rest) {
    c.sql += column_prefix;
    c.sql += rest;
  };
  std::vector<std::string> patterns;
  for (const std::string& p : f.players) {
    if (!p.empty()) patterns.push_back(user_pattern_to_glob(p));
  }
  // Each player drives an index search: folded name range, widened to the
  // matched players' aliases and canonical names (player_aliases,
  // schema/players/player_aliases.h), then the players' games.
  // A side for the first player says where it sat: its own condition below
  // holds the match anywhere.
  const bool sided = f.player_side != 0 && !patterns.empty();
  for (std::size_t i = sided ? 1 : 0; i < patterns.size(); ++i) {
    const std::string& p = patterns[i];
    c.add(" AND g.game_id IN (SELECT gp.game_id FROM game_players AS gp WHERE gp.player_id IN ");
    c.add(kPlayerIdsMatching);
    c.add(")");
    c.text(p);
  }
  if (sided) {
    const bool black = f.player_side == 3;
    if (f.player_side == 1 || f.player_side == 2) {
      c.add(
          " AND g.game_id IN (SELECT gp.game_id FROM game_players AS gp WHERE gp.seat = ? "
          "AND gp.player_id IN ");
      c.integer(f.player_side);
    } else if (f.family) {
      // The seat's colour: its number, exchanged in a swapped game; Black
      // is colour 2 in Twixt (seat 1 is White there), colour 1 elsewhere.
      // With the family known, the seat's colour needs no games row.
      c.add(
          " AND g.game_id IN (SELECT gp.game_id FROM game_players AS gp "
          "WHERE (CASE WHEN EXISTS (SELECT 1 FROM swapped_games AS sw "
          "WHERE sw.game_id = gp.game_id) THEN 3 - gp.seat ELSE gp.seat END) = ? "
          "AND gp.player_id IN ");
      const bool twixt = *f.family == Family::kTwixt;
      c.integer(black == twixt ? 2 : 1);
    } else {
      // As above, with the family read from each game.
      c.add(
          " AND g.game_id IN (SELECT gp.game_id FROM game_players AS gp JOIN games AS gs "
          "ON gs.game_id = gp.game_id WHERE (CASE WHEN EXISTS (SELECT 1 FROM swapped_games AS sw "
          "WHERE sw.game_id = gp.game_id) THEN 3 - gp.seat ELSE gp.seat END) = "
          "(CASE WHEN gs.family = 'twixt' THEN ? ELSE ? END) AND gp.player_id IN ");
      c.integer(black ? 2 : 1);
      c.integer(black ? 1 : 2);
    }
    c.add(kPlayerIdsMatching);
    c.add(")");
    c.text(patterns.front());
  }
  if (patterns.size() == 2) {
    // Between the two: the names must match in different seats.
    c.add(
        " AND EXISTS (SELECT 1 FROM game_players AS a "
        "JOIN game_players AS b ON b.game_id = a.game_id AND b.seat <> a.seat "
        "WHERE a.game_id = g.game_id AND a.player_id IN ");
    c.add(kPlayerIdsMatching);
    c.add(" AND b.player_id IN ");
    c.add(kPlayerIdsMatching);
    c.add(")");
    c.text(patterns[0]);
    c.text(patterns[1]);
  }
  if (!f.game_ids.empty()) {
    c.add(" AND g.game_id IN (");
    for (std::size_t i = 0; i < f.game_ids.size(); ++i) {
      c.add(i == 0 ? "?" : ", ?");
      c.integer(f.game_ids[i]);
    }
    c.add(")");
  }
  if (f.family) {
    column("family = ?");
    c.text(std::string(family_name(*f.family)));
  }
  if (!f.variant.empty()) {
    column("variant = ? COLLATE NOCASE");  // ASCII case: variant names are ASCII
    c.text(f.variant);
  }
  if (f.size) {
    column("board_columns = ?");
    column("board_rows = ?");
    c.integer(*f.size);
    c.integer(*f.size);
  }
  if (!event_glob.empty()) {
    c.add(" AND g.event_folded GLOB ?");
    c.text(event_glob);
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
    column("date >= ?");
    c.text(f.date_from);
  }
  if (!f.date_to.empty()) {
    column("date < ?");
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
  if (f.rank_min || f.rank_max) {
    c.add(
        " AND g.game_id IN (SELECT rb.game_id FROM game_rank_bands AS rb "
        "WHERE rb.rank_low >= ? AND rb.rank_high <= ?)");
    c.integer(f.rank_min.value_or(0));
    c.integer(f.rank_max.value_or(1000));
  }
  if (f.duplicates_only) c.add(" AND g.duplicate_of IS NOT NULL");
  return c;
}

const char* const kGameOfNode =
    "(SELECT x.game_id FROM games AS x WHERE x.first_node_id <= n.node_id "
    "ORDER BY x.first_node_id DESC, x.game_id DESC LIMIT 1)";

const char* const kFirstPlayer =
    "(SELECT p.name_folded FROM game_players AS gp JOIN players AS p "
    "ON p.player_id = gp.player_id WHERE gp.game_id = g.game_id "
    "ORDER BY gp.seat, p.name_folded LIMIT 1)";

void add_hash_lookup(Condition& c, const std::vector<std::uint64_t>& hashes) {
  // node_hashes holds the hash's top 24 bits; the full hash is compared on
  // the node's row. One placeholder per hash: the fragment is fixed, the
  // values bound.
  c.add(" AND nh.hash_top IN (?");
  for (std::size_t i = 1; i < hashes.size(); ++i) c.add(", ?");
  c.add(") AND n.node_id = nh.node_id");
  for (std::uint64_t hash : hashes) c.integer(node_hash_top(hash));
  add_hash_filter(c, hashes);
}

void add_hash_filter(Condition& c, const std::vector<std::uint64_t>& hashes) {
  c.add(" AND n.position_hash IN (?");
  for (std::size_t i = 1; i < hashes.size(); ++i) c.add(", ?");
  c.add(")");
  for (std::uint64_t hash : hashes) c.integer(static_cast<std::int64_t>(hash));
}

std::string order_clause(const GameFilter& f, const char* tail) {
  const char* direction = f.descending ? " DESC" : "";
  std::string out = " ORDER BY ";
  switch (f.order) {
    case GameOrder::kGameId:
      return out + "g.game_id" + direction + tail;
    case GameOrder::kDate:
      out += std::string("g.date IS NULL, g.date") + direction;
      break;
    case GameOrder::kPlayer:
      out += std::string(kFirstPlayer) + " IS NULL, " + kFirstPlayer + direction;
      break;
    case GameOrder::kResult:
      // winner 0 is a draw, no result or an unknown one: last either way.
      out += std::string("g.winner = 0, g.winner") + direction + ", g.result" + direction;
      break;
  }
  return out + ", g.game_id" + tail;
}

int bind_params(SQLite::Statement& st, const Condition& c, int first) {
  int i = first;
  for (const auto& p : c.params) {
    if (const auto* s = std::get_if<std::string>(&p)) {
      st.bind(i++, *s);
    } else if (const auto* d = std::get_if<double>(&p)) {
      st.bind(i++, *d);
    } else {
      st.bind(i++, std::get<std::int64_t>(p));
    }
  }
  return i;
}

const char* const kGameHitColumns =
    "g.game_id, (SELECT f.path FROM source_files AS f WHERE f.file_id = g.file_id), "
    "g.game_index, g.family, g.variant, g.result, g.winner, g.date, g.event, g.main_line_moves, "
    "g.duplicate_of";

void read_game_columns(const SQLite::Statement& st, int first, GameHit& hit) {
  hit.game_id = st.getColumn(first).getInt64();
  hit.file = column_text(st, first + 1);
  hit.game_index = st.getColumn(first + 2).getInt();
  hit.family = parse_family(st.getColumn(first + 3).getString()).value_or(Family::kOther);
  hit.variant = column_text(st, first + 4);
  hit.result = column_text(st, first + 5);
  hit.winner = static_cast<std::int8_t>(st.getColumn(first + 6).getInt());
  hit.date = column_text(st, first + 7);
  hit.event = column_text(st, first + 8);
  hit.moves = st.getColumn(first + 9).getInt();
  hit.duplicate_of = st.getColumn(first + 10).isNull() ? 0 : st.getColumn(first + 10).getInt64();
}

PlayerReader::PlayerReader(SQLite::Database& db)
    : st_(db,
          "SELECT gp.seat, p.name FROM game_players AS gp "
          "JOIN players AS p ON p.player_id = gp.player_id "
          "WHERE gp.game_id = ?1 ORDER BY gp.seat, gp.player_id") {}

void PlayerReader::read(std::int64_t game_id, std::vector<SeatPlayer>& out) {
  out.clear();
  ResetOnExit reset(st_);
  st_.bind(1, game_id);
  while (st_.executeStep()) {
    out.push_back(SeatPlayer{static_cast<std::int8_t>(st_.getColumn(0).getInt()),
                             st_.getColumn(1).getString()});
  }
}

GameHitReader::GameHitReader(SQLite::Database& db)
    : game_(db, std::string("SELECT ") + kGameHitColumns + " FROM games AS g WHERE g.game_id = ?1"),
      players_(db) {}

bool GameHitReader::read(std::int64_t game_id, GameHit& hit) {
  {
    ResetOnExit reset(game_);
    game_.bind(1, game_id);
    if (!game_.executeStep()) return false;
    read_game_columns(game_, 0, hit);
  }
  players_.read(game_id, hit.players);
  return true;
}

std::vector<std::string> explain_plan(SQLite::Database& db, const std::string& sql,
                                      const Condition& c) {
  SQLite::Statement st(db, "EXPLAIN QUERY PLAN " + sql);
  bind_params(st, c);
  ResetOnExit reset(st);
  std::vector<std::string> details;
  while (st.executeStep()) details.push_back(st.getColumn(3).getString());
  return details;
}

}  // namespace ludex
