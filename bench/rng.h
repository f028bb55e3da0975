// The benchmark generator's own pseudo-random numbers: xoshiro256** seeded by
// splitmix64. Everything here is fixed arithmetic on 64-bit integers, so a
// seed gives the same sequence on every platform and compiler; the standard
// library's distributions are never used because the standard does not pin
// their output.
#ifndef LUDEX_BENCH_RNG_H_
#define LUDEX_BENCH_RNG_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ludex {

// One step of splitmix64: advances state and returns the next value. Also a
// good 64-bit mixer for deriving independent seeds (mix(seed ^ k)).
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// A seed for sub-stream `index` of `seed`: streams of different indices are
// independent, so files can be generated in any order or in parallel.
inline std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t s = seed ^ (index * 0xD1B54A32D192ED03ULL);
  splitmix64(s);
  return splitmix64(s);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    std::uint64_t s = seed;
    for (std::uint64_t& word : state_) word = splitmix64(s);
  }

  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }

  // Uniform in [0, n); requires n > 0. Rejection sampling keeps it exact.
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
    std::uint64_t x = next();
    while (x >= limit) x = next();
    return x % n;
  }

  // Uniform in [lo, hi]; requires lo <= hi.
  std::int64_t between(std::int64_t lo, std::int64_t hi) {
    return lo + static_cast<std::int64_t>(below(static_cast<std::uint64_t>(hi - lo) + 1));
  }

  // True with probability per_mille / 1000.
  bool chance(std::uint32_t per_mille) { return below(1000) < per_mille; }

  // An index chosen with the given non-negative weights (not all zero).
  std::size_t weighted(const std::vector<std::uint32_t>& weights) {
    std::uint64_t total = 0;
    for (std::uint32_t w : weights) total += w;
    std::uint64_t x = below(total);
    for (std::size_t i = 0; i < weights.size(); ++i) {
      if (x < weights[i]) return i;
      x -= weights[i];
    }
    return weights.size() - 1;
  }

  template <typename T>
  const T& pick(const std::vector<T>& items) {
    return items[static_cast<std::size_t>(below(items.size()))];
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::uint64_t state_[4];
};

}  // namespace ludex

#endif  // LUDEX_BENCH_RNG_H_
