// The byte encodings of everything ludex persists in its BLOB columns, in
// one place (as LevelDB's util/coding.h): unsigned LEB128 varints, zigzag
// signed integers, little-endian 16-bit integers and doubles. Position
// streams, feature lists, move points, explorer postings and answers are
// built of these (docs/schema.md, "Byte layouts", has the table). Persisted:
// the encodings never change; little-endian whatever the host's byte order.
//
// Thread-safety: pure functions.
#ifndef LUDEX_CORE_CODING_H_
#define LUDEX_CORE_CODING_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace ludex {

// Appends v in 7-bit groups, low first, the high bit set on every byte but
// the last.
inline void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

// Reads one varint at bytes[*at], advancing *at past it. False (and *at
// unspecified) when the bytes end inside it or it does not fit 64 bits.
inline bool get_varint(std::string_view bytes, std::size_t* at, std::uint64_t* v) {
  // Most values are below 128: one byte.
  if (*at < bytes.size() && static_cast<unsigned char>(bytes[*at]) < 0x80) {
    *v = static_cast<unsigned char>(bytes[(*at)++]);
    return true;
  }
  std::uint64_t value = 0;
  for (int shift = 0; shift <= 63; shift += 7) {
    if (*at >= bytes.size()) return false;
    const auto b = static_cast<unsigned char>(bytes[(*at)++]);
    value |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) {
      *v = value;
      return true;
    }
  }
  return false;
}

// Appends v as the 8 bytes of its IEEE 754 binary64 bits, least significant
// first, whatever the host's byte order: the one layout of every double
// ludex persists.
inline void put_double_le(std::string& out, double v) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
}

// Reads what put_double_le wrote at bytes (8 bytes, which must be there).
inline double get_double_le(const char* bytes) {
  std::uint64_t bits = 0;
  for (int i = 0; i < 8; ++i) {
    bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  }
  double v = 0;
  std::memcpy(&v, &bits, sizeof v);
  return v;
}

// Appends v as 2 bytes, least significant first.
inline void put_int16_le(std::string& out, std::int16_t v) {
  const auto u = static_cast<std::uint16_t>(v);
  out.push_back(static_cast<char>(u & 0xFF));
  out.push_back(static_cast<char>(u >> 8));
}

// Reads what put_int16_le wrote at bytes (2 bytes, which must be there).
inline std::int16_t get_int16_le(const char* bytes) {
  const auto lo = static_cast<unsigned char>(bytes[0]);
  const auto hi = static_cast<unsigned char>(bytes[1]);
  return static_cast<std::int16_t>(static_cast<std::uint16_t>(lo | (hi << 8)));
}

// Signed values as unsigned ones that stay small near zero: 0, -1, 1, -2,
// ... become 0, 1, 2, 3, ...
constexpr std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
constexpr std::int64_t unzigzag(std::uint64_t v) {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

}  // namespace ludex

#endif  // LUDEX_CORE_CODING_H_
