// Board symmetries, hashes of given contents and pattern placements
// (games/symmetry.h), checked against positions reached by playing moves.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <set>

#include "games/symmetry.h"
#include "importers/sgf/sgf_game.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

using test::pt;

Board game_shape(const GameRecord& g) {
  Board s;
  s.family = g.family;
  s.variant = g.family == Family::kBlokus ? g.variant : "";
  s.columns = g.columns;
  s.rows = g.rows;
  std::string event = g.event;
  for (char& c : event) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  s.torus = g.family == Family::kGo && event.find("toroid") != std::string::npos;
  return s;
}

// Plays every main line of the SGF games under corpus/<dir> and checks after
// each node that hashing the contents gives the position's own hash.
// Returns the number of positions checked.
int check_contents_hashes(const std::string& dir) {
  int checked = 0;
  for (const auto& e :
       std::filesystem::recursive_directory_iterator(test::corpus_path("") + "/" + dir)) {
    if (!e.is_regular_file()) continue;
    const std::string bytes = test::read_bytes(e.path().string());
    if (!looks_like_sgf(bytes)) continue;
    for (const GameRecord& g : read_sgf_games(bytes).games) {
      auto start = new_position(g);
      if (!start) continue;
      std::unique_ptr<Position> pos = std::move(*start);
      const Board shape = game_shape(g);
      for (const NodeIndex i : g.tree.main_line()) {
        bool legal = static_cast<bool>(pos->apply_setup(g.tree.data(i).props));
        for (const Move& m : g.tree.data(i).moves) legal = legal && pos->play(m).ok();
        if (!legal) break;
        const std::vector<Occupant> occupants = pos->occupants();
        const std::vector<TwixtLink> links = pos->links();
        INFO(e.path().string() << " node " << i);
        REQUIRE(hash_contents(shape, occupants, links) == pos->hash());
        REQUIRE(symmetric_hashes(shape, occupants, links).front() == pos->hash());
        ++checked;
      }
    }
  }
  return checked;
}

std::vector<std::string> names(const Board& shape) {
  std::vector<std::string> out;
  for (const BoardSymmetry& s : board_symmetries(shape)) out.push_back(s.name);
  return out;
}

}  // namespace

TEST_CASE("hashing a position's contents gives its own hash in every family", "[symmetry]") {
  // The numbers of positions reached on the main lines before any illegal
  // move, pinned so that a change in what is checked shows.
  CHECK(check_contents_hashes("hex/littlegolem-zerohex") == 83870);
  CHECK(check_contents_hashes("twixt") == 179);
  CHECK(check_contents_hashes("go/gnugo") == 206791);
  CHECK(check_contents_hashes("blksgf") == 456);
}

TEST_CASE("each family has the symmetries its board and rules keep", "[symmetry]") {
  using V = std::vector<std::string>;
  CHECK(names({Family::kGo, "", 19, 19}) == V{"identity", "rot90", "rot180", "rot270", "flip_x",
                                              "flip_y", "transpose", "anti_transpose"});
  CHECK(names({Family::kGo, "", 13, 9}) == V{"identity", "rot180", "flip_x", "flip_y"});
  CHECK(names({Family::kHex, "", 11, 11}) == V{"identity", "rot180"});
  CHECK(names({Family::kTwixt, "", 24, 24}) == V{"identity", "rot180", "flip_x", "flip_y"});
  // Duo's starting points e10 and j5 lie on the anti-diagonal, which the
  // anti-transpose keeps point by point. (The variant names the board: a
  // shape without a size must still find it; this once gave the identity
  // only.)
  CHECK(names({Family::kBlokus, "Blokus Duo", 0, 0}) == V{"identity", "anti_transpose"});
  // Callisto has no starting points and a board symmetric in every way.
  CHECK(names({Family::kBlokus, "Callisto", 0, 0}).size() == 8);
  // Classic: every colour owns a corner; any map moves some corner.
  CHECK(names({Family::kBlokus, "Blokus", 0, 0}) == V{"identity"});
  CHECK(names({Family::kBlokus, "Blokus Trigon", 0, 0}) == V{"identity"});
  CHECK(names({Family::kOther, "", 19, 19}) == V{"identity"});
}

