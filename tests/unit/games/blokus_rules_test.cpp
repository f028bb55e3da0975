// Blokus (Pentobi) move vocabulary, plus a scan of every move in the corpus's
// Pentobi files.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/blokus_points.h"
#include "games/family_rules.h"
#include "tests/unit/games/rules_test_util.h"

namespace ludex {
namespace {

using test::check_round_trip;
using test::decode_move;

SgfGameKind blokus_kind(const std::string& variant) {
  const std::vector<Property> root = {Property{"GM", {variant}, false}};
  SgfKindInput input;
  input.root_props = &root;
  return detect_sgf_kind(input);
}

TEST_CASE("blokus: the spec's example move", "[games]") {
  const SgfGameKind duo = blokus_kind("Blokus Duo");
  const Result<Move> m = decode_move(duo, "B", {"f9,e10,f10,g10,f11"});
  REQUIRE(m.ok());
  CHECK(m->seat == 1);
  CHECK(m->color == 1);
  CHECK(m->kind == MoveKind::kPlace);
  CHECK(m->points == std::vector<Point>{{5, 8}, {4, 9}, {5, 9}, {6, 9}, {5, 10}});
  check_round_trip(duo, *m, Property{"B", {"f9,e10,f10,g10,f11"}, false});
  const Result<Move> w = decode_move(duo, "W", {"I4,H5,I5,J5,I6"});
  REQUIRE(w.ok());
  CHECK(w->seat == 2);
  CHECK(w->color == 2);
  check_round_trip(duo, *w, Property{"W", {"i4,h5,i5,j5,i6"}, false});
}

TEST_CASE("blokus: old one-point-per-value moves are one move", "[games]") {
  // blksgf/pentobi-2011-10-07-2a70b451-regression_sgf_symmetry_symmetry-v.blksgf
  const SgfGameKind duo = blokus_kind("Blokus Duo");
  const Result<Move> m = decode_move(duo, "B", {"e8", "f8", "g8", "e9", "e10"});
  REQUIRE(m.ok());
  CHECK(m->points == std::vector<Point>{{4, 7}, {5, 7}, {6, 7}, {4, 8}, {4, 9}});
  check_round_trip(duo, *m, Property{"B", {"e8,f8,g8,e9,e10"}, false});
}

TEST_CASE("blokus: old colour names", "[games]") {
  // blksgf/inline-tests/pentobi-PentobiTreeTest-pentobi_base_tree_backward_compatibility_0_1-1.sgf
  const SgfGameKind two = blokus_kind("Blokus Two-Player");
  const FamilyRules& rules = rules_for(Family::kBlokus);
  struct Case {
    std::string id;
    std::vector<std::string> values;
    std::int8_t color;
    std::int8_t seat;
  };
  for (const Case& c : std::vector<Case>{
           {"BLUE", {"a16", "a17", "a18", "a19", "a20"}, 1, 1},
           {"YELLOW", {"s17", "t17", "t18", "t19", "t20"}, 2, 2},
           {"RED", {"t1", "t2", "t3", "t4", "t5"}, 3, 1},
           {"GREEN", {"a1", "b1", "c1", "d1", "d2"}, 4, 2},
       }) {
    INFO(c.id);
    CHECK(rules.is_move_property(two, c.id));
    const Result<Move> m = decode_move(two, c.id, c.values);
    REQUIRE(m.ok());
    CHECK(m->color == c.color);
    CHECK(m->seat == c.seat);
    CHECK(m->points.size() == 5);
    // Written back with the current property names.
    const Property p = rules.encode_sgf_move(two, *m);
    CHECK(p.id == std::to_string(c.color));
  }
  // In two-colour variants Pentobi 0.1 used BLUE and GREEN.
  const SgfGameKind duo = blokus_kind("Blokus Duo");
  CHECK(decode_move(duo, "GREEN", {"a1"})->color == 2);
  CHECK_FALSE(rules.is_move_property(duo, "YELLOW"));
}

TEST_CASE("blokus: which properties are moves in which variant", "[games]") {
  const FamilyRules& rules = rules_for(Family::kBlokus);
  const SgfGameKind duo = blokus_kind("Blokus Duo");
  for (const std::string id : {"B", "W", "1", "2", "BLUE", "GREEN"}) {
    CHECK(rules.is_move_property(duo, id));
  }
  for (const std::string id : {"3", "4", "AB", "TE", "PL", "b"}) {
    CHECK_FALSE(rules.is_move_property(duo, id));
  }
  const SgfGameKind trigon3 = blokus_kind("Blokus Trigon Three-Player");
  CHECK(rules.is_move_property(trigon3, "3"));
  CHECK_FALSE(rules.is_move_property(trigon3, "4"));
  CHECK_FALSE(rules.is_move_property(trigon3, "B"));
  CHECK_FALSE(rules.is_move_property(trigon3, "GREEN"));
  const SgfGameKind classic2 = blokus_kind("Blokus Two-Player");
  CHECK(rules.is_move_property(classic2, "4"));
  // B and W name players there, not moves.
  CHECK_FALSE(rules.is_move_property(classic2, "B"));
  CHECK_FALSE(rules.is_move_property(classic2, "W"));
}

TEST_CASE("blokus: colours and seats per variant", "[games]") {
  // blksgf/inline-tests/pentobi-PentobiTreeTest-pentobi_base_tree_keep_only_subtree_nexos-4.sgf
  const SgfGameKind nexos2 = blokus_kind("Nexos Two-Player");
  const Result<Move> n4 = decode_move(nexos2, "4", {"e6,e8,f9,h9"});
  REQUIRE(n4.ok());
  CHECK(n4->color == 4);
  CHECK(n4->seat == 2);
  check_round_trip(nexos2, *n4, Property{"4", {"e6,e8,f9,h9"}, false});
  // blksgf/inline-tests/pentobi-SearchTest-pentobi_mcts_search_callisto_useless_one_piece-2.sgf:
  // Pentobi 12.0 wrote 1 / 2 for two-player Callisto; written back as B / W.
  const SgfGameKind callisto2 = blokus_kind("Callisto Two-Player");
  const Result<Move> c2 = decode_move(callisto2, "2", {"k7"});
  REQUIRE(c2.ok());
  CHECK(c2->color == 2);
  CHECK(c2->seat == 2);
  check_round_trip(callisto2, *c2, Property{"W", {"k7"}, false});
  // blksgf/inline-tests/pentobi-PentobiTreeTest-pentobi_base_tree_keep_only_subtree_callisto-3.sgf
  const SgfGameKind callisto = blokus_kind("Callisto");
  const Result<Move> c3 = decode_move(callisto, "3", {"l8"});
  REQUIRE(c3.ok());
  CHECK(c3->seat == 3);
  // The fourth colour of Blokus Three-Player has no fixed seat.
  const SgfGameKind classic3 = blokus_kind("Blokus Three-Player");
  const Result<Move> shared = decode_move(classic3, "4", {"a1"});
  REQUIRE(shared.ok());
  CHECK(shared->color == 4);
  CHECK(shared->seat == 0);
  check_round_trip(classic3, *shared, Property{"4", {"a1"}, false});
  // blksgf/inline-tests/pentobi-SearchTest-pentobi_mcts_search_no_large_pieces-1.sgf
  const SgfGameKind trigon2 = blokus_kind("Blokus Trigon Two-Player");
  const Result<Move> t = decode_move(trigon2, "4", {"w7,x7,y7,z7,v8,w8"});
  REQUIRE(t.ok());
  CHECK(t->seat == 2);
  CHECK(t->points.front() == Point{22, 6});
  const SgfGameKind gembloq = blokus_kind("GembloQ");
  CHECK(decode_move(gembloq, "1", {"bd28"}).ok());
  CHECK_FALSE(decode_move(gembloq, "1", {"be28"}).ok());
}

TEST_CASE("blokus: passes, errors, players, results", "[games]") {
  const SgfGameKind duo = blokus_kind("Blokus Duo");
  CHECK(decode_move(duo, "B", {""})->kind == MoveKind::kPass);
  CHECK(decode_move(duo, "W", {"pass"})->kind == MoveKind::kPass);
  Move pass;
  pass.seat = 2;
  pass.color = 2;
  pass.kind = MoveKind::kPass;
  check_round_trip(duo, pass, Property{"W", {""}, false});
  // blksgf/inline-tests/pentobi-GameTest-pentobi_base_game_current_defined_invalid_root-1.sgf
  const SgfGameKind classic = blokus_kind("Blokus");
  const Result<Move> invalid = decode_move(classic, "1", {"a99999"});
  REQUIRE_FALSE(invalid.ok());
  CHECK(invalid.error().message == "blokus point 'a99999' is off the 20x20 board");
  CHECK(decode_move(duo, "B", {"f9,,e10"}).error().message == "bad blokus point ''");
  CHECK(decode_move(duo, "3", {"a1"}).error().message ==
        "'3' is not a move property in Blokus Duo");
  const FamilyRules& rules = rules_for(Family::kBlokus);
  CHECK(rules.player_properties(duo) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PB", 1}, {"PW", 2}});
  CHECK(rules.player_properties(blokus_kind("Blokus Two-Player")) ==
        std::vector<std::pair<std::string, std::int8_t>>{{"PB", 1}, {"PW", 2}});
  CHECK(rules.player_properties(classic) == std::vector<std::pair<std::string, std::int8_t>>{
                                                {"P1", 1}, {"P2", 2}, {"P3", 3}, {"P4", 4}});
  CHECK(rules.player_properties(blokus_kind("Callisto Three-Player")).size() == 3);
  CHECK(rules.winner_from_result(duo, "B+12") == 1);
  CHECK(rules.winner_from_result(duo, "W+3") == 2);
  CHECK(rules.winner_from_result(blokus_kind("Blokus Two-Player"), "3+5") == 1);
  CHECK(rules.winner_from_result(classic, "3+5") == 3);
  CHECK(rules.winner_from_result(classic, "0") == 0);
}

// Reads every .blksgf file of the corpus and decodes every move property in
// it, found with a small scanner (";" + a move id + "["), under the kind its
// GM gives. Property values in these files contain no ']' or '\'.
TEST_CASE("every move of the corpus's Pentobi files decodes", "[games]") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(LUDEX_SHARED_DIR) / "corpus" / "blksgf";
  REQUIRE(fs::is_directory(dir));
  std::size_t files = 0;
  std::size_t moves = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".blksgf") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string text = buffer.str();
    const std::size_t gm = text.find("GM[");
    REQUIRE(gm != std::string::npos);
    const std::string variant = text.substr(gm + 3, text.find(']', gm) - gm - 3);
    const SgfGameKind kind = blokus_kind(variant);
    INFO(entry.path().filename().string() << " " << variant);
    REQUIRE(kind.family == Family::kBlokus);
    ++files;
    std::size_t i = 0;
    while ((i = text.find(';', i)) != std::string::npos) {
      std::size_t j = i + 1;
      while (j < text.size() && (text[j] == ' ' || text[j] == '\n' || text[j] == '\r')) ++j;
      std::size_t k = j;
      while (k < text.size() &&
             ((text[k] >= 'A' && text[k] <= 'Z') || (text[k] >= '0' && text[k] <= '9'))) {
        ++k;
      }
      const std::string id = text.substr(j, k - j);
      i = k;
      if (!rules_for(Family::kBlokus).is_move_property(kind, id)) continue;
      std::vector<std::string> values;
      while (k < text.size() && text[k] == '[') {
        const std::size_t close = text.find(']', k);
        REQUIRE(close != std::string::npos);
        values.push_back(text.substr(k + 1, close - k - 1));
        k = close + 1;
      }
      INFO(id << "[" << (values.empty() ? std::string() : values.front()) << "]");
      const Result<Move> m = decode_move(kind, id, values);
      REQUIRE(m.ok());
      CHECK(m->kind == MoveKind::kPlace);
      CHECK(m->color > 0);
      ++moves;
    }
  }
  CHECK(files >= 60);
  CHECK(moves > 10000);
}

}  // namespace
}  // namespace ludex
