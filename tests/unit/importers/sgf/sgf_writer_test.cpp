// The SGF writer: token layout, escaping, iterative tree walk, and writing
// records that did not come from SGF.
#include <catch2/catch.hpp>

#include <string>

#include "importers/sgf/sgf_game.h"
#include "importers/sgf/sgf_tree_builder.h"
#include "importers/sgf/sgf_writer.h"
#include "sgf_test_util.h"

namespace ludex {
namespace {

std::size_t longest_line(const std::string& text) {
  std::size_t longest = 0;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    longest = std::max(longest, end - start);
    start = end + 1;
  }
  return longest;
}

}  // namespace

TEST_CASE("writer: raw trees mirror the reader", "[sgf][writer]") {
  const std::string sgf = "(;FF[4]C[a\\]b];B[aa](;W[bb];B[cc])(;W[dd](;B[ee])(;B[ff])))";
  const RawSgfCollection c = build_sgf_trees(sgf);
  REQUIRE(c.games.size() == 1);
  const std::string written = write_sgf_props_tree(c.games[0].tree, SgfValueForm::kRaw);
  CHECK(written == "(;FF[4]C[a\\]b]\n;B[aa]\n(;W[bb];B[cc])\n(;W[dd]\n(;B[ee])\n(;B[ff])))\n");
  const RawSgfCollection again = build_sgf_trees(written);
  REQUIRE(again.games.size() == 1);
  CHECK(again.games[0].tree == c.games[0].tree);
}

TEST_CASE("writer: text values are escaped", "[sgf][writer]") {
  GameTree tree;
  tree.add_root();
  tree.add_prop(0, Property{"C", {"a]b\\c"}, false});
  CHECK(write_sgf_props_tree(tree, SgfValueForm::kText) == "(;C[a\\]b\\\\c]\n)\n");
}

TEST_CASE("writer: long lines are broken between tokens", "[sgf][writer]") {
  std::string sgf = "(;GM[1]SZ[19]";
  for (int i = 0; i < 300; ++i) sgf += i % 2 == 0 ? ";B[pd]" : ";W[dp]";
  sgf += ")";
  const auto out = read_sgf_games(sgf);
  REQUIRE(out.games.size() == 1);
  const std::string written = write_sgf_game(out.games[0]);
  CHECK(longest_line(written) <= 80);
  const auto back = read_sgf_games(written);
  REQUIRE(back.games.size() == 1);
  CHECK(test::record_difference(out.games[0], back.games[0]).empty());
}

TEST_CASE("writer: a deep line with deep variations, iteratively", "[sgf][writer]") {
  // 300,000 levels, every other one a branch: 150,000 nested variations.
  const std::size_t n = 300000;
  GameTree tree;
  tree.reserve(n);
  NodeIndex node = tree.add_root();
  tree.add_prop(node, Property{"GM", {"1"}, false});
  for (std::size_t i = 1; i < n; ++i) {
    const NodeIndex child = tree.add_child(node);
    tree.add_prop(child, Property{"C", {"x"}, false});
    if (i % 2 == 0) tree.add_child(node);  // a sibling makes every level a variation
    node = child;
  }
  const std::string written = write_sgf_props_tree(tree, SgfValueForm::kText);
  const RawSgfCollection back = build_sgf_trees(written);
  REQUIRE(back.games.size() == 1);
  CHECK(back.games[0].tree.size() == tree.size());
  CHECK(back.games[0].tree == tree);
}

