// find_nodes with the conditions of the query options: sets of position
// hashes, comment search (FTS5, snippets, syntax errors), patterns as
// alternatives replayed from real moves (captures, variations), and the
// query plans of hash sets and comment search. Expected answers are worked
// out by hand from the game texts in each test.
#include <algorithm>
#include <random>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "games/position.h"
#include "importers/game_file.h"
#include "schema/game_store.h"
#include "schema/position_query.h"
#include "tests/unit/schema/position_test_util.h"
#include "tests/unit/schema/schema_test_util.h"

namespace ludex {
namespace {

using testing::PositionedGame;
using testing::TempDir;

Occupant at(int x, int y, int color) {
  return Occupant{Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)},
                  static_cast<std::int8_t>(color)};
}

// Parses SGF text and computes its positions as the importer does.
std::vector<PositionedGame> games_from(const std::string& sgf) {
  ParsedFile parsed = parse_game_file(sgf);
  REQUIRE(parsed.diagnostics.empty());
  std::vector<PositionedGame> out;
  for (GameRecord& g : parsed.games) {
    PositionedGame p;
    p.positions = compute_positions(g);
    p.record = std::move(g);
    out.push_back(std::move(p));
  }
  return out;
}

// (game index in the stored list, node offset from its root) of every hit.
using Hits = std::vector<std::pair<int, std::int64_t>>;

class Stored {
 public:
  explicit Stored(const std::string& sgf) : db_(dir_.file("n.ludex"), Database::Mode::kReadWrite) {
    ids_ = testing::store_positioned(db_, "n.sgf", games_from(sgf));
  }
  Database& db() { return db_; }
  Hits hits(const NodeFilter& f) {
    Hits out;
    const std::int64_t n = find_nodes(db_, f, [&](const NodeHit& h) {
      const auto it = std::find(ids_.begin(), ids_.end(), h.game.game_id);
      REQUIRE(it != ids_.end());
      const std::int64_t root = db_.handle()
                                    .execAndGet("SELECT first_node_id FROM games WHERE game_id = " +
                                                std::to_string(h.game.game_id))
                                    .getInt64();
      out.emplace_back(static_cast<int>(it - ids_.begin()), h.node_id - root);
      comments_.push_back(h.comment);
      return true;
    });
    CHECK(n == static_cast<std::int64_t>(out.size()));
    CHECK(count_nodes(db_, f) == (f.first_only ? static_cast<std::int64_t>(out.size()) : n));
    return out;
  }
  const std::vector<std::string>& comments() const { return comments_; }

 private:
  TempDir dir_;
  Database db_;
  std::vector<std::int64_t> ids_;
  std::vector<std::string> comments_;
};

// Go 5x5. Pre-order: 0 root; 1 B ba; 2 W aa; 3 B ab captures aa; 4 W cc;
// a variation from 2: 5 B dd (aa still stands).
constexpr const char* kCaptureGame = "(;GM[1]SZ[5];B[ba];W[aa](;B[ab];W[cc])(;B[dd]))";

TEST_CASE("patterns are checked on replayed positions, captures and branches", "[schema]") {
  Stored s(kCaptureGame);
  NodeFilter f;
  f.game.family = Family::kGo;
  const Pattern corner{{at(0, 0, 2), at(1, 0, 1)}, {}};
  f.patterns = {corner};
  CHECK(s.hits(f) == Hits{{0, 2}, {0, 5}});
  const Pattern captured{{at(1, 0, 1)}, {at(0, 0, 0)}};
  f.patterns = {captured};
  CHECK(s.hits(f) == Hits{{0, 1}, {0, 3}, {0, 4}});
  // Alternatives: any of them.
  f.patterns = {corner, Pattern{{at(2, 2, 2)}, {}}};
  CHECK(s.hits(f) == Hits{{0, 2}, {0, 4}, {0, 5}});
  // A stone of any colour; an empty point of one colour only.
  f.patterns = {Pattern{{at(0, 0, 0)}, {at(1, 0, 2)}}};
  CHECK(s.hits(f) == Hits{{0, 2}, {0, 5}});
  // Only empties: the root (empty board) too.
  f.patterns = {Pattern{{}, {at(1, 0, 0), at(3, 3, 0)}}};
  CHECK(s.hits(f) == Hits{{0, 0}});
  // --first and --limit apply after the patterns.
  f.patterns = {captured};
  f.first_only = true;
  CHECK(s.hits(f) == Hits{{0, 1}});
  f.first_only = false;
  f.limit = 2;
  CHECK(s.hits(f) == Hits{{0, 1}, {0, 3}});
  f.limit.reset();
  // Combined with the other conditions, which the statement checks.
  f.main_line_only = true;
  f.patterns = {corner};
  CHECK(s.hits(f) == Hits{{0, 2}});
  f.main_line_only = false;
  f.has = {at(3, 3, 1)};
  CHECK(s.hits(f) == Hits{{0, 5}});
  // Patterns need a family.
  NodeFilter no_family;
  no_family.patterns = {corner};
  CHECK_THROWS_AS(find_nodes(s.db(), no_family, [](const NodeHit&) { return true; }),
                  std::invalid_argument);
}

