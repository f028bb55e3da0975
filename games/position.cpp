// new_position dispatches on the family; compute_positions walks the tree.
//
// The walk is iterative (pre-order with an explicit stack) and copies a
// position only where the tree branches: a node with k children hands its
// position on to its last child and gives each of the others a clone, kept
// on the stack until that child's turn. The stack holds one position per
// branching ancestor with children still to visit, so memory stays within the
// depth of the tree times the size of a position, and a single line never
// clones at all. A node whose setup or move is illegal gets hash 0, as does
// everything below it (never visited); its siblings go on from their own
// copy.
#include "games/position.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "games/blokus_position.h"
#include "games/go_position.h"
#include "games/hex_position.h"
#include "games/position_support.h"
#include "games/twixt_points.h"
#include "games/twixt_position.h"

namespace ludex {
namespace {

// The letter an SGF record of the family uses for a seat (hex and go: B moves
// first; twixt GM[21]: W moves first); Blokus colours are digits.
std::string seat_label(Family family, const Move& move) {
  if (family == Family::kBlokus)
    return colour_label(family, move.color != 0 ? move.color : move.seat);
  if (move.seat != 1 && move.seat != 2) return "?";
  return colour_label(family, move.seat);
}

}  // namespace

std::string colour_label(Family family, std::int8_t color) {
  if (family == Family::kBlokus) return std::to_string(color);
  if (family == Family::kTwixt) return color == 1 ? "W" : "B";
  return color == 1 ? "B" : "W";
}

std::string move_text(Family family, const Move& move) {
  std::string out = seat_label(family, move);
  if (move.kind != MoveKind::kPlace) return out + " " + std::string(move_kind_name(move.kind));
  for (const LinkEdit& e : move.links) {
    const bool centre = e.cx2 >= 0 && e.cy2 >= 0 && ((e.cx2 & 1) != (e.cy2 & 1));
    out += " " + (centre ? format_twixt_link_edit(e) : std::string("(link)"));
  }
  for (std::size_t i = 0; i < move.points.size(); ++i) {
    out += i == 0 ? " " : ",";
    out += family_point_text(family, move.points[i]);
  }
  return out;
}

namespace {

Diagnostic stop_warning(const GameRecord& game, NodeIndex node, std::string what) {
  return warning_at(game.game_index, game.tree.data(node).pos,
                    std::move(what) + "; positions are not computed below this node");
}

// The steps of one node (its setup, then each move, in order) folded into
// the node's net change: each touched point or link with what it held
// before the first step and after the last. A node nearly always has one
// step with disjoint lists, which is already net; the fold matters when a
// later step undoes an earlier one (a move capturing a stone the setup just
// placed, two moves in one node).
class NetChange {
 public:
  void add(const PositionDelta& step) {
    for (const Occupant& o : step.removed) point(o.point, o.color).after = 0;
    for (const Occupant& o : step.placed) point(o.point, 0).after = o.color;
    for (const TwixtLink& l : step.links_removed) link(l, true).after = false;
    for (const TwixtLink& l : step.links_added) link(l, false).after = true;
  }

  // The net delta (sorted lists); `into` keeps its piece and captures.
  void fold_into(PositionDelta& into) const {
    into.placed.clear();
    into.removed.clear();
    into.links_added.clear();
    into.links_removed.clear();
    for (const PointChange& c : points_) {
      if (c.before == c.after) continue;
      if (c.before != 0) into.removed.push_back(Occupant{c.point, c.before});
      if (c.after != 0) into.placed.push_back(Occupant{c.point, c.after});
    }
    for (const LinkChange& c : links_) {
      if (c.before == c.after) continue;
      (c.after ? into.links_added : into.links_removed).push_back(c.link);
    }
    std::sort(into.placed.begin(), into.placed.end());
    std::sort(into.removed.begin(), into.removed.end());
    std::sort(into.links_added.begin(), into.links_added.end());
    std::sort(into.links_removed.begin(), into.links_removed.end());
  }

 private:
  struct PointChange {
    Point point;
    std::int8_t before = 0;
    std::int8_t after = 0;
  };
  struct LinkChange {
    TwixtLink link;
    bool before = false;
    bool after = false;
  };

  // The point's entry; a new one holds `before` (what the first step that
  // touches it shows it held: a removal's colour, empty for a placement).
  PointChange& point(const Point& p, std::int8_t before) {
    for (PointChange& c : points_) {
      if (c.point == p) return c;
    }
    return points_.emplace_back(PointChange{p, before, before});
  }
  LinkChange& link(const TwixtLink& l, bool before) {
    for (LinkChange& c : links_) {
      if (c.link == l) return c;
    }
    return links_.emplace_back(LinkChange{l, before, before});
  }

