#include "core/game_tree.h"

#include <catch2/catch.hpp>

namespace ludex {
namespace {

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
  CHECK(deep == deep);
}

}  // namespace
}  // namespace ludex
