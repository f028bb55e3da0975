// U64Sorter: the values come back ascending, with duplicates, whether they
// fit one run or spill to several; an empty sorter visits nothing.
#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "core/u64_sorter.h"

namespace ludex {
namespace {

std::vector<std::uint64_t> drain(U64Sorter& sorter) {
  std::vector<std::uint64_t> out;
  sorter.finish([&](const std::uint64_t* values, std::size_t count) {
    CHECK(count > 0);
    out.insert(out.end(), values, values + count);
  });
  return out;
}

TEST_CASE("U64Sorter returns every value ascending, in memory and from runs", "[core]") {
  std::mt19937_64 random(7);
  for (const std::size_t count : {std::size_t{0}, std::size_t{1}, std::size_t{999},
                                  std::size_t{1000}, std::size_t{1001}, std::size_t{10500}}) {
    INFO("values " << count);
    U64Sorter sorter(1000);
    std::vector<std::uint64_t> values;
    for (std::size_t i = 0; i < count; ++i) {
      // Duplicates on purpose: a tenth of the values repeat earlier ones.
      const std::uint64_t v = (i % 10 == 9 && !values.empty()) ? values[i / 2] : random();
      values.push_back(v);
      sorter.add(v);
    }
    CHECK(sorter.size() == count);
    std::sort(values.begin(), values.end());
    CHECK(drain(sorter) == values);
    CHECK(sorter.size() == 0);
  }
}

TEST_CASE("U64Sorter can be filled again after finish", "[core]") {
  U64Sorter sorter(4);
  for (std::uint64_t v : {9, 3, 7, 1, 8, 2}) sorter.add(v);
  CHECK(drain(sorter) == std::vector<std::uint64_t>{1, 2, 3, 7, 8, 9});
  for (std::uint64_t v : {5, 4}) sorter.add(v);
  CHECK(drain(sorter) == std::vector<std::uint64_t>{4, 5});
  CHECK(drain(sorter).empty());
}

}  // namespace
}  // namespace ludex
