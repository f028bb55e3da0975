// run_parts (core/run_parts.h): every part runs once, on its own thread but
// part 0; a part's exception reaches the caller after every part is done.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/run_parts.h"

namespace ludex {
namespace {

TEST_CASE("run_parts runs each part once, part 0 on the caller", "[core][threads]") {
  for (const std::size_t parts : {std::size_t{0}, std::size_t{1}, std::size_t{4}}) {
    std::vector<int> runs(parts, 0);
    std::vector<std::thread::id> where(parts);
    run_parts(parts, [&](std::size_t p) {
      ++runs[p];
      where[p] = std::this_thread::get_id();
    });
    for (std::size_t p = 0; p < parts; ++p) {
      CHECK(runs[p] == 1);
      CHECK((where[p] == std::this_thread::get_id()) == (p == 0));
    }
  }
}

TEST_CASE("run_parts rethrows the first part's exception once all are done", "[core][threads]") {
  std::atomic<int> finished{0};
  try {
    run_parts(4, [&](std::size_t p) {
      if (p == 1 || p == 3) throw std::runtime_error("part " + std::to_string(p));
      ++finished;
    });
    FAIL("no exception");
  } catch (const std::runtime_error& e) {
    CHECK(std::string(e.what()) == "part 1");
  }
  CHECK(finished == 2);
}

}  // namespace
}  // namespace ludex
