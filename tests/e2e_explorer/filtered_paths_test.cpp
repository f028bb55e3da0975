// Filters narrow first (issue 20): `query`, `export` and `next` with a game
// filter give what the unfiltered command gives followed by the filter. On a
// generated archive, each filter set's games from `query` equal every game
// filtered here by the same rule; `export` writes exactly those games; and
// `next` with the filter equals `next` over those games named by id, and a
// plain replay; the web API's /api/games and /api/next (which `ludex serve`
// answers with the same functions) give the same games and moves.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bench/archive_generator.h"
#include "schema/database.h"
#include "serve/api.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

std::string folded(std::string s) {
  for (char& c : s) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return s;
}

bool plays(const nlohmann::json& game, const std::string& name) {
  for (const nlohmann::json& p : game.at("players")) {
    if (folded(p.at("name").get<std::string>()) == folded(name)) return true;
  }
  return false;
}

// The command line's filter options as the API's query parameters.
QueryParams params_of(const std::vector<std::string>& args) {
  QueryParams out;
  for (std::size_t i = 0; i + 1 < args.size(); i += 2)
    out.emplace_back(args[i].substr(2), args[i + 1]);
  return out;
}

// Each move's text and counts, from next --json lines or /api/next's moves.
std::vector<std::string> moves_of(const std::vector<nlohmann::json>& moves) {
  std::vector<std::string> out;
  for (const nlohmann::json& m : moves) {
    out.push_back(m.at("move").get<std::string>() + " " + m.at("games").dump() + " " +
                  m.at("occurrences").dump());
  }
  return out;
}

struct FilterCase {
  std::vector<std::string> args;
  std::function<bool(const nlohmann::json&)> keeps;
};

std::set<std::int64_t> ids_of(const std::vector<nlohmann::json>& games) {
  std::set<std::int64_t> out;
  for (const nlohmann::json& g : games) out.insert(g.at("game_id").get<std::int64_t>());
  return out;
}

}  // namespace

