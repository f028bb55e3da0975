// The synthetic corpus file (made byte for byte the way the only known
// writer makes them) against its Little Golem record, and the known writer's
// swap.
#include <catch2/catch.hpp>

#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "tests/unit/importers/gtv/gtv_test_util.h"

namespace ludex {
namespace {

using namespace gtv_test;

const std::string kShared = LUDEX_SHARED_DIR;
const std::string kTgt =
    kShared + "/corpus/gtv/synthetic/SYNTHETIC-lg2206555-twixt-commentator-style.tgt";
const std::string kLgRecord = kShared + "/corpus/twixt/twixtbot-ui-game2206555.tsgf";
const std::string kLgSwapRecord =
    kShared + "/corpus/twixt/littlegolem-tasuki/lg-1107581-twixtSpdIv.tsgf";

// The moves of the main line, without the resignation the known writer
// does not write.
std::vector<Move> main_line_moves(const GameRecord& g) {
  std::vector<Move> out;
  for (NodeIndex i : g.tree.main_line()) {
    for (const Move& m : g.tree.data(i).moves) {
      if (m.kind != MoveKind::kResign) out.push_back(m);
    }
  }
  return out;
}

// Seat, kind and points: what two formats must agree on.
bool same_pegs(const std::vector<Move>& a, const std::vector<Move>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (a[k].seat != b[k].seat || a[k].kind != b[k].kind || a[k].points != b[k].points) {
      return false;
    }
  }
  return true;
}

GameRecord read_gtv_corpus_game(const std::string& bytes) {
  GtvParseOutput out = read_gtv_game(bytes);
  REQUIRE(out.game);
  return std::move(*out.game);
}

TEST_CASE("the synthetic .tgt reads and writes back byte for byte", "[gtv]") {
  const std::string bytes = read_file(kTgt);
  CHECK(looks_like_gtv(bytes));
  const GameRecord g = read_gtv_corpus_game(bytes);
  CHECK(g.family == Family::kTwixt);
  CHECK(g.dialect == "gtv2");
  CHECK(g.columns == 24);
  CHECK(g.players == std::vector<SeatPlayer>{{1, "Hekate"}, {2, "Goro56"}});
  CHECK(g.warnings.empty());
  CHECK(g.main_line_moves() == 17);
  CHECK(main_line_moves(g).front() == place(1, 3, 3));
  CHECK(main_line_moves(g).back() == place(1, 12, 7));
  const Result<std::string> written = write_gtv_game(g);
  REQUIRE(written);
  CHECK(*written == bytes);
}

TEST_CASE("the .tgt and the Little Golem record give the same players and pegs", "[gtv]") {
  const GameRecord tgt = read_gtv_corpus_game(read_file(kTgt));
  const std::string record = read_file(kLgRecord);
  const GameRecord lg = parse_lg_twixt(record);
  CHECK(tgt.players == lg.players);
  CHECK(same_pegs(main_line_moves(tgt), main_line_moves(lg)));

  // The same through the project's SGF importer.
  const SgfParseOutput sgf = read_sgf_games(record);
  REQUIRE(sgf.games.size() == 1);
  CHECK(sgf.games[0].family == Family::kTwixt);
  CHECK(sgf.games[0].players == tgt.players);
  CHECK(same_pegs(main_line_moves(sgf.games[0]), main_line_moves(tgt)));

  // Written from the Little Golem record, the game is the known writer's
  // file plus the resignation (kept as a ludex_special node); the event
  // (EV) goes into ludex's extension key.
  GameRecord from_sgf = sgf.games[0];
  const Result<std::string> with_event = write_gtv_game(from_sgf);
  REQUIRE(with_event);
  CHECK(with_event->find(hdr("ludex_event", from_sgf.event)) != std::string::npos);
  CHECK(read_gtv_corpus_game(*with_event).event == from_sgf.event);
  from_sgf.event.clear();
  const Result<std::string> written = write_gtv_game(from_sgf);
  REQUIRE(written);
  const std::string expected = read_file(kTgt);
  const std::string resign_node = be(1, 2) + nkv("ludex_special", "resign:2") + '\0';
  CHECK(*written == expected.substr(0, expected.size() - 2) + resign_node + be(0, 2));
}

TEST_CASE("a swap written the known writer's way reads as a swap", "[gtv]") {
  const std::string record = read_file(kLgSwapRecord);
  const GameRecord lg = parse_lg_twixt(record);
  const std::string bytes = known_writer_tgt(lg);
  // b[ch]: the known writer puts player 1's peg at the transposed hole
  // (h, c) = (7, 2), then player 2's peg in the same hole.
  CHECK(bytes.find(nkv("m", mv(7, 2, 1)) + '\0' + be(1, 2) + nkv("m", mv(7, 2, 2))) !=
        std::string::npos);
  const GameRecord g = read_gtv_corpus_game(bytes);
  CHECK(g.warnings.empty());
  const std::vector<Move> moves = main_line_moves(g);
  REQUIRE(moves.size() >= 3);
  CHECK(moves[0] == place(1, 2, 7));  // as Little Golem recorded it: "ch"
  CHECK(moves[1] == special(2, MoveKind::kSwapPieces));
  CHECK(moves[2] == place(1, 9, 9));  // b[jj]
  CHECK(g.players == lg.players);
  CHECK(same_pegs(moves, main_line_moves(lg)));

  const SgfParseOutput sgf = read_sgf_games(record);
  REQUIRE(sgf.games.size() == 1);
  CHECK(sgf.games[0].players == g.players);
  CHECK(same_pegs(main_line_moves(sgf.games[0]), moves));

  // Written back: the known writer's bytes again.
  const Result<std::string> written = write_gtv_game(g);
  REQUIRE(written);
  CHECK(*written == bytes);
}

TEST_CASE("two pegs in one hole with other continuations stay as written", "[gtv]") {
  std::string f = twixt_header("a", "b", 24);
  f += std::string(1, '\0') + be(1, 2);
  f += nkv("m", mv(7, 2, 1)) + '\0' + be(2, 2);
  f += nkv("m", mv(7, 2, 2)) + '\0' + be(0, 2);
  f += nkv("m", mv(9, 9, 2)) + '\0' + be(0, 2);
  const GameRecord g = read_gtv_corpus_game(f);
  REQUIRE(g.warnings.size() == 1);
  CHECK_THAT(g.warnings[0].message, Catch::Contains("not read as a swap"));
  CHECK(g.tree.data(1).moves.front() == place(1, 7, 2));
  CHECK(g.tree.data(2).moves.front() == place(2, 7, 2));
  CHECK(*write_gtv_game(g) == f);
}

TEST_CASE("two pegs in one hole later in the game are not a swap", "[gtv]") {
  std::string f = twixt_header("a", "b", 24);
  f += std::string(1, '\0') + be(1, 2);
  f += nkv("m", mv(1, 1, 1)) + '\0' + be(1, 2);
  f += nkv("m", mv(7, 2, 1)) + '\0' + be(1, 2);
  f += nkv("m", mv(7, 2, 2)) + '\0' + be(0, 2);
  const GameRecord g = read_gtv_corpus_game(f);
  CHECK(g.tree.data(3).moves.front() == place(2, 7, 2));
  CHECK(*write_gtv_game(g) == f);
}

}  // namespace
}  // namespace ludex
