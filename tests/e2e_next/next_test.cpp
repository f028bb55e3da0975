// End-to-end tests of `ludex next`: the continuations of a position across
// the archive, with counts and win rates computed by the tests themselves
// from the files.
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// A value of the property `id` in an SGF game text, "" if none.
std::string property(const std::string& game, const std::string& id) {
  const std::size_t at = game.find(id + "[");
  if (at == std::string::npos) return "";
  const std::size_t start = at + id.size() + 1;
  return game.substr(start, game.find(']', start) - start);
}

// The n-th move value (0-based) of a one-line Little Golem game: the values
// of ";W[..]" / ";B[..]" in order.
std::string lg_move(const std::string& game, int n) {
  std::size_t at = 0;
  for (int i = 0;; ++i) {
    const std::size_t w = game.find(";W[", at);
    const std::size_t b = game.find(";B[", at);
    const std::size_t next = std::min(w, b);
    if (next == std::string::npos) return "";
    const std::size_t start = next + 3;
    const std::size_t end = game.find(']', start);
    if (i == n) return game.substr(start, end - start);
    at = end;
  }
}

// Little Golem "cd" = column c, row d (4th from the top) = hex "c4".
std::string hex_point(const std::string& lg) {
  return std::string(1, lg[0]) + std::to_string(lg[1] - 'a' + 1);
}

struct Tally {
  std::int64_t occurrences = 0;
  std::int64_t seat1_wins = 0;
  std::int64_t seat2_wins = 0;
  friend bool operator==(const Tally&, const Tally&) = default;
};

// Seat 1's share of the decided games, -1 when none was decided.
double win_rate(std::int64_t seat1_wins, std::int64_t seat2_wins) {
  const std::int64_t decided = seat1_wins + seat2_wins;
  return decided == 0 ? -1.0 : static_cast<double>(seat1_wins) / static_cast<double>(decided);
}

// One row of `ludex next --json`: what the tests compare, by move.
struct Row {
  std::int64_t occurrences = 0;
  std::int64_t games = 0;
  std::int64_t seat1_wins = 0;
  std::int64_t seat2_wins = 0;
  double rate = -1;  // seat1_win_rate; -1 for null
  friend bool operator==(const Row&, const Row&) = default;
};

// A row as the files say it should be: the rate from the wins.
Row row(std::int64_t occurrences, std::int64_t games, std::int64_t seat1_wins,
        std::int64_t seat2_wins) {
  return {occurrences, games, seat1_wins, seat2_wins, win_rate(seat1_wins, seat2_wins)};
}

// `ludex next ... --json` as move -> row, moves as their single point (or
// their kind when not a placement); each move at most once.
std::map<std::string, Row> next_rows(const std::vector<std::string>& args) {
  std::map<std::string, Row> out;
  for (const Json& j : json_lines(run_ludex_ok(args).out)) {
    const std::string key = j.at("kind") == "place" ? j.at("points").at(0).get<std::string>()
                                                    : j.at("kind").get<std::string>();
    CHECK(out.count(key) == 0);
    out[key] = Row{j.at("occurrences").get<std::int64_t>(), j.at("games").get<std::int64_t>(),
                   j.at("seat1_wins").get<std::int64_t>(), j.at("seat2_wins").get<std::int64_t>(),
                   j.at("seat1_win_rate").is_null() ? -1.0 : j.at("seat1_win_rate").get<double>()};
  }
  return out;
}

std::string rows_text(const std::map<std::string, Row>& rows) {
  std::string out;
  for (const auto& [move, r] : rows) {
    out += move + ": " + std::to_string(r.occurrences) + "/" + std::to_string(r.games) + "/" +
           std::to_string(r.seat1_wins) + "/" + std::to_string(r.seat2_wins) + "/" +
           std::to_string(r.rate) + "; ";
  }
  return out;
}

// `ludex next ... --json` as move -> tally; a move is its single point for
// placements and its kind otherwise ("swap-pieces", "resign", ...).
std::map<std::string, Tally> next_moves(const std::vector<std::string>& args) {
  std::map<std::string, Tally> out;
  for (const Json& j : json_lines(run_ludex_ok(args).out)) {
    const std::string key = j.at("kind") == "place" ? j.at("points").at(0).get<std::string>()
                                                    : j.at("kind").get<std::string>();
    Tally& t = out[key];
    t.occurrences += j.at("occurrences").get<std::int64_t>();
    t.seat1_wins += j.at("seat1_wins").get<std::int64_t>();
    t.seat2_wins += j.at("seat2_wins").get<std::int64_t>();
    CHECK(j.at("games") == j.at("occurrences"));  // these games have no variations
  }
  return out;
}

