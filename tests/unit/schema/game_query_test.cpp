// find_games / count_games: every filter, wildcards, two players,
// case-insensitivity, SQL metacharacters in user text, and index use.
#include <algorithm>

#include <catch2/catch.hpp>

#include "schema/game_query.h"
#include "schema/game_store.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::TempDir;

class QueryFixture {
 public:
  QueryFixture() : db_(dir_.file("q.ludex"), Database::Mode::kReadWrite) {
    using testing::make_simple_game;
    std::vector<GameRecord> a = {
        make_simple_game(Family::kHex, {"Alice Smith", "Bob O'Brien"}, "2020-01-15", "Hex Cup 2020",
                         "B+R", 10),
        make_simple_game(Family::kHex, {"Bob O'Brien", "Carol"}, "2020-06-01", "Summer Open", "W+",
                         20),
        make_simple_game(Family::kTwixt, {"100% Pure", "a_b"}, "2021-02-03", "", "", 5),
    };
    a[2].variant = "PP";
    std::vector<GameRecord> b = {
        make_simple_game(Family::kGo, {"Zoë Ünal", "q?mark [bracket]"}, "2019-12-31", "Kisei",
                         "W+0.5", 0),
        make_simple_game(Family::kBlokus, {"Alice Smith", "Carol"}, "", "", "", 8),
        make_simple_game(Family::kHex, {"axb", "100x Pure"}, "2020-01", "hex cup", "B+", 3),
    };
    b[2].columns = 11;
    b[2].rows = 11;
    testing::store_games(db_, "a.sgf", a);
    testing::store_games(db_, "b.sgf", b);
  }

  // Game ids of the hits, in the order visited; checks count_games agrees.
  std::vector<std::int64_t> ids(const GameFilter& filter) {
    std::vector<std::int64_t> out;
    const std::int64_t n = find_games(db_, filter, [&](const GameHit& hit) {
      out.push_back(hit.game_id);
      return true;
    });
    CHECK(n == static_cast<std::int64_t>(out.size()));
    CHECK(count_games(db_, filter) == n);
    return out;
  }

  std::vector<std::int64_t> players(std::vector<std::string> names) {
    GameFilter f;
    f.players = std::move(names);
    return ids(f);
  }

  Database& db() { return db_; }

 private:
  TempDir dir_;
  Database db_;
};

using Ids = std::vector<std::int64_t>;

TEST_CASE_METHOD(QueryFixture, "no filter finds every game in id order", "[schema]") {
  CHECK(ids(GameFilter{}) == Ids{1, 2, 3, 4, 5, 6});
}

TEST_CASE_METHOD(QueryFixture, "hits carry the game's file, players and header", "[schema]") {
  GameFilter f;
  f.players = {"zoë*"};
  std::vector<GameHit> hits;
  find_games(db(), f, [&](const GameHit& h) {
    hits.push_back(h);
    return true;
  });
  REQUIRE(hits.size() == 1);
  const GameHit& h = hits[0];
  CHECK(h.game_id == 4);
  CHECK(h.file == "b.sgf");
  CHECK(h.game_index == 0);
  CHECK(h.family == Family::kGo);
  CHECK(h.players == std::vector<SeatPlayer>{{1, "Zoë Ünal"}, {2, "q?mark [bracket]"}});
  CHECK(h.result == "W+0.5");
  CHECK(h.winner == 2);
  CHECK(h.date == "2019-12-31");
  CHECK(h.event == "Kisei");
  CHECK(h.moves == 0);
}

TEST_CASE_METHOD(QueryFixture, "player names match either seat, case-insensitively", "[schema]") {
  CHECK(players({"alice smith"}) == Ids{1, 5});
  CHECK(players({"ALICE SMITH"}) == Ids{1, 5});
  CHECK(players({"bob o'brien"}) == Ids{1, 2});
  CHECK(players({"carol"}) == Ids{2, 5});
  CHECK(players({"ZOË ÜNAL"}) == Ids{4});
  CHECK(players({"alice"}).empty());
}

TEST_CASE_METHOD(QueryFixture, "'*' matches any run of characters", "[schema]") {
  CHECK(players({"alice*"}) == Ids{1, 5});
  CHECK(players({"*SMITH"}) == Ids{1, 5});
  CHECK(players({"*o'b*"}) == Ids{1, 2});
  CHECK(players({"*"}) == Ids{1, 2, 3, 4, 5, 6});
  CHECK(players({"q*mark*"}) == Ids{4});
}

