// Malformed and extreme input: every failure is one located error, nothing
// crashes, nothing allocates what the input does not justify, nothing
// recurses over the depth of the tree.
#include <catch2/catch.hpp>

#include <cstdint>

#include "fuzz/gtv_round_trip_check.h"
#include "importers/gtv/gtv_game.h"
#include "tests/unit/importers/gtv/gtv_test_util.h"

namespace ludex {
namespace {

using namespace gtv_test;

// The one error of a failed read.
Diagnostic error_of(const std::string& bytes) {
  const GtvParseOutput out = read_gtv_game(bytes);
  REQUIRE_FALSE(out.game);
  REQUIRE(out.diagnostics.size() == 1);
  CHECK(out.diagnostics[0].severity == Severity::kError);
  return out.diagnostics[0];
}

std::string hex_header(int board) {
  return hdr("gtv", be(2, 4)) + hdr("type", "hex1") + hdr("bdsize", be(board, 4)) +
         hdr("hgtv", be(1, 4)) + '\0';
}

// A fixed-seed generator (xorshift), so that every run sees the same bytes.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    s_ ^= s_ << 13;
    s_ ^= s_ >> 7;
    s_ ^= s_ << 17;
    return s_;
  }

 private:
  std::uint64_t s_;
};

TEST_CASE("a valid file cut at every byte offset is an error at an offset", "[gtv]") {
  const std::vector<std::string> files = {
      spec_example_hex_file(), v1_example_file(), *write_gtv_game(sample_hex_game()),
      *write_gtv_game(sample_twixt_game()),
      read_file(std::string(LUDEX_SHARED_DIR) +
                "/corpus/gtv/synthetic/SYNTHETIC-lg2206555-twixt-commentator-style.tgt")};
  for (const std::string& file : files) {
    for (std::size_t cut = 0; cut < file.size(); ++cut) {
      INFO("cut at " << cut << " of " << file.size());
      const Diagnostic d = error_of(file.substr(0, cut));
      CHECK(d.pos.byte_offset >= 0);
      CHECK(d.pos.byte_offset <= static_cast<std::int64_t>(cut));
      CHECK_FALSE(d.message.empty());
    }
    CHECK(read_gtv_game(file).game);
  }
}

TEST_CASE("random bytes and mutated files never crash and keep the invariants", "[gtv]") {
  Rng rng(20240601);
  for (int k = 0; k < 3000; ++k) {
    std::string bytes(rng.next() % 200, '\0');
    for (char& c : bytes) c = static_cast<char>(rng.next() & 0xFF);
    INFO("random buffer " << k);
    CHECK(check_gtv_round_trip(bytes).empty());
  }
  const std::vector<std::string> valid = {spec_example_hex_file(), v1_example_file(),
                                          *write_gtv_game(sample_hex_game()),
                                          *write_gtv_game(sample_twixt_game())};
  for (int k = 0; k < 20000; ++k) {
    std::string bytes = valid[static_cast<std::size_t>(k) % valid.size()];
    const int flips = 1 + static_cast<int>(rng.next() % 3);
    for (int f = 0; f < flips; ++f) {
      bytes[rng.next() % bytes.size()] = static_cast<char>(rng.next() & 0xFF);
    }
    INFO("mutation " << k);
    CHECK(check_gtv_round_trip(bytes).empty());
  }
}

TEST_CASE("a child count of 65535 with no children is an error at the count", "[gtv]") {
  const std::string header = hex_header(11);
  const Diagnostic d = error_of(header + '\0' + be(65535, 2));
  CHECK(d.pos.byte_offset == static_cast<std::int64_t>(header.size() + 1));
  CHECK_THAT(d.message, Catch::Contains("65535"));
  CHECK(d.game_index == 0);
  // Deeper down, children promised by ancestors count too: the root
  // promises 2, its first child promises 1 with only 3 bytes left.
  const std::string nested = header + '\0' + be(2, 2) + '\0' + be(1, 2) + '\0' + be(0, 2);
  CHECK(error_of(nested).pos.byte_offset == static_cast<std::int64_t>(header.size() + 4));
}

TEST_CASE("a comment claiming 2 GB is an error at its length field", "[gtv]") {
  const std::string header = hex_header(11);
  const std::string file = header + std::string(1, '\x01') + "c" + be(0x7FFFFFFF, 4) + "short";
  const Diagnostic d = error_of(file);
  CHECK(d.pos.byte_offset == static_cast<std::int64_t>(header.size() + 2));
  CHECK_THAT(d.message, Catch::Contains("2147483647"));
  // The same in the header.
  const Diagnostic h = error_of(std::string("\x03gtv") + be(0x80000000, 4) + "x");
  CHECK(h.pos.byte_offset == 4);
}

