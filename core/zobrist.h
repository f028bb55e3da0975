// Fixed-seed Zobrist keys. Position hashes are persisted in databases, so
// every key is a pure function of its inputs and of kZobristSeed: no table
// filled at start-up, no std::hash, no <random> distribution (whose output
// the standard does not pin down). Changing anything here changes stored
// hashes: bump kPositionHashVersion with it.
#ifndef LUDEX_CORE_ZOBRIST_H_
#define LUDEX_CORE_ZOBRIST_H_

#include <cstdint>
#include <string>

namespace ludex {

// The version of the position hash stored in databases (meta table).
inline constexpr int kPositionHashVersion = 1;

inline constexpr std::uint64_t kZobristSeed = 0x6c75646578a5a5a5ULL;  // "ludex"

// SplitMix64 finaliser: a bijection on 64-bit values with good avalanche.
constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The key of one feature. domain separates kinds of features (a family's
// stones, Twixt links, board sizes); a, b, c are the feature's coordinates
// (e.g. colour, x, y). Each argument must fit in 16 bits except domain.
constexpr std::uint64_t zobrist_key(std::uint32_t domain, std::uint32_t a, std::uint32_t b,
                                    std::uint32_t c) {
  const std::uint64_t packed = (static_cast<std::uint64_t>(a & 0xffff) << 32) |
                               (static_cast<std::uint64_t>(b & 0xffff) << 16) |
                               static_cast<std::uint64_t>(c & 0xffff);
  return splitmix64(splitmix64(kZobristSeed ^ domain) ^ packed);
}

// A position hash as ludex prints it (show, query, next, check, the API):
// 16 lowercase hex digits.
inline std::string position_hash_text(std::uint64_t hash) {
  constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, hash >>= 4) out[static_cast<std::size_t>(i)] = kDigits[hash & 15];
  return out;
}

}  // namespace ludex

#endif  // LUDEX_CORE_ZOBRIST_H_