// "move: times/seat 1 wins/seat 2 wins" for every move where a and b differ.
std::string differences(const std::map<std::string, Tally>& a,
                        const std::map<std::string, Tally>& b) {
  std::map<std::string, std::pair<Tally, Tally>> both;
  for (const auto& [k, t] : a) both[k].first = t;
  for (const auto& [k, t] : b) both[k].second = t;
  std::string out;
  auto text = [](const Tally& t) {
    return std::to_string(t.occurrences) + "/" + std::to_string(t.seat1_wins) + "/" +
           std::to_string(t.seat2_wins);
  };
  for (const auto& [k, p] : both) {
    if (!(p.first == p.second)) out += k + ": " + text(p.first) + " vs " + text(p.second) + "; ";
  }
  return out;
}

}  // namespace

TEST_CASE("next on the Little Golem hex games agrees with the files", "[e2e][next]") {
  // Every size-13 game, its first two moves and its result. Little Golem
  // labels the first move W though PB plays it (corpus README), and RE names
  // the winner by the PB/PW letter, so RE[B] is a win of the first player:
  // the games ending in the second mover's ";B[resign]" say RE[B] (1034 of
  // 1036 in these files).
  const fs::path folder = corpus_dir() / "hex" / "littlegolem-zerohex";
  std::vector<std::tuple<std::string, std::string, std::string>> games;  // first, second, RE
  std::map<std::string, int> openings;
  for (const auto& e : fs::directory_iterator(folder)) {
    const std::string text = read_bytes(e.path());
    std::size_t at = 0;
    while ((at = text.find("(;", at)) != std::string::npos) {
      const std::size_t end = text.find('\n', at);
      const std::string game = text.substr(at, end == std::string::npos ? end : end - at);
      at += 2;
      if (property(game, "SZ") != "13") continue;
      games.emplace_back(lg_move(game, 0), lg_move(game, 1), property(game, "RE"));
      ++openings[lg_move(game, 0)];
    }
  }
  std::string cell;
  int best = 0;
  for (const auto& [c, n] : openings) {
    if (c.size() == 2 && n > best) {
      best = n;
      cell = c;
    }
  }
  REQUIRE(best >= 10);
  std::map<std::string, Tally> expected;
  for (const auto& [first, second, result] : games) {
    if (first != cell || second.empty()) continue;
    const std::string key = second == "swap"     ? "swap-pieces"
                            : second.size() == 2 ? hex_point(second)
                                                 : second;
    Tally& t = expected[key];
    ++t.occurrences;
    if (result == "B") ++t.seat1_wins;
    if (result == "W") ++t.seat2_wins;
  }
  REQUIRE(expected.size() >= 3);

  ScratchDir dir("e2e-next-lg");
  const std::string db = dir / "lg.db";
  run_ludex_ok({"import", "--db", db, "--quiet", folder.string()});
  // The position as a HexGui-style file: the same board in another dialect
  // must give the same position.
  const std::string opening = dir / "opening.sgf";
  write_bytes(opening, "(;FF[4]GM[11]SZ[13];B[" + hex_point(cell) + "])\n");
  INFO("opening " << cell << " = " << hex_point(cell));
  // The files count every game; ludex counts a game stored twice (the same
  // moves, query --duplicates) once unless --all-copies.
  const std::map<std::string, Tally> found =
      next_moves({"next", "--db", db, "--position-file", opening, "--json", "--all-copies"});
  INFO("ludex vs files: " << differences(found, expected));
  CHECK(found == expected);
  std::int64_t all_games = 0;
  std::int64_t first_copies = 0;
  for (const auto& [move, t] : found) all_games += t.occurrences;
  for (const auto& [move, t] :
       next_moves({"next", "--db", db, "--position-file", opening, "--json"})) {
    first_copies += t.occurrences;
  }
  CHECK(first_copies < all_games);  // these files hold copies
  CHECK(first_copies > all_games / 2);
  // seat1_win_rate is wins / (wins + losses) of the games the files count.
  for (const auto& [move, r] :
       next_rows({"next", "--db", db, "--position-file", opening, "--json", "--all-copies"})) {
    INFO("move " << move);
    REQUIRE(expected.count(move) == 1);
    const Tally& t = expected.at(move);
    CHECK(r.rate == win_rate(t.seat1_wins, t.seat2_wins));
    CHECK(r.games == t.occurrences);
  }

  // The table is sorted by frequency.
  const RunResult table =
      run_ludex_ok({"next", "--db", db, "--position-file", opening, "--all-copies"});
  std::string most;
  std::int64_t most_count = 0;
  for (const auto& [move, t] : expected) {
    if (t.occurrences > most_count) {
      most_count = t.occurrences;
      most = move;
    }
  }
  const std::size_t header_end = table.out.find('\n', table.out.find('\n') + 1);
  const std::string first_row = table.out.substr(header_end + 1);
  CHECK(first_row.find(most == "swap-pieces" ? "swap" : most) < first_row.find('\n'));
}

