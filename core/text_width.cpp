#include "core/text_width.h"

#include <array>
#include <cstdint>
#include <utility>

namespace ludex {
namespace {

// Reads the code point at text[at] and its length in bytes; a byte that
// does not start a valid sequence reads as itself, one byte long.
std::pair<char32_t, std::size_t> next_code_point(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char b = byte(at);
  std::size_t length = 1;
  char32_t cp = b;
  if (b >= 0xF0 && b <= 0xF4) {
    length = 4;
    cp = b & 0x07;
  } else if (b >= 0xE0) {
    length = 3;
    cp = b & 0x0F;
  } else if (b >= 0xC2 && b <= 0xDF) {
    length = 2;
    cp = b & 0x1F;
  } else {
    return {b, 1};
  }
  if (at + length > text.size()) return {b, 1};
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return {b, 1};
    cp = (cp << 6) | (byte(at + i) & 0x3F);
  }
  return {cp, length};
}

// The wide ranges of Unicode's East Asian Width (W and F), coarsely.
constexpr std::array<std::pair<char32_t, char32_t>, 12> kWide = {{
    {0x1100, 0x115F},    // Hangul Jamo initials
    {0x2E80, 0x303E},    // CJK radicals, symbols and punctuation
    {0x3041, 0x33FF},    // kana, bopomofo, Hangul compatibility, CJK compatibility
    {0x3400, 0x4DBF},    // CJK extension A
    {0x4E00, 0x9FFF},    // CJK unified ideographs
    {0xA000, 0xA4CF},    // Yi
    {0xAC00, 0xD7A3},    // Hangul syllables
    {0xF900, 0xFAFF},    // CJK compatibility ideographs
    {0xFE30, 0xFE4F},    // CJK compatibility forms
    {0xFF00, 0xFF60},    // full-width forms
    {0xFFE0, 0xFFE6},    // full-width signs
    {0x20000, 0x3FFFD},  // CJK extensions B and later
}};

std::size_t code_point_width(char32_t cp) {
  if ((cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x200B && cp <= 0x200F) ||
      (cp >= 0xFE00 && cp <= 0xFE0F)) {
    return 0;  // combining marks, zero-width spaces and joiners, variation selectors
  }
  for (const auto& [low, high] : kWide) {
    if (cp >= low && cp <= high) return 2;
  }
  return 1;
}

}  // namespace

std::size_t display_width(std::string_view text) {
  std::size_t width = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto [cp, length] = next_code_point(text, at);
    width += code_point_width(cp);
    at += length;
  }
  return width;
}

std::string pad_column(std::string_view text, std::size_t width) {
  std::string out(text);
  const std::size_t w = display_width(text);
  if (w < width) out.append(width - w, ' ');
  return out;
}

std::string fit_column(std::string_view text, std::size_t width) {
  if (width == 0) return {};
  std::size_t used = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const auto [cp, length] = next_code_point(text, at);
    const std::size_t w = code_point_width(cp);
    if (used + w > width - 1) break;
    used += w;
    at += length;
  }
  return pad_column(text.substr(0, at), width);
}

}  // namespace ludex
