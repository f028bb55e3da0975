// End-to-end: events through the real `ludex`, on tournaments written the
// way real files write them (one SGF game per record, EV, RO, DT, PB/PW,
// RE, HA) and on the real Little Golem groups of ../shared/corpus/: the
// events found (kind, games, players, parts cut by dates, Little Golem
// levels), the standings and tables of `ludex event`, the kept events
// through re-import, --prune and merge, `ludex check`, a schema-13
// database upgraded, and bad input.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>

#include <SQLiteCpp/Database.h>

#include "tests/support/e2e_support.h"
#include "tests/support/schema_downgrade.h"
#include "tests/support/test_files.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Distinct moves for every game written here: the archive would take two
// games with the same moves for copies of one game.
int next_serial() {
  static int serial = 0;
  return serial++;
}

std::string go_point(int n) {
  const std::string letters = "abcdefghijklmnopqrs";
  return std::string(1, letters[static_cast<std::size_t>(n % 19)]) +
         letters[static_cast<std::size_t>((n / 19) % 19)];
}

struct GoGame {
  std::string event;
  std::string round;
  std::string date;
  std::string black;
  std::string white;
  std::string result;  // RE as written; "" none
  int handicap = 0;
};

std::string go_sgf(const GoGame& g) {
  const int serial = next_serial();
  std::string s = "(;FF[4]GM[1]SZ[19]EV[" + g.event + "]";
  if (!g.round.empty()) s += "RO[" + g.round + "]";
  if (!g.date.empty()) s += "DT[" + g.date + "]";
  s += "PB[" + g.black + "]PW[" + g.white + "]";
  if (!g.result.empty()) s += "RE[" + g.result + "]";
  const int a = 60 + serial % 240;  // away from the handicap points
  const int b = 300 + serial / 240;
  if (g.handicap > 0) {
    s += "HA[" + std::to_string(g.handicap) + "]AB[dd][pp];W[" + go_point(a) + "];B[" +
         go_point(b) + "])\n";
  } else {
    s += ";B[" + go_point(a) + "];W[" + go_point(b) + "])\n";
  }
  return s;
}

void write_games(const fs::path& file, const std::vector<GoGame>& games) {
  std::ofstream out(file, std::ios::binary);
  for (const GoGame& g : games) out << go_sgf(g);
}

std::string player(int i) {
  return "P" + std::string(i < 9 ? "0" : "") + std::to_string(i + 1);
}

Json event_json(const std::string& db, const std::vector<std::string>& more) {
  std::vector<std::string> args = {"event", "--db", db, "--json"};
  args.insert(args.end(), more.begin(), more.end());
  const RunResult r = run_ludex_ok(args);
  return Json::parse(r.out);
}

std::vector<Json> events_json(const std::string& db, const std::vector<std::string>& more = {}) {
  std::vector<std::string> args = {"events", "--db", db, "--json"};
  args.insert(args.end(), more.begin(), more.end());
  return json_lines(run_ludex_ok(args).out);
}

const Json& standing_of(const Json& page, const std::string& name) {
  for (const Json& s : page["standings"]) {
    if (s["name"] == name) return s;
  }
  FAIL("no standing of " << name);
  return page;
}

// A double round robin of 10 (every pair twice, each with each colour), the
// better player (lower number) winning every game; the first game of P03
// and P07 has no result and is played again (a third game, RO 10).
// By hand: P01 wins 18 games, P02 16, ..., P10 0; Sonneborn-Berger of P01
// = 2 x (16 + 14 + ... + 0) = 144, of P03 = 2 x (12 + 10 + ... + 0) = 84.
std::vector<GoGame> double_round_robin() {
  std::vector<GoGame> games;
  for (int i = 0; i < 10; ++i) {
    for (int j = i + 1; j < 10; ++j) {
      const bool replay = i == 2 && j == 6;
      games.push_back({"Club League 2019", "1", "2019-03-0" + std::to_string(1 + j % 9), player(i),
                       player(j), replay ? "" : "B+R"});
      games.push_back({"Club League 2019", "10", "2019-04-0" + std::to_string(1 + i % 9), player(j),
                       player(i), "W+R"});
      if (replay) {
        games.push_back({"Club League 2019", "10", "2019-04-20", player(i), player(j), "B+3.5"});
      }
    }
  }
  return games;
}