TEST_CASE("each filtered path equals the unfiltered path followed by the filter",
          "[e2e][explorer][filters]") {
  ScratchDir dir("e2e-filtered-paths");
  GeneratorOptions options;
  options.games = 3000;
  options.seed = 29;
  options.jobs = 1;
  const std::string generated = (dir.path() / "generated").string();
  generate_archive(generated, options);
  const std::string db = dir / "f.db";
  import_paths(db, {generated});

  const std::vector<nlohmann::json> all =
      json_lines(run_ludex_ok({"query", "--db", db, "--json", "--limit", "1000000"}).out);
  REQUIRE(all.size() == 3000);
  // A player of many Go games, and one of the first Hex game.
  std::string go_player;
  {
    std::map<std::string, int> go_games;
    for (const nlohmann::json& g : all) {
      if (g.at("family") != "go") continue;
      for (const nlohmann::json& p : g.at("players")) ++go_games[p.at("name").get<std::string>()];
    }
    go_player = std::max_element(go_games.begin(), go_games.end(), [](auto& a, auto& b) {
                  return a.second < b.second;
                })->first;
  }
  const nlohmann::json& first_hex = *std::find_if(
      all.begin(), all.end(), [](const nlohmann::json& g) { return g.at("family") == "hex"; });
  const std::string first_player = first_hex.at("players").at(0).at("name").get<std::string>();

  const std::vector<FilterCase> cases = {
      {{"--player", go_player}, [&](const nlohmann::json& g) { return plays(g, go_player); }},
      {{"--player", first_player, "--family", "hex"},
       [&](const nlohmann::json& g) { return plays(g, first_player) && g.at("family") == "hex"; }},
      {{"--family", "go", "--date-from", "2010-01-01", "--date-to", "2015-12-31"},
       [](const nlohmann::json& g) {
         const std::string d = g.at("date").get<std::string>();
         return g.at("family") == "go" && d >= "2010-01-01" && !d.empty() && d <= "2015-12-31";
       }},
      {{"--winner", "2", "--moves-min", "60"},
       [](const nlohmann::json& g) { return g.at("winner") == 2 && g.at("moves") >= 60; }},
      {{"--family", "blokus", "--variant", "blokus duo"},
       [](const nlohmann::json& g) {
         return g.at("family") == "blokus" &&
                folded(g.at("variant").get<std::string>()) == "blokus duo";
       }},
  };
  for (const FilterCase& c : cases) {
    std::string shown;
    for (const std::string& a : c.args) shown += a + " ";
    INFO("filter: " << shown);
    std::vector<nlohmann::json> kept;
    std::copy_if(all.begin(), all.end(), std::back_inserter(kept), c.keeps);
    REQUIRE(!kept.empty());
    const std::set<std::int64_t> expected = ids_of(kept);

    // query
    std::vector<std::string> query = {"query", "--db", db, "--json", "--limit", "1000000"};
    query.insert(query.end(), c.args.begin(), c.args.end());
    CHECK(ids_of(json_lines(run_ludex_ok(query).out)) == expected);
    std::vector<std::string> count = {"query", "--db", db, "--count"};
    count.insert(count.end(), c.args.begin(), c.args.end());
    CHECK(run_ludex_ok(count).out == std::to_string(expected.size()) + "\n");

    // export: one file per game, exactly the filter's games.
    const std::filesystem::path out = dir.path() / ("export-" + std::to_string(expected.size()));
    std::filesystem::remove_all(out);
    std::vector<std::string> exported = {"export", "--db", db, "--quiet", "--out", out.string()};
    exported.insert(exported.end(), c.args.begin(), c.args.end());
    run_ludex_ok(exported);
    std::size_t files = 0;
    for (const auto& e : std::filesystem::recursive_directory_iterator(out)) {
      if (e.is_regular_file()) ++files;
    }
    CHECK(files == expected.size());

    // The API's search: the same games, and their total.
    Database database(db, Database::Mode::kReadOnly);
    QueryParams search = params_of(c.args);
    search.emplace_back("limit", "1000");
    const ApiResponse page = api_games(database, search);
    REQUIRE(page.status == 200);
    const nlohmann::json body = nlohmann::json::parse(page.body);
    CHECK(body.at("total").get<std::size_t>() == expected.size());
    CHECK(ids_of(body.at("hits").get<std::vector<nlohmann::json>>()) == expected);

    // next, for a filter on Go games: the filter's games named one by one,
    // and a replay, give the same moves.
    if (std::none_of(kept.begin(), kept.end(),
                     [](const nlohmann::json& g) { return g.at("family") == "go"; })) {
      continue;
    }
    std::vector<std::string> next = {"next",     "--db", db,       "--json",
                                     "--family", "go",   "--size", "19"};
    std::vector<std::string> by_id = next;
    for (std::size_t i = 0; i < c.args.size(); ++i) {
      if (c.args[i] == "--family") {
        ++i;  // next names the family itself
        continue;
      }
      next.push_back(c.args[i]);
    }
    for (const nlohmann::json& g : kept) {
      if (g.at("family") == "go") {
        by_id.insert(by_id.end(), {"--game", std::to_string(g.at("game_id").get<std::int64_t>())});
      }
    }
    const std::string filtered = run_ludex_ok(next).out;
    CHECK(filtered == run_ludex_ok(by_id).out);
    // The API's explorer: the same moves.
    QueryParams explore = params_of(std::vector<std::string>(next.begin() + 4, next.end()));
    const ApiResponse moves = api_next(database, explore);
    REQUIRE(moves.status == 200);
    CHECK(moves_of(
              nlohmann::json::parse(moves.body).at("moves").get<std::vector<nlohmann::json>>()) ==
          moves_of(json_lines(filtered)));
    next.push_back("--replay");
    CHECK(filtered == run_ludex_ok(next).out);
  }
}

}  // namespace ludex::test
