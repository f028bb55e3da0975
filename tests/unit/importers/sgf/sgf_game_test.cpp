// SGF game records: detection of SGF content, conversion of raw trees into
// GameRecords (header fields, moves, comments, values, text rules), and the
// quirks of corpus/README.md in small inline files.
#include <catch2/catch.hpp>

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <random>
#include <span>
#include <string>

#include "importers/sgf/sgf_game.h"
#include "importers/sgf/sgf_game_convert.h"
#include "importers/sgf/sgf_text.h"
#include "sgf_test_util.h"

namespace ludex {
namespace {

using test::only_game;

std::vector<std::string> root_ids(const GameRecord& g) {
  std::vector<std::string> ids;
  for (const Property& p : g.tree.data(0).props) ids.push_back(p.id);
  return ids;
}

NodeView node_at(const GameRecord& g, std::size_t n) {
  const auto order = g.tree.preorder();
  REQUIRE(n < order.size());
  return g.tree.data(order[n]);
}

std::optional<std::string> comment_of(const NodeView& node) {
  if (node.comment == nullptr) return std::nullopt;
  return *node.comment;
}

// The k-th item of a node's items; the test fails if there is none.
template <typename T>
const T& item(std::span<const T> items, std::size_t k) {
  REQUIRE(k < items.size());
  return items[k];
}

// Writes g and reads it back; requires one game and returns it.
GameRecord round_trip(const GameRecord& g) {
  const std::string text = write_sgf_game(g);
  INFO(text);
  SgfParseOutput out = read_sgf_games(text);
  REQUIRE(out.diagnostics.empty());
  REQUIRE(out.games.size() == 1);
  CHECK(test::record_difference(g, out.games.front()).empty());
  return std::move(out.games.front());
}

}  // namespace

TEST_CASE("looks_like_sgf", "[sgf][game]") {
  CHECK(looks_like_sgf("(;GM[1])"));
  CHECK(looks_like_sgf("some header text\n\n( ;B[aa])"));
  CHECK(looks_like_sgf("\xEF\xBB\xBF(;GM[1])"));
  CHECK(looks_like_sgf(std::string("\xFF\xFE(\0;\0G\0M\0[\0001\0]\0)\0", 18)));
  CHECK(looks_like_sgf("(\r\nTE[title]\r\n;B[pd])"));
  CHECK_FALSE(looks_like_sgf(""));
  CHECK_FALSE(looks_like_sgf("White places l12.\nBlack swaps.\n"));
  CHECK_FALSE(looks_like_sgf("Tom # player 1\ne15\nswap\n"));
  CHECK_FALSE(looks_like_sgf("(B;)"));
  CHECK_FALSE(looks_like_sgf(std::string("\x03gtv\0\0\0\x04(;B[aa])", 16)));
}

TEST_CASE("game: header fields leave props, the rest stays in order", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;GM[1]FF[4]CA[UTF-8]SZ[9]PB[Black Name]PW[White Name]RE[W+3.5]DT[2024-01-02]"
      "EV[Cup]RO[3]KM[6.5]AP[Test:1];B[ee];W[ce])");
  const GameRecord& g = only_game(out);
  CHECK(g.family == Family::kGo);
  CHECK(g.format == SourceFormat::kSgf);
  CHECK(g.dialect == "sgf");
  CHECK(g.columns == 9);
  CHECK(g.rows == 9);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "Black Name"}, {2, "White Name"}});
  CHECK(g.result == "W+3.5");
  CHECK(g.winner == 2);
  CHECK(g.date == "2024-01-02");
  CHECK(g.event == "Cup");
  CHECK(g.round == "3");
  CHECK(g.charset == "UTF-8");
  CHECK(root_ids(g) == std::vector<std::string>{"GM", "FF", "SZ", "KM", "AP"});
  CHECK(g.main_line_moves() == 2);
  const NodeView& first = node_at(g, 1);
  REQUIRE(first.moves.size() == 1);
  CHECK(first.moves[0].seat == 1);
  CHECK(first.moves[0].points == std::vector<Point>{{4, 4}});
  CHECK(first.move_props.empty());  // B[ee] is how the dialect writes the move
  CHECK(first.props.empty());
  round_trip(g);
}

