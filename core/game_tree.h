// A game tree as flat arrays with index links.
//
// Nodes are appended and never removed, so a NodeIndex stays valid for the
// life of the tree. What the nodes carry (moves, properties, evaluations,
// comments) lies in one array per kind for the whole tree, each node owning
// a contiguous range of it: a parsed archive has millions of nodes, and
// arrays per tree cost an allocation per kind and game where members per node
// would cost construction, destruction and memory for every node
// (docs/performance.md). Every walk is iterative: a million-deep line or a
// node with tens of thousands of children must not grow the call stack.
// Not thread-safe for concurrent mutation; concurrent reads are fine.
#ifndef LUDEX_CORE_GAME_TREE_H_
#define LUDEX_CORE_GAME_TREE_H_

#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/node.h"

namespace ludex {

using NodeIndex = std::uint32_t;
inline constexpr NodeIndex kNoNode = std::numeric_limits<NodeIndex>::max();

// A node's place in the tree.
struct TreeNode {
  NodeIndex parent = kNoNode;
  NodeIndex first_child = kNoNode;
  NodeIndex last_child = kNoNode;
  NodeIndex next_sibling = kNoNode;
};

class GameTree {
 public:
  bool empty() const { return nodes_.empty(); }
  std::size_t size() const { return nodes_.size(); }
  // Room for n nodes and, as most nodes carry one, n moves; and for
  // `properties` properties (a reader knows how many its root has).
  void reserve(std::size_t n, std::size_t properties = 0);

  // Requires empty(). Returns 0.
  NodeIndex add_root();
  // Requires parent < size(). Appends a last child and returns its index.
  // Inline, as the helpers below: a parsed archive adds millions of nodes.
  NodeIndex add_child(NodeIndex parent) {
    assert(parent < nodes_.size());
    const auto index = static_cast<NodeIndex>(nodes_.size());
    assert(index != kNoNode);
    NodeRecord& child = nodes_.emplace_back();
    child.links.parent = parent;
    TreeNode& p = nodes_[parent].links;
    if (p.last_child == kNoNode) {
      p.first_child = index;
    } else {
      nodes_[p.last_child].links.next_sibling = index;
    }
    p.last_child = index;
    return index;
  }

  // All accessors require i < size().
  const TreeNode& node(NodeIndex i) const {
    assert(i < nodes_.size());
    return nodes_[i].links;
  }
  // const, so that assigning to a member of the returned view (which would
  // change nothing in the tree) does not compile.
  const NodeView data(NodeIndex i) const;
  // data(i).moves.size(), without building the view (a writer counts every
  // node's moves).
  std::size_t move_count(NodeIndex i) const {
    assert(i < nodes_.size());
    return nodes_[i].moves.count;
  }
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

  // Changing what node i carries; all require i < size(). A change
  // invalidates views (NodeView, spans, references) of items of the kind it
  // changes. Appending to a node whose items of that kind are not the last
  // in their array first moves them to the end (linear in their number):
  // building a tree node by node, as the readers do, never moves anything.
  Move& add_move(NodeIndex i) { return append(moves_, record(i).moves); }
  void add_move(NodeIndex i, Move move) { add_move(i) = std::move(move); }
  // Requires node i to carry a move; removes its last one.
  void remove_last_move(NodeIndex i);
  void set_moves(NodeIndex i, std::span<const Move> moves);
  void set_moves(NodeIndex i, std::initializer_list<Move> moves) {
    set_moves(i, std::span<const Move>(moves.begin(), moves.size()));
  }
  std::span<Move> mutable_moves(NodeIndex i);

  Property& add_move_prop(NodeIndex i) { return append(move_props_, record(i).move_props); }
  void add_move_prop(NodeIndex i, Property prop) { add_move_prop(i) = std::move(prop); }
  void set_move_props(NodeIndex i, std::span<const Property> props);
  void set_move_props(NodeIndex i, std::initializer_list<Property> props) {
    set_move_props(i, std::span<const Property>(props.begin(), props.size()));
  }

