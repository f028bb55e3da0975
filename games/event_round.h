// The round of a game, read from the text a file gives for it (SGF RO, PGN
// Round): what the standings of an event (ludex event, the events issue)
// place a game by. The forms of real files are read: "3", "3.1" (round 3,
// board or game 1: PGN's sub-round), "Round 3", "Rd. 3", "R3", "3 (playoff)",
// "1, final"; anything else, a date ("2019-05-04") or free text ("final",
// "semi-final"), is kept as text with no number. docs/formats.md ("Rounds")
// has the evidence: converters of the yenw/computer-go-dataset family write
// the game's move count in RO (RO[321] on a game of 321 moves), so a number
// above kMaxRound is not read as a round.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_EVENT_ROUND_H_
#define LUDEX_GAMES_EVENT_ROUND_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ludex {

// The highest round read as a number: Scid's largest Swiss table has 60
// rounds (src/crosstab.h, CROSSTABLE_MaxRounds); move counts written as RO
// are larger.
inline constexpr std::int32_t kMaxRound = 60;

enum class RoundReading : std::uint8_t {
  kNone = 0,     // no round stated (empty or blank text)
  kNumber = 1,   // a round number: number holds it
  kText = 2,     // text that names no round number (a stage, a date): kept as written
  kTooHigh = 3,  // a number above kMaxRound (a move count, not a round): no number
};

struct EventRound {
  RoundReading reading = RoundReading::kNone;
  std::int32_t number = 0;  // 1..kMaxRound for kNumber, else 0
  std::int32_t sub = 0;     // the part after a dot ("3.2" -> 2), 0 when none
  // What follows the number, trimmed ("playoff" of "3 (playoff)", "final" of
  // "1, final"); the whole text, trimmed, for kText.
  std::string note;
  friend bool operator==(const EventRound&, const EventRound&) = default;
};

// Reads `text` as above. Never fails: text that is not a round is kText.
EventRound parse_round(std::string_view text);

}  // namespace ludex

#endif  // LUDEX_GAMES_EVENT_ROUND_H_
