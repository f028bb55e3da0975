#include "games/coord_text.h"

#include <vector>

namespace ludex {
namespace {

bool is_ascii_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_ascii_digit(char c) {
  return c >= '0' && c <= '9';
}
char to_lower_ascii(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// Code points of `value` read as UTF-8, or nullopt if it is not valid UTF-8 of
// code points <= U+00FF (all that a Latin-1 conversion produces).
std::optional<std::vector<std::int32_t>> latin1_code_points(std::string_view value) {
  std::vector<std::int32_t> out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto b = static_cast<unsigned char>(value[i]);
    if (b < 0x80) {
      out.push_back(b);
    } else if ((b == 0xC2 || b == 0xC3) && i + 1 < value.size()) {
      const auto c = static_cast<unsigned char>(value[i + 1]);
      if ((c & 0xC0) != 0x80) return std::nullopt;
      out.push_back(((b & 0x1F) << 6) | (c & 0x3F));
      ++i;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace

std::string board_size_text(const BoardSize& size) {
  auto part = [](std::int32_t v) { return v > 0 ? std::to_string(v) : std::string("?"); };
  return part(size.columns) + "x" + part(size.rows);
}

std::optional<std::int32_t> parse_column_letters(std::string_view letters) {
  if (letters.empty() || letters.size() > 4) return std::nullopt;
  std::int32_t value = 0;
  for (char c : letters) {
    if (!is_ascii_letter(c)) return std::nullopt;
    value = value * 26 + (to_lower_ascii(c) - 'a' + 1);
  }
  return value - 1;
}

void append_column_letters(std::int32_t index, ShortText* out) {
  assert(index <= kMaxCoordinate);
  // Bijective base 26, least significant letter first, then reversed. A
  // negative index (no point of a board has one) gives no letters.
  std::array<char, 4> letters{};
  std::size_t count = 0;
  for (std::int32_t n = index + 1; n > 0; n = (n - 1) / 26) {
    letters[count++] = static_cast<char>('a' + (n - 1) % 26);
  }
  while (count > 0) out->push_back(letters[--count]);
}

std::string format_column_letters(std::int32_t index) {
  ShortText text;
  append_column_letters(index, &text);
  return text.str();
}

ShortText letter_number_text(const Point& p) {
  ShortText text;
  append_column_letters(p.x, &text);
  // The number as std::to_string writes it, also for rows no board has.
  std::int32_t n = p.y + 1;
  if (n < 0) {
    text.push_back('-');
    n = -n;
  }
  std::array<char, 5> digits{};
  std::size_t count = 0;
  do {
    digits[count++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n > 0);
  while (count > 0) text.push_back(digits[--count]);
  return text;
}

std::optional<std::int32_t> parse_decimal(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  std::int32_t value = 0;
  for (char c : digits) {
    if (!is_ascii_digit(c)) return std::nullopt;
    value = value * 10 + (c - '0');
    if (value > 99999) return std::nullopt;
  }
  if (value < 1) return std::nullopt;
  return value;
}

bool split_letters_digits(std::string_view text, std::string_view& letters,
                          std::string_view& digits) {
  std::size_t i = 0;
  while (i < text.size() && is_ascii_letter(text[i])) ++i;
  const std::size_t j = i;
  while (i < text.size() && is_ascii_digit(text[i])) ++i;
  if (j == 0 || i == j || i != text.size()) return false;
  letters = text.substr(0, j);
  digits = text.substr(j);
  return true;
}

std::optional<std::int32_t> parse_lg_coordinate(unsigned char byte) {
  if (byte < 'a') return std::nullopt;
  return static_cast<std::int32_t>(byte - 'a');
}

std::optional<LgPoint> parse_lg_point(std::string_view value, const BoardSize& size) {
  if (const std::optional<Point> p = lg_byte_point(value, size)) return LgPoint{p->x, p->y};
  if (value.size() < 3 || value.size() > 4) return std::nullopt;
  const auto cps = latin1_code_points(value);
  if (!cps || cps->size() != 2) return std::nullopt;
  const std::int32_t x = (*cps)[0] - 'a';
  const std::int32_t y = (*cps)[1] - 'a';
  if (x < 0 || y < 0 || !on_board(x, y, size)) return std::nullopt;
  return LgPoint{x, y};
}

std::string format_lg_point(std::int32_t x, std::int32_t y) {
  return lg_point_text(x, y).str();
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower_ascii(a[i]) != to_lower_ascii(b[i])) return false;
  }
  return true;
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = to_lower_ascii(c);
  return out;
}

std::string quote_value(std::string_view value) {
  static constexpr std::size_t kMaxShown = 40;
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "'";
  for (std::size_t i = 0; i < value.size() && i < kMaxShown; ++i) {
    const auto b = static_cast<unsigned char>(value[i]);
    if (b >= 0x20 && b < 0x7F) {
      out.push_back(static_cast<char>(b));
    } else {
      out += "\\x";
      out.push_back(kHex[b >> 4]);
      out.push_back(kHex[b & 0xF]);
    }
  }
  if (value.size() > kMaxShown) out += "...";
  out += "'";
  return out;
}

bool has_high_bytes(std::string_view value) {
  for (char c : value) {
    if (static_cast<unsigned char>(c) >= 0x80) return true;
  }
  return false;
}

Error off_board_error(std::string_view what, std::string_view text, const BoardSize& size) {
  return Error{{},
               std::string(what) + " " + quote_value(text) + " is off the " +
                   board_size_text(size) + " board"};
}

}  // namespace ludex
