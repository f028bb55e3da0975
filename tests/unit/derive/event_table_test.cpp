// The layouts of an event by its kind (derive/event_table.h): which kind its
// games make, the crosstable, the round table and the knockout bracket, each
// worked by hand from the definitions.
#include "derive/event_table.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace ludex {
namespace {

constexpr EventOutcome kSeat1Won = EventOutcome::kFirstWon;
constexpr EventOutcome kSeat2Won = EventOutcome::kSecondWon;
constexpr EventOutcome kDrawn = EventOutcome::kDraw;
constexpr EventOutcome kNoResult = EventOutcome::kUnscored;

TableGame table_game(std::int64_t id, std::int32_t first, std::int32_t second, EventOutcome outcome,
                     std::int32_t round, std::int32_t order) {
  TableGame g;
  g.game_id = id;
  g.first = first;
  g.second = second;
  g.outcome = outcome;
  g.round = round;
  g.order = order;
  return g;
}

// A round cell as OpenGotha prints it: "12+/w2", the handicap left out when
// there is none.
std::string cell_text(const RoundCell& c) {
  std::string out = std::to_string(c.opponent_row) + c.result + "/" + c.colour;
  if (c.handicap > 0) out += std::to_string(c.handicap);
  return out;
}

// Each round's cells of one row, "" for a round without a game, cells of
// one round joined by ' '.
std::vector<std::string> row_text(const RoundTable& t, std::size_t row) {
  std::vector<std::string> out;
  for (const std::vector<RoundCell>& round : t.cells[row]) {
    std::string text;
    for (const RoundCell& c : round) text += (text.empty() ? "" : " ") + cell_text(c);
    out.push_back(text);
  }
  return out;
}

bool same_cross(const std::vector<CrossGame>& cell,
                const std::vector<std::tuple<std::int64_t, char, bool>>& want) {
  if (cell.size() != want.size()) return false;
  for (std::size_t k = 0; k < cell.size(); ++k) {
    if (cell[k].game_id != std::get<0>(want[k]) || cell[k].result != std::get<1>(want[k]) ||
        cell[k].first != std::get<2>(want[k])) {
      return false;
    }
  }
  return true;
}

std::vector<std::int32_t> descending_rows(std::int32_t players) {
  std::vector<std::int32_t> rows;
  for (std::int32_t p = players - 1; p >= 0; --p) rows.push_back(p);
  return rows;
}

}  // namespace

TEST_CASE("event table: kind names", "[derive][events]") {
  for (const EventKind k : {EventKind::kRoundRobin, EventKind::kSwiss, EventKind::kKnockout,
                            EventKind::kMatch, EventKind::kGames}) {
    CHECK(parse_event_kind(event_kind_name(k)) == k);
  }
  CHECK(event_kind_name(EventKind::kRoundRobin) == "round-robin");
  CHECK(parse_event_kind("swiss") == EventKind::kSwiss);
  CHECK_FALSE(parse_event_kind("mcmahon"));
}

