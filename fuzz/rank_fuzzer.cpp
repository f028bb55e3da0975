// libFuzzer target for the rank reader (games/rank.h) and the rank bounds
// of --rank-min/--rank-max, fed what a BR or WR value can hold.
//
// Input: the first byte chooses the source (even: a file of no known
// server, odd: an amateur server); the rest is the value as written.
//
// Properties checked (any failure aborts, see fuzz_check.h):
//  * nothing throws or reads out of bounds;
//  * a reading has a value exactly when it is a rank; the value's level is
//    inside its scale's range and its order inside 1..299, and
//    rank_from_order gives the rank back (certainty aside);
//  * the text of a rank reads back as the same rank, under either source;
//  * what reads as a rank under one source reads as one under the other,
//    on the same scale but for 段/단 (dan or professional);
//  * a bound that parses is the order of the rank its text names.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "games/rank.h"

namespace {

using ludex::fuzz::check;

void check_rank(const ludex::ParsedRank& p) {
  check((p.reading == ludex::RankReading::kRank) == p.value.has_value(),
        "a value exactly for a rank");
  if (!p.value) return;
  const ludex::Rank& r = *p.value;
  const std::int32_t max = r.scale == ludex::RankScale::kKyu   ? ludex::kMaxKyu
                           : r.scale == ludex::RankScale::kDan ? ludex::kMaxDan
                                                               : ludex::kMaxPro;
  check(r.level >= 1 && r.level <= max, "level inside its scale");
  const std::int32_t order = ludex::rank_order(r);
  check(order >= 1 && order <= 299, "order inside 1..299");
  const std::optional<ludex::Rank> back = ludex::rank_from_order(order);
  check(back && back->scale == r.scale && back->level == r.level, "rank_from_order gives it back");
  const std::string text = ludex::rank_text(r);
  for (const ludex::RankSource source :
       {ludex::RankSource::kGeneric, ludex::RankSource::kAmateurServer}) {
    const ludex::ParsedRank again = ludex::parse_rank(text, source);
    check(again.value && *again.value == r, "a rank's text reads back as the rank");
  }
  std::string bound = std::to_string(r.level);
  bound += text[bound.size()];
  check(ludex::parse_rank_bound(bound) == order, "a rank's bound is its order");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const auto source =
      (data[0] & 1) != 0 ? ludex::RankSource::kAmateurServer : ludex::RankSource::kGeneric;
  const std::string_view written(reinterpret_cast<const char*>(data + 1), size - 1);
  const ludex::ParsedRank p = ludex::parse_rank(written, source);
  check_rank(p);
  const ludex::ParsedRank other = ludex::parse_rank(written, source == ludex::RankSource::kGeneric
                                                                 ? ludex::RankSource::kAmateurServer
                                                                 : ludex::RankSource::kGeneric);
  check_rank(other);
  check(p.reading == other.reading, "the source changes no reading");
  if (p.value && other.value) {
    check(p.value->level == other.value->level, "the source changes no level");
    check(p.value->scale == other.value->scale || (p.value->scale != ludex::RankScale::kKyu &&
                                                   other.value->scale != ludex::RankScale::kKyu),
          "the source changes only dan against professional");
  }
  if (const std::optional<std::int32_t> b = ludex::parse_rank_bound(written)) {
    check(ludex::rank_from_order(*b).has_value(), "a bound is a rank's order");
  }
  return 0;
}
