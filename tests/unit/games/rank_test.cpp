// Ranks as real files write them (docs/formats.md, "Ranks"): every
// spelling of ../shared/corpus/ and of the server records, read and
// normalized; what is no rank stays unread.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "core/node.h"
#include "games/rank.h"

namespace ludex {
namespace {

std::string read(std::string_view written, RankSource source = RankSource::kGeneric) {
  const ParsedRank p = parse_rank(written, source);
  switch (p.reading) {
    case RankReading::kRank:
      REQUIRE(p.value);
      return rank_text(*p.value);
    case RankReading::kUnranked:
      CHECK_FALSE(p.value);
      return "unranked";
    case RankReading::kUnread:
      CHECK_FALSE(p.value);
      return "unread";
  }
  return "?";
}

Property prop(std::string id, std::string value) {
  Property p;
  p.id = std::move(id);
  p.values.push_back(std::move(value));
  return p;
}

}  // namespace

TEST_CASE("ranks: the spellings of SGF and the Go servers", "[games][rank]") {
  // SGF (KGS, IGS, NNGS): number and k, d, p; '*' and '?' kept as certainty.
  CHECK(read("3k") == "3k");
  CHECK(read("14k*") == "14k*");
  CHECK(read("13k?") == "13k?");
  CHECK(read("9d") == "9d");
  CHECK(read("1p") == "1p");
  CHECK(read("15k ") == "15k");       // NNGS's trailing space
  CHECK(read("15k* IGS") == "15k*");  // a server tag after a space
  CHECK(read("4d*, IGS") == "4d*");
  CHECK(read("3 kyu, AGA") == "3k");
  CHECK(read("9 dan") == "9d");
  // Tygem and the GIB reader: capitals.
  CHECK(read("4D") == "4d");
  CHECK(read("18K") == "18k");
  // NGF: professionals "9DP", amateurs "7D*".
  CHECK(read("9DP") == "9p");
  CHECK(read("7D*") == "7d*");
  // The P prefix (Wbaduk, HanDol, the AlphaGo records; Fox's P9段).
  CHECK(read("P9") == "9p");
  CHECK(read("P2") == "2p");
  CHECK(read("P6段") == "6p");
  CHECK(read("P6段", RankSource::kAmateurServer) == "6p");
  // CJK units: kyu always, dan by source.
  CHECK(read("2級") == "2k");
  CHECK(read("15级") == "15k");
  CHECK(read("3급") == "3k");
  CHECK(read("9段", RankSource::kAmateurServer) == "9d");
  CHECK(read("9段") == "9p");
  CHECK(read("5단", RankSource::kAmateurServer) == "5d");
  CHECK(read("5단") == "5p");
  CHECK(read("九段") == "9p");
  CHECK(read("初段") == "1p");
  CHECK(read("业余5段") == "5d");
  CHECK(read("职业九段", RankSource::kAmateurServer) == "9p");
  CHECK(read("３段", RankSource::kAmateurServer) == "3d");  // full-width digit
  // Nothing stated.
  CHECK(read("") == "unranked");
  CHECK(read("NR") == "unranked");
  CHECK(read("NR ") == "unranked");
  CHECK(read("UR ") == "unranked");
  CHECK(read("-") == "unranked");
  CHECK(read("?") == "unranked");
}

TEST_CASE("ranks: ratings, titles and nonsense are kept unread", "[games][rank]") {
  // CGOS's Elo ratings and fractional kyu (gnugo's regression games).
  for (const char* s : {"1500*", "1660?", "2100", "13.0k", "11.6k"}) {
    INFO(s);
    CHECK(read(s) == "unread");
  }
  // Dan and professional levels share one bound: 十六段 is unread whatever
  // the source (the rank fuzz target found it read as 16d on Fox only).
  CHECK(read("十六段") == "unread");
  CHECK(read("十六段", RankSource::kAmateurServer) == "unread");
  CHECK(read("12d") == "12d");
  CHECK(read("十二段", RankSource::kAmateurServer) == "12d");
  for (const char* s : {"Meijin", "名人", "5", "0k", "100k", "13d", "21d", "13p", "P9k", "九d",
                        "3dx", "dan", "k", "p", "P", "业余3级", "初級"}) {
    INFO(s);
    CHECK(read(s) == "unread");
  }
}

TEST_CASE("ranks: the order of bands keeps kyu, dan and pro apart", "[games][rank]") {
  auto order = [](std::string_view s) {
    return rank_order(*parse_rank(s, RankSource::kGeneric).value);
  };
  CHECK(order("30k") < order("1k"));
  CHECK(order("1k") < order("1d"));
  CHECK(order("9d") < order("1p"));
  CHECK(order("9p") == 209);
  CHECK(order("9d") == 109);
  CHECK(order("1k") == 99);
  CHECK(order("3d*") == order("3d"));
  CHECK(parse_rank_bound("5d") == 105);
  CHECK(parse_rank_bound("12K") == 88);
  CHECK(parse_rank_bound("1p") == 201);
  for (const char* s : {"5x", "", "d", "5", "5d*", "0d", "-3k", " 5d", "5dd"}) {
    INFO(s);
    CHECK_FALSE(parse_rank_bound(s));
  }
  for (std::int32_t o = 0; o <= 300; ++o) {
    const std::optional<Rank> r = rank_from_order(o);
    if (r) CHECK(rank_order(*r) == o);
  }
  CHECK(rank_from_order(105) == Rank{RankScale::kDan, 5, RankCertainty::kPlain});
  CHECK_FALSE(rank_from_order(0));
  CHECK_FALSE(rank_from_order(100));
}

TEST_CASE("ranks: the source of a game decides what 段 means", "[games][rank]") {
  CHECK(rank_source_of("gib", {}) == RankSource::kAmateurServer);
  CHECK(rank_source_of("ngf", {}) == RankSource::kAmateurServer);
  CHECK(rank_source_of("ugf", {}) == RankSource::kAmateurServer);
  const std::vector<Property> fox = {prop("AP", "GNU Go:3.8"), prop("AP", "foxwq")};
  CHECK(rank_source_of("sgf", fox) == RankSource::kAmateurServer);
  // A Fox game re-saved by another program (AP[YuanYu]) keeps TC and TT.
  const std::vector<Property> resaved = {prop("AP", "YuanYu"), prop("TM", "600"), prop("TC", "3"),
                                         prop("TT", "40")};
  CHECK(rank_source_of("sgf", resaved) == RankSource::kAmateurServer);
  const std::vector<Property> pro = {prop("AP", "CGoban:3"), prop("TM", "600")};
  CHECK(rank_source_of("sgf", pro) == RankSource::kGeneric);
  CHECK(rank_source_of("sgf", {}) == RankSource::kGeneric);
}

}  // namespace ludex
