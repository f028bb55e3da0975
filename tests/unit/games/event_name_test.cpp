#include "games/event_name.h"

#include <catch2/catch.hpp>

namespace ludex {

using Levels = std::vector<std::string>;

// Names as the corpus's Little Golem files write them (docs/formats.md,
// "Events").
TEST_CASE("event names: Little Golem's hierarchy", "[games][events]") {
  CHECK(little_golem_levels("hex.ch.45.3.4") == Levels{"hex.ch.45", "hex.ch.45.3"});
  CHECK(little_golem_levels("hex.mc.2015.may.1.3") ==
        Levels{"hex.mc.2015.may", "hex.mc.2015.may.1"});
  CHECK(little_golem_levels("hex.default.mc.2019.apr.1.1") ==
        Levels{"hex.default.mc.2019.apr", "hex.default.mc.2019.apr.1"});
  CHECK(little_golem_levels("ut.hex.1112.1.1") == Levels{"ut.hex.1112", "ut.hex.1112.1"});
  // Four parts: a tournament and its group, no league between.
  CHECK(little_golem_levels("hex.mc.2015.4") == Levels{"hex.mc.2015"});
  CHECK(little_golem_levels("twixt.ch.3.1") == Levels{"twixt.ch.3"});
  CHECK(little_golem_levels("a.b.3") == Levels{"a.b"});
  // Invitations are no group; nor is anything with spaces, other
  // characters, empty parts, fewer parts or no number at the end.
  CHECK(little_golem_levels("hex.in.default.196").empty());
  CHECK(little_golem_levels("hex.in.hex11.168").empty());
  CHECK(little_golem_levels("meijin,27,japan,").empty());
  CHECK(little_golem_levels("kgs 2005.3.1").empty());
  CHECK(little_golem_levels("hex..3").empty());
  CHECK(little_golem_levels("hex.3").empty());
  CHECK(little_golem_levels("hex.ch.final").empty());
  CHECK(little_golem_levels("").empty());
}

TEST_CASE("event names: placeholders name no event", "[games][events]") {
  for (const char* name : {"", "  ", "null", "none", "?", "-", "unknown", "n/a", " null "}) {
    INFO(name);
    CHECK(is_placeholder_event(name));
  }
  for (const char* name : {"nullity cup", "cgot", "hex.ch.45.3.4", "none of the above"}) {
    INFO(name);
    CHECK_FALSE(is_placeholder_event(name));
  }
}

TEST_CASE("event dates: the day a DT starts with", "[games][events]") {
  CHECK(date_day("1970-01-01") == 0);
  CHECK(date_day("1970-01-02") == 1);
  CHECK(date_day("2019-05-04") == 18020);
  CHECK(date_day("2019/05/04") == 18020);
  CHECK(date_day("2019.05.04") == 18020);
  CHECK(date_day("2019-5-4") == 18020);
  // What real files add after the day.
  CHECK(date_day("2001/02/01 19:53:20 UT") == date_day("2001-02-01"));
  CHECK(date_day("2017.06.21 21:45") == date_day("2017-06-21"));
  CHECK(date_day("2002-10-16,17") == date_day("2002-10-16"));
  CHECK(date_day("1969-12-31") == -1);
  // No whole, valid day.
  for (const char* text : {"", "2019", "2019-05", "2019-02-30", "2019-13-01", "05/04/2019",
                           "August 1, 2001", "2019-05-044", "2019-05/04", "01.0"}) {
    INFO(text);
    CHECK_FALSE(date_day(text).has_value());
  }
}

}  // namespace ludex
