// Text building blocks shared by the per-family point notations: column
// letters (a..z, aa, ab, ...), row numbers, Little Golem byte coordinates,
// value trimming and quoting for error messages.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_COORD_TEXT_H_
#define LUDEX_GAMES_COORD_TEXT_H_

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "core/node.h"

namespace ludex {

// A board's extent for bound checks. A dimension of 0 means unknown: any
// non-negative coordinate that fits a Point is accepted in it.
struct BoardSize {
  std::int32_t columns = 0;
  std::int32_t rows = 0;
};

// The largest coordinate a Point can carry (Point uses int16).
inline constexpr std::int32_t kMaxCoordinate = 32767;

// True if (x, y) lies on a board of `size` (unknown dimensions accept any
// 0 <= v <= kMaxCoordinate). Inline: every decoded point asks.
inline bool on_board(std::int32_t x, std::int32_t y, const BoardSize& size) {
  const auto fits = [](std::int32_t v, std::int32_t extent) {
    return v >= 0 && v <= kMaxCoordinate && (extent <= 0 || v < extent);
  };
  return fits(x, size.columns) && fits(y, size.rows);
}

// Text of up to kCapacity bytes kept inside the object: the spelling of a
// point or of a move value, built per move without the heap. Appending past
// the capacity is a programming error (asserted): a point's spelling is at
// most 4 column letters and 5 digits, a special move's word 11 bytes.
class ShortText {
 public:
  static constexpr std::size_t kCapacity = 30;
  ShortText() = default;
  explicit ShortText(std::string_view text) { append(text); }
  void push_back(char c) {
    assert(size_ < kCapacity);
    chars_[size_++] = c;
  }
  void append(std::string_view text) {
    assert(text.size() <= kCapacity - size_);
    std::copy(text.begin(), text.end(), chars_.begin() + size_);
    size_ = static_cast<std::uint8_t>(size_ + text.size());
  }
  std::string_view view() const { return {chars_.data(), size_}; }
  // view() == text, compared in place (a call to memcmp costs more than the
  // few bytes a spelling has).
  bool equals(std::string_view text) const {
    if (text.size() != size_) return false;
    for (std::size_t i = 0; i < size_; ++i) {
      if (text[i] != chars_[i]) return false;
    }
    return true;
  }
  std::string str() const { return std::string(view()); }

 private:
  std::array<char, kCapacity> chars_{};
  std::uint8_t size_ = 0;
};

// "11x11", or "unknown size" parts as "?".
std::string board_size_text(const BoardSize& size);

// The error for a point `text` that reads but is off the board: "<what>
// 'text' is off the 11x11 board".
Error off_board_error(std::string_view what, std::string_view text, const BoardSize& size);

// Column letters as HexGui, the Twixt spec and Pentobi write them: a = 0, ...,
// z = 25, aa = 26, ab = 27, ..., az = 51, ba = 52 (bijective base 26),
// case-insensitive. Returns nullopt unless `letters` is 1..4 ASCII letters.
std::optional<std::int32_t> parse_column_letters(std::string_view letters);
// Inverse of parse_column_letters, lowercase; "" for a negative index.
// Requires index <= kMaxCoordinate.
std::string format_column_letters(std::int32_t index);
// The same, appended to *out.
void append_column_letters(std::int32_t index, ShortText* out);
// "e5" for (4, 4): column letters for x, then y + 1 in decimal, as hex,
// Twixt and Blokus points are written (any Point: a negative y gives "0" or
// a minus sign, as std::to_string(y + 1) would).
ShortText letter_number_text(const Point& p);

// A row (or other) number written in decimal: 1..99999, no sign, no leading
// '+'; leading zeros accepted. nullopt otherwise.
std::optional<std::int32_t> parse_decimal(std::string_view digits);

// Splits "ab12" into "ab" and "12". Returns false unless the text is one or
// more ASCII letters followed by one or more ASCII digits.
bool split_letters_digits(std::string_view text, std::string_view& letters,
                          std::string_view& digits);

// "e5" -> column 4 (from the letters), number 5 (as written, 1-based).
// nullopt unless the text is column letters followed by a decimal number.
struct LetterNumber {
  std::int32_t column = 0;
  std::int32_t number = 0;
};
// Reads a label at text[*at]: 1..4 letters, then 1..99999 in digits (what
// split_letters_digits, parse_column_letters and parse_decimal say, in one
// pass), and moves *at to the first byte after it, which the caller judges.
// nullopt (*at then unspecified) if no such label starts there. Inline:
// every hex, Twixt and Blokus point is read through it.
inline std::optional<LetterNumber> read_letter_number(std::string_view text, std::size_t* at) {
  const auto is_letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  std::size_t i = *at;
  std::int32_t column = 0;
  for (; i < text.size() && is_letter(text[i]); ++i) {
    if (i - *at == 4) return std::nullopt;
    column = column * 26 + ((text[i] | 0x20) - 'a' + 1);  // | 0x20: lowercase
  }
  const std::size_t digits_begin = i;
  if (i == *at) return std::nullopt;
  std::int32_t number = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    number = number * 10 + (text[i] - '0');
    if (number > 99999) return std::nullopt;
  }
  if (i == digits_begin || number < 1) return std::nullopt;
  *at = i;
  return LetterNumber{column - 1, number};
}

