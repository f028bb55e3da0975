#include "schema/position_query.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include <SQLiteCpp/Statement.h>

#include "schema/blob_codec.h"
#include "schema/position_codes.h"
#include "schema/position_replay.h"
#include "schema/query_support.h"
#include "schema/statement_util.h"

namespace ludex {
namespace {

// Whether the feature with code ? is on the board at node n: the deepest
// event of that code on the path from n's root to n is an addition. Events
// of one code in one game are a key range in node id order; the ancestors
// of n among them are those whose subtree reaches n, and the deepest
// ancestor has the largest node id. 1 = present; NULL (no event) or 0 =
// absent.
constexpr const char* kPresence =
    "(SELECT x.added FROM position_events AS x WHERE x.code = ? "
    "AND x.node_id BETWEEN g.first_node_id AND n.node_id AND x.subtree_end >= n.node_id "
    "ORDER BY x.node_id DESC LIMIT 1)";

// The FROM clauses. SQLite's planner estimates a primary-key range of
// nodes as a fixed fraction of the table, which is far too large for one
// game's nodes or one subtree in an archive, so left alone it may prefer a
// scan of nodes. Where the best order is known, CROSS JOIN fixes it
// (docs/schema.md, "Query plans"):
//  * kEventsFirst: from the additions of one code (d). Each is in effect
//    from its node through its subtree, up to the next event of the code on
//    the way down: every node of that region comes out once, with d its
//    deepest event. Then the node's game by key.
//  * kGamesThenEvents: the same, per game of an index-driven game filter
//    (players): the code's events of one game are one key range.
//  * kGamesFirst: the filtered games, each game's nodes as one key range.
//  * kFree, kEventsFree: node conditions with their own index (hash,
//    evaluations, candidate lists) are left to the planner.
constexpr const char* kEventsFirst =
    "FROM position_events AS d CROSS JOIN nodes AS n CROSS JOIN games AS g "
    "WHERE d.code = ? AND d.added = 1 AND n.node_id BETWEEN d.node_id AND d.subtree_end "
    "AND g.game_id = n.game_id";
constexpr const char* kGamesThenEvents =
    "FROM games AS g CROSS JOIN position_events AS d CROSS JOIN nodes AS n "
    "WHERE d.code = ? AND d.added = 1 AND n.node_id BETWEEN d.node_id AND d.subtree_end "
    "AND g.game_id = n.game_id";
constexpr const char* kGamesFirst =
    "FROM games AS g CROSS JOIN nodes AS n WHERE g.game_id = n.game_id";
constexpr const char* kFree = "FROM nodes AS n JOIN games AS g ON g.game_id = n.game_id WHERE 1";
constexpr const char* kEventsFree =
    "FROM position_events AS d JOIN nodes AS n ON n.node_id BETWEEN d.node_id AND d.subtree_end "
    "JOIN games AS g ON g.game_id = n.game_id WHERE d.code = ? AND d.added = 1";

// With a driving event d: no other event of its code lies between d and n
// on n's path.
constexpr const char* kDeepestEvent =
    " AND d.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1"
    " AND NOT EXISTS (SELECT 1 FROM position_events AS x WHERE x.code = d.code"
    " AND x.node_id > d.node_id AND x.node_id <= n.node_id AND x.subtree_end >= n.node_id)";

// Comment search drives: the FTS5 index gives the matching comments' node
// ids, each node and its game follow by key.
constexpr const char* kCommentsFirst =
    "FROM comments_fts CROSS JOIN nodes AS n CROSS JOIN games AS g "
    "WHERE comments_fts MATCH ? AND n.node_id = comments_fts.rowid AND g.game_id = n.game_id";

constexpr const char* kNodeColumns =
    "SELECT n.node_id, n.game_id, n.move_number, n.depth, n.main_line, n.position_hash ";
// The matched words marked, about a dozen tokens around them.
constexpr const char* kSnippetColumn = ", snippet(comments_fts, 0, '[', ']', '...', 12) ";

// Counting a code's additions stops here: beyond it, a code is common
// enough that which of two such codes drives makes little difference.
constexpr std::int64_t kDriverCountCap = 100'000;

// The position conditions as codes.
struct PositionCodes {
  std::vector<std::int64_t> present;              // each must be present
  std::vector<std::vector<std::int64_t>> any_of;  // one of each group must be present
  std::vector<std::int64_t> absent;               // each must be absent

