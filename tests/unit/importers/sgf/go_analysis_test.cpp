// The Go analysis programs' evaluations (importers/sgf/go_analysis.h): each
// format parsed on its own, from small examples written the way each program
// writes them (docs/formats.md "Go analysis programs" says where the formats
// were learnt), and read from whole games: the values converted to Black's
// side, on the right nodes, malformed properties kept with a warning, and
// the properties written back as they were read.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "importers/sgf/go_analysis.h"
#include "importers/sgf/sgf_game.h"
#include "sgf_test_util.h"
#include "tests/fixtures/go_analysis_samples.h"

namespace ludex {
namespace {

using test::kKaTrainAfterE5;
using test::kKaTrainRoot;

using Catch::Matchers::Contains;

// One value whose analysis has "root": null (never analysed to the end).
constexpr const char* kKaTrainNoRoot =
    "[H4sIAAAAAAACA6tWys0vSy1WslKortVRUCrKzy8BsvNKc3KAvOT83IKc1JLUFKBQWmJOcWotAJLKV8IvAAAA]";

std::vector<Evaluation> evaluations(const GameRecord& g, NodeIndex i) {
  const NodeView d = g.tree.data(i);
  return {d.evaluations.begin(), d.evaluations.end()};
}

// The value of the first evaluation of `source` on node i, or NaN.
double value_of(const GameRecord& g, NodeIndex i, EvalSource source) {
  for (const Evaluation& e : g.tree.data(i).evaluations) {
    if (e.source == source) return e.value;
  }
  return std::nan("");
}

bool has_prop(const GameRecord& g, NodeIndex i, std::string_view id) {
  for (const Property& p : g.tree.data(i).props) {
    if (p.id == id) return true;
  }
  return false;
}

GameRecord read_one(std::string_view sgf) {
  SgfParseOutput out = read_sgf_games(sgf);
  REQUIRE(out.diagnostics.empty());
  REQUIRE(out.games.size() == 1);
  return std::move(out.games.front());
}

// Writing the game and reading it again gives the same game, and every
// analysis property comes out byte for byte as it went in.
void check_round_trip(const GameRecord& g, std::string_view original,
                      const std::vector<std::string>& verbatim) {
  const std::string written = write_sgf_game(g);
  for (const std::string& piece : verbatim) {
    INFO(piece);
    CHECK(original.find(piece) != std::string_view::npos);
    CHECK(written.find(piece) != std::string::npos);
  }
  const GameRecord again = read_one(written);
  CHECK(test::record_difference(g, again).empty());
  CHECK(again.warnings.size() == g.warnings.size());
}

}  // namespace

TEST_CASE("go analysis: Sabaki SBKV and SBKS values", "[sgf][analysis]") {
  CHECK(parse_sabaki_win_rate("55.27") == Approx(55.27));
  CHECK(parse_sabaki_win_rate("100") == Approx(100));
  CHECK(parse_sabaki_win_rate("0") == Approx(0));
  CHECK(parse_sabaki_win_rate(" 48 ") == Approx(48));
  CHECK_FALSE(parse_sabaki_win_rate("100.5"));
  CHECK_FALSE(parse_sabaki_win_rate("-1"));
  CHECK_FALSE(parse_sabaki_win_rate("NaN"));
  CHECK_FALSE(parse_sabaki_win_rate("Infinity"));
  CHECK_FALSE(parse_sabaki_win_rate(""));
  CHECK_FALSE(parse_sabaki_win_rate("55%"));
  CHECK(parse_sabaki_score("-6.25") == Approx(-6.25));
  CHECK(parse_sabaki_score("0") == Approx(0));
  CHECK_FALSE(parse_sabaki_score("x"));
}

TEST_CASE("go analysis: Lizzie's LZ with Leela Zero", "[sgf][analysis]") {
  // Lizzie 0.7.4 (SGFParser.formatNodeData, BoardData.bestMovesToString):
  // version, 100 - the side to move's win rate, visits; the candidates with
  // win rates in hundredths of a percent and a trailing " info ".
  const auto a = parse_lizzie_analysis(
      "0.7.4 46.8 2.5k\n"
      "move D16 visits 1630 winrate 5341 pv D16 Q4 C4 info move Q4 visits 812 winrate 5296 pv "
      "Q4 D16 info ");
  REQUIRE(a);
  CHECK(a->engine == "0.7.4");
  CHECK(a->win_rate == Approx(46.8));
  CHECK(a->visits == 2500);
  CHECK_FALSE(a->score_mean);
  REQUIRE(a->candidates.size() == 2);
  CHECK(a->candidates[0].move == "D16");
  CHECK(a->candidates[0].visits == 1630);
  CHECK(a->candidates[0].win_rate == Approx(53.41));
  CHECK(a->candidates[0].pv == std::vector<std::string>{"D16", "Q4", "C4"});
  CHECK(a->candidates[1].move == "Q4");
  CHECK_FALSE(a->side_to_move_score());

  // Visits as Utils.getPlayoutsString prints them, the win rate in a comma
  // locale (Lizzie's own reader turns ',' into '.'), no candidates.
  CHECK(parse_lizzie_analysis("0.6 50,5 350\n")->win_rate == Approx(50.5));
  CHECK(parse_lizzie_analysis("0.6 50.5 350")->visits == 350);
  CHECK(parse_lizzie_analysis("0.6 50.5 13k")->visits == 13000);
  CHECK(parse_lizzie_analysis("0.6 50.5 1.2m")->visits == 1200000);
  CHECK(parse_lizzie_analysis("0.7.4 50.0 0\n")->visits == 0);
}

TEST_CASE("go analysis: LizzieYzy's LZ with KataGo", "[sgf][analysis]") {
  // LizzieYzy: the engine's name, win rate, visits, scoreMean and scoreStdev
  // of the side to move; candidates with prior, scoreMean, pvVisits; the
  // ownership after the last candidate.
  const auto a = parse_lizzie_analysis(
      "KataGo 48.7 1.6k 0.3 18.0\n"
      "move D16 visits 903 winrate 5133 prior 1621 scoreMean 0.31 pv D16 Q4 D4 pvVisits 903 "
      "467 230 info move Q4 visits 702 winrate 5127 prior 1588 scoreMean 0.28 pv Q4 D16 pvVisits "
      "702 344 ownership 0.02 -0.01 0.0");
  REQUIRE(a);
  CHECK(a->engine == "KataGo");
  CHECK(a->win_rate == Approx(48.7));
  CHECK(a->visits == 1600);
  REQUIRE(a->score_mean);
  CHECK(*a->score_mean == Approx(0.3));
  REQUIRE(a->candidates.size() == 2);
  CHECK(a->candidates[0].pv == std::vector<std::string>{"D16", "Q4", "D4"});
  CHECK(a->candidates[1].score_mean == Approx(0.28));
  CHECK(*a->side_to_move_score() == Approx(0.3));

  // A name with spaces, and LizzieYzy's empty default name.
  const auto spaced = parse_lizzie_analysis("KataGo 1.13 b18 55.0 800 1.5 20.1 0.5\n");
  REQUIRE(spaced);
  CHECK(spaced->engine == "KataGo 1.13 b18");
  CHECK(spaced->win_rate == Approx(55));
  CHECK(spaced->visits == 800);
  const auto unnamed = parse_lizzie_analysis(" 55.0 800 1.5 20.1\n");
  REQUIRE(unnamed);
  CHECK(unnamed->engine.empty());
  CHECK(unnamed->win_rate == Approx(55));

  // Without the first line's score, the first candidate's (Lizzie's graph).
  const auto lizzie_kata = parse_lizzie_analysis(
      "0.7.4 48.0 400\nmove Q16 visits 300 winrate 5200 scoreMean 1.0E-4 pv Q16 info move D4 "
      "visits 100 winrate 5100 scoreMean -2.5 pv D4");
  REQUIRE(lizzie_kata);
  CHECK(*lizzie_kata->side_to_move_score() == Approx(1e-4));
}

TEST_CASE("go analysis: malformed LZ values", "[sgf][analysis]") {
  for (const char* bad : {"", "KataGo", "KataGo 48.7", "KataGo abc 1.6k", "KataGo 148.7 1.6k",
                          "KataGo 48.7 -5", "KataGo 48.7 1.6k 0.3 18.0 0.5 7 8",
                          "KataGo 48.7 1.6k 0.3 x", "0.7.4 46.8 2.5k\nmove D16 visits 1630 pv D16",
                          "0.7.4 46.8 2.5k\nmove D16 visits 1630 winrate 10001 pv D16",
                          "0.7.4 46.8 2.5k\nvisits 1630 winrate 5000 pv D16",
                          "0.7.4 46.8 2.5k\nmove D16 visits 1630 winrate"}) {
    INFO(bad);
    CHECK_FALSE(parse_lizzie_analysis(bad));
  }
}

TEST_CASE("go analysis: KaTrain's KT", "[sgf][analysis]") {
  const SgfParseOutput parsed =
      read_sgf_games(std::string("(;GM[1]SZ[9];B[ee]KT") + kKaTrainAfterE5 + ")");
  REQUIRE(parsed.games.size() == 1);
  const NodeView d = parsed.games[0].tree.data(1);
  REQUIRE(d.props.size() == 1);
  const auto a = parse_katrain_analysis(d.props[0].values);
  REQUIRE(a);
  CHECK(a->win_rate == Approx(44.02));
  REQUIRE(a->score_lead);
  CHECK(*a->score_lead == Approx(-0.38));
  CHECK(a->visits == 500);

  // KaTrain's development format of one value holding the analysis alone.
  const std::vector<std::string> one = {d.props[0].values[2]};
  CHECK(parse_katrain_analysis(one)->win_rate == Approx(44.02));

  const std::vector<std::string> two = {"a", "b"};
  CHECK_THAT(parse_katrain_analysis(two).error().message, Contains("not 3"));
  const std::vector<std::string> not_base64 = {"a", "b", "not base64!"};
  CHECK_THAT(parse_katrain_analysis(not_base64).error().message, Contains("base64"));
  const std::vector<std::string> not_gzip = {"a", "b", "aGVsbG8="};
  CHECK_THAT(parse_katrain_analysis(not_gzip).error().message, Contains("gzip"));
  std::string no_root(kKaTrainNoRoot);
  no_root = no_root.substr(1, no_root.size() - 2);
  const std::vector<std::string> rootless = {no_root};
  CHECK_THAT(parse_katrain_analysis(rootless).error().message, Contains("no root"));
}

TEST_CASE("go analysis: KataGo's self-play comments", "[sgf][analysis]") {
  // cpp/dataio/sgf.cpp WriteSgf::writeSgf: White's win, loss and no-result
  // probabilities (%.2f), White's expected score (%.1f), then v=, rv=,
  // weight=, result= and extra comments.
  const auto c = parse_katago_comment("0.44 0.54 0.02 -1.3 v=600 weight=1.00");
  REQUIRE(c);
  CHECK(c->white_win == Approx(0.44));
  CHECK(c->white_loss == Approx(0.54));
  CHECK(c->no_result == Approx(0.02));
  CHECK(c->white_score == Approx(-1.3));
  CHECK(c->visits == 600);
  CHECK(c->black_win_rate() == Approx(55));

  const auto ko = parse_katago_comment("Pass for ko 0.98 0.02 0.00 7.1 v=100 rv=1200 weight=0.31");
  REQUIRE(ko);
  CHECK(ko->black_win_rate() == Approx(2));
  CHECK(ko->visits == 100);
  CHECK(parse_katago_comment("0.50 0.50 0.00 0.5"));
  CHECK(parse_katago_comment("1.00 0.00 0.00 12.0 v=50 weight=1.00 result=W+12.5"));

  // Free text, and numbers KataGo would not print.
  for (const char* other :
       {"0.5 is fine", "0.50 0.50 0.00", "0.5 0.5 0.0 1.0", "0.60 0.60 0.00 1.0",
        "0.50 0.50 0.00 1", "Pass for ko", "Pass for kong 0.50 0.50 0.00 0.5", "1.50 0.50 0.00 1.0",
        "startTurnIdx=0,initTurnNum=0,gtype=normal"}) {
    INFO(other);
    CHECK_FALSE(parse_katago_comment(other));
  }
}

TEST_CASE("go analysis: a Sabaki game", "[sgf][analysis]") {
  // Sabaki 0.60: SBKV is Black's win rate in percent and SBKS Black's score
  // lead, both rounded to hundredths, on the node whose position was
  // analysed (src/modules/sabaki.js, the engine syncer's analysis update).
  const std::string sgf =
      "(;GM[1]FF[4]CA[UTF-8]AP[Sabaki:0.60.2]KM[6.5]SZ[19]DT[2024-03-02]PB[Ana]PW[Ben]\n"
      ";B[pd]SBKV[46.12]SBKS[-0.8]\n"
      ";W[dp]SBKV[45.3]SBKS[-1.1]\n"
      ";B[pq]SBKV[47.87]SBKS[-0.4]C[A quiet opening.]\n"
      ";W[dd]SBKV[21.5]SBKS[-6.25]\n"
      ";B[qn]V[0.5]SBKV[22]\n"
      ";W[nq])\n";
  const GameRecord g = read_one(sgf);
  CHECK(g.warnings.empty());
  CHECK(evaluations(g, 0).empty());
  CHECK(value_of(g, 1, EvalSource::kSabaki) == Approx(46.12));
  CHECK(value_of(g, 1, EvalSource::kSabakiScore) == Approx(-0.8));
  CHECK(value_of(g, 4, EvalSource::kSabaki) == Approx(21.5));
  CHECK(value_of(g, 4, EvalSource::kSabakiScore) == Approx(-6.25));
  // V[] stays first and is written back as V[]; SBKV is the property.
  REQUIRE(evaluations(g, 5).size() == 2);
  CHECK(evaluations(g, 5)[0].source == EvalSource::kSgfValue);
  CHECK(evaluations(g, 5)[1].source == EvalSource::kSabaki);
  CHECK(evaluations(g, 6).empty());
  CHECK(has_prop(g, 1, "SBKV"));
  CHECK(has_prop(g, 1, "SBKS"));
  check_round_trip(g, sgf, {"SBKV[46.12]SBKS[-0.8]", "SBKV[21.5]SBKS[-6.25]", "SBKV[22]"});
}

TEST_CASE("go analysis: a Lizzie game", "[sgf][analysis]") {
  // Lizzie 0.7.4 with Leela Zero: LZ on every move's node (never the root);
  // its win rate is the player's who just moved, so Black's after B and
  // 100 minus it after W.
  const std::string sgf =
      "(;KM[7.5]PW[]PB[]DT[2019-05-04]AP[Lizzie: 0.7.4]SZ[19]\n"
      ";B[pd]LZ[0.7.4 46.8 2.5k\n"
      "move D16 visits 1630 winrate 5341 pv D16 Q4 C4 info move Q4 visits 812 winrate 5296 pv Q4 "
      "D16 info ]\n"
      ";W[dp]LZ[0.7.4 53.1 2.4k\n"
      "move D16 visits 2010 winrate 4689 pv D16 Q4 info ]\n"
      ";B[pp]LZ[0.7.4 50.0 0\n"
      "]\n"
      ";W[dd]LZ[0.7.4 61.5 3.1k\n"
      "move C3 visits 3000 winrate 3850 pv C3 info ])\n";
  const GameRecord g = read_one(sgf);
  CHECK(g.warnings.empty());
  CHECK(value_of(g, 1, EvalSource::kLizzie) == Approx(46.8));
  CHECK(value_of(g, 2, EvalSource::kLizzie) == Approx(46.9));
  CHECK(evaluations(g, 3).empty());  // 0 visits: no analysis
  CHECK(value_of(g, 4, EvalSource::kLizzie) == Approx(38.5));
  CHECK(std::isnan(value_of(g, 1, EvalSource::kLizzieScore)));  // Leela Zero: no score
  check_round_trip(g, sgf,
                   {"LZ[0.7.4 53.1 2.4k\nmove D16 visits 2010 winrate 4689 pv D16 Q4 info ]",
                    "LZ[0.7.4 50.0 0\n]"});
}

TEST_CASE("go analysis: a LizzieYzy game with KataGo", "[sgf][analysis]") {
  // LizzieYzy: LZOP on the root (Black to move), LZ on the moves; the first
  // line's scoreMean is the side to move's. In the handicap game White moves
  // first: its root analysis is White's.
  const std::string sgf =
      "(;GM[1]FF[4]CA[utf-8]AP[LizzieYzy: 2.5.3]KM[7.5]SZ[19]DT[2023-11-20]"
      "LZOP[KataGo 48.8 1.5k 0.4 18.2\n"
      "move Q16 visits 800 winrate 5121 prior 1523 scoreMean 0.41 pv Q16 D4 Q4 pvVisits 800 420 "
      "211 info move D4 visits 700 winrate 5118 prior 1498 scoreMean 0.39 pv D4 Q16]\n"
      ";B[pd]LZ[KataGo 48.7 1.6k 0.3 18.0\n"
      "move D16 visits 903 winrate 5133 prior 1621 scoreMean 0.31 pv D16 Q4 D4]\n"
      ";W[dp]LZ[KataGo 51.4 1.6k 0.5 17.9\n"
      "move Q4 visits 1002 winrate 5140 prior 1702 scoreMean 0.52 pv Q4 D16])\n"
      "(;GM[1]FF[4]SZ[19]HA[2]KM[0.5]AB[pd][dp]LZOP[KataGo 86.0 2k -9.5 14.0\n"
      "move Q4 visits 1200 winrate 1400 scoreMean -9.5 pv Q4]\n"
      ";W[qp]LZ[KataGo 14.2 2k 9.4 14.1\n]\n"
      ";B[dc]PL[B]LZ[KataGo 85.0 2k -9.0 14.0\n])\n";
  SgfParseOutput out = read_sgf_games(sgf);
  REQUIRE(out.games.size() == 2);
  const GameRecord& g = out.games[0];
  CHECK(g.warnings.empty());
  CHECK(value_of(g, 0, EvalSource::kLizzie) == Approx(51.2));
  CHECK(value_of(g, 0, EvalSource::kLizzieScore) == Approx(0.4));
  CHECK(value_of(g, 1, EvalSource::kLizzie) == Approx(48.7));
  CHECK(value_of(g, 1, EvalSource::kLizzieScore) == Approx(-0.3));
  CHECK(value_of(g, 2, EvalSource::kLizzie) == Approx(48.6));
  CHECK(value_of(g, 2, EvalSource::kLizzieScore) == Approx(0.5));
  check_round_trip(g, sgf, {"LZ[KataGo 48.7 1.6k 0.3 18.0\nmove D16 visits 903"});

  const GameRecord& h = out.games[1];
  CHECK(h.warnings.empty());
  CHECK(value_of(h, 0, EvalSource::kLizzie) == Approx(86));  // White to move: Black's 86
  CHECK(value_of(h, 0, EvalSource::kLizzieScore) == Approx(9.5));
  CHECK(value_of(h, 1, EvalSource::kLizzie) == Approx(85.8));
  CHECK(value_of(h, 1, EvalSource::kLizzieScore) == Approx(9.4));
  // PL[B] after Black's move: Black moves again.
  CHECK(value_of(h, 2, EvalSource::kLizzie) == Approx(15));
  CHECK(value_of(h, 2, EvalSource::kLizzieScore) == Approx(-9));
}

TEST_CASE("go analysis: a KaTrain game", "[sgf][analysis]") {
  const std::string sgf = std::string(
                              "(;GM[1]FF[4]CA[UTF-8]AP[KaTrain:1.14.0]KTV[1.0]SZ[9]KM[6.5]"
                              "RU[japanese]PB[Ana]PW[Ben]DT[2024-01-05]KT") +
                          kKaTrainRoot + "\n;B[ee]KT" + kKaTrainAfterE5 +
                          "C[Move 1: B E5\nScore: B+0.6]\n;W[gc])\n";
  const GameRecord g = read_one(sgf);
  CHECK(g.warnings.empty());
  CHECK(value_of(g, 0, EvalSource::kKaTrain) == Approx(55.73));
  CHECK(value_of(g, 0, EvalSource::kKaTrainScore) == Approx(0.6));
  CHECK(value_of(g, 1, EvalSource::kKaTrain) == Approx(44.02));
  CHECK(value_of(g, 1, EvalSource::kKaTrainScore) == Approx(-0.38));
  CHECK(evaluations(g, 2).empty());
  check_round_trip(g, sgf, {std::string("KT") + kKaTrainAfterE5, std::string("KT") + kKaTrainRoot});
}

TEST_CASE("go analysis: a KataGo self-play game", "[sgf][analysis]") {
  // A move's comment is the search of the position the move was chosen in:
  // its evaluation goes to the move's parent, so that a swing lands on the
  // move that caused it.
  const std::string sgf =
      "(;FF[4]GM[1]SZ[9]PB[kata1-b18c384nbt-s9996604416-d4316597426]"
      "PW[kata1-b18c384nbt-s9996604416-d4316597426]HA[0]KM[7]"
      "RU[koPOSITIONALscoreAREAtaxNONEsui1]RE[W+8]"
      "C[startTurnIdx=0,initTurnNum=0,gameHash=5E7A9C0D2B1F4E36A8D0C2B4E6F81357,gtype=normal]"
      ";B[ee]C[0.45 0.55 0.00 -0.6 v=600 weight=1.00]"
      ";W[gc]C[0.47 0.53 0.00 -0.4 v=100 weight=0.47]"
      ";B[cg]C[0.44 0.56 0.00 -0.8 v=600 weight=1.00]"
      ";W[]TR[cc]C[Pass for ko 0.90 0.10 0.00 6.1 v=600 weight=1.00]"
      ";B[cc]C[0.91 0.09 0.00 7.8 v=600 rv=1800 weight=1.00 result=W+8])\n";
  const GameRecord g = read_one(sgf);
  CHECK(g.warnings.empty());
  CHECK(value_of(g, 0, EvalSource::kKataGo) == Approx(55));
  CHECK(value_of(g, 0, EvalSource::kKataGoScore) == Approx(0.6));
  CHECK(value_of(g, 1, EvalSource::kKataGo) == Approx(53));
  CHECK(value_of(g, 2, EvalSource::kKataGo) == Approx(56));
  CHECK(value_of(g, 3, EvalSource::kKataGo) == Approx(10));
  CHECK(value_of(g, 3, EvalSource::kKataGoScore) == Approx(-6.1));
  CHECK(value_of(g, 4, EvalSource::kKataGo) == Approx(9));
  CHECK(evaluations(g, 5).empty());
  // The comments stay the nodes' comments.
  REQUIRE(g.tree.data(1).comment != nullptr);
  CHECK(*g.tree.data(1).comment == "0.45 0.55 0.00 -0.6 v=600 weight=1.00");
  check_round_trip(g, sgf, {"C[0.45 0.55 0.00 -0.6 v=600 weight=1.00]"});
}

TEST_CASE("go analysis: malformed properties keep the game and warn at their node",
          "[sgf][analysis]") {
  const std::string sgf = std::string(
                              "(;GM[1]FF[4]SZ[19]\n"
                              ";B[pd]SBKV[55.3]\n"
                              ";W[dd]SBKV[155]SBKS[lots]\n"
                              ";B[pq]LZ[KataGo fifty 1.6k]\n"
                              ";W[dp]KT[AAAA][BBBB]") +
                          kKaTrainNoRoot + "\n;B[qn]SBKV[40][41]KT[x]\n;W[nq]SBKV[39.5])\n";
  const GameRecord g = read_one(sgf);
  REQUIRE(g.tree.size() == 7);
  CHECK(value_of(g, 1, EvalSource::kSabaki) == Approx(55.3));
  CHECK(evaluations(g, 2).empty());
  CHECK(evaluations(g, 3).empty());
  CHECK(evaluations(g, 4).empty());
  CHECK(evaluations(g, 5).empty());
  CHECK(value_of(g, 6, EvalSource::kSabaki) == Approx(39.5));
  for (NodeIndex i = 2; i <= 5; ++i) {
    CHECK(has_prop(g, i, i == 3 ? "LZ" : i == 4 ? "KT" : "SBKV"));
  }
  REQUIRE(g.warnings.size() == 6);
  const auto& w = g.warnings;
  CHECK(w[0].severity == Severity::kWarning);
  CHECK(w[0].pos.line == 3);
  CHECK(w[0].pos.column == 1);
  CHECK_THAT(w[0].message, Contains("Sabaki analysis SBKV[155]"));
  CHECK_THAT(w[0].message, Contains("0 to 100"));
  CHECK(w[1].pos.line == 3);
  CHECK_THAT(w[1].message, Contains("SBKS[lots]"));
  CHECK(w[2].pos.line == 4);
  CHECK_THAT(w[2].message, Contains("Lizzie analysis LZ[KataGo fifty 1.6k]"));
  CHECK(w[3].pos.line == 5);
  CHECK_THAT(w[3].message, Contains("KaTrain analysis KT[AAAA][BBBB]"));
  CHECK_THAT(w[3].message, Contains("no root"));
  CHECK(w[4].pos.line == 6);
  CHECK_THAT(w[4].message, Contains("SBKV[40][41]"));
  CHECK(w[5].pos.line == 6);
  CHECK_THAT(w[5].message, Contains("KT[x]"));
  CHECK_THAT(w[5].message, Contains("not base64"));
  check_round_trip(g, sgf, {"SBKV[155]SBKS[lots]", "LZ[KataGo fifty 1.6k]", "SBKV[40][41]KT[x]"});
}

TEST_CASE("go analysis: worked-out values are stored without floating-point noise",
          "[sgf][analysis]") {
  // 100 * (0.55 + 0.00 / 2) is 55.00000000000001 in doubles, 100 * 0.5573
  // 55.730000000000004, 100 - 48.8 51.2000000000000028: shown as such in
  // the web viewer's evaluation line before they were rounded.
  const GameRecord katago = read_one("(;SZ[9];B[ee]C[0.45 0.55 0.00 -0.6 v=600 weight=1.00])");
  CHECK(value_of(katago, 0, EvalSource::kKataGo) == 55);
  const GameRecord katrain = read_one(std::string("(;SZ[9]KT") + kKaTrainRoot + ")");
  CHECK(value_of(katrain, 0, EvalSource::kKaTrain) == 55.73);
  const GameRecord lizzie = read_one("(;SZ[19]LZOP[KataGo 48.8 1.5k 0.4 18.2\n])");
  CHECK(value_of(lizzie, 0, EvalSource::kLizzie) == 51.2);
}

TEST_CASE("go analysis: only Go games are read", "[sgf][analysis]") {
  const GameRecord hex = read_one("(;GM[11]SZ[11];B[e5]SBKV[55]C[0.45 0.55 0.00 -0.6 v=600])");
  CHECK(evaluations(hex, 0).empty());
  CHECK(evaluations(hex, 1).empty());
  CHECK(hex.warnings.empty());
  const GameRecord go = read_one("(;SZ[9];B[ee]SBKV[55])");
  CHECK(value_of(go, 1, EvalSource::kSabaki) == Approx(55));
}

TEST_CASE("go analysis: analyze-sgf's SBKV is a win rate in percent, in every version",
          "[sgf][analysis]") {
  // analyze-sgf (9beach/analyze-sgf, every commit from its first, 2021-02-05,
  // to 0.4.8) writes KataGo's rootInfo.winrate, Black's 0..1, times 100 with
  // two decimals, before BM/TE/HO marks and its comment; "SBKV[5500.00]"
  // occurs only in comments of its source (docs/formats.md, "Go analysis
  // programs"), and is no win rate.
  const GameRecord g = read_one(
      "(;GM[1]FF[4]SZ[19]KM[6.5]\n"
      ";B[pd]SBKV[48.25]C[* Win rate: 48.25%]\n"
      ";W[dd]TE[1]SBKV[47.90]C[* Win rate: 52.10%]\n"
      ";B[po]BM[1]HO[1]SBKV[5500.00]C[* Win rate: 55.00%]\n"
      ";W[dp]BM[1]HO[1]SBKV[0.00])\n");
  REQUIRE(g.tree.size() == 5);
  CHECK(value_of(g, 1, EvalSource::kSabaki) == Approx(48.25));
  CHECK(value_of(g, 2, EvalSource::kSabaki) == Approx(47.9));
  CHECK(evaluations(g, 3).empty());
  CHECK(has_prop(g, 3, "SBKV"));
  CHECK(has_prop(g, 3, "HO"));
  CHECK(value_of(g, 4, EvalSource::kSabaki) == 0.0);
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings[0].pos.line == 4);
  CHECK_THAT(g.warnings[0].message, Contains("SBKV[5500.00]"));
  CHECK_THAT(g.warnings[0].message, Contains("0 to 100"));
}

}  // namespace ludex