TEST_CASE("game: comments, values and text rules", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;GM[1]C[first\\\nline\r\nsecond \\] \\\\ \\: end]C[second comment]"
      ";B[aa]V[0.25]C[x]"
      ";W[bb]V[abc]V[-3]"
      ";B[cc]N[a\\]b]LB[dd:A\\:B])");
  const GameRecord& g = only_game(out);
  const NodeView& root = node_at(g, 0);
  CHECK(comment_of(root) == std::optional<std::string>("firstline\nsecond ] \\ : end"));
  REQUIRE(root.props.size() == 2);
  CHECK(root.props[1].id == "C");  // a second C stays a property
  CHECK(root.props[1].values.front() == "second comment");
  const NodeView& n1 = node_at(g, 1);
  REQUIRE(n1.evaluations.size() == 1);
  CHECK(n1.evaluations[0].source == EvalSource::kSgfValue);
  CHECK(n1.evaluations[0].value == 0.25);
  CHECK(comment_of(n1) == std::optional<std::string>("x"));
  const NodeView& n2 = node_at(g, 2);
  REQUIRE(n2.evaluations.size() == 1);
  CHECK(n2.evaluations[0].value == -3);
  REQUIRE(n2.props.size() == 1);
  CHECK(n2.props[0].values.front() == "abc");  // not a number: kept
  const NodeView& n3 = node_at(g, 3);
  REQUIRE(n3.props.size() == 2);
  CHECK(n3.props[0].values.front() == "a]b");
  CHECK(n3.props[1].values.front() == "dd:A:B");
  round_trip(g);
}

TEST_CASE("game: SGF reals", "[sgf][game]") {
  CHECK(parse_sgf_real("0.5") == std::optional<double>(0.5));
  CHECK(parse_sgf_real("+3") == std::optional<double>(3));
  CHECK(parse_sgf_real("-12.25") == std::optional<double>(-12.25));
  CHECK_FALSE(parse_sgf_real(""));
  CHECK_FALSE(parse_sgf_real("1e5"));
  CHECK_FALSE(parse_sgf_real("inf"));
  CHECK_FALSE(parse_sgf_real("nan"));
  CHECK_FALSE(parse_sgf_real(".5"));
  CHECK_FALSE(parse_sgf_real("5."));
  CHECK_FALSE(parse_sgf_real(" 1"));
  CHECK(std::signbit(*parse_sgf_real("-0")));
}

TEST_CASE("game: SGF reals read as from_chars reads them, short ones and long", "[sgf][game]") {
  // parse_sgf_real divides the digits by a power of ten for up to 15
  // digits; the result must be the correctly rounded double from_chars
  // gives, bit for bit, there and past it.
  std::mt19937_64 rng(20261124);
  std::uniform_int_distribution<int> digit(0, 9);
  std::uniform_int_distribution<int> length(1, 20);
  for (int round = 0; round < 200000; ++round) {
    std::string text = round % 3 == 0 ? "-" : "";
    const int int_digits = length(rng);
    for (int k = 0; k < int_digits; ++k) text.push_back(static_cast<char>('0' + digit(rng)));
    if (round % 4 != 0) {
      text.push_back('.');
      const int frac_digits = length(rng);
      for (int k = 0; k < frac_digits; ++k) text.push_back(static_cast<char>('0' + digit(rng)));
    }
    double expected = 0;
    const auto r = std::from_chars(text.data(), text.data() + text.size(), expected);
    REQUIRE(r.ec == std::errc());
    const std::optional<double> value = parse_sgf_real(text);
    REQUIRE(value.has_value());
    INFO(text);
    CHECK(std::bit_cast<std::uint64_t>(*value) == std::bit_cast<std::uint64_t>(expected));
  }
}

