// Writing game-tree files: every feature through write -> read, byte-exact
// rewrites, games from other formats, and what cannot be written.
#include <catch2/catch.hpp>

#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "tests/unit/importers/gtv/gtv_test_util.h"

namespace ludex {
namespace {

using namespace gtv_test;

std::string write_ok(const GameRecord& g) {
  const Result<std::string> bytes = write_gtv_game(g);
  INFO((bytes ? std::string() : bytes.error().message));
  REQUIRE(bytes);
  return *bytes;
}

GameRecord reread(const std::string& bytes) {
  const GtvParseOutput out = read_gtv_game(bytes);
  INFO((out.diagnostics.empty() ? std::string() : out.diagnostics.front().message));
  REQUIRE(out.game);
  return *out.game;
}

// The node data of both trees, pre-order, ignoring header properties.
void check_same_nodes(const GameTree& a, const GameTree& b) {
  const std::vector<NodeIndex> pa = a.preorder();
  const std::vector<NodeIndex> pb = b.preorder();
  REQUIRE(pa.size() == pb.size());
  for (std::size_t k = 0; k < pa.size(); ++k) {
    INFO("node " << k);
    CHECK(a.child_count(pa[k]) == b.child_count(pb[k]));
    const NodeView& x = a.data(pa[k]);
    const NodeView& y = b.data(pb[k]);
    CHECK(std::ranges::equal(x.moves, y.moves));
    REQUIRE((x.comment == nullptr) == (y.comment == nullptr));
    if (x.comment != nullptr) CHECK(*x.comment == *y.comment);
    CHECK(std::ranges::equal(x.evaluations, y.evaluations));
    CHECK(x.main_flag == y.main_flag);
    if (k > 0) CHECK(std::ranges::equal(x.props, y.props));
  }
}

TEST_CASE("a hex game with every feature survives write and read", "[gtv]") {
  const GameRecord original = sample_hex_game();
  const std::string bytes = write_ok(original);
  const GameRecord g = reread(bytes);
  CHECK(g.family == Family::kHex);
  CHECK(g.dialect == "gtv2");
  CHECK(g.columns == 11);
  CHECK(g.players == original.players);
  CHECK(g.event == original.event);
  CHECK(g.result == original.result);
  CHECK(g.winner == 1);
  check_same_nodes(original.tree, g.tree);
  CHECK(g.tree.data(0).props.back() == original.tree.data(0).props.back());
  // "Müller" is written in Latin-1, 'schön' too; the comment with U+2713 in
  // UTF-8.
  CHECK(bytes.find("M\xfcller") != std::string::npos);
  CHECK(bytes.find("sch\xf6n") != std::string::npos);
  CHECK(bytes.find("main line \xe2\x80\x94 \xe2\x9c\x93") != std::string::npos);
  // The swap the known Twixt writer's way: first stone transposed for
  // player 1, then player 2 in the same cell.
  CHECK(bytes.find(nkv("m", mv(3, 2, 1)) + '\0' + be(1, 2) + nkv("m", mv(3, 2, 2))) !=
        std::string::npos);
  CHECK(bytes.find(nkv("ludex_special", "resign:2")) != std::string::npos);
  CHECK(bytes.find(nkv("ludex_special", "pass:1")) != std::string::npos);
  CHECK(bytes.find(nkv("m", mv(1, 1, 1)) + nkv("ludex_draw_offer", "")) != std::string::npos);
  // ludex's own file writes back byte for byte.
  CHECK(write_ok(g) == bytes);
}

TEST_CASE("a twixt game with every feature survives write and read", "[gtv]") {
  const GameRecord original = sample_twixt_game();
  const std::string bytes = write_ok(original);
  const GameRecord g = reread(bytes);
  CHECK(g.family == Family::kTwixt);
  CHECK(g.players == original.players);
  CHECK(g.date == "2020-12-01");
  check_same_nodes(original.tree, g.tree);
  // "Zoë" fits Latin-1; "李明" does not and is written as UTF-8.
  CHECK(bytes.find(hdr("player1", "Zo\xeb")) != std::string::npos);
  CHECK(bytes.find(hdr("player2", "\xe6\x9d\x8e\xe6\x98\x8e")) != std::string::npos);
  // The flagged main child is the second child; only it carries 'g'.
  CHECK(g.tree.main_line().size() == 8);
  CHECK(write_ok(g) == bytes);
}

TEST_CASE("a game from SGF gets the known writer's header and no 'g' flags", "[gtv]") {
  GameRecord g;
  g.family = Family::kHex;
  g.format = SourceFormat::kSgf;
  g.dialect = "hexgui";
  g.columns = g.rows = 9;
  g.players = {{1, "Black"}, {2, "White"}};
  const NodeIndex root = g.tree.add_root();
  g.tree.set_props(root, {Property{"GN", {"Olympiad 2009"}, false}, Property{"FF", {"4"}, false}});
  const NodeIndex a = g.tree.add_child(root);
  g.tree.set_moves(a, {place(1, 4, 4)});
  g.tree.set_props(a, {Property{"N", {"centre"}, false}});
  g.tree.set_evaluations(a, {Evaluation{EvalSource::kSgfValue, false, 0.5}});
  const NodeIndex b = g.tree.add_child(a);
  g.tree.set_moves(b, {place(2, 3, 3)});
  const NodeIndex c = g.tree.add_child(a);
  g.tree.set_moves(c, {place(2, 5, 5)});
  const std::string bytes = write_ok(g);
  const std::string header = hdr("gtv", be(2, 4)) + hdr("player1", "Black") +
                             hdr("player2", "White") + hdr("name", "Olympiad 2009") +
                             hdr("pov", std::string(1, '\0')) + hdr("type", "hex1") +
                             hdr("bdsize", be(9, 4)) + hdr("hgtv", be(1, 4)) + '\0';
  const std::string tree = std::string(1, '\0') + be(1, 2) + nkv("m", mv(4, 4, 1)) + '\0' +
                           be(2, 2) + nkv("m", mv(3, 3, 2)) + '\0' + be(0, 2) +
                           nkv("m", mv(5, 5, 2)) + '\0' + be(0, 2);
  CHECK(bytes == header + tree);
  const GameRecord back = reread(bytes);
  CHECK(back.players == g.players);
  CHECK(back.tree.main_line().size() == 3);
  CHECK(std::ranges::equal(back.tree.data(back.tree.main_line()[2]).moves, g.tree.data(b).moves));
}

TEST_CASE("changed fields override the header they were read from", "[gtv]") {
  GameRecord g = reread(spec_example_hex_file());
  g.players = {{1, "Neue Spielerin"}, {2, "Müller"}};
  g.columns = g.rows = 12;
  const std::string bytes = write_ok(g);
  CHECK(bytes.find(hdr("player1", "Neue Spielerin")) != std::string::npos);
  CHECK(bytes.find(hdr("player2", "M\xfcller")) != std::string::npos);
  CHECK(bytes.find(hdr("bdsize", be(12, 1))) != std::string::npos);  // the width read
  const GameRecord back = reread(bytes);
  CHECK(back.players == g.players);
  CHECK(back.columns == 12);
}

TEST_CASE("names whose Latin-1 bytes would read as UTF-8 are written in UTF-8", "[gtv]") {
  GameRecord g = sample_hex_game();
  g.players = {{1, "Ã¼ber"}, {2, "plain"}};
  const std::string bytes = write_ok(g);
  CHECK(bytes.find(hdr("player1",
                       "\xc3\x83\xc2\xbc"
                       "ber")) != std::string::npos);
  CHECK(reread(bytes).players == g.players);
}

TEST_CASE("a version 1 game is written as version 1", "[gtv]") {
  GameRecord g = reread(v1_example_file());
  g.tree.set_evaluations(3, {Evaluation{EvalSource::kGameTree, false, 2500}});
  const std::string bytes = write_ok(g);
  CHECK(bytes.find(nkv1("v", be(0x3E800000, 4))) != std::string::npos);  // 0.25f
  const GameRecord back = reread(bytes);
  CHECK(back.dialect == "gtv1");
  check_same_nodes(g.tree, back.tree);
}

TEST_CASE("what the format cannot express is an error", "[gtv]") {
  const auto error_of = [](const GameRecord& g) {
    const Result<std::string> r = write_gtv_game(g);
    REQUIRE_FALSE(r);
    return r.error().message;
  };
  GameRecord go = sample_hex_game();
  go.family = Family::kGo;
  CHECK_THAT(error_of(go), Catch::Contains("hex and twixt"));

  GameRecord wide = sample_hex_game();
  wide.columns = 12;
  CHECK_THAT(error_of(wide), Catch::Contains("square"));

  GameRecord two_points = sample_hex_game();
  two_points.tree.mutable_moves(3).front().points.push_back(Point{0, 0});
  CHECK_THAT(error_of(two_points), Catch::Contains("2 points"));

  GameRecord off_board = sample_hex_game();
  off_board.tree.mutable_moves(3).front().points.front() = Point{11, 0};
  CHECK_THAT(error_of(off_board), Catch::Contains("(11, 0)"));

  GameRecord no_seat = sample_hex_game();
  no_seat.tree.mutable_moves(3).front().seat = 0;
  CHECK_THAT(error_of(no_seat), Catch::Contains("seat 0"));

  GameRecord unresolved = sample_twixt_game();
  unresolved.tree.mutable_moves(unresolved.tree.main_line()[3]).front().links.front().slope = 0;
  CHECK_THAT(error_of(unresolved), Catch::Contains("names no link direction"));

  GameRecord value = sample_hex_game();
  value.tree.set_evaluations(1, {Evaluation{EvalSource::kGameTree, false, 12345}});
  CHECK_THAT(error_of(value), Catch::Contains("undetermined"));
  value.tree.set_evaluations(1, {Evaluation{EvalSource::kGameTree, false, 40000}});
  CHECK_THAT(error_of(value), Catch::Contains("16 bits"));

  GameRecord setup;
  setup.family = Family::kHex;
  setup.columns = setup.rows = 5;
  setup.tree.add_root();
  setup.tree.set_props(0, {Property{"AB", {"a1"}, false}});
  CHECK_THAT(error_of(setup), Catch::Contains("setup property AB"));

  GameRecord hex_links = sample_hex_game();
  hex_links.tree.mutable_moves(3).front().links = {LinkEdit{true, 1, 2, 1}};
  CHECK_THAT(error_of(hex_links), Catch::Contains("link"));
}

TEST_CASE("specials and a swap that does not follow a first move use ludex_special", "[gtv]") {
  GameRecord g = sample_twixt_game();
  // A swap-pieces deep in the game has no known-writer spelling.
  const NodeIndex last = g.tree.main_line().back();
  const NodeIndex swap = g.tree.add_child(last);
  g.tree.set_moves(swap, {special(2, MoveKind::kSwapPieces)});
  const std::string bytes = write_ok(g);
  CHECK(bytes.find(nkv("ludex_special", "swap-pieces:2")) != std::string::npos);
  CHECK(bytes.find(nkv("ludex_special", "draw-accept:2:draw-offer")) != std::string::npos);
  check_same_nodes(g.tree, reread(bytes).tree);
}

}  // namespace
}  // namespace ludex

