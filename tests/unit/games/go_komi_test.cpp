// games/go_komi.h: KM as written, and Fox Weiqi's scaled integers read as the
// fixes in KataGo, KaTrain, LizzieYzy Next and Sabaki read them (the root
// properties here are those of real Fox files: docs/formats.md, "Fox
// Weiqi's SGF").
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/go_komi.h"

namespace ludex {
namespace {

std::vector<Property> root_props(std::initializer_list<std::pair<std::string, std::string>> props) {
  std::vector<Property> out;
  for (const auto& [id, value] : props) out.push_back(Property{id, {value}, false});
  return out;
}

// The root of a Fox file as Fox writes it: two AP, GNU Go's first.
std::vector<Property> fox_root(const std::string& km, const std::string& ha,
                               const std::string& ru) {
  return root_props({{"GM", "1"},
                     {"FF", "4"},
                     {"SZ", "19"},
                     {"KM", km},
                     {"HA", ha},
                     {"RU", ru},
                     {"AP", "GNU Go:3.8"},
                     {"RE", "W+R"},
                     {"AP", "foxwq"},
                     {"RL", "0"}});
}

}  // namespace

TEST_CASE("go komi: KM as written outside Fox files", "[games][komi]") {
  const GoKomi k = read_go_komi(root_props({{"KM", "6.5"}, {"AP", "CGoban:3"}}));
  CHECK(k.written == "6.5");
  REQUIRE(k.points);
  CHECK(*k.points == 6.5);
  CHECK(k.scale == KomiScale::kPoints);
  CHECK(k.problem.empty());
  // An integer is points too: KM[50] outside Fox is 50 (LizzieYzy Next #269).
  CHECK(read_go_komi(root_props({{"KM", "50"}})).points == 50.0);
  CHECK(read_go_komi(root_props({{"KM", " -3 "}})).points == -3.0);
  CHECK(read_go_komi(root_props({{"KM", "+0.50"}})).points == 0.5);
  // No KM: nothing written, nothing read, no problem.
  const GoKomi none = read_go_komi(root_props({{"SZ", "19"}}));
  CHECK(none.written.empty());
  CHECK_FALSE(none.points);
  CHECK(none.problem.empty());
  const GoKomi bad = read_go_komi(root_props({{"KM", "six"}}));
  CHECK_FALSE(bad.points);
  CHECK(bad.problem == "komi KM[six] is not a number");
  CHECK_FALSE(read_go_komi(root_props({{"KM", "1.2.3"}})).points);
  CHECK_FALSE(read_go_komi(root_props({{"KM", "-"}})).points);
  CHECK_FALSE(read_go_komi(root_props({{"KM", "7-"}})).points);
}

TEST_CASE("go komi: Fox files are recognised by any of their AP", "[games][komi]") {
  CHECK(is_fox_sgf(fox_root("375", "0", "Chinese")));
  CHECK(is_fox_sgf(root_props({{"AP", " FoxWQ:1.0 "}})));
  CHECK_FALSE(is_fox_sgf(root_props({{"AP", "GNU Go:3.8"}})));
  CHECK_FALSE(is_fox_sgf(root_props({{"AP", "foxwqx"}})));
  CHECK_FALSE(is_fox_sgf(root_props({{"PC", "foxwq"}})));
  // AP with two values, as a reader merging the two properties keeps them.
  CHECK(is_fox_sgf(std::vector<Property>{Property{"AP", {"GNU Go:3.8", "foxwq"}, false}}));
}

TEST_CASE("go komi: Fox's integers in hundredths of stones or points", "[games][komi]") {
  struct Case {
    std::string km, ha, ru;
    double points;
    KomiScale scale;
  };
  const std::vector<Case> cases = {
      // Even games under Chinese rules: hundredths of a stone (KataGo reads
      // 275, 325, 350, 375 as 5.5, 6.5, 7, 7.5).
      {"375", "0", "Chinese", 7.5, KomiScale::kFoxStoneHundredths},
      {"325", "0", "Chinese", 6.5, KomiScale::kFoxStoneHundredths},
      {"350", "0", "chinese", 7.0, KomiScale::kFoxStoneHundredths},
      {"275", "0", "CN", 5.5, KomiScale::kFoxStoneHundredths},
      // Japanese rules: hundredths of a point; KM[50] with HA[2] is 0.5
      // (LizzieYzy Next #262), KM[550] 5.5 (a Sabaki fix's Fox game).
      {"650", "0", "Japanese", 6.5, KomiScale::kFoxPointHundredths},
      {"550", "0", "Japanese", 5.5, KomiScale::kFoxPointHundredths},
      {"50", "2", "Japanese", 0.5, KomiScale::kFoxPointHundredths},
      {"750", "0", "Korean", 7.5, KomiScale::kFoxPointHundredths},
      // 375 is no half point in hundredths of a point: stones, whatever RU
      // says (KataGo reads it by value).
      {"375", "0", "Japanese", 7.5, KomiScale::kFoxStoneHundredths},
      {"375", "0", "", 7.5, KomiScale::kFoxStoneHundredths},
      // Fox's handicap games and komi in points as written stay as they are.
      {"0", "2", "Japanese", 0.0, KomiScale::kPoints},
      {"0", "0", "Japanese", 0.0, KomiScale::kPoints},
      {"7.5", "0", "Chinese", 7.5, KomiScale::kPoints},
      {"7", "0", "Chinese", 7.0, KomiScale::kPoints},
      {"-650", "0", "Japanese", -6.5, KomiScale::kFoxPointHundredths},
  };
  for (const Case& c : cases) {
    INFO("KM[" << c.km << "] RU[" << c.ru << "]");
    const GoKomi k = read_go_komi(fox_root(c.km, c.ha, c.ru));
    CHECK(k.written == c.km);
    REQUIRE(k.points);
    CHECK(*k.points == c.points);
    CHECK(k.scale == c.scale);
    CHECK(k.problem.empty());
  }
}

TEST_CASE("go komi: a Fox integer on neither scale is not read", "[games][komi]") {
  const GoKomi k = read_go_komi(fox_root("333", "0", "Chinese"));
  CHECK(k.written == "333");
  CHECK_FALSE(k.points);
  CHECK(k.problem ==
        "Fox komi KM[333] is no whole or half number of points in hundredths of a point or "
        "of a stone");
  CHECK(komi_scale_name(KomiScale::kPoints) == "points");
  CHECK(komi_scale_name(KomiScale::kFoxPointHundredths) == "fox-hundredths-of-points");
  CHECK(komi_scale_name(KomiScale::kFoxStoneHundredths) == "fox-hundredths-of-stones");
}

}  // namespace ludex