  bool empty() const { return present.empty() && any_of.empty() && absent.empty(); }
};

PositionCodes resolve_codes(SQLite::Database& db, const NodeFilter& f) {
  PositionCodes codes;
  if ((!f.has.empty() || !f.empty.empty() || !f.patterns.empty()) && !f.game.family) {
    throw std::invalid_argument("stone conditions need a game family");
  }
  const Family family = f.game.family.value_or(Family::kOther);
  auto all_colors = [&](Point p) {
    std::vector<std::int64_t> group;
    for (int c = 1; c <= color_count(family); ++c) {
      group.push_back(stone_code(family, Occupant{p, static_cast<std::int8_t>(c)}));
    }
    return group;
  };
  for (const Occupant& o : f.has) {
    if (o.color == 0) {
      codes.any_of.push_back(all_colors(o.point));
    } else {
      codes.present.push_back(stone_code(family, o));
    }
  }
  for (const Occupant& o : f.empty) {
    if (o.color == 0) {
      for (std::int64_t code : all_colors(o.point)) codes.absent.push_back(code);
    } else {
      codes.absent.push_back(stone_code(family, o));
    }
  }
  for (const TwixtLink& l : f.links) codes.present.push_back(link_code(l));
  if (!f.pieces.empty()) {
    SQLite::Statement find(db, "SELECT piece_id FROM pieces WHERE name = ?1");
    for (const PieceCondition& p : f.pieces) {
      std::int64_t id = -1;  // an unknown name: no code, no match
      {
        ResetOnExit reset(find);
        find.bind(1, p.name);
        if (find.executeStep()) id = find.getColumn(0).getInt64();
      }
      if (p.color != 0) {
        codes.present.push_back(piece_code(id, p.color));
        continue;
      }
      std::vector<std::int64_t> group;
      for (std::int8_t c = 1; c <= 4; ++c) group.push_back(piece_code(id, c));
      codes.any_of.push_back(std::move(group));
    }
  }
  return codes;
}

// The present code with the fewest additions (counted up to the cap).
std::int64_t rarest_code(SQLite::Database& db, const std::vector<std::int64_t>& codes) {
  if (codes.size() == 1) return codes.front();
  SQLite::Statement count(db,
                          "SELECT count(*) FROM (SELECT 1 FROM position_events "
                          "WHERE code = ?1 AND added = 1 LIMIT ?2)");
  std::int64_t best = codes.front();
  std::int64_t best_count = -1;
  for (std::int64_t code : codes) {
    ResetOnExit reset(count);
    count.bind(1, code);
    count.bind(2, kDriverCountCap);
    count.executeStep();
    const std::int64_t n = count.getColumn(0).getInt64();
    if (best_count < 0 || n < best_count) {
      best = code;
      best_count = n;
    }
  }
  return best;
}

// Throws std::invalid_argument if FTS5 cannot parse the query: running it
// once is the only parser there is.
void check_comment_match(SQLite::Database& db, const std::string& match) {
  try {
    SQLite::Statement st(db, "SELECT 1 FROM comments_fts WHERE comments_fts MATCH ?1 LIMIT 1");
    st.bind(1, match);
    st.executeStep();
  } catch (const SQLite::Exception& e) {
    throw std::invalid_argument("comment search '" + match + "': " + e.what());
  }
}

// "FROM ... WHERE ..." of a node filter, and its parameters.
Condition build_from_where(SQLite::Database& db, const NodeFilter& f) {
  const PositionCodes codes = resolve_codes(db, f);
  const bool comment = !f.comment_match.empty();
  if (comment) check_comment_match(db, f.comment_match);
  // With only conditions that hold on whole subtrees minus subtrees
  // (position conditions, main line, game filters), the shallowest match of
  // a game is a node where one of its codes changes the right way, or a
  // root: only those are candidates (docs/schema.md, "--first").
  const bool region_conditions_only = f.position_hashes.empty() && !f.eval_min && !f.eval_max &&
                                      !f.eval_swing && !f.has_eval && !comment &&
                                      f.patterns.empty();
  const bool candidates = f.first_only && region_conditions_only && !codes.empty();
  const bool driven = !candidates && !comment && !codes.present.empty();
  const std::int64_t driver = driven ? rarest_code(db, codes.present) : kNoCode;
  // Node conditions that come with an index of their own.
  const bool node_indexed = candidates || !f.position_hashes.empty() || f.eval_min || f.eval_max ||
                            f.eval_swing || f.has_eval;
  const bool players = std::any_of(f.game.players.begin(), f.game.players.end(),
                                   [](const std::string& p) { return !p.empty(); });

  Condition c;
  if (comment) {
    c.add(kCommentsFirst);
    c.text(f.comment_match);
  } else if (driven) {
    c.add(node_indexed ? kEventsFree : players ? kGamesThenEvents : kEventsFirst);
    c.integer(driver);
    c.add(kDeepestEvent);
  } else {
    c.add(node_indexed ? kFree : kGamesFirst);
  }
  // True of every node; lets a game-driven plan read a game's nodes as one
  // primary-key range.
  c.add(" AND n.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1");
  c.append(game_condition(f.game));

  if (candidates) {
    c.add(" AND n.node_id IN (");
    const char* separator = "";
    auto candidate = [&](std::int64_t code, bool added) {
      c.add(separator);
      c.add(added ? "SELECT x.node_id FROM position_events AS x WHERE x.code = ? AND x.added = 1"
                  : "SELECT x.node_id FROM position_events AS x WHERE x.code = ? AND x.added = 0");
      c.integer(code);
      separator = " UNION ALL ";
    };
    for (std::int64_t code : codes.present) candidate(code, true);
    for (const auto& group : codes.any_of) {
      for (std::int64_t code : group) candidate(code, true);
    }
    for (std::int64_t code : codes.absent) candidate(code, false);
    // Without a code that must be present, a root may match with no event.
    if (codes.present.empty() && codes.any_of.empty()) {
      c.add(" UNION ALL SELECT r.first_node_id FROM games AS r");
    }
    c.add(")");
  }
  // A node whose position was not computed (hash NULL: an illegal move or
  // setup on its path) has no known position to test.
  if (!codes.empty() || !f.patterns.empty()) c.add(" AND n.position_hash IS NOT NULL");
  for (std::int64_t code : codes.present) {
    if (driven && code == driver) continue;
    c.add(" AND ");
    c.add(kPresence);
    c.add(" = 1");
    c.integer(code);
  }
  for (const auto& group : codes.any_of) {
    c.add(" AND (0");
    for (std::int64_t code : group) {
      c.add(" OR ");
      c.add(kPresence);
      c.add(" = 1");
      c.integer(code);
    }
    c.add(")");
  }
  for (std::int64_t code : codes.absent) {
    c.add(" AND ");
    c.add(kPresence);
    c.add(" IS NOT 1");
    c.integer(code);
  }
  if (!f.position_hashes.empty()) {
    // One placeholder per hash: the fragment is fixed, the values bound.
    c.add(" AND n.position_hash IN (?");
    for (std::size_t i = 1; i < f.position_hashes.size(); ++i) c.add(", ?");
    c.add(")");
    for (std::uint64_t hash : f.position_hashes) c.integer(static_cast<std::int64_t>(hash));
  }
  if (f.main_line_only) c.add(" AND n.main_line = 1");
  if (f.eval_min || f.eval_max || f.has_eval) {
    // The same evaluation must satisfy both bounds. Written so that the
    // partial index evaluations_by_value (WHERE undetermined = 0) applies.
    c.add(
        " AND n.node_id IN (SELECT e.node_id FROM evaluations AS e WHERE e.source = ? "
        "AND e.undetermined = 0 AND e.value IS NOT NULL");
    c.integer(static_cast<std::int64_t>(f.eval_source));
    if (f.eval_min) {
      c.add(" AND e.value >= ?");
      c.real(*f.eval_min);
    }
    if (f.eval_max) {
      c.add(" AND e.value <= ?");
      c.real(*f.eval_max);
    }
    c.add(")");
  }
  if (f.eval_swing) {
    c.add(
        " AND n.node_id IN (SELECT e.node_id FROM evaluations AS e WHERE e.source = ? "
        "AND e.swing >= ?)");
    c.integer(static_cast<std::int64_t>(f.eval_source));
    c.real(*f.eval_swing);
  }
  return c;
}

// The statement find_nodes runs, its parameters, the limit last.
struct NodeQuery {
  std::string sql;
  Condition condition;
};

NodeQuery hits_query(SQLite::Database& db, const NodeFilter& f) {
  NodeQuery q;
  q.condition = build_from_where(db, f);
  // A game-first plan delivers this order without sorting.
  // In game id order a game-first plan delivers the rows without sorting.
  q.sql = std::string(kNodeColumns) + (f.comment_match.empty() ? "" : kSnippetColumn) +
          q.condition.sql + order_clause(f.game, ", n.node_id");
  // With first_only the limit counts games, applied while reading; the
  // offset is always skipped while reading.
  if (f.limit && !f.first_only) {
    q.sql += " LIMIT ?";
    q.condition.integer(*f.limit + std::max<std::int64_t>(f.offset, 0));
  }
  return q;
}

// Whether a filter is answered by replaying game streams alone: patterns
// and conditions that hold on regions of the tree (stones, links, pieces,
// the main line, game filters), none that an index of its own answers.
bool replay_only(const NodeFilter& f) {
  return !f.patterns.empty() && f.position_hashes.empty() && !f.eval_min && !f.eval_max &&
         !f.eval_swing && !f.has_eval && f.comment_match.empty();
}

// The filter's position conditions for PositionMatcher: the patterns, and
// with `points` the stones, links and pieces too.
PositionConditions matcher_conditions(const NodeFilter& f, bool points) {
  if (!f.game.family) throw std::invalid_argument("stone conditions need a game family");
  PositionConditions c;
  c.patterns = f.patterns;
  if (points) {
    c.has = f.has;
    c.empty = f.empty;
    c.links = f.links;
    for (const PieceCondition& p : f.pieces) c.pieces.push_back({p.name, p.color});
  }
  return c;
}

// find_nodes for replay_only filters: the games in the filter's order, each
// game's hits in node id order.
std::int64_t find_nodes_by_replay(Database& db, const NodeFilter& filter,
                                  const std::function<bool(const NodeHit&)>& visit) {
  const PositionConditions conditions = matcher_conditions(filter, true);
  if (filter.limit && *filter.limit <= 0) return 0;
  GameHitReader games(db.handle());
  SQLite::Statement node_row(db.handle(),
                             "SELECT move_number, position_hash FROM nodes WHERE node_id = ?1");
  ReplayOptions options;
  options.main_line_only = filter.main_line_only;
  options.first_only = filter.first_only;
  std::int64_t visited = 0;
  std::int64_t to_skip = std::max<std::int64_t>(filter.offset, 0);
  NodeHit out;
  replay_games(db, filter.game, conditions, options, [&](const ReplayGame& g) {
    for (const ReplayHit& h : g.hits) {
      if (to_skip > 0) {
        --to_skip;
        continue;
      }
      if (out.game.game_id != g.game_id && !games.read(g.game_id, out.game)) {
        throw std::runtime_error("game " + std::to_string(g.game_id) + " vanished");
      }
      out.node_id = g.first_node_id + h.index;
      out.depth = h.depth;
      out.main_line = h.main_line;
      {
        ResetOnExit reset(node_row);
        node_row.bind(1, out.node_id);
        if (!node_row.executeStep()) {
          throw std::runtime_error("node " + std::to_string(out.node_id) + " of game " +
                                   std::to_string(g.game_id) + " is missing");
        }
        out.move_number = node_row.getColumn(0).getInt();
        out.position_hash = static_cast<std::uint64_t>(column_int(node_row, 1, 0));
      }
      ++visited;
      if (!visit(out) || (filter.limit && visited >= *filter.limit)) return false;
    }
    return true;
  });
  return visited;
}

}  // namespace

std::string comment_words_query(std::string_view text) {
  std::string out;
  auto is_space = [](char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; };
  std::size_t i = 0;
  while (i < text.size()) {
    if (is_space(text[i])) {
      ++i;
      continue;
    }
    std::string_view word;
    if (text[i] == '"') {
      const std::size_t close = text.find('"', i + 1);
      const std::size_t stop = close == std::string_view::npos ? text.size() : close;
      word = text.substr(i + 1, stop - i - 1);
      i = close == std::string_view::npos ? text.size() : close + 1;
    } else {
      std::size_t stop = i;
      while (stop < text.size() && !is_space(text[stop]) && text[stop] != '"') ++stop;
      word = text.substr(i, stop - i);
      i = stop;
    }
    bool prefix = false;
    if (!word.empty() && word.back() == '*') {
      prefix = true;
      word.remove_suffix(1);
    } else if (i < text.size() && text[i] == '*') {
      prefix = true;
      ++i;
    }
    // A phrase with no token (only punctuation) would match nothing and
    // "" is an FTS5 syntax error: such words are dropped.
    const bool has_token = std::any_of(word.begin(), word.end(), [](char ch) {
      return static_cast<unsigned char>(ch) >= 0x80 || std::isalnum(static_cast<unsigned char>(ch));
    });
    if (!has_token) continue;
    if (!out.empty()) out += ' ';
    out += '"';
    for (char ch : word) {
      if (ch == '"') out += '"';  // FTS5 doubles a quote inside a string
      out += ch;
    }
    out += '"';
    if (prefix) out += '*';
  }
  return out;
}

std::int64_t find_nodes(Database& db, const NodeFilter& filter,
                        const std::function<bool(const NodeHit&)>& visit) {
  if (replay_only(filter)) return find_nodes_by_replay(db, filter, visit);
  // With patterns and conditions an index answers (a position hash,
  // evaluations, comments), the statement finds the nodes meeting every
  // other condition, and each of their games is replayed for the patterns;
  // --first and the limit apply after the patterns are checked.
  const bool patterns = !filter.patterns.empty();
  NodeFilter sql_filter;
  if (patterns) {
    sql_filter = filter;
    sql_filter.first_only = false;
    sql_filter.limit.reset();
  }
  const NodeQuery q = hits_query(db.handle(), patterns ? sql_filter : filter);
  SQLite::Statement st(db.handle(), q.sql);
  bind_params(st, q.condition);
  GameHitReader games(db.handle());
  std::optional<GameReplayer> replayer;
  if (patterns) replayer.emplace(db, matcher_conditions(filter, false));
  ResetOnExit reset(st);
  const bool comment = !filter.comment_match.empty();

  std::int64_t visited = 0;
  std::int64_t to_skip = std::max<std::int64_t>(filter.offset, 0);
  bool stopped = filter.limit && *filter.limit <= 0;
  NodeHit out;  // its game is read once per game
  auto emit = [&](const NodeHit& hit) {
    if (to_skip > 0) {
      --to_skip;
      return;
    }
    if (out.game.game_id != hit.game.game_id && !games.read(hit.game.game_id, out.game)) {
      throw std::runtime_error("node " + std::to_string(hit.node_id) + " has no game");
    }
    out.node_id = hit.node_id;
    out.move_number = hit.move_number;
    out.depth = hit.depth;
    out.main_line = hit.main_line;
    out.position_hash = hit.position_hash;
    out.comment = hit.comment;
    ++visited;
    if (!visit(out) || (filter.limit && visited >= *filter.limit)) stopped = true;
  };
  NodeHit row;
  NodeHit best;  // first_only: the shallowest hit of the current game so far
  bool pending = false;
  while (!stopped && st.executeStep()) {
    row.node_id = st.getColumn(0).getInt64();
    row.game.game_id = st.getColumn(1).getInt64();
    row.move_number = st.getColumn(2).getInt();
    row.depth = st.getColumn(3).getInt();
    row.main_line = st.getColumn(4).getInt() != 0;
    row.position_hash = static_cast<std::uint64_t>(column_int(st, 5, 0));
    if (comment) row.comment = column_text(st, 6);
    if (replayer) {
      std::int64_t first = 0;
      const std::vector<ReplayHit>& hits = replayer->hits(row.game.game_id, &first);
      const std::int64_t index = row.node_id - first;
      const auto it =
          std::lower_bound(hits.begin(), hits.end(), index, [](const ReplayHit& h, std::int64_t i) {
            return static_cast<std::int64_t>(h.index) < i;
          });
      if (it == hits.end() || static_cast<std::int64_t>(it->index) != index) continue;
    }
    if (!filter.first_only) {
      emit(row);
      continue;
    }
    if (pending && best.game.game_id != row.game.game_id) {
      pending = false;
      emit(best);
      if (stopped) break;
    }
    // Rows come in node id order: on equal depth the earlier one stays.
    if (!pending || row.depth < best.depth) {
      best = row;
      pending = true;
    }
  }
  if (pending && !stopped) emit(best);
  return visited;
}

std::int64_t count_nodes(Database& db, const NodeFilter& filter) {
  if (replay_only(filter)) {
    // Counting needs no node rows: the replay's hits are the count, and with
    // --first a game's first hit is enough.
    ReplayOptions options;
    options.main_line_only = filter.main_line_only;
    options.any_only = filter.first_only;
    std::int64_t n = 0;
    replay_games(db, filter.game, matcher_conditions(filter, true), options,
                 [&](const ReplayGame& g) {
                   n += filter.first_only ? 1 : static_cast<std::int64_t>(g.hits.size());
                   return !(filter.limit && n >= *filter.limit);
                 });
    if (filter.limit) n = std::min(n, std::max<std::int64_t>(*filter.limit, 0));
    return n;
  }
  if (!filter.patterns.empty()) {
    return find_nodes(db, filter, [](const NodeHit&) { return true; });
  }
  Condition c = build_from_where(db.handle(), filter);
  std::string sql;
  if (filter.first_only) {
    sql = "SELECT count(DISTINCT n.game_id) " + c.sql;
  } else if (filter.limit) {
    sql = "SELECT count(*) FROM (SELECT 1 " + c.sql + " LIMIT ?)";
    c.integer(*filter.limit);
  } else {
    sql = "SELECT count(*) " + c.sql;
  }
  SQLite::Statement st(db.handle(), sql);
  bind_params(st, c);
  ResetOnExit reset(st);
  if (!st.executeStep()) throw std::runtime_error("count query returned no row");
  std::int64_t n = st.getColumn(0).getInt64();
  if (filter.limit) n = std::min(n, std::max<std::int64_t>(*filter.limit, 0));
  return n;
}

std::vector<std::string> explain_find_nodes(Database& db, const NodeFilter& filter) {
  const NodeQuery q = hits_query(db.handle(), filter);
  return explain_plan(db.handle(), q.sql, q.condition);
}

NextMoves continuations(Database& db, std::uint64_t hash, const GameFilter& filter) {
  const Condition games = game_condition(filter);
  NextMoves out;
  {
    SQLite::Statement st(db.handle(),
                         "SELECT n.game_id, count(*) FROM nodes AS n "
                         "JOIN games AS g ON g.game_id = n.game_id WHERE n.position_hash = ?" +
                             games.sql + " GROUP BY n.game_id ORDER BY n.game_id");
    st.bind(1, static_cast<std::int64_t>(hash));
    bind_params(st, games, 2);
    ResetOnExit reset(st);
    while (st.executeStep()) {
      out.game_ids.push_back(st.getColumn(0).getInt64());
      out.positions += st.getColumn(1).getInt64();
    }
    out.games = static_cast<std::int64_t>(out.game_ids.size());
  }
  // The children of a node: the first is node_id + 1 (pre-order), each next
  // sibling starts after the previous one's subtree, until the parent's
  // subtree ends. Primary-key steps only; no index on parent_id needed.
  SQLite::Statement st(
      db.handle(),
      "WITH RECURSIVE child (node_id, parent_end) AS ("
      "SELECT n.node_id + 1, n.subtree_end FROM nodes AS n JOIN games AS g "
      "ON g.game_id = n.game_id WHERE n.position_hash = ? AND n.subtree_end > n.node_id" +
          games.sql +
          " UNION ALL SELECT c.subtree_end + 1, child.parent_end FROM child "
          "JOIN nodes AS c ON c.node_id = child.node_id WHERE c.subtree_end < child.parent_end) "
          "SELECT c.game_id, g.winner, m.seat, m.color, m.kind, m.points, p.name, c.node_id "
          "FROM child JOIN nodes AS c ON c.node_id = child.node_id "
          "JOIN games AS g ON g.game_id = c.game_id "
          "JOIN moves AS m ON m.node_id = c.node_id AND m.ordinal = 0 "
          "LEFT JOIN pieces AS p ON p.piece_id = m.piece_id");
  st.bind(1, static_cast<std::int64_t>(hash));
  bind_params(st, games, 2);
  ResetOnExit reset(st);

  std::map<ContinuationKey, Continuation> moves;
  std::set<std::pair<const Continuation*, std::int64_t>> seen;  // (move, game)
  while (st.executeStep()) {
    const std::int64_t game_id = st.getColumn(0).getInt64();
    const int winner = st.getColumn(1).getInt();
    Continuation m;
    m.seat = static_cast<std::int8_t>(st.getColumn(2).getInt());
    m.color = static_cast<std::int8_t>(st.getColumn(3).getInt());
    m.kind = static_cast<MoveKind>(st.getColumn(4).getInt());
    const SQLite::Column points = st.getColumn(5);
    if (!points.isNull() &&
        !decode_points(std::string_view(static_cast<const char*>(points.getBlob()),
                                        static_cast<std::size_t>(points.getBytes())),
                       m.points)) {
      throw std::runtime_error("corrupt moves.points in game " + std::to_string(game_id));
    }
    std::sort(m.points.begin(), m.points.end());
    m.piece = column_text(st, 6);
    ContinuationKey key = key_of(m);
    auto [it, inserted] = moves.try_emplace(std::move(key), std::move(m));
    Continuation& c = it->second;
    const std::int64_t node_id = st.getColumn(7).getInt64();
    if (c.example_node == 0 || node_id < c.example_node) c.example_node = node_id;
    ++c.occurrences;
    if (seen.emplace(&c, game_id).second) {
      ++c.games;
      if (winner == 1) ++c.seat1_wins;
      if (winner == 2) ++c.seat2_wins;
      c.game_winners.emplace_back(game_id, static_cast<std::int8_t>(winner));
    }
  }
  for (auto& [key, c] : moves) {
    std::sort(c.game_winners.begin(), c.game_winners.end());
    out.moves.push_back(std::move(c));
  }
  // Stable: the map gave key order, which breaks the ties.
  std::stable_sort(
      out.moves.begin(), out.moves.end(), [](const Continuation& a, const Continuation& b) {
        return a.occurrences != b.occurrences ? a.occurrences > b.occurrences : a.games > b.games;
      });
  return out;
}

}  // namespace ludex