// The pairings of a 40-player round robin by the circle method, round r
// (0-based): player indices.
std::vector<std::pair<int, int>> circle_round(int players, int r) {
  std::vector<int> order(static_cast<std::size_t>(players));
  order[0] = 0;
  for (int k = 1; k < players; ++k) {
    order[static_cast<std::size_t>(k)] = 1 + (k - 1 + r) % (players - 1);
  }
  std::vector<std::pair<int, int>> pairs;
  for (int k = 0; k < players / 2; ++k) {
    pairs.emplace_back(order[static_cast<std::size_t>(k)],
                       order[static_cast<std::size_t>(players - 1 - k)]);
  }
  return pairs;
}

}  // namespace

TEST_CASE("events: a double round robin of 10 with a replayed pair", "[e2e][events]") {
  ScratchDir dir("e2e-events-rr");
  write_games(dir.path() / "league.sgf", double_round_robin());
  const std::string db = dir / "e.db";
  import_paths(db, {dir.path().string()});

  const std::vector<Json> list = events_json(db);
  REQUIRE(list.size() == 1);
  CHECK(list[0]["name"] == "Club League 2019");
  CHECK(list[0]["kind"] == "round-robin");
  CHECK(list[0]["games"] == 91);
  CHECK(list[0]["players"] == 10);
  CHECK(list[0]["rounds"] == 10);
  CHECK(list[0]["first_date"] == "2019-03-01");
  CHECK(list[0]["last_date"] == "2019-04-20");

  const Json page = event_json(db, {"Club League 2019"});
  CHECK(page["kind"] == "round-robin");
  CHECK(page["tie_breaks"] == Json::array({"sonneborn-berger", "direct", "wins"}));
  REQUIRE(page["standings"].size() == 10);
  for (int i = 0; i < 10; ++i) {
    const Json& s = page["standings"][static_cast<std::size_t>(i)];
    CHECK(s["name"] == player(i));
    CHECK(s["rank"] == i + 1);
    CHECK(s["score"] == 18 - 2 * i);
  }
  CHECK(standing_of(page, "P01")["tie_breaks"]["sonneborn-berger"] == 144);
  CHECK(standing_of(page, "P03")["tie_breaks"]["sonneborn-berger"] == 84);
  CHECK(standing_of(page, "P03")["unscored"] == 1);
  // P03 (row 3) against P07 (column 7): three games in date order, the
  // first unscored with Black, then a win with White, then the replay.
  const Json& cell = page["crosstable"][2]["cells"][6];
  REQUIRE(cell.size() == 3);
  CHECK(cell[0]["result"] == "?");
  CHECK(cell[0]["seat"] == 1);
  CHECK(cell[1]["result"] == "1");
  CHECK(cell[1]["seat"] == 2);
  CHECK(cell[2]["result"] == "1");
  REQUIRE(page["unplaced"].size() == 1);
  CHECK(page["unplaced"][0]["why"] == "no result: not scored");

  // 3-1-0 scoring and another order of tie-breaks.
  const Json three =
      event_json(db, {"club league 2019", "--scoring", "3,1,0", "--tie-breaks", "wins,buchholz"});
  CHECK(three["standings"][0]["score"] == 54);
  CHECK(three["tie_breaks"] == Json::array({"wins", "buchholz"}));
  // The terminal table: the crosstable with the replayed pair's cell.
  const RunResult text = run_ludex_ok({"event", "--db", db, "Club League 2019"});
  CHECK(text.out.find("kind: round-robin (every two of the 10 players met") != std::string::npos);
  CHECK(text.out.find("?b1w1b") != std::string::npos);
}

