// What an event's name and a game's date say about where the game belongs:
// the reading of SGF EV and DT that event detection (derive/event_groups.h,
// `ludex events`) groups games by. docs/formats.md ("Events") has the rules
// with the evidence from real files.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_EVENT_NAME_H_
#define LUDEX_GAMES_EVENT_NAME_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ludex {

// True for a name that names no event: empty or blank, or a placeholder a
// program wrote for "none" ("null", "none", "?", "-", "unknown", "n/a"):
// Little Golem writes EV[null] on unrated games, a Go converter EV[None].
// Requires the name case-folded (fold_case).
bool is_placeholder_event(std::string_view folded);

// Little Golem's dotted event names are a hierarchy: "hex.ch.45.3.4" is
// group 4 of league 3 of championship 45, "hex.mc.2015.may.1.3" group 3 of
// stage 1 of the May 2015 monthly cup, "ut.hex.1112.1.1" group 1 of round 1
// of a tournament. A name of three or more dot-separated parts of letters
// and digits only whose last part is a number is such a group; so is the
// part before it (a league, a stage) when it is a number too and three
// parts are left above both. Its levels are the names above it, the top
// first: {"hex.ch.45", "hex.ch.45.3"}; {"hex.mc.2015"} for "hex.mc.2015.4".
// Invitations ("hex.in.DEFAULT.100": its second part is "in") are games
// between players who invited each other, no group: no levels. Empty for any other name (spaces,
// other characters, fewer parts, no number at the end). Requires `folded` case- folded.
std::vector<std::string> little_golem_levels(std::string_view folded);

// The day of a game's date (DT) as days since 1970-01-01, read from the
// first date it starts with: "2019-05-04", "2019/05/04", "2019.05.04",
// with anything after it (a time, ",05" for a second day, " UT"); a month
// or day of one digit is read ("2006-9-5"). Nothing for a date that does
// not state a whole, valid day ("2019", "2019-05", "05/04/2019", text).
std::optional<std::int32_t> date_day(std::string_view date);

}  // namespace ludex

#endif  // LUDEX_GAMES_EVENT_NAME_H_
