#include "core/game_tree.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace ludex {
namespace {

Move stone(std::int8_t seat, std::int16_t x, std::int16_t y) {
  Move m;
  m.seat = seat;
  m.points.push_back(Point{x, y});
  return m;
}

std::vector<Move> moves_of(const GameTree& t, NodeIndex i) {
  const NodeView v = t.data(i);
  return std::vector<Move>(v.moves.begin(), v.moves.end());
}

TEST_CASE("preorder visits parents before children, children in order", "[core]") {
  GameTree t;
  const NodeIndex root = t.add_root();
  const NodeIndex a = t.add_child(root);
  const NodeIndex b = t.add_child(root);
  const NodeIndex a1 = t.add_child(a);
  const NodeIndex b1 = t.add_child(b);
  const NodeIndex a2 = t.add_child(a);
  CHECK(t.preorder() == std::vector<NodeIndex>{root, a, a1, a2, b, b1});
  CHECK(t.child_count(root) == 2);
  CHECK(t.main_line() == std::vector<NodeIndex>{root, a, a1});
}

TEST_CASE("main line follows the flagged child whatever its position", "[core]") {
  GameTree t;
  const NodeIndex root = t.add_root();
  t.add_child(root);
  const NodeIndex second = t.add_child(root);
  t.set_main_flag(second, true);
  const NodeIndex leaf = t.add_child(second);
  CHECK(t.main_line() == std::vector<NodeIndex>{root, second, leaf});
}

TEST_CASE("a million-deep line and a 65535-wide node walk without recursion", "[core]") {
  GameTree deep;
  NodeIndex n = deep.add_root();
  for (int i = 0; i < 1'000'000; ++i) n = deep.add_child(n);
  CHECK(deep.preorder().size() == 1'000'001);
  CHECK(deep.main_line().size() == 1'000'001);
  GameTree wide;
  const NodeIndex root = wide.add_root();
  for (int i = 0; i < 65535; ++i) wide.add_child(root);
  CHECK(wide.child_count(root) == 65535);
  CHECK(wide.preorder().size() == 65536);
  // Comparing trees walks them too: a copy equals the original, and one
  // node more makes them differ.
  const GameTree copy = deep;
  CHECK(copy == deep);
  GameTree longer = deep;
  longer.add_child(n);
  CHECK_FALSE(longer == deep);
}

}  // namespace
}  // namespace ludex

namespace ludex {
namespace {

TEST_CASE("a node's items stay its own when nodes are filled out of order", "[core]") {
  // Readers fill one node after the other; the loader and tools may come
  // back to an earlier node, whose items then move to the end of the array.
  GameTree t;
  const NodeIndex root = t.add_root();
  const NodeIndex a = t.add_child(root);
  const NodeIndex b = t.add_child(root);
  t.add_move(a, stone(1, 0, 0));
  t.add_move(b, stone(2, 1, 1));
  t.add_move(a, stone(1, 2, 2));  // a's first move is no longer last
  t.add_move(b, stone(2, 3, 3));
  CHECK(moves_of(t, a) == std::vector<Move>{stone(1, 0, 0), stone(1, 2, 2)});
  CHECK(moves_of(t, b) == std::vector<Move>{stone(2, 1, 1), stone(2, 3, 3)});
  CHECK(moves_of(t, root).empty());

  CHECK(t.move_count(a) == 2);
  CHECK(t.move_count(root) == 0);

  t.remove_last_move(a);
  CHECK(moves_of(t, a) == std::vector<Move>{stone(1, 0, 0)});
  t.remove_last_move(b);
  t.remove_last_move(b);
  CHECK(moves_of(t, b).empty());
  // Relocated items left behind are not counted.
  CHECK(t.move_count(a) == 1);
  CHECK(t.move_count(b) == 0);

  // What relocation leaves behind is not part of any node: a tree built the
  // simple way compares equal.
  GameTree simple;
  simple.add_root();
  simple.add_move(simple.add_child(0), stone(1, 0, 0));
  simple.add_child(0);
  CHECK(t == simple);
}

TEST_CASE("set_ replaces a node's items, also from the tree's own", "[core]") {
  GameTree t;
  const NodeIndex root = t.add_root();
  const NodeIndex a = t.add_child(root);
  const NodeIndex b = t.add_child(root);
  t.set_moves(a, {stone(1, 0, 0), stone(1, 1, 0), stone(1, 2, 0)});
  t.set_moves(b, {stone(2, 5, 5)});
  t.set_moves(a, {stone(1, 9, 9)});  // fewer: in place
  CHECK(moves_of(t, a) == std::vector<Move>{stone(1, 9, 9)});
  t.set_moves(b, t.data(a).moves);  // from the same array
  CHECK(moves_of(t, b) == std::vector<Move>{stone(1, 9, 9)});
  const std::vector<Move> many = {stone(2, 1, 2), stone(2, 3, 4), stone(2, 5, 6)};
  t.set_moves(b, many);  // more: at the end
  CHECK(moves_of(t, b) == many);
  CHECK(moves_of(t, a) == std::vector<Move>{stone(1, 9, 9)});

  t.set_props(root, {Property{"GM", {"1"}, false}, Property{"SZ", {"19"}, false}});
  t.add_prop(a, Property{"N", {"x"}, false});
  t.add_prop(root, Property{"KM", {"6.5"}, false});
  const NodeView r = t.data(root);
  REQUIRE(r.props.size() == 3);
  CHECK(r.props[2].id == "KM");
  CHECK(t.data(a).props.size() == 1);

  t.set_evaluations(a, {Evaluation{EvalSource::kSgfValue, false, 0.5}});
  t.add_evaluation(a, Evaluation{EvalSource::kGameTree, true, 0});
  CHECK(t.data(a).evaluations.size() == 2);
  CHECK(t.data(b).evaluations.empty());
}

TEST_CASE("a node has no comment until one is set, and one at most", "[core]") {
  GameTree t;
  const NodeIndex root = t.add_root();
  CHECK(t.data(root).comment == nullptr);
  t.set_comment(root, "");
  REQUIRE(t.data(root).comment != nullptr);
  CHECK(t.data(root).comment->empty());
  t.set_comment(root, "second thoughts");
  CHECK(*t.data(root).comment == "second thoughts");
  CHECK(t.data(root).main_flag == false);
  SourcePos pos;
  pos.byte_offset = 12;
  pos.line = 2;
  pos.column = 3;
  t.set_pos(root, pos);
  CHECK(t.data(root).pos.byte_offset == 12);
}

TEST_CASE("heap_bytes counts the arrays and what outgrows its inline room", "[core]") {
  GameTree t;
  CHECK(t.heap_bytes() == 0);
  t.reserve(10, 2);
  const std::size_t reserved = t.heap_bytes();
  CHECK(reserved >= 10 * sizeof(Move));
  const NodeIndex root = t.add_root();
  Move piece;
  for (std::int16_t x = 0; x < 20; ++x) piece.points.push_back(Point{x, 0});  // past 6 inline
  t.add_move(root, piece);
  CHECK(t.heap_bytes() >= reserved + 20 * sizeof(Point));
  const std::size_t before_comment = t.heap_bytes();
  t.set_comment(root, std::string(100, 'c'));  // past a string's inline room
  CHECK(t.heap_bytes() >= before_comment + 100);
}

}  // namespace
}  // namespace ludex
