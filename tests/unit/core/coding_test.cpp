// The persisted byte encodings (core/coding.h), pinned byte for byte: what
// is on disk must never change with the host or a rewrite.
#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>
#include <string>

#include "core/coding.h"

namespace ludex {
namespace {

std::string hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
  }
  return out;
}

TEST_CASE("varints: 7-bit groups, low first; the bytes are pinned", "[coding]") {
  std::string out;
  for (const std::uint64_t v : {0ULL, 1ULL, 127ULL, 128ULL, 300ULL, 16384ULL}) put_varint(out, v);
  CHECK(hex(out) == "00017f8001ac02808001");
  std::size_t at = 0;
  for (const std::uint64_t v : {0ULL, 1ULL, 127ULL, 128ULL, 300ULL, 16384ULL}) {
    std::uint64_t read = 0;
    REQUIRE(get_varint(out, &at, &read));
    CHECK(read == v);
  }
  CHECK(at == out.size());
  std::string max;
  put_varint(max, std::numeric_limits<std::uint64_t>::max());
  CHECK(max.size() == 10);
  std::uint64_t read = 0;
  at = 0;
  CHECK(get_varint(max, &at, &read));
  CHECK(read == std::numeric_limits<std::uint64_t>::max());
  at = 0;
  CHECK_FALSE(get_varint(std::string("\x80\x80"), &at, &read));  // cut inside a value
}

TEST_CASE("zigzag keeps small signed values small", "[coding]") {
  CHECK(zigzag(0) == 0);
  CHECK(zigzag(-1) == 1);
  CHECK(zigzag(1) == 2);
  CHECK(zigzag(-2) == 3);
  for (const std::int64_t v : {std::numeric_limits<std::int64_t>::min(), std::int64_t{-70000},
                               std::int64_t{70000}, std::numeric_limits<std::int64_t>::max()}) {
    CHECK(unzigzag(zigzag(v)) == v);
  }
}

TEST_CASE("int16 and doubles are little-endian whatever the host", "[coding]") {
  std::string out;
  put_int16_le(out, 0x1234);
  put_int16_le(out, -2);
  CHECK(hex(out) == "3412feff");
  CHECK(get_int16_le(out.data()) == 0x1234);
  CHECK(get_int16_le(out.data() + 2) == -2);
  out.clear();
  put_double_le(out, 1.5);
  CHECK(hex(out) == "000000000000f83f");
  CHECK(get_double_le(out.data()) == 1.5);
}

}  // namespace
}  // namespace ludex
