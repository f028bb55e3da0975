#include "games/event_round.h"

#include <catch2/catch.hpp>

namespace ludex {
namespace {

EventRound number(std::int32_t n, std::int32_t sub = 0, std::string note = "") {
  return {RoundReading::kNumber, n, sub, std::move(note)};
}
EventRound text(std::string written) {
  return {RoundReading::kText, 0, 0, std::move(written)};
}

}  // namespace

TEST_CASE("rounds: the numbers of real files", "[games][rounds]") {
  // ../shared/corpus/ (docs/formats.md, "Rounds"): RO[1]..RO[11], "11 (playoff)", "1, final".
  CHECK(parse_round("4") == number(4));
  CHECK(parse_round(" 10 ") == number(10));
  CHECK(parse_round("11 (playoff)") == number(11, 0, "playoff"));
  CHECK(parse_round("1, final") == number(1, 0, "final"));
  // PGN's round.board and the written-out forms.
  CHECK(parse_round("3.1") == number(3, 1));
  CHECK(parse_round("Round 3") == number(3));
  CHECK(parse_round("round 12 - tiebreak") == number(12, 0, "tiebreak"));
  CHECK(parse_round("Rd. 5") == number(5));
  CHECK(parse_round("R7") == number(7));
  CHECK(parse_round("rnd #2") == number(2));
  CHECK(parse_round("3rd") == number(3));
  CHECK(parse_round("60") == number(60));
}

TEST_CASE("rounds: text, dates and move counts are no round numbers", "[games][rounds]") {
  CHECK(parse_round("") == EventRound{});
  CHECK(parse_round("  ") == EventRound{});
  CHECK(parse_round("final") == text("final"));
  CHECK(parse_round("Semi-final") == text("Semi-final"));
  CHECK(parse_round("2019-05-04") == text("2019-05-04"));
  CHECK(parse_round("2019.05.04") == text("2019.05.04"));
  CHECK(parse_round("0") == text("0"));
  CHECK(parse_round("3.1.2") == text("3.1.2"));
  CHECK(parse_round("12b") == text("12b"));
  CHECK(parse_round("Rapid 3") == text("Rapid 3"));
  CHECK(parse_round("99999999999") == text("99999999999"));
  // The move counts converters write as RO (RO[321], a game of 321 moves).
  const EventRound moves = parse_round("321");
  CHECK(moves.reading == RoundReading::kTooHigh);
  CHECK(moves.number == 0);
  CHECK(moves.note == "321");
  CHECK(parse_round("61").reading == RoundReading::kTooHigh);
}

}  // namespace ludex