  Property& add_prop(NodeIndex i) { return append(props_, record(i).props); }
  void add_prop(NodeIndex i, Property prop) { add_prop(i) = std::move(prop); }
  void set_props(NodeIndex i, std::span<const Property> props);
  void set_props(NodeIndex i, std::initializer_list<Property> props) {
    set_props(i, std::span<const Property>(props.begin(), props.size()));
  }
  std::span<Property> mutable_props(NodeIndex i);

  void add_evaluation(NodeIndex i, const Evaluation& evaluation) {
    append(evaluations_, record(i).evaluations) = evaluation;
  }
  void set_evaluations(NodeIndex i, std::span<const Evaluation> evaluations);
  void set_evaluations(NodeIndex i, std::initializer_list<Evaluation> evaluations) {
    set_evaluations(i, std::span<const Evaluation>(evaluations.begin(), evaluations.size()));
  }

  void set_comment(NodeIndex i, std::string comment);
  void set_main_flag(NodeIndex i, bool main_flag);
  void set_pos(NodeIndex i, const SourcePos& pos) { record(i).pos = pos; }

  // Bytes of heap the tree holds: its arrays' capacities and the strings of
  // its properties and comments that do not fit their inline room. An
  // estimate (allocator overhead is left out), for memory budgets.
  std::size_t heap_bytes() const;

  // Structural equality of shape and node data (moves, comment,
  // evaluations, main_flag, props; not move_props), in pre-order.
  // Iterative.
  friend bool operator==(const GameTree& a, const GameTree& b);

 private:
  // Where a node's items of one kind lie in their array.
  struct ItemRange {
    std::uint32_t first = 0;
    std::uint32_t count = 0;
  };
  static constexpr std::uint32_t kNoComment = std::numeric_limits<std::uint32_t>::max();

  struct NodeRecord {
    TreeNode links;
    ItemRange moves;
    ItemRange move_props;
    ItemRange props;
    ItemRange evaluations;
    std::uint32_t comment = kNoComment;  // index into comments_
    bool main_flag = false;
    SourcePos pos;
  };

  NodeRecord& record(NodeIndex i) {
    assert(i < nodes_.size());
    return nodes_[i];
  }

  // Whether one more item of a node whose items are `r`, in an array of
  // `size` items, can simply be appended. If so, and r was empty, starts r
  // at the end.
  static bool appends_in_place(ItemRange& r, std::size_t size) {
    if (r.count == 0) {
      assert(size < std::numeric_limits<std::uint32_t>::max());
      r.first = static_cast<std::uint32_t>(size);
      return true;
    }
    return r.first + r.count == size;
  }
  // Moves the items of r to the end of `items` (what they leave behind
  // stays unused), so that one more can be appended.
  template <typename T>
  static void move_to_end(std::vector<T>& items, ItemRange& r);
  // Replaces the items of range r of `items` by `values` (which may be
  // items of the same array).
  template <typename T>
  static void replace(std::vector<T>& items, ItemRange& r, std::span<const T> values);
  template <typename T>
  static std::span<T> range_of(std::vector<T>& items, const ItemRange& r) {
    return {items.data() + r.first, r.count};
  }
  // Appends a default item to the range r of `items` and returns it.
  template <typename T>
  static T& append(std::vector<T>& items, ItemRange& r) {
    if (!appends_in_place(r, items.size())) move_to_end(items, r);
    ++r.count;
    return items.emplace_back();
  }

  std::vector<NodeRecord> nodes_;
  std::vector<Move> moves_;
  std::vector<Property> move_props_;
  std::vector<Property> props_;
  std::vector<Evaluation> evaluations_;
  std::vector<std::string> comments_;
};

}  // namespace ludex

#endif  // LUDEX_CORE_GAME_TREE_H_