TEST_CASE("next --symmetric folds mirrored games onto the query's orientation", "[e2e][next]") {
  ScratchDir dir("e2e-next-symmetric");
  // b2 and d4 are each other's image under the half turn of a 5x5 board; so
  // are c4 and c2. Game 3 opens elsewhere and must not count.
  write_bytes(dir.path() / "g1.sgf", "(;FF[4]GM[11]SZ[5]RE[B+];B[b2];W[c4];B[c3])\n");
  write_bytes(dir.path() / "g2.sgf", "(;FF[4]GM[11]SZ[5]RE[W+];B[d4];W[c2])\n");
  write_bytes(dir.path() / "g3.sgf", "(;FF[4]GM[11]SZ[5]RE[W+];B[b3];W[c4])\n");
  write_bytes(dir.path() / "g4.sgf", "(;FF[4]GM[11]SZ[5]RE[B+];B[b2];W[e5])\n");
  const std::string db = dir / "s.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const std::string query = dir / "q.sgf";
  write_bytes(query, "(;FF[4]GM[11]SZ[5];B[b2])\n");

  const std::map<std::string, Tally> plain =
      next_moves({"next", "--db", db, "--position-file", query, "--json"});
  CHECK(plain == std::map<std::string, Tally>{{"c4", {1, 1, 0}}, {"e5", {1, 1, 0}}});
  const std::map<std::string, Tally> folded =
      next_moves({"next", "--db", db, "--position-file", query, "--json", "--symmetric"});
  CHECK(folded == std::map<std::string, Tally>{{"c4", {2, 1, 1}}, {"e5", {1, 1, 0}}});

  // The same position named by game and move number.
  const RunResult games = run_ludex_ok({"query", "--db", db, "--json"});
  const std::vector<Json> hits = json_lines(games.out);
  REQUIRE(hits.size() == 4);
  const std::string g1 = std::to_string(hits.at(0).at("game_id").get<std::int64_t>());
  CHECK(next_moves({"next", "--db", db, "--position", g1 + ":1", "--json", "--symmetric"}) ==
        folded);
}

TEST_CASE("next reports bad positions as usage errors", "[e2e][next]") {
  ScratchDir dir("e2e-next-errors");
  write_bytes(dir.path() / "g.sgf", "(;FF[4]GM[11]SZ[5];B[b2])\n");
  const std::string db = dir / "e.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  for (const std::string bad : {"x", "1", "1:x", "0:1", "999:0", "1:5"}) {
    const RunResult r = run_ludex({"next", "--db", db, "--position", bad});
    INFO(bad << ": " << r.err);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--position '" + bad + "'") != std::string::npos);
  }
  const RunResult both = run_ludex({"next", "--db", db});
  CHECK(both.exit_code == 2);
}

}  // namespace ludex::test

namespace ludex::test {

TEST_CASE("a position is named by move numbers as the nodes count them", "[e2e][next]") {
  // The last node holds two moves (as GNU Go's buzco1.sgf ends ;B[tt]W[tt]):
  // it is move 3, as nodes.move_number counts, not 4. This once said "the
  // main line has no position after 3 moves".
  ScratchDir dir("e2e-next-move-numbers");
  write_bytes(dir.path() / "g.sgf", "(;FF[4]GM[1]SZ[9];B[cc];W[dd];B[ee]W[ff])\n");
  const std::string db = dir / "m.db";
  run_ludex_ok({"import", "--db", db, "--quiet", dir.path().string()});
  const std::vector<Json> hits =
      json_lines(run_ludex_ok({"query", "--db", db, "--position", "1:3", "--json"}).out);
  REQUIRE(hits.size() == 1);
  CHECK(hits.front().at("move_number") == 3);
  CHECK(run_ludex({"query", "--db", db, "--position", "1:4"}).exit_code == 2);
}

}  // namespace ludex::test

