// The table of one event in its kind: what `ludex event` and the web's event
// page lay out once derive/standings.h has ranked the players. Which kind an
// event is (round robin, Swiss or McMahon rounds, knockout, a match, or none
// of these) is read from its games; the caller may override it. Pure values
// and functions, whatever stored the games.
//
// Thread-safety: pure functions.
#ifndef LUDEX_DERIVE_EVENT_TABLE_H_
#define LUDEX_DERIVE_EVENT_TABLE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "derive/standings.h"

namespace ludex {

enum class EventKind : std::uint8_t {
  kRoundRobin = 0,  // all-play-all: a crosstable
  kSwiss = 1,       // numbered rounds, not all-play-all: one column per round (Swiss, McMahon)
  kKnockout = 2,    // pairings whose losers play no more: a bracket
  kMatch = 3,       // two players
  kGames = 4,       // none of these: the score table without a layout
};

// "round-robin", "swiss", "knockout", "match", "games" and back.
std::optional<EventKind> parse_event_kind(std::string_view name);
std::string_view event_kind_name(EventKind kind);

// One game of the event as the layouts see it.
struct TableGame {
  std::int64_t game_id = 0;
  std::int32_t first = 0;   // player index of seat 1 (Black in Go, the first mover)
  std::int32_t second = 0;  // player index of seat 2
  EventOutcome outcome = EventOutcome::kUnscored;
  std::int32_t round = 0;     // the round number (games/event_round.h), 0 when none was read
  std::int32_t handicap = 0;  // Go handicap stones (HA), 0 when none
  // The round's text when it names a stage rather than a number ("final",
  // "semi-final", "playoff"), as written; empty otherwise.
  std::string stage;
  // Where the game falls in the event in time: the games sorted by date,
  // then by import order; equal orders for games of an unknown date.
  std::int32_t order = 0;
};

struct KindReading {
  EventKind kind = EventKind::kGames;
  // Why, in a sentence a user reads beside the table: "every two of the 10
  // players met, twice", "7 numbered rounds, at most one game a round per
  // player", "15 pairings of 16 players, each loser out", "3 of 40 games
  // have no round number and not every two players met".
  std::string why;
};

// The kind of an event of `players` players and `games`. `round_robin_named`
// says the event's name makes it an all-play-all group (a Little Golem
// group): then a crosstable even when the archive holds only some of its
// games (why says how many pairs met). Requires every index in 0..players-1.
KindReading detect_event_kind(std::int32_t players, const std::vector<TableGame>& games,
                              bool round_robin_named);

// A crosstable cell: every game of a pair, from the row player's side, in
// event order.
struct CrossGame {
  std::int64_t game_id = 0;
  char result = '?';   // '1' won, '0' lost, '=' drew, '?' unscored
  bool first = false;  // the row player had seat 1 (moved first / Black)
};

// Row `i`, column `j`: the games of players rows[i] and rows[j] (empty on
// the diagonal and for pairs that did not meet). `rows` is the standings'
// order of player indices.
std::vector<std::vector<std::vector<CrossGame>>> crosstable(const std::vector<std::int32_t>& rows,
                                                            const std::vector<TableGame>& games);

// A Swiss/McMahon cell of one player in one round, as OpenGotha and the
// European Go Database print it: "12+/w2" (beat the player ranked 12, with
// White, two handicap stones).
struct RoundCell {
  std::int64_t game_id = 0;
  std::int32_t opponent_row = 0;  // 1-based place of the opponent in `rows`
  char result = '?';              // '+', '-', '=', '?'
  char colour = '?';              // 'b' seat 1, 'w' seat 2
  std::int32_t handicap = 0;
};

// For each player of `rows` (standings order) and each round 1..rounds, its
// games of that round (none: no game, a bye or an absence; two or more: the
// file lists a player twice in a round, shown as they are). Games without a
// round number are not placed: `unplaced` gets their ids.
struct RoundTable {
  std::int32_t rounds = 0;
  std::vector<std::vector<std::vector<RoundCell>>> cells;  // [row][round - 1]
  std::vector<std::int64_t> unplaced;
};
RoundTable round_table(const std::vector<std::int32_t>& rows, const std::vector<TableGame>& games);

// A knockout bracket: stages from the first (most players) to the final;
// each pairing with its games (tie-break games included) and score.
struct Pairing {
  std::int32_t a = 0;  // player indices; a is the one listed first (the better seed by standings)
  std::int32_t b = 0;
  std::vector<std::int64_t> games;  // event order
  double score_a = 0;               // points by EventScoring{} (1, 1/2, 0)
  double score_b = 0;
  // The better score; on equal scores the winner of the later decisive game;
  // else the one that played on (appears in a later stage); else none.
  std::optional<std::int32_t> winner;
};
struct Bracket {
  std::vector<std::vector<Pairing>> stages;
  // Games no pairing of the bracket holds (a game against a player already
  // out, a game of a player against itself), with the reason for each, in
  // event order.
  std::vector<std::pair<std::int64_t, std::string>> unplaced;
};
// Requires `rows` as for crosstable(). Builds the bracket whatever the kind
// read: a pairing is all the games of one pair; stages by round numbers when
// every game has one, else by event order (a pairing's stage is one more
// than the latest stage either player won before).
Bracket knockout_bracket(const std::vector<std::int32_t>& rows,
                         const std::vector<TableGame>& games);

}  // namespace ludex

#endif  // LUDEX_DERIVE_EVENT_TABLE_H_
