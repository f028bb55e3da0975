#include "core/small_vector.h"

#include <catch2/catch.hpp>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace ludex {
namespace {

// Counts live instances, so that a leak or a double destruction shows.
struct Counted {
  static inline int live = 0;
  int value = 0;
  Counted(int v = 0) : value(v) { ++live; }  // NOLINT: implicit for brevity
  Counted(const Counted& o) : value(o.value) { ++live; }
  Counted(Counted&& o) noexcept : value(o.value) { ++live; }
  Counted& operator=(const Counted&) = default;
  Counted& operator=(Counted&&) noexcept = default;
  ~Counted() { --live; }
  friend bool operator==(const Counted& a, const Counted& b) { return a.value == b.value; }
};

std::vector<int> values_of(const SmallVector<Counted, 2>& v) {
  std::vector<int> out;
  for (const Counted& c : v) out.push_back(c.value);
  return out;
}

}  // namespace

TEST_CASE("small vector: inline until full, then on the heap", "[core][small_vector]") {
  SmallVector<std::string, 1> v;
  CHECK(v.empty());
  CHECK(v.capacity() == 1);
  v.push_back("a value longer than the small string buffer");
  const std::string* inline_slot = v.data();
  CHECK(v.capacity() == 1);
  v.emplace_back("b");
  CHECK(v.data() != inline_slot);
  CHECK(v.capacity() >= 2);
  REQUIRE(v.size() == 2);
  CHECK(v[0] == "a value longer than the small string buffer");
  CHECK(v.back() == "b");
  CHECK(v.at(1) == "b");
  CHECK_THROWS_AS(v.at(2), std::out_of_range);
  // Pushing an element of the vector itself while it grows.
  for (int i = 0; i < 10; ++i) v.push_back(v.front());
  CHECK(v.size() == 12);
  CHECK(v[11] == "a value longer than the small string buffer");
}

TEST_CASE("small vector: copies, moves and swaps keep every element once", "[core][small_vector]") {
  Counted::live = 0;
  {
    SmallVector<Counted, 2> inline_one = {1, 2};
    SmallVector<Counted, 2> heap_one = {1, 2, 3, 4, 5};
    CHECK(Counted::live == 7);

    SmallVector<Counted, 2> copy = heap_one;
    CHECK(values_of(copy) == std::vector<int>{1, 2, 3, 4, 5});
    SmallVector<Counted, 2> moved = std::move(copy);
    CHECK(copy.empty());  // NOLINT(bugprone-use-after-move): the contract says so
    CHECK(values_of(moved) == std::vector<int>{1, 2, 3, 4, 5});
    SmallVector<Counted, 2> moved_inline = std::move(inline_one);
    CHECK(values_of(moved_inline) == std::vector<int>{1, 2});

    moved_inline.swap(moved);
    CHECK(values_of(moved_inline) == std::vector<int>{1, 2, 3, 4, 5});
    CHECK(values_of(moved) == std::vector<int>{1, 2});
    moved = moved_inline;
    CHECK(moved == moved_inline);
    moved = {9};
    CHECK(values_of(moved) == std::vector<int>{9});
    CHECK(Counted::live == 5 + 5 + 1);
  }
  CHECK(Counted::live == 0);
}

TEST_CASE("small vector: resize, insert and erase as std::vector does", "[core][small_vector]") {
  SmallVector<int, 3> v;
  std::vector<int> model;
  auto same = [&] { return std::vector<int>(v.begin(), v.end()) == model; };
  v.resize(2);
  model.resize(2);
  CHECK(same());
  v.resize(5, 7);
  model.resize(5, 7);
  CHECK(same());
  v.insert(v.begin() + 1, 3);
  model.insert(model.begin() + 1, 3);
  CHECK(same());
  const std::vector<int> more = {4, 5, 6};
  v.insert(v.end() - 1, more.begin(), more.end());
  model.insert(model.end() - 1, more.begin(), more.end());
  CHECK(same());
  v.erase(v.begin() + 2, v.begin() + 4);
  model.erase(model.begin() + 2, model.begin() + 4);
  CHECK(same());
  v.erase(v.begin());
  model.erase(model.begin());
  CHECK(same());
  v.pop_back();
  model.pop_back();
  CHECK(same());
  v.resize(1);
  model.resize(1);
  CHECK(same());
  v.clear();
  CHECK(v.empty());
}

TEST_CASE("small vector: compares, orders and converts like a sequence", "[core][small_vector]") {
  const SmallVector<int, 2> a = {1, 2, 3};
  const SmallVector<int, 2> b = {1, 2};
  CHECK(a != b);
  CHECK(b < a);
  CHECK(a == std::vector<int>{1, 2, 3});
  const SmallVector<int, 2> from_vector = std::vector<int>{4, 5};
  const std::span<const int> view = from_vector;
  CHECK(view.size() == 2);
  CHECK(view[1] == 5);
  const SmallVector<int, 2> empty;
  CHECK(empty == SmallVector<int, 2>{});
}

}  // namespace ludex
