// End-to-end: the players of the real corpus through the real `ludex`:
// every stated rank of ../shared/corpus/ read as docs/formats.md ("Ranks")
// says, `ludex player` against a direct count over the stored games, rank
// bands and --as against the same count, aliases (players merge and
// unmerge) through re-import, --prune, --dedupe and merge, bad input, and a
// merge killed half way.
#include <catch2/catch.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Every spelling of the corpus: [as written] what it became, and its seats.
// The table of docs/formats.md, "Ranks", lists the same.
constexpr std::string_view kCorpusRanks = R"([] unranked 78
[10k] 10k 7
[10k*] 10k* 40
[11.6k] unread 1
[1105*] unread 1
[11k] 11k 11
[11k*] 11k* 47
[12.2k] unread 1
[12k] 12k 25
[12k*] 12k* 17
[13.0k] unread 1
[1340*] unread 1
[1362*] unread 1
[13k] 13k 67
[13k ] 13k 1
[13k*] 13k* 73
[13k?] 13k? 2
[14k] 14k 19
[14k*] 14k* 76
[1500*] unread 5
[1524*] unread 1
[1527*] unread 1
[1580*] unread 1
[15k] 15k 7
[15k ] 15k 3
[15k*] 15k* 23
[15k* IGS] 15k* 1
[16.1k] unread 1
[1660?] unread 1
[1669*] unread 1
[1673*] unread 1
[1680*] unread 1
[1686*] unread 1
[1687*] unread 1
[1698*] unread 2
[16k] 16k 9
[16k*] 16k* 9
[1730*] unread 1
[1757*] unread 1
[1769*] unread 1
[17k] 17k 14
[17k ] 17k 4
[17k*] 17k* 21
[1805*] unread 1
[1881*] unread 1
[18k] 18k 5
[18k*] 18k* 5
[19k] 19k 2
[1d] 1d 4
[1d*] 1d* 4
[1k] 1k 4
[1k*] 1k* 11
[1p] 1p 2
[2042] unread 1
[20k] 20k 6
[20k*] 20k* 1
[2100] unread 1
[21k] 21k 2
[21k*] 21k* 1
[22k] 22k 2
[23k] 23k 1
[25k] 25k 1
[26k] 26k 1
[29k] 29k 1
[2d] 2d 2
[2d*] 2d* 5
[2k*] 2k* 2
[30k] 30k 11
[30k ] 30k 1
[3d*] 3d* 1
[3k] 3k 5
[3k*] 3k* 1
[3段] 3d 2
[4d] 4d 1
[4k] 4k 4
[4k ] 4k 2
[4k*] 4k* 5
[5k] 5k 4
[5k*] 5k* 5
[5段] 5d 1
[6k] 6k 7
[6k*] 6k* 8
[7d] 7d 2
[7k] 7k 5
[7k*] 7k* 16
[7p] 7p 1
[8d] 8d 2
[8k] 8k 26
[8k*] 8k* 57
[8段] 8d 6
[9 Dan] 9d 3
[9d] 9d 53
[9k] 9k 17
[9k ] 9k 2
[9k*] 9k* 10
[9p] 9p 18
[9段] 9d 550
[NR] unranked 86
[NR ] unranked 6
[P1] 1p 5
[P2] 2p 6
[P3] 3p 2
[P5] 5p 1
[P6段] 6p 5
[P7] 7p 3
[P8] 8p 1
[P9] 9p 24
[P9段] 9p 4
[UR ] unranked 1
[九段] 9p 2
)";

std::string import_corpus(const ScratchDir& dir) {
  const std::string db = dir / "corpus.db";
  run_ludex_ok({"import", "--db", db, "--quiet", corpus_dir().string()});
  return db;
}

std::int64_t count_of(const std::string& db, const std::vector<std::string>& args) {
  std::vector<std::string> all = {"query", "--db", db, "--count"};
  all.insert(all.end(), args.begin(), args.end());
  return std::stoll(run_ludex_ok(all).out);
}

// W/L/D by seat of the games of one exact name, counted from the stored
// rows with SQL of the test's own.
struct Direct {
  std::int64_t games = 0, wins = 0, losses = 0, draws = 0;
  std::map<std::int32_t, std::int64_t> by_seat;
  std::map<std::string, std::int64_t> by_opponent;
};