TEST_CASE("game: text value rules", "[sgf][game]") {
  CHECK(sgf_unescape("ab\\\ncd") == "abcd");
  CHECK(sgf_unescape("ab\\\r\ncd") == "abcd");
  CHECK(sgf_unescape("ab\\\rcd") == "abcd");
  CHECK(sgf_unescape("a\r\nb\rc\nd") == "a\nb\nc\nd");
  CHECK(sgf_unescape("\\]\\\\\\x") == "]\\x");
  CHECK(sgf_unescape("end\\") == "end");
  for (const char* s : {"plain", "a]b", "a\\b", "\\", "]]", "x\ny"}) {
    CHECK(sgf_unescape(sgf_escape(s)) == s);
  }
  CHECK(sgf_id_is("PB", "PB"));
  CHECK(sgf_id_is("PlayerBlack", "PB"));
  CHECK(sgf_id_is("CoPyright", "CP"));
  CHECK_FALSE(sgf_id_is("b", "B"));
  CHECK_FALSE(sgf_id_is("1L", "L"));
  CHECK_FALSE(sgf_id_is("PBX", "PB"));
}

TEST_CASE("game: FF[3] mixed-case names", "[sgf][game]") {
  const auto out = read_sgf_games("(;FileFormat[3]SiZe[9]CoPyright[ccc]PlayerBlack[Anna];B[aa])");
  const GameRecord& g = only_game(out);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "Anna"}});
  CHECK(g.columns == 9);
  CHECK(root_ids(g) == std::vector<std::string>{"FileFormat", "SiZe", "CoPyright"});
  round_trip(g);
}

TEST_CASE("game: Go quirks", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;GM[1]SZ[19]KM[750]AB[dd:dg]AB[pp];B[tt];W[];B[aa]B[bb]TR[cc]"
      "(;AW[qq];W[cc])(;W[dd]))");
  const GameRecord& g = only_game(out);
  const NodeView& root = node_at(g, 0);
  REQUIRE(root.props.size() == 5);
  CHECK(root.props[2].values.front() == "750");
  CHECK(root.props[3].values.front() == "dd:dg");  // compressed point list kept
  CHECK(root.props[4].id == "AB");                 // duplicate property kept
  CHECK(node_at(g, 1).moves[0].kind == MoveKind::kPass);
  CHECK(node_at(g, 2).moves[0].kind == MoveKind::kPass);
  const NodeView& twice = node_at(g, 3);
  CHECK(twice.moves.size() == 2);  // same colour twice in one node
  CHECK(twice.props.size() == 1);
  CHECK(item(node_at(g, 4).props, 0).id == "AW");  // setup in an inner node
  round_trip(g);
}

TEST_CASE("game: Little Golem hex with unescaped names", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;FF[4]EV[null]PB[lazy\\player]PW[Shumacher;]]SZ[11]RE[B]GC[game #1804563]"
      "SO[https://www.littlegolem.net];W[ad];B[swap];W[eg];B[resign])");
  const GameRecord& g = only_game(out);
  CHECK(g.family == Family::kHex);
  CHECK(g.dialect == "littlegolem");
  CHECK(g.players == std::vector<SeatPlayer>{{1, "lazyplayer"}, {2, "Shumacher;]"}});
  CHECK(g.main_line_moves() == 4);
  CHECK(node_at(g, 2).moves[0].kind == MoveKind::kSwapPieces);
  CHECK(node_at(g, 4).moves[0].kind == MoveKind::kResign);
  round_trip(g);
}

TEST_CASE("game: Little Golem twixt with lower-case moves", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;FF[4]EV[twixt.ch.23.1.1]PB[spd_iv]PW[tasuki]SZ[24]SO[https://www.littlegolem.net]"
      ";b[ch];r[swap];b[jj];r[qi|draw];b[resign])");
  const GameRecord& g = only_game(out);
  CHECK(g.family == Family::kTwixt);
  CHECK(g.dialect == "littlegolem");
  CHECK(g.main_line_moves() == 5);
  CHECK(node_at(g, 1).moves[0].seat == 1);
  CHECK(node_at(g, 2).moves[0].kind == MoveKind::kSwapPieces);
  CHECK(node_at(g, 4).moves[0].draw_offer);
  CHECK(write_sgf_game(g).find(";b[ch];r[swap];b[jj];r[qi|draw];b[resign])") != std::string::npos);
  round_trip(g);
}

