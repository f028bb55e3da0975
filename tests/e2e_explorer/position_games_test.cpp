// The games at a position from the explorer's postings (issue 19,
// schema/explorer/position_games.h) are exactly the plain SQL plan's: on a generated
// archive and real Go games, at the empty board and common and rare positions of every board
// a few moves in, with and without symmetries, in every order and both
// directions, paged, with date, player and event filters, both plans (an
// index walk, a sort of the set) give the SQL plan's hits (game, node,
// order) and its count. Migration 9 adds the result order's index.
#include <catch2/catch.hpp>
#include <string>
#include <tuple>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "bench/archive_generator.h"
#include "games/symmetry.h"
#include "query/position_target.h"
#include "schema/database.h"
#include "schema/explorer/position_games.h"
#include "schema/position_query.h"
#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"

namespace ludex::test {
namespace {

using Hit = std::tuple<std::int64_t, std::int64_t, std::int32_t, std::int32_t, bool, std::uint64_t>;
using GamesPlan = NodeFilter::GamesPlan;

std::vector<Hit> hits_of(Database& db, const NodeFilter& filter) {
  std::vector<Hit> out;
  find_nodes(db, filter, [&](const NodeHit& h) {
    out.emplace_back(h.game.game_id, h.node_id, h.depth, h.move_number, h.main_line,
                     h.position_hash);
    return true;
  });
  return out;
}

// A column's most frequent non-empty value in the archive, "" if none.
std::string most_common(SQLite::Database& raw, const std::string& sql) {
  SQLite::Statement st(raw, sql);
  return st.executeStep() ? st.getColumn(0).getString() : std::string();
}

}  // namespace

TEST_CASE("the games at a position from the postings are the SQL plan's, in every order",
          "[e2e][explorer]") {
  ScratchDir dir("e2e-position-games");
  GeneratorOptions options;
  options.games = 1200;
  options.seed = 23;
  options.jobs = 1;
  const std::string generated = (dir.path() / "generated").string();
  generate_archive(generated, options);
  const std::string path = dir / "x.db";
  import_paths(path, {generated, (corpus_dir() / "go" / "gnugo").string()});

  // Nodes a few moves in: the most common positions (kept by the explorer)
  // and rarer ones (answered from their nodes), of every family.
  std::vector<std::int64_t> nodes;
  std::string player;
  std::string event;
  std::string year_from;
  std::string year_to;
  {
    SQLite::Database raw(path, SQLite::OPEN_READONLY);
    SQLite::Statement common(raw,
                             "SELECT min(node_id), count(*) AS c FROM nodes WHERE depth "
                             "BETWEEN 0 AND 3 AND position_hash IS NOT NULL "
                             "GROUP BY position_hash HAVING c >= 6 ORDER BY c DESC");
    int rank = 0;
    while (common.executeStep()) {
      // The eight most common, then every 25th of the rest.
      if (rank < 8 || rank % 25 == 0) nodes.push_back(common.getColumn(0).getInt64());
      ++rank;
    }
    player = most_common(raw,
                         "SELECT p.name FROM players AS p JOIN game_players AS gp "
                         "ON gp.player_id = p.player_id GROUP BY p.player_id "
                         "ORDER BY count(*) DESC LIMIT 1");
    event = most_common(raw,
                        "SELECT event FROM games WHERE event <> '' GROUP BY event "
                        "ORDER BY count(*) DESC LIMIT 1");
    year_from = most_common(raw, "SELECT substr(min(date), 1, 4) + 2 FROM games");
    year_to = most_common(raw, "SELECT substr(max(date), 1, 4) - 2 FROM games");
  }
  REQUIRE(nodes.size() > 10);
  REQUIRE(!player.empty());
  REQUIRE(!year_from.empty());

  Database db(path, Database::Mode::kReadOnly);
  std::vector<PositionTarget> targets;
  for (const std::int64_t node : nodes) {
    Result<PositionTarget> t = position_from_game(db, "node:" + std::to_string(node));
    REQUIRE(t.ok());
    targets.push_back(std::move(*t));
  }

  struct Page {
    std::int64_t offset;
    std::int64_t limit;
  };
  const std::vector<Page> pages = {{0, 50}, {13, 20}, {90, 40}};
  int answered = 0;
  bool ties = false;
  for (const PositionTarget& target : targets) {
    for (const bool symmetric : {false, true}) {
      NodeFilter base;
      base.first_only = true;
      base.game.family = target.shape.family;
      if (target.shape.family == Family::kBlokus) {
        base.game.variant = target.shape.variant;
      } else {
        base.game.size = target.shape.columns;
      }
      base.position_hashes = symmetric
                                 ? symmetric_hashes(target.shape, target.occupants, target.links)
                                 : std::vector<std::uint64_t>{target.hash};
      if (symmetric && base.position_hashes.size() == 1) continue;  // asked already
      for (int condition = 0; condition < 4; ++condition) {
        NodeFilter f = base;
        if (condition == 1) {
          f.game.date_from = year_from;
          f.game.date_to = year_to;
        } else if (condition == 2) {
          f.game.players = {player};
        } else if (condition == 3) {
          if (event.empty()) continue;
          f.game.event = event;
        }
        for (const GameOrder order :
             {GameOrder::kGameId, GameOrder::kDate, GameOrder::kPlayer, GameOrder::kResult}) {
          for (const bool descending : {false, true}) {
            f.game.order = order;
            f.game.descending = descending;
            f.games_plan = GamesPlan::kSql;
            const std::vector<Hit> all = hits_of(db, f);
            const std::int64_t total = count_nodes(db, f);
            INFO("position " << target.hash << " symmetric " << symmetric << " condition "
                             << condition << " order " << game_order_name(order) << " descending "
                             << descending);
            REQUIRE(total == static_cast<std::int64_t>(all.size()));
            for (const GamesPlan plan : {GamesPlan::kWalk, GamesPlan::kSort}) {
              f.games_plan = plan;
              const std::optional<std::int64_t> counted = count_position_games(db, f);
              if (!counted) continue;  // no image kept: the SQL plan answers
              ++answered;
              CHECK(*counted == total);
              CHECK(count_nodes(db, f) == total);
              for (const Page& page : pages) {
                f.offset = page.offset;
                f.limit = page.limit;
                const auto from = std::min<std::size_t>(all.size(), page.offset);
                const auto to = std::min<std::size_t>(all.size(), page.offset + page.limit);
                const std::vector<Hit> expected(all.begin() + from, all.begin() + to);
                std::vector<Hit> got;
                const std::optional<std::int64_t> visited =
                    find_position_games(db, f, [&](const NodeHit& h) {
                      got.emplace_back(h.game.game_id, h.node_id, h.depth, h.move_number,
                                       h.main_line, h.position_hash);
                      return true;
                    });
                REQUIRE(visited);
                CHECK(*visited == static_cast<std::int64_t>(got.size()));
                CHECK(got == expected);
                if (page.offset == 0) CHECK(hits_of(db, f) == expected);  // find_nodes takes it
              }
              f.offset = 0;
              f.limit.reset();
            }
            // Games of equal keys in the first page: a tie order that is not
            // by increasing game id would show.
            if (order == GameOrder::kDate && condition == 0 && all.size() > 40) {
              std::int64_t previous_date_game = 0;
              std::string previous_date;
              for (std::size_t i = 0; i < 40; ++i) {
                GameFilter one;
                one.game_ids = {std::get<0>(all[i])};
                GameHit game;
                find_games(db, one, [&](const GameHit& g) {
                  game = g;
                  return false;
                });
                if (previous_date_game != 0 && game.date == previous_date) ties = true;
                previous_date = game.date;
                previous_date_game = game.game_id;
              }
            }
          }
        }
      }
    }
  }
  // Most positions are kept, every order had games with equal keys.
  CHECK(answered > 400);
  CHECK(ties);
}

TEST_CASE("migration 9 adds the result order's index, and the games list walks it",
          "[e2e][explorer]") {
  ScratchDir dir("e2e-position-games-upgrade");
  const std::string go = (corpus_dir() / "go" / "gnugo").string();
  const std::string db = dir / "x.db";
  import_paths(db, {go});
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version8(raw);
  }
  const std::vector<std::string> args = {"query",  "--db",   db,        "--family", "go",
                                         "--size", "19",     "--line",  "",         "--first",
                                         "--sort", "result", "--limit", "30"};
  CHECK(run_ludex(args).exit_code == 1);  // must be upgraded
  run_ludex_ok({"import", "--db", db, go});
  {
    SQLite::Database raw(db, SQLite::OPEN_READONLY);
    CHECK(raw.execAndGet("PRAGMA user_version").getInt() == kSchemaVersion);
    CHECK(raw.execAndGet("SELECT count(*) FROM sqlite_schema WHERE name = 'games_by_result'")
              .getInt() == 1);
  }
  Database database(db, Database::Mode::kReadOnly);
  const Result<PositionTarget> empty = position_from_line(Family::kGo, "", 19, "");
  REQUIRE(empty.ok());
  NodeFilter f;
  f.first_only = true;
  f.game.family = Family::kGo;
  f.game.size = 19;
  f.game.order = GameOrder::kResult;
  f.position_hashes = {empty->hash};
  f.games_plan = GamesPlan::kSql;
  const std::vector<Hit> expected = hits_of(database, f);
  REQUIRE(expected.size() > 500);
  f.games_plan = GamesPlan::kWalk;
  CHECK(hits_of(database, f) == expected);
  CHECK(count_nodes(database, f) == static_cast<std::int64_t>(expected.size()));
}

}  // namespace ludex::test