inline std::optional<LetterNumber> parse_letter_number(std::string_view text) {
  std::size_t end = 0;
  const std::optional<LetterNumber> ln = read_letter_number(text, &end);
  if (!ln || end != text.size()) return std::nullopt;
  return ln;
}

// The point a letter-number label ("e5" -> (4, 4)) names on a board of
// `size`, or nullopt: the usual case of the hex, Twixt and Blokus point
// readers, which say why where this gives nullopt.
inline std::optional<Point> letter_number_point(std::string_view text, const BoardSize& size) {
  const std::optional<LetterNumber> ln = parse_letter_number(text);
  if (!ln || !on_board(ln->column, ln->number - 1, size)) return std::nullopt;
  return Point{static_cast<std::int16_t>(ln->column), static_cast<std::int16_t>(ln->number - 1)};
}

// True if `text`, which parse_letter_number reads as labels joined by
// `separator` (so letters then digits in each), is how letter_number_text
// writes them: lowercase letters, no leading zero, no blanks. Column letters
// are bijective base 26, so lowercase ones are their number's only spelling.
inline bool is_plain_letter_number_text(std::string_view text, char separator) {
  bool label_start = true;  // the next digit starts a number
  for (const char c : text) {
    if (c >= 'a' && c <= 'z') {
      label_start = true;
    } else if (c >= '0' && c <= '9') {
      if (label_start && c == '0') return false;
      label_start = false;
    } else if (c != separator) {
      return false;
    }
  }
  return true;
}
// Little Golem coordinate bytes: 'a' = 0, 'b' = 1, ... continuing past 'z'
// with the following byte values ('{' = 26, ..., 0x8D = 44, up to 0xFF).
// nullopt for bytes below 'a'.
std::optional<std::int32_t> parse_lg_coordinate(unsigned char byte);
// Inverse; requires 0 <= index <= 0xFF - 'a'.
inline char format_lg_coordinate(std::int32_t index) {
  return static_cast<char>(static_cast<unsigned char>('a' + index));
}
inline constexpr std::int32_t kMaxLgCoordinate = 0xFF - 'a';

// The point a two-byte Little Golem value names on a board of `size`, read
// as bytes, or nullopt: the usual case of parse_lg_point, inline.
inline std::optional<Point> lg_byte_point(std::string_view value, const BoardSize& size) {
  if (value.size() != 2) return std::nullopt;
  const std::int32_t x = static_cast<unsigned char>(value[0]) - 'a';
  const std::int32_t y = static_cast<unsigned char>(value[1]) - 'a';
  if (x < 0 || y < 0 || !on_board(x, y, size)) return std::nullopt;
  return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
}

// Decodes a two-coordinate Little Golem value (column byte, row byte). If the
// bytes themselves do not fit the board, the value is also tried as UTF-8 text
// of two code points U+0061..U+00FF (what a Latin-1 -> UTF-8 conversion of the
// original bytes would give). nullopt if neither reading fits `size`.
struct LgPoint {
  std::int32_t x = 0;
  std::int32_t y = 0;
};
std::optional<LgPoint> parse_lg_point(std::string_view value, const BoardSize& size);
// Two bytes 'a' + x, 'a' + y. Requires both within 0..kMaxLgCoordinate.
std::string format_lg_point(std::int32_t x, std::int32_t y);
inline ShortText lg_point_text(std::int32_t x, std::int32_t y) {
  ShortText text;
  text.push_back(format_lg_coordinate(x));
  text.push_back(format_lg_coordinate(y));
  return text;
}

// The value without leading and trailing ASCII whitespace. Inline: every
// decoded move value is trimmed.
inline std::string_view trim_ascii(std::string_view text) {
  // ' ', '\t', '\n', '\v', '\f', '\r' as bits of one mask.
  constexpr std::uint64_t kSpaces = (1ULL << ' ') | (0x1FULL << '\t');
  const auto is_space = [](char c) {
    const auto u = static_cast<unsigned char>(c);
    return u <= ' ' && ((kSpaces >> u) & 1) != 0;
  };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}
// ASCII case-insensitive equality.
bool iequals(std::string_view a, std::string_view b);
// Lowercase ASCII copy.
std::string ascii_lower(std::string_view text);

// The value in single quotes for an error message: printable ASCII as is,
// every other byte as \xNN, cut after 40 bytes with "...". Always UTF-8.
std::string quote_value(std::string_view value);

// True if any byte is >= 0x80 (the value cannot be assumed to be UTF-8).
bool has_high_bytes(std::string_view value);

}  // namespace ludex

#endif  // LUDEX_GAMES_COORD_TEXT_H_
