// Every distinct move value of the corpus, per board size, for the dialects
// whose move values are all listed here, decodes without error. Collected with
// grep from the corpus (../shared/corpus) when these tests were written:
//  * Little Golem Hex: hex/littlegolem-tasuki/*.hsgf, hex/littlegolem-zerohex/*,
//    hex/misc/lg-game-*.hsgf (";B[..]" / ";W[..]" values, SZ of each game);
//  * HexGui / benzene GM[11]: hex/benzene/regression/sgf/**.sgf and
//    hex/misc/playhex-hex-2023-12-19-the_winner-VS-the_loser.sgf;
//  * Little Golem Twixt: twixt/twixtbot-ui-game*.tsgf and
//    twixt/littlegolem-tasuki/*.tsgf (";b[..]" / ";r[..]"; SZ[48] values use
//    bytes past 'z': lg-2298348-twixtCassiel.tsgf).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/family_rules.h"
#include "tests/unit/games/rules_test_util.h"

namespace ludex {
namespace {

using test::kind_of;

struct CorpusValues {
  std::int32_t size = 0;
  std::vector<std::string> values;
};

const std::vector<CorpusValues> kHexLittleGolem = {
    {11, {"aa", "ab", "ac", "ad", "ae", "af", "ag", "ah", "ai",     "aj",  "ak", "ba", "bb", "bc",
          "bd", "be", "bf", "bg", "bh", "bi", "bj", "bk", "ca",     "cb",  "cc", "cd", "ce", "cf",
          "cg", "ch", "ci", "cj", "ck", "da", "db", "dc", "dd",     "de",  "df", "dg", "dh", "di",
          "dj", "dk", "ea", "eb", "ec", "ed", "ee", "ef", "eg",     "eh",  "ei", "ej", "ek", "fa",
          "fb", "fc", "fd", "fe", "ff", "fg", "fh", "fi", "fj",     "fk",  "ga", "gb", "gc", "gd",
          "ge", "gf", "gg", "gh", "gi", "gj", "gk", "ha", "hb",     "hc",  "hd", "he", "hf", "hg",
          "hh", "hi", "hj", "hk", "ia", "ib", "ic", "id", "ie",     "if",  "ig", "ih", "ii", "ij",
          "ik", "ja", "jb", "jc", "jd", "je", "jf", "jg", "jh",     "ji",  "jj", "jk", "ka", "kb",
          "kc", "kd", "ke", "kf", "kg", "kh", "ki", "kj", "resign", "swap"}},
    {13,
     {"aa", "ab", "ac", "ad", "ae",     "af",  "ag", "ah", "ai", "aj", "ak", "al", "am", "ba", "bb",
      "bc", "bd", "be", "bf", "bg",     "bh",  "bi", "bj", "bk", "bl", "bm", "ca", "cb", "cc", "cd",
      "ce", "cf", "cg", "ch", "ci",     "cj",  "ck", "cl", "cm", "da", "db", "dc", "dd", "de", "df",
      "dg", "dh", "di", "dj", "dk",     "dl",  "dm", "ea", "eb", "ec", "ed", "ee", "ef", "eg", "eh",
      "ei", "ej", "ek", "el", "em",     "fa",  "fb", "fc", "fd", "fe", "ff", "fg", "fh", "fi", "fj",
      "fk", "fl", "fm", "ga", "gb",     "gc",  "gd", "ge", "gf", "gg", "gh", "gi", "gj", "gk", "gl",
      "gm", "ha", "hb", "hc", "hd",     "he",  "hf", "hg", "hh", "hi", "hj", "hk", "hl", "hm", "ia",
      "ib", "ic", "id", "ie", "if",     "ig",  "ih", "ii", "ij", "ik", "il", "im", "ja", "jb", "jc",
      "jd", "je", "jf", "jg", "jh",     "ji",  "jj", "jk", "jl", "jm", "ka", "kb", "kc", "kd", "ke",
      "kf", "kg", "kh", "ki", "kj",     "kk",  "kl", "km", "la", "lb", "lc", "ld", "le", "lf", "lg",
      "lh", "li", "lj", "lk", "ll",     "lm",  "ma", "mb", "mc", "md", "me", "mf", "mg", "mh", "mi",
      "mj", "mk", "ml", "mm", "resign", "swap"}},
    {19, {"ac", "bg", "bl", "ce", "cj", "cm", "dh", "dk", "ed", "ee", "eg",    "eh", "ei", "el",
          "eo", "fc", "fd", "fe", "fg", "fi", "fn", "gd", "ge", "gf", "gg",    "gh", "gi", "gk",
          "gl", "hf", "hg", "hh", "hi", "hk", "hl", "hm", "ie", "if", "ig",    "ii", "ij", "ik",
          "jc", "je", "jf", "jh", "ji", "jj", "jk", "kb", "kc", "ke", "kf",    "kg", "kh", "ki",
          "kk", "lb", "lc", "ld", "lf", "lg", "lh", "li", "ll", "lm", "mb",    "mc", "md", "me",
          "mf", "mg", "mh", "mj", "ml", "mm", "mn", "mo", "nb", "nc", "nd",    "nf", "ng", "nh",
          "nk", "oe", "ok", "ol", "on", "pd", "po", "pq", "qc", "rc", "resign"}},
};

const std::vector<CorpusValues> kHexGui = {
    {5, {"a1", "a3", "a5", "b2", "b5", "c3", "c4", "d2", "d3", "e2", "e3"}},
    {8,
     {"b4", "b5", "b6", "c4", "c5", "c6", "d3", "d4", "e2", "e4", "e5", "e6", "f2", "f3", "f5",
      "g2", "g3"}},
    {9, {"a3", "c7", "d9", "e4", "g6", "h5", "i3"}},
    {14, {"a14", "a4",  "a5",  "a6",  "b12", "b14", "b3",  "b4",  "b6",  "b8",  "b9",  "c10", "c11",
          "c12", "c13", "c14", "c5",  "c6",  "c7",  "c8",  "c9",  "d10", "d11", "d12", "d14", "d2",
          "d3",  "d6",  "d7",  "d8",  "d9",  "e10", "e11", "e12", "e13", "e4",  "e5",  "e6",  "e7",
          "e8",  "e9",  "f10", "f11", "f12", "f2",  "f4",  "f5",  "f6",  "f7",  "f8",  "f9",  "g10",
          "g11", "g12", "g14", "g2",  "g3",  "g4",  "g5",  "g6",  "g7",  "g8",  "g9",  "h10", "h11",
          "h12", "h13", "h2",  "h5",  "h6",  "h7",  "h8",  "h9",  "i10", "i11", "i12", "i13", "i14",
          "i3",  "i4",  "i5",  "i6",  "i7",  "i8",  "j11", "j12", "j13", "j4",  "j5",  "j6",  "j8",
          "k1",  "k12", "k13", "k3",  "k4",  "k5",  "k6",  "k7",  "k9",  "l10", "l13", "l14", "l2",
          "l3",  "l4",  "l5",  "l6",  "l7",  "l8",  "l9",  "m11", "m14", "m2",  "m3",  "m4",  "m5",
          "n1",  "n12", "n14", "n2",  "n3",  "n4"}},
};

const std::vector<CorpusValues> kTwixtLittleGolem = {
    {24, {"bc", "bg",     "cd", "ce", "ch", "cu", "dd", "df", "dg", "ef", "fb",   "fc", "fg", "fh",
          "gd", "ge",     "gf", "gi", "gk", "go", "gq", "hi", "hj", "hs", "id",   "ie", "ih", "ip",
          "ir", "jc",     "je", "jj", "jn", "jo", "jp", "jr", "kc", "kd", "kh",   "ki", "kj", "kp",
          "ks", "lb",     "ld", "le", "lg", "li", "lk", "lo", "ls", "md", "mg",   "mh", "mi", "mk",
          "mm", "ms",     "mt", "nf", "nj", "nk", "nn", "ns", "nt", "od", "of",   "oh", "oj", "ol",
          "on", "op",     "or", "ou", "pd", "ph", "pj", "pn", "pp", "pr", "pu",   "qh", "qj", "qq",
          "qv", "resign", "rf", "ri", "rm", "rv", "sg", "so", "st", "sw", "swap", "te", "th", "tn",
          "tq", "tt",     "tw", "uf", "us", "uw", "vf"}},
    {48, {"\x68\x86", "\x68\x88", "k~",
          "\x6B\x82", "\x6C\x84", "\x6C\x86",
          "\x6D\x88", "\x6E\x83", "\x6E\x85",
          "\x6F\x85", "\x6F\x87", "\x70\x81",
          "\x70\x84", "qq",       "\x71\x86",
          "resign",   "\x72\x83", "s|",
          "uw",       "\x75\x7F", "\x75\x86",
          "\x76\x7F", "\x76\x84", "w~",
          "\x77\x82", "\x77\x83", "\x77\x84",
          "\x77\x87", "x|",       "x~",
          "\x78\x81", "\x78\x85", "y}",
          "{|",       "{~",       "|u",
          "\x7E\x82", "\x7E\x84", "\x80\x80\x7C\x64\x72\x61\x77",
          "\x80\x83", "\x80\x85", "\x82\x86",
          "\x83\x82", "\x83\x86", "\x84\x87",
          "\x85\x7F", "\x85\x85", "\x85\x86",
          "\x86\x83", "\x86\x84", "\x88\x8B",
          "\x89\x89", "\x89\x8A", "\x8A\x85",
          "\x8D\x6E"}},
};

// Decodes every value under both move properties and checks that encoding the
// result and decoding again gives the same move.
void check_all_decode(const std::vector<CorpusValues>& table, Family family,
                      const std::string& dialect, const std::vector<std::string>& ids) {
  const FamilyRules& rules = rules_for(family);
  for (const CorpusValues& entry : table) {
    const SgfGameKind kind = kind_of(family, dialect, entry.size);
    const SgfMoveContext ctx{&kind};
    for (const std::string& id : ids) {
      for (const std::string& value : entry.values) {
        INFO(id << "[" << value << "] on size " << entry.size);
        const Result<Move> move = rules.decode_sgf_move(ctx, id, {value});
        REQUIRE(move.ok());
        const Property written = rules.encode_sgf_move(kind, *move);
        const Result<Move> again = rules.decode_sgf_move(ctx, written.id, written.values);
        REQUIRE(again.ok());
        CHECK(*again == *move);
      }
    }
  }
}

TEST_CASE("every Little Golem hex move value of the corpus decodes", "[games]") {
  check_all_decode(kHexLittleGolem, Family::kHex, "littlegolem", {"B", "W"});
}

TEST_CASE("every HexGui and benzene move value of the corpus decodes", "[games]") {
  check_all_decode(kHexGui, Family::kHex, "sgf", {"B", "W"});
}

TEST_CASE("every Little Golem twixt move value of the corpus decodes", "[games]") {
  check_all_decode(kTwixtLittleGolem, Family::kTwixt, "littlegolem", {"b", "r"});
}

TEST_CASE("corpus values past z decode to coordinates 26 and up", "[games]") {
  const SgfGameKind kind = kind_of(Family::kTwixt, "littlegolem", 48);
  const SgfMoveContext ctx{&kind};
  const Result<Move> draw = rules_for(Family::kTwixt).decode_sgf_move(ctx, "r", {"\x80\x80|draw"});
  REQUIRE(draw.ok());
  CHECK(draw->points == std::vector<Point>{{31, 31}});
  CHECK(draw->draw_offer);
  CHECK(draw->seat == 2);
  const Result<Move> far = rules_for(Family::kTwixt).decode_sgf_move(ctx, "b", {"\x8Dn"});
  REQUIRE(far.ok());
  CHECK(far->points == std::vector<Point>{{44, 13}});
}

}  // namespace
}  // namespace ludex