// A double round robin of 10: the first cycle every pair i < j in turn, i
// with seat 1 and winning (ids 1..45, orders 0..44), the second the same
// pairs with seats swapped, drawn (ids 46..90, orders 45..89). Pair 3-7 is
// the 28th (after 9 + 8 + 7 pairs of players 0, 1, 2 and 3-4, 3-5, 3-6):
// games 28 (order 27) and 73 (order 72); 73 has no result and was replayed
// as game 91, of the same order (after 73 by id), 3 in seat 1, won by 7.
TEST_CASE("event table: a double round robin of 10 with a replayed game", "[derive][events]") {
  std::vector<TableGame> games;
  games.push_back(table_game(91, 3, 7, kSeat2Won, 0, 72));  // listed first: order sorts
  std::int64_t id = 1;
  for (std::int32_t cycle = 0; cycle < 2; ++cycle) {
    for (std::int32_t i = 0; i < 10; ++i) {
      for (std::int32_t j = i + 1; j < 10; ++j) {
        const auto order = static_cast<std::int32_t>(id - 1);
        if (cycle == 0) {
          games.push_back(table_game(id, i, j, kSeat1Won, 0, order));
        } else {
          games.push_back(table_game(id, j, i, i == 3 && j == 7 ? kNoResult : kDrawn, 0, order));
        }
        ++id;
      }
    }
  }
  REQUIRE(games.size() == 91);
  const KindReading r = detect_event_kind(10, games, false);
  CHECK(r.kind == EventKind::kRoundRobin);
  CHECK(r.why == "every two of the 10 players met, 2 to 3 times");

  // Rows 9, 8, ..., 0: player p in row 9 - p; 3 in row 6, 7 in row 2.
  const auto t = crosstable(descending_rows(10), games);
  REQUIRE(t.size() == 10);
  CHECK(same_cross(t[6][2], {{28, '1', true}, {73, '?', false}, {91, '0', true}}));
  CHECK(same_cross(t[2][6], {{28, '0', false}, {73, '?', true}, {91, '1', false}}));
  // 0 (row 9) and 1 (row 8): 0 won game 1 in seat 1, drew game 46 in seat 2.
  CHECK(same_cross(t[9][8], {{1, '1', true}, {46, '=', false}}));
  CHECK(same_cross(t[8][9], {{1, '0', false}, {46, '=', true}}));
  std::size_t twos = 0;
  std::size_t threes = 0;
  for (std::size_t i = 0; i < 10; ++i) {
    REQUIRE(t[i].size() == 10);
    CHECK(t[i][i].empty());
    for (std::size_t j = 0; j < 10; ++j) {
      if (t[i][j].size() == 2) ++twos;
      if (t[i][j].size() == 3) ++threes;
    }
  }
  CHECK(twos == 88);
  CHECK(threes == 2);

  games.erase(games.begin());
  CHECK(detect_event_kind(10, games, false).why == "every two of the 10 players met, twice");
}

TEST_CASE("event table: round robins met once or unevenly", "[derive][events]") {
  const std::vector<TableGame> single = {
      table_game(1, 0, 1, kSeat1Won, 1, 0), table_game(2, 2, 3, kDrawn, 1, 0),
      table_game(3, 0, 2, kSeat2Won, 2, 1), table_game(4, 1, 3, kNoResult, 2, 1),
      table_game(5, 0, 3, kSeat1Won, 3, 2), table_game(6, 1, 2, kSeat1Won, 3, 2)};
  const KindReading r = detect_event_kind(4, single, false);
  CHECK(r.kind == EventKind::kRoundRobin);
  CHECK(r.why == "every two of the 4 players met, once");

  // 0-1 three times, 0-2 and 1-2 once; a game of 2 against itself is no pair.
  const std::vector<TableGame> uneven = {
      table_game(1, 0, 1, kSeat1Won, 0, 0), table_game(2, 1, 0, kSeat1Won, 0, 1),
      table_game(3, 0, 1, kDrawn, 0, 2),    table_game(4, 0, 2, kDrawn, 0, 3),
      table_game(5, 2, 1, kSeat2Won, 0, 4), table_game(6, 2, 2, kSeat1Won, 0, 5)};
  CHECK(detect_event_kind(3, uneven, false).why == "every two of the 3 players met, 1 to 3 times");
}

