// ludex-bench query: query latency at two archive sizes in one run
// (docs/performance.md, "Queries").
//
// Two archives are generated with the same seed and mix, one of `small`
// games and one of `large` games, and imported into new databases. For
// each database the benchmark picks targets whose number of hits does not
// grow with the archive (a player with about 10 games, a position reached
// 10 times), plus queries whose hits do grow (a stone on a common
// point, an evaluation swing), and times each query warm: one run to warm
// the cache, then the median of `runs` runs.
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iomanip>
#include <iostream>
#include <stdexcept>

#include "bench/archive_generator.h"
#include "bench/commands.h"
#include "bench/import_bench.h"
#include "options/command_line.h"
#include "schema/database.h"
#include "schema/explorer_query.h"
#include "schema/game_query.h"
#include "schema/position_query.h"

namespace ludex {
namespace po = boost::program_options;
namespace fs = std::filesystem;
namespace {

using Clock = std::chrono::steady_clock;

// One value of a single-row, single-column query on a read-only connection;
// the benchmark picks its targets with plain SQL, outside the code it
// measures.
struct Picker {
  explicit Picker(const std::string& path) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      throw std::runtime_error("cannot open " + path);
    }
  }
  ~Picker() { sqlite3_close(db_); }
  Picker(const Picker&) = delete;
  Picker& operator=(const Picker&) = delete;

  // Returns false when the query gives no row.
  bool pick(const char* sql, std::int64_t& out_int, std::string* out_text = nullptr) {
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &st, nullptr) != SQLITE_OK) {
      throw std::runtime_error(std::string("bad benchmark SQL: ") + sqlite3_errmsg(db_));
    }
    const bool row = sqlite3_step(st) == SQLITE_ROW;
    if (row) {
      out_int = sqlite3_column_int64(st, 0);
      if (out_text != nullptr) {
        const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
        *out_text = text != nullptr ? text : "";
      }
    }
    sqlite3_finalize(st);
    return row;
  }

  sqlite3* db_ = nullptr;
};

struct Measured {
  std::int64_t hits = 0;
  double ms = 0;  // median
};

Measured time_query(int runs, const std::function<std::int64_t()>& query) {
  Measured m;
  m.hits = query();  // warm-up
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i) {
    const Clock::time_point start = Clock::now();
    query();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  m.ms = ms[ms.size() / 2];
  return m;
}

struct QueryCase {
  std::string name;
  Measured small;
  Measured large;
};

// Every query of the table on one database; results in `cases` order, the
// `large` or `small` side chosen by `large`.
void measure(const std::string& db_path, int runs, bool large, std::vector<QueryCase>& cases) {
  Picker picker(db_path);
  // A player with 10 games and a position reached 10 times (or the nearest
  // counts above): targets whose hits do not grow with the archive.
  std::int64_t player_games = 0;
  std::string player;
  if (!picker.pick("SELECT COUNT(*) AS n, p.name FROM players AS p JOIN game_players AS gp "
                   "ON gp.player_id = p.player_id GROUP BY p.player_id HAVING n >= 10 "
                   "ORDER BY n, p.name LIMIT 1",
                   player_games, &player)) {
    throw std::runtime_error("no player with 10 games in " + db_path);
  }
  std::int64_t hash = 0;
  if (!picker.pick(
          "SELECT position_hash FROM nodes WHERE position_hash IS NOT NULL "
          "GROUP BY position_hash HAVING COUNT(*) >= 10 ORDER BY COUNT(*), position_hash LIMIT 1",
          hash)) {
    throw std::runtime_error("no position reached 10 times in " + db_path);
  }
  // Its family and variant (the explorer's key).
  std::int64_t one = 0;
  std::string family_text;
  std::string hash_variant;
  const std::string of_hash =
      "SELECT 1, g.family || '/' || coalesce(g.variant, '') FROM nodes AS n JOIN games AS g "
      "ON n.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1 "
      "WHERE n.position_hash = " +
      std::to_string(hash) + " LIMIT 1";
  if (!picker.pick(of_hash.c_str(), one, &family_text)) {
    throw std::runtime_error("the position's game is missing in " + db_path);
  }
  const std::size_t slash = family_text.find('/');
  const Family hash_family = parse_family(family_text.substr(0, slash)).value_or(Family::kOther);
  if (hash_family == Family::kBlokus) hash_variant = family_text.substr(slash + 1);
  Database db(db_path, Database::Mode::kReadOnly);
  const auto run = [&](std::size_t i, const std::function<std::int64_t()>& query) {
    const Measured m = time_query(runs, query);
    (large ? cases[i].large : cases[i].small) = m;
  };
  run(0, [&] {
    GameFilter f;
    f.players = {player};
    return find_games(db, f, [](const GameHit&) { return true; });
  });
  run(1, [&] {
    NodeFilter f;
    f.position_hashes = {static_cast<std::uint64_t>(hash)};
    return find_nodes(db, f, [](const NodeHit&) { return true; });
  });
  run(2, [&] {
    ExplorerQuery q;
    q.family = hash_family;
    q.variant = hash_variant;
    ExplorerImage image;
    image.hash = static_cast<std::uint64_t>(hash);
    q.images.push_back(image);
    return explore_position(db, q).nodes;
  });
  // A stone on the centre of the 11x11 Hex board, first node per game, the
  // first 100 hits; then all of them (grows with the archive).
  NodeFilter has;
  has.game.family = Family::kHex;
  has.game.size = 11;
  has.has = {Occupant{Point{5, 5}, 1}};
  has.first_only = true;
  run(3, [&] {
    NodeFilter f = has;
    f.limit = 100;
    return find_nodes(db, f, [](const NodeHit&) { return true; });
  });
  run(4, [&] { return count_nodes(db, has); });
  NodeFilter swing;
  swing.eval_swing = 1000;
  run(5, [&] {
    NodeFilter f = swing;
    f.limit = 100;
    return find_nodes(db, f, [](const NodeHit&) { return true; });
  });
  run(6, [&] { return count_nodes(db, swing); });
}

}  // namespace