TEST_CASE_METHOD(QueryFixture, "SQL and GLOB metacharacters in user text are literal", "[schema]") {
  CHECK(players({"100% pure"}) == Ids{3});
  CHECK(players({"100%*"}) == Ids{3});
  CHECK(players({"a_b"}) == Ids{3});
  CHECK(players({"q?mark [bracket]"}) == Ids{4});
  CHECK(players({"*[bracket]"}) == Ids{4});
  CHECK(players({"?*"}).empty());
  CHECK(players({"x' OR '1'='1"}).empty());
  CHECK(players({"'; DROP TABLE games; --"}).empty());
  GameFilter event;
  event.event = "%";
  CHECK(ids(event).empty());
  CHECK(ids(GameFilter{}).size() == 6);  // still there
}

TEST_CASE_METHOD(QueryFixture, "two players: games between the two", "[schema]") {
  CHECK(players({"alice*", "carol"}) == Ids{5});
  CHECK(players({"BOB*", "alice smith"}) == Ids{1});
  CHECK(players({"bob*", "carol"}) == Ids{2});
  CHECK(players({"carol", "bob*"}) == Ids{2});
  // The same player cannot fill both seats.
  CHECK(players({"alice*", "alice smith"}).empty());
  CHECK(players({"*", "*"}) == Ids{1, 2, 3, 4, 5, 6});
  CHECK(players({"alice*", ""}) == Ids{1, 5});
}

TEST_CASE_METHOD(QueryFixture, "header filters", "[schema]") {
  GameFilter f;
  f.family = Family::kHex;
  CHECK(ids(f) == Ids{1, 2, 6});

  f = {};
  f.variant = "PP";
  CHECK(ids(f) == Ids{3});

  f = {};
  f.size = 11;
  CHECK(ids(f) == Ids{6});
  f.size = 13;
  CHECK(ids(f) == Ids{1, 2, 3, 4, 5});

  f = {};
  f.event = "hex cup*";
  CHECK(ids(f) == Ids{1, 6});
  f.event = "SUMMER OPEN";
  CHECK(ids(f) == Ids{2});

  // Folded beyond ASCII, on both sides.
  f.event = "KISEI";
  CHECK(ids(f) == Ids{4});

  f = {};
  f.result = "b+*";
  CHECK(ids(f) == Ids{1, 6});
  f.result = "w+";
  CHECK(ids(f) == Ids{2});

  f = {};
  f.winner = 2;
  CHECK(ids(f) == Ids{2, 4});

  f = {};
  f.moves_min = 10;
  CHECK(ids(f) == Ids{1, 2});
  f = {};
  f.moves_max = 5;
  CHECK(ids(f) == Ids{3, 4, 6});
  f.moves_min = 4;
  CHECK(ids(f) == Ids{3});

  f = {};
  f.family = Family::kHex;
  f.players = {"bob*"};
  f.event = "*cup*";
  CHECK(ids(f) == Ids{1});
}

TEST_CASE_METHOD(QueryFixture, "date bounds are inclusive; date_to matches as a prefix",
                 "[schema]") {
  GameFilter f;
  f.date_from = "2020-06";
  CHECK(ids(f) == Ids{2, 3});
  f = {};
  f.date_to = "2020-01";
  CHECK(ids(f) == Ids{1, 4, 6});
  f = {};
  f.date_to = "2020-01-15";
  CHECK(ids(f) == Ids{1, 4, 6});
  f = {};
  f.date_from = "2020-01-10";
  f.date_to = "2020";
  CHECK(ids(f) == Ids{1, 2});
  f = {};
  f.date_from = "2020-01-15";
  f.date_to = "2020-01-15";
  CHECK(ids(f) == Ids{1});
}

TEST_CASE_METHOD(QueryFixture, "limit and early stop", "[schema]") {
  GameFilter f;
  f.limit = 2;
  CHECK(ids(f) == Ids{1, 2});
  f.players = {"carol"};
  f.limit = 1;
  CHECK(ids(f) == Ids{2});

  std::vector<std::int64_t> seen;
  const std::int64_t n = find_games(db(), GameFilter{}, [&](const GameHit& h) {
    seen.push_back(h.game_id);
    return seen.size() < 3;
  });
  CHECK(n == 3);
  CHECK(seen == Ids{1, 2, 3});
}

