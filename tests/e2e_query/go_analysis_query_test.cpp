// Go files analysed by Sabaki, LizzieYzy, KaTrain and KataGo, imported by the
// real binary and queried by each evaluation source: ranges and swings on
// each source's scale (Black's win rate in percent, score leads in points),
// the usage errors for bounds off a scale, a malformed property's warning
// (the game kept), `ludex show` with the node's evaluations, and an export
// that writes every analysis property back byte for byte and re-imports to
// the same evaluations. Every expected value is worked out by hand in the
// comments from the file text (docs/formats.md "Go analysis programs").
#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "tests/fixtures/go_analysis_samples.h"
#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using Hits = std::vector<std::pair<std::string, int>>;

// Sabaki 0.60: Black's win rate and score lead. Black's 5th move (Q9)
// throws the game away: 46.5 -> 21.05, a swing of 25.45.
constexpr const char* kSabaki =
    "(;GM[1]FF[4]CA[UTF-8]AP[Sabaki:0.60.2]KM[6.5]SZ[19]PB[Sabaki Black]PW[Sabaki White]\n"
    ";B[pd]SBKV[46.12]SBKS[-0.8]\n"
    ";W[dp]SBKV[45.3]SBKS[-1.1]\n"
    ";B[pq]SBKV[47.87]SBKS[-0.4]\n"
    ";W[dd]SBKV[46.5]SBKS[-0.7]\n"
    ";B[qk]SBKV[21.05]SBKS[-7.25]\n"
    ";W[nq]SBKV[22.4]SBKS[-6.9])\n";

// LizzieYzy with KataGo: line 1 holds 100 - the side to move's win rate
// and the side to move's scoreMean. Black's win rates: root 100 - 48.8 =
// 51.2 (Black to move), move 1 48.7, move 2 100 - 51.4 = 48.6, move 3 49.0,
// move 4 (White's blunder, Black to move) 100 - 20.0 = 80. Black's leads:
// 0.4, -0.3, 0.5, -0.2, 8.5.
constexpr const char* kLizzie =
    "(;GM[1]FF[4]CA[utf-8]AP[LizzieYzy: 2.5.3]KM[7.5]SZ[19]PB[Lizzie Black]PW[Lizzie White]"
    "LZOP[KataGo 48.8 1.5k 0.4 18.2\n"
    "move Q16 visits 800 winrate 5121 prior 1523 scoreMean 0.41 pv Q16 D4 Q4 pvVisits 800 420 211 "
    "info move D4 visits 700 winrate 5118 prior 1498 scoreMean 0.39 pv D4 Q16]\n"
    ";B[pd]LZ[KataGo 48.7 1.6k 0.3 18.0\n"
    "move D16 visits 903 winrate 5133 prior 1621 scoreMean 0.31 pv D16 Q4 D4]\n"
    ";W[dp]LZ[KataGo 51.4 1.6k 0.5 17.9\n"
    "move Q4 visits 1002 winrate 5140 prior 1702 scoreMean 0.52 pv Q4 D16]\n"
    ";B[pp]LZ[KataGo 49.0 1.7k 0.2 17.5\n"
    "move D16 visits 1100 winrate 5102 prior 1433 scoreMean 0.21 pv D16]\n"
    ";W[qq]LZ[KataGo 20.0 1.8k 8.5 15.2\n"
    "move Q4 visits 1500 winrate 8012 prior 3011 scoreMean 8.52 pv Q4 R3])\n";

// KaTrain: the empty board 55.73 (lead 0.6), after B[ee] 44.02 (-0.38).
std::string katrain_sgf() {
  return std::string(
             "(;GM[1]FF[4]CA[UTF-8]AP[KaTrain:1.14.0]KTV[1.0]SZ[9]KM[6.5]RU[japanese]"
             "PB[KaTrain Black]PW[KaTrain White]KT") +
         kKaTrainRoot + "\n;B[ee]KT" + kKaTrainAfterE5 + "\n;W[gc])\n";
}