TEST_CASE("bad values are errors at their first bad byte", "[gtv]") {
  const std::string header = hex_header(11);
  const std::int64_t root = static_cast<std::int64_t>(header.size());
  const auto in_root = [&](const std::string& keys) { return header + keys + '\0' + be(0, 2); };
  // 'm' value starts at root + 4 (length byte, key, 2-byte length).
  CHECK(error_of(in_root(nkv("m", mv(11, 0, 1)))).pos.byte_offset == root + 4);
  CHECK(error_of(in_root(nkv("m", mv(0, 11, 1)))).pos.byte_offset == root + 5);
  CHECK(error_of(in_root(nkv("m", mv(0, 0, 3)))).pos.byte_offset == root + 6);
  CHECK(error_of(in_root(nkv("m", mv(0, 0, 1) + "x"))).pos.byte_offset == root + 4);
  CHECK(error_of(in_root(nkv("r", "x"))).pos.byte_offset == root + 4);
  CHECK(error_of(in_root(nkv("g", "xy"))).pos.byte_offset == root + 4);
  CHECK(error_of(in_root("") + "junk").pos.byte_offset == root + 3);

  const std::string tw = twixt_header("a", "b", 24);
  const std::int64_t troot = static_cast<std::int64_t>(tw.size());
  const auto in_twixt = [&](const std::string& move) {
    return tw + nkv("m", move) + '\0' + be(0, 2);
  };
  CHECK(error_of(in_twixt(long_mv(5, 5, 1, false, {{5, 5, 5}}, {}))).pos.byte_offset ==
        troot + 4 + 6 + 2);  // the direction byte of the first link
  CHECK(error_of(in_twixt(long_mv(0, 5, 1, false, {{0, 5, 4}}, {}))).pos.byte_offset ==
        troot + 4 + 6);  // (0,5) -> (-2,4) leaves the board
  CHECK(error_of(in_twixt(mv(5, 5, 1) + "\x02" + be(0, 2) + be(0, 2))).pos.byte_offset ==
        troot + 4 + 3);  // pbem_null 2
  std::string bad_count = mv(5, 5, 1) + '\0' + be(9, 2) + be(0, 2);
  CHECK(error_of(in_twixt(bad_count)).pos.byte_offset == troot + 4 + 4);
  CHECK(error_of(in_twixt(mv(5, 5, 1) + '\0' + be(0, 2) + be(0, 2) + "z")).pos.byte_offset ==
        troot + 4 + 8);

  // Header values.
  CHECK(error_of(hdr("gtv", be(3, 4)) + '\0').pos.byte_offset == 8);
  CHECK(error_of(hdr("gtv", be(2, 4)) + hdr("type", "go1") + '\0').pos.byte_offset == 21);
  CHECK(error_of(hdr("gtv", be(2, 4)) + hdr("type", "hex1") + hdr("bdsize", be(0, 4)) + '\0')
            .pos.byte_offset == 36);
  CHECK(error_of(hdr("gtv", "") + '\0').pos.byte_offset == 8);
  CHECK(error_of(hdr("player1", "x") + '\0').game_index == -1);
}

TEST_CASE("a million-deep line reads and writes without recursion", "[gtv]") {
  constexpr int kDepth = 1'000'000;
  std::string f = hex_header(11) + '\0' + be(1, 2);
  const std::string node = nkv("m", mv(3, 4, 1)) + '\0' + be(1, 2);
  f.reserve(f.size() + kDepth * node.size());
  for (int k = 0; k < kDepth - 1; ++k) f += node;
  f += nkv("m", mv(3, 4, 1)) + '\0' + be(0, 2);
  const GtvParseOutput out = read_gtv_game(f);
  REQUIRE(out.game);
  CHECK(out.game->tree.size() == kDepth + 1);
  CHECK(out.game->tree.main_line().size() == kDepth + 1);
  const Result<std::string> written = write_gtv_game(*out.game);
  REQUIRE(written);
  CHECK(*written == f);
}

TEST_CASE("a node with 65535 children reads and writes", "[gtv]") {
  std::string f = hex_header(11) + '\0' + be(65535, 2);
  for (int k = 0; k < 65535; ++k)
    f += nkv("m", mv(k % 11, (k / 11) % 11, 1 + k % 2)) + '\0' + be(0, 2);
  const GtvParseOutput out = read_gtv_game(f);
  REQUIRE(out.game);
  CHECK(out.game->tree.child_count(0) == 65535);
  const Result<std::string> written = write_gtv_game(*out.game);
  REQUIRE(written);
  CHECK(*written == f);
  // One more child than the count can hold is an error when writing.
  GameRecord wide = *out.game;
  wide.tree.add_child(0);
  CHECK_FALSE(write_gtv_game(wide));
}

TEST_CASE("65535 same-hole replies to a first move read in linear time", "[gtv]") {
  std::string f = twixt_header("a", "b", 24) + '\0' + be(1, 2);
  f += nkv("m", mv(7, 2, 1)) + '\0' + be(65535, 2);
  for (int k = 0; k < 65535; ++k) f += nkv("m", mv(7, 2, 2)) + '\0' + be(0, 2);
  const GtvParseOutput out = read_gtv_game(f);
  REQUIRE(out.game);
  CHECK(out.game->warnings.size() == 1);
  const Result<std::string> written = write_gtv_game(*out.game);
  REQUIRE(written);
  CHECK(*written == f);
}

}  // namespace
}  // namespace ludex
