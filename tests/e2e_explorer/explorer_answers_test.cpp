// The explorer answers exactly what a plain replay answers (issue 19): on a
// generated archive and real Go and Hex games, for positions down the
// opening tree of every board from the empty board and positions of random
// nodes, with and without filters (dates to the day, winner, player,
// copies, symmetries), `ludex next` equals `ludex next --replay`, and the
// common positions are answered from the postings.
#include <catch2/catch.hpp>
#include <filesystem>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "bench/archive_generator.h"
#include "query/next_moves.h"
#include "query/position_target.h"
#include "schema/database.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;

struct Board {
  std::string family;
  std::string variant;
  int size = 0;
};

std::vector<std::string> board_args(const Board& b) {
  std::vector<std::string> out = {"--family", b.family};
  if (!b.variant.empty()) {
    out.insert(out.end(), {"--variant", b.variant});
  } else {
    out.insert(out.end(), {"--size", std::to_string(b.size)});
  }
  return out;
}

}  // namespace

TEST_CASE("next from the explorer's postings equals a replay, for many positions and filters",
          "[e2e][explorer]") {
  ScratchDir dir("e2e-explorer-answers");
  GeneratorOptions options;
  options.games = 2000;
  options.seed = 19;
  options.jobs = 1;
  const std::string generated = (dir.path() / "generated").string();
  generate_archive(generated, options);
  const std::string db = dir / "x.db";
  import_paths(db, {generated, (corpus_dir() / "go" / "gnugo").string(),
                    (corpus_dir() / "hex" / "littlegolem-zerohex").string()});

  // Every board with common positions, and players and node ids to ask about.
  std::vector<Board> boards;
  std::vector<std::string> players;
  std::vector<std::int64_t> nodes;
  {
    SQLite::Database raw(db, SQLite::OPEN_READONLY);
    SQLite::Statement b(raw,
                        "SELECT family, coalesce(variant, ''), board_columns FROM games "
                        "WHERE family <> 'other' GROUP BY 1, 2, 3 HAVING count(*) >= 40");
    while (b.executeStep()) {
      boards.push_back(
          Board{b.getColumn(0).getString(), b.getColumn(1).getString(), b.getColumn(2).getInt()});
    }
    SQLite::Statement p(raw,
                        "SELECT p.name FROM players AS p JOIN game_players AS gp "
                        "ON gp.player_id = p.player_id GROUP BY p.player_id "
                        "ORDER BY count(*) DESC LIMIT 6");
    while (p.executeStep()) players.push_back(p.getColumn(0).getString());
    SQLite::Statement n(raw,
                        "SELECT node_id FROM nodes WHERE position_hash IS NOT NULL "
                        "AND depth BETWEEN 1 AND 12 AND node_id % 997 = 0 LIMIT 40");
    while (n.executeStep()) nodes.push_back(n.getColumn(0).getInt64());
  }
  REQUIRE(boards.size() >= 6);
  REQUIRE(players.size() >= 3);

  const std::vector<std::vector<std::string>> filters = {
      {},
      {"--symmetric"},
      {"--all-copies"},
      {"--date-from", "2005", "--date-to", "2018"},
      {"--date-from", "2010-03-17"},
      {"--date-to", "2012-06"},
      {"--winner", "1"},
      {"--symmetric", "--date-from", "2008-01-01", "--winner", "2"},
      {"--player", players[0]},
      {"--player", players[1], "--symmetric", "--all-copies"},
  };
  std::mt19937 rng(19);
  int compared = 0;
  int from_postings = 0;
  auto compare = [&](const std::vector<std::string>& where) {
    const std::vector<std::string>& filter = filters[rng() % filters.size()];
    std::vector<std::string> args = {"next", "--db", db, "--json"};
    args.insert(args.end(), where.begin(), where.end());
    args.insert(args.end(), filter.begin(), filter.end());
    std::vector<std::string> replay = args;
    replay.push_back("--replay");
    INFO("ludex next " << [&] {
      std::string s;
      for (std::size_t i = 3; i < args.size(); ++i) s += args[i] + " ";
      return s;
    }());
    const RunResult fast = run_ludex_ok(args);
    CHECK(fast.out == run_ludex_ok(replay).out);
    ++compared;
    std::vector<std::string> text(args.begin(), args.end());
    text.erase(text.begin() + 3);  // the table names how it answered
    if (run_ludex_ok(text).out.find("from the explorer's postings") != std::string::npos) {
      ++from_postings;
    }
  };

  // Down each board's opening tree: the empty board, then the three most
  // played moves of each position, three moves deep.
  for (const Board& b : boards) {
    std::vector<std::string> lines = {""};
    for (int depth = 0; depth <= 3; ++depth) {
      std::vector<std::string> deeper;
      for (const std::string& line : lines) {
        std::vector<std::string> where = board_args(b);
        where.insert(where.end(), {"--line", line});
        compare(where);
        if (depth == 3) continue;
        std::vector<std::string> top = {"next", "--db", db, "--json", "--limit", "3"};
        top.insert(top.end(), where.begin(), where.end());
        const char separator = b.family == "blokus" ? ';' : ',';
        for (const auto& move : json_lines(run_ludex_ok(top).out)) {
          deeper.push_back(line.empty() ? move.at("move").get<std::string>()
                                        : line + separator + move.at("move").get<std::string>());
        }
      }
      lines = std::move(deeper);
    }
  }
  // Positions of random nodes, mostly uncommon ones.
  for (const std::int64_t node : nodes) compare({"--position", "node:" + std::to_string(node)});

  INFO(compared << " compared, " << from_postings << " from the postings");
  CHECK(compared > 150);
  CHECK(from_postings >= 15);
}