// KataGo self-play: each comment is about its parent's position, from
// White's side. Black's win rates: root 55, moves 1-4 53 56 54 55, after
// Black's blunder B[ab] (move 5) 12, move 6 10; Black's leads 0.6 0.4 0.8
// 0.5 0.6 -6.3 -7.1.
constexpr const char* kKataGo =
    "(;FF[4]GM[1]SZ[9]PB[kata1-b18c384nbt-s9996604416-d4316597426]"
    "PW[kata1-b28c512nbt-s9990000000-d4310000000]HA[0]KM[7]"
    "RU[koPOSITIONALscoreAREAtaxNONEsui1]RE[W+7]"
    "C[startTurnIdx=0,initTurnNum=0,gameHash=5E7A9C0D2B1F4E36A8D0C2B4E6F81357,gtype=normal]\n"
    ";B[ee]C[0.45 0.55 0.00 -0.6 v=600 weight=1.00]\n"
    ";W[gc]C[0.47 0.53 0.00 -0.4 v=100 weight=0.47]\n"
    ";B[cg]C[0.44 0.56 0.00 -0.8 v=600 weight=1.00]\n"
    ";W[gg]C[0.46 0.54 0.00 -0.5 v=600 weight=1.00]\n"
    ";B[ab]C[0.45 0.55 0.00 -0.6 v=600 weight=1.00]\n"
    ";W[cc]C[0.88 0.12 0.00 6.3 v=600 weight=1.00]\n"
    ";B[]C[0.90 0.10 0.00 7.1 v=600 weight=1.00 result=W+7])\n";

// A malformed SBKV on move 2 (line 3): the game is kept, moves 1 and 3
// keep their evaluations.
constexpr const char* kBad =
    "(;GM[1]FF[4]SZ[9]PB[Bad Black]PW[Bad White]\n"
    ";B[ee]SBKV[52.5]\n"
    ";W[cc]SBKV[abc]\n"
    ";B[gg]SBKV[51.0])\n";

Hits hits(const std::vector<Json>& rows) {
  Hits out;
  for (const Json& h : rows) {
    out.emplace_back(fs::path(h.at("file").get<std::string>()).filename().string(),
                     h.at("move_number").get<int>());
  }
  return out;
}

class AnalysedGames {
 public:
  AnalysedGames() : dir_("e2e-query-go-analysis") {
    write_bytes(dir_ / "sabaki.sgf", kSabaki);
    write_bytes(dir_ / "lizzie.sgf", kLizzie);
    write_bytes(dir_ / "katrain.sgf", katrain_sgf());
    write_bytes(dir_ / "katago.sgf", kKataGo);
    write_bytes(dir_ / "bad.sgf", kBad);
    db_ = dir_ / "g.db";
    import_paths(db_, {dir_ / "sabaki.sgf", dir_ / "lizzie.sgf", dir_ / "katrain.sgf",
                       dir_ / "katago.sgf", dir_ / "bad.sgf"});
  }
  const std::string& db() const { return db_; }
  const ScratchDir& dir() const { return dir_; }
  // The hits of a query, sorted (the import orders the files its own way).
  Hits query(std::vector<std::string> filters) const {
    Hits out = hits(query_json(db_, filters));
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  ScratchDir dir_;
  std::string db_;
};

}  // namespace

