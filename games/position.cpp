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
  if (family == Family::kBlokus) return std::to_string(move.color != 0 ? move.color : move.seat);
  if (move.seat != 1 && move.seat != 2) return "?";
  const bool first = move.seat == 1;
  if (family == Family::kTwixt) return first ? "W" : "B";
  return first ? "B" : "W";
}

}  // namespace

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
  Diagnostic d;
  d.severity = Severity::kWarning;
  d.game_index = game.game_index;
  d.pos = game.tree.data(node).pos;
  d.message = std::move(what) + "; positions are not computed below this node";
  return d;
}

// Applies node's setup and moves to `position`. On success records the hash
// and delta; otherwise leaves them empty and adds a warning. `moves_before`
// is the number of moves on the path above the node.
bool apply_node(const GameRecord& game, NodeIndex node, std::int32_t moves_before,
                Position& position, GamePositions& out) {
  const NodeView& data = game.tree.data(node);
  auto setup = position.apply_setup(data.props);
  if (!setup) {
    out.warnings.push_back(stop_warning(game, node, setup.error().message));
    return false;
  }
  PositionDelta delta = std::move(*setup);
  delta.setup_removed = static_cast<std::uint32_t>(delta.removed.size());
  std::int32_t number = moves_before;
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
    delta.placed.insert(delta.placed.end(), d.placed.begin(), d.placed.end());
    delta.removed.insert(delta.removed.end(), d.removed.begin(), d.removed.end());
    delta.links_added.insert(delta.links_added.end(), d.links_added.begin(), d.links_added.end());
    delta.links_removed.insert(delta.links_removed.end(), d.links_removed.begin(),
                               d.links_removed.end());
    if (delta.piece.empty()) delta.piece = std::move(d.piece);
  }
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

}  // namespace ludex
