// libFuzzer target for the game-tree reader and writer. Any violated property
// of check_gtv_round_trip aborts, so libFuzzer keeps the input as a crash.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz/gtv_round_trip_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::string problem = ludex::check_gtv_round_trip(bytes);
  if (!problem.empty()) {
    std::fprintf(stderr, "gtv round trip: %s\n", problem.c_str());
    std::abort();
  }
  return 0;
}
