#include "core/game_tree.h"

namespace ludex {

NodeIndex GameTree::add_root() {
  assert(nodes_.empty());
  nodes_.emplace_back();
  return 0;
}

NodeIndex GameTree::add_child(NodeIndex parent) {
  assert(parent < nodes_.size());
  const auto index = static_cast<NodeIndex>(nodes_.size());
  nodes_.emplace_back();
  nodes_[index].parent = parent;
  TreeNode& p = nodes_[parent];
  if (p.last_child == kNoNode) {
    p.first_child = index;
  } else {
    nodes_[p.last_child].next_sibling = index;
  }
  p.last_child = index;
  return index;
}

std::size_t GameTree::child_count(NodeIndex i) const {
  std::size_t n = 0;
  for (NodeIndex c = first_child(i); c != kNoNode; c = next_sibling(c)) ++n;
  return n;
}

NodeIndex GameTree::main_child(NodeIndex i) const {
  for (NodeIndex c = first_child(i); c != kNoNode; c = next_sibling(c)) {
    if (nodes_[c].data.main_flag) return c;
  }
  return first_child(i);
}

std::vector<NodeIndex> GameTree::preorder() const {
  std::vector<NodeIndex> out;
  if (nodes_.empty()) return out;
  out.reserve(nodes_.size());
  // Descend to the first child; when a subtree ends, climb to the nearest
  // ancestor with a next sibling. No explicit stack is needed.
  NodeIndex i = 0;
  while (i != kNoNode) {
    out.push_back(i);
    if (nodes_[i].first_child != kNoNode) {
      i = nodes_[i].first_child;
      continue;
    }
    while (i != kNoNode && nodes_[i].next_sibling == kNoNode) i = nodes_[i].parent;
    if (i != kNoNode) i = nodes_[i].next_sibling;
  }
  return out;
}

std::vector<NodeIndex> GameTree::main_line() const {
  std::vector<NodeIndex> out;
  if (nodes_.empty()) return out;
  for (NodeIndex i = 0; i != kNoNode; i = main_child(i)) out.push_back(i);
  return out;
}

bool operator==(const GameTree& a, const GameTree& b) {
  if (a.size() != b.size()) return false;
  const std::vector<NodeIndex> pa = a.preorder();
  const std::vector<NodeIndex> pb = b.preorder();
  for (std::size_t k = 0; k < pa.size(); ++k) {
    const TreeNode& na = a.node(pa[k]);
    const TreeNode& nb = b.node(pb[k]);
    if (a.child_count(pa[k]) != b.child_count(pb[k])) return false;
    const NodeData& da = na.data;
    const NodeData& db = nb.data;
    if (da.moves != db.moves || da.comment != db.comment || da.evaluations != db.evaluations ||
        da.main_flag != db.main_flag || da.props != db.props) {
      return false;
    }
  }
  return true;
}

}  // namespace ludex