// A Swiss of 40 players, 7 rounds. Rounds 1-3: i (0..19) meets
// j = 20 + (i + r - 1) % 20, i in seat 1 in odd rounds. Player 39 is absent
// from round 4: rounds 4-7 pair the other 39 (k = r - 4) as a circle, k has
// the bye and (k + d) % 39, in seat 1, meets (k - d) % 39 for d = 1..19.
// Results by (seat 1 + seat 2 + round) % 3: 0 drawn, 1 seat 1 won, 2 seat 2
// won. Game 999, 5-6 without a round number, is no round's.
TEST_CASE("event table: a Swiss of 40 with an absentee and byes", "[derive][events]") {
  std::vector<TableGame> games;
  std::int64_t id = 1;
  auto play = [&](std::int32_t first, std::int32_t second, std::int32_t round) {
    const std::int32_t k = (first + second + round) % 3;
    const EventOutcome o = k == 0 ? kDrawn : k == 1 ? kSeat1Won : kSeat2Won;
    games.push_back(table_game(id, first, second, o, round, round));
    ++id;
  };
  for (std::int32_t r = 1; r <= 3; ++r) {
    for (std::int32_t i = 0; i < 20; ++i) {
      const std::int32_t j = 20 + (i + r - 1) % 20;
      if (r % 2 == 1) {
        play(i, j, r);
      } else {
        play(j, i, r);
      }
    }
  }
  for (std::int32_t r = 4; r <= 7; ++r) {
    const std::int32_t k = r - 4;
    for (std::int32_t d = 1; d <= 19; ++d) play((k + d) % 39, (k - d + 39) % 39, r);
  }
  games.push_back(table_game(999, 5, 6, kSeat1Won, 0, 100));
  REQUIRE(games.size() == 137);

  const KindReading r = detect_event_kind(40, games, false);
  CHECK(r.kind == EventKind::kSwiss);
  CHECK(r.why ==
        "7 numbered rounds, at most one game a round per player; 1 of 137 games has no round "
        "number");

  // Rows 39, 38, ..., 0: player p in row 39 - p, printed as 40 - p.
  const RoundTable t = round_table(descending_rows(40), games);
  CHECK(t.rounds == 7);
  CHECK(t.unplaced == std::vector<std::int64_t>{999});
  REQUIRE(t.cells.size() == 40);
  // 39 met 19, 18 and 17 (rows 21, 22, 23): round 1 in seat 2, 19+39+1 = 59
  // -> seat 2 won; round 2 in seat 1, 39+18+2 -> seat 2 won; round 3 in seat
  // 2, 17+39+3 -> seat 2 won. Then absent.
  CHECK(row_text(t, 0) == std::vector<std::string>{"21+/w", "22-/b", "23+/w", "", "", "", ""});
  // 0: met 20 (seat 1, 21 % 3 = 0 drawn), 21 (seat 2, 23 -> seat 2 won),
  // 22 (seat 1, 25 -> seat 1 won); the bye in round 4; then d = k: 2, 4 and
  // 6 in seat 1 (2+0+5, 4+0+6, 6+0+7 -> seat 1 won).
  CHECK(row_text(t, 39) ==
        std::vector<std::string>{"20=/b", "19+/w", "18+/b", "", "38-/w", "36-/w", "34-/w"});
  // 1: 21 (seat 1, 23 -> seat 2 won), 22 (seat 2, 25 -> seat 1 won),
  // 23 (seat 1, 27 drawn), round 4 38 in seat 2 (1+38+4 = 43 -> seat 1 won),
  // the bye in round 5, 3 and 5 in seat 1 (10, 13 -> seat 1 won).
  CHECK(row_text(t, 38) ==
        std::vector<std::string>{"19-/b", "18-/w", "17=/b", "2+/b", "", "37-/w", "35-/w"});
  CHECK(row_text(t, 1)[3] == "39-/w");  // 38 lost to 1 in round 4
  std::size_t empty = 0;
  for (std::size_t row = 0; row < 40; ++row) {
    REQUIRE(t.cells[row].size() == 7);
    for (const std::vector<RoundCell>& round : t.cells[row]) {
      CHECK(round.size() <= 1);
      if (round.empty()) ++empty;
    }
  }
  CHECK(empty == 8);  // rounds 4-7: the absentee and the bye
}

