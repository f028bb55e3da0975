#include "schema/explorer/position_games.h"

#include <algorithm>
#include <bit>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/text_fold.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/explorer_gather.h"
#include "schema/explorer/explorer_store.h"
#include "schema/search/query_support.h"
#include "schema/write/counts.h"

namespace ludex {
namespace {

using GamesPlan = NodeFilter::GamesPlan;

// Below this many games at the position's kept images, the plain SQL plan
// (a node row per game) answers in a few milliseconds: the postings are not
// read.
constexpr std::int64_t kMinGames = 1000;

// A set of game ids, a bit each (ids are positive and dense).
class GameSet {
 public:
  void insert(std::int64_t id) {
    if (id <= 0) throw std::runtime_error("game id " + std::to_string(id) + " in a game set");
    const auto word = static_cast<std::size_t>(id >> 6);
    if (word >= words_.size()) words_.resize(std::max(word + 1, words_.size() * 2), 0);
    const std::uint64_t bit = std::uint64_t{1} << (id & 63);
    size_ += (words_[word] & bit) == 0 ? 1 : 0;
    words_[word] |= bit;
  }
  bool contains(std::int64_t id) const {
    const auto word = static_cast<std::size_t>(id >> 6);
    return id > 0 && word < words_.size() && (words_[word] >> (id & 63) & 1) != 0;
  }
  std::int64_t size() const { return size_; }
  // Calls visit(id) for every id, ascending (descending), until it returns
  // false; returns false if it did.
  template <typename Visit>
  bool each(bool descending, Visit&& visit) const {
    for (std::size_t i = 0; i < words_.size(); ++i) {
      const std::size_t w = descending ? words_.size() - 1 - i : i;
      std::uint64_t bits = words_[w];
      while (bits != 0) {
        const int b = descending ? 63 - std::countl_zero(bits) : std::countr_zero(bits);
        bits &= ~(std::uint64_t{1} << b);
        if (!visit(static_cast<std::int64_t>(w * 64) + b)) return false;
      }
    }
    return true;
  }

 private:
  std::vector<std::uint64_t> words_;
  std::int64_t size_ = 0;
};

bool is_blokus(const GameFilter& g) {
  return g.family == Family::kBlokus;
}

// True when the plan answers the filter (see find_position_games).
bool answers(const NodeFilter& f) {
  return f.games_plan != GamesPlan::kSql && f.first_only && !f.position_hashes.empty() &&
         f.game.family && *f.game.family != Family::kOther &&
         (!is_blokus(f.game) || !f.game.variant.empty()) && f.has.empty() && f.empty.empty() &&
         f.links.empty() && f.pieces.empty() && f.patterns.empty() && f.comment_match.empty() &&
         !f.eval_min && !f.eval_max && !f.eval_swing && !f.has_eval && !f.main_line_only;
}

// The game conditions every game of a kept position meets or fails as one:
// its hash starts from the key of its family and board size
// (games/position_support.h), its explorer key holds a Blokus variant.
GameFilter board_conditions(const GameFilter& g) {
  GameFilter b;
  b.family = g.family;
  b.size = g.size;
  if (is_blokus(g)) b.variant = g.variant;
  return b;
}

// True when the filter has game conditions beyond board_conditions().
bool has_other_conditions(const GameFilter& g) {
  const bool players = std::any_of(g.players.begin(), g.players.end(),
                                   [](const std::string& p) { return !p.empty(); });
  return players || !g.game_ids.empty() || (!g.variant.empty() && !is_blokus(g)) ||
         !g.event.empty() || !g.result.empty() || g.winner || !g.date_from.empty() ||
         !g.date_to.empty() || g.moves_min || g.moves_max || g.rank_min || g.rank_max ||
         g.duplicates_only;
}

// Whether one game meets a game filter's conditions: a statement prepared
// once.
class GameCheck {
 public:
  GameCheck(SQLite::Database& db, const GameFilter& filter)
      : condition_(game_condition(filter)),
        st_(db, "SELECT 1 FROM games AS g WHERE g.game_id = ?" + condition_.sql) {}
  bool meets(std::int64_t game_id) {
    ResetOnExit reset(st_);
    st_.bind(1, game_id);
    bind_params(st_, condition_, 2);
    return st_.executeStep();
  }

