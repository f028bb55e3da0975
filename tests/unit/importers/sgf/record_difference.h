// The fields an SGF round trip must keep, shared by the unit tests and the
// SGF fuzz target (which cannot use sgf_test_util.h: it needs no corpus).
#ifndef LUDEX_TESTS_UNIT_SGF_RECORD_DIFFERENCE_H_
#define LUDEX_TESTS_UNIT_SGF_RECORD_DIFFERENCE_H_

#include <string>

#include "core/game.h"

namespace ludex::test {

// What read_sgf_games(write_sgf_game(g)) must give back. Empty when equal,
// else the first field that differs.
inline std::string record_difference(const GameRecord& a, const GameRecord& b) {
  if (a.players != b.players) return "players";
  if (a.result != b.result) return "result";
  if (a.winner != b.winner) return "winner";
  if (a.date != b.date) return "date";
  if (a.event != b.event) return "event";
  if (a.round != b.round) return "round";
  if (a.family != b.family) return "family";
  if (a.dialect != b.dialect) return "dialect";
  if (a.variant != b.variant) return "variant";
  if (a.columns != b.columns || a.rows != b.rows) return "size";
  if (!(a.tree == b.tree)) return "tree";
  return {};
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_SGF_RECORD_DIFFERENCE_H_