Direct direct_count(const std::string& db, const std::string& name) {
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  SQLite::Statement st(h,
                       "SELECT g.game_id, gp.seat, g.winner, lower(coalesce(g.result, '')), "
                       "(SELECT p2.name FROM game_players AS o JOIN players AS p2 "
                       "ON p2.player_id = o.player_id WHERE o.game_id = g.game_id "
                       "AND o.seat <> gp.seat ORDER BY o.seat LIMIT 1) "
                       "FROM players AS p JOIN game_players AS gp ON gp.player_id = p.player_id "
                       "JOIN games AS g ON g.game_id = gp.game_id WHERE p.name = ?1 "
                       "ORDER BY g.game_id, gp.seat");
  st.bind(1, name);
  Direct d;
  std::int64_t previous = 0;
  while (st.executeStep()) {
    const int seat = st.getColumn(1).getInt();
    // Every seat counts by seat; a game once elsewhere, from its first seat.
    ++d.by_seat[seat];
    if (st.getColumn(0).getInt64() == previous) continue;
    previous = st.getColumn(0).getInt64();
    const int winner = st.getColumn(2).getInt();
    const std::string result = st.getColumn(3).getString();
    ++d.games;
    if (winner == seat) {
      ++d.wins;
    } else if (winner != 0) {
      ++d.losses;
    } else if (result == "0" || result == "draw" || result == "jigo") {
      ++d.draws;
    }
    if (!st.getColumn(4).isNull()) ++d.by_opponent[st.getColumn(4).getString()];
  }
  return d;
}

Json page_of(const std::string& db, const std::vector<std::string>& args) {
  std::vector<std::string> all = {"player", "--db", db, "--json"};
  all.insert(all.end(), args.begin(), args.end());
  return Json::parse(run_ludex_ok(all).out);
}

std::int64_t row_games(const Json& rows, const std::string& key) {
  for (const Json& r : rows) {
    if (r.at("key") == key) return r.at("games").get<std::int64_t>();
  }
  return 0;
}

std::set<std::int64_t> ids_of(const std::string& db, const std::vector<std::string>& args) {
  std::vector<std::string> all = {"query", "--db", db, "--json"};
  all.insert(all.end(), args.begin(), args.end());
  std::set<std::int64_t> ids;
  for (const Json& g : json_lines(run_ludex_ok(all).out)) {
    ids.insert(g.at("game_id").get<std::int64_t>());
  }
  return ids;
}

std::string alias_rows(const std::string& db) {
  return run_ludex_ok({"players", "--db", db, "--aliases"}).out;
}

// The page's openings (its most played board, each seat) against a replay:
// the explorer without its postings (`next --replay`) for the moves and
// their games, and the node query (`query --first --line`, one copy of a
// game stored twice, as the explorer counts) for each move's games and the
// seat's wins and losses.
void check_openings(const std::string& db, const std::string& name, const Json& page) {
  const Json& openings = page.at("openings");
  REQUIRE(openings.size() == 2);
  for (const Json& o : openings) {
    const std::string family = o.at("family");
    const std::string size = std::to_string(o.at("size").get<int>());
    const int seat = o.at("seat").get<int>();
    const std::string as = std::to_string(seat);
    INFO(family << " " << size << " seat " << seat);
    CHECK(page.at("by_board").at(0).at("key") == family + " " + size + "x" + size);
    std::vector<Json> steps = {o.at("first")};
    if (seat == 2 && !o.at("replies").is_null()) steps.push_back(o.at("replies"));
    CHECK((seat == 2) == !o.at("replies").is_null());
    for (const Json& step : steps) {
      std::vector<std::string> next = {"next",     "--db", db,       "--json", "--replay",
                                       "--family", family, "--size", size,     "--player",
                                       name,       "--as", as};
      if (!step.at("after").get<std::string>().empty()) {
        next.insert(next.end(), {"--line", step.at("after").get<std::string>()});
      }
      const std::vector<Json> replayed = json_lines(run_ludex_ok(next).out);
      REQUIRE(replayed.size() >= step.at("moves").size());
      std::size_t i = 0;
      for (const Json& m : step.at("moves")) {
        INFO(m.dump());
        CHECK(replayed[i].at("move") == m.at("move"));
        CHECK(replayed[i].at("games") == m.at("games"));
        ++i;
        if (i > 3) continue;  // the node query for the first three
        std::int64_t games = 0, wins = 0, losses = 0;
        for (const Json& g :
             json_lines(run_ludex_ok({"query", "--db", db, "--json", "--first", "--family", family,
                                      "--size", size, "--player", name, "--as", as, "--line",
                                      m.at("line").get<std::string>()})
                            .out)) {
          if (g.contains("duplicate_of")) continue;
          ++games;
          const int winner = g.at("winner").get<int>();
          if (winner == seat) ++wins;
          if (winner != 0 && winner != seat) ++losses;
        }
        CHECK(games == m.at("games").get<std::int64_t>());
        CHECK(wins == m.at("wins").get<std::int64_t>());
        CHECK(losses == m.at("losses").get<std::int64_t>());
      }
    }
  }
}