namespace ludex::test {

TEST_CASE("next counts games once and folds the moves a symmetric position cannot tell apart",
          "[e2e][next]") {
  // 5x5 Hex; the half turn maps a3 <-> e3, b2 <-> d4, a1 <-> e5 and c3 onto
  // itself, and the empty board onto itself: from the empty board a3 and e3
  // are one move. g4 plays both at the root (two variations), g7 plays a1
  // twice (two variations): games < occurrences there.
  ScratchDir dir("e2e-next-stabiliser");
  write_bytes(dir.path() / "g1.sgf", "(;FF[4]GM[11]SZ[5]RE[B+];B[a3];W[c3])\n");
  write_bytes(dir.path() / "g2.sgf", "(;FF[4]GM[11]SZ[5]RE[W+];B[e3];W[b2])\n");
  write_bytes(dir.path() / "g3.sgf", "(;FF[4]GM[11]SZ[5]RE[B+];B[c3])\n");
  write_bytes(dir.path() / "g4.sgf", "(;FF[4]GM[11]SZ[5]RE[W+](;B[a3];W[b4])(;B[e3];W[d2]))\n");
  write_bytes(dir.path() / "g5.sgf", "(;FF[4]GM[11]SZ[5];B[b2])\n");
  write_bytes(dir.path() / "g6.sgf", "(;FF[4]GM[11]SZ[5]RE[B+];B[d4])\n");
  write_bytes(dir.path() / "g7.sgf", "(;FF[4]GM[11]SZ[5]RE[B+](;B[a1];W[b1])(;B[a1];W[c1]))\n");
  write_bytes(dir.path() / "g8.sgf", "(;FF[4]GM[11]SZ[5]RE[B+];B[c3];W[a3])\n");
  write_bytes(dir.path() / "g9.sgf", "(;FF[4]GM[11]SZ[5];B[c3];W[e3])\n");
  const std::string db = dir / "s.db";
  import_paths(db, {dir.path().string()});
  const std::string empty = dir / "empty.sgf";
  write_bytes(empty, "(;FF[4]GM[11]SZ[5])\n");

  // (occurrences, games, seat 1 wins, seat 2 wins), counted from the files.
  const std::map<std::string, Row> plain = {{"a3", row(2, 2, 1, 1)}, {"e3", row(2, 2, 0, 2)},
                                            {"c3", row(3, 3, 2, 0)}, {"b2", row(1, 1, 0, 0)},
                                            {"d4", row(1, 1, 1, 0)}, {"a1", row(2, 1, 1, 0)}};
  const std::map<std::string, Row> found =
      next_rows({"next", "--db", db, "--position-file", empty, "--json"});
  INFO("plain: " << rows_text(found));
  CHECK(found == plain);
  // Folded onto the smaller point of each pair (a3 before e3: columns
  // first); g4 counts once for a3.
  const std::map<std::string, Row> folded = {{"a3", row(4, 3, 1, 2)},
                                             {"c3", row(3, 3, 2, 0)},
                                             {"b2", row(2, 2, 1, 0)},
                                             {"a1", row(2, 1, 1, 0)}};
  const std::map<std::string, Row> found_folded =
      next_rows({"next", "--db", db, "--position-file", empty, "--json", "--symmetric"});
  INFO("folded: " << rows_text(found_folded));
  CHECK(found_folded == folded);
  // The table's header counts the 9 roots in 9 games either way.
  CHECK_THAT(run_ludex_ok({"next", "--db", db, "--position-file", empty, "--symmetric"}).out,
             Catch::Contains(": 9 games (9 nodes)"));

  // {B c3} is its own half-turn image as well: from it W a3 (g8) and W e3
  // (g9) are one move.
  const std::string centre = dir / "centre.sgf";
  write_bytes(centre, "(;FF[4]GM[11]SZ[5];B[c3])\n");
  CHECK(next_rows({"next", "--db", db, "--position-file", centre, "--json"}) ==
        std::map<std::string, Row>{{"a3", row(1, 1, 1, 0)}, {"e3", row(1, 1, 0, 0)}});
  CHECK(next_rows({"next", "--db", db, "--position-file", centre, "--json", "--symmetric"}) ==
        std::map<std::string, Row>{{"a3", row(2, 2, 1, 0)}});
}

TEST_CASE("next --family must agree with the position's family", "[e2e][next]") {
  ScratchDir dir("e2e-next-family");
  write_bytes(dir.path() / "g.sgf", "(;FF[4]GM[11]SZ[5];B[b2];W[c3])\n");
  const std::string db = dir / "f.db";
  import_paths(db, {dir.path().string()});
  const RunResult next = run_ludex({"next", "--db", db, "--position", "1:1", "--family", "go"});
  CHECK(next.exit_code == 2);
  CHECK(next.out.empty());
  CHECK_THAT(next.err, Catch::Contains("--family go contradicts the position's family hex"));
  const RunResult query = run_ludex({"query", "--db", db, "--position", "1:1", "--family", "go"});
  CHECK(query.exit_code == 2);
  CHECK_THAT(query.err, Catch::Contains("--family go contradicts the position's family hex"));
  // The same family is fine.
  CHECK(next_rows({"next", "--db", db, "--position", "1:1", "--family", "hex", "--json"}) ==
        std::map<std::string, Row>{{"c3", row(1, 1, 0, 0)}});
}

}  // namespace ludex::test