TEST_CASE("go analysis: every source is queried on its own scale", "[e2e][query][analysis]") {
  const AnalysedGames g;
  using H = Hits;
  // Sabaki.
  CHECK(g.query({"--eval-source", "sabaki", "--eval-min", "47"}) ==
        H{{"bad.sgf", 1}, {"bad.sgf", 3}, {"sabaki.sgf", 3}});
  CHECK(g.query({"--eval-source", "sabaki", "--eval-swing", "20"}) == H{{"sabaki.sgf", 5}});
  CHECK(g.query({"--eval-source", "sabaki-score", "--eval-max", "-5"}) ==
        H{{"sabaki.sgf", 5}, {"sabaki.sgf", 6}});
  CHECK(g.query({"--eval-source", "sabaki", "--has-eval"}).size() == 8);
  // Lizzie.
  CHECK(g.query({"--eval-source", "lizzie", "--eval-swing", "20"}) == H{{"lizzie.sgf", 4}});
  CHECK(g.query({"--eval-source", "lizzie", "--eval-min", "51", "--eval-max", "52"}) ==
        H{{"lizzie.sgf", 0}});
  CHECK(g.query({"--eval-source", "lizzie", "--eval-max", "48.65"}) == H{{"lizzie.sgf", 2}});
  CHECK(g.query({"--eval-source", "lizzie-score", "--eval-min", "0.35"}) ==
        H{{"lizzie.sgf", 0}, {"lizzie.sgf", 2}, {"lizzie.sgf", 4}});
  CHECK(g.query({"--eval-source", "lizzie-score", "--eval-swing", "8"}) == H{{"lizzie.sgf", 4}});
  // KaTrain.
  CHECK(g.query({"--eval-source", "katrain", "--eval-swing", "10"}) == H{{"katrain.sgf", 1}});
  CHECK(g.query({"--eval-source", "katrain", "--eval-min", "55"}) == H{{"katrain.sgf", 0}});
  CHECK(g.query({"--eval-source", "katrain-score", "--eval-max", "0"}) == H{{"katrain.sgf", 1}});
  // KataGo: the blunder at move 5 is where the swing is.
  CHECK(g.query({"--eval-source", "katago", "--eval-swing", "20"}) == H{{"katago.sgf", 5}});
  CHECK(g.query({"--eval-source", "katago", "--eval-max", "20"}) ==
        H{{"katago.sgf", 5}, {"katago.sgf", 6}});
  CHECK(g.query({"--eval-source", "katago-score", "--eval-max", "-5"}) ==
        H{{"katago.sgf", 5}, {"katago.sgf", 6}});
  CHECK(g.query({"--eval-source", "katago", "--has-eval"}).size() == 7);
  // None of them is the game-tree or V[] source.
  CHECK(g.query({"--has-eval", "--eval-source", "gametree"}).empty());
  CHECK(g.query({"--has-eval", "--eval-source", "sgf"}).empty());
  CHECK(run_ludex_ok({"query", "--db", g.db(), "--eval-source", "katago-score", "--eval-max", "-5",
                      "--count"})
            .out == "2\n");
}

// Issue 21: `--has-eval` without `--eval-source` printed only the header
// for a Go file with Sabaki values, since the default source was the binary
// files'. Without a source every source counts, and each hit names the
// sources of the values it met.
TEST_CASE("go analysis: without --eval-source every source is searched and named",
          "[e2e][query][analysis]") {
  const AnalysedGames g;
  using H = Hits;
  // Sabaki 6 + bad 2 (SBKV), Lizzie 5, KaTrain 2, KataGo 7 nodes.
  CHECK(g.query({"--has-eval"}).size() == 22);
  CHECK(run_ludex_ok({"query", "--db", g.db(), "--has-eval", "--count"}).out == "22\n");
  const std::vector<Json> sabaki = query_json(g.db(), {"--has-eval", "--player", "Sabaki*"});
  REQUIRE(sabaki.size() == 6);
  // Move 5 of sabaki.sgf: SBKV[21.05] SBKS[-7.25], both sources named.
  const Json& blunder = sabaki.at(4);
  CHECK(blunder.at("move_number") == 5);
  REQUIRE(blunder.at("evaluations").size() == 2);
  CHECK(blunder.at("evaluations")[0].at("source") == "sabaki");
  CHECK(blunder.at("evaluations")[0].at("value").get<double>() == Approx(21.05));
  CHECK(blunder.at("evaluations")[0].at("swing").get<double>() == Approx(25.45));
  CHECK(blunder.at("evaluations")[1].at("source") == "sabaki-score");
  CHECK(blunder.at("evaluations")[1].at("value").get<double>() == Approx(-7.25));
  // A bound reads every source on its own scale: win rates of at least 80
  // (Lizzie's move 4) and nothing else; the hit lists only the value met.
  const std::vector<Json> high = query_json(g.db(), {"--eval-min", "80"});
  REQUIRE(high.size() == 1);
  CHECK(high[0].at("evaluations").size() == 1);
  CHECK(high[0].at("evaluations")[0].at("source") == "lizzie");
  CHECK(g.query({"--eval-swing", "20"}) ==
        H{{"katago.sgf", 5}, {"lizzie.sgf", 4}, {"sabaki.sgf", 5}});
  // The table and CSV name the sources too.
  const RunResult table = run_ludex_ok({"query", "--db", g.db(), "--eval-min", "80"});
  CHECK_THAT(table.out, Catch::Contains("evaluations"));
  CHECK_THAT(table.out, Catch::Contains("lizzie 80"));
  const RunResult csv = run_ludex_ok({"query", "--db", g.db(), "--eval-min", "80", "--csv"});
  CHECK_THAT(csv.out, Catch::Contains(",evaluations"));
  CHECK_THAT(csv.out, Catch::Contains("lizzie:80"));
  // Without a source no scale bounds the values; NaN is still refused.
  CHECK(run_ludex({"query", "--db", g.db(), "--eval-min", "-5000"}).exit_code == 0);
  CHECK(run_ludex({"query", "--db", g.db(), "--eval-min", "nan"}).exit_code == 2);
}