TEST_CASE("events: a 7-round Swiss of 40 with byes and an absentee", "[e2e][events]") {
  ScratchDir dir("e2e-events-swiss");
  // The better player wins; P40 leaves after round 3, so from round 4 its
  // opponent of the circle has no game (a bye: the files record none).
  std::vector<GoGame> games;
  std::set<int> bye_of_round4;
  for (int r = 0; r < 7; ++r) {
    for (const auto& [a, b] : circle_round(40, r)) {
      if (r >= 3 && (a == 39 || b == 39)) {
        if (r == 3) bye_of_round4.insert(a == 39 ? b : a);
        continue;
      }
      const int better = std::min(a, b);
      const bool better_black = (r + a + b) % 2 == 0;
      GoGame g{
          "Autumn Open", std::to_string(r + 1), "2020-10-0" + std::to_string(r + 1), "", "", ""};
      g.black = player(better_black ? better : std::max(a, b));
      g.white = player(better_black ? std::max(a, b) : better);
      g.result = better_black ? "B+R" : "W+R";
      games.push_back(g);
    }
  }
  write_games(dir.path() / "open.sgf", games);
  const std::string db = dir / "e.db";
  import_paths(db, {dir.path().string()});
  const std::vector<Json> list = events_json(db);
  REQUIRE(list.size() == 1);
  CHECK(list[0]["kind"] == "swiss");
  CHECK(list[0]["players"] == 40);
  CHECK(list[0]["rounds"] == 7);
  CHECK(list[0]["games"] == 20 * 3 + 19 * 4);

  const Json page = event_json(db, {"Autumn Open"});
  CHECK(page["kind"] == "swiss");
  CHECK(page["tie_breaks"] == Json::array({"buchholz", "sosos", "sonneborn-berger"}));
  // P01 wins all seven.
  CHECK(page["standings"][0]["name"] == "P01");
  CHECK(page["standings"][0]["score"] == 7);
  REQUIRE(page["rounds"]["count"] == 7);
  // P40's row: three games, then nothing.
  const Json* absent = nullptr;
  for (const Json& row : page["rounds"]["rows"]) {
    if (row["name"] == "P40") absent = &row;
  }
  REQUIRE(absent != nullptr);
  for (int r = 0; r < 7; ++r) {
    CHECK((*absent)["rounds"][static_cast<std::size_t>(r)].size() == (r < 3 ? 1U : 0U));
  }
  CHECK(standing_of(page, "P40")["games"] == 3);
  // The bye of round 4: an empty cell.
  REQUIRE(bye_of_round4.size() == 1);
  for (const Json& row : page["rounds"]["rows"]) {
    if (row["name"] == player(*bye_of_round4.begin())) CHECK(row["rounds"][3].empty());
  }
  CHECK(page["unplaced"].empty());
}

TEST_CASE("events: a McMahon Go tournament with handicaps", "[e2e][events]") {
  ScratchDir dir("e2e-events-mcmahon");
  // Three rounds of six; round 1's first board is a two-stone game P04
  // (Black, taking two stones) against P01 (White), won by White.
  const std::vector<GoGame> games = {
      {"Kyu Cup", "1", "2021-05-01", "P04", "P01", "W+4.5", 2},
      {"Kyu Cup", "1", "2021-05-01", "P02", "P05", "B+R"},
      {"Kyu Cup", "1", "2021-05-01", "P03", "P06", "B+R"},
      {"Kyu Cup", "2", "2021-05-01", "P01", "P02", "B+R"},
      {"Kyu Cup", "2", "2021-05-01", "P05", "P03", "W+R", 3},
      {"Kyu Cup", "2", "2021-05-01", "P06", "P04", "W+R"},
      {"Kyu Cup", "3", "2021-05-02", "P03", "P01", "W+R"},
      {"Kyu Cup", "3", "2021-05-02", "P04", "P02", "W+R"},
      {"Kyu Cup", "3", "2021-05-02", "P06", "P05", "B+R"},
  };
  write_games(dir.path() / "cup.sgf", games);
  const std::string db = dir / "e.db";
  import_paths(db, {dir.path().string()});
  const Json page = event_json(db, {"Kyu Cup"});
  CHECK(page["kind"] == "swiss");
  // By hand: P01 3, P02 2, P03 2, P04 1, P06 1, P05 0. SOS: P02 met P05
  // (0), P01 (3), P04 (1) = 4; P03 met P06 (1), P05 (0), P01 (3) = 4.
  CHECK(page["standings"][0]["name"] == "P01");
  CHECK(page["standings"][0]["score"] == 3);
  CHECK(standing_of(page, "P02")["tie_breaks"]["buchholz"] == 4);
  CHECK(standing_of(page, "P03")["tie_breaks"]["buchholz"] == 4);
  // The handicap game from P01's side: beat the player placed where P04 is,
  // with White, two stones ("n+/w2").
  const Json& p01 = page["rounds"]["rows"][0];
  REQUIRE(p01["name"] == "P01");
  REQUIRE(p01["rounds"][0].size() == 1);
  CHECK(p01["rounds"][0][0]["result"] == "+");
  CHECK(p01["rounds"][0][0]["colour"] == "w");
  CHECK(p01["rounds"][0][0]["handicap"] == 2);
  const RunResult text = run_ludex_ok({"event", "--db", db, "Kyu Cup"});
  CHECK(text.out.find("+/w2") != std::string::npos);
  CHECK(text.out.find("-/b2") != std::string::npos);
}

