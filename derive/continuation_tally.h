// The moves played from a position, counted: what `ludex next`, `next
// --pattern`, the web app's explorer and GET /api/next report. Continuation
// is the one record of such a move for every caller, and more_played() its
// one order. ContinuationTally counts the moves after a pattern's
// placements (schema/search/position_replay.cpp); the explorer's own tally
// (ExplorerTally, schema/explorer_query.h) counts those after a position,
// by the same rule: a game once per move, the lowest child its example.
//
// Thread-safety: a ContinuationTally is used by one thread at a time.
#ifndef LUDEX_DERIVE_CONTINUATION_TALLY_H_
#define LUDEX_DERIVE_CONTINUATION_TALLY_H_

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/game.h"

namespace ludex {

// One move played from a position, with how often.
struct Continuation {
  std::int8_t seat = 0;
  std::int8_t color = 0;  // Blokus colour, else 0
  MoveKind kind = MoveKind::kPlace;
  MovePoints points;             // sorted, so that the same cells in any order are one move
  std::string piece;             // Blokus piece name, else ""
  std::int64_t occurrences = 0;  // child nodes playing it
  std::int64_t games = 0;        // distinct games among them
  std::int64_t seat1_wins = 0;   // of those games, won by seat 1 (games.winner = 1)
  std::int64_t seat2_wins = 0;   // ... won by seat 2
  // Those games as (game id, games.winner), ascending: lets a caller that
  // merges continuations (ludex next --symmetric) count a game once.
  std::vector<std::pair<std::int64_t, std::int8_t>> game_winners;
  // The child node with the lowest id that plays the move: the position
  // after it is the position after the move (a viewer follows it there).
  std::int64_t example_node = 0;
  // The explorer's figures (ExplorerTally; empty from ContinuationTally):
  // the games by the year their DT starts with (four digits), ascending;
  // and per evaluation source, the games whose move's child node has a
  // first determined evaluation of it, with their sum (the mean is
  // sum / games).
  struct EvalSum {
    EvalSource source = EvalSource::kGameTree;
    std::int64_t games = 0;
    double sum = 0;
  };
  std::vector<std::pair<std::int32_t, std::int64_t>> years;
  std::vector<EvalSum> evaluations;
};

// What makes two continuations the same move: seat, colour, kind, points
// (sorted) and piece; ordered, for maps and for choosing a representative.
using ContinuationKey = std::tuple<std::int8_t, std::int8_t, MoveKind, MovePoints, std::string>;
inline ContinuationKey key_of(const Continuation& c) {
  return {c.seat, c.color, c.kind, c.points, c.piece};
}
// The same fields by reference: compares (<, ==) as key_of(c) does without
// copying the points and the piece, for sorts and lookups in hot loops.
inline auto key_tie(const Continuation& c) {
  return std::tie(c.seat, c.color, c.kind, c.points, c.piece);
}
// A copy of the move's key fields alone (no counts, no game lists).
inline Continuation key_fields(const Continuation& move) {
  Continuation m;
  m.seat = move.seat;
  m.color = move.color;
  m.kind = move.kind;
  m.points = move.points;
  m.piece = move.piece;
  return m;
}
// The one order of the moves played from a position, wherever they are
// counted (ExplorerTally for `ludex next`, ContinuationTally for `next
// --pattern`): more games first, then more child nodes, then by key.
inline bool more_played(const Continuation& a, const Continuation& b) {
  if (a.games != b.games) return a.games > b.games;
  if (a.occurrences != b.occurrences) return a.occurrences > b.occurrences;
  return key_tie(a) < key_tie(b);
}
// Hash and equality of continuations by their key fields (key_tie), for
// unordered containers of moves. The hash is not persisted.
struct ContinuationKeyHash {
  std::size_t operator()(const Continuation& c) const noexcept;
};
struct ContinuationKeyEqual {
  bool operator()(const Continuation& a, const Continuation& b) const noexcept {
    return key_tie(a) == key_tie(b);
  }
};

class ContinuationTally {
 public:
  // Counts one child node that plays `move` (its move fields; its counts are
  // ignored) in game `game_id`, whose games.winner is `winner` (1, 2; 0 for
  // none). A game counts once per move however many of its nodes play it;
  // the lowest child_node is the move's example.
  void add(const Continuation& move, std::int64_t game_id, std::int8_t winner,
           std::int64_t child_node);

  // Counts a continuation tallied elsewhere: its occurrences add up, its
  // games (game_winners) join those of the same move, each game once; its
  // example is taken only when the move has none yet (the first merged
  // tally, e.g. the query's own orientation, gives the example).
  void merge(const Continuation& tallied);

  // The moves counted, in more_played() order; each with its games, seat wins and game_winners
  // (ascending). The tally is empty afterwards.
  std::vector<Continuation> take();

 private:
  struct Entry {
    Continuation move;
    std::vector<std::pair<std::int64_t, std::int8_t>> game_winners;  // unsorted, repeats
  };
  std::map<ContinuationKey, Entry> moves_;
};

}  // namespace ludex

#endif  // LUDEX_DERIVE_CONTINUATION_TALLY_H_