TEST_CASE("game: a move's spelling is kept only where the dialect would write it otherwise",
          "[sgf][game]") {
  // Go: W[tt] is a pass on 19x19, which the dialect writes W[]; B[ ee ] has
  // blanks. HexGui hex: W[swap] is benzene's swap-pieces.
  const auto out = read_sgf_games(
      "(;GM[1]SZ[19];B[ee];W[tt];B[ ee ])"
      "(;GM[11]SZ[11]AP[HexGui:1.0];B[a1];W[swap];B[pass])");
  REQUIRE(out.games.size() == 2);
  const GameRecord& go = out.games[0];
  CHECK(node_at(go, 1).move_props.empty());
  REQUIRE(node_at(go, 2).move_props.size() == 1);
  CHECK(node_at(go, 2).move_props[0].id == "W");
  CHECK(node_at(go, 2).move_props[0].values == std::vector<std::string>{"tt"});
  REQUIRE(node_at(go, 3).move_props.size() == 1);
  CHECK(node_at(go, 3).move_props[0].values == std::vector<std::string>{" ee "});
  CHECK(write_sgf_game(go).find(";B[ee];W[tt];B[ ee ])") != std::string::npos);
  round_trip(go);

  const GameRecord& hex = out.games[1];
  CHECK(node_at(hex, 1).move_props.empty());
  REQUIRE(node_at(hex, 2).move_props.size() == 1);
  CHECK(node_at(hex, 2).move_props[0].values == std::vector<std::string>{"swap"});
  CHECK(node_at(hex, 2).moves[0].kind == MoveKind::kSwapPieces);
  CHECK(node_at(hex, 3).move_props.empty());  // B[pass] is how HexGui writes a pass
  CHECK(write_sgf_game(hex).find(";B[a1];W[swap];B[pass])") != std::string::npos);
  round_trip(hex);
}

TEST_CASE("game: a node's second move keeps its spelling beside the first", "[sgf][game]") {
  const auto out = read_sgf_games("(;GM[1];B[aa]W[ bb ])");
  const GameRecord& g = only_game(out);
  const NodeView node = node_at(g, 1);
  REQUIRE(node.moves.size() == 2);
  REQUIRE(node.move_props.size() == 2);
  CHECK(node.move_props[0].id.empty());  // B[aa] is standard
  CHECK(node.move_props[1].values == std::vector<std::string>{" bb "});
  CHECK(write_sgf_game(g).find(";B[aa]W[ bb ])") != std::string::npos);
}

TEST_CASE("game: Pentobi Blokus", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;GM[Blokus Duo]CA[UTF-8]AP[Pentobi:14.1]\n;B[e8,e9,f9,d10,e10];W[i4,h5,i5,j5,i6]C[12]"
      ";1[a1])");
  const GameRecord& g = only_game(out);
  CHECK(g.family == Family::kBlokus);
  CHECK(g.dialect == "pentobi");
  CHECK(g.variant == "Blokus Duo");
  CHECK(node_at(g, 1).moves[0].points.size() == 5);
  CHECK(comment_of(node_at(g, 2)) == std::optional<std::string>("12"));
  round_trip(g);
}

TEST_CASE("game: old Pentobi books", "[sgf][game]") {
  // One point per value, BLUE/YELLOW/... colours, numeric comments.
  const auto out = read_sgf_games(
      "(;GM[Blokus Two-Player](;BLUE[a16][a17][a18][a19][a20]C[0.577998 76])\n"
      "(;BLUE[c18][c19][a20][b20][c20]C[0.574403 65];YELLOW[t1][t2][t3][t4][t5]))");
  const GameRecord& g = only_game(out);
  CHECK(g.family == Family::kBlokus);
  CHECK(g.warnings.empty());
  CHECK(g.tree.child_count(0) == 2);
  const NodeView& first = node_at(g, 1);
  REQUIRE(first.moves.size() == 1);
  CHECK(first.moves[0].points.size() == 5);
  CHECK(item(first.move_props, 0).id == "BLUE");
  CHECK(comment_of(first) == std::optional<std::string>("0.577998 76"));
  CHECK(node_at(g, 3).moves.size() == 1);
  round_trip(g);
}

