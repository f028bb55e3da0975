// Every game the readers produce from the shared corpus survives a store and
// a load unchanged: real data has the odd values (raw bytes, empty lists,
// huge collections) that hand-built records might miss.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <catch2/catch.hpp>

#include "importers/game_file.h"
#include "schema/game_loader.h"
#include "schema/game_store.h"
#include "schema/stats.h"
#include "tests/support/e2e_support.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

namespace fs = std::filesystem;

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

TEST_CASE("corpus games load back equal after a bulk load", "[schema]") {
  const fs::path corpus = fs::path(LUDEX_SHARED_DIR) / "corpus";
  if (!fs::is_directory(corpus)) {
    test::skip_test("no corpus at " + corpus.string());
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(corpus)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());

  testing::TempDir dir;
  Database db(dir.file("corpus.ludex"), Database::Mode::kReadWrite);
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  {
    GameStore store(db);
    store.begin_bulk_load();
    store.begin();
    for (const fs::path& path : files) {
      const ParsedFile parsed = parse_game_file(read_bytes(path));
      SourceFileInfo info;
      info.path = path.string();
      info.format = parsed.format;
      const std::int64_t file_id = store.upsert_file(info);
      for (const Diagnostic& d : parsed.diagnostics) store.add_error(file_id, d);
      for (const GameRecord& g : parsed.games) {
        CHECK(store.add_game(file_id, prepare_record(g)) == ++games);
        nodes += static_cast<std::int64_t>(g.tree.size());
      }
    }
    store.commit();
    store.finish_bulk_load();
  }
  INFO(games << " games, " << nodes << " nodes");
  CHECK(read_info(db).games == games);
  CHECK(read_info(db).nodes == nodes);

  // Parse again rather than keep every record in memory; ids follow the
  // same order.
  GameLoader loader(db);
  std::int64_t id = 0;
  std::size_t differing = 0;
  for (const fs::path& path : files) {
    const ParsedFile parsed = parse_game_file(read_bytes(path));
    for (const GameRecord& g : parsed.games) {
      const std::optional<LoadedGame> loaded = loader.load(++id);
      REQUIRE(loaded);
      CHECK(loaded->file == path.string());
      const std::string diff = testing::record_difference(g, loaded->record);
      if (!diff.empty() && ++differing <= 5) {
        UNSCOPED_INFO(path.string() << " game " << g.game_index << ": " << diff);
      }
    }
  }
  CHECK(differing == 0);
}

}  // namespace
}  // namespace ludex