// The list from the kept totals (player_totals) equals the list counted
// from the games, in every order and with a family filter: a stale name
// makes ludex players count (schema/players/player_totals.h). Every write
// command leaves no name stale.
void check_totals(const std::string& db) {
  {
    SQLite::Database h(db, SQLite::OPEN_READONLY);
    CHECK(h.execAndGet("SELECT count(*) FROM player_totals_stale").getInt64() == 0);
    CHECK(h.execAndGet("SELECT count(*) FROM player_totals").getInt64() > 0);
  }
  const std::vector<std::vector<std::string>> lists = {
      {},
      {"--sort", "name"},
      {"--sort", "wins"},
      {"--sort", "last", "--desc"},
      {"--sort", "rank"},
      {"--family", "go"},
      {"--family", "hex", "--size", "11", "--sort", "first"}};
  std::vector<std::string> kept;
  for (const auto& args : lists) {
    std::vector<std::string> all = {"players", "--db", db, "--json"};
    all.insert(all.end(), args.begin(), args.end());
    kept.push_back(run_ludex_ok(all).out);
  }
  {
    SQLite::Database h(db, SQLite::OPEN_READWRITE);
    h.exec("INSERT INTO player_totals_stale (name) VALUES ('a name of no player')");
  }
  for (std::size_t i = 0; i < lists.size(); ++i) {
    std::vector<std::string> all = {"players", "--db", db, "--json"};
    all.insert(all.end(), lists[i].begin(), lists[i].end());
    INFO(i);
    CHECK(run_ludex_ok(all).out == kept[i]);
  }
  SQLite::Database h(db, SQLite::OPEN_READWRITE);
  h.exec("DELETE FROM player_totals_stale");
}

void check_sound(const std::string& db) {
  const RunResult r = run_ludex({"check", "--db", db, "--all"});
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
}

}  // namespace

TEST_CASE("players: every rank spelling of the corpus is read as the formats doc says",
          "[e2e][players][ranks]") {
  ScratchDir dir("e2e-players-ranks");
  const std::string db = import_corpus(dir);
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  SQLite::Statement st(h,
                       "SELECT written, reading, rank_scale, rank_level, certainty, count(*) "
                       "FROM seat_ranks GROUP BY written ORDER BY written");
  std::ostringstream got;
  while (st.executeStep()) {
    std::string value;
    switch (st.getColumn(1).getInt()) {
      case 0:
        value = st.getColumn(3).getString() + "kdp"[st.getColumn(2).getInt() - 1];
        if (st.getColumn(4).getInt() == 1) value += '*';
        if (st.getColumn(4).getInt() == 2) value += '?';
        break;
      case 1:
        value = "unranked";
        break;
      default:
        value = "unread";
    }
    got << "[" << st.getColumn(0).getString() << "] " << value << " " << st.getColumn(5).getInt64()
        << "\n";
  }
  CHECK(got.str() == kCorpusRanks);

  // info --errors lists each unread spelling once, with its seats.
  const std::string errors = run_ludex_ok({"info", "--db", db, "--errors"}).out;
  CHECK(errors.find("rank '1500*' not read as a rank, kept as written (5 seats)") !=
        std::string::npos);
  CHECK(errors.find("rank '13.0k' not read as a rank, kept as written (1 seat)") !=
        std::string::npos);
  std::size_t unread = 0;
  for (std::size_t at = errors.find("\nrank '"); at != std::string::npos;
       at = errors.find("\nrank '", at + 1)) {
    ++unread;
  }
  CHECK(unread == 25);
  // With --json, in the summary object: the lines after it stay errors.
  const std::vector<Json> lines =
      json_lines(run_ludex_ok({"info", "--db", db, "--json", "--errors"}).out);
  REQUIRE_FALSE(lines.empty());
  CHECK(lines[0].at("unread_ranks").size() == 25);
  CHECK(lines[0].at("unread_ranks").at(0) == Json({{"written", "11.6k"}, {"seats", 1}}));
  for (std::size_t i = 1; i < lines.size(); ++i) CHECK(lines[i].contains("severity"));
}

