#include "core/game_tree.h"

#include <algorithm>
#include <utility>

namespace ludex {
namespace {

std::uint32_t size32(std::size_t n) {
  // An item array with 2^32 entries would need hundreds of gigabytes.
  assert(n < std::numeric_limits<std::uint32_t>::max());
  return static_cast<std::uint32_t>(n);
}

template <typename T>
std::span<const T> items_of(const std::vector<T>& items, std::uint32_t first, std::uint32_t count) {
  return {items.data() + first, count};
}

// Grows `items` so that `extra` more fit without moving, keeping the
// geometric growth that push_back would have.
template <typename T>
void make_room(std::vector<T>& items, std::size_t extra) {
  const std::size_t wanted = items.size() + extra;
  if (wanted > items.capacity()) items.reserve(std::max(wanted, 2 * items.capacity()));
}

// Prepares the range [*first, *first + count) of `items` for one more item:
// afterwards the range ends at items.size(). A range that ends elsewhere is
// moved to the end; what it leaves behind stays unused.
template <typename T>
void prepare_append(std::vector<T>& items, std::uint32_t* first, std::uint32_t count) {
  if (count == 0) {
    *first = size32(items.size());
    return;
  }
  if (*first + count == items.size()) return;
  make_room(items, count + 1);
  const std::size_t from = *first;
  *first = size32(items.size());
  for (std::uint32_t k = 0; k < count; ++k) items.push_back(std::move(items[from + k]));
}

// Replaces the items of a range by `values`, which may be items of the same
// array.
template <typename T>
void set_items(std::vector<T>& items, std::uint32_t* first, std::uint32_t* count,
               std::span<const T> values) {
  const bool aliased = !values.empty() && values.data() >= items.data() &&
                       values.data() < items.data() + items.size();
  if (aliased) {
    const std::vector<T> copy(values.begin(), values.end());
    set_items(items, first, count, std::span<const T>(copy));
    return;
  }
  if (values.size() <= *count) {
    std::copy(values.begin(), values.end(), items.begin() + *first);
    if (*first + *count == items.size()) items.resize(*first + values.size());
    *count = size32(values.size());
    return;
  }
  make_room(items, values.size());
  *first = size32(items.size());
  *count = size32(values.size());
  items.insert(items.end(), values.begin(), values.end());
}

std::size_t string_heap_bytes(const std::string& s) {
  static const std::size_t kInline = std::string().capacity();
  return s.capacity() > kInline ? s.capacity() + 1 : 0;
}

template <typename T, std::size_t N>
std::size_t small_vector_heap_bytes(const SmallVector<T, N>& v) {
  return v.capacity() > N ? v.capacity() * sizeof(T) : 0;
}

std::size_t property_heap_bytes(const Property& p) {
  std::size_t n = string_heap_bytes(p.id) + small_vector_heap_bytes(p.values);
  for (const std::string& v : p.values) n += string_heap_bytes(v);
  return n;
}

}  // namespace

template <typename T>
void GameTree::move_to_end(std::vector<T>& items, ItemRange& r) {
  prepare_append(items, &r.first, r.count);
}
template void GameTree::move_to_end(std::vector<Move>& items, ItemRange& r);
template void GameTree::move_to_end(std::vector<Evaluation>& items, ItemRange& r);
template void GameTree::move_to_end(std::vector<Property>& items, ItemRange& r);

void GameTree::reserve(std::size_t n, std::size_t properties) {
  nodes_.reserve(n);
  moves_.reserve(n);
  props_.reserve(properties);
}

NodeIndex GameTree::add_root() {
  assert(nodes_.empty());
  nodes_.emplace_back();
  return 0;
}

const NodeView GameTree::data(NodeIndex i) const {
  assert(i < nodes_.size());
  const NodeRecord& r = nodes_[i];
  NodeView v;
  v.moves = items_of(moves_, r.moves.first, r.moves.count);
  v.move_props = items_of(move_props_, r.move_props.first, r.move_props.count);
  v.comment = r.comment == kNoComment ? nullptr : &comments_[r.comment];
  v.evaluations = items_of(evaluations_, r.evaluations.first, r.evaluations.count);
  v.main_flag = r.main_flag;
  v.props = items_of(props_, r.props.first, r.props.count);
  v.pos = r.pos;
  return v;
}

std::size_t GameTree::child_count(NodeIndex i) const {
  std::size_t n = 0;
  for (NodeIndex c = first_child(i); c != kNoNode; c = next_sibling(c)) ++n;
  return n;
}

NodeIndex GameTree::main_child(NodeIndex i) const {
  for (NodeIndex c = first_child(i); c != kNoNode; c = next_sibling(c)) {
    if (nodes_[c].main_flag) return c;
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
    if (node(i).first_child != kNoNode) {
      i = node(i).first_child;
      continue;
    }
    while (i != kNoNode && node(i).next_sibling == kNoNode) i = node(i).parent;
    if (i != kNoNode) i = node(i).next_sibling;
  }
  return out;
}

std::vector<NodeIndex> GameTree::main_line() const {
  std::vector<NodeIndex> out;
  if (nodes_.empty()) return out;
  for (NodeIndex i = 0; i != kNoNode; i = main_child(i)) out.push_back(i);
  return out;
}

void GameTree::remove_last_move(NodeIndex i) {
  ItemRange& r = record(i).moves;
  assert(r.count > 0);
  --r.count;
  if (r.first + r.count + 1 == moves_.size()) moves_.pop_back();
}

template <typename T>
void GameTree::replace(std::vector<T>& items, ItemRange& r, std::span<const T> values) {
  set_items(items, &r.first, &r.count, values);
}

void GameTree::set_moves(NodeIndex i, std::span<const Move> moves) {
  replace(moves_, record(i).moves, moves);
}

std::span<Move> GameTree::mutable_moves(NodeIndex i) {
  return range_of(moves_, record(i).moves);
}

void GameTree::set_move_props(NodeIndex i, std::span<const Property> props) {
  replace(move_props_, record(i).move_props, props);
}

void GameTree::set_props(NodeIndex i, std::span<const Property> props) {
  replace(props_, record(i).props, props);
}

std::span<Property> GameTree::mutable_props(NodeIndex i) {
  return range_of(props_, record(i).props);
}

void GameTree::set_evaluations(NodeIndex i, std::span<const Evaluation> evaluations) {
  replace(evaluations_, record(i).evaluations, evaluations);
}

void GameTree::set_comment(NodeIndex i, std::string comment) {
  NodeRecord& r = record(i);
  if (r.comment != kNoComment) {
    comments_[r.comment] = std::move(comment);
    return;
  }
  r.comment = size32(comments_.size());
  comments_.push_back(std::move(comment));
}

void GameTree::set_main_flag(NodeIndex i, bool main_flag) {
  record(i).main_flag = main_flag;
}

std::size_t GameTree::heap_bytes() const {
  std::size_t n = nodes_.capacity() * sizeof(NodeRecord) + moves_.capacity() * sizeof(Move) +
                  move_props_.capacity() * sizeof(Property) + props_.capacity() * sizeof(Property) +
                  evaluations_.capacity() * sizeof(Evaluation) +
                  comments_.capacity() * sizeof(std::string);
  for (const Move& m : moves_) {
    n += small_vector_heap_bytes(m.points) + m.links.capacity() * sizeof(LinkEdit);
  }
  for (const Property& p : move_props_) n += property_heap_bytes(p);
  for (const Property& p : props_) n += property_heap_bytes(p);
  for (const std::string& c : comments_) n += string_heap_bytes(c);
  return n;
}

bool operator==(const GameTree& a, const GameTree& b) {
  if (a.size() != b.size()) return false;
  const std::vector<NodeIndex> pa = a.preorder();
  const std::vector<NodeIndex> pb = b.preorder();
  for (std::size_t k = 0; k < pa.size(); ++k) {
    if (a.child_count(pa[k]) != b.child_count(pb[k])) return false;
    const NodeView da = a.data(pa[k]);
    const NodeView db = b.data(pb[k]);
    const bool same_comment = da.comment == nullptr || db.comment == nullptr
                                  ? da.comment == db.comment
                                  : *da.comment == *db.comment;
    if (!std::ranges::equal(da.moves, db.moves) || !same_comment ||
        !std::ranges::equal(da.evaluations, db.evaluations) || da.main_flag != db.main_flag ||
        !std::ranges::equal(da.props, db.props)) {
      return false;
    }
  }
  return true;
}

}  // namespace ludex
