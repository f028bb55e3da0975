// A game tree as a flat arena of nodes with index links.
//
// Nodes are appended and never removed, so a NodeIndex stays valid for the
// life of the tree. Every walk is iterative: a million-deep line or a node
// with tens of thousands of children must not grow the call stack.
// Not thread-safe for concurrent mutation; concurrent reads are fine.
#ifndef LUDEX_CORE_GAME_TREE_H_
#define LUDEX_CORE_GAME_TREE_H_

#include <cassert>
#include <cstdint>
#include <limits>
#include <vector>

#include "core/node.h"

namespace ludex {

using NodeIndex = std::uint32_t;
inline constexpr NodeIndex kNoNode = std::numeric_limits<NodeIndex>::max();

struct TreeNode {
  // User-provided so that appending a node does not first zero all of it
  // (value-initialisation would): every member has its own initialiser.
  TreeNode() {}  // NOLINT(modernize-use-equals-default)
  NodeIndex parent = kNoNode;
  NodeIndex first_child = kNoNode;
  NodeIndex last_child = kNoNode;
  NodeIndex next_sibling = kNoNode;
  NodeData data;
};

class GameTree {
 public:
  bool empty() const { return nodes_.empty(); }
  std::size_t size() const { return nodes_.size(); }
  void reserve(std::size_t n) { nodes_.reserve(n); }

  // Requires empty(). Returns 0.
  NodeIndex add_root();
  // Requires parent < size(). Appends a last child and returns its index.
  NodeIndex add_child(NodeIndex parent);

  // All accessors require i < size().
  const TreeNode& node(NodeIndex i) const {
    assert(i < nodes_.size());
    return nodes_[i];
  }
  NodeData& data(NodeIndex i) {
    assert(i < nodes_.size());
    return nodes_[i].data;
  }
  const NodeData& data(NodeIndex i) const { return node(i).data; }
  NodeIndex parent(NodeIndex i) const { return node(i).parent; }
  NodeIndex first_child(NodeIndex i) const { return node(i).first_child; }
  NodeIndex next_sibling(NodeIndex i) const { return node(i).next_sibling; }
  std::size_t child_count(NodeIndex i) const;

  // The child that continues the main line: the first child whose main_flag
  // is set, else the first child; kNoNode for a leaf.
  NodeIndex main_child(NodeIndex i) const;

  // Node indices in pre-order (a node before its children, children in
  // order). Iterative.
  std::vector<NodeIndex> preorder() const;
  // The root followed by main_child() links down to a leaf.
  std::vector<NodeIndex> main_line() const;

  // Structural equality of shape and node data, in pre-order. Iterative.
  friend bool operator==(const GameTree& a, const GameTree& b);

 private:
  std::vector<TreeNode> nodes_;
};

}  // namespace ludex

#endif  // LUDEX_CORE_GAME_TREE_H_