TEST_CASE_METHOD(QueryFixture, "sorting by result: seat 1's wins, seat 2's, then no winner",
                 "[schema]") {
  // Winners: 1 (B+R) and 6 (B+) seat 1; 2 (W+) and 4 (W+0.5) seat 2; 3 and 5
  // none. Within a seat by RE's text; games without a winner stay last.
  GameFilter f;
  f.order = GameOrder::kResult;
  CHECK(ids(f) == Ids{6, 1, 2, 4, 3, 5});
  f.descending = true;
  CHECK(ids(f) == Ids{4, 2, 1, 6, 3, 5});
  f.offset = 2;
  f.limit = 2;
  CHECK(ids(f) == Ids{1, 6});
  CHECK(parse_game_order("result") == GameOrder::kResult);
  CHECK(game_order_name(GameOrder::kResult) == "result");
}

bool plan_mentions(const std::vector<std::string>& plan, const std::string& text) {
  return std::any_of(plan.begin(), plan.end(),
                     [&](const std::string& line) { return line.find(text) != std::string::npos; });
}

TEST_CASE_METHOD(QueryFixture, "the player search uses the player indexes", "[schema]") {
  for (const char* name : {"alice smith", "alice*"}) {
    GameFilter f;
    f.players = {name};
    const std::vector<std::string> plan = explain_find_games(db(), f);
    INFO("pattern " << name);
    for (const std::string& line : plan) UNSCOPED_INFO(line);
    CHECK(plan_mentions(plan, "INDEX players_by_folded (name_folded>? AND name_folded<?)"));
    CHECK(plan_mentions(plan, "INDEX game_players_by_player (player_id=?)"));
    CHECK(plan_mentions(plan, "SEARCH g USING INTEGER PRIMARY KEY"));
    CHECK(std::find(plan.begin(), plan.end(), "SCAN g") == plan.end());  // no full scan
  }
  // A leading wildcard cannot use the name range; the search still runs on
  // the indexes (whichever way round the planner takes them), not on games.
  GameFilter f;
  f.players = {"*smith"};
  const std::vector<std::string> plan = explain_find_games(db(), f);
  for (const std::string& line : plan) UNSCOPED_INFO(line);
  CHECK(plan_mentions(plan, "COVERING INDEX game_players_by_player"));
  CHECK(std::find(plan.begin(), plan.end(), "SCAN g") == plan.end());  // no full scan
}

TEST_CASE_METHOD(QueryFixture, "the family filter uses the games index", "[schema]") {
  GameFilter f;
  f.family = Family::kHex;
  CHECK(plan_mentions(explain_find_games(db(), f), "INDEX games_by_family (family=?)"));
}

TEST_CASE_METHOD(QueryFixture, "an event with a literal start is a range of games_by_event",
                 "[schema]") {
  for (const char* event : {"hex cup 2020", "HEX*", "summer open"}) {
    GameFilter f;
    f.event = event;
    f.family = Family::kHex;
    const std::vector<std::string> plan = explain_find_games(db(), f);
    INFO("event " << event);
    for (const std::string& line : plan) UNSCOPED_INFO(line);
    CHECK(plan_mentions(plan, "INDEX games_by_event (event_folded>? AND event_folded<?)"));
  }
}

TEST_CASE("an event beyond ASCII is found in any case", "[schema]") {
  TempDir dir;
  Database db(dir.file("e.ludex"), Database::Mode::kReadWrite);
  testing::store_games(
      db, "e.sgf",
      {testing::make_simple_game(Family::kGo, {"A", "B"}, "2020", "Coupe d'ÉTÉ", "B+", 4),
       testing::make_simple_game(Family::kGo, {"A", "B"}, "2020", "Été", "B+", 4)});
  GameFilter f;
  f.event = "coupe d'été";
  CHECK(count_games(db, f) == 1);
  f.event = "ÉTÉ*";
  CHECK(count_games(db, f) == 1);
  f.event = "*été";
  CHECK(count_games(db, f) == 2);
  CHECK(db.handle().execAndGet("SELECT event_folded FROM games WHERE game_id = 1").getString() ==
        "coupe d'été");
}

}  // namespace
}  // namespace ludex