 private:
  Condition condition_;
  SQLite::Statement st_;
};

// The games at the position that meet the filter's game conditions: the
// postings of its kept images, the games of the nodes of the others (fewer
// than kExplorerMinNodes each). nullopt when the plan does not answer the
// filter.
std::optional<GameSet> position_games(Database& db, const NodeFilter& f) {
  if (!answers(f)) return std::nullopt;
  SQLite::Database& h = db.handle();
  ExplorerStoreReader store(h);
  if (!store.usable()) return std::nullopt;
  std::vector<std::uint64_t> hashes = f.position_hashes;
  std::sort(hashes.begin(), hashes.end());
  hashes.erase(std::unique(hashes.begin(), hashes.end()), hashes.end());
  std::vector<std::uint64_t> kept;
  std::vector<std::uint64_t> others;
  std::int64_t estimate = 0;
  for (const std::uint64_t hash : hashes) {
    const std::uint64_t key = explorer_key(*f.game.family, f.game.variant, hash);
    if (store.has(key)) {
      kept.push_back(key);
      estimate += store.games(key);
    } else {
      others.push_back(hash);
    }
  }
  if (kept.empty() || (f.games_plan == GamesPlan::kAuto && estimate < kMinGames)) {
    return std::nullopt;
  }
  // The games of a kept position are on one board: one game tells for all.
  // On another board than the filter's (a rare query) the SQL plan answers.
  GameCheck board(h, board_conditions(f.game));
  GameSet set;
  for (const std::uint64_t key : kept) {
    std::int64_t sample = 0;
    store.read(key, [&](const PositionVisit& v) {
      if (sample == 0) sample = v.game_id;
      set.insert(v.game_id);
    });
    if (sample == 0 || !board.meets(sample)) return std::nullopt;
  }
  if (!others.empty()) {
    Condition c;
    c.add("SELECT DISTINCT ");
    c.add(kGameOfNode);
    c.add(" FROM node_hashes AS nh CROSS JOIN nodes AS n WHERE 1");
    add_hash_lookup(c, others);
    SQLite::Statement st(h, c.sql);
    bind_params(st, c);
    while (st.executeStep()) {
      const std::int64_t game = st.getColumn(0).getInt64();
      if (board.meets(game)) set.insert(game);
    }
  }
  if (!has_other_conditions(f.game)) return set;
  GameSet selected;
  std::vector<std::string> players;
  for (const std::string& p : f.game.players) {
    if (!p.empty()) players.push_back(p);
  }
  if (players.size() == 1 && f.game.player_side == 0) {
    // One player: that player's games (its aliases' too) at the position,
    // each checked for the other conditions. The planner would rather scan
    // the family's games (250,000 at 1M) and probe the player's.
    GameFilter rest = f.game;
    rest.players.clear();
    GameCheck check(h, rest);
    SQLite::Statement st(h, std::string("SELECT gp.game_id FROM game_players AS gp "
                                        "WHERE gp.player_id IN ") +
                                kPlayerIdsMatching);
    st.bind(1, user_pattern_to_glob(players.front()));
    while (st.executeStep()) {
      const std::int64_t game = st.getColumn(0).getInt64();
      if (set.contains(game) && !selected.contains(game) && check.meets(game)) {
        selected.insert(game);
      }
    }
    return selected;
  }
  const Condition c = game_condition(f.game);
  SQLite::Statement st(h, "SELECT g.game_id FROM games AS g WHERE 1" + c.sql);
  bind_params(st, c);
  while (st.executeStep()) {
    const std::int64_t game = st.getColumn(0).getInt64();
    if (set.contains(game)) selected.insert(game);
  }
  return selected;
}

// Reads the first node of a game at the position (the smallest depth, then
// the smallest node id) into a hit: the hash index's entries of the game's
// node range.
class FirstNodes {
 public:
  FirstNodes(SQLite::Database& db, const std::vector<std::uint64_t>& hashes)
      : condition_(node_condition(hashes)), st_(db, condition_.sql) {}