// Six players, three McMahon rounds with handicaps; rows 2, 0, 5, 1, 4, 3
// (places 1..6).
TEST_CASE("event table: a McMahon round table with handicaps", "[derive][events]") {
  auto go = [](std::int64_t id, std::int32_t black, std::int32_t white, EventOutcome o,
               std::int32_t round, std::int32_t handicap) {
    TableGame g = table_game(id, black, white, o, round, round);
    g.handicap = handicap;
    return g;
  };
  const std::vector<TableGame> games = {
      go(101, 0, 1, kSeat2Won, 1, 2), go(102, 2, 3, kSeat1Won, 1, 0),
      go(103, 4, 5, kSeat1Won, 1, 3), go(201, 1, 2, kSeat1Won, 2, 0),
      go(202, 3, 4, kSeat2Won, 2, 2), go(203, 5, 0, kNoResult, 2, 0),
      go(301, 3, 0, kSeat2Won, 3, 1), go(302, 5, 1, kSeat1Won, 3, 0),
      go(303, 4, 2, kSeat2Won, 3, 4)};
  const KindReading r = detect_event_kind(6, games, false);
  CHECK(r.kind == EventKind::kSwiss);
  CHECK(r.why == "3 numbered rounds, at most one game a round per player");

  const RoundTable t = round_table({2, 0, 5, 1, 4, 3}, games);
  CHECK(t.rounds == 3);
  CHECK(t.unplaced.empty());
  CHECK(row_text(t, 0) == std::vector<std::string>{"6+/b", "4-/w", "5+/w4"});
  CHECK(row_text(t, 1) == std::vector<std::string>{"4-/b2", "3?/w", "6+/w1"});
  CHECK(row_text(t, 2) == std::vector<std::string>{"5-/w3", "2?/b", "4+/b"});
  CHECK(row_text(t, 3) == std::vector<std::string>{"2+/w2", "1+/b", "3-/w"});
  CHECK(row_text(t, 4) == std::vector<std::string>{"3+/b3", "6+/w2", "1-/b4"});
  CHECK(row_text(t, 5) == std::vector<std::string>{"1-/w", "5-/b2", "2-/b1"});
  const RoundCell& c = t.cells[1][0][0];
  CHECK(c.game_id == 101);
  CHECK(c.opponent_row == 4);
  CHECK(c.result == '-');
  CHECK(c.colour == 'b');
  CHECK(c.handicap == 2);
}