TEST_CASE("a symmetry and its inverse undo each other", "[symmetry]") {
  for (const Board& shape : {Board{Family::kGo, "", 19, 19}, Board{Family::kGo, "", 13, 9},
                             Board{Family::kBlokus, "Blokus Duo", 0, 0}}) {
    for (const BoardSymmetry& s : board_symmetries(shape)) {
      for (int x = 0; x < 9; ++x) {
        for (int y = 0; y < 9; ++y) {
          const Occupant o{pt(x, y), 1};
          CHECK(transform(inverse(s), shape, transform(s, shape, o)) == o);
        }
      }
    }
  }
}

TEST_CASE("the image of a played position is the position of the mirrored game", "[symmetry]") {
  // The same Go game played on the board and turned by 90 degrees: c3 -> q3
  // on 19x19 (x, y) -> (18 - y, x).
  const GameRecord a = test::sgf_game("(;GM[1]SZ[19];B[cc];W[dd];B[ce])");
  const GameRecord b = test::sgf_game("(;GM[1]SZ[19];B[qc];W[pd];B[oc])");
  const auto pa = test::main_line_position(a);
  const auto pb = test::main_line_position(b);
  REQUIRE(pa != nullptr);
  REQUIRE(pb != nullptr);
  REQUIRE(pa->hash() != pb->hash());
  const std::vector<std::uint64_t> images = symmetric_hashes(game_shape(a), pa->occupants(), {});
  CHECK(images.size() == 8);
  CHECK(std::count(images.begin(), images.end(), pb->hash()) == 1);

  // Twixt: the mirrored game keeps its links; the transposed one is not an
  // image (it changes who owns which border).
  const GameRecord t1 = test::sgf_game("(;FF[4]GM[21]SZ[24];W[d5];B[k10];W[e7])");
  const GameRecord t2 = test::sgf_game("(;FF[4]GM[21]SZ[24];W[U5];B[N10];W[T7])");
  const auto q1 = test::main_line_position(t1);
  const auto q2 = test::main_line_position(t2);
  REQUIRE(q1 != nullptr);
  REQUIRE(q2 != nullptr);
  REQUIRE(q1->links().size() == 1);
  const std::vector<std::uint64_t> twixt_images =
      symmetric_hashes(game_shape(t1), q1->occupants(), q1->links());
  CHECK(std::count(twixt_images.begin(), twixt_images.end(), q2->hash()) == 1);
}

TEST_CASE("a pattern is placed at every shift and under every symmetry", "[symmetry]") {
  const Board go{Family::kGo, "", 5, 5};
  // Two stones side by side: 4 x 5 horizontal shifts.
  const Pattern pair{{{pt(0, 0), 1}, {pt(1, 0), 2}}, {}};
  CHECK(pattern_placements(go, pair, false).size() == 20);
  // With the symmetries: horizontal and vertical, either colour on either
  // side: 4 orientations x 20 shifts.
  CHECK(pattern_placements(go, pair, true).size() == 80);
  // A required empty point counts for the fit but stands for no stone.
  const Pattern with_empty{{{pt(0, 0), 1}}, {{pt(2, 2), 0}}};
  const std::vector<Pattern> placed = pattern_placements(go, with_empty, false);
  CHECK(placed.size() == 9);
  CHECK(placed.front().stones == std::vector<Occupant>{{pt(0, 0), 1}});
  CHECK(placed.front().empty == std::vector<Occupant>{{pt(2, 2), 0}});
  // Too big for the board: nowhere.
  CHECK(pattern_placements(go, Pattern{{{pt(0, 0), 1}, {pt(5, 0), 1}}, {}}, true).empty());
}

}  // namespace ludex