TEST_CASE("go analysis: bounds off a source's scale are usage errors", "[e2e][query][analysis]") {
  const AnalysedGames g;
  const auto run = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"query", "--db", g.db()});
    return run_ludex(args);
  };
  for (const char* win_rate : {"sabaki", "lizzie", "katrain", "katago"}) {
    INFO(win_rate);
    for (const std::vector<std::string>& bad : {std::vector<std::string>{"--eval-min", "150"},
                                                {"--eval-max", "-1"},
                                                {"--eval-swing", "101"},
                                                {"--eval-swing", "-1"},
                                                {"--eval-min", "nan"}}) {
      std::vector<std::string> args = {"--eval-source", win_rate};
      args.insert(args.end(), bad.begin(), bad.end());
      const RunResult r = run(args);
      CHECK(r.exit_code == 2);
      CHECK_THAT(r.err, Catch::Contains(bad.front()));
      CHECK(r.out.empty());
    }
    CHECK(run({"--eval-source", win_rate, "--eval-min", "0", "--eval-max", "100"}).exit_code == 0);
    CHECK(run({"--eval-source", win_rate, "--eval-swing", "100"}).exit_code == 0);
  }
  for (const char* score : {"sabaki-score", "lizzie-score", "katrain-score", "katago-score"}) {
    INFO(score);
    CHECK(run({"--eval-source", score, "--eval-min", "-150", "--eval-max", "150"}).exit_code == 0);
    CHECK(run({"--eval-source", score, "--eval-swing", "-1"}).exit_code == 2);
  }
  const RunResult unknown = run({"--eval-source", "leela", "--has-eval"});
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("unknown source 'leela'"));
  CHECK_THAT(unknown.err, Catch::Contains("sabaki, sabaki-score, lizzie, lizzie-score, katrain, "
                                          "katrain-score, katago, katago-score"));
}

TEST_CASE("go analysis: a malformed property keeps its game and is reported at its node",
          "[e2e][query][analysis]") {
  const AnalysedGames g;
  CHECK(info_json(g.db()).at("games") == 5);
  const RunResult r = run_ludex_ok({"info", "--db", g.db(), "--json", "--errors"});
  const std::vector<Json> lines = json_lines(r.out);
  std::vector<Json> warnings;
  for (const Json& l : lines) {
    if (l.contains("severity")) warnings.push_back(l);
  }
  REQUIRE(warnings.size() == 1);
  const Json& w = warnings.front();
  CHECK(fs::path(w.at("file").get<std::string>()).filename() == "bad.sgf");
  CHECK(w.at("severity") == "warning");
  CHECK(w.at("game_index") == 0);
  CHECK(w.at("line") == 3);
  CHECK(w.at("column") == 1);
  CHECK_THAT(w.at("message").get<std::string>(),
             Catch::Contains("Sabaki analysis SBKV[abc] kept as a property"));
  CHECK(g.query({"--player", "Bad Black", "--eval-source", "sabaki", "--has-eval"}) ==
        Hits{{"bad.sgf", 1}, {"bad.sgf", 3}});
}