TEST_CASE("game: a move that does not decode stays a property", "[sgf][game]") {
  const auto out = read_sgf_games("(;GM[1]SZ[9];B[zz];W[cc])");
  const GameRecord& g = only_game(out);
  const NodeView& bad = node_at(g, 1);
  CHECK(bad.moves.empty());
  REQUIRE(bad.props.size() == 1);
  CHECK(bad.props[0].id == "B");
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings[0].severity == Severity::kWarning);
  CHECK(g.warnings[0].pos.column == 13);
  CHECK(g.warnings[0].message.find("B[zz]") != std::string::npos);
  CHECK(g.main_line_moves() == 1);
  round_trip(g);
}

TEST_CASE("game: other games are kept generically", "[sgf][game]") {
  const auto out = read_sgf_games("(;GM[3]FF[4]SZ[8]PB[a]PW[b];B[c3];W[d4])");
  const GameRecord& g = only_game(out);
  CHECK(g.family == Family::kOther);
  CHECK(g.variant == "3");
  CHECK(item(node_at(g, 1).props, 0).values.front() == "c3");
  round_trip(g);
}

TEST_CASE("game: an undecodable header value keeps its bytes", "[sgf][game]") {
  const auto out = read_sgf_games("(;GM[1]CA[UTF-8]PB[Bad\xFF]PW[Good];B[aa])");
  const GameRecord& g = only_game(out);
  CHECK(g.players.at(0).name == "Bad\xEF\xBF\xBD");
  REQUIRE(g.tree.data(0).props.size() == 2);
  const Property& pb = g.tree.data(0).props[1];
  CHECK(pb.id == "PB");
  CHECK(pb.raw_bytes);
  CHECK(pb.values.front() == "Bad\xFF");
  const GameRecord back = round_trip(g);
  CHECK(std::ranges::equal(back.tree.data(0).props, g.tree.data(0).props));
}

TEST_CASE("game: collection errors keep their game index", "[sgf][game]") {
  const auto out = read_sgf_games(
      "(;GM[1]PB[a];B[aa])\n"
      "(;GM[1]PB[b];B)\n"
      "(;GM[1]PB[c];B[cc])\n");
  REQUIRE(out.games.size() == 2);
  CHECK(out.games[0].game_index == 0);
  CHECK(out.games[1].game_index == 2);
  CHECK(out.games[1].pos.line == 3);
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics[0].game_index == 1);
  CHECK(out.diagnostics[0].severity == Severity::kError);
  CHECK(out.diagnostics[0].pos.line == 2);
  CHECK(out.diagnostics[0].pos.column == 14);
}

TEST_CASE("game: no game in the file is a file-level error", "[sgf][game]") {
  for (const char* text : {"", "nothing here", "(B;)"}) {
    const auto out = read_sgf_games(text);
    CHECK(out.games.empty());
    REQUIRE(out.diagnostics.size() == 1);
    CHECK(out.diagnostics[0].game_index == -1);
  }
}

}  // namespace ludex

namespace ludex {

// Cases found by mutating corpus files.
TEST_CASE("game: round trips of odd but readable input", "[sgf][game]") {
  SECTION("a variation whose node holds a root property") {
    const auto out = read_sgf_games("(;GM[1](;CA[x]SZ[9]C[a])(;C[b]))");
    const GameRecord& g = only_game(out);
    CHECK(g.tree.child_count(0) == 2);
    round_trip(g);
  }
  SECTION("an undecodable name under a legacy CA") {
    const auto out = read_sgf_games("(;GM[1]CA[EUC-KR]PB[\xC0\xCC\xFF]PW[\xB9\xDA];B[aa])");
    const GameRecord& g = only_game(out);
    CHECK(g.players.at(1).name == "박");
    round_trip(g);
  }
  SECTION("a CA inside another value is not the file's charset") {
    const auto out = read_sgf_games("(;FF[CA[gb2312\\]4]GM[1]C[caf\xE9])");
    const GameRecord& g = only_game(out);
    CHECK(g.charset == "ISO-8859-1");
    CHECK(comment_of(g.tree.data(0)) == std::optional<std::string>("café"));
    round_trip(g);
  }
}

}  // namespace ludex