TEST_CASE("events: a 16-player knockout with tie-break games", "[e2e][events]") {
  ScratchDir dir("e2e-events-knockout");
  // Stage 1 pairs P01-P16, P02-P15, ... in two games each, the better
  // player winning both, except P08-P09: 1-1, then a third game (a
  // tie-break, RO "1 (playoff)") won by P08. Then one game a pairing; the
  // better player wins.
  std::vector<GoGame> games;
  for (int k = 0; k < 8; ++k) {
    const int a = k;
    const int b = 15 - k;
    games.push_back({"Title KO", "1", "2022-01-01", player(a), player(b), "B+R"});
    if (k == 7) {
      games.push_back({"Title KO", "1", "2022-01-02", player(b), player(a), "B+R"});
      games.push_back({"Title KO", "1 (playoff)", "2022-01-03", player(b), player(a), "W+R"});
    } else {
      games.push_back({"Title KO", "1", "2022-01-02", player(b), player(a), "W+R"});
    }
  }
  const std::vector<std::pair<int, int>> later = {{0, 7}, {1, 6}, {2, 5}, {3, 4},
                                                  {0, 3}, {1, 2}, {0, 1}};
  for (std::size_t k = 0; k < later.size(); ++k) {
    const std::string round = k < 4 ? "2" : (k < 6 ? "3" : "4");
    games.push_back({"Title KO", round, "2022-02-0" + round, player(later[k].first),
                     player(later[k].second), "B+R"});
  }
  write_games(dir.path() / "ko.sgf", games);
  const std::string db = dir / "e.db";
  import_paths(db, {dir.path().string()});
  const Json page = event_json(db, {"Title KO"});
  CHECK(page["kind"] == "knockout");
  REQUIRE(page["bracket"].size() == 4);
  CHECK(page["bracket"][0].size() == 8);
  CHECK(page["bracket"][1].size() == 4);
  CHECK(page["bracket"][2].size() == 2);
  CHECK(page["bracket"][3].size() == 1);
  CHECK(page["bracket"][3][0]["winner"] == "P01");
  bool tie_break_seen = false;
  for (const Json& p : page["bracket"][0]) {
    if (p["games"].size() == 3) {
      tie_break_seen = true;
      CHECK(p["winner"] == "P08");
      CHECK(((p["score_a"] == 2 && p["score_b"] == 1) || (p["score_a"] == 1 && p["score_b"] == 2)));
    }
  }
  CHECK(tie_break_seen);
  // Places by the stage reached: the final's two, then the semi-finals'
  // losers 3=, the quarter-finals' 5=, the first stage's 9=.
  for (const Json& s : page["standings"]) {
    const std::string name = s["name"];
    const int n = std::stoi(name.substr(1));
    const int place = n == 1 ? 1 : n == 2 ? 2 : n <= 4 ? 3 : n <= 8 ? 5 : 9;
    INFO(name);
    CHECK(s["rank"] == place);
    CHECK(s["shared"] == (place > 2));
  }
  const RunResult text = run_ludex_ok({"event", "--db", db, "Title KO"});
  CHECK(text.out.find("final (1 pairing)") != std::string::npos);
  CHECK(text.out.find("-> P01") != std::string::npos);
}

