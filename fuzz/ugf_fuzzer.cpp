// libFuzzer target for PandaNet's .ugf and .ugi files, as `ludex import` reads them:
// looks_like_ugf (which decides that a file is one), read_ugf_game, the
// game's positions, and the SGF that `ludex export` writes of it. The
// properties checked are fuzz/go_server_check.h's.
#include <cstddef>
#include <cstdint>

#include "fuzz/go_server_check.h"
#include "importers/ugf/ugf_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ludex::fuzz::check_go_server_reader(
      data, size, "ugf", [](std::string_view b) { return ludex::looks_like_ugf(b); },
      [](std::string_view b) { return ludex::read_ugf_game(b); });
}