TEST_CASE("writer: records from other formats get the standard dialect", "[sgf][writer]") {
  GameRecord g;
  g.family = Family::kHex;
  g.format = SourceFormat::kGameTree;
  g.dialect = "gtv2";
  g.columns = 13;
  g.rows = 13;
  g.players = {{1, "Alice"}, {2, "Bob"}};
  g.result = "B+";
  NodeIndex node = g.tree.add_root();
  for (int i = 0; i < 3; ++i) {
    node = g.tree.add_child(node);
    Move m;
    m.seat = static_cast<std::int8_t>(i % 2 + 1);
    m.points = {Point{static_cast<std::int16_t>(i), static_cast<std::int16_t>(i + 1)}};
    g.tree.add_move(node, m);
    g.tree.add_move_prop(node, Property{});
    g.tree.set_comment(node, "move " + std::to_string(i));
    Evaluation e;
    e.source = EvalSource::kSgfValue;
    e.value = 0.125 * i;
    g.tree.add_evaluation(node, e);
  }
  const std::string written = write_sgf_game(g);
  INFO(written);
  CHECK(written.rfind("(;GM[11]FF[4]SZ[13]CA[UTF-8]", 0) == 0);
  const auto out = read_sgf_games(written);
  REQUIRE(out.games.size() == 1);
  const GameRecord& back = out.games[0];
  CHECK(back.family == Family::kHex);
  CHECK(back.dialect == "sgf");
  CHECK(back.columns == 13);
  CHECK(back.players == g.players);
  CHECK(back.result == "B+");
  const auto order = back.tree.preorder();
  REQUIRE(order.size() == 4);
  for (std::size_t k = 1; k < 4; ++k) {
    CHECK(std::ranges::equal(back.tree.data(order[k]).moves,
                             g.tree.data(static_cast<NodeIndex>(k)).moves));
    const std::string* written_comment = back.tree.data(order[k]).comment;
    const std::string* comment = g.tree.data(static_cast<NodeIndex>(k)).comment;
    REQUIRE(written_comment != nullptr);
    REQUIRE(comment != nullptr);
    CHECK(*written_comment == *comment);
    CHECK(std::ranges::equal(back.tree.data(order[k]).evaluations,
                             g.tree.data(static_cast<NodeIndex>(k)).evaluations));
  }
}

TEST_CASE("writer: values are written so they read back exactly", "[sgf][writer]") {
  GameRecord g;
  g.family = Family::kGo;
  g.format = SourceFormat::kSgf;
  g.dialect = "sgf";
  g.columns = 19;
  g.rows = 19;
  g.tree.add_root();
  g.tree.add_prop(0, Property{"GM", {"1"}, false});
  const NodeIndex n = g.tree.add_child(0);
  for (double v : {0.1, -1e-7, 123456789.125, 1e21, 0.0}) {
    Evaluation e;
    e.source = EvalSource::kSgfValue;
    e.value = v;
    NodeIndex m = g.tree.add_child(n);
    g.tree.add_evaluation(m, e);
  }
  const auto out = read_sgf_games(write_sgf_game(g));
  REQUIRE(out.games.size() == 1);
  CHECK(out.games[0].tree == g.tree);
}

}  // namespace ludex

namespace ludex {

TEST_CASE("writer: the flagged main variation is written first", "[sgf][writer]") {
  GameTree tree;
  tree.add_root();
  for (const char* c : {"a", "b", "c"}) {
    const NodeIndex child = tree.add_child(0);
    tree.add_prop(child, Property{"C", {c}, false});
    tree.add_child(child);
  }
  tree.set_main_flag(3, true);  // "b"
  std::string out;
  write_sgf_game_tree(
      tree,
      [&tree](NodeIndex i, SgfWriter& w) {
        for (const Property& p : tree.data(i).props)
          w.property(p.id, p.values, SgfValueForm::kText);
      },
      out, SgfChildOrder::kMainFirst);
  CHECK(out == "(;\n(;C[b];)\n(;C[a];)\n(;C[c];))\n");
  out.clear();
  write_sgf_game_tree(
      tree,
      [&tree](NodeIndex i, SgfWriter& w) {
        for (const Property& p : tree.data(i).props)
          w.property(p.id, p.values, SgfValueForm::kText);
      },
      out);
  CHECK(out == "(;\n(;C[a];)\n(;C[b];)\n(;C[c];))\n");
}

}  // namespace ludex
