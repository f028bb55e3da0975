// The explorer's on-disk sort of a bulk load's visits (VisitSorter): every
// visit of a common key comes back whole, in (key, game) order, whether the
// visits stayed in memory or went through temporary files; the visits of
// the other keys are dropped.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "schema/explorer/explorer_build.h"
#include "tests/unit/schema/visit_text.h"

namespace ludex {
namespace {

struct Added {
  std::uint64_t key;
  OwnedVisit visit;
};

// Visits of 40 keys by 60 games, deterministic: some keys common, most not.
std::vector<Added> visits(std::vector<Continuation>& moves) {
  moves.clear();
  for (int i = 0; i < 5; ++i) {
    Continuation m;
    m.seat = static_cast<std::int8_t>(1 + i % 2);
    m.color = static_cast<std::int8_t>(i % 3);
    m.kind = i == 4 ? MoveKind::kPass : MoveKind::kPlace;
    if (i != 4) m.points = {Point{static_cast<std::int16_t>(i), -3}, Point{7, 8}};
    if (i == 2) m.piece = "V5";
    moves.push_back(m);
  }
  std::vector<Added> out;
  std::uint64_t state = 12345;
  auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  for (std::int64_t game = 1; game <= 60; ++game) {
    for (std::uint64_t key = 1; key <= 40; ++key) {
      // Key k is visited by about 60/k games; keys 1..4 often.
      if (next(key) != 0) continue;
      Added a;
      a.key = key * 0x9000000000000001ull;  // high bits set: unsigned order
      a.visit.game_id = game;
      a.visit.variant = key % 7 == 0 ? "duo" : "";
      a.visit.date = game % 3 == 0 ? "" : "2020-0" + std::to_string(game % 9 + 1);
      a.visit.winner = static_cast<std::int8_t>(game % 3);
      a.visit.nodes = static_cast<std::uint32_t>(1 + next(4));
      const std::uint64_t count = next(3);
      for (std::uint64_t i = 0; i < count; ++i) {
        MoveVisit m;
        m.move = &moves[(key + i) % moves.size()];
        m.count = static_cast<std::uint32_t>(1 + next(2));
        m.child = game * 1000 + static_cast<std::int64_t>(i);
        m.has_eval = next(2) == 0;
        if (m.has_eval) {
          m.eval.source = EvalSource::kGameTree;
          m.eval.value = 0.25 * static_cast<double>(game);
        }
        a.visit.moves.push_back(m);
      }
      out.push_back(a);
    }
  }
  return out;
}

// What finish() must give: the visits of keys with at least min_nodes nodes,
// by (key, game).
std::vector<std::string> expected(std::vector<Added> added, std::int64_t min_nodes) {
  std::map<std::uint64_t, std::int64_t> nodes;
  for (const Added& a : added) nodes[a.key] += a.visit.nodes;
  std::sort(added.begin(), added.end(), [](const Added& a, const Added& b) {
    return std::tie(a.key, a.visit.game_id) < std::tie(b.key, b.visit.game_id);
  });
  std::vector<std::string> out;
  for (const Added& a : added) {
    if (nodes[a.key] >= min_nodes) out.push_back(test::visit_text(a.key, a.visit));
  }
  return out;
}

std::vector<std::string> sorted(VisitSorter& sorter, std::vector<Added> added,
                                std::int64_t min_nodes) {
  // Added in game order, as an import adds them, but keys mixed.
  std::reverse(added.begin(), added.end());
  std::stable_sort(added.begin(), added.end(), [](const Added& a, const Added& b) {
    return a.visit.game_id < b.visit.game_id;
  });
  for (const Added& a : added) sorter.add(a.key, a.visit);
  CHECK_FALSE(sorter.empty());
  std::vector<std::string> out;
  sorter.finish(min_nodes, [&](std::uint64_t key, const OwnedVisit& v) {
    out.push_back(test::visit_text(key, v));
  });
  CHECK(sorter.empty());
  return out;
}

TEST_CASE("the visit sorter gives a common key's visits whole, in key and game order",
          "[schema][explorer]") {
  std::vector<Continuation> moves;
  const std::vector<Added> added = visits(moves);
  for (const std::int64_t min_nodes : {1, 32}) {
    const std::vector<std::string> want = expected(added, min_nodes);
    REQUIRE(!want.empty());
    if (min_nodes > 1) CHECK(want.size() < added.size());  // some keys dropped
    SECTION("in memory, at least " + std::to_string(min_nodes) + " nodes") {
      VisitSorter sorter;
      CHECK(sorted(sorter, added, min_nodes) == want);
    }
    SECTION("through many temporary files, at least " + std::to_string(min_nodes) + " nodes") {
      VisitSorter sorter(200);  // a run of a few visits
      CHECK(sorted(sorter, added, min_nodes) == want);
    }
  }
}

TEST_CASE("the visit sorter can be used again after finish", "[schema][explorer]") {
  std::vector<Continuation> moves;
  const std::vector<Added> added = visits(moves);
  VisitSorter sorter(1000);
  const std::vector<std::string> first = sorted(sorter, added, 8);
  CHECK(sorted(sorter, added, 8) == first);
  CHECK(first == expected(added, 8));
}

}  // namespace
}  // namespace ludex
