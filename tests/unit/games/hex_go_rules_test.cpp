// Hex and Go move vocabulary: decode, encode, round trips, players, results.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/family_rules.h"
#include "tests/unit/games/rules_test_util.h"

namespace ludex {
namespace {

using test::check_round_trip;
using test::decode_move;
using test::kind_of;
using test::special;

Move decode_ok(const SgfGameKind& kind, const std::string& id, std::vector<std::string> values) {
  const Result<Move> m = decode_move(kind, id, values);
  INFO(id << " " << (values.empty() ? std::string() : values.front()));
  REQUIRE(m.ok());
  return *m;
}

std::string decode_error(const SgfGameKind& kind, const std::string& id,
                         std::vector<std::string> values) {
  const Result<Move> m = decode_move(kind, id, values);
  REQUIRE_FALSE(m.ok());
  CHECK(m.error().pos.byte_offset == -1);
  CHECK(m.error().pos.line == 0);
  return m.error().message;
}

Move place(std::int8_t seat, Point p) {
  Move m;
  m.seat = seat;
  m.points = {p};
  return m;
}

TEST_CASE("hex GM[11]: B moves first, a1 is top-left", "[games]") {
  const SgfGameKind k = kind_of(Family::kHex, "sgf", 11);
  const FamilyRules& rules = rules_for(Family::kHex);
  CHECK(rules.family() == Family::kHex);
  CHECK(rules.is_move_property(k, "B"));
  CHECK(rules.is_move_property(k, "W"));
  CHECK_FALSE(rules.is_move_property(k, "AB"));
  CHECK_FALSE(rules.is_move_property(k, "b"));
  const Move b = decode_ok(k, "B", {"e5"});
  CHECK(b.seat == 1);
  CHECK(b.kind == MoveKind::kPlace);
  CHECK(b.points == std::vector<Point>{{4, 4}});
  CHECK(b.color == 0);
  CHECK(decode_ok(k, "W", {"K11"}).points == std::vector<Point>{{10, 10}});
  CHECK(decode_ok(k, "W", {"a1"}).seat == 2);
  CHECK(decode_ok(k, "B", {"e\\5"}).points == std::vector<Point>{{4, 4}});
  check_round_trip(k, place(1, {4, 4}), Property{"B", {"e5"}, false});
  check_round_trip(k, place(2, {10, 0}), Property{"W", {"k1"}, false});
}

TEST_CASE("hex GM[11] specials", "[games]") {
  const SgfGameKind k = kind_of(Family::kHex, "sgf", 11, "HexGui:1.0.200");
  CHECK(decode_ok(k, "W", {"swap-pieces"}).kind == MoveKind::kSwapPieces);
  CHECK(decode_ok(k, "W", {"swap-sides"}).kind == MoveKind::kSwapSides);
  CHECK(decode_ok(k, "W", {"SWAP"}).kind == MoveKind::kSwapPieces);
  CHECK(decode_ok(k, "W", {"swap"}).kind == MoveKind::kSwapPieces);
  CHECK(decode_ok(k, "B", {"resign"}).kind == MoveKind::kResign);
  CHECK(decode_ok(k, "B", {"Forfeit"}).kind == MoveKind::kForfeit);
  CHECK(decode_ok(k, "B", {"pass"}).kind == MoveKind::kPass);
  CHECK(decode_ok(k, "B", {""}).kind == MoveKind::kPass);
  for (MoveKind kind : {MoveKind::kSwapPieces, MoveKind::kSwapSides, MoveKind::kResign,
                        MoveKind::kForfeit, MoveKind::kPass}) {
    INFO(move_kind_name(kind));
    const Move m = special(2, kind);
    check_round_trip(k, m, Property{"W", {std::string(move_kind_name(kind))}, false});
  }
  CHECK(decode_error(k, "B", {"draw"}) == "bad hex point 'draw'");
}

TEST_CASE("HexGui 0.x wrote swap-pieces for a swap-sides", "[games]") {
  for (const std::string ap : {"HexGui:0.2", "HexGui:0.9.0"}) {
    INFO(ap);
    const SgfGameKind old = kind_of(Family::kHex, "sgf", 11, ap);
    CHECK(decode_ok(old, "W", {"swap-pieces"}).kind == MoveKind::kSwapSides);
    CHECK(decode_ok(old, "W", {"swap-sides"}).kind == MoveKind::kSwapSides);
    check_round_trip(old, special(2, MoveKind::kSwapSides), Property{"W", {"swap-pieces"}, false});
    check_round_trip(old, special(2, MoveKind::kSwapPieces), Property{"W", {"swap"}, false});
  }
  const SgfGameKind current = kind_of(Family::kHex, "sgf", 11, "HexGui:1.0.");
  CHECK(decode_ok(current, "W", {"swap-pieces"}).kind == MoveKind::kSwapPieces);
  const SgfGameKind other = kind_of(Family::kHex, "sgf", 11, "Alcalyn_SGF:0.0.0");
  CHECK(decode_ok(other, "W", {"swap-pieces"}).kind == MoveKind::kSwapPieces);
}

TEST_CASE("hex Little Golem: W is played by PB, swap reflects the stone", "[games]") {
  // hex/misc/lg-game-1804563-unescaped-names.hsgf: W[ad];B[swap];W[eg];B[resign], RE[B].
  const SgfGameKind k = kind_of(Family::kHex, "littlegolem", 11);
  const Move first = decode_ok(k, "W", {"ad"});
  CHECK(first.seat == 1);
  CHECK(first.points == std::vector<Point>{{0, 3}});
  const Move swap = decode_ok(k, "B", {"swap"});
  CHECK(swap.seat == 2);
  CHECK(swap.kind == MoveKind::kSwapPieces);
  const Move third = decode_ok(k, "W", {"eg"});
  CHECK(third.seat == 1);
  CHECK(third.points == std::vector<Point>{{4, 6}});
  const Move resign = decode_ok(k, "B", {"resign"});
  CHECK(resign.seat == 2);
  CHECK(resign.kind == MoveKind::kResign);
  const FamilyRules& rules = rules_for(Family::kHex);
  CHECK(rules.winner_from_result(k, "B") == 1);
  CHECK(rules.winner_from_result(k, "W") == 2);
  CHECK(rules.player_properties(k) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PB", 1}, {"PW", 2}});
  check_round_trip(k, place(1, {0, 3}), Property{"W", {"ad"}, false});
  check_round_trip(k, place(2, {10, 10}), Property{"B", {"kk"}, false});
  check_round_trip(k, special(2, MoveKind::kSwapPieces), Property{"B", {"swap"}, false});
  check_round_trip(k, special(1, MoveKind::kResign), Property{"W", {"resign"}, false});
  check_round_trip(k, special(2, MoveKind::kSwapSides), Property{"B", {"swap-sides"}, false});
  CHECK(decode_error(k, "W", {"a1"}) == "bad Little Golem hex point 'a1'");
  CHECK(decode_error(k, "W", {"al"}) == "Little Golem hex point 'al' is off the 11x11 board");
}

TEST_CASE("hex errors name the value", "[games]") {
  const SgfGameKind k = kind_of(Family::kHex, "sgf", 11);
  CHECK(decode_error(k, "B", {"zz9"}) == "hex point 'zz9' is off the 11x11 board");
  CHECK(decode_error(k, "B", {"e5x"}) == "bad hex point 'e5x'");
  CHECK(decode_error(k, "B", {"e5", "f6"}) == "hex move B needs one value, has 2");
  CHECK(decode_error(k, "B", {}) == "hex move B needs one value, has 0");
  CHECK(decode_error(k, "AB", {"e5"}) == "'AB' is not a hex move property");
}

TEST_CASE("hex results and players", "[games]") {
  const SgfGameKind k = kind_of(Family::kHex, "sgf", 9);
  const FamilyRules& rules = rules_for(Family::kHex);
  CHECK(rules.winner_from_result(k, "B+Resign") == 1);
  CHECK(rules.winner_from_result(k, "W+") == 2);
  CHECK(rules.winner_from_result(k, "?") == 0);
  CHECK(rules.winner_from_result(k, "") == 0);
  CHECK(rules.player_properties(k) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PB", 1}, {"PW", 2}});
}

TEST_CASE("go: B first, pd letters, passes", "[games]") {
  const SgfGameKind k = kind_of(Family::kGo, "sgf", 19);
  const FamilyRules& rules = rules_for(Family::kGo);
  CHECK(rules.is_move_property(k, "B"));
  CHECK_FALSE(rules.is_move_property(k, "CoPyright"));
  CHECK_FALSE(rules.is_move_property(k, "b"));
  const Move b = decode_ok(k, "B", {"pd"});
  CHECK(b.seat == 1);
  CHECK(b.points == std::vector<Point>{{15, 3}});
  CHECK(decode_ok(k, "W", {"dp"}).seat == 2);
  CHECK(decode_ok(k, "B", {""}).kind == MoveKind::kPass);
  CHECK(decode_ok(k, "W", {"tt"}).kind == MoveKind::kPass);
  // go/edge-cases/sgfmill-inline/sgf_grammar_tests-test_parser_properties-01.sgf
  CHECK(decode_ok(k, "B", {" bc"}).points == std::vector<Point>{{1, 2}});
  check_round_trip(k, place(1, {15, 3}), Property{"B", {"pd"}, false});
  check_round_trip(k, special(2, MoveKind::kPass), Property{"W", {""}, false});
  CHECK(decode_error(k, "B", {"zz"}) == "go point 'zz' is off the 19x19 board");
  CHECK(decode_error(k, "B", {"p"}) == "bad go point 'p'");
  CHECK(decode_error(k, "B", {"pd", "dp"}) == "go move B needs one value, has 2");
  // On boards over 19x19 tt is a point.
  const SgfGameKind big = kind_of(Family::kGo, "sgf", 27);
  CHECK(decode_ok(big, "B", {"tt"}).points == std::vector<Point>{{19, 19}});
  CHECK(decode_ok(big, "B", {"Aa"}).points == std::vector<Point>{{26, 0}});
  check_round_trip(big, place(1, {19, 19}), Property{"B", {"tt"}, false});
  check_round_trip(big, place(2, {26, 26}), Property{"W", {"AA"}, false});
}

TEST_CASE("go Little Golem: bytes past z, tt is a pass", "[games]") {
  // go/littlegolem-tasuki/lg-2205068-goRio.sgf (SZ[37]): B[\x85\x83], ..., B[tt];W[tt];B[tt].
  const SgfGameKind k = kind_of(Family::kGo, "littlegolem", 37);
  CHECK(decode_ok(k, "B", {"\x85\x83"}).points == std::vector<Point>{{36, 34}});
  CHECK(decode_ok(k, "W", {"~}"}).points == std::vector<Point>{{29, 28}});
  CHECK(decode_ok(k, "B", {"tt"}).kind == MoveKind::kPass);
  check_round_trip(k, place(1, {36, 34}), Property{"B", {"\x85\x83"}, true});
  check_round_trip(k, place(2, {3, 3}), Property{"W", {"dd"}, false});
  check_round_trip(k, special(2, MoveKind::kPass), Property{"W", {"tt"}, false});
  CHECK(decode_error(k, "B",
                     {"\x86"
                      "a"}) == "Little Golem go point '\\x86a' is off the 37x37 board");
}

TEST_CASE("go results", "[games]") {
  const SgfGameKind k = kind_of(Family::kGo, "sgf", 19);
  const FamilyRules& rules = rules_for(Family::kGo);
  CHECK(rules.winner_from_result(k, "B+R") == 1);
  CHECK(rules.winner_from_result(k, "B+3.5") == 1);
  CHECK(rules.winner_from_result(k, "W+T") == 2);
  CHECK(rules.winner_from_result(k, "w+time") == 2);
  CHECK(rules.winner_from_result(k, "0") == 0);
  CHECK(rules.winner_from_result(k, "Draw") == 0);
  CHECK(rules.winner_from_result(k, "Void") == 0);
  CHECK(rules.winner_from_result(k, "?") == 0);
  CHECK(rules.winner_from_result(k, "White resigns.") == 1);
  CHECK(rules.winner_from_result(k, "Black resigns. W 2 B 1") == 2);
  CHECK(rules.winner_from_result(k, "has adjourned.") == 0);
  CHECK(rules.winner_from_result(k, " B+, human judge for communication error ") == 1);
}

TEST_CASE("other games know no move properties", "[games]") {
  SgfGameKind k;
  k.family = Family::kOther;
  k.dialect = "sgf";
  k.variant = "3";
  const FamilyRules& rules = rules_for(Family::kOther);
  CHECK(rules.family() == Family::kOther);
  CHECK_FALSE(rules.is_move_property(k, "B"));
  CHECK_FALSE(rules.is_move_property(k, "W"));
  const SgfMoveContext ctx{&k};
  CHECK_FALSE(rules.decode_sgf_move(ctx, "B", {"e4"}).ok());
  CHECK(rules.encode_sgf_move(k, Move{}).id.empty());
  CHECK(rules.winner_from_result(k, "W+") == 2);
  CHECK(rules.player_properties(k) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PB", 1}, {"PW", 2}});
}

TEST_CASE("rules_for gives each family its rules, a missing kind gets defaults", "[games]") {
  for (Family f : {Family::kGo, Family::kHex, Family::kTwixt, Family::kBlokus, Family::kOther}) {
    CHECK(rules_for(f).family() == f);
  }
  const SgfMoveContext no_kind{nullptr};
  const Result<Move> m = rules_for(Family::kHex).decode_sgf_move(no_kind, "B", {"k11"});
  REQUIRE(m.ok());
  CHECK(m->points == std::vector<Point>{{10, 10}});
}

}  // namespace
}  // namespace ludex