TEST_CASE("a set of position hashes matches any of them", "[schema]") {
  const std::vector<PositionedGame> games = games_from(kCaptureGame);
  Stored s(kCaptureGame);
  const std::vector<std::uint64_t>& h = games[0].positions.hashes;
  NodeFilter f;
  // NodeIndex order is the order of the SGF text here: 0 root, 1 ba, 2 aa,
  // 3 ab, 4 cc, 5 dd.
  f.position_hashes = {h[1], h[4]};
  CHECK(s.hits(f) == Hits{{0, 1}, {0, 4}});
  f.position_hashes = {h[5], h[1], h[5]};
  CHECK(s.hits(f) == Hits{{0, 1}, {0, 5}});
  f.position_hashes = {0x1234};
  CHECK(s.hits(f).empty());
}

TEST_CASE("comment search with snippets, operators as words, syntax errors", "[schema]") {
  Stored s(
      "(;GM[1]SZ[5]C[start];B[aa]C[A blunder here: bad move];W[bb]C[good move]"
      ";B[cc]C[Was it a BLUNDER? NOT really])");
  NodeFilter f;
  f.comment_match = comment_words_query("blunder");
  CHECK(s.hits(f) == Hits{{0, 1}, {0, 3}});
  REQUIRE(s.comments().size() == 2);
  CHECK(s.comments()[0] == "A [blunder] here: bad move");
  CHECK(s.comments()[1] == "Was it a [BLUNDER]? NOT really");
  f.comment_match = comment_words_query("move bad");
  CHECK(s.hits(f) == Hits{{0, 1}});
  f.comment_match = comment_words_query("NOT");
  CHECK(s.hits(f) == Hits{{0, 3}});
  f.comment_match = comment_words_query("blu*");
  CHECK(s.hits(f).size() == 2);
  f.comment_match = comment_words_query("\"bad move\"");
  CHECK(s.hits(f) == Hits{{0, 1}});
  f.comment_match = comment_words_query("\"move bad\"");
  CHECK(s.hits(f).empty());
  f.comment_match = comment_words_query("good");
  f.main_line_only = true;
  CHECK(s.hits(f) == Hits{{0, 2}});
  f.main_line_only = false;
  // FTS5 syntax straight from the user is an invalid_argument, not a crash.
  f.comment_match = "blunder AND (";
  CHECK_THROWS_AS(find_nodes(s.db(), f, [](const NodeHit&) { return true; }),
                  std::invalid_argument);
  CHECK_THROWS_AS(count_nodes(s.db(), f), std::invalid_argument);
  f.comment_match = "blunder NOT bad";
  CHECK(s.hits(f) == Hits{{0, 3}});
}

TEST_CASE("comment_words_query quotes every word", "[schema]") {
  CHECK(comment_words_query("blunder") == "\"blunder\"");
  CHECK(comment_words_query("  bad   move ") == "\"bad\" \"move\"");
  CHECK(comment_words_query("AND OR ( NOT") == "\"AND\" \"OR\" \"NOT\"");
  CHECK(comment_words_query("blund*") == "\"blund\"*");
  CHECK(comment_words_query("\"bad move\" x") == "\"bad move\" \"x\"");
  CHECK(comment_words_query("\"bad move\"*") == "\"bad move\"*");
  CHECK(comment_words_query("it's") == "\"it's\"");
  CHECK(comment_words_query("a\"b") == "\"a\" \"b\"");
  CHECK(comment_words_query("\"unclosed phrase") == "\"unclosed phrase\"");
  CHECK(comment_words_query("!!! ?").empty());
  CHECK(comment_words_query("").empty());
}

TEST_CASE("hash sets and comment search do not scan nodes", "[schema]") {
  TempDir dir;
  Database db(dir.file("p.ludex"), Database::Mode::kReadWrite);
  std::mt19937 rng(11);
  std::vector<PositionedGame> games;
  std::vector<std::string> pool;
  for (int i = 0; i < 100; ++i) pool.push_back("Player " + std::to_string(i));
  for (int i = 0; i < 500; ++i) {
    games.push_back(testing::random_game(Family::kGo, rng, 60, pool, 19));
  }
  testing::store_positioned(db, "p.sgf", games);
  GameStore(db).finish_bulk_load();
  auto plan = [&](const NodeFilter& f) {
    std::string out;
    for (const std::string& line : explain_find_nodes(db, f)) out += line + "\n";
    return out;
  };
  auto no_node_scan = [](const std::string& p) {
    return p.find("SCAN n\n") == std::string::npos && p.find("SCAN n ") == std::string::npos;
  };
  NodeFilter by_hashes;
  for (int i = 0; i < 8; ++i) by_hashes.position_hashes.push_back(games[i].positions.hashes[3]);
  std::string p = plan(by_hashes);
  INFO(p);
  CHECK_THAT(p, Catch::Contains("SEARCH nh USING PRIMARY KEY (hash_top=?)"));
  CHECK(no_node_scan(p));
  by_hashes.game.players = {"player 1"};
  p = plan(by_hashes);
  CHECK_THAT(p, Catch::Contains("SEARCH nh USING PRIMARY KEY (hash_top=?)"));
  CHECK(no_node_scan(p));

  NodeFilter by_comment;
  by_comment.comment_match = comment_words_query("blunder");
  p = plan(by_comment);
  CHECK_THAT(p, Catch::Contains("VIRTUAL TABLE INDEX"));
  CHECK(no_node_scan(p));
}

}  // namespace
}  // namespace ludex