TEST_CASE("players: the player page equals a direct count, for Go, Hex and Twixt players",
          "[e2e][players]") {
  ScratchDir dir("e2e-players-page");
  const std::string db = import_corpus(dir);
  // Names no other name folds to (--as matches names case-insensitively,
  // the page one exact name): AlphaGo also plays itself.
  for (const char* name :
       {"AlphaGo", "BensonDarr", "Dancer", "Giupiter", "Tommah", "Jerry", "Goro56"}) {
    INFO(name);
    const Direct d = direct_count(db, name);
    REQUIRE(d.games > 0);
    const Json page = page_of(db, {name});
    CHECK(page.at("name") == name);
    const Json& total = page.at("total");
    CHECK(total.at("games") == d.games);
    CHECK(total.at("wins") == d.wins);
    CHECK(total.at("losses") == d.losses);
    CHECK(total.at("draws") == d.draws);
    for (const auto& [seat, n] : d.by_seat) {
      CHECK(row_games(page.at("by_seat"), std::to_string(seat)) == n);
    }
    for (const auto& [opponent, n] : d.by_opponent) {
      CHECK(row_games(page.at("by_opponent"), opponent) == n);
    }
    // No game of the corpus swaps sides (its swaps are swap-pieces): the
    // colours are the seats'.
    std::int64_t colours = 0;
    std::int64_t seats = 0;
    for (const Json& r : page.at("by_colour")) colours += r.at("games").get<std::int64_t>();
    for (const Json& r : page.at("by_seat")) seats += r.at("games").get<std::int64_t>();
    CHECK(colours == seats);
    // --as: the seat's games, from query as from next's filter.
    CHECK(count_of(db, {"--player", name, "--as", "1"}) == row_games(page.at("by_seat"), "1"));
    CHECK(count_of(db, {"--player", name, "--as", "2"}) == row_games(page.at("by_seat"), "2"));
    check_openings(db, name, page);
  }
  // Colours: Black is seat 1 in Go and Hex, seat 2 in Twixt.
  CHECK(count_of(db, {"--player", "BensonDarr", "--as", "black"}) ==
        count_of(db, {"--player", "BensonDarr", "--as", "1"}));
  CHECK(count_of(db, {"--player", "Giupiter", "--as", "white"}) ==
        count_of(db, {"--player", "Giupiter", "--as", "2"}));
  CHECK(count_of(db, {"--player", "Jerry", "--as", "black"}) ==
        count_of(db, {"--player", "Jerry", "--as", "2"}));
  // The opponent filter: the games between the two.
  const Json vs = page_of(db, {"AlphaGo", "--player", "Lee Sedol"});
  CHECK(vs.at("total").at("games") ==
        count_of(db, {"--player", "AlphaGo", "--player", "Lee Sedol"}));
  // Ranks over time: as stated, by date.
  const Json benson = page_of(db, {"BensonDarr"});
  REQUIRE_FALSE(benson.at("ranks").empty());
  CHECK(benson.at("ranks").at(0).at("rank") == "9d");

  // `ludex players` agrees with the pages.
  const std::vector<Json> go = json_lines(
      run_ludex_ok({"players", "--db", db, "--json", "--family", "go", "--name", "gnu go"}).out);
  std::int64_t listed = 0;
  for (const Json& p : go) listed += p.at("games").get<std::int64_t>();
  CHECK(go.size() == 2);  // "GNU Go" and "Gnu Go", no alias between them
  CHECK(listed == direct_count(db, "GNU Go").games + direct_count(db, "Gnu Go").games);
}

