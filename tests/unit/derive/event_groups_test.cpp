#include "derive/event_groups.h"

#include <catch2/catch.hpp>

namespace ludex {

using Days = std::vector<std::optional<std::int32_t>>;

TEST_CASE("event runs: cut where the days lie more than the gap apart", "[derive][events]") {
  // CGoT of the corpus: autumn 2001, May 2002, October 2002 (days apart:
  // 218 and 143), each a run at the default gap of 90.
  const Days days = {0, 3, 14, 232, 239, 382, 427};
  const std::vector<EventRun> runs = split_event_runs(days, kDefaultEventGapDays);
  REQUIRE(runs.size() == 3);
  CHECK(runs[0].begin == 0);
  CHECK(runs[0].end == 3);
  CHECK(runs[0].first_day == 0);
  CHECK(runs[0].last_day == 14);
  CHECK(runs[1].begin == 3);
  CHECK(runs[1].end == 5);
  CHECK(runs[2].begin == 5);
  CHECK(runs[2].end == 7);
  CHECK(runs[2].last_day == 427);
  // Exactly the gap apart stays together; one day more does not.
  CHECK(split_event_runs({0, 90}, 90).size() == 1);
  CHECK(split_event_runs({0, 91}, 90).size() == 2);
  // Gap 0: one run a day.
  CHECK(split_event_runs({5, 5, 6}, 0).size() == 2);
  CHECK(split_event_runs({}, 90).empty());
}

TEST_CASE("event runs: the undated games", "[derive][events]") {
  // With one run they join it.
  const std::vector<EventRun> one = split_event_runs({10, 20, std::nullopt, std::nullopt}, 90);
  REQUIRE(one.size() == 1);
  CHECK(one[0].end == 4);
  CHECK(one[0].last_day == 20);
  // With several, nothing says which: a run of their own, last.
  const std::vector<EventRun> two = split_event_runs({10, 500, std::nullopt}, 90);
  REQUIRE(two.size() == 3);
  CHECK(two[2].begin == 2);
  CHECK(two[2].end == 3);
  CHECK_FALSE(two[2].first_day.has_value());
  // Only undated games: one run without days.
  const std::vector<EventRun> none = split_event_runs({std::nullopt, std::nullopt}, 90);
  REQUIRE(none.size() == 1);
  CHECK(none[0].end == 2);
  CHECK_FALSE(none[0].first_day.has_value());
}

}  // namespace ludex
