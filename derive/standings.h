// The standings of an event from its games: each player's score and the
// tie-breaks tournament directors of chess and Go rank by (FIDE Handbook
// C.07; OpenGotha's SOS, SOSOS and SODOS), in an order the caller gives.
// Pure values and functions: what `ludex event` (the events issue) shows,
// whatever stored the games.
//
// Definitions (a player's games are every game it played in the event, an
// opponent met twice counted twice):
// - score: the points of its results (EventScoring: 1, 1/2, 0 by default);
//   a game without a result ludex can score (no winner, no draw stated)
//   gives no points and counts as not played for every figure below;
// - wins: the games it won;
// - Buchholz (SOS): the sum of its opponents' scores, once per game; with a
//   cut, the lowest one or two of those terms are left out, the median
//   leaves out the highest and the lowest;
// - SOSOS: the sum of its opponents' Buchholz;
// - Sonneborn-Berger (SODOS in Go): the sum of the scores of the opponents it
//   beat plus half the scores of those it drew with;
// - direct encounter: among players equal on every criterion before it, the
//   points they scored in the games among themselves, when every two of them
//   met; otherwise it separates no one (FIDE C.07, "direct encounter").
// Rounds without a game of a player give it nothing (no byes are invented:
// a file records games, not byes).
//
// Thread-safety: pure functions.
#ifndef LUDEX_DERIVE_STANDINGS_H_
#define LUDEX_DERIVE_STANDINGS_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace ludex {

// How one game ended for its first player.
enum class EventOutcome : std::uint8_t {
  kFirstWon = 0,
  kSecondWon = 1,
  kDraw = 2,
  kUnscored = 3,  // no result ludex can score: in the table, not in the figures
};

struct EventGame {
  std::int32_t first = 0;   // player index, 0..players-1
  std::int32_t second = 0;  // player index; may equal first (a game against itself is not scored)
  EventOutcome outcome = EventOutcome::kUnscored;
};

// Points per result; draws and losses may be anything (3-1-0: win 3, draw 1).
struct EventScoring {
  double win = 1.0;
  double draw = 0.5;
  double loss = 0.0;
};

enum class TieBreak : std::uint8_t {
  kWins = 0,
  kBuchholz = 1,        // SOS
  kBuchholzCut1 = 2,    // SOS without the lowest opponent
  kBuchholzCut2 = 3,    // ... without the two lowest
  kBuchholzMedian = 4,  // ... without the highest and the lowest
  kSosos = 5,
  kSonnebornBerger = 6,  // SODOS
  kDirectEncounter = 7,
};

// "wins", "buchholz" (also "sos"), "buchholz-cut1", "buchholz-cut2",
// "buchholz-median", "sosos", "sonneborn-berger" (also "sb", "sodos"),
// "direct" and back (the first name).
std::optional<TieBreak> parse_tie_break(std::string_view name);
std::string_view tie_break_name(TieBreak t);

struct PlayerStanding {
  std::int32_t player = 0;  // index
  std::int32_t rank = 0;    // 1-based; players equal on everything share it
  bool shared = false;      // another player has the same rank
  double score = 0;
  std::int32_t games = 0;  // scored games
  std::int32_t wins = 0, draws = 0, losses = 0;
  std::int32_t unscored = 0;       // games in the event it could not score
  std::vector<double> tie_breaks;  // one per TieBreak asked for, in that order
};

// The standings of `players` players over `games`: by score, then each
// tie-break of `order` in turn (larger first), then equal (a shared rank);
// players of equal rank are listed by index. Requires every index in
// 0..players-1.
std::vector<PlayerStanding> compute_standings(std::int32_t players,
                                              const std::vector<EventGame>& games,
                                              const EventScoring& scoring,
                                              const std::vector<TieBreak>& order);

}  // namespace ludex

#endif  // LUDEX_DERIVE_STANDINGS_H_