TEST_CASE("players: the openings skip a board that is not square", "[e2e][players]") {
  // The explorer's empty board is named by its side: the openings of a
  // player whose most played board is 11x13 Hex are those of its most
  // played square board.
  ScratchDir dir("e2e-players-square");
  const fs::path in = dir.path() / "in";
  fs::create_directories(in);
  const auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(in / name) << text;
  };
  write("a.sgf", "(;FF[4]GM[11]SZ[11:13]PB[Oblong]PW[Other]RE[B+];B[a1];W[b2];B[c3])");
  write("b.sgf", "(;FF[4]GM[11]SZ[11:13]PB[Oblong]PW[Other]RE[W+];B[a2];W[b2];B[c3])");
  write("c.sgf", "(;FF[4]GM[11]SZ[11]PB[Other]PW[Oblong]RE[W+];B[e5];W[f6])");
  const std::string db = dir / "a.db";
  run_ludex_ok({"import", "--db", db, "--quiet", in.string()});
  const Json page = page_of(db, {"Oblong"});
  REQUIRE(page.at("by_board").size() == 2);
  CHECK(page.at("by_board").at(0).at("key") == "hex 11x13");
  const Json& openings = page.at("openings");
  REQUIRE(openings.size() == 2);
  for (const Json& o : openings) {
    CHECK(o.at("family") == "hex");
    CHECK(o.at("size") == 11);
  }
  // Oblong sat second in its one 11x11 game and won it.
  CHECK(openings.at(0).at("first").at("games") == 0);
  CHECK(openings.at(1).at("first").at("games") == 1);
  CHECK(openings.at(1).at("first").at("moves").at(0).at("wins") == 1);
}

TEST_CASE("players: rank bands keep the games whose every player's rank falls inside",
          "[e2e][players][ranks]") {
  ScratchDir dir("e2e-players-bands");
  const std::string db = import_corpus(dir);
  SQLite::Database h(db, SQLite::OPEN_READONLY);
  // 5d to 9d (orders 105..109): every seat with a player or a stated rank
  // has a rank read, inside the band; pros apart.
  const std::int64_t direct =
      h.execAndGet(
           "SELECT count(*) FROM games AS g WHERE EXISTS (SELECT 1 FROM seat_ranks AS s "
           "WHERE s.game_id = g.game_id) AND NOT EXISTS (SELECT 1 FROM seat_ranks AS s "
           "WHERE s.game_id = g.game_id AND (s.rank_order IS NULL "
           "OR s.rank_order NOT BETWEEN 105 AND 109)) AND NOT EXISTS (SELECT 1 FROM "
           "game_players AS gp WHERE gp.game_id = g.game_id AND NOT EXISTS (SELECT 1 FROM "
           "seat_ranks AS s WHERE s.game_id = g.game_id AND s.seat = gp.seat))")
          .getInt64();
  CHECK(direct > 0);
  CHECK(count_of(db, {"--rank-min", "5d", "--rank-max", "9d"}) == direct);
  const std::int64_t pros = count_of(db, {"--rank-min", "1p"});
  CHECK(pros > 0);
  CHECK(count_of(db, {"--rank-max", "1k"}) +
            count_of(db, {"--rank-min", "1d", "--rank-max", "9d"}) + pros <=
        count_of(db, {"--rank-min", "30k"}));
  // The explorer's step at the empty board counts the same games.
  const std::string step = run_ludex_ok({"next", "--db", db, "--family", "go", "--size", "19",
                                         "--rank-min", "5d", "--rank-max", "9d"})
                               .out;
  const std::int64_t band19 =
      count_of(db, {"--family", "go", "--size", "19", "--rank-min", "5d", "--rank-max", "9d"});
  CHECK(step.find(": " + std::to_string(band19) + " games") != std::string::npos);
  // ... and so does one player's step as one colour.
  const std::string as_black = run_ludex_ok({"next", "--db", db, "--family", "go", "--size", "19",
                                             "--player", "BensonDarr", "--as", "black"})
                                   .out;
  const std::int64_t benson_black =
      count_of(db, {"--family", "go", "--size", "19", "--player", "BensonDarr", "--as", "black"});
  CHECK(benson_black > 0);
  CHECK(as_black.find(": " + std::to_string(benson_black) + " games") != std::string::npos);
  const RunResult bad = run_ludex({"query", "--db", db, "--rank-min", "5x"});
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--rank-min '5x'") != std::string::npos);
  const RunResult as = run_ludex({"next", "--db", db, "--family", "go", "--as", "white"});
  CHECK(as.exit_code == 2);
  CHECK(as.err.find("--as") != std::string::npos);
}

