// Reading game-tree files spelled out byte by byte from the spec.
#include <catch2/catch.hpp>

#include "importers/gtv/gtv_game.h"
#include "tests/unit/importers/gtv/gtv_test_util.h"

namespace ludex {
namespace {

using namespace gtv_test;

GameRecord read_gtv_ok(const std::string& bytes) {
  const GtvParseOutput out = read_gtv_game(bytes);
  INFO((out.diagnostics.empty() ? std::string() : out.diagnostics.front().message));
  REQUIRE(out.game);
  CHECK(out.diagnostics.empty());
  return *out.game;
}

const Property* gtv_root_prop(const GameRecord& g, std::string_view id) {
  for (const Property& p : g.tree.data(0).props) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

TEST_CASE("the spec's own examples, written by hand, read field by field", "[gtv]") {
  const std::string bytes = spec_example_hex_file();
  // The spec's two examples appear verbatim in the file.
  CHECK(bytes.find(std::string("\x06"
                               "bdsize"
                               "\x00\x00\x00\x01\x0a",
                               12)) != std::string::npos);
  CHECK(bytes.find(std::string("\x07"
                               "player1"
                               "\x00\x00\x00\x05"
                               "vvvjv",
                               17)) != std::string::npos);
  CHECK(looks_like_gtv(bytes));
  const GameRecord g = read_gtv_ok(bytes);
  CHECK(g.family == Family::kHex);
  CHECK(g.format == SourceFormat::kGameTree);
  CHECK(g.dialect == "gtv2");
  CHECK(g.columns == 10);
  CHECK(g.rows == 10);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "vvvjv"}, {2, "Müller"}});
  CHECK(g.warnings.empty());

  // Every header pair is a root property, in order, with its bytes.
  std::vector<std::string> ids;
  for (const Property& p : g.tree.data(0).props) {
    ids.push_back(p.id);
    CHECK(p.raw_bytes);
    CHECK(p.values.size() == 1);
  }
  CHECK(ids == std::vector<std::string>{"gtv", "player1", "player2", "name", "pov", "type",
                                        "bdsize", "hgtv"});
  CHECK(gtv_root_prop(g, "pov")->values.front() == std::string(1, '\x01'));
  CHECK(gtv_root_prop(g, "bdsize")->values.front() == std::string(1, '\x0a'));
  CHECK(gtv_root_prop(g, "name")->values.front() == "Spec example");
  CHECK(gtv_root_prop(g, "player2")->values.front() == "M\xfcller");

  const GameTree& t = g.tree;
  REQUIRE(t.size() == 4);
  REQUIRE(t.data(0).comment != nullptr);
  CHECK(*t.data(0).comment == "Eröffnung");
  CHECK(t.child_count(0) == 2);
  const NodeIndex first = t.first_child(0);
  const NodeIndex second = t.next_sibling(first);
  CHECK(std::ranges::equal(t.data(first).moves, std::vector<Move>{place(1, 3, 4)}));
  CHECK(std::ranges::equal(t.data(first).evaluations, std::vector<Evaluation>{Evaluation{
                                                          EvalSource::kGameTree, false, -250}}));
  CHECK_FALSE(t.data(first).main_flag);
  CHECK(t.data(second).main_flag);
  CHECK(std::ranges::equal(t.data(second).evaluations, std::vector<Evaluation>{Evaluation{
                                                           EvalSource::kGameTree, true, 12345}}));
  // The main line follows the flagged second child.
  const std::vector<NodeIndex> main = t.main_line();
  REQUIRE(main.size() == 3);
  CHECK(main[1] == second);
  const NodeView& last = t.data(main[2]);
  CHECK(std::ranges::equal(last.moves, std::vector<Move>{place(2, 0, 9)}));
  CHECK(std::ranges::equal(
      last.evaluations, std::vector<Evaluation>{Evaluation{EvalSource::kGameTree, false, 10000}}));
  REQUIRE(last.comment != nullptr);
  CHECK(*last.comment == "wins");
  CHECK(std::ranges::equal(last.props, std::vector<Property>{Property{"q", {"?"}, true}}));
  CHECK(last.pos.byte_offset > 0);

  // ludex reproduces the file byte for byte.
  const Result<std::string> written = write_gtv_game(g);
  REQUIRE(written);
  CHECK(*written == bytes);
}