  void read(std::int64_t game_id, NodeHit& out) {
    ResetOnExit reset(st_);
    st_.bind(1, game_id);
    bind_params(st_, condition_, 2);
    if (!st_.executeStep()) {
      throw std::runtime_error("corrupt database: the explorer lists game " +
                               std::to_string(game_id) + " at a position none of its nodes holds");
    }
    out.node_id = st_.getColumn(0).getInt64();
    out.depth = st_.getColumn(1).getInt();
    out.move_number = st_.getColumn(2).getInt();
    out.main_line = st_.getColumn(3).getInt() != 0;
    out.position_hash = static_cast<std::uint64_t>(column_int(st_, 4, 0));
  }

 private:
  static Condition node_condition(const std::vector<std::uint64_t>& hashes) {
    Condition c;
    c.add(
        "SELECT n.node_id, n.depth, n.depth + 1 - n.moveless, n.flags & 1, n.position_hash "
        "FROM games AS g CROSS JOIN node_hashes AS nh CROSS JOIN nodes AS n WHERE g.game_id = ? "
        "AND nh.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1");
    add_hash_lookup(c, hashes);
    c.add(" ORDER BY n.depth, n.node_id LIMIT 1");
    return c;
  }

  Condition condition_;
  SQLite::Statement st_;
};

// A game's key in a GameOrder other than kGameId, as order_clause() sorts
// it: `last` first (no date, no player, no winner), then the winner (the
// result order), then the text (NULL below any text), then the game id.
struct OrderKey {
  bool last = false;
  std::int64_t winner = 0;
  bool has_text = false;
  std::string text;
  std::int64_t game_id = 0;
};

// The statement that reads a game's OrderKey: last, winner, text.
std::string order_key_sql(GameOrder order) {
  switch (order) {
    case GameOrder::kDate:
      return "SELECT g.date IS NULL, 0, g.date FROM games AS g WHERE g.game_id = ?1";
    case GameOrder::kPlayer:
      return std::string("SELECT k IS NULL, 0, k FROM (SELECT ") + kFirstPlayer +
             " AS k FROM games AS g WHERE g.game_id = ?1)";
    default:
      return "SELECT g.winner = 0, g.winner, g.result FROM games AS g WHERE g.game_id = ?1";
  }
}

// True if a sorts before b in order_clause()'s order (descending reverses
// the winner and the text, never `last` nor the game id).
bool key_before(const OrderKey& a, const OrderKey& b, bool descending) {
  if (a.last != b.last) return !a.last;
  if (a.winner != b.winner) return descending ? a.winner > b.winner : a.winner < b.winner;
  if (a.has_text != b.has_text || a.text != b.text) {
    const bool less = !a.has_text || (b.has_text && a.text < b.text);
    return descending ? !less : less;
  }
  return a.game_id < b.game_id;
}

// Calls step for the games of `set` in the filter's order (not kGameId), by
// sorting them on keys read one game at a time; stops when step returns
// false. Costs a row read per game of the set.
void sort_walk(SQLite::Database& db, const GameSet& set, const GameFilter& g, std::int64_t needed,
               const std::function<bool(std::int64_t)>& step) {
  SQLite::Statement st(db, order_key_sql(g.order));
  std::vector<OrderKey> keys;
  keys.reserve(static_cast<std::size_t>(set.size()));
  set.each(false, [&](std::int64_t game) {
    ResetOnExit reset(st);
    st.bind(1, game);
    if (!st.executeStep()) throw std::runtime_error("game " + std::to_string(game) + " vanished");
    OrderKey& k = keys.emplace_back();
    k.last = st.getColumn(0).getInt() != 0;
    k.winner = st.getColumn(1).getInt64();
    k.has_text = !st.getColumn(2).isNull();
    if (k.has_text) k.text = st.getColumn(2).getString();
    k.game_id = game;
    return true;
  });
  const auto less = [&](const OrderKey& a, const OrderKey& b) {
    return key_before(a, b, g.descending);
  };
  const auto end =
      keys.begin() + std::min<std::ptrdiff_t>(std::max<std::int64_t>(needed, 0),
                                              static_cast<std::ptrdiff_t>(keys.size()));
  std::partial_sort(keys.begin(), end, keys.end(), less);
  for (auto it = keys.begin(); it != end; ++it) {
    if (!step(it->game_id)) return;
  }
}

// Runs st (rows: game id, then the order's key as text) and calls step for
// the ids in `set`; st lists a descending order with ties by descending id,
// which `descending` puts back in increasing id order per run of equal keys.
// Returns false when step did.
bool walk_runs(SQLite::Statement& st, const GameSet& set, bool descending,
               const std::function<bool(std::int64_t)>& step) {
  std::vector<std::int64_t> run;
  std::string run_key;
  while (st.executeStep()) {
    const std::int64_t game = st.getColumn(0).getInt64();
    if (!set.contains(game)) continue;
    if (!descending) {
      if (!step(game)) return false;
      continue;
    }
    const std::string key = st.getColumn(1).getString();
    if (key != run_key) {
      for (auto it = run.rbegin(); it != run.rend(); ++it) {
        if (!step(*it)) return false;
      }
      run.clear();
      run_key = key;
    }
    run.push_back(game);
  }
  for (auto it = run.rbegin(); it != run.rend(); ++it) {
    if (!step(*it)) return false;
  }
  return true;
}

// Calls step for the games of `set` in date order, walking games_by_family
// (family, date): the dated games, then the undated ones by id.
void date_walk(SQLite::Database& db, const GameSet& set, const GameFilter& g,
               const std::function<bool(std::int64_t)>& step) {
  const std::string family(family_name(*g.family));
  SQLite::Statement dated(db, std::string("SELECT g.game_id, g.date FROM games AS g "
                                          "WHERE g.family = ?1 AND g.date IS NOT NULL ") +
                                  (g.descending ? "ORDER BY g.date DESC, g.game_id DESC"
                                                : "ORDER BY g.date, g.game_id"));
  dated.bind(1, family);
  if (!walk_runs(dated, set, g.descending, step)) return;
  SQLite::Statement undated(db,
                            "SELECT g.game_id, '' FROM games AS g WHERE g.family = ?1 "
                            "AND g.date IS NULL ORDER BY g.game_id");
  undated.bind(1, family);
  walk_runs(undated, set, false, step);
}

// Calls step for the games of `set` in result order, walking games_by_result
// (winner, result) over every family (the set holds one family's games):
// the games with a winner (by seat, negative ones before positive ones,
// both reversed when descending), then those without. A run's key tells a
// NULL result from every text.
void result_walk(SQLite::Database& db, const GameSet& set, const GameFilter& g,
                 const std::function<bool(std::int64_t)>& step) {
  const std::string select =
      "SELECT g.game_id, g.winner || ':' || coalesce('=' || g.result, '') FROM games AS g "
      "WHERE ";
  const char* order = g.descending ? " ORDER BY g.winner DESC, g.result DESC, g.game_id DESC"
                                   : " ORDER BY g.winner, g.result, g.game_id";
  const char* const ascending[] = {"g.winner < 0", "g.winner > 0", "g.winner = 0"};
  const char* const descending[] = {"g.winner > 0", "g.winner < 0", "g.winner = 0"};
  for (const char* range : g.descending ? descending : ascending) {
    SQLite::Statement st(db, select + range + order);
    if (!walk_runs(st, set, g.descending, step)) return;
  }
}

// Calls step for the games of `set` in player order: the players by folded
// name (players_by_folded), each run of equal names' games
// (game_players_by_player) whose first player has that name, by id; then
// the games without players, by id.
void player_walk(SQLite::Database& db, const GameSet& set, const GameFilter& g,
                 const std::function<bool(std::int64_t)>& step) {
  SQLite::Statement names(db, std::string("SELECT p.player_id, p.name_folded FROM players AS p "
                                          "ORDER BY p.name_folded") +
                                  (g.descending ? " DESC" : ""));
  SQLite::Statement games(db, "SELECT gp.game_id FROM game_players AS gp WHERE gp.player_id = ?1");
  SQLite::Statement first(db, order_key_sql(GameOrder::kPlayer));
  // The game's first player's folded name; nullopt when it has none.
  auto first_player = [&](std::int64_t game) -> std::optional<std::string> {
    ResetOnExit reset(first);
    first.bind(1, game);
    if (!first.executeStep() || first.getColumn(2).isNull()) return std::nullopt;
    return first.getColumn(2).getString();
  };
  std::vector<std::int64_t> players;
  std::string name;
  auto flush = [&]() {
    std::vector<std::int64_t> run;
    for (const std::int64_t player : players) {
      ResetOnExit reset(games);
      games.bind(1, player);
      while (games.executeStep()) {
        const std::int64_t game = games.getColumn(0).getInt64();
        if (set.contains(game)) run.push_back(game);
      }
    }
    players.clear();
    std::sort(run.begin(), run.end());
    run.erase(std::unique(run.begin(), run.end()), run.end());
    // A game's first player is read only when the walk gets that far.
    return std::all_of(run.begin(), run.end(),
                       [&](std::int64_t game) { return first_player(game) != name || step(game); });
  };
  while (names.executeStep()) {
    std::string next = names.getColumn(1).getString();
    if (!players.empty() && next != name && !flush()) return;
    name = std::move(next);
    players.push_back(names.getColumn(0).getInt64());
  }
  if (!players.empty() && !flush()) return;
  set.each(false, [&](std::int64_t game) { return first_player(game) || step(game); });
}

}  // namespace

std::optional<std::int64_t> count_position_games(Database& db, const NodeFilter& filter) {
  const std::optional<GameSet> set = position_games(db, filter);
  if (!set) return std::nullopt;
  std::int64_t n = set->size();
  if (filter.limit) n = std::min(n, std::max<std::int64_t>(*filter.limit, 0));
  return n;
}

std::optional<std::int64_t> find_position_games(Database& db, const NodeFilter& filter,
                                                const std::function<bool(const NodeHit&)>& visit,
                                                std::int64_t* total) {
  const std::optional<GameSet> set = position_games(db, filter);
  if (!set) return std::nullopt;
  if (total != nullptr) *total = set->size();
  SQLite::Database& h = db.handle();
  if (filter.limit && *filter.limit <= 0) return 0;
  const std::int64_t offset = std::max<std::int64_t>(filter.offset, 0);
  const std::int64_t needed = filter.limit ? offset + *filter.limit : set->size();
  FirstNodes nodes(h, filter.position_hashes);
  GameHitReader games(h);
  std::int64_t to_skip = offset;
  std::int64_t visited = 0;
  NodeHit out;
  const std::function<bool(std::int64_t)> step = [&](std::int64_t game) {
    if (to_skip > 0) {
      --to_skip;
      return true;
    }
    nodes.read(game, out);
    if (!games.read(game, out.game)) {
      throw std::runtime_error("game " + std::to_string(game) + " vanished");
    }
    ++visited;
    return visit(out) && !(filter.limit && visited >= *filter.limit);
  };
  const GameFilter& g = filter.game;
  if (g.order == GameOrder::kGameId) {
    set->each(g.descending, step);
    return visited;
  }
  // A walk reads about needed * (games walked) / (games in the set) rows,
  // the sort a row per game of the set.
  const std::map<std::string, std::int64_t> counts = read_counts(h);
  const auto count = [&counts](const std::string& name) {
    const auto it = counts.find(name);
    return it == counts.end() ? std::int64_t{0} : it->second;
  };
  const std::int64_t all = count(std::string(count_name::kGames));
  const std::int64_t walked = g.order == GameOrder::kDate ? count(count_name::games_of(*g.family))
                              : g.order == GameOrder::kPlayer ? 2 * all
                                                              : all;
  const bool walk = (filter.games_plan == GamesPlan::kWalk ||
                     (filter.games_plan == GamesPlan::kAuto &&
                      static_cast<double>(needed) * static_cast<double>(walked) <
                          static_cast<double>(set->size()) * static_cast<double>(set->size())));
  if (!walk) {
    sort_walk(h, *set, g, needed, step);
  } else if (g.order == GameOrder::kDate) {
    date_walk(h, *set, g, step);
  } else if (g.order == GameOrder::kResult) {
    result_walk(h, *set, g, step);
  } else {
    player_walk(h, *set, g, step);
  }
  return visited;
}

}  // namespace ludex