TEST_CASE("players: aliases widen --player and survive re-import, prune, dedupe and merge",
          "[e2e][players][aliases]") {
  ScratchDir dir("e2e-players-aliases");
  const fs::path archive = dir.path() / "go";
  fs::copy(corpus_dir() / "go" / "gnugo", archive, fs::copy_options::recursive);
  const std::string db = dir / "a.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  // Two spellings of one program, with no other spelling that folds to
  // either: --player matches each alone.
  const std::set<std::int64_t> joined = ids_of(db, {"--player", "CrazyStone"});
  const std::set<std::int64_t> spaced = ids_of(db, {"--player", "Crazy Stone"});
  REQUIRE_FALSE(joined.empty());
  REQUIRE_FALSE(spaced.empty());
  std::set<std::int64_t> both = joined;
  both.insert(spaced.begin(), spaced.end());
  // --suggest lists them without merging.
  const std::string suggested = run_ludex_ok({"players", "--db", db, "--suggest"}).out;
  CHECK(suggested.find("Crazy Stone (" + std::to_string(spaced.size()) + ")  |  CrazyStone (" +
                       std::to_string(joined.size()) + ")") != std::string::npos);
  CHECK(alias_rows(db).empty());

  const RunResult merged =
      run_ludex_ok({"players", "--db", db, "merge", "CrazyStone", "crazy stone"});
  CHECK(merged.out == "alias: Crazy Stone -> CrazyStone\n");
  CHECK(ids_of(db, {"--player", "CrazyStone"}) == both);
  CHECK(ids_of(db, {"--player", "Crazy Stone"}) == both);
  CHECK(ids_of(db, {"--player", "crazy stone"}) == both);
  const Json page = page_of(db, {"Crazy Stone"});
  CHECK(page.at("name") == "CrazyStone");
  CHECK(page.at("aliases") == Json::array({"Crazy Stone"}));
  CHECK(page.at("total").at("games") == static_cast<std::int64_t>(both.size()));
  const std::vector<Json> listed =
      json_lines(run_ludex_ok({"players", "--db", db, "--json", "--name", "crazystone"}).out);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0].at("name") == "CrazyStone");
  CHECK(listed[0].at("games") == static_cast<std::int64_t>(both.size()));
  check_sound(db);
  check_totals(db);

  // Refused, nothing changed, exit 2.
  for (const std::vector<std::string>& words :
       {std::vector<std::string>{"merge", "CrazyStone", "CrazyStone"},
        std::vector<std::string>{"merge", "Crazy Stone", "CrazyStone"},
        std::vector<std::string>{"merge", "CrazyStone", "Crazy Stone"},
        std::vector<std::string>{"merge", "CrazyStone", "Nobody At All"},
        std::vector<std::string>{"unmerge", "CrazyStone"},
        std::vector<std::string>{"unmerge", "Nobody At All"},
        std::vector<std::string>{"merge", "CrazyStone"}}) {
    std::vector<std::string> args = {"players", "--db", db};
    args.insert(args.end(), words.begin(), words.end());
    const RunResult r = run_ludex(args);
    INFO(words.front() << " " << words.back() << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK_FALSE(r.err.empty());
    CHECK(alias_rows(db) == "Crazy Stone -> CrazyStone\n");
  }

  // Re-import, --prune of every file, import again with --dedupe.
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  CHECK(alias_rows(db) == "Crazy Stone -> CrazyStone\n");
  const fs::path moved = dir.path() / "moved";
  fs::rename(archive, moved);
  fs::create_directories(archive);
  run_ludex_ok({"import", "--db", db, "--quiet", "--prune", archive.string()});
  CHECK(ids_of(db, {"--player", "CrazyStone"}).empty());
  CHECK(alias_rows(db) == "Crazy Stone -> CrazyStone\n");
  run_ludex_ok({"import", "--db", db, "--quiet", "--dedupe", moved.string()});
  const std::set<std::int64_t> again = ids_of(db, {"--player", "Crazy Stone"});
  CHECK(again.size() == both.size());
  CHECK(again == ids_of(db, {"--player", "CrazyStone"}));
  check_sound(db);
  check_totals(db);

  // merge copies the aliases with the games.
  const std::string other = dir / "b.db";
  run_ludex_ok({"import", "--db", other, "--quiet", (corpus_dir() / "hex").string()});
  run_ludex_ok({"merge", "--db", other, "--from", db, "--quiet"});
  CHECK(alias_rows(other) == "Crazy Stone -> CrazyStone\n");
  CHECK(ids_of(other, {"--player", "Crazy Stone"}).size() == both.size());
  check_sound(other);
  check_totals(other);

  // unmerge undoes it.
  CHECK(run_ludex_ok({"players", "--db", db, "unmerge", "Crazy Stone"}).out ==
        "no longer an alias: Crazy Stone of CrazyStone\n");
  CHECK(ids_of(db, {"--player", "CrazyStone"}).size() == joined.size());
  CHECK(alias_rows(db).empty());
  check_totals(db);
}

