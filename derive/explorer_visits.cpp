#include "derive/explorer_visits.h"

#include <algorithm>
#include <cmath>

#include "core/zobrist.h"

namespace ludex {
namespace {

// Zobrist domain of the explorer's variant key (positions use domains below
// 64: games/position_support.h).
constexpr std::uint32_t kExplorerVariantDomain = 0x4558;  // "EX"

// The first determined evaluation of a node's list: not undetermined, not
// NaN (the database stores NaN as NULL, which the gatherer skips too), and
// -0 as +0: SQLite stores a REAL without a fraction as an integer, so the
// database gives -0 back as 0, and the postings must be the same whether
// they come from the written game or from the database (ludex check).
bool first_determined(std::span<const Evaluation> evaluations, Evaluation* out) {
  for (const Evaluation& e : evaluations) {
    if (!e.undetermined && !std::isnan(e.value)) {
      *out = e;
      if (out->value == 0) out->value = 0;
      return true;
    }
  }
  return false;
}

// A game's visits by explorer key: open addressing in one allocation (a
// node-based map allocated once per position, for every game imported).
class VisitSlots {
 public:
  // Room for `count` keys.
  explicit VisitSlots(std::size_t count) {
    std::size_t size = 16;
    while (size < 2 * count) size *= 2;
    slots_.assign(size, Slot{0, -1});
  }
  // The key's slot: -1 until the caller sets it.
  std::int32_t& at(std::uint64_t key) {
    const std::size_t mask = slots_.size() - 1;
    // Keys are hashes already; the multiply spreads those that differ in
    // their high bits only.
    std::size_t i = static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> 32) & mask;
    while (slots_[i].value >= 0 && slots_[i].key != key) i = (i + 1) & mask;
    slots_[i].key = key;
    return slots_[i].value;
  }

 private:
  struct Slot {
    std::uint64_t key;
    std::int32_t value;
  };
  std::vector<Slot> slots_;
};

}  // namespace

std::uint64_t explorer_key(Family family, std::string_view variant, std::uint64_t hash) {
  if (family != Family::kBlokus || variant.empty()) return hash;
  // FNV-1a over the name's bytes, then a Zobrist key of it: fixed forever.
  std::uint64_t name = 0xcbf29ce484222325ULL;
  for (const char c : variant) {
    name = (name ^ static_cast<unsigned char>(c)) * 0x100000001b3ULL;
  }
  return hash ^ zobrist_key(kExplorerVariantDomain, static_cast<std::uint32_t>(name & 0xffff),
                            static_cast<std::uint32_t>((name >> 16) & 0xffff),
                            static_cast<std::uint32_t>((name >> 32) & 0xffff));
}

std::int32_t explorer_max_points(Family family) {
  return family == Family::kBlokus ? 128 : 32;
}

const Continuation* MoveTable::intern(const Continuation& move) {
  if (const auto it = moves_.find(move); it != moves_.end()) return &*it;
  return &*moves_.insert(key_fields(move)).first;
}

bool read_explorer_stream(std::string_view stream, const StreamBoard& board,
                          std::vector<std::string>* pieces, ExplorerGame* game) {
  PositionStreamReader reader(stream, board);
  if (reader.node_count() != game->nodes.size()) return false;
  // The nodes may hold an earlier game's fields (explorer_game_of reuses
  // them): a node the stream does not reach reads as a root with nothing on it.
  for (ExplorerNode& n : game->nodes) {
    n.parent = 0;
    n.occupied = 0;
  }
  pieces->assign(game->nodes.size(), std::string());
  StreamNode node;
  while (reader.next(&node)) {
    if (node.index >= game->nodes.size() || node.parent >= game->nodes.size()) return false;
    ExplorerNode& n = game->nodes[node.index];
    n.parent = node.parent;
    const std::int32_t before = node.index == node.parent ? 0 : game->nodes[node.parent].occupied;
    n.occupied = before + static_cast<std::int32_t>(node.placed.size()) -
                 static_cast<std::int32_t>(node.removed.size());
    if (node.piece >= 0 && static_cast<std::size_t>(node.piece) < board.pieces.size()) {
      (*pieces)[node.index] = board.pieces[static_cast<std::size_t>(node.piece)];
    }
  }
  return reader.error().empty();
}

