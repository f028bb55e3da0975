// Helpers shared by the move-vocabulary tests of every family: a game kind
// by hand and the encode/decode round trip (special moves are in
// positions_test_util.h).
#ifndef LUDEX_TESTS_UNIT_GAMES_RULES_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_GAMES_RULES_TEST_UTIL_H_

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <utility>

#include "games/family_rules.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex::test {

// A square board of `family` in `dialect`, as detect_sgf_kind would give.
inline SgfGameKind kind_of(Family family, std::string dialect, std::int32_t size,
                           std::string application = {}) {
  SgfGameKind kind;
  kind.family = family;
  kind.dialect = std::move(dialect);
  kind.columns = size;
  kind.rows = size;
  kind.application = std::move(application);
  return kind;
}

// The move of an SGF property, read by the rules of kind.family.
inline Result<Move> decode_move(const SgfGameKind& kind, const std::string& id,
                                const PropertyValues& values) {
  const SgfMoveContext ctx{&kind};
  return rules_for(kind.family).decode_sgf_move(ctx, id, values);
}

// Encoding `move` gives `expected`, and decoding that gives `move` back.
inline void check_round_trip(const SgfGameKind& kind, const Move& move, const Property& expected) {
  const Property written = rules_for(kind.family).encode_sgf_move(kind, move);
  CHECK(written == expected);
  const Result<Move> again = decode_move(kind, written.id, written.values);
  REQUIRE(again.ok());
  CHECK(*again == move);
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_GAMES_RULES_TEST_UTIL_H_