TEST_CASE("twixt short and long moves with every link direction", "[gtv]") {
  std::string f = twixt_header(
      "P\xe9"
      "ter",
      "Bob", 24);
  f += std::string(1, '\0') + be(1, 2);  // empty root, one child
  f += nkv("m", mv(5, 6, 1)) + '\0' + be(1, 2);
  // pbem_null false: remove (3,3)->(5,2) [dir 1] and (3,3)->(4,1) [dir 2];
  // add (10,9)->(9,7) [dir 3] and (10,9)->(8,8) [dir 4].
  f += nkv("m", long_mv(10, 9, 2, false, {{3, 3, 1}, {3, 3, 2}}, {{10, 9, 3}, {10, 9, 4}})) + '\0' +
       be(1, 2);
  // pbem_null true, one removal, no additions.
  f += nkv("m", long_mv(12, 12, 1, true, {{12, 12, 4}}, {})) + '\0' + be(1, 2);
  // pbem_null true with an (ignored by Jtwixt) addition list: kept.
  f += nkv("m", long_mv(0, 23, 2, true, {}, {{0, 23, 1}})) + '\0' + be(0, 2);
  const GameRecord g = read_gtv_ok(f);
  CHECK(g.family == Family::kTwixt);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "Péter"}, {2, "Bob"}});
  const std::vector<NodeIndex> line = g.tree.main_line();
  REQUIRE(line.size() == 5);
  CHECK(std::ranges::equal(g.tree.data(line[1]).moves, std::vector<Move>{place(1, 5, 6)}));

  const Move& manual = g.tree.data(line[2]).moves[0];
  CHECK(manual.seat == 2);
  CHECK(manual.points == std::vector<Point>{{10, 9}});
  CHECK_FALSE(manual.autolink);
  CHECK(manual.links ==
        std::vector<LinkEdit>{
            {false, 8, 5, 1}, {false, 7, 4, 1}, {true, 19, 16, -1}, {true, 18, 17, -1}});
  const Move& removal = g.tree.data(line[3]).moves[0];
  CHECK(removal.autolink);
  CHECK(removal.links == std::vector<LinkEdit>{{false, 22, 23, -1}});
  const Move& ignored = g.tree.data(line[4]).moves[0];
  CHECK(ignored.autolink);
  CHECK(ignored.links == std::vector<LinkEdit>{{true, 2, 45, 1}});

  const Result<std::string> written = write_gtv_game(g);
  REQUIRE(written);
  CHECK(*written == f);
}

TEST_CASE("unknown keys, repeated keys and verbatim flags are kept in order", "[gtv]") {
  std::string f = twixt_header("a", "b", 12);
  f += nkv("c", "root") + nkv("rootkey", "R") + '\0' + be(2, 2);
  f += nkv("m", mv(1, 1, 1)) + nkv("r", be(7, 2)) + nkv("r", be(12345, 2)) +
       nkv("g", std::string(1, '\0')) + nkv("c", "one") + nkv("zz", "1") + nkv("c", "two") +
       nkv("yy", "") + '\0' + be(0, 2);
  f += nkv("m", mv(2, 2, 1)) + nkv("g", "\x01") + '\0' + be(0, 2);
  const GameRecord g = read_gtv_ok(f);
  const GameTree& t = g.tree;
  REQUIRE(t.data(0).comment != nullptr);
  CHECK(*t.data(0).comment == "root");
  CHECK(t.data(0).props.back() == Property{"gtv-node:rootkey", {"R"}, true});
  const NodeView& a = t.data(t.first_child(0));
  CHECK(a.evaluations.size() == 2);
  CHECK(a.evaluations[1].undetermined);
  REQUIRE(a.comment != nullptr);
  CHECK(*a.comment == "one");
  CHECK_FALSE(a.main_flag);
  CHECK(std::ranges::equal(a.props, std::vector<Property>{{"zz", {"1"}, true},
                                                          {"c", {"two"}, true},
                                                          {"yy", {""}, true},
                                                          {"g", {std::string(1, '\0')}, true}}));
  const NodeIndex b = t.next_sibling(t.first_child(0));
  CHECK(t.data(b).main_flag);
  CHECK(t.main_child(0) == b);
  const Result<std::string> written = write_gtv_game(g);
  REQUIRE(written);
  CHECK(*written == f);
}