// 16 players, two games a pairing and a tie-break game when they are level.
// Stage 1, rounds 1-3: s meets 15 - s (s in seat 1 in round 1); s wins both
// but 2-13 (drawn, then 2 wins: 1.5-0.5) and 7-8 (1-1, 8 wins the tie-break
// in round 3). Stage 2, rounds 4-6: 0-8 and 1-6 2-0; 2-5 1-1 and 2 the
// tie-break; 3-4 two draws and 4 the tie-break. Stage 3, rounds 7-8: 0-4
// 2-0; 1-2 a win and a draw. Final, rounds 10-12: 0-1 1-1 and 1 the
// tie-break. Game id: round * 100 + the pair's lower player.
TEST_CASE("event table: a knockout of 16 with tie-break games", "[derive][events]") {
  std::vector<TableGame> games;
  auto play = [&](std::int32_t first, std::int32_t second, EventOutcome o, std::int32_t round) {
    const std::int64_t id = round * 100 + std::min(first, second);
    games.push_back(table_game(id, first, second, o, round, static_cast<std::int32_t>(id)));
  };
  for (std::int32_t s = 0; s < 8; ++s) {
    const std::int32_t t = 15 - s;
    if (s == 2) {
      play(s, t, kDrawn, 1);
      play(t, s, kSeat2Won, 2);
    } else if (s == 7) {
      play(s, t, kSeat1Won, 1);
      play(t, s, kSeat1Won, 2);
      play(s, t, kSeat2Won, 3);
    } else {
      play(s, t, kSeat1Won, 1);
      play(t, s, kSeat2Won, 2);
    }
  }
  play(0, 8, kSeat1Won, 4);
  play(8, 0, kSeat2Won, 5);
  play(1, 6, kSeat1Won, 4);
  play(6, 1, kSeat2Won, 5);
  play(2, 5, kSeat1Won, 4);
  play(5, 2, kSeat1Won, 5);
  play(2, 5, kSeat1Won, 6);
  play(3, 4, kDrawn, 4);
  play(4, 3, kDrawn, 5);
  play(3, 4, kSeat2Won, 6);
  play(0, 4, kSeat1Won, 7);
  play(4, 0, kSeat2Won, 8);
  play(1, 2, kSeat1Won, 7);
  play(2, 1, kDrawn, 8);
  play(0, 1, kSeat1Won, 10);
  play(1, 0, kSeat1Won, 11);
  play(0, 1, kSeat2Won, 12);
  REQUIRE(games.size() == 34);

  const KindReading r = detect_event_kind(16, games, false);
  CHECK(r.kind == EventKind::kKnockout);
  CHECK(r.why == "15 pairings of 16 players, each loser out");

  // Rows: the champion 1 first, then 0, then 2..15.
  std::vector<std::int32_t> rows = {1, 0};
  for (std::int32_t p = 2; p < 16; ++p) rows.push_back(p);
  const Bracket b = knockout_bracket(rows, games);
  CHECK(b.unplaced.empty());
  REQUIRE(b.stages.size() == 4);
  CHECK(b.stages[0].size() == 8);
  CHECK(b.stages[1].size() == 4);
  CHECK(b.stages[2].size() == 2);
  REQUIRE(b.stages[3].size() == 1);

  const Pairing& final_ = b.stages[3][0];
  CHECK(final_.a == 1);
  CHECK(final_.b == 0);
  CHECK(final_.games == std::vector<std::int64_t>{1000, 1100, 1200});
  CHECK(final_.score_a == 2);
  CHECK(final_.score_b == 1);
  CHECK(final_.winner == 1);

  // Each stage in bracket order: the pairings the next stage's a, then b,
  // came from. (a, b, score a, score b, winner).
  using Row = std::tuple<std::int32_t, std::int32_t, double, double, std::int32_t>;
  auto rows_of = [](const std::vector<Pairing>& stage) {
    std::vector<Row> out;
    for (const Pairing& p : stage)
      out.emplace_back(p.a, p.b, p.score_a, p.score_b, p.winner.value_or(-1));
    return out;
  };
  CHECK(rows_of(b.stages[2]) == std::vector<Row>{{1, 2, 1.5, 0.5, 1}, {0, 4, 2, 0, 0}});
  CHECK(rows_of(b.stages[1]) ==
        std::vector<Row>{{1, 6, 2, 0, 1}, {2, 5, 2, 1, 2}, {0, 8, 2, 0, 0}, {3, 4, 1, 2, 4}});
  CHECK(rows_of(b.stages[0]) == std::vector<Row>{{1, 14, 2, 0, 1},
                                                 {6, 9, 2, 0, 6},
                                                 {2, 13, 1.5, 0.5, 2},
                                                 {5, 10, 2, 0, 5},
                                                 {0, 15, 2, 0, 0},
                                                 {7, 8, 1, 2, 8},
                                                 {3, 12, 2, 0, 3},
                                                 {4, 11, 2, 0, 4}});
  CHECK(b.stages[0][5].games == std::vector<std::int64_t>{107, 207, 307});
  CHECK(b.stages[1][3].games == std::vector<std::int64_t>{403, 503, 603});
  CHECK(b.stages[2][0].games == std::vector<std::int64_t>{701, 801});
}