namespace ludex {

// Regression: a binary tree's autolinking long move (pbem_null = 1) lists
// additions its position ignores, while SGF counts an autolinking move's
// additions. Export must keep each format's meaning.
TEST_CASE("an autolinking long move's added links across formats", "[gtv][sgf]") {
  GameRecord g = gtv_test::sample_twixt_game();
  // The sample's peg at (12, 12) autolinks after one removal; give it an
  // addition, which its format ignores.
  Move* autolinking = nullptr;
  for (NodeIndex i = 0; i < g.tree.size(); ++i) {
    for (Move& m : g.tree.mutable_moves(i)) {
      if (m.autolink && !m.links.empty()) autolinking = &m;
    }
  }
  REQUIRE(autolinking != nullptr);
  autolinking->links.push_back(LinkEdit{true, 22, 21, 1});

  SECTION("from a binary tree: kept in the tree file, left out of SGF") {
    const std::string bytes = write_ok(g);
    check_same_nodes(g.tree, reread(bytes).tree);
    const SgfParseOutput sgf = read_sgf_games(write_sgf_game(g));
    REQUIRE(sgf.games.size() == 1);
    bool found = false;
    for (NodeIndex i = 0; i < sgf.games[0].tree.size(); ++i) {
      for (const Move& m : sgf.games[0].tree.data(i).moves) {
        if (m.points.empty() || m.points.front() != Point{12, 12}) continue;
        found = true;
        CHECK(m.links.size() == 1);
        for (const LinkEdit& e : m.links) CHECK_FALSE(e.add);
      }
    }
    CHECK(found);
  }
  SECTION("from SGF: the tree file cannot say it, so it is refused") {
    g.format = SourceFormat::kSgf;
    const Result<std::string> r = write_gtv_game(g);
    REQUIRE_FALSE(r);
    CHECK_THAT(r.error().message, Catch::Contains("ignores the added links"));
  }
}

}  // namespace ludex