TEST_CASE("events: a Little Golem championship's levels, and dates far apart", "[e2e][events]") {
  ScratchDir dir("e2e-events-lg");
  // Championship 90: league 1 of one group of three, league 2 of two groups
  // of three; each group a double round robin, as Little Golem writes it
  // (.hsgf, no GM, no date, W moves first, RE[W] or RE[B]).
  std::ofstream out(dir.path() / "lg.hsgf", std::ios::binary);
  const std::vector<std::pair<std::string, std::vector<std::string>>> groups = {
      {"hex.ch.90.1.1", {"ann", "bob", "cid"}},
      {"hex.ch.90.2.1", {"dan", "eve", "fay"}},
      {"hex.ch.90.2.2", {"gus", "hal", "ivy"}}};
  const std::string letters = "abcdefghijklm";
  for (const auto& [name, names] : groups) {
    for (std::size_t i = 0; i < 3; ++i) {
      for (std::size_t j = 0; j < 3; ++j) {
        if (i == j) continue;
        const int s = next_serial();
        // The first named wins both its games: W (the first mover) as PW.
        out << "(;FF[4]EV[" << name << "]PB[" << names[j] << "]PW[" << names[i] << "]SZ[13]RE["
            << (i < j ? "W" : "B") << "]GC[ game #" << 3000000 + s
            << "]SO[http://www.littlegolem.com];W[" << letters[static_cast<std::size_t>(s % 13)]
            << letters[static_cast<std::size_t>((s / 13) % 13)] << "];B["
            << letters[static_cast<std::size_t>((s + 5) % 13)] << "m])\n";
      }
    }
  }
  // A game named as a league: an event of that name beside the level (and
  // one more game of the championship).
  out << "(;FF[4]EV[hex.ch.90.2]PB[ann]PW[ivy]SZ[13]RE[W]GC[ game #3999999]"
         "SO[http://www.littlegolem.com];W[aa];B[mm])\n";
  out.close();
  // One name played in two years: two events, one with --gap 400.
  write_games(dir.path() / "meijin.sgf", {{"Meijin", "1", "2001-09-01", "P01", "P02", "B+R"},
                                          {"Meijin", "2", "2001-09-20", "P02", "P01", "B+R"},
                                          {"Meijin", "1", "2002-09-05", "P01", "P03", "W+R"},
                                          {"null", "", "2002-09-05", "P01", "P03", "W+R"}});
  const std::string db = dir / "e.db";
  import_paths(db, {dir.path().string()});

  std::map<std::string, Json> by_name;
  Json named_too;
  for (const Json& e : events_json(db, {"--family", "hex"})) {
    if (e["part"] == 1 && e["name"] == "hex.ch.90.2") {
      named_too = e;
    } else {
      by_name[e["name"]] = e;
    }
  }
  REQUIRE(by_name.size() == 6);  // the championship, two leagues, three groups
  CHECK(named_too["games"] == 1);
  CHECK(by_name["hex.ch.90"]["kind"] == "levels");
  CHECK(by_name["hex.ch.90"]["groups"] == 2);
  CHECK(by_name["hex.ch.90"]["games"] == 19);
  CHECK(by_name["hex.ch.90"]["players"] == 9);
  CHECK(by_name["hex.ch.90.2"]["groups"] == 2);
  CHECK(by_name["hex.ch.90.2"]["parent_id"] == by_name["hex.ch.90"]["id"]);
  CHECK(by_name["hex.ch.90.2.2"]["parent_id"] == by_name["hex.ch.90.2"]["id"]);
  CHECK(by_name["hex.ch.90.2.2"]["kind"] == "round-robin");
  CHECK(by_name["hex.ch.90.2.2"]["games"] == 6);
  CHECK(events_json(db, {"--family", "hex", "--no-levels"}).size() == 4);

  // Two events are named hex.ch.90.2: the level is part 0.
  CHECK(event_json(db, {"hex.ch.90.2", "--part", "1"})["event"]["games"] == 1);
  run_ludex_ok({"check", "--db", db, "--all"});
  const Json league = event_json(db, {"hex.ch.90.2", "--part", "0"});
  REQUIRE(league["groups"].size() == 2);
  CHECK(league["groups"][0]["leader"] == "dan");
  CHECK(league["groups"][0]["leader_score"] == 4);
  CHECK(league["groups"][1]["leader"] == "gus");

  // The Meijin: two parts by date; EV[null] is no event.
  const std::vector<Json> go = events_json(db, {"--family", "go"});
  REQUIRE(go.size() == 2);
  CHECK(go[0]["part"] == 1);
  CHECK(go[0]["games"] == 2);
  CHECK(go[1]["part"] == 2);
  CHECK(go[1]["first_date"] == "2002-09-05");
  const std::vector<Json> wide = events_json(db, {"--family", "go", "--gap", "400"});
  REQUIRE(wide.size() == 1);
  CHECK(wide[0]["games"] == 3);
  CHECK(wide[0]["id"].is_null());  // found again, not kept
  // Two events of one name: which one, or exit 2 with the list.
  const RunResult both = run_ludex({"event", "--db", db, "Meijin"});
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("2 events are named 'Meijin'") != std::string::npos);
  CHECK(both.err.find("--id") != std::string::npos);
  CHECK(event_json(db, {"Meijin", "--part", "2"})["event"]["games"] == 1);
  // Filters: by player and dates.
  CHECK(events_json(db, {"--player", "P03"}).size() == 1);
  CHECK(events_json(db, {"--family", "go", "--date-from", "2002"}).size() == 1);
}

