#include "derive/standings.h"

#include <catch2/catch.hpp>

namespace ludex {
namespace {

constexpr EventOutcome kFirst = EventOutcome::kFirstWon;
constexpr EventOutcome kSecond = EventOutcome::kSecondWon;
constexpr EventOutcome kDraw = EventOutcome::kDraw;

const PlayerStanding& of(const std::vector<PlayerStanding>& table, std::int32_t player) {
  for (const PlayerStanding& s : table) {
    if (s.player == player) return s;
  }
  FAIL("no player " << player);
  return table.front();
}

}  // namespace

// A single round robin of four, worked by hand from the definitions:
// A-B 1-0, A-C 1/2, A-D 1-0, B-C 1-0, B-D 1/2, C-D 0-1.
// Scores A 2.5, B 1.5, C 0.5, D 1.5. Buchholz A 1.5+0.5+1.5 = 3.5,
// B 2.5+0.5+1.5 = 4.5, C 2.5+1.5+1.5 = 5.5, D 2.5+1.5+0.5 = 4.5.
// Sonneborn-Berger A 1.5+0.5*0.5+1.5 = 3.25, B 0.5+0.5*1.5 = 1.25,
// C 0.5*2.5 = 1.25, D 0.5*1.5+0.5 = 1.25.
TEST_CASE("standings: a round robin of four, every tie-break by hand", "[derive][events]") {
  const std::vector<EventGame> games = {{0, 1, kFirst}, {0, 2, kDraw}, {0, 3, kFirst},
                                        {1, 2, kFirst}, {1, 3, kDraw}, {2, 3, kSecond}};
  const std::vector<TieBreak> order = {TieBreak::kSonnebornBerger, TieBreak::kBuchholz,
                                       TieBreak::kBuchholzCut1,    TieBreak::kBuchholzMedian,
                                       TieBreak::kSosos,           TieBreak::kWins,
                                       TieBreak::kDirectEncounter};
  const std::vector<PlayerStanding> t = compute_standings(4, games, EventScoring{}, order);
  REQUIRE(t.size() == 4);
  CHECK(t[0].player == 0);
  CHECK(t[0].rank == 1);
  CHECK_FALSE(t[0].shared);
  // B and D are equal on everything (their game was drawn): rank 2 shared,
  // by index.
  CHECK(t[1].player == 1);
  CHECK(t[2].player == 3);
  CHECK(t[1].rank == 2);
  CHECK(t[2].rank == 2);
  CHECK(t[1].shared);
  CHECK(t[3].player == 2);
  CHECK(t[3].rank == 4);

  const PlayerStanding& a = of(t, 0);
  CHECK(a.score == 2.5);
  CHECK(a.games == 3);
  CHECK(a.wins == 2);
  CHECK(a.draws == 1);
  CHECK(a.losses == 0);
  // SB, Buchholz, cut 1, median, SOSOS, wins, direct.
  CHECK(a.tie_breaks == std::vector<double>{3.25, 3.5, 3.0, 1.5, 14.5, 2, 0});
  CHECK(of(t, 1).tie_breaks == std::vector<double>{1.25, 4.5, 4.0, 1.5, 13.5, 1, 0.5});
  CHECK(of(t, 3).tie_breaks == std::vector<double>{1.25, 4.5, 4.0, 1.5, 13.5, 1, 0.5});
  // C's direct encounter is not asked: it is alone on its score.
  CHECK(of(t, 2).tie_breaks == std::vector<double>{1.25, 5.5, 4.0, 1.5, 12.5, 0, 0});
}

// 3-1-0 scoring, a pair that met twice, a game without a result and a game
// against itself: 0-1 won by 0 and drawn, 1-2 won by 1, 2-0 won by 2.
// Scores 0: 3+1+0 = 4, 1: 0+1+3 = 4, 2: 0+3 = 3; 0 and 1 equal, their two
// games give 0 four points and 1 one.
TEST_CASE("standings: the direct encounter counts every game of the tied players",
          "[derive][events]") {
  const std::vector<EventGame> games = {{0, 1, kFirst},
                                        {1, 0, kDraw},
                                        {1, 2, kFirst},
                                        {2, 0, kFirst},
                                        {2, 0, EventOutcome::kUnscored},
                                        {1, 1, kFirst}};
  const std::vector<PlayerStanding> t = compute_standings(
      3, games, EventScoring{3, 1, 0}, {TieBreak::kDirectEncounter, TieBreak::kBuchholz});
  REQUIRE(t.size() == 3);
  CHECK(t[0].player == 0);
  CHECK(t[0].score == 4);
  CHECK(t[0].tie_breaks[0] == 4);
  CHECK(t[1].player == 1);
  CHECK(t[1].tie_breaks[0] == 1);
  CHECK(t[2].player == 2);
  CHECK(t[2].score == 3);
  CHECK(of(t, 0).games == 3);
  CHECK(of(t, 0).unscored == 1);
  CHECK(of(t, 2).unscored == 1);
  CHECK(of(t, 1).unscored == 1);  // against itself
  CHECK(of(t, 1).games == 3);
  // Buchholz of 0: 1's score twice and 2's once: 4+4+3.
  CHECK(of(t, 0).tie_breaks[1] == 11);
}

TEST_CASE("standings: the direct encounter separates no one who did not all meet",
          "[derive][events]") {
  const std::vector<EventGame> games = {{0, 2, kFirst}, {1, 3, kFirst}};
  const std::vector<PlayerStanding> t =
      compute_standings(4, games, EventScoring{}, {TieBreak::kDirectEncounter});
  CHECK(t[0].player == 0);
  CHECK(t[1].player == 1);
  CHECK(t[0].rank == 1);
  CHECK(t[1].rank == 1);
  CHECK(t[0].shared);
  CHECK(t[0].tie_breaks[0] == 0);
  CHECK(t[2].rank == 3);
  CHECK(t[3].rank == 3);
}

TEST_CASE("standings: Buchholz cuts leave out the lowest opponents", "[derive][events]") {
  // Player 0 meets 1, 2, 3 and 4 and loses to none; their scores are 1, 0,
  // 2 and 1 (3 beats 1 and 2, 4 beats 2; 1 beats 2).
  const std::vector<EventGame> games = {{0, 1, kFirst}, {0, 2, kFirst}, {0, 3, kFirst},
                                        {0, 4, kFirst}, {3, 1, kFirst}, {3, 2, kFirst},
                                        {4, 2, kFirst}, {1, 2, kFirst}};
  const std::vector<PlayerStanding> t =
      compute_standings(5, games, EventScoring{},
                        {TieBreak::kBuchholz, TieBreak::kBuchholzCut1, TieBreak::kBuchholzCut2,
                         TieBreak::kBuchholzMedian});
  const PlayerStanding& p = of(t, 0);
  CHECK(p.score == 4);
  CHECK(of(t, 1).score == 1);
  CHECK(of(t, 2).score == 0);
  CHECK(of(t, 3).score == 2);
  CHECK(of(t, 4).score == 1);
  CHECK(p.tie_breaks == std::vector<double>{4, 4, 3, 2});
}

TEST_CASE("standings: tie-break names", "[derive][events]") {
  CHECK(parse_tie_break("sos") == TieBreak::kBuchholz);
  CHECK(parse_tie_break("sodos") == TieBreak::kSonnebornBerger);
  CHECK(parse_tie_break("sb") == TieBreak::kSonnebornBerger);
  CHECK(parse_tie_break("direct") == TieBreak::kDirectEncounter);
  CHECK_FALSE(parse_tie_break("koya"));
  for (const TieBreak t : {TieBreak::kWins, TieBreak::kBuchholz, TieBreak::kBuchholzCut1,
                           TieBreak::kBuchholzCut2, TieBreak::kBuchholzMedian, TieBreak::kSosos,
                           TieBreak::kSonnebornBerger, TieBreak::kDirectEncounter}) {
    CHECK(parse_tie_break(tie_break_name(t)) == t);
  }
}

}  // namespace ludex
