// detect_sgf_kind on root properties copied from real corpus headers (cited
// per case; paths relative to ../shared/corpus), and on edge cases.
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "games/family_rules.h"

namespace ludex {
namespace {

using Props = std::vector<std::pair<std::string, std::string>>;

std::vector<Property> make_props(const Props& props) {
  std::vector<Property> out;
  for (const auto& [id, value] : props) out.push_back(Property{id, {value}, false});
  return out;
}

SgfGameKind detect(const Props& root, std::vector<std::string> first_ids = {}) {
  const std::vector<Property> props = make_props(root);
  SgfKindInput input;
  input.root_props = &props;
  const std::vector<std::string_view> ids(first_ids.begin(), first_ids.end());
  input.first_prop_ids = ids;
  return detect_sgf_kind(input);
}

TEST_CASE("Little Golem hex: EV hex.*", "[games]") {
  // hex/littlegolem-tasuki/lg-2284314-hexLazy.hsgf
  const SgfGameKind k = detect({{"FF", "4"},
                                {"EV", "hex.ld.HEX19"},
                                {"PB", "tasuki"},
                                {"PW", "lazyplayer"},
                                {"SZ", "19"},
                                {"RE", "W"},
                                {"GC", " game #2284314"},
                                {"SO", "https://www.littlegolem.net"}},
                               {"W", "B", "W"});
  CHECK(k.family == Family::kHex);
  CHECK(k.dialect == "littlegolem");
  CHECK(k.variant.empty());
  CHECK(k.columns == 19);
  CHECK(k.rows == 19);
  CHECK(k.warning.empty());
}

TEST_CASE("Little Golem hex: EV ut.hex.*", "[games]") {
  // hex/littlegolem-zerohex/data_text_games__1872.txt
  const SgfGameKind k = detect({{"FF", "4"},
                                {"EV", "ut.hex.1112.1.1"},
                                {"PB", "Giupiter"},
                                {"PW", "apetresc"},
                                {"SZ", "13"},
                                {"RE", "B"},
                                {"SO", "http://www.littlegolem.com"}},
                               {"W", "B"});
  CHECK(k.family == Family::kHex);
  CHECK(k.dialect == "littlegolem");
  CHECK(k.columns == 13);
}

TEST_CASE("Little Golem hex: EV[null], recognised by its W-first moves", "[games]") {
  // hex/misc/lg-game-1804563-unescaped-names.hsgf
  const SgfGameKind k = detect({{"FF", "4"},
                                {"EV", "null"},
                                {"PB", "lazy\\player"},
                                {"PW", "Shumacher;]"},
                                {"SZ", "11"},
                                {"RE", "B"},
                                {"GC", "game #1804563"},
                                {"SO", "https://www.littlegolem.net"}},
                               {"W", "", "B", "", "W", "", "B"});
  CHECK(k.family == Family::kHex);
  CHECK(k.dialect == "littlegolem");
  // hex/littlegolem-zerohex/data_text_games__1702.txt: EV[null], no moves.
  const SgfGameKind empty = detect({{"FF", "4"},
                                    {"EV", "null"},
                                    {"PB", "h1h1h1"},
                                    {"PW", "Grzeniu"},
                                    {"SZ", "11"},
                                    {"RE", "W"},
                                    {"GC", " game #1815151"},
                                    {"SO", "http://www.littlegolem.com"}});
  CHECK(empty.family == Family::kHex);
  CHECK(empty.dialect == "littlegolem");
}

TEST_CASE("Little Golem without GM or EV: a node with both colours does not decide", "[games]") {
  // Found by fuzz/sgf_fuzzer.cpp (fuzz/regressions/sgf/lg-node-with-both-colours.sgf):
  // ;W[bbde]B[] as the first move node, where W[bbde] is no Hex move and is
  // kept as a property, which export writes after the node's move: B[]W[bbde].
  // The first colour of that node made it Hex as read and Go as exported.
  const Props root = {{"FF", "4"},
                      {"EV", "null"},
                      {"PB", "aionman"},
                      {"SZ", "13"},
                      {"SO", "http://www.littlegolem.com"}};
  for (const std::vector<std::string>& ids :
       {std::vector<std::string>{"W", "B", "", "", "W", "", "B"},
        std::vector<std::string>{"B", "W", "", "", "W", "", "B"}}) {
    const SgfGameKind k = detect(root, ids);
    CHECK(k.family == Family::kHex);
    CHECK(k.dialect == "littlegolem");
  }
  for (const std::vector<std::string>& ids :
       {std::vector<std::string>{"W", "B", "", "B", "", "W"},
        std::vector<std::string>{"B", "W", "", "B", "", "W"}}) {
    const SgfGameKind k = detect(root, ids);
    CHECK(k.family == Family::kGo);
    CHECK(k.dialect == "littlegolem");
  }
}

TEST_CASE("Little Golem hex game without moves", "[games]") {
  // hex/misc/lg-game-2384695-no-moves.hsgf
  const SgfGameKind k = detect({{"FF", "4"},
                                {"EV", "hex.ld.DEFAULT"},
                                {"PB", "greghe"},
                                {"PW", "bennok"},
                                {"SZ", "13"},
                                {"RE", "W"},
                                {"GC", "game #2384695"},
                                {"SO", "https://www.littlegolem.net"}});
  CHECK(k.family == Family::kHex);
  CHECK(k.dialect == "littlegolem");
  CHECK(k.columns == 13);
}

TEST_CASE("Little Golem twixt: lowercase b / r moves", "[games]") {
  // twixt/twixtbot-ui-game2220939.tsgf (EV[null])
  const SgfGameKind k = detect({{"FF", "4"},
                                {"EV", "null"},
                                {"PB", "kaaara"},
                                {"PW", "SadGrayDay"},
                                {"SZ", "24"},
                                {"SO", "https://www.littlegolem.net"}},
                               {"b", "r", "b"});
  CHECK(k.family == Family::kTwixt);
  CHECK(k.dialect == "littlegolem");
  CHECK(k.columns == 24);
  // twixt/littlegolem-tasuki/lg-2298348-twixtCassiel.tsgf, moves not given.
  const SgfGameKind big = detect({{"FF", "4"},
                                  {"EV", "twixt.ld.SIZE48"},
                                  {"PB", "Cassiel"},
                                  {"PW", "tasuki"},
                                  {"SZ", "48"},
                                  {"SO", "https://www.littlegolem.net"}});
  CHECK(big.family == Family::kTwixt);
  CHECK(big.dialect == "littlegolem");
  CHECK(big.columns == 48);
}

TEST_CASE("Little Golem go stays go, with Little Golem points", "[games]") {
  // go/littlegolem-tasuki/lg-2205068-goRio.sgf
  const SgfGameKind k = detect({{"FF", "4"},
                                {"EV", "2205068"},
                                {"PB", "tasuki"},
                                {"PW", "Richard Malaschitz ?"},
                                {"KM", "6.5"},
                                {"SZ", "37"},
                                {"VR", "GO37"},
                                {"SO", "https://www.littlegolem.net"}},
                               {"B", "W"});
  CHECK(k.family == Family::kGo);
  CHECK(k.dialect == "littlegolem");
  CHECK(k.columns == 37);
  // go/littlegolem-tasuki/lg-2326516-torusAdam.sgf
  const SgfGameKind torus = detect({{"FF", "4"},
                                    {"EV", "go19.ld.TOROID"},
                                    {"PB", "tasuki"},
                                    {"PW", "egozolwia"},
                                    {"KM", "4.5"},
                                    {"SZ", "11"},
                                    {"SO", "https://www.littlegolem.net"}},
                                   {"B", "W"});
  CHECK(torus.family == Family::kGo);
  CHECK(torus.dialect == "littlegolem");
}

TEST_CASE("GM[11] hex from HexGui and playhex", "[games]") {
  // hex/benzene/regression/sgf/puzzles/8x8-henderson-92.sgf
  const SgfGameKind k = detect({{"AP", "HexGui:0.9.0"}, {"FF", "4"}, {"GM", "11"}, {"SZ", "8"}});
  CHECK(k.family == Family::kHex);
  CHECK(k.dialect == "sgf");
  // Hex has no variants: GM[11] names the family, not a variant (issue 21:
  // "Hex · 11 · 14×14" on a game page).
  CHECK(k.variant.empty());
  CHECK(k.application == "HexGui:0.9.0");
  CHECK(k.columns == 8);
  // hex/misc/playhex-hex-2023-12-19-the_winner-VS-the_loser.sgf
  const SgfGameKind p = detect({{"FF", "4"},
                                {"GM", "11"},
                                {"AP", "Alcalyn_SGF:0.0.0"},
                                {"PL", "B"},
                                {"SZ", "9"},
                                {"RE", "B+Resign"}});
  CHECK(p.family == Family::kHex);
  CHECK(p.columns == 9);
  // Without SZ: the GM[11] default 11x11.
  const SgfGameKind d = detect({{"GM", "11"}});
  CHECK(d.columns == 11);
  CHECK(d.rows == 11);
}

TEST_CASE("GM values with whitespace or leading zeros", "[games]") {
  CHECK(detect({{"GM", " 1"}}).family == Family::kGo);
  CHECK(detect({{"GM", "011"}}).family == Family::kHex);
  CHECK(detect({{"GM", "21 "}}).family == Family::kTwixt);
  CHECK(detect({{"GM", ""}}).family == Family::kGo);
  const SgfGameKind chess = detect({{"GM", "3"}});
  CHECK(chess.family == Family::kOther);
  CHECK(chess.dialect == "sgf");
  CHECK(chess.variant == "3");
  CHECK(chess.columns == 0);
  const SgfGameKind named = detect({{"GM", "Havannah"}, {"SZ", "10"}});
  CHECK(named.family == Family::kOther);
  CHECK(named.variant == "Havannah");
  CHECK(named.columns == 10);
}

TEST_CASE("GM[21] twixt with a rectangular board", "[games]") {
  const SgfGameKind k = detect({{"GM", "21"}, {"SZ", "24:20"}, {"RU", "PP"}, {"HA", ""}});
  CHECK(k.family == Family::kTwixt);
  CHECK(k.dialect == "sgf");
  CHECK(k.columns == 24);
  CHECK(k.rows == 20);
  CHECK(k.ruleset == "PP");
  CHECK(k.variant.empty());
  CHECK(detect({{"GM", "21"}}).columns == 24);
}

TEST_CASE("go: GM[1], no GM at all, FF[3] names", "[games]") {
  // go/gnugo/regression/games/ego3.sgf
  const SgfGameKind k = detect({{"GM", "1"},
                                {"US", "Brought to you by No Name Go Server"},
                                {"CoPyright", "This game was played on the No Name Go Server"},
                                {"EV", "None"},
                                {"RE", "B+Resign"},
                                {"SZ", "19"},
                                {"KM", "0.5"}});
  CHECK(k.family == Family::kGo);
  CHECK(k.dialect == "sgf");
  CHECK(k.variant.empty());
  // blksgf/inline-tests/pentobi-TreeReaderTest-sgf_tree_reader_basic-1.sgf: (;B[aa];W[bb])
  const SgfGameKind none = detect({{"B", "aa"}}, {"W"});
  CHECK(none.family == Family::kGo);
  CHECK(none.dialect == "sgf");
  CHECK(none.columns == 19);
  // An FF[3] mixed-case GaMe names GM.
  CHECK(detect({{"GaMe", "11"}}).family == Family::kHex);
  // go/edge-cases/sgfmill-inline/sgf_tests-test_sgf_game_from_bytes-04.sgf
  CHECK(detect({{"SZ", "27"}}).columns == 27);
}

TEST_CASE("a bad SZ falls back to the default with a warning", "[games]") {
  // go/edge-cases/sgfmill-inline/sgf_tests-test_sgf_game_from_bytes-03.sgf: (;SZ[a])
  const SgfGameKind k = detect({{"SZ", "a"}});
  CHECK(k.family == Family::kGo);
  CHECK(k.columns == 19);
  CHECK(k.warning == "SZ['a'] is not a board size; using the default 19x19");
  CHECK(detect({{"GM", "11"}, {"SZ", "0"}}).columns == 11);
  CHECK(detect({{"GM", "11"}, {"SZ", "703"}}).columns == 11);
  CHECK(detect({{"GM", "11"}, {"SZ", " 13 : 7 "}}).rows == 7);
}

TEST_CASE("Pentobi GM strings give blokus with the variant's board", "[games]") {
  struct Case {
    std::string gm;
    std::int32_t columns;
    std::int32_t rows;
  };
  const std::vector<Case> cases = {
      {"Blokus", 20, 20},
      {"Blokus Two-Player", 20, 20},
      {"Blokus Three-Player", 20, 20},
      {"Blokus Duo", 14, 14},
      {"Blokus Trigon", 35, 18},
      {"Blokus Trigon Two-Player", 35, 18},
      {"Blokus Trigon Three-Player", 31, 16},
      {"Blokus Junior", 14, 14},
      {"Nexos", 25, 25},
      {"Nexos Two-Player", 25, 25},
      {"Callisto", 20, 20},
      {"Callisto Two-Player", 16, 16},
      {"Callisto Two-Player Four-Color", 20, 20},
      {"Callisto Three-Player", 20, 20},
      {"GembloQ", 56, 28},
      {"GembloQ Two-Player", 44, 22},
      {"GembloQ Three-Player", 52, 26},
      {"GembloQ Two-Player Four-Color", 56, 28},
  };
  for (const Case& c : cases) {
    INFO(c.gm);
    // As in blksgf/pentobi-2013-07-03-2dcf7dc3-src_books_book_duo.blksgf etc.
    const SgfGameKind k = detect({{"GM", c.gm}, {"CA", "UTF-8"}, {"AP", "Pentobi:1.UNKNOWN"}});
    CHECK(k.family == Family::kBlokus);
    CHECK(k.dialect == "pentobi");
    CHECK(k.variant == c.gm);
    CHECK(k.columns == c.columns);
    CHECK(k.rows == c.rows);
  }
  const SgfGameKind loose = detect({{"GM", "blokus duo"}, {"SZ", "20"}});
  CHECK(loose.family == Family::kBlokus);
  CHECK(loose.variant == "Blokus Duo");
  CHECK(loose.columns == 14);
}

TEST_CASE("no root properties at all", "[games]") {
  const SgfGameKind k = detect_sgf_kind(SgfKindInput{});
  CHECK(k.family == Family::kGo);
  CHECK(k.columns == 19);
}

}  // namespace
}  // namespace ludex