  std::vector<PointChange> points_;
  std::vector<LinkChange> links_;
};

// Applies node's setup and moves to `position`. On success records the hash
// and the node's net delta (with Go captures); otherwise leaves them empty
// and adds a warning. `moves_before` is the number of moves on the path
// above the node.
bool apply_node(const GameRecord& game, NodeIndex node, std::int32_t moves_before,
                Position& position, GamePositions& out) {
  const NodeView& data = game.tree.data(node);
  auto setup = position.apply_setup(data.props);
  if (!setup) {
    out.warnings.push_back(stop_warning(game, node, setup.error().message));
    return false;
  }
  PositionDelta delta = std::move(*setup);
  // Most nodes are one step: its delta is the net change as it is.
  std::optional<NetChange> net;
  auto fold = [&](const PositionDelta& step) {
    if (!net) {
      net.emplace();
      net->add(delta);
    }
    net->add(step);
  };
  const bool first_step_empty = delta.placed.empty() && delta.removed.empty() &&
                                delta.links_added.empty() && delta.links_removed.empty();
  std::int32_t number = moves_before;
  bool stepped = !first_step_empty;
  for (const Move& move : data.moves) {
    ++number;
    auto played = position.play(move);
    if (!played) {
      out.warnings.push_back(stop_warning(game, node,
                                          "move " + std::to_string(number) + " (" +
                                              move_text(game.family, move) +
                                              "): " + played.error().message));
      return false;
    }
    PositionDelta& d = *played;
    if (game.family == Family::kGo && (move.seat == 1 || move.seat == 2)) {
      for (const Occupant& o : d.removed) {
        if (o.color != move.seat) ++delta.captures[static_cast<std::size_t>(move.seat - 1)];
      }
    }
    if (delta.piece.empty()) delta.piece = std::move(d.piece);
    if (!stepped) {
      delta.placed = std::move(d.placed);
      delta.removed = std::move(d.removed);
      delta.links_added = std::move(d.links_added);
      delta.links_removed = std::move(d.links_removed);
      stepped = true;
    } else {
      fold(d);
    }
  }
  if (net) net->fold_into(delta);
  out.hashes[node] = position.hash();
  out.deltas[node] = std::move(delta);
  return true;
}

// A sibling still to visit and the position its parent left.
struct PendingChild {
  NodeIndex child = kNoNode;
  std::int32_t moves_before = 0;
  std::unique_ptr<Position> position;
};

}  // namespace

std::string point_text(Family family, const Point& point) {
  return family_point_text(family, point);
}

Result<std::unique_ptr<Position>> new_position(const GameRecord& game) {
  switch (game.family) {
    case Family::kHex:
      return new_hex_position(game);
    case Family::kTwixt:
      return new_twixt_position(game);
    case Family::kGo:
      return new_go_position(game);
    case Family::kBlokus:
      return new_blokus_position(game);
    case Family::kOther:
      break;
  }
  return Error{{}, "no position rules for other games"};
}

Result<std::unique_ptr<Position>> new_position(const Board& board) {
  switch (board.family) {
    case Family::kHex:
      return new_hex_position(board, false);
    case Family::kTwixt:
      return new_twixt_position(board, TwixtRuleset::kStandard, false, SourceFormat::kSgf);
    case Family::kGo:
      return new_go_position(board, GoVariant{false, board.torus}, false);
    case Family::kBlokus:
      return new_blokus_position(board);
    case Family::kOther:
      break;
  }
  return Error{{}, "no position rules for other games"};
}

GamePositions compute_positions(const GameRecord& game) {
  GamePositions out;
  const GameTree& tree = game.tree;
  out.hashes.assign(tree.size(), 0);
  out.deltas.resize(tree.size());
  if (tree.empty() || game.family == Family::kOther) return out;
  auto start = new_position(game);
  if (!start) {
    out.warnings.push_back(stop_warning(game, 0, start.error().message));
    return out;
  }

  std::vector<PendingChild> pending;
  NodeIndex node = 0;
  std::int32_t moves_before = 0;
  std::unique_ptr<Position> position = std::move(*start);
  while (true) {
    if (apply_node(game, node, moves_before, *position, out)) {
      const NodeIndex first = tree.first_child(node);
      if (first != kNoNode) {
        const std::int32_t moves_after =
            moves_before + static_cast<std::int32_t>(tree.data(node).moves.size());
        const NodeIndex second = tree.next_sibling(first);
        if (second != kNoNode)
          pending.push_back(PendingChild{second, moves_after, position->clone()});
        node = first;
        moves_before = moves_after;
        continue;
      }
    }
    if (pending.empty()) break;
    PendingChild& next = pending.back();
    node = next.child;
    moves_before = next.moves_before;
    const NodeIndex after = tree.next_sibling(node);
    if (after == kNoNode) {
      position = std::move(next.position);
      pending.pop_back();
    } else {
      position = next.position->clone();
      next.child = after;
    }
  }
  return out;
}

int twixt_link_direction(const TwixtLink& l) {
  for (int d = 0; d < 4; ++d) {
    if (l.b.x - l.a.x == kTwixtLinkDx[d] && l.b.y - l.a.y == kTwixtLinkDy[d]) return d;
  }
  return -1;
}

}  // namespace ludex
