// Unsigned LEB128 varints, zigzag signed integers and little-endian doubles,
// the byte encodings of ludex's compact BLOB columns (position streams,
// feature lists, explorer postings and answers). Persisted: the encodings never change.
//
// Thread-safety: pure functions.
#ifndef LUDEX_CORE_VARINT_H_
#define LUDEX_CORE_VARINT_H_

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

// Signed values as unsigned ones that stay small near zero: 0, -1, 1, -2,
// ... become 0, 1, 2, 3, ...
constexpr std::uint64_t zigzag(std::int64_t v) {
  return (static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63);
}
constexpr std::int64_t unzigzag(std::uint64_t v) {
  return static_cast<std::int64_t>(v >> 1) ^ -static_cast<std::int64_t>(v & 1);
}

}  // namespace ludex

#endif  // LUDEX_CORE_VARINT_H_
