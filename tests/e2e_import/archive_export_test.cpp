// End-to-end: `ludex export --zip` writes the files `--out` writes, as one
// zip, the same bytes every time, and write_export_zip() (which the web
// server calls) gives the same bytes; a zip export imports back to the same
// games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "importers/archive/archive_reader.h"
#include "query/export_writer.h"
#include "schema/database.h"
#include "tests/e2e_import/archive_support.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

// name -> bytes of every file under dir.
std::map<std::string, std::string> files_in(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    out[e.path().filename().string()] = read_bytes(e.path());
  }
  return out;
}

// name -> bytes of every member of a zip, and the names in zip order.
std::map<std::string, std::string> members_of(const std::string& zip,
                                              std::vector<std::string>* order = nullptr) {
  ExpansionBudget budget(static_cast<std::int64_t>(zip.size()), ArchiveLimits{});
  ArchiveReader reader = ArchiveReader::open_memory(zip, "x.zip", ArchiveLimits{}, budget);
  std::map<std::string, std::string> out;
  ArchiveEntry e;
  ArchiveStep step;
  while ((step = reader.next(e)) == ArchiveStep::kEntry) {
    std::string data;
    REQUIRE(reader.read(data).outcome == ReadOutcome::kComplete);
    if (order != nullptr) order->push_back(e.path);
    out[e.path] = data;
  }
  CHECK(step == ArchiveStep::kEnd);
  return out;
}

}  // namespace

TEST_CASE("export --zip holds the files --out writes, byte for byte", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-export");
  const std::string db = dir / "src.db";
  import_paths(db, {(corpus_dir() / "hex").string(), (corpus_dir() / "twixt").string(),
                    (corpus_dir() / "blksgf").string(), (corpus_dir() / "gtv").string()});
  for (const std::string format : {"sgf", "gtv"}) {
    INFO(format);
    const fs::path out = dir.path() / ("out-" + format);
    const std::string zip = dir / ("export-" + format + ".zip");
    const RunResult a =
        run_ludex({"export", "--db", db, "--format", format, "--out", out.string()});
    const RunResult b = run_ludex({"export", "--db", db, "--format", format, "--zip", zip});
    // gtv refuses the Blokus games (exit 1, each reported); both say the same.
    CHECK(a.exit_code == b.exit_code);
    CHECK(a.err == b.err);
    CHECK(a.exit_code == (format == "gtv" ? 1 : 0));
    const auto written = files_in(out);
    REQUIRE(written.size() > 100);
    std::vector<std::string> order;
    CHECK(members_of(read_bytes(zip), &order) == written);
    CHECK(std::is_sorted(order.begin(), order.end()));  // game id order
    // The same bytes again, and from the function the web server calls.
    const std::string again = dir / ("again-" + format + ".zip");
    run_ludex({"export", "--db", db, "--format", format, "--zip", again});
    CHECK(read_bytes(again) == read_bytes(zip));
    Database handle(db, Database::Mode::kReadOnly);
    std::vector<std::int64_t> ids = select_export_games(handle, GameFilter{}, nullptr);
    std::string streamed;
    std::size_t chunks = 0;
    const ExportSummary summary =
        write_export_zip(handle, ids, *parse_export_format(format), [&](std::string_view chunk) {
          streamed.append(chunk);
          ++chunks;
        });
    CHECK(streamed == read_bytes(zip));
    CHECK(chunks > 1);
    CHECK(summary.written == static_cast<std::int64_t>(written.size()));
    std::ostringstream to_stream;
    write_export_zip(handle, ids, *parse_export_format(format), to_stream);
    CHECK(to_stream.str() == streamed);
  }
  // Filters select as for --out; an empty selection is an empty zip.
  const std::string some = dir / "some.zip";
  run_ludex_ok({"export", "--db", db, "--family", "twixt", "--zip", some});
  const auto twixt = members_of(read_bytes(some));
  CHECK_FALSE(twixt.empty());
  for (const auto& [name, bytes] : twixt) CHECK(name.find("-twixt") != std::string::npos);
  const std::string none = dir / "none.zip";
  run_ludex_ok({"export", "--db", db, "--player", "nobody-at-all", "--zip", none});
  CHECK(members_of(read_bytes(none)).empty());
  // One output only.
  CHECK(run_ludex({"export", "--db", db, "--zip", some, "--out", dir / "x"}).exit_code == 2);
}

TEST_CASE("a zip export imports back to the same games", "[e2e][archive]") {
  ScratchDir dir("e2e-archive-round-trip");
  const std::string db = dir / "src.db";
  import_paths(db, {(corpus_dir() / "hex" / "littlegolem-tasuki").string(),
                    (corpus_dir() / "blksgf").string()});
  const std::string zip = dir / "all.zip";
  const fs::path out = dir.path() / "out";
  run_ludex_ok({"export", "--db", db, "--zip", zip});
  run_ludex_ok({"export", "--db", db, "--out", out.string()});
  const std::string from_zip = dir / "zip.db";
  const std::string from_dir = dir / "dir.db";
  import_paths(from_zip, {zip});
  import_paths(from_dir, {out.string()});
  CHECK(first_difference(stored_content(from_zip, zip + "//"),
                         stored_content(from_dir, out.string() + "/")) == "");
  CHECK(info_json(from_zip).at("games") == info_json(db).at("games"));
}

}  // namespace ludex::test