// Regression: a position kept in several rows (over 4,096 games each) read
// every row's moves into a table of its own, at addresses the next row's
// table reused for other moves, and the tally, which remembered addresses,
// counted one row's games under another row's moves: at a million games
// every answer at the empty board was wrong.
TEST_CASE("a position kept in several rows equals a replay", "[e2e][explorer]") {
  ScratchDir dir("e2e-explorer-rows");
  GeneratorOptions options;
  options.games = 6500;  // about 5,000 on 19x19
  options.seed = 23;
  options.jobs = 1;
  options.mix = {{Family::kGo, 1}};
  const std::string generated = (dir.path() / "generated").string();
  generate_archive(generated, options);
  const std::string db = dir / "x.db";
  import_paths(db, {generated});
  std::int64_t rows = 0;
  std::int64_t size = 0;
  {
    SQLite::Database raw(db, SQLite::OPEN_READONLY);
    SQLite::Statement most(raw,
                           "SELECT count(*) FROM explorer_postings GROUP BY position_hash "
                           "ORDER BY 1 DESC LIMIT 1");
    REQUIRE(most.executeStep());
    rows = most.getColumn(0).getInt64();
    size = raw.execAndGet("SELECT board_columns FROM games GROUP BY 1 ORDER BY count(*) DESC")
               .getInt64();
  }
  REQUIRE(rows >= 2);
  const std::vector<std::string> board = {"--family", "go", "--size", std::to_string(size)};
  std::string first_move;
  for (const std::vector<std::string>& extra :
       std::vector<std::vector<std::string>>{{}, {"--symmetric"}, {"--date-from", "2010"}}) {
    std::vector<std::string> args = {"next", "--db", db, "--json"};
    args.insert(args.end(), board.begin(), board.end());
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult fast = run_ludex_ok(args);
    args.push_back("--replay");
    CHECK(fast.out == run_ludex_ok(args).out);
    if (first_move.empty()) first_move = json_lines(fast.out).at(0).at("move").get<std::string>();
  }
  std::vector<std::string> args = {"next", "--db", db, "--json", "--line", first_move};
  args.insert(args.end(), board.begin(), board.end());
  const RunResult fast = run_ludex_ok(args);
  args.push_back("--replay");
  CHECK(fast.out == run_ludex_ok(args).out);

  // Tallied on several threads (a range of game ids each, split at rows),
  // the answer is the one-thread answer to the bit, evaluation sums
  // included; so is a replay's.
  Database database(db, Database::Mode::kReadOnly);
  const Result<PositionTarget> empty =
      position_from_line(Family::kGo, "", static_cast<std::int32_t>(size), "");
  REQUIRE(empty.ok());
  for (const bool symmetric : {false, true}) {
    for (const char* date_from : {"", "2010"}) {
      GameFilter filter;
      filter.date_from = date_from;
      std::vector<NextMovesReport> reports;
      for (const unsigned threads : {1u, 2u, 3u, 5u}) {
        NextOptions options;
        options.symmetric = symmetric;
        options.threads = threads;
        reports.push_back(next_moves(database, empty.value(), filter, options));
      }
      NextOptions replay;
      replay.symmetric = symmetric;
      replay.replay_only = true;
      reports.push_back(next_moves(database, empty.value(), filter, replay));
      INFO("symmetric " << symmetric << " from '" << date_from << "'");
      REQUIRE(reports[0].moves.size() > 10);
      bool evaluated = false;
      for (const Continuation& c : reports[0].moves)
        evaluated = evaluated || !c.evaluations.empty();
      CHECK(evaluated);
      for (std::size_t r = 1; r < reports.size(); ++r) {
        INFO("report " << r);
        CHECK(reports[r].games == reports[0].games);
        CHECK(reports[r].positions == reports[0].positions);
        REQUIRE(reports[r].moves.size() == reports[0].moves.size());
        for (std::size_t m = 0; m < reports[0].moves.size(); ++m) {
          const Continuation& a = reports[0].moves[m];
          const Continuation& b = reports[r].moves[m];
          CHECK(key_of(a) == key_of(b));
          CHECK(std::tie(a.games, a.occurrences, a.seat1_wins, a.seat2_wins, a.example_node,
                         a.years) == std::tie(b.games, b.occurrences, b.seat1_wins, b.seat2_wins,
                                              b.example_node, b.years));
          REQUIRE(a.evaluations.size() == b.evaluations.size());
          for (std::size_t e = 0; e < a.evaluations.size(); ++e) {
            CHECK(a.evaluations[e].games == b.evaluations[e].games);
            CHECK(a.evaluations[e].sum == b.evaluations[e].sum);  // bit for bit
          }
        }
      }
    }
  }
}

}  // namespace ludex::test