TEST_CASE("go analysis: ludex show prints the shown node's evaluations", "[e2e][query][analysis]") {
  const AnalysedGames g;
  const std::vector<Json> game = query_json(g.db(), {"--player", "kata1-b18*"});
  REQUIRE(game.size() == 1);
  const std::string id = std::to_string(game.front().at("game_id").get<std::int64_t>());
  const RunResult text = run_ludex_ok({"show", "--db", g.db(), "--game", id, "--move", "5"});
  CHECK_THAT(text.out, Catch::EndsWith("\nevaluation: katago 12, katago-score -6.3\n"));
  const RunResult json =
      run_ludex_ok({"show", "--db", g.db(), "--game", id, "--move", "0", "--json"});
  const Json j = Json::parse(json.out);
  REQUIRE(j.at("evaluations").size() == 2);
  CHECK(j.at("evaluations")[0].at("source") == "katago");
  CHECK(j.at("evaluations")[0].at("value").get<double>() == Approx(55));
  CHECK(j.at("evaluations")[1].at("source") == "katago-score");
  CHECK(j.at("evaluations")[1].at("value").get<double>() == Approx(0.6));
  // The last node has no evaluation: no line.
  const RunResult end = run_ludex_ok({"show", "--db", g.db(), "--game", id});
  CHECK(end.out.find("evaluation:") == std::string::npos);
}

TEST_CASE("go analysis: export writes the properties back and re-imports the evaluations",
          "[e2e][query][analysis]") {
  const AnalysedGames g;
  const std::string out = g.dir() / "all.sgf";
  run_ludex_ok({"export", "--db", g.db(), "--collection", out, "--quiet"});
  const std::string written = read_bytes(out);
  for (const std::string& piece :
       {std::string("SBKV[21.05]SBKS[-7.25]"), std::string("SBKV[abc]"),
        std::string("LZ[KataGo 20.0 1.8k 8.5 15.2\nmove Q4 visits 1500 winrate 8012 prior 3011 "
                    "scoreMean 8.52 pv Q4 R3]"),
        std::string("LZOP[KataGo 48.8 1.5k 0.4 18.2\nmove Q16"), std::string("KT") + kKaTrainRoot,
        std::string("KT") + kKaTrainAfterE5,
        std::string("C[0.88 0.12 0.00 6.3 v=600 weight=1.00]")}) {
    INFO(piece);
    CHECK(written.find(piece) != std::string::npos);
  }
  // Written once: no V[] stands for them.
  for (const char* before : {";V[", "]V[", "\nV["})
    CHECK(written.find(before) == std::string::npos);
  const std::string db2 = g.dir() / "again.db";
  import_paths(db2, {out});
  for (const char* source : {"sabaki", "sabaki-score", "lizzie", "lizzie-score", "katrain",
                             "katrain-score", "katago", "katago-score"}) {
    INFO(source);
    for (const std::vector<std::string>& filter :
         {std::vector<std::string>{"--has-eval"}, {"--eval-swing", "5"}, {"--eval-min", "50"}}) {
      std::vector<std::string> args = {"--eval-source", source};
      args.insert(args.end(), filter.begin(), filter.end());
      const std::vector<Json> before = query_json(g.db(), args);
      const std::vector<Json> after = query_json(db2, args);
      REQUIRE(after.size() == before.size());
      for (std::size_t i = 0; i < before.size(); ++i) {
        CHECK(after[i].at("players") == before[i].at("players"));
        CHECK(after[i].at("move_number") == before[i].at("move_number"));
      }
    }
  }
}

}  // namespace ludex::test
