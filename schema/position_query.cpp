#include "schema/position_query.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include <SQLiteCpp/Statement.h>

#include "games/position_codes.h"
#include "games/position_stream.h"
#include "schema/db/blob_codec.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/position_games.h"
#include "schema/search/position_replay.h"
#include "schema/search/query_support.h"

namespace ludex {
namespace {

// The FROM clauses of the statement that finds nodes by a condition with an
// index of its own (the position hash, evaluations, comments) or by their
// games alone. CROSS JOIN fixes the order where the better one is known
// (docs/schema.md, "Query plans"):
//  * kNodesFirst: the node condition's index gives the nodes, each node's
//    game follows by kGameOfNode and its key.
//  * kGamesFirst: the filtered games (a player filter's index, or no node
//    condition at all), each game's nodes one key range.
//  * kCommentsFirst: the FTS5 index gives the matching comments' nodes.
constexpr const char* kNodesFirst = "FROM nodes AS n CROSS JOIN games AS g WHERE g.game_id = ";
constexpr const char* kHashesFirst =
    "FROM node_hashes AS nh CROSS JOIN nodes AS n CROSS JOIN games AS g WHERE g.game_id = ";
constexpr const char* kGamesFirst =
    "FROM games AS g CROSS JOIN nodes AS n "
    "WHERE n.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1";
constexpr const char* kCommentsFirst =
    "FROM comments_fts CROSS JOIN nodes AS n CROSS JOIN games AS g "
    "WHERE comments_fts MATCH ? AND n.node_id = comments_fts.rowid AND g.game_id = ";

// A node hit's columns: move_number = depth + 1 - moveless, main_line is
// bit 0 of flags (docs/schema.md, "nodes").
constexpr const char* kNodeColumns =
    "SELECT n.node_id, g.game_id, n.depth, n.depth + 1 - n.moveless, n.flags & 1, "
    "n.position_hash ";
// The matched words marked, about a dozen tokens around them.
constexpr const char* kSnippetColumn = ", snippet(comments_fts, 0, '[', ']', '...', 12) ";

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

bool has_position_conditions(const NodeFilter& f) {
  return !f.has.empty() || !f.empty.empty() || !f.links.empty() || !f.pieces.empty() ||
         !f.patterns.empty();
}

bool has_eval_conditions(const NodeFilter& f) {
  return f.eval_min || f.eval_max || f.eval_swing || f.has_eval;
}

// Conditions that an index of their own answers: the hash, evaluations,
// comments.
bool has_index_conditions(const NodeFilter& f) {
  return !f.position_hashes.empty() || has_eval_conditions(f) || !f.comment_match.empty();
}

// Links exist only in Twixt and pieces only in Blokus: such conditions
// without a family imply it. nullopt when they imply two families (no node
// can match).
std::optional<NodeFilter> with_implied_family(const NodeFilter& f) {
  NodeFilter out = f;
  if (!out.links.empty() && !out.game.family) out.game.family = Family::kTwixt;
  if (!out.pieces.empty() && !out.game.family) out.game.family = Family::kBlokus;
  if ((!out.links.empty() && out.game.family != Family::kTwixt) ||
      (!out.pieces.empty() && out.game.family != Family::kBlokus)) {
    return std::nullopt;
  }
  return out;
}

// The filter's position conditions for PositionMatcher.
PositionConditions matcher_conditions(const NodeFilter& f) {
  if (!f.game.family) throw std::invalid_argument("stone conditions need a game family");
  PositionConditions c;
  c.patterns = f.patterns;
  c.has = f.has;
  c.empty = f.empty;
  // The matcher takes a link as TwixtLink says, a < b; a user may give
  // either end first.
  for (TwixtLink l : f.links) {
    if (l.b < l.a) std::swap(l.a, l.b);
    c.links.push_back(l);
  }
  for (const PieceCondition& p : f.pieces) c.pieces.push_back({p.name, p.color});
  return c;
}

// "e.source = ?" for one source, "e.source IN (?, ...)" listing every source
// otherwise: the evaluation indexes lead with the source, and an IN list
// keeps them usable for the range on the value or the swing.
void add_eval_sources(Condition& c, std::optional<EvalSource> source) {
  if (source) {
    c.add("e.source = ?");
    c.integer(static_cast<std::int64_t>(*source));
    return;
  }
  c.add("e.source IN (?");
  for (std::size_t i = 1; i < all_eval_sources().size(); ++i) c.add(", ?");
  c.add(")");
  for (const EvalSource s : all_eval_sources()) c.integer(static_cast<std::int64_t>(s));
}

// The evaluations of a node hit that meet the filter's evaluation
// conditions (NodeHit::evaluations): one statement, prepared once.
class HitEvaluations {
 public:
  HitEvaluations(SQLite::Database& db, const NodeFilter& f)
      : filter_(f),
        st_(db,
            "SELECT e.source, e.value, e.swing FROM evaluations AS e WHERE e.node_id = ?1 "
            "AND e.undetermined = 0 AND e.value IS NOT NULL ORDER BY e.source, e.ordinal") {}

