#include "games/event_round.h"

#include <array>
#include <cctype>

#include "games/coord_text.h"

namespace ludex {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Reads the digits at the front of `text` (at most 9, so that the value
// fits); nullopt when there are none or more than 9.
std::optional<std::int32_t> take_number(std::string_view& text) {
  std::size_t n = 0;
  while (n < text.size() && is_digit(text[n])) ++n;
  if (n == 0 || n > 9) return std::nullopt;
  std::int32_t value = 0;
  for (std::size_t i = 0; i < n; ++i) value = value * 10 + (text[i] - '0');
  text.remove_prefix(n);
  return value;
}

// The words that may stand before a round number, lowercase, longest
// first ("round" before "rd" before "r").
constexpr std::array<std::string_view, 4> kRoundWords = {"round", "rnd", "rd", "r"};

// Removes a leading round word and what may follow it ('.', ' ', '#');
// true when there was one and a digit follows.
bool take_round_word(std::string_view& text) {
  const std::string lower = ascii_lower(text.substr(0, 5));
  for (const std::string_view word : kRoundWords) {
    if (lower.compare(0, word.size(), word) != 0) continue;
    std::string_view rest = text.substr(word.size());
    while (!rest.empty() && (rest.front() == '.' || rest.front() == ' ' || rest.front() == '#')) {
      rest.remove_prefix(1);
    }
    if (rest.empty() || !is_digit(rest.front())) return false;
    text = rest;
    return true;
  }
  return false;
}

// The note after a number: separators and one pair of brackets removed.
std::string note_of(std::string_view rest) {
  rest = trim_ascii(rest);
  while (!rest.empty() && (rest.front() == ',' || rest.front() == ':' || rest.front() == '-' ||
                           rest.front() == ';')) {
    rest = trim_ascii(rest.substr(1));
  }
  if (rest.size() >= 2 && rest.front() == '(' && rest.back() == ')') {
    rest = trim_ascii(rest.substr(1, rest.size() - 2));
  }
  return std::string(rest);
}

EventRound as_text(std::string_view text) {
  EventRound r;
  r.reading = RoundReading::kText;
  r.note = std::string(text);
  return r;
}

}  // namespace

EventRound parse_round(std::string_view text) {
  const std::string_view written = trim_ascii(text);
  if (written.empty()) return {};
  std::string_view rest = written;
  const bool worded = take_round_word(rest);
  const std::optional<std::int32_t> number = take_number(rest);
  if (!number) return as_text(written);
  EventRound r;
  // "3.1": round 3, its first board or game. A date ("2019-05-04",
  // "2019.05.04") is no round: four digits and a separator.
  if (!rest.empty() && (rest.front() == '.' || rest.front() == '-' || rest.front() == '/') &&
      !worded && number >= 1000) {
    return as_text(written);
  }
  if (!rest.empty() && rest.front() == '.' && rest.size() > 1 && is_digit(rest[1])) {
    rest.remove_prefix(1);
    const std::optional<std::int32_t> sub = take_number(rest);
    if (!sub) return as_text(written);
    r.sub = *sub;
    // "3.1.2" and the like: not a form of a round.
    if (!rest.empty() && rest.front() == '.') return as_text(written);
  }
  // A number glued to letters ("3rd", "12b") is text unless it is an
  // ordinal suffix of the round itself.
  if (!rest.empty() && std::isalpha(static_cast<unsigned char>(rest.front())) != 0) {
    const std::string suffix = ascii_lower(rest.substr(0, 2));
    if (suffix != "st" && suffix != "nd" && suffix != "rd" && suffix != "th") {
      return as_text(written);
    }
    rest.remove_prefix(2);
    if (!rest.empty() && std::isalpha(static_cast<unsigned char>(rest.front())) != 0) {
      return as_text(written);
    }
  }
  if (*number == 0) return as_text(written);
  r.note = note_of(rest);
  if (*number > kMaxRound) {
    r.reading = RoundReading::kTooHigh;
    r.sub = 0;
    r.note = std::string(written);
    return r;
  }
  r.reading = RoundReading::kNumber;
  r.number = *number;
  return r;
}

}  // namespace ludex
