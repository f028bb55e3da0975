#include "tests/unit/schema/position_test_util.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <tuple>

#include <SQLiteCpp/Statement.h>

#include "schema/game_store.h"

namespace ludex::testing {
namespace {

std::int8_t seat_of(Family family, std::int8_t color) {
  if (family != Family::kBlokus) return color;
  return static_cast<std::int8_t>(color % 2 == 1 ? 1 : 2);
}

TwixtLink normalized(TwixtLink l) {
  if (l.b < l.a) std::swap(l.a, l.b);
  return l;
}

std::string fold_ascii(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The first determined, non-NaN value of a source at a node, NaN if none.
double first_value(const NodeView& data, EvalSource source) {
  for (const Evaluation& e : data.evaluations) {
    if (e.source == source && !e.undetermined && !std::isnan(e.value)) return e.value;
  }
  return std::nan("");
}

// The colour of a node's piece, as GameStore takes it: the first placing
// move's colour, else the first placed cell's.
std::int8_t piece_color(const NodeView& data, const PositionDelta& delta) {
  for (const Move& m : data.moves) {
    if (m.kind == MoveKind::kPlace) return m.color;
  }
  return delta.placed.empty() ? 0 : delta.placed.front().color;
}

}  // namespace

GameBuilder::GameBuilder(Family family, std::vector<std::string> players, std::int8_t winner) {
  GameRecord& g = game_.record;
  g.family = family;
  g.dialect = "sgf";
  // Blokus: the classic board and piece set, so that the game's stream
  // (which names pieces by their place in the set) holds its pieces.
  if (family == Family::kBlokus) g.variant = "Blokus";
  g.columns = family == Family::kBlokus ? 20 : 9;
  g.rows = g.columns;
  for (std::size_t i = 0; i < players.size(); ++i) {
    g.players.push_back(SeatPlayer{static_cast<std::int8_t>(i + 1), players[i]});
  }
  g.winner = winner;
  if (winner != 0) g.result = winner == 1 ? "B+" : "W+";
}

void GameBuilder::size(std::int32_t side) {
  game_.record.columns = side;
  game_.record.rows = side;
}

NodeIndex GameBuilder::node(NodeIndex parent, std::vector<Occupant> placed,
                            std::vector<Occupant> removed) {
  GameTree& t = game_.record.tree;
  const NodeIndex i = parent == kNoNode ? t.add_root() : t.add_child(parent);
  if (parent != kNoNode) {
    Move m;
    if (placed.empty()) {
      m.seat = 1;
      m.kind = MoveKind::kPass;
    } else {
      const Family family = game_.record.family;
      m.seat = seat_of(family, placed.front().color);
      m.color = family == Family::kBlokus ? placed.front().color : 0;
      for (const Occupant& o : placed) m.points.push_back(o.point);
    }
    t.add_move(i, std::move(m));
  }
  game_.positions.deltas.resize(t.size());
  unhashed_.resize(t.size(), 0);
  game_.positions.deltas[i].placed = std::move(placed);
  game_.positions.deltas[i].removed = std::move(removed);
  return i;
}

void GameBuilder::links(NodeIndex node, std::vector<TwixtLink> added,
                        std::vector<TwixtLink> removed) {
  PositionDelta& d = game_.positions.deltas[node];
  d.links_added.insert(d.links_added.end(), added.begin(), added.end());
  d.links_removed.insert(d.links_removed.end(), removed.begin(), removed.end());
}

void GameBuilder::piece(NodeIndex node, std::string name) {
  game_.positions.deltas[node].piece = std::move(name);
}

void GameBuilder::evaluation(NodeIndex node, double value, EvalSource source, bool undetermined) {
  game_.record.tree.add_evaluation(node, Evaluation{source, undetermined, value});
}

void GameBuilder::unhashed(NodeIndex node) {
  unhashed_[node] = 1;
}

PositionedGame GameBuilder::build() const {
  PositionedGame out = game_;
  const GameTree& t = out.record.tree;
  const std::vector<TestPosition> positions = replay(out);
  out.positions.hashes.assign(t.size(), 0);
  std::vector<char> off(t.size(), 0);
  for (NodeIndex i : t.preorder()) {
    const NodeIndex p = t.parent(i);
    off[i] = static_cast<char>(unhashed_[i] || (p != kNoNode && off[p]));
    if (!off[i]) out.positions.hashes[i] = test_hash(out.record.family, positions[i]);
  }
  return out;
}

std::vector<TestPosition> replay(const PositionedGame& game) {
  const GameTree& t = game.record.tree;
  std::vector<TestPosition> out(t.size());
  for (NodeIndex i : t.preorder()) {
    const NodeIndex p = t.parent(i);
    if (p != kNoNode) out[i] = out[p];
    TestPosition& s = out[i];
    const PositionDelta& d = game.positions.deltas[i];
    for (const Occupant& o : d.removed) s.stones.erase(o);
    for (const TwixtLink& l : d.links_removed) s.links.erase(normalized(l));
    for (const Occupant& o : d.placed) s.stones.insert(o);
    for (const TwixtLink& l : d.links_added) s.links.insert(normalized(l));
    if (!d.piece.empty()) s.pieces.emplace(d.piece, piece_color(t.data(i), d));
  }
  return out;
}

std::uint64_t test_hash(Family family, const TestPosition& p) {
  std::uint64_t h = 1469598103934665603ULL;
  auto mix = [&h](std::int64_t v) {
    h ^= static_cast<std::uint64_t>(v);
    h *= 1099511628211ULL;
  };
  mix(static_cast<int>(family));
  for (const Occupant& o : p.stones) {
    for (std::int64_t v : {o.point.x, o.point.y, static_cast<std::int16_t>(o.color)}) mix(v);
  }
  mix(-1);
  for (const TwixtLink& l : p.links) {
    for (std::int64_t v : {l.a.x, l.a.y, l.b.x, l.b.y, static_cast<std::int16_t>(l.color)}) mix(v);
  }
  mix(-2);
  for (const auto& [name, color] : p.pieces) {
    for (char c : name) mix(c);
    mix(color);
  }
  return h == 0 ? 1 : h;
}

PositionedGame random_game(Family family, std::mt19937& rng, int nodes,
                           const std::vector<std::string>& player_pool, int size) {
  auto pick = [&rng](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  auto chance = [&rng](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
  const int a = pick(static_cast<int>(player_pool.size()));
  int b = pick(static_cast<int>(player_pool.size()) - 1);
  if (b >= a) ++b;
  GameBuilder builder(family, {player_pool[a], player_pool[b]}, static_cast<std::int8_t>(pick(3)));
  if (family != Family::kBlokus && size > 9) builder.size(size);
  const int colors = family == Family::kBlokus ? 4 : 2;
  // Names of the classic set (Pentobi's: "1" and "2" are the monomino and
  // the domino).
  static const char* const kPieces[] = {"1", "2", "V3", "L4", "T4", "X", "F", "W"};

  std::vector<TestPosition> state;  // per NodeIndex
  std::vector<int> depth;
  std::vector<double> eval;  // per NodeIndex: the last game-tree value on the path
  auto random_empty = [&](const TestPosition& s) -> std::optional<Point> {
    for (int tries = 0; tries < 20; ++tries) {
      const Point p{static_cast<std::int16_t>(pick(size)), static_cast<std::int16_t>(pick(size))};
      bool taken = false;
      for (int c = 1; c <= colors; ++c) {
        taken = taken || s.stones.count(Occupant{p, static_cast<std::int8_t>(c)}) > 0;
      }
      if (!taken) return p;
    }
    return std::nullopt;
  };

  for (int k = 0; k < nodes; ++k) {
    NodeIndex parent = kNoNode;
    if (k > 0)
      parent = chance(0.8) ? static_cast<NodeIndex>(k - 1) : static_cast<NodeIndex>(pick(k));
    TestPosition s = parent == kNoNode ? TestPosition{} : state[parent];
    const int d = parent == kNoNode ? 0 : depth[parent] + 1;
    const auto color = static_cast<std::int8_t>(d % colors + 1);
    std::vector<Occupant> placed, removed;
    std::vector<TwixtLink> links_added, links_removed;
    std::string piece;
    if (parent == kNoNode) {
      for (int n = pick(3); n > 0; --n) {
        if (auto p = random_empty(s)) {
          placed.push_back({*p, static_cast<std::int8_t>(pick(colors) + 1)});
          s.stones.insert(placed.back());
        }
      }
    } else {
      // Captures (go), AE setup (any): stones already there go.
      if (!s.stones.empty() && chance(family == Family::kGo ? 0.3 : 0.08)) {
        std::vector<Occupant> all(s.stones.begin(), s.stones.end());
        for (int n = 1 + pick(2); n > 0 && !all.empty(); --n) {
          const int at = pick(static_cast<int>(all.size()));
          removed.push_back(all[at]);
          s.stones.erase(all[at]);
          all.erase(all.begin() + at);
        }
        if (family == Family::kTwixt) {
          for (auto it = s.links.begin(); it != s.links.end();) {
            const bool gone = std::any_of(removed.begin(), removed.end(), [&](const Occupant& o) {
              return o.color == it->color && (o.point == it->a || o.point == it->b);
            });
            if (gone) {
              links_removed.push_back(*it);
              it = s.links.erase(it);
            } else {
              ++it;
            }
          }
        }
      }
      const int cells = family == Family::kBlokus ? 1 + pick(3) : 1;
      for (int n = 0; n < cells && !chance(0.04); ++n) {
        if (auto p = random_empty(s)) {
          placed.push_back({*p, color});
          s.stones.insert(placed.back());
        }
      }
      if (family == Family::kBlokus && !placed.empty()) {
        piece = kPieces[pick(8)];
        s.pieces.emplace(piece, color);
      }
      if (family == Family::kTwixt && !placed.empty()) {
        const Point p = placed.front().point;
        if (!s.links.empty() && chance(0.15)) {
          auto it = std::next(s.links.begin(), pick(static_cast<int>(s.links.size())));
          links_removed.push_back(*it);
          s.links.erase(it);
        }
        for (const Occupant& o : s.stones) {
          const int dx = std::abs(o.point.x - p.x), dy = std::abs(o.point.y - p.y);
          if (o.color != color || !((dx == 1 && dy == 2) || (dx == 2 && dy == 1))) continue;
          if (!chance(0.7)) continue;
          const TwixtLink l = normalized(TwixtLink{o.point, p, color});
          links_added.push_back(l);
        }
        for (const TwixtLink& l : links_added) s.links.insert(l);
      }
    }
    const NodeIndex i = builder.node(parent, placed, removed);
    builder.links(i, links_added, links_removed);
    if (!piece.empty()) builder.piece(i, piece);
    state.push_back(s);
    depth.push_back(d);
    double value = parent == kNoNode ? 0 : eval[parent];
    if (chance(0.6)) {
      value = std::clamp(value + std::uniform_int_distribution<int>(-3000, 3000)(rng), -10000.0,
                         10000.0);
      if (chance(0.05)) {
        builder.evaluation(i, 12345, EvalSource::kGameTree, true);
      } else {
        builder.evaluation(i, value);
      }
    }
    if (chance(0.1)) builder.evaluation(i, pick(200) / 100.0 - 1, EvalSource::kSgfValue);
    eval.push_back(value);
    if (k > 0 && chance(0.02)) builder.unhashed(i);
  }
  PositionedGame g = builder.build();
  // Now and then a later child is flagged as the main variation.
  for (NodeIndex i = 1; i < g.record.tree.size(); ++i) {
    if (g.record.tree.first_child(g.record.tree.parent(i)) != i && chance(0.3)) {
      g.record.tree.set_main_flag(i, true);
    }
  }
  return g;
}

std::vector<std::int64_t> store_positioned(Database& db, const std::string& file,
                                           const std::vector<PositionedGame>& games) {
  GameStore store(db);
  store.begin();
  SourceFileInfo info;
  info.path = file;
  info.content_hash = "h";
  info.format = "sgf";
  const std::int64_t file_id = store.upsert_file(info);
  std::vector<std::int64_t> ids;
  for (const PositionedGame& g : games)
    ids.push_back(store.add_game(file_id, prepare_game_with(g.record, g.positions)));
  store.commit();
  return ids;
}

Reference::Reference(Database& db, const std::vector<PositionedGame>& games,
                     const std::vector<std::int64_t>& game_ids)
    : games_(games) {
  SQLite::Statement copies(db.handle(), "SELECT game_id FROM games WHERE duplicate_of IS NOT NULL");
  while (copies.executeStep()) copies_.insert(copies.getColumn(0).getInt64());
  SQLite::Statement first(db.handle(), "SELECT first_node_id FROM games WHERE game_id = ?1");
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    first.bind(1, game_ids[gi]);
    if (!first.executeStep()) throw std::runtime_error("game not stored");
    const std::int64_t first_id = first.getColumn(0).getInt64();
    first.reset();
    const GameTree& t = games[gi].record.tree;
    const std::vector<TestPosition> positions = replay(games[gi]);
    std::vector<char> main(t.size(), 0);
    for (NodeIndex i : t.main_line()) main[i] = 1;
    std::vector<Node> by_index(t.size());
    const std::vector<NodeIndex> order = t.preorder();
    first_of_game_.push_back(nodes_.size());
    for (std::size_t k = 0; k < order.size(); ++k) {
      const NodeIndex i = order[k];
      Node& n = by_index[i];
      n.game_id = game_ids[gi];
      n.node_id = first_id + static_cast<std::int64_t>(k);
      n.game = gi;
      n.index = i;
      n.parent = t.parent(i);
      const bool has_move = !t.data(i).moves.empty();
      n.depth = n.parent == kNoNode ? 0 : by_index[n.parent].depth + 1;
      n.move_number = (n.parent == kNoNode ? 0 : by_index[n.parent].move_number) + has_move;
      n.main_line = main[i] != 0;
      n.hash = games[gi].positions.hashes[i];
      n.position = positions[i];
      nodes_.push_back(n);
    }
  }
  std::sort(nodes_.begin(), nodes_.end(),
            [](const Node& a, const Node& b) { return a.node_id < b.node_id; });
}

bool Reference::game_matches(std::size_t game, const GameFilter& f) const {
  const GameRecord& g = games_[game].record;
  if (f.family && g.family != *f.family) return false;
  std::vector<std::string> names;
  for (const std::string& p : f.players) {
    if (!p.empty()) names.push_back(fold_ascii(p));
  }
  std::vector<std::int8_t> seats;
  for (const std::string& name : names) {
    bool found = false;
    for (const SeatPlayer& p : g.players) {
      if (fold_ascii(p.name) == name) {
        found = true;
        seats.push_back(p.seat);
      }
    }
    if (!found) return false;
  }
  // Two names: games between the two, in different seats (names here match
  // one seat each).
  return names.size() != 2 || seats[0] != seats[1];
}

bool Reference::node_matches(const Node& n, const NodeFilter& f) const {
  const TestPosition& s = n.position;
  const GameRecord& record = games_[n.game].record;
  const bool position_condition = !f.has.empty() || !f.empty.empty() || !f.links.empty() ||
                                  !f.pieces.empty() || !f.patterns.empty();
  if (position_condition && n.hash == 0) return false;
  const int colors = record.family == Family::kBlokus ? 4 : 2;
  auto occupied = [&](Point p) {
    for (int c = 1; c <= colors; ++c) {
      if (s.stones.count(Occupant{p, static_cast<std::int8_t>(c)})) return true;
    }
    return false;
  };
  for (const Occupant& o : f.has) {
    if (o.color == 0 ? !occupied(o.point) : !s.stones.count(o)) return false;
  }
  for (const Occupant& o : f.empty) {
    if (o.color == 0 ? occupied(o.point) : s.stones.count(o) > 0) return false;
  }
  for (const TwixtLink& l : f.links) {
    if (!s.links.count(normalized(l))) return false;
  }
  if (!f.patterns.empty()) {
    auto holds = [&](const Pattern& p) {
      for (const Occupant& o : p.stones) {
        if (o.color == 0 ? !occupied(o.point) : !s.stones.count(o)) return false;
      }
      for (const Occupant& o : p.empty) {
        if (o.color == 0 ? occupied(o.point) : s.stones.count(o) > 0) return false;
      }
      return true;
    };
    if (std::none_of(f.patterns.begin(), f.patterns.end(), holds)) return false;
  }
  for (const PieceCondition& p : f.pieces) {
    bool found = false;
    for (const auto& [name, color] : s.pieces) {
      found = found || (name == p.name && (p.color == 0 || p.color == color));
    }
    if (!found) return false;
  }
  if (!f.position_hashes.empty() &&
      (n.hash == 0 || std::find(f.position_hashes.begin(), f.position_hashes.end(), n.hash) ==
                          f.position_hashes.end()))
    return false;
  if (f.main_line_only && !n.main_line) return false;
  const NodeView& data = record.tree.data(n.index);
  if (f.eval_min || f.eval_max || f.has_eval) {
    bool found = false;
    for (const Evaluation& e : data.evaluations) {
      if ((f.eval_source && e.source != *f.eval_source) || e.undetermined || std::isnan(e.value))
        continue;
      if (f.eval_min && e.value < *f.eval_min) continue;
      if (f.eval_max && e.value > *f.eval_max) continue;
      found = true;
    }
    if (!found) return false;
  }
  if (f.eval_swing) {
    bool found = false;
    for (const Evaluation& e : data.evaluations) {
      if ((f.eval_source && e.source != *f.eval_source) || e.undetermined || std::isnan(e.value))
        continue;
      // The swing is against the parent's first evaluation of e's source.
      const double parent =
          n.parent == kNoNode ? std::nan("") : first_value(record.tree.data(n.parent), e.source);
      found = found || (!std::isnan(parent) && std::fabs(e.value - parent) >= *f.eval_swing);
    }
    if (!found) return false;
  }
  return true;
}

std::vector<ExpectedHit> Reference::find(const NodeFilter& f) const {
  std::vector<ExpectedHit> out;
  std::map<std::int64_t, ExpectedHit> first;  // game id -> shallowest
  for (const Node& n : nodes_) {
    if (!game_matches(n.game, f.game) || !node_matches(n, f)) continue;
    const ExpectedHit hit{n.game_id, n.node_id, n.depth, n.move_number};
    if (!f.first_only) {
      out.push_back(hit);
      continue;
    }
    auto [it, inserted] = first.emplace(n.game_id, hit);
    if (!inserted && hit.depth < it->second.depth) it->second = hit;
  }
  for (const auto& [game, hit] : first) out.push_back(hit);
  if (f.limit && static_cast<std::int64_t>(out.size()) > *f.limit) {
    out.resize(static_cast<std::size_t>(std::max<std::int64_t>(*f.limit, 0)));
  }
  return out;
}

PositionReport Reference::continuations(std::uint64_t hash, const GameFilter& filter,
                                        bool all_copies) const {
  PositionReport out;
  using Key = ContinuationKey;
  std::map<Key, Continuation> moves;
  std::map<Key, std::set<std::int64_t>> games;
  std::set<std::int64_t> position_games;
  for (const Node& n : nodes_) {
    if (hash == 0 || n.hash != hash || !game_matches(n.game, filter)) continue;
    if (!all_copies && copies_.count(n.game_id) != 0) continue;
    ++out.nodes;
    position_games.insert(n.game_id);
    const PositionedGame& pg = games_[n.game];
    const GameTree& t = pg.record.tree;
    for (NodeIndex c = t.first_child(n.index); c != kNoNode; c = t.next_sibling(c)) {
      const NodeView& data = t.data(c);
      if (data.moves.empty()) continue;
      const Move& m = data.moves.front();
      MovePoints points = m.points;
      std::sort(points.begin(), points.end());
      // The piece the positions identified; none where they stop.
      const std::string piece = m.kind == MoveKind::kPlace && pg.positions.hashes[c] != 0
                                    ? pg.positions.deltas[c].piece
                                    : "";
      const Key key{m.seat, m.color, m.kind, points, piece};
      Continuation& cont = moves[key];
      cont.seat = m.seat;
      cont.color = m.color;
      cont.kind = m.kind;
      cont.points = points;
      cont.piece = piece;
      ++cont.occurrences;
      if (games[key].insert(n.game_id).second) {
        ++cont.games;
        if (pg.record.winner == 1) ++cont.seat1_wins;
        if (pg.record.winner == 2) ++cont.seat2_wins;
      }
    }
  }
  out.games = static_cast<std::int64_t>(position_games.size());
  for (auto& [key, c] : moves) out.moves.push_back(c);
  std::stable_sort(out.moves.begin(), out.moves.end(),
                   [](const Continuation& a, const Continuation& b) {
                     if (a.games != b.games) return a.games > b.games;
                     return a.occurrences > b.occurrences;
                   });
  return out;
}

}  // namespace ludex::testing
