// The import's progress line (indexer/importer.h).
#include <catch2/catch.hpp>

#include "indexer/importer.h"

namespace ludex {

TEST_CASE("the progress line shows counts, speed and the time left", "[indexer]") {
  ImportProgress p;
  p.files_done = 25;
  p.files_total = 100;
  p.games = 3000;
  p.nodes = 250000;
  p.bytes = 20'000'000;
  p.errors = 2;
  p.seconds = 10;
  // 20 MB in 10 s; a quarter of the files in 10 s leaves 30 s.
  CHECK(progress_line(p) ==
        "files 25/100  games 3000  nodes 250000  2.0 MB/s  errors 2  10 s, 30 s left");
  p.files_done = 0;
  p.seconds = 0;
  CHECK(progress_line(p) ==
        "files 0/100  games 3000  nodes 250000  0.0 MB/s  errors 2  0 s, ? left");
  p.duplicates = 7;
  CHECK(progress_line(p) ==
        "files 0/100  games 3000 (7 duplicates)  nodes 250000  0.0 MB/s  errors 2  0 s, ? left");
  p.deduped = 5;
  CHECK(progress_line(p) ==
        "files 0/100  games 3000 (7 duplicates, 5 not stored)  nodes 250000  "
        "0.0 MB/s  errors 2  0 s, ? left");
}

}  // namespace ludex