TEST_CASE(
    "players: the kept totals equal a count after import, re-import and prune, and check "
    "finds them wrong",
    "[e2e][players]") {
  ScratchDir dir("e2e-players-totals");
  const fs::path archive = dir.path() / "in";
  fs::create_directories(archive);
  fs::copy(corpus_dir() / "go" / "gnugo", archive / "go", fs::copy_options::recursive);
  fs::copy(corpus_dir() / "hex", archive / "hex", fs::copy_options::recursive);
  const std::string db = dir / "a.db";
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  check_totals(db);
  // Players who play at several boards: the kept list sums their rows
  // before it sorts (its first cut sorted by one board's row).
  const std::vector<Json> by_wins =
      json_lines(run_ludex_ok({"players", "--db", db, "--json", "--sort", "wins"}).out);
  REQUIRE(by_wins.size() > 2);
  for (std::size_t i = 1; i < by_wins.size(); ++i) {
    CHECK(by_wins[i - 1].at("wins").get<std::int64_t>() >=
          by_wins[i].at("wins").get<std::int64_t>());
  }
  // A file gone and --prune, then a file back: the players of those games
  // are recounted.
  const fs::path hex = archive / "hex";
  const fs::path away = dir.path() / "away";
  fs::rename(hex, away);
  run_ludex_ok({"import", "--db", db, "--quiet", "--prune", archive.string()});
  check_totals(db);
  fs::rename(away, hex);
  run_ludex_ok({"import", "--db", db, "--quiet", archive.string()});
  check_totals(db);
  check_sound(db);

  // A wrong kept figure: check names the table and the player.
  std::string who;
  {
    SQLite::Database h(db, SQLite::OPEN_READWRITE);
    who =
        h.execAndGet("SELECT who FROM player_totals ORDER BY games DESC, who LIMIT 1").getString();
    SQLite::Statement st(h, "UPDATE player_totals SET wins = wins + 1 WHERE who = ?");
    st.bind(1, who);
    st.exec();
  }
  const RunResult r = run_ludex({"check", "--db", db, "--all"});
  INFO(r.out << r.err);
  CHECK(r.exit_code != 0);
  CHECK((r.out + r.err).find("player_totals") != std::string::npos);
  CHECK((r.out + r.err).find(who) != std::string::npos);
}

TEST_CASE("players: a merge killed half way leaves the old or the new aliases",
          "[e2e][players][aliases]") {
  ScratchDir dir("e2e-players-kill");
  const std::string db = dir / "a.db";
  run_ludex_ok({"import", "--db", db, "--quiet", (corpus_dir() / "go" / "gnugo").string()});
  std::mt19937 random(7);
  int old_state = 0;
  int new_state = 0;
  for (int round = 0; round < 12; ++round) {
    const fs::path out = dir.path() / "out";
    const fs::path err = dir.path() / "err";
    const pid_t pid =
        spawn_ludex({"players", "--db", db, "merge", "CrazyStone", "Crazy Stone"}, out, err);
    usleep(static_cast<useconds_t>(random() % 40000));
    kill(pid, SIGKILL);
    finish_ludex(pid, out, err);
    const std::string rows = alias_rows(db);
    INFO(rows);
    CHECK((rows.empty() || rows == "Crazy Stone -> CrazyStone\n"));
    (rows.empty() ? old_state : new_state) += 1;
    if (!rows.empty()) run_ludex_ok({"players", "--db", db, "unmerge", "Crazy Stone"});
    check_sound(db);
  }
  INFO("old " << old_state << ", new " << new_state);
  CHECK(old_state + new_state == 12);
}

}  // namespace ludex::test