// Semi-finals and final of 8 named in the rounds, no round numbers: 0 beat
// 3 and 2 beat 1 (order 1), the final 2-0 a draw and a win of 2 (orders 2
// and 3). 1 and 3, both out, then play for third place (order 3), and 5
// played itself (order 0).
TEST_CASE("event table: a knockout by stage names, games of players already out",
          "[derive][events]") {
  auto staged = [](std::int64_t id, std::int32_t first, std::int32_t second, EventOutcome o,
                   std::int32_t order, const char* stage) {
    TableGame g = table_game(id, first, second, o, 0, order);
    g.stage = stage;
    return g;
  };
  std::vector<TableGame> games = {
      staged(1, 0, 3, kSeat1Won, 1, "Semi-final"), staged(2, 1, 2, kSeat2Won, 1, "SEMI-FINAL"),
      staged(3, 0, 2, kDrawn, 2, "Final"), staged(4, 2, 0, kSeat1Won, 3, "Final"),
      staged(6, 5, 5, kSeat1Won, 0, "")};
  const KindReading r = detect_event_kind(8, games, false);
  CHECK(r.kind == EventKind::kKnockout);
  CHECK(r.why == "3 pairings of 8 players, each loser out");
  // Without the stage names 3 pairings of 8 are no full bracket.
  std::vector<TableGame> unnamed = games;
  for (TableGame& g : unnamed) g.stage.clear();
  CHECK(detect_event_kind(8, unnamed, false).kind == EventKind::kGames);

  games.push_back(staged(5, 3, 1, kSeat1Won, 3, "3rd place"));
  // The match for third place is no part of the elimination.
  CHECK(detect_event_kind(8, games, false).why == "3 pairings of 8 players, each loser out");
  const Bracket b = knockout_bracket({2, 0, 1, 3, 4, 5, 6, 7}, games);
  REQUIRE(b.stages.size() == 2);
  REQUIRE(b.stages[1].size() == 1);
  const Pairing& f = b.stages[1][0];
  CHECK(f.a == 2);
  CHECK(f.b == 0);
  CHECK(f.games == std::vector<std::int64_t>{3, 4});
  CHECK(f.score_a == 1.5);
  CHECK(f.score_b == 0.5);
  CHECK(f.winner == 2);
  REQUIRE(b.stages[0].size() == 2);
  CHECK(b.stages[0][0].a == 2);  // where the final's a came from
  CHECK(b.stages[0][0].b == 1);
  CHECK(b.stages[0][0].games == std::vector<std::int64_t>{2});
  CHECK(b.stages[0][0].winner == 2);
  CHECK(b.stages[0][1].a == 0);
  CHECK(b.stages[0][1].b == 3);
  CHECK(b.stages[0][1].score_a == 1);
  CHECK(b.stages[0][1].score_b == 0);
  CHECK(b.unplaced == std::vector<std::pair<std::int64_t, std::string>>{
                          {6, "a game of a player against itself"},
                          {5, "a placing match of two players already out"}});
}

// Four players without stage names: semi-finals 0-3 and 1-2 (order 1),
// the final 0-2 (order 2), and 3-1 for third place (order 2): three
// pairings of the elimination for four players, a full bracket.
TEST_CASE("event table: a full knockout with a match for third place", "[derive][events]") {
  const std::vector<TableGame> games = {
      table_game(1, 0, 3, kSeat1Won, 0, 1), table_game(2, 1, 2, kSeat2Won, 0, 1),
      table_game(3, 0, 2, kSeat1Won, 0, 2), table_game(4, 3, 1, kSeat1Won, 0, 2)};
  const KindReading r = detect_event_kind(4, games, false);
  CHECK(r.kind == EventKind::kKnockout);
  CHECK(r.why == "3 pairings of 4 players, each loser out");
  const Bracket b = knockout_bracket({0, 2, 3, 1}, games);
  REQUIRE(b.stages.size() == 2);
  CHECK(b.stages[1][0].winner == 0);
  CHECK(b.unplaced == std::vector<std::pair<std::int64_t, std::string>>{
                          {4, "a placing match of two players already out"}});
}