int run_query_bench_command(const std::vector<std::string>& args) {
  po::options_description options("ludex-bench query --work DIR [--small N] [--large N]");
  options.add_options()                                                                          //
      ("help,h", "show this help")                                                               //
      ("work", po::value<std::string>()->required(), "scratch directory (archives, databases)")  //
      ("small", po::value<std::int64_t>()->default_value(10000), "games in the small archive")   //
      ("large", po::value<std::int64_t>()->default_value(100000), "games in the large archive")  //
      ("seed", po::value<std::uint64_t>()->default_value(1), "generator seed")                   //
      ("runs", po::value<int>()->default_value(7), "timed runs per query (median)")              //
      ("jobs", po::value<int>()->default_value(0), "import workers, 0 = one per core");
  const auto parsed = parse_command_line("query", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const fs::path work = vm["work"].as<std::string>();
  const int runs = std::max(1, vm["runs"].as<int>());
  std::vector<QueryCase> cases = {
      {"--player (a player with 10+ games)", {}, {}},
      {"--position (10+ hits)", {}, {}},
      {"next (the same position)", {}, {}},
      {"--has hex B:f6 --first --limit 100", {}, {}},
      {"--has hex B:f6 --first --count", {}, {}},
      {"--eval-swing 1000 --limit 100", {}, {}},
      {"--eval-swing 1000 --count", {}, {}},
  };
  std::int64_t sizes[2] = {vm["small"].as<std::int64_t>(), vm["large"].as<std::int64_t>()};
  for (int side = 0; side < 2; ++side) {
    const std::string name = "q" + std::to_string(sizes[side]);
    const fs::path archive = work / name;
    const std::string db_path = (work / (name + ".db")).string();
    if (!fs::exists(archive)) {
      GeneratorOptions gen;
      gen.games = sizes[side];
      gen.seed = vm["seed"].as<std::uint64_t>();
      const GeneratedArchive a = generate_archive(archive.string(), gen);
      std::cerr << "generated " << a.games << " games, " << a.nodes << " nodes in " << archive
                << "\n";
    }
    if (!fs::exists(db_path)) {
      const ImportRun run = run_import(archive.string(), db_path, vm["jobs"].as<int>());
      std::cerr << "imported " << run.summary.games << " games in " << fixed(run.seconds, 1)
                << " s\n";
    }
    measure(db_path, runs, side == 1, cases);
  }
  std::cout << std::left << std::setw(40) << "query" << std::right << std::setw(10) << "hits"
            << std::setw(10) << "ms" << std::setw(10) << "hits" << std::setw(10) << "ms"
            << std::setw(8) << "ratio"
            << "\n"
            << std::left << std::setw(40) << "" << std::right << std::setw(20)
            << std::to_string(sizes[0]) + " games" << std::setw(20)
            << std::to_string(sizes[1]) + " games"
            << "\n";
  for (const QueryCase& c : cases) {
    const double ratio = c.small.ms > 0 ? c.large.ms / c.small.ms : 0;
    std::cout << std::left << std::setw(40) << c.name << std::right << std::setw(10) << c.small.hits
              << std::setw(10) << fixed(c.small.ms, 2) << std::setw(10) << c.large.hits
              << std::setw(10) << fixed(c.large.ms, 2) << std::setw(8) << fixed(ratio, 2) << "\n";
  }
  return 0;
}

}  // namespace ludex
