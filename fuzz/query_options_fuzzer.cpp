// libFuzzer target for the filter options of `ludex query` and `ludex
// export`, fed what a user can type: --has, --empty, --link, --pattern,
// --position GAME:MOVE, dates, players, sizes, evaluations, comments, in
// every family's notation. It calls what `ludex query` calls
// (query/query_command.cpp): the shared argument parser, game_filter_from,
// node_selection_from, then the query itself and its JSON output.
//
// Input: one argument per line ("--family\nhex\n--has\nB:e5,W:f6"); a line
// end "\r\n" counts as "\n". The database is ludex's sample archive
// (sample/: every family and dialect), imported once per process into a
// temporary directory, so that --position finds stored games (ids 1..N in
// the order of the sample's files).
//
// Properties checked (any failure aborts, see fuzz_check.h): nothing but a
// usage error (an Error with a message) or a comment query FTS5 cannot parse
// (std::invalid_argument, which `ludex query` reports as a usage error)
// comes out of any input: no other exception, no crash, no sanitizer report.
// --position-file is not fed (it names a file to read, which is not the
// option parsing under test).
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz/fuzz_check.h"
#include "indexer/importer.h"

#include "options/command_line.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "query/node_filter_options.h"
#include "schema/database.h"
#include "schema/game_query.h"
#include "schema/position_query.h"

#ifndef LUDEX_SOURCE_DIR
#error "LUDEX_SOURCE_DIR must name the project root (for sample/)"
#endif

namespace {

namespace po = boost::program_options;
using ludex::fuzz::check;

// Hits read per query at most: enough to run the output code on every kind
// of hit, few enough to keep an input fast.
constexpr std::int64_t kMaxHits = 20;

class SampleDatabase {
 public:
  SampleDatabase() {
    char dir_template[] = "/tmp/ludex-fuzz-query-XXXXXX";
    const char* dir = mkdtemp(dir_template);
    if (dir == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = dir;
    const std::string path = (dir_ / "sample.db").string();
    {
      ludex::Database db(path, ludex::Database::Mode::kReadWrite);
      ludex::ImportOptions options;
      options.quiet = true;
      options.jobs = 1;
      std::ostringstream diagnostics;
      ludex::Importer importer(db, options, diagnostics);
      const ludex::ImportSummary summary =
          importer.run({std::string(LUDEX_SOURCE_DIR) + "/sample"});
      if (summary.games == 0) throw std::runtime_error("the sample archive gave no games");
    }
    db_ = std::make_unique<ludex::Database>(path, ludex::Database::Mode::kReadOnly);
  }
  ~SampleDatabase() {
    db_.reset();
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  SampleDatabase(const SampleDatabase&) = delete;
  SampleDatabase& operator=(const SampleDatabase&) = delete;

  ludex::Database& db() { return *db_; }

 private:
  std::filesystem::path dir_;
  std::unique_ptr<ludex::Database> db_;
};

SampleDatabase& sample() {
  static SampleDatabase database;
  return database;
}

std::vector<std::string> split_arguments(std::string_view bytes) {
  std::vector<std::string> args;
  while (!bytes.empty()) {
    const std::size_t eol = bytes.find('\n');
    std::string_view line = bytes.substr(0, eol);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    args.emplace_back(line);
    if (eol == std::string_view::npos) break;
    bytes.remove_prefix(eol + 1);
  }
  return args;
}

void run_query(ludex::Database& db, const ludex::GameFilter& games,
               const ludex::NodeSelection& nodes) {
  if (nodes.node_level) {
    ludex::NodeFilter filter = nodes.filter;
    if (!filter.limit || *filter.limit > kMaxHits) filter.limit = kMaxHits;
    const ludex::NodeColumns columns = ludex::node_columns(filter);
    try {
      ludex::find_nodes(db, filter, [&](const ludex::NodeHit& hit) {
        (void)ludex::json_line(ludex::node_hit_json(hit, columns));
        return true;
      });
      (void)ludex::count_nodes(db, filter);
    } catch (const std::invalid_argument& e) {
      // `ludex query` prints it as a usage error: it must say something.
      check(std::string_view(e.what()).size() > 0, "an empty invalid_argument message");
    }
    return;
  }
  ludex::GameFilter filter = games;
  if (!filter.limit || *filter.limit > kMaxHits) filter.limit = kMaxHits;
  ludex::find_games(db, filter, [&](const ludex::GameHit& hit) {
    (void)ludex::json_line(ludex::game_hit_json(hit));
    return true;
  });
  (void)ludex::count_games(db, filter);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ludex::Database& db = sample().db();
  const std::vector<std::string> args =
      split_arguments(std::string_view(reinterpret_cast<const char*>(data), size));

  po::options_description options("ludex query --db DB [filters]");
  ludex::add_filter_options(options);
  ludex::add_node_filter_options(options);
  std::variant<ludex::ParsedArgs, std::string> parsed = ludex::parse_arguments(args, options);
  if (const std::string* usage = std::get_if<std::string>(&parsed)) {
    check(!usage->empty(), "a usage error without a message");
    return 0;
  }
  const po::variables_map& vm = std::get<ludex::ParsedArgs>(parsed).vm;
  if (vm.count("position-file") != 0) return 0;

  const ludex::Result<ludex::GameFilter> games = ludex::game_filter_from(ludex::filter_args_of(vm));
  if (!games) {
    check(!games.error().message.empty(), "a game filter error without a message");
    return 0;
  }
  const ludex::Result<ludex::NodeSelection> nodes =
      ludex::node_selection_from(ludex::node_filter_args_of(vm), *games, db);
  if (!nodes) {
    check(!nodes.error().message.empty(), "a node filter error without a message");
    return 0;
  }
  run_query(db, *games, *nodes);
  return 0;
}