// 0-1 has no result; 3 beat 2 (order 1); 1 and 3 drew the final (order 2).
// By event order: stage 1 both, the final stage 2 (1 counts as through: its
// pairing had no winner). 0-1's winner is the one that played on, 1; the
// final has none.
TEST_CASE("event table: a bracket's winners without a decisive game", "[derive][events]") {
  const std::vector<TableGame> games = {table_game(1, 0, 1, kNoResult, 0, 1),
                                        table_game(2, 2, 3, kSeat2Won, 0, 1),
                                        table_game(3, 1, 3, kDrawn, 0, 2)};
  CHECK(detect_event_kind(4, games, false).why == "3 pairings of 4 players, each loser out");
  const Bracket b = knockout_bracket({1, 3, 0, 2}, games);
  REQUIRE(b.stages.size() == 2);
  REQUIRE(b.stages[1].size() == 1);
  CHECK(b.stages[1][0].a == 1);
  CHECK(b.stages[1][0].b == 3);
  CHECK(b.stages[1][0].score_a == 0.5);
  CHECK_FALSE(b.stages[1][0].winner);
  REQUIRE(b.stages[0].size() == 2);
  CHECK(b.stages[0][0].a == 1);
  CHECK(b.stages[0][0].b == 0);
  CHECK(b.stages[0][0].score_a == 0);
  CHECK(b.stages[0][0].score_b == 0);
  CHECK(b.stages[0][0].winner == 1);
  CHECK(b.stages[0][1].a == 3);
  CHECK(b.stages[0][1].b == 2);
  CHECK(b.stages[0][1].winner == 3);
}

TEST_CASE("event table: two players are a match", "[derive][events]") {
  std::vector<TableGame> games;
  for (std::int32_t k = 0; k < 5; ++k) {
    games.push_back(table_game(k + 1, k % 2, 1 - k % 2, kSeat1Won, k + 1, k));
  }
  const KindReading r = detect_event_kind(2, games, false);
  CHECK(r.kind == EventKind::kMatch);
  CHECK(r.why == "two players, 5 games");
  games.resize(1);
  CHECK(detect_event_kind(2, games, false).why == "two players, 1 game");
}

// 10 players paired as a circle: 9 fixed, round r (0..7) 9 meets r and
// (r + d) % 9, in seat 1 and winning, meets (r - d) % 9 for d = 1..4: 40
// games, 40 of the 45 pairs.
TEST_CASE("event table: games that make no layout say why", "[derive][events]") {
  std::vector<TableGame> games;
  for (std::int32_t r = 0; r < 8; ++r) {
    games.push_back(
        table_game(static_cast<std::int64_t>(games.size()) + 1, 9, r, kSeat1Won, r + 1, r));
    for (std::int32_t d = 1; d <= 4; ++d) {
      games.push_back(table_game(static_cast<std::int64_t>(games.size()) + 1, (r + d) % 9,
                                 (r - d + 9) % 9, kSeat1Won, r + 1, r));
    }
  }
  REQUIRE(games.size() == 40);
  CHECK(detect_event_kind(10, games, false).why ==
        "8 numbered rounds, at most one game a round per player");
  games[0].round = 0;
  games[1].round = 0;
  // 38 of 40 numbered: 95%, still rounds.
  const KindReading two = detect_event_kind(10, games, false);
  CHECK(two.kind == EventKind::kSwiss);
  CHECK(two.why ==
        "8 numbered rounds, at most one game a round per player; 2 of 40 games have no round "
        "number");
  games[2].round = 0;
  const KindReading three = detect_event_kind(10, games, false);
  CHECK(three.kind == EventKind::kGames);
  CHECK(three.why == "3 of 40 games have no round number and not every two players met");

  // 0 plays twice in round 1: both shown.
  const std::vector<TableGame> twice = {
      table_game(1, 0, 1, kSeat1Won, 1, 0), table_game(2, 2, 0, kSeat1Won, 1, 0),
      table_game(3, 1, 3, kDrawn, 2, 1), table_game(4, 2, 3, kSeat2Won, 2, 1)};
  const KindReading doubled = detect_event_kind(4, twice, false);
  CHECK(doubled.kind == EventKind::kGames);
  CHECK(doubled.why == "a player has 2 games in round 1 and not every two players met");
  const RoundTable t = round_table({0, 1, 2, 3}, twice);
  CHECK(row_text(t, 0) == std::vector<std::string>{"2+/b 3-/w", ""});

  const std::vector<TableGame> one_round = {table_game(1, 0, 1, kSeat1Won, 1, 0),
                                            table_game(2, 2, 3, kSeat1Won, 1, 0)};
  CHECK(detect_event_kind(4, one_round, false).why ==
        "every numbered game is in round 1 and not every two players met");
  CHECK(detect_event_kind(5, {}, false).why == "no games");
  CHECK(detect_event_kind(1, {}, false).kind == EventKind::kGames);
}