TEST_CASE("events: kept in step through re-import, prune and merge; check; upgrade",
          "[e2e][events]") {
  ScratchDir dir("e2e-events-upkeep");
  fs::create_directories(dir.path() / "a");
  write_games(dir.path() / "a" / "league.sgf", double_round_robin());
  write_games(dir.path() / "a" / "cup.sgf",
              {{"Spring Cup", "1", "2019-05-01", "P01", "P02", "B+R"},
               {"Spring Cup", "2", "2019-05-02", "P02", "P03", "B+R"}});
  const std::string db = dir / "e.db";
  import_paths(db, {(dir.path() / "a").string()});
  CHECK(events_json(db).size() == 2);
  run_ludex_ok({"check", "--db", db, "--all"});
  const auto id_of = [&](const std::string& name) {
    return event_json(db, {name})["event"]["id"].get<std::int64_t>();
  };
  const std::int64_t league = id_of("Club League 2019");
  const std::int64_t cup = id_of("Spring Cup");

  // A third game of the cup, then the cup's file gone with --prune.
  write_games(dir.path() / "a" / "cup2.sgf",
              {{"Spring Cup", "3", "2019-05-03", "P03", "P01", "W+R"}});
  import_paths(db, {(dir.path() / "a").string()});
  CHECK(event_json(db, {"Spring Cup"})["event"]["games"] == 3);
  // Found again, an event keeps its id (the web's links stay).
  CHECK(id_of("Spring Cup") == cup);
  CHECK(id_of("Club League 2019") == league);
  fs::remove(dir.path() / "a" / "cup.sgf");
  run_ludex_ok({"import", "--db", db, "--quiet", "--prune", (dir.path() / "a").string()});
  CHECK(event_json(db, {"Spring Cup"})["event"]["games"] == 1);
  fs::remove(dir.path() / "a" / "cup2.sgf");
  run_ludex_ok({"import", "--db", db, "--quiet", "--prune", (dir.path() / "a").string()});
  const RunResult gone = run_ludex({"event", "--db", db, "Spring Cup"});
  CHECK(gone.exit_code == 2);
  CHECK(gone.err ==
        "ludex event: no event is named 'Spring Cup' (ludex events --event 'PATTERN' lists the "
        "events)\n");
  run_ludex_ok({"check", "--db", db, "--all"});

  // merge: another database's cup joins.
  const std::string other = dir / "o.db";
  fs::create_directories(dir.path() / "b");
  write_games(dir.path() / "b" / "cup.sgf",
              {{"Spring Cup", "1", "2019-05-01", "P07", "P08", "B+R"}});
  import_paths(other, {(dir.path() / "b").string()});
  run_ludex_ok({"merge", "--db", db, "--from", other, "--quiet"});
  CHECK(event_json(db, {"Spring Cup"})["event"]["games"] == 1);
  run_ludex_ok({"check", "--db", db, "--all"});

  // check finds a kept event that is wrong.
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    raw.exec("UPDATE events SET games = games + 1 WHERE name = 'Club League 2019'");
  }
  const RunResult bad = run_ludex({"check", "--db", db, "--all"});
  CHECK(bad.exit_code == 1);
  CHECK(bad.out.find("events") != std::string::npos);

  // A schema-13 database: the next import finds its events.
  {
    SQLite::Database raw(db, SQLite::OPEN_READWRITE);
    downgrade_to_version13(raw);
  }
  import_paths(db, {(dir.path() / "a").string()});
  CHECK(events_json(db).size() == 2);
  run_ludex_ok({"check", "--db", db, "--all"});
}