std::vector<ExplorerVisit> explorer_visits(const ExplorerGame& game, MoveTable* moves) {
  std::vector<ExplorerVisit> out;
  const std::int32_t limit = explorer_max_points(game.family);
  const std::size_t n = game.nodes.size();
  // A visit per qualifying node at most: no reallocation moving visits, and
  // no room for the many nodes of a long game that hold too many points.
  const auto qualifying = static_cast<std::size_t>(std::count_if(
      game.nodes.begin(), game.nodes.end(),
      [limit](const ExplorerNode& node) { return node.hash != 0 && node.occupied <= limit; }));
  out.reserve(qualifying);
  // Each qualifying node's visit, then its children's moves (a child's
  // parent precedes it in pre-order).
  std::vector<std::int32_t> visit_of(n, -1);
  VisitSlots by_key(qualifying);
  for (std::size_t i = 0; i < n; ++i) {
    const ExplorerNode& node = game.nodes[i];
    if (node.hash != 0 && node.occupied <= limit) {
      const std::uint64_t key = explorer_key(game.family, game.variant, node.hash);
      std::int32_t& slot = by_key.at(key);
      if (slot < 0) {
        slot = static_cast<std::int32_t>(out.size());
        ExplorerVisit& v = out.emplace_back();
        v.key = key;
        v.hash = node.hash;
        if (game.family == Family::kBlokus) v.visit.variant = game.variant;
        v.visit.game_id = game.game_id;
        v.visit.date = game.date;
        v.visit.winner = game.winner;
      }
      ++out[static_cast<std::size_t>(slot)].visit.nodes;
      visit_of[i] = slot;
    }
    if (i == 0 || node.parent == i || !node.has_move) continue;
    const std::int32_t parent_visit = visit_of[node.parent];
    if (parent_visit < 0) continue;
    auto& visits = out[static_cast<std::size_t>(parent_visit)].visit.moves;
    const Continuation* move = moves != nullptr ? moves->intern(node.move) : &node.move;
    const auto child = game.first_node_id + static_cast<std::int64_t>(i);
    auto m = std::find_if(visits.begin(), visits.end(), [move](const MoveVisit& v) {
      return v.move == move || ContinuationKeyEqual()(*v.move, *move);
    });
    if (m != visits.end()) {
      ++m->count;  // children come in pre-order: the first one is the lowest
      continue;
    }
    MoveVisit v;
    v.move = move;
    v.count = 1;
    v.child = child;
    v.has_eval = node.has_eval;
    v.eval = node.eval;
    visits.push_back(v);
  }
  for (ExplorerVisit& v : out) {
    std::sort(
        v.visit.moves.begin(), v.visit.moves.end(),
        [](const MoveVisit& a, const MoveVisit& b) { return key_tie(*a.move) < key_tie(*b.move); });
  }
  return out;
}

bool explorer_game_of(const GameRecord& record, const GamePositions& positions,
                      const GameLayout& layout, std::string_view stream, const StreamBoard& board,
                      std::int64_t game_id, std::int64_t first_node_id, ExplorerGame* out) {
  out->game_id = game_id;
  out->first_node_id = first_node_id;
  out->family = record.family;
  out->variant = record.variant;
  out->winner = record.winner;
  out->date = record.date;
  // Resized, not assigned: prepare_explorer_visits() passes its thread's
  // game for every game it prepares, and every field explorer_visits()
  // reads is set below.
  out->nodes.resize(layout.order.size());
  std::vector<std::string> pieces;
  if (!read_explorer_stream(stream, board, &pieces, out)) return false;
  const std::int32_t limit = explorer_max_points(record.family);
  for (std::size_t i = 0; i < layout.order.size(); ++i) {
    const NodeIndex index = layout.order[i];
    ExplorerNode& n = out->nodes[i];
    n.hash = positions.hashes.empty() ? 0 : positions.hashes[index];
    const NodeView data = record.tree.data(index);
    n.has_move = !data.moves.empty();
    n.has_eval = false;
    // explorer_visits() reads a node's move and evaluation only under a
    // parent whose position may be kept: in a long game, a few nodes of
    // its opening. (The parent precedes the node in pre-order.)
    const ExplorerNode& parent = out->nodes[n.parent];
    if (!n.has_move || n.parent == i || parent.hash == 0 || parent.occupied > limit) continue;
    const Move& m = data.moves.front();
    n.move.seat = m.seat;
    n.move.color = m.color;
    n.move.kind = m.kind;
    n.move.points = m.points;
    std::sort(n.move.points.begin(), n.move.points.end());
    if (m.kind == MoveKind::kPlace) {
      n.move.piece = pieces[i];
    } else {
      n.move.piece.clear();
    }
    n.has_eval = first_determined(data.evaluations, &n.eval);
  }
  return true;
}

}  // namespace ludex