// A Little Golem group of 9 as its files come: only player 4's 16 games,
// two against each other player, one in each seat. Against opponent number
// k (0, 1, 2, 3, 5, 6, 7, 8) game 10 + 2k has 4 in seat 1, game 11 + 2k the
// opponent. 4 wins both against 0, 1, 2; wins in seat 1 and loses in seat
// 2 against 3 and 5; loses both against 6 and 7; against 8 wins in seat 1,
// the other game has no result yet.
TEST_CASE("event table: a Little Golem group of which one player's games are here",
          "[derive][events]") {
  const std::vector<std::int32_t> opponents = {0, 1, 2, 3, 5, 6, 7, 8};
  std::vector<TableGame> games;
  for (std::size_t k = 0; k < opponents.size(); ++k) {
    const std::int32_t o = opponents[k];
    const auto id = static_cast<std::int32_t>(10 + 2 * k);
    const EventOutcome in_seat1 = o == 6 || o == 7 ? kSeat2Won : kSeat1Won;
    const EventOutcome in_seat2 = o <= 2 ? kSeat2Won : o == 8 ? kNoResult : kSeat1Won;
    games.push_back(table_game(id, 4, o, in_seat1, 0, id));
    games.push_back(table_game(id + 1, o, 4, in_seat2, 0, id + 1));
  }
  REQUIRE(games.size() == 16);
  const KindReading r = detect_event_kind(9, games, true);
  CHECK(r.kind == EventKind::kRoundRobin);
  CHECK(r.why == "an all-play-all group by its name; 8 of 36 pairs met in this archive");
  // Unnamed, the games make no layout: 4 lost two pairings, so no knockout.
  const KindReading unnamed = detect_event_kind(9, games, false);
  CHECK(unnamed.kind == EventKind::kGames);
  CHECK(unnamed.why == "no game has a round number and not every two players met");

  // Rows: 4 first, then 0..8; opponent o in row o + 1 for o < 4, else o.
  const auto t = crosstable({4, 0, 1, 2, 3, 5, 6, 7, 8}, games);
  CHECK(same_cross(t[0][6], {{20, '0', true}, {21, '0', false}}));  // 6
  CHECK(same_cross(t[6][0], {{20, '1', false}, {21, '1', true}}));
  CHECK(same_cross(t[0][8], {{24, '1', true}, {25, '?', false}}));  // 8
  CHECK(same_cross(t[0][4], {{16, '1', true}, {17, '0', false}}));  // 3
  CHECK(same_cross(t[0][1], {{10, '1', true}, {11, '1', false}}));  // 0
  for (std::size_t i = 0; i < 9; ++i) {
    for (std::size_t j = 0; j < 9; ++j) {
      CHECK(t[i][j].size() == (i != j && (i == 0 || j == 0) ? 2U : 0U));
    }
  }
}

}  // namespace ludex