TEST_CASE("a version 1 file reads onto the same model", "[gtv]") {
  const std::string bytes = v1_example_file();
  CHECK(looks_like_gtv(bytes));
  const GameRecord g = read_gtv_ok(bytes);
  CHECK(g.family == Family::kHex);
  CHECK(g.dialect == "gtv1");
  CHECK(g.columns == 10);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "vvvjv"}, {2, "Horizontal"}});
  const GameTree& t = g.tree;
  REQUIRE(t.size() == 4);
  const NodeView& first = t.data(1);
  CHECK(std::ranges::equal(first.moves, std::vector<Move>{place(1, 4, 5)}));
  CHECK(std::ranges::equal(
      first.evaluations, std::vector<Evaluation>{Evaluation{EvalSource::kGameTree, false, 5000}}));
  CHECK(first.main_flag);
  REQUIRE(first.comment != nullptr);
  CHECK(*first.comment == "half");
  CHECK(t.child_count(1) == 2);
  CHECK(std::ranges::equal(t.data(2).evaluations, std::vector<Evaluation>{Evaluation{
                                                      EvalSource::kGameTree, false, -10000}}));
  // Written back as version 1, byte for byte.
  const Result<std::string> written = write_gtv_game(g);
  REQUIRE(written);
  CHECK(*written == bytes);
}

TEST_CASE("a 'v' that is not a number stays a property", "[gtv]") {
  std::string f = std::string(
                      "\x04"
                      "size"
                      "\x00\x00\x00\x01\x05",
                      10) +
                  '\0';
  f += std::string(1, '\0') + be(1, 4);
  f += nkv1("v", be(0x7FC00000, 4)) + '\0' + be(0, 4);
  const GameRecord g = read_gtv_ok(f);
  CHECK(g.tree.data(1).evaluations.empty());
  CHECK(std::ranges::equal(g.tree.data(1).props,
                           std::vector<Property>{{"v", {be(0x7FC00000, 4)}, true}}));
  CHECK(*write_gtv_game(g) == f);
}

TEST_CASE("header integers take their width from the length field", "[gtv]") {
  for (std::size_t width : {1, 2, 4, 8}) {
    std::string f = hdr("gtv", be(2, width)) + hdr("type", "hex1") + hdr("bdsize", be(13, width)) +
                    hdr("hgtv", be(1, width)) + '\0' + '\0' + be(0, 2);
    const GameRecord g = read_gtv_ok(f);
    CHECK(g.columns == 13);
    CHECK(*write_gtv_game(g) == f);
  }
}

TEST_CASE("the family follows from 'type', or from hgtv / tgtv without one", "[gtv]") {
  const std::string tail = std::string(1, '\0') + '\0' + be(0, 2);
  CHECK(read_gtv_ok(hdr("gtv", be(2, 4)) + hdr("bdsize", be(5, 4)) + hdr("tgtv", be(1, 4)) + tail)
            .family == Family::kTwixt);
  CHECK(read_gtv_ok(hdr("gtv", be(2, 4)) + hdr("bdsize", be(5, 4)) + hdr("hgtv", be(1, 4)) + tail)
            .family == Family::kHex);
  const GameRecord no_version =
      read_gtv_ok(hdr("gtv", be(2, 4)) + hdr("type", "twixt1") + hdr("bdsize", be(5, 4)) + tail);
  CHECK(no_version.warnings.size() == 1);
}

TEST_CASE("looks_like_gtv decides by content", "[gtv]") {
  CHECK(looks_like_gtv(spec_example_hex_file()));
  CHECK(looks_like_gtv(v1_example_file()));
  CHECK_FALSE(looks_like_gtv(""));
  CHECK_FALSE(looks_like_gtv("(;GM[11]SZ[11];B[a1])"));
  CHECK_FALSE(looks_like_gtv(std::string("\x00\x00\x00", 3)));
  // Known version but unknown type: not a game-tree file ludex reads.
  CHECK_FALSE(looks_like_gtv(hdr("gtv", be(2, 4)) + hdr("type", "chess1") + '\0'));
  // Cut inside the header after the version key: still recognised, so the
  // reader can say where it ends.
  const std::string cut = spec_example_hex_file().substr(0, 30);
  CHECK(looks_like_gtv(cut));
  const GtvParseOutput out = read_gtv_game(cut);
  CHECK_FALSE(out.game);
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics[0].pos.byte_offset <= 30);
}

}  // namespace
}  // namespace ludex