TEST_CASE("events: bad input and usage errors", "[e2e][events]") {
  ScratchDir dir("e2e-events-bad");
  write_games(dir.path() / "g.sgf", {{"Odd Cup", "1", "2019-05-01", "P01", "P02", "B+R"},
                                     {"Odd Cup", "final", "2019-05-02", "P01", "P03", "Void"},
                                     {"Odd Cup", "2", "2019-05-02", "P02", "P03", "Jigo"},
                                     {"Odd Cup", "2", "2019-05-02", "P02", "P04", "B+R"}});
  const std::string db = dir / "e.db";
  import_paths(db, {dir.path().string()});
  // Swiss asked for: the game without a round number and the unscored one
  // are listed with why; the draw is scored.
  const Json page = event_json(db, {"Odd Cup", "--kind", "swiss"});
  CHECK(page["kind"] == "swiss");
  CHECK(standing_of(page, "P03")["draws"] == 1);
  std::set<std::string> whys;
  for (const Json& u : page["unplaced"]) whys.insert(u["why"]);
  CHECK(whys.count("result 'Void' names no winner and no draw: not scored") == 1);
  CHECK(whys.count("no round number: not in a round's column") == 1);

  const auto usage = [&](const std::vector<std::string>& args, const std::string& message) {
    const RunResult r = run_ludex(args);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err == message);
  };
  usage({"event", "--db", db, "No Such Cup"},
        "ludex event: no event is named 'No Such Cup' (ludex events --event 'PATTERN' lists the "
        "events)\n");
  usage({"event", "--db", db, "Odd Cup", "--kind", "ladder"},
        "ludex event: --kind 'ladder': give round-robin, swiss, knockout, match or games\n");
  usage({"event", "--db", db, "Odd Cup", "--scoring", "1,0"},
        "ludex event: --scoring '1,0': give the points of a win, a draw and a loss, e.g. 3,1,0\n");
  usage({"event", "--db", db, "Odd Cup", "--tie-breaks", "koya"},
        "ludex event: --tie-breaks: unknown tie-break 'koya' (wins, buchholz, buchholz-cut1, "
        "buchholz-cut2, buchholz-median, sosos, sonneborn-berger, direct)\n");
  usage({"event", "--db", db, "--id", "999"},
        "ludex event: no event has id 999 (ludex events lists them with their ids)\n");
  usage({"events", "--db", db, "--gap", "soon"},
        "ludex events: --gap 'soon': give a number of days from 0 to 100000\n");
  usage({"events", "--db", db, "--result", "B+*"},
        "ludex events: --result chooses games, not events (ludex query takes it)\n");
}

// The real Little Golem groups of the corpus: every group's standings
// against a count over its games as `ludex query` lists them.
TEST_CASE("events: the corpus's Little Golem groups against their games", "[e2e][events]") {
  if (!fs::exists(corpus_dir())) skip_test("no ../shared/corpus");
  ScratchDir dir("e2e-events-corpus");
  const std::string db = dir / "c.db";
  import_paths(db, {(corpus_dir() / "hex").string()});
  int checked = 0;
  for (const Json& e : events_json(db, {"--event", "hex.ch.*", "--no-levels"})) {
    const std::string name = e["name"];
    const Json page = event_json(db, {"--id", std::to_string(e["id"].get<std::int64_t>())});
    CHECK(page["kind"] == "round-robin");
    // Wins per player over the event's games (a game recorded twice, the
    // same players in a copy, once).
    std::map<std::string, int> wins;
    std::set<std::int64_t> ids;
    for (const Json& g : page["games"]) ids.insert(g["id"].get<std::int64_t>());
    for (const Json& g : query_json(db, {"--event", name})) {
      if (ids.count(g["game_id"].get<std::int64_t>()) == 0) continue;
      if (g["winner"].is_null() || g["winner"] == 0) continue;
      for (const Json& p : g["players"]) {
        if (p["seat"] == g["winner"]) ++wins[p["name"]];
      }
    }
    for (const Json& s : page["standings"]) {
      INFO(name << " " << s["name"]);
      CHECK(s["wins"] == wins[s["name"]]);
      CHECK(s["score"] == s["wins"].get<double>() + 0.5 * s["draws"].get<double>());
    }
    ++checked;
  }
  CHECK(checked == 36);  // the corpus holds 36 championship groups
}

}  // namespace ludex::test