  void read(std::int64_t node_id, std::vector<NodeEvaluation>& out) {
    out.clear();
    ResetOnExit reset(st_);
    st_.bind(1, node_id);
    while (st_.executeStep()) {
      NodeEvaluation e;
      e.source = static_cast<EvalSource>(st_.getColumn(0).getInt());
      e.value = st_.getColumn(1).getDouble();
      if (!st_.getColumn(2).isNull()) e.swing = st_.getColumn(2).getDouble();
      if (filter_.eval_source && e.source != *filter_.eval_source) continue;
      if (std::isnan(e.value)) continue;
      if (filter_.eval_min && e.value < *filter_.eval_min) continue;
      if (filter_.eval_max && e.value > *filter_.eval_max) continue;
      if (filter_.eval_swing && !(e.swing && *e.swing >= *filter_.eval_swing)) continue;
      out.push_back(e);
    }
  }

 private:
  const NodeFilter& filter_;
  SQLite::Statement st_;
};

// "FROM ... WHERE ..." of a node filter's SQL part (every condition but the
// position conditions, which replay checks), and its parameters. Without
// need_game and without game conditions, the games table is left out (a
// count of nodes needs no game).
Condition build_from_where(SQLite::Database& db, const NodeFilter& f, bool need_game) {
  const bool comment = !f.comment_match.empty();
  if (comment) check_comment_match(db, f.comment_match);
  const Condition games = game_condition(f.game);
  const bool players = std::any_of(f.game.players.begin(), f.game.players.end(),
                                   [](const std::string& p) { return !p.empty(); });
  // A hash is a handful of nodes: its index drives whatever the games are.
  // An evaluation condition may match much of the archive: with a player
  // filter, that player's games drive instead.
  const bool node_indexed = !f.position_hashes.empty() ||
                            ((f.eval_min || f.eval_max || f.eval_swing || f.has_eval) && !players);
  const bool with_game = need_game || !games.sql.empty();

  Condition c;
  if (comment) {
    c.add(kCommentsFirst);
    c.add(kGameOfNode);
    c.text(f.comment_match);
  } else if (node_indexed) {
    const bool by_hash = !f.position_hashes.empty();
    if (with_game) {
      c.add(by_hash ? kHashesFirst : kNodesFirst);
      c.add(kGameOfNode);
    } else {
      c.add(by_hash ? "FROM node_hashes AS nh CROSS JOIN nodes AS n WHERE 1"
                    : "FROM nodes AS n WHERE 1");
    }
  } else {
    c.add(kGamesFirst);
    // With no condition on the node, a game's shallowest hit is its root:
    // one node per game, not every node of the archive (46 s at 1M games).
    if (f.first_only && !has_position_conditions(f) && !has_eval_conditions(f)) {
      c.add(" AND n.node_id = g.first_node_id");
    }
  }
  c.append(games);  // empty whenever games is not joined
  // A node whose position was not computed (hash NULL: an illegal move or
  // setup on its path) has no known position to test.
  if (has_position_conditions(f)) c.add(" AND n.position_hash IS NOT NULL");
  if (!f.position_hashes.empty()) {
    // node_hashes drives (kHashesFirst) unless the comments do.
    if (comment) {
      add_hash_filter(c, f.position_hashes);
    } else {
      add_hash_lookup(c, f.position_hashes);
    }
  }
  if (f.main_line_only) c.add(" AND (n.flags & 1) = 1");
  if (f.eval_min || f.eval_max || f.has_eval) {
    // The same evaluation must satisfy both bounds. Written so that the
    // partial index evaluations_by_value (WHERE undetermined = 0) applies.
    c.add(" AND n.node_id IN (SELECT e.node_id FROM evaluations AS e WHERE ");
    add_eval_sources(c, f.eval_source);
    c.add(" AND e.undetermined = 0 AND e.value IS NOT NULL");
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
    c.add(" AND n.node_id IN (SELECT e.node_id FROM evaluations AS e WHERE ");
    add_eval_sources(c, f.eval_source);
    c.add(" AND e.swing >= ?)");
    c.real(*f.eval_swing);
  }
  return c;
}

// The statement find_nodes runs for the SQL part of a filter, its
// parameters, the limit last (only when every condition is in SQL).
struct NodeQuery {
  std::string sql;
  Condition condition;
};

NodeQuery hits_query(SQLite::Database& db, const NodeFilter& f, bool sql_only) {
  NodeQuery q;
  q.condition = build_from_where(db, f, true);
  // Game ids and node ids grow together (docs/schema.md, "How ids are
  // assigned"), so game order is node id order: a plan driven by an index of
  // nodes then needs no sort, and a limit stops it early.
  const bool node_order = f.game.order == GameOrder::kGameId && !f.game.descending;
  q.sql = std::string(kNodeColumns) + (f.comment_match.empty() ? "" : kSnippetColumn) +
          q.condition.sql +
          (node_order ? std::string(" ORDER BY n.node_id") : order_clause(f.game, ", n.node_id"));
  // With first_only the limit counts games, applied while reading; the
  // offset is always skipped while reading.
  if (sql_only && f.limit && !f.first_only) {
    q.sql += " LIMIT ?";
    q.condition.integer(*f.limit + std::max<std::int64_t>(f.offset, 0));
  }
  return q;
}

// find_nodes for filters with position conditions and no condition an index
// answers: the games in the filter's order, replayed, each game's hits in
// node id order.
std::int64_t find_nodes_by_replay(Database& db, const NodeFilter& filter,
                                  const std::function<bool(const NodeHit&)>& visit) {
  const PositionConditions conditions = matcher_conditions(filter);
  if (filter.limit && *filter.limit <= 0) return 0;
  GameHitReader games(db.handle());
  SQLite::Statement node_row(
      db.handle(), "SELECT depth + 1 - moveless, position_hash FROM nodes WHERE node_id = ?1");
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

namespace {

// find_nodes; where the explorer's postings answer, *total (when given) is
// set to the games at the position that meet the filter, else left alone.
std::int64_t find_nodes_with_total(Database& db, const NodeFilter& given,
                                   const std::function<bool(const NodeHit&)>& visit,
                                   std::int64_t* total) {
  const std::optional<NodeFilter> implied = with_implied_family(given);
  if (!implied) return 0;
  const NodeFilter& filter = *implied;
  // The first node of each game at a common position: from the
  // explorer's postings (schema/explorer/position_games.h).
  if (const std::optional<std::int64_t> n = find_position_games(db, filter, visit, total)) {
    return *n;
  }
  const bool positions = has_position_conditions(filter);
  if (positions && !has_index_conditions(filter)) {
    return find_nodes_by_replay(db, filter, visit);
  }
  // The statement finds the nodes meeting every other condition; with
  // position conditions each of their games is replayed to check them, and
  // --first and the limit apply after that.
  const NodeQuery q = hits_query(db.handle(), filter, !positions);
  SQLite::Statement st(db.handle(), q.sql);
  bind_params(st, q.condition);
  GameHitReader games(db.handle());
  std::optional<GameReplayer> replayer;
  if (positions) replayer.emplace(db, matcher_conditions(filter));
  std::optional<HitEvaluations> evaluations;
  if (has_eval_conditions(filter)) evaluations.emplace(db.handle(), filter);
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
    if (evaluations) evaluations->read(hit.node_id, out.evaluations);
    ++visited;
    if (!visit(out) || (filter.limit && visited >= *filter.limit)) stopped = true;
  };
  NodeHit row;
  NodeHit best;  // first_only: the shallowest hit of the current game so far
  bool pending = false;
  while (!stopped && st.executeStep()) {
    row.node_id = st.getColumn(0).getInt64();
    row.game.game_id = st.getColumn(1).getInt64();
    row.depth = st.getColumn(2).getInt();
    row.move_number = st.getColumn(3).getInt();
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

}  // namespace

std::int64_t find_nodes(Database& db, const NodeFilter& filter,
                        const std::function<bool(const NodeHit&)>& visit) {
  return find_nodes_with_total(db, filter, visit, nullptr);
}

NodePage find_node_page(Database& db, const NodeFilter& filter,
                        const std::function<bool(const NodeHit&)>& visit) {
  NodePage page;
  page.total = -1;
  page.visited = find_nodes_with_total(db, filter, visit, &page.total);
  if (page.total < 0) {
    NodeFilter all = filter;
    all.limit.reset();
    all.offset = 0;
    page.total = count_nodes(db, all);
  }
  return page;
}

std::int64_t count_nodes(Database& db, const NodeFilter& given) {
  const std::optional<NodeFilter> implied = with_implied_family(given);
  if (!implied) return 0;
  const NodeFilter& filter = *implied;
  if (const std::optional<std::int64_t> n = count_position_games(db, filter)) return *n;
  const bool positions = has_position_conditions(filter);
  if (positions && !has_index_conditions(filter)) {
    // Counting needs no node rows: the replay's hits are the count, and with
    // --first a game's first hit is enough.
    ReplayOptions options;
    options.main_line_only = filter.main_line_only;
    options.any_only = filter.first_only;
    std::int64_t n = 0;
    replay_games(db, filter.game, matcher_conditions(filter), options, [&](const ReplayGame& g) {
      n += filter.first_only ? 1 : static_cast<std::int64_t>(g.hits.size());
      return !(filter.limit && n >= *filter.limit);
    });
    if (filter.limit) n = std::min(n, std::max<std::int64_t>(*filter.limit, 0));
    return n;
  }
  if (positions) {
    NodeFilter all = filter;
    all.offset = 0;
    return find_nodes(db, all, [](const NodeHit&) { return true; });
  }
  Condition c = build_from_where(db.handle(), filter, filter.first_only);
  std::string sql;
  if (filter.first_only) {
    sql = "SELECT count(DISTINCT g.game_id) " + c.sql;
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

std::vector<std::string> explain_find_nodes(Database& db, const NodeFilter& given) {
  const NodeFilter filter = with_implied_family(given).value_or(given);
  if (has_position_conditions(filter) && !has_index_conditions(filter)) {
    return {
        "REPLAY the position streams of the filter's games (game_positions), "
        "the games to replay from feature_games; no node rows are read"};
  }
  const NodeQuery q = hits_query(db.handle(), filter, !has_position_conditions(filter));
  return explain_plan(db.handle(), q.sql, q.condition);
}

PatternNextMoves pattern_continuations(Database& db, const Board& shape,
                                       const std::vector<PatternPlacement>& placements,
                                       const std::vector<Point>& area, const GameFilter& filter) {
  if (!filter.family) throw std::invalid_argument("pattern continuations need a game family");
  if (*filter.family == Family::kBlokus) {
    throw std::invalid_argument("pattern continuations are not for Blokus (a move places a piece)");
  }
  PositionConditions conditions;
  for (const PatternPlacement& p : placements) conditions.patterns.push_back(p.pattern);
  const std::set<Point> in_area(area.begin(), area.end());
  ReplayOptions options;
  options.children = true;
  PatternNextMoves out;
  ContinuationTally tally;
  replay_games(db, filter, conditions, options, [&](const ReplayGame& g) {
    out.positions += static_cast<std::int64_t>(g.hits.size());
    ++out.games;
    for (const ReplayChild& child : g.children) {
      const ReplayHit& hit = g.hits[child.parent_hit];
      std::optional<Point> at;
      std::int8_t colour = 0;
      if (!child.setup && child.placed.size() == 1 && hit.pattern >= 0 &&
          static_cast<std::size_t>(hit.pattern) < placements.size()) {
        const PatternPlacement& placement = placements[static_cast<std::size_t>(hit.pattern)];
        at = pattern_frame_point(shape, placement, child.placed.front().point);
        // The colour as the pattern was given: the inverse of the
        // placement's colour map.
        colour = child.placed.front().color;
        for (std::int8_t c = 1; c <= 4; ++c) {
          if (placement.symmetry.colour_map[c] == colour) {
            colour = c;
            break;
          }
        }
      }
      if (!at || in_area.count(*at) == 0) {
        ++out.elsewhere;
        continue;
      }
      Continuation m;
      m.seat = colour;
      m.kind = MoveKind::kPlace;
      m.points.push_back(*at);
      tally.add(m, g.game_id, g.winner, g.first_node_id + child.index);
    }
    return true;
  });
  out.moves = tally.take();
  return out;
}

}  // namespace ludex
