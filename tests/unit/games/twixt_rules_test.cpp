// Twixt move vocabulary: GM[21] (long moves, specials) and Little Golem.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/family_rules.h"
#include "tests/unit/games/rules_test_util.h"

namespace ludex {
namespace {

using test::check_round_trip;
using test::decode_move;
using test::special;

SgfGameKind twixt_kind(std::string dialect, std::int32_t size) {
  SgfGameKind kind;
  kind.family = Family::kTwixt;
  kind.dialect = std::move(dialect);
  kind.columns = size;
  kind.rows = size;
  return kind;
}

TEST_CASE("twixt GM[21]: W moves first", "[games]") {
  const SgfGameKind k = twixt_kind("sgf", 24);
  const FamilyRules& rules = rules_for(Family::kTwixt);
  CHECK(rules.is_move_property(k, "W"));
  CHECK(rules.is_move_property(k, "B"));
  CHECK_FALSE(rules.is_move_property(k, "b"));
  CHECK_FALSE(rules.is_move_property(k, "r"));
  const Result<Move> w = decode_move(k, "W", {"F5"});
  REQUIRE(w.ok());
  CHECK(w->seat == 1);
  CHECK(w->points == std::vector<Point>{{5, 4}});
  CHECK(w->links.empty());
  CHECK(w->autolink);
  const Result<Move> b = decode_move(k, "B", {"j10"});
  REQUIRE(b.ok());
  CHECK(b->seat == 2);
  CHECK(rules.player_properties(k) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PW", 1}, {"PB", 2}});
  CHECK(rules.winner_from_result(k, "W+") == 1);
  CHECK(rules.winner_from_result(k, "B+R") == 2);
  CHECK(rules.winner_from_result(k, "draw") == 0);
}

TEST_CASE("twixt GM[21] long move from the spec", "[games]") {
  // ;B[-i'3][-J4'][\i'4][K4]: remove i'3 and J4', add a falling link at i'4,
  // place K4.
  const SgfGameKind k = twixt_kind("sgf", 24);
  const Result<Move> m = decode_move(k, "B", {"-i'3", "-J4'", "\\i'4", "K4"});
  REQUIRE(m.ok());
  CHECK(m->seat == 2);
  CHECK(m->kind == MoveKind::kPlace);
  CHECK(m->points == std::vector<Point>{{10, 3}});
  CHECK(m->links == std::vector<LinkEdit>{{false, 17, 4, 0}, {false, 18, 7, 0}, {true, 17, 6, -1}});
  check_round_trip(k, *m, Property{"B", {"-i'3", "-j4'", "\\i'4", "k4"}, false});
  // The same move after an SGF reader unescaped "\i" to "i": the slope is lost.
  const Result<Move> unescaped = decode_move(k, "B", {"-i'3", "-J4'", "i'4", "K4"});
  REQUIRE(unescaped.ok());
  CHECK(unescaped->links[2] == LinkEdit{true, 17, 6, 0});
  check_round_trip(k, *unescaped, Property{"B", {"-i'3", "-j4'", "i'4", "k4"}, false});
  // Values arrive as written in the file: an escaped backslash is the same.
  const Result<Move> escaped = decode_move(k, "B", {"-i'3", "-J4'", "\\\\i'4", "K4"});
  REQUIRE(escaped.ok());
  CHECK(*escaped == *m);
  // Hensel's concatenated notation in one value (puzzle 25).
  const Result<Move> joined = decode_move(k, "W", {"-g3'\\g3'd4"});
  REQUIRE(joined.ok());
  CHECK(joined->points == std::vector<Point>{{3, 3}});
  CHECK(joined->links == std::vector<LinkEdit>{{false, 12, 5, 0}, {true, 12, 5, -1}});
  // Link edits without a peg (puzzles relax the rule).
  const Result<Move> links_only = decode_move(k, "W", {"/e'3"});
  REQUIRE(links_only.ok());
  CHECK(links_only->points.empty());
  CHECK(links_only->links == std::vector<LinkEdit>{{true, 9, 4, 1}});
  check_round_trip(k, *links_only, Property{"W", {"/e'3"}, false});
}

TEST_CASE("twixt GM[21] specials", "[games]") {
  const SgfGameKind k = twixt_kind("sgf", 24);
  struct Case {
    std::string value;
    MoveKind kind;
  };
  for (const Case& c : std::vector<Case>{{"swap-pieces", MoveKind::kSwapPieces},
                                         {"SWAP-SIDES", MoveKind::kSwapSides},
                                         {"resign", MoveKind::kResign},
                                         {"forfeit", MoveKind::kForfeit},
                                         {"pass", MoveKind::kPass},
                                         {"", MoveKind::kPass},
                                         {"draw", MoveKind::kDrawOffer},
                                         {"draw-accept", MoveKind::kDrawAccept}}) {
    INFO(c.value);
    const Result<Move> m = decode_move(k, "B", {c.value});
    REQUIRE(m.ok());
    CHECK(m->kind == c.kind);
    CHECK(m->seat == 2);
  }
  check_round_trip(k, special(2, MoveKind::kSwapPieces), Property{"B", {"swap-pieces"}, false});
  check_round_trip(k, special(2, MoveKind::kSwapSides), Property{"B", {"swap-sides"}, false});
  check_round_trip(k, special(1, MoveKind::kResign), Property{"W", {"resign"}, false});
  check_round_trip(k, special(1, MoveKind::kForfeit), Property{"W", {"forfeit"}, false});
  check_round_trip(k, special(1, MoveKind::kPass), Property{"W", {"pass"}, false});
  check_round_trip(k, special(1, MoveKind::kDrawOffer), Property{"W", {"draw"}, false});
  check_round_trip(k, special(2, MoveKind::kDrawAccept), Property{"B", {"draw-accept"}, false});
  Move offer;
  offer.seat = 1;
  offer.points = {{16, 8}};
  offer.draw_offer = true;
  check_round_trip(k, offer, Property{"W", {"q9|draw"}, false});
}

TEST_CASE("twixt GM[21] errors", "[games]") {
  const SgfGameKind k = twixt_kind("sgf", 24);
  auto error_of = [&k](const std::vector<std::string>& values) {
    const Result<Move> m = decode_move(k, "W", values);
    REQUIRE_FALSE(m.ok());
    return m.error().message;
  };
  CHECK(error_of({"y1"}) == "twixt point 'y1' is off the 24x24 board");
  CHECK(error_of({"ch"}) == "bad twixt move 'ch'");
  CHECK(error_of({"k4", "k5"}) == "twixt move places more than one peg ('k4' and 'k5')");
  CHECK(error_of({"-i'3", "resign"}) ==
        "twixt value 'resign' cannot be part of a move of several values");
  CHECK(error_of({"-e3", "k4"}) == "bad twixt link centre 'e3'");
  CHECK(error_of({}) == "twixt move W needs one value, has 0");
}

TEST_CASE("twixt Little Golem: b = PB moves first", "[games]") {
  // twixt/littlegolem-tasuki/lg-1107581-twixtSpdIv.tsgf: b[ch];r[swap];b[jj]...
  const SgfGameKind k = twixt_kind("littlegolem", 24);
  const FamilyRules& rules = rules_for(Family::kTwixt);
  CHECK(rules.is_move_property(k, "b"));
  CHECK(rules.is_move_property(k, "r"));
  CHECK_FALSE(rules.is_move_property(k, "B"));
  CHECK_FALSE(rules.is_move_property(k, "W"));
  const Result<Move> first = decode_move(k, "b", {"ch"});
  REQUIRE(first.ok());
  CHECK(first->seat == 1);
  CHECK(first->points == std::vector<Point>{{2, 7}});
  const Result<Move> swap = decode_move(k, "r", {"swap"});
  REQUIRE(swap.ok());
  CHECK(swap->seat == 2);
  CHECK(swap->kind == MoveKind::kSwapPieces);
  const Result<Move> resign = decode_move(k, "b", {"resign"});
  REQUIRE(resign.ok());
  CHECK(resign->kind == MoveKind::kResign);
  CHECK(rules.player_properties(k) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PB", 1}, {"PW", 2}});
  CHECK(rules.winner_from_result(k, "B") == 1);
  CHECK(rules.winner_from_result(k, "W") == 2);
  Move peg;
  peg.seat = 1;
  peg.points = {{2, 7}};
  check_round_trip(k, peg, Property{"b", {"ch"}, false});
  check_round_trip(k, special(2, MoveKind::kSwapPieces), Property{"r", {"swap"}, false});
  check_round_trip(k, special(1, MoveKind::kResign), Property{"b", {"resign"}, false});
  check_round_trip(k, special(2, MoveKind::kDrawOffer), Property{"r", {"draw"}, false});
  const Result<Move> bad = decode_move(k, "b", {"c8"});
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().message == "bad Little Golem twixt point 'c8'");
  const Result<Move> two = decode_move(k, "b", {"ch", "cj"});
  REQUIRE_FALSE(two.ok());
}

TEST_CASE("twixt Little Golem past z and draw offers", "[games]") {
  // twixt/littlegolem-tasuki/lg-2298348-twixtCassiel.tsgf (SZ[48]): b[\x8Dn];r[\x80\x80|draw].
  const SgfGameKind k = twixt_kind("littlegolem", 48);
  const Result<Move> offer = decode_move(k, "r", {"\x80\x80|draw"});
  REQUIRE(offer.ok());
  CHECK(offer->seat == 2);
  CHECK(offer->kind == MoveKind::kPlace);
  CHECK(offer->draw_offer);
  CHECK(offer->points == std::vector<Point>{{31, 31}});
  check_round_trip(k, *offer, Property{"r", {"\x80\x80|draw"}, true});
  const Result<Move> far = decode_move(k, "b", {"\x90\x90"});
  REQUIRE(far.ok());
  CHECK(far->points == std::vector<Point>{{47, 47}});
  const Result<Move> off = decode_move(k, "b",
                                       {"\x91"
                                        "a"});
  REQUIRE_FALSE(off.ok());
  CHECK(off.error().message == "Little Golem twixt point '\\x91a' is off the 48x48 board");
  // A Latin-1 -> UTF-8 conversion of the same bytes still decodes.
  const Result<Move> converted = decode_move(k, "r", {"\xC2\x80\xC2\x80|draw"});
  REQUIRE(converted.ok());
  CHECK(converted->points == std::vector<Point>{{31, 31}});
}

}  // namespace
}  // namespace ludex
