// Go positions: captures, ko, suicide, setup and the torus.
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/go_points.h"
#include "games/go_position.h"
#include "games/position.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::empty_game;
using test::main_line_position;
using test::pt;
using test::sgf_game;

std::string go_stones(const Position& pos) {
  return test::occupants_text(pos.occupants(), [](const Point& p) { return format_go_point(p); });
}

GoPosition& as_go(Position& p) {
  return dynamic_cast<GoPosition&>(p);
}

TEST_CASE("go hashes are pinned", "[positions]") {
  auto empty = new_position(empty_game(Family::kGo, 19, 19));
  REQUIRE(empty.ok());
  CHECK((*empty)->hash() == 0xb43911d094431ccbULL);
  auto three = main_line_position(sgf_game("(;GM[1]SZ[19];B[pd];W[dp];B[pp])"));
  REQUIRE(three);
  CHECK(three->hash() == 0x272c9a78ce7ded0fULL);
}

TEST_CASE("go ko: an immediate recapture is allowed, and ko_retaken says so", "[positions]") {
  //   a b c d
  // a . B W .
  // b B W . W
  // c . B W .
  const GameRecord game =
      sgf_game("(;GM[1]SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc];B[cb];W[bb];B[cb])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  auto start = new_position(game);
  REQUIRE(start.ok());
  Position& p = **start;
  REQUIRE(p.apply_setup(game.tree.data(0).props));
  const std::uint64_t before = p.hash();
  auto take = p.play(test::place(1, 2, 1));
  REQUIRE(take);
  CHECK(take->removed == std::vector<Occupant>{{pt(1, 1), 2}});
  CHECK(as_go(p).ko_point() == pt(1, 1));
  CHECK(!as_go(p).ko_retaken());
  auto retake = p.play(test::place(2, 1, 1));
  REQUIRE(retake);
  CHECK(retake->removed == std::vector<Occupant>{{pt(2, 1), 1}});
  CHECK(as_go(p).ko_retaken());
  CHECK(as_go(p).ko_point() == pt(2, 1));
  CHECK(p.hash() == before);
  REQUIRE(p.play(test::special(1, MoveKind::kPass)));
  CHECK(!as_go(p).ko_point());
  CHECK(!as_go(p).ko_retaken());
}

TEST_CASE("go ko fight: take, threat, answer, retake, and back again", "[positions]") {
  // The ko of the test above on 5x5: B cb takes W bb; W threatens at ee and
  // B answers at ed; W retakes at bb (legal: threats came between, so no
  // immediate retake); B threatens at ae, W answers at be; B retakes at cb.
  const GameRecord game = sgf_game(
      "(;GM[1]SZ[5]AB[ba][ab][bc]AW[ca][bb][db][cc]"
      ";B[cb];W[ee];B[ed];W[bb];B[ae];W[be];B[cb])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  const std::vector<NodeIndex> line = game.tree.main_line();
  REQUIRE(line.size() == 8);
  for (std::size_t i = 1; i < line.size(); ++i) CHECK(positions.hashes[line[i]] != 0);
  CHECK(positions.deltas[line[1]].removed == std::vector<Occupant>{{pt(1, 1), 2}});
  CHECK(positions.deltas[line[4]].removed == std::vector<Occupant>{{pt(2, 1), 1}});
  CHECK(positions.deltas[line[7]].removed == std::vector<Occupant>{{pt(1, 1), 2}});
  for (const std::size_t i : {2, 3, 5, 6}) CHECK(positions.deltas[line[i]].removed.empty());

  auto start = new_position(game);
  REQUIRE(start.ok());
  Position& p = **start;
  REQUIRE(p.apply_setup(game.tree.data(0).props));
  REQUIRE(p.play(test::place(1, 2, 1)));  // take
  CHECK(as_go(p).ko_point() == pt(1, 1));
  REQUIRE(p.play(test::place(2, 4, 4)));  // threat
  CHECK(!as_go(p).ko_point());
  REQUIRE(p.play(test::place(1, 4, 3)));  // answer
  auto retake = p.play(test::place(2, 1, 1));
  REQUIRE(retake);
  CHECK(retake->removed == std::vector<Occupant>{{pt(2, 1), 1}});
  CHECK(!as_go(p).ko_retaken());  // not at once: the threats came between
  CHECK(as_go(p).ko_point() == pt(2, 1));
  REQUIRE(p.play(test::place(1, 0, 4)));  // threat
  REQUIRE(p.play(test::place(2, 1, 4)));  // answer
  auto again = p.play(test::place(1, 2, 1));
  REQUIRE(again);
  CHECK(!as_go(p).ko_retaken());
  CHECK(p.hash() == positions.hashes[line[7]]);
  CHECK(go_stones(p) == "1:ab 1:ae 1:ba 1:bc 2:be 2:ca 1:cb 2:cc 2:db 1:ed 2:ee");
}

TEST_CASE("go captures a group of several stones", "[positions]") {
  // White aa, ba, bb; Black ca, cb, ab; Black bc takes all three.
  const GameRecord game = sgf_game("(;GM[1]SZ[9]AW[aa][ba][bb]AB[ca][cb][ab];B[bc];W[ee])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  const NodeIndex capture = game.tree.main_line()[1];
  CHECK(positions.deltas[capture].placed == std::vector<Occupant>{{pt(1, 2), 1}});
  std::vector<Occupant> removed = positions.deltas[capture].removed;
  std::sort(removed.begin(), removed.end());
  CHECK(removed == std::vector<Occupant>{{pt(0, 0), 2}, {pt(1, 0), 2}, {pt(1, 1), 2}});
  auto end = main_line_position(game);
  CHECK(go_stones(*end) == "1:ab 1:bc 1:ca 1:cb 2:ee");
}

TEST_CASE("go suicide is illegal unless the ruleset allows it", "[positions]") {
  const GameRecord game = sgf_game("(;GM[1]SZ[9]AB[ba][ab];W[aa];B[ee])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.size() == 1);
  CHECK(positions.warnings.front().message ==
        "move 1 (W aa): aa is suicide; positions are not computed below this node");
  CHECK(positions.warnings.front().severity == Severity::kWarning);
  CHECK(positions.hashes[2] == 0);

  for (const char* ru : {"NZ", "New Zealand", "Tromp/Taylor", "TT--"}) {
    const GameRecord nz =
        sgf_game(std::string("(;GM[1]SZ[9]RU[") + ru + "]AB[ba][ab];W[aa];B[ee])");
    CHECK(go_variant_of(nz).suicide_allowed);
    const GamePositions p = compute_positions(nz);
    CHECK(p.warnings.empty());
    CHECK(p.hashes[1] == p.hashes[0]);  // the stone is gone at once
  }
  CHECK(!go_variant_of(sgf_game("(;GM[1]RU[Japanese];B[aa])")).suicide_allowed);
  CHECK(!go_variant_of(sgf_game("(;GM[1]RU[AGA];B[aa])")).suicide_allowed);
}

TEST_CASE("go multi-stone suicide under New Zealand rules", "[positions]") {
  auto pos = new_position(sgf_game("(;GM[1]SZ[5]RU[NZ];B[ca])"));
  REQUIRE(pos.ok());
  Position& p = **pos;
  REQUIRE(p.apply_setup(
      std::vector<Property>{{"AB", {"ca", "bb", "ac"}, false}, {"AW", {"aa", "ab"}, false}}));
  auto fill = p.play(test::place(2, 1, 0));
  REQUIRE(fill);
  CHECK(fill->placed.empty());
  std::vector<Occupant> removed = fill->removed;
  std::sort(removed.begin(), removed.end());
  CHECK(removed == std::vector<Occupant>{{pt(0, 0), 2}, {pt(0, 1), 2}});
  CHECK(go_stones(p) == "1:ac 1:bb 1:ca");
}

TEST_CASE("go setup: compressed lists, inner nodes, AE, same colour twice", "[positions]") {
  const GameRecord game =
      sgf_game("(;GM[1]SZ[19]AB[dd:dg]AW[aa];B[qq];B[pp];AE[de][aa]AW[df];W[tt])");
  const GamePositions positions = compute_positions(game);
  REQUIRE(positions.warnings.empty());
  CHECK(positions.deltas[0].placed.size() == 5);
  auto end = main_line_position(game);
  REQUIRE(end);
  CHECK(go_stones(*end) == "1:dd 2:df 1:dg 1:pp 1:qq");
  const std::uint64_t last = positions.hashes[game.tree.main_line().back()];
  CHECK(last == positions.hashes[game.tree.main_line().back() - 1]);  // tt is a pass

  auto bad = compute_positions(sgf_game("(;GM[1]SZ[9]AB[jj])"));
  REQUIRE(bad.warnings.size() == 1);
  CHECK(bad.warnings.front().message ==
        "setup AB: go point 'jj' is off the 9x9 board; positions are not computed below this "
        "node");
}

TEST_CASE("go occupied points and foreign moves are illegal", "[positions]") {
  auto pos = new_position(empty_game(Family::kGo, 9, 9));
  REQUIRE(pos.ok());
  REQUIRE((*pos)->play(test::place(1, 4, 4)));
  auto r = (*pos)->play(test::place(2, 4, 4));
  REQUIRE(!r);
  CHECK(r.error().message == "ee is occupied");
  CHECK(!(*pos)->play(test::special(2, MoveKind::kSwapPieces)));
  CHECK((*pos)->play(test::place(1, 5, 5)));  // the same colour twice
}

TEST_CASE("go on a torus wraps around the edges", "[positions]") {
  GameRecord torus = empty_game(Family::kGo, 5, 5, "littlegolem");
  torus.event = "go19.ld.TOROID";
  const GameRecord plain = empty_game(Family::kGo, 5, 5, "littlegolem");
  REQUIRE(go_variant_of(torus).torus);
  auto t = new_position(torus);
  auto p = new_position(plain);
  REQUIRE(t.ok());
  REQUIRE(p.ok());
  CHECK((*t)->hash() != (*p)->hash());
  for (Position* pos : {t->get(), p->get()}) {
    REQUIRE(pos->play(test::place(2, 0, 0)));
    REQUIRE(pos->play(test::place(1, 1, 0)));
    REQUIRE(pos->play(test::place(1, 0, 1)));
  }
  CHECK(go_stones(**p) == "1:ab 1:ba");       // captured in the corner
  CHECK(go_stones(**t) == "2:aa 1:ab 1:ba");  // still has ea and ae
  REQUIRE((*t)->play(test::place(1, 4, 0)));
  auto wrap = (*t)->play(test::place(1, 0, 4));
  REQUIRE(wrap);
  CHECK(wrap->removed == std::vector<Occupant>{{pt(0, 0), 2}});
}

TEST_CASE("go: the Little Golem torus game from the corpus", "[positions]") {
  GameRecord game = sgf_game(
      test::read_bytes(test::corpus_path("go/littlegolem-tasuki/lg-2326516-torusAdam.sgf")));
  REQUIRE(game.family == Family::kGo);
  REQUIRE(go_variant_of(game).torus);
  CHECK(compute_positions(game).warnings.empty());
  // Read as plain go, the game does not replay: on a plain board ab has no
  // liberty left, on the torus it touches the bottom row.
  game.event.clear();
  const GamePositions plain = compute_positions(game);
  REQUIRE(plain.warnings.size() == 1);
  CHECK(plain.warnings.front().message ==
        "move 39 (B ab): ab is suicide; positions are not computed below this node");
}

}  // namespace
}  // namespace ludex
