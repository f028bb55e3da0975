// Twixt long moves across formats: the spec's long move
// `;B[-i'3][-J4'][\i'4][K4]` (specs/twixt-sgf.txt) as GM[21] SGF and as
// binary .tgt long moves (specs/game-tree-binary-format.txt) written byte by
// byte here, imported by the real binary and compared through `ludex show`
// and the stored nodes.position_hash.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "tests/e2e_positions/positions_support.h"

namespace ludex::test {
namespace {

using Json = nlohmann::json;
using Link = GtvBytes::Link;

// The spec's position: Black (seat 2) pegs i4, J2, K5, i3, J5 in that order,
// autolinked: i4-J2 (centre i'3) and i4-K5 (centre J4'); i3-J5 would cross
// i4-K5. Then the long move: remove i'3 and J4', add i3-J5 (\i'4), peg K4,
// which autolinks to i3 and J2.
constexpr const char* kSpecGame =
    "(;FF[4]GM[21]SZ[24]PW[ann]PB[bob];B[i4];B[J2];B[K5];B[i3];B[J5]"
    ";B[-i'3][-J4'][\\i'4][K4])\n";

// The removals as binary links (bottom peg, direction): i4-J2 from i4 (8, 3)
// to (9, 1) is direction 2; i4-K5 from K5 (10, 4) to (8, 3) is direction 4.
const std::vector<Link> kRemoved = {{8, 3, 2}, {10, 4, 4}};
// i3-J5 from J5 (9, 4) to (8, 2): direction 3.
const Link kI3J5{9, 4, 3};
// K4's links: K4 (10, 3) to i3 (8, 2) direction 4, to J2 (9, 1) direction 3.
const Link kK4I3{10, 3, 4};
const Link kK4J2{10, 3, 3};

// The spec's game as a .tgt: the five pegs as short (autolinking) moves of
// colour 2, then K4 as a long move with these flags and lists.
void write_spec_tgt(const std::filesystem::path& path, int pbem_null,
                    const std::vector<Link>& added) {
  GtvBytes tgt;
  tgt.version2_header("twixt1", 24, "ann", "bob");
  tgt.node(0, 0, 0, 1);
  tgt.node(8, 3, 2, 1);                                    // i4
  tgt.node(9, 1, 2, 1);                                    // J2
  tgt.node(10, 4, 2, 1);                                   // K5
  tgt.node(8, 2, 2, 1);                                    // i3
  tgt.node(9, 4, 2, 1);                                    // J5
  tgt.long_node(10, 3, 2, pbem_null, kRemoved, added, 0);  // K4
  write_bytes(path, tgt.bytes());
}

std::multiset<std::string> links_of(const Json& show) {
  std::multiset<std::string> out;
  for (const Json& l : show.at("links")) {
    out.insert(l.at("color").get<std::string>() + ":" + l.at("from").get<std::string>() + "-" +
               l.at("to").get<std::string>());
  }
  return out;
}

}  // namespace

TEST_CASE("the spec's long move as GM[21] SGF and as a .tgt with link lists: one hash",
          "[e2e][positions]") {
  ScratchDir dir("e2e-positions-twixt-long-move");
  write_bytes(dir.path() / "gm21.sgf", kSpecGame);
  // pbem_null = 0: exactly the listed links change; K4's links are listed.
  write_spec_tgt(dir.path() / "lists.tgt", 0, {kI3J5, kK4I3, kK4J2});
  // The same without K4's links: K4 stands unlinked, another position.
  write_spec_tgt(dir.path() / "unlinked.tgt", 0, {kI3J5});
  const std::string db = dir / "t.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 3);
  for (int move = 0; move <= 6; ++move) {
    INFO("move " << move);
    const Json sgf = show_json(db, ids.at("gm21.sgf"), move);
    CHECK(sgf.at("hash") == stored_hash(db, ids.at("gm21.sgf"), move));
    CHECK(show_json(db, ids.at("lists.tgt"), move).at("hash") == sgf.at("hash"));
    CHECK(stored_hash(db, ids.at("lists.tgt"), move) == sgf.at("hash"));
  }
  const Json before = show_json(db, ids.at("gm21.sgf"), 5);
  CHECK(links_of(before) == std::multiset<std::string>{"B:i4-j2", "B:i4-k5"});
  const Json end = show_json(db, ids.at("lists.tgt"));
  CHECK(end.at("move_number") == 6);
  CHECK(links_of(end) == std::multiset<std::string>{"B:i3-j5", "B:i3-k4", "B:j2-k4"});
  const Json unlinked = show_json(db, ids.at("unlinked.tgt"));
  CHECK(links_of(unlinked) == std::multiset<std::string>{"B:i3-j5"});
  CHECK(unlinked.at("hash") != end.at("hash"));
}

TEST_CASE("a .tgt autolinking long move (pbem_null 1) ignores its add list", "[e2e][positions]") {
  // Regression: the additions of a pbem_null = 1 move were applied, so the
  // move with add list [i3-J5] hashed differently from the move without it.
  ScratchDir dir("e2e-positions-twixt-pbem-null");
  write_spec_tgt(dir.path() / "listed.tgt", 1, {kI3J5});
  write_spec_tgt(dir.path() / "bare.tgt", 1, {});
  // What pbem_null = 1 means, spelled out: the removals, then K4's links.
  write_spec_tgt(dir.path() / "explicit.tgt", 0, {kK4I3, kK4J2});
  write_bytes(dir.path() / "gm21.sgf", kSpecGame);
  const std::string db = dir / "t.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const auto ids = game_ids_by_file(db);
  REQUIRE(ids.size() == 4);
  for (int move = 0; move <= 6; ++move) {
    INFO("move " << move);
    const std::string bare = stored_hash(db, ids.at("bare.tgt"), move);
    CHECK(!bare.empty());
    CHECK(stored_hash(db, ids.at("listed.tgt"), move) == bare);
    CHECK(stored_hash(db, ids.at("explicit.tgt"), move) == bare);
    CHECK(show_json(db, ids.at("listed.tgt"), move).at("hash") == bare);
  }
  const Json listed = show_json(db, ids.at("listed.tgt"));
  CHECK(links_of(listed) == std::multiset<std::string>{"B:i3-k4", "B:j2-k4"});
  // The SGF long move's addition counts: another position.
  CHECK(show_json(db, ids.at("gm21.sgf")).at("hash") != listed.at("hash"));
}

}  // namespace ludex::test
