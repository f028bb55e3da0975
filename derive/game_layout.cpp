#include "derive/game_layout.h"

#include <cmath>

#include "core/moves_hash.h"

namespace ludex {

GameLayout compute_game_layout(const GameRecord& game) {
  const GameTree& tree = game.tree;
  GameLayout out;
  out.order = tree.preorder();
  const std::size_t n = out.order.size();
  std::vector<std::uint32_t> pre_of(n, 0);
  for (std::size_t k = 0; k < n; ++k) pre_of[out.order[k]] = static_cast<std::uint32_t>(k);
  out.descendants.assign(n, 0);
  out.depth.assign(n, 0);
  out.moveless.assign(n, 0);
  out.main_line.assign(n, 0);
  // The first determined, non-NaN value per source of each node, for its
  // children's swings.
  std::vector<double> first_value(n * kEvalSourceCount, std::nan(""));
  // A parent precedes its children in pre-order: forward for what flows
  // down the tree, backward for what sums up it.
  for (std::size_t k = 0; k < n; ++k) {
    const NodeIndex index = out.order[k];
    const NodeView& data = tree.data(index);
    for (auto it = data.evaluations.rbegin(); it != data.evaluations.rend(); ++it) {
      const auto source = static_cast<std::size_t>(it->source);
      if (source < kEvalSourceCount && !it->undetermined && !std::isnan(it->value)) {
        first_value[k * kEvalSourceCount + source] = it->value;
      }
    }
    const std::int32_t none = data.moves.empty() ? 1 : 0;
    const NodeIndex parent = tree.parent(index);
    std::size_t parent_pre = 0;
    if (parent == kNoNode) {
      out.moveless[k] = none;
      out.main_line[k] = 1;
    } else {
      parent_pre = pre_of[parent];
      out.depth[k] = out.depth[parent_pre] + 1;
      out.moveless[k] = out.moveless[parent_pre] + none;
      out.main_line[k] = out.main_line[parent_pre] != 0 && tree.main_child(parent) == index;
    }
    for (const Evaluation& e : data.evaluations) {
      const auto source = static_cast<std::size_t>(e.source);
      const double from = parent != kNoNode && source < kEvalSourceCount
                              ? first_value[parent_pre * kEvalSourceCount + source]
                              : std::nan("");
      out.swings.push_back(e.undetermined || std::isnan(e.value) || std::isnan(from)
                               ? std::nan("")
                               : std::fabs(e.value - from));
    }
    if (out.main_line[k] != 0 && !data.moves.empty()) ++out.main_line_moves;
  }
  for (std::size_t k = n; k-- > 1;) {
    out.descendants[pre_of[tree.parent(out.order[k])]] += out.descendants[k] + 1;
  }
  out.moves_hash = moves_hash(game);
  return out;
}

}  // namespace ludex
