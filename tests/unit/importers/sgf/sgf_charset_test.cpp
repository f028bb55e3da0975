// Charsets: the text module, every encoding test file of the corpus
// decoding to the text its test suite (Sabaki, sgfmill) expects, and Fox
// Weiqi's files (no CA, or a CA that is not what their UTF-8 bytes are in).
#include <catch2/catch.hpp>

#include <string>

#include "games/go_komi.h"
#include "importers/sgf/sgf_game.h"
#include "importers/text/charset.h"
#include "sgf_test_util.h"

namespace ludex {
namespace {

using test::only_game;

using test::corpus_path;
using test::encode;
using test::read_bytes;

SgfParseOutput read_corpus(std::string_view relative) {
  return read_sgf_games(read_bytes(corpus_path(relative)));
}

std::string seat_name(const GameRecord& g, int seat) {
  for (const SeatPlayer& p : g.players) {
    if (p.seat == seat) return p.name;
  }
  return {};
}

// The comment of the n-th node in pre-order (0 = root), "" if none.
std::string comment_at(const GameRecord& g, std::size_t n) {
  const auto order = g.tree.preorder();
  REQUIRE(n < order.size());
  const std::string* comment = g.tree.data(order[n]).comment;
  return comment != nullptr ? *comment : "";
}

std::string first_comment(const GameRecord& g) {
  for (NodeIndex i : g.tree.preorder()) {
    if (g.tree.data(i).comment) return *g.tree.data(i).comment;
  }
  return {};
}

const Property* root_prop(const GameRecord& g, std::string_view id) {
  for (const Property& p : g.tree.data(0).props) {
    if (p.id == id) return &p;
  }
  return nullptr;
}

// A Fox file's head; `extra` goes after GM[1]FF[4] (a CA, for the tests of
// a wrong one), `app` is the second AP.
std::string fox_file(const std::string& extra = "", const std::string& app = "foxwq",
                     const std::string& km = "375") {
  return "(;GM[1]FF[4]" + extra +
         "\r\nSZ[19]\r\nGN[]\r\nDT[2025-09-26]\r\nPB[黑棋手]\r\nPW[白棋手]\r\nBR[2段]\r\nWR[3段]"
         "\r\nKM[" +
         km + "]HA[0]RU[Chinese]AP[GNU Go:3.8]RN[3]RE[W+R]TM[300]TC[3]TT[30]AP[" + app +
         "]RL[0]\r\n;B[pd];W[dp];B[pq];W[dd])";
}

std::vector<std::string> values_of(const GameRecord& g, std::string_view id) {
  std::vector<std::string> out;
  for (const Property& p : g.tree.data(0).props) {
    if (p.id == id) out.insert(out.end(), p.values.begin(), p.values.end());
  }
  return out;
}

std::string warnings_of(const GameRecord& g) {
  std::string out;
  for (const Diagnostic& d : g.warnings) out += d.message + "\n";
  return out;
}

}  // namespace

TEST_CASE("charset: byte order marks", "[sgf][charset]") {
  CHECK(detect_bom("\xEF\xBB\xBF(;)").bom == ByteOrderMark::kUtf8);
  CHECK(detect_bom("\xEF\xBB\xBF(;)").length == 3);
  CHECK(detect_bom("\xFF\xFE(\0;\0").bom == ByteOrderMark::kUtf16Le);
  CHECK(detect_bom("\xFE\xFF\0(\0;").bom == ByteOrderMark::kUtf16Be);
  CHECK(detect_bom(std::string("(\0;\0", 4)).bom == ByteOrderMark::kUtf16Le);
  CHECK(detect_bom(std::string("(\0;\0", 4)).length == 0);
  CHECK(detect_bom("(;GM[1])").bom == ByteOrderMark::kNone);
}

TEST_CASE("charset: strict UTF-8", "[sgf][charset]") {
  CHECK(is_valid_utf8("plain"));
  CHECK(is_valid_utf8("\xC2\xA3 \xE2\x82\xAC \xF0\x9F\x98\x80"));
  CHECK_FALSE(is_valid_utf8("\xA3"));
  CHECK_FALSE(is_valid_utf8("\xC0\x80"));          // overlong
  CHECK_FALSE(is_valid_utf8("\xED\xA0\x80"));      // surrogate
  CHECK_FALSE(is_valid_utf8("\xF4\x90\x80\x80"));  // past U+10FFFF
  CHECK_FALSE(is_valid_utf8("\xE2\x82"));          // truncated
}

TEST_CASE("charset: names as files write them", "[sgf][charset]") {
  CHECK(canonical_charset("utf8") == "UTF-8");
  CHECK(canonical_charset("UTF-8") == "UTF-8");
  CHECK(canonical_charset(" utf-8 ") == "UTF-8");
  CHECK(canonical_charset("ISO8859_1") == "ISO-8859-1");
  CHECK(canonical_charset("ISO8859-1") == "ISO-8859-1");
  CHECK(canonical_charset("latin-1") == "ISO-8859-1");
  CHECK(canonical_charset("gb2312") == "GB18030");
  CHECK(canonical_charset("GBK") == "GB18030");
  CHECK(canonical_charset("Shift_JIS") == "CP932");
  CHECK(canonical_charset("MS_KANJI") == "CP932");
  CHECK(canonical_charset("EUC-KR") == "CP949");
  CHECK(canonical_charset("Big5") == "CP950");
  CHECK(canonical_charset("ascii") == "ASCII");
  CHECK(canonical_charset("koi8-r") == "KOI8-R");
  CHECK(canonical_charset("unknownencoding").empty());
  CHECK(canonical_charset("").empty());
  CHECK(charset_needs_transcoding("CP932"));
  CHECK(charset_needs_transcoding("GB18030"));
  CHECK_FALSE(charset_needs_transcoding("CP949"));
  CHECK_FALSE(charset_needs_transcoding("ISO-8859-1"));
}

TEST_CASE("charset: conversion", "[sgf][charset]") {
  CHECK(convert_to_utf8("\xA3", "ISO-8859-1") == std::optional<std::string>("\xC2\xA3"));
  CHECK_FALSE(convert_to_utf8("\xA3", "UTF-8"));
  CHECK(convert_to_utf8("\xB0\xD7", "GB18030") == std::optional<std::string>("白"));
  CHECK(convert_to_utf8("\x83\x5C", "CP932") == std::optional<std::string>("ソ"));
  CHECK(convert_to_utf8("a\\b", "CP932") == std::optional<std::string>("a\\b"));
  CHECK_FALSE(convert_to_utf8("\x81", "CP932"));
  std::int64_t bad = 0;
  CHECK(convert_to_utf8_lossy("a\xFF"
                              "b",
                              "UTF-8", &bad) ==
        "a\xEF\xBF\xBD"
        "b");
  CHECK(bad == 1);
  CHECK(convert_to_utf8_lossy("ok", "CP932", &bad) == "ok");
  CHECK(bad == -1);
}

TEST_CASE("charset: undeclared legacy text is guessed", "[sgf][charset]") {
  // Sabaki's round-trip cases: known text encoded without CA.
  struct Case {
    const char* charset;
    const char* expected;
    const char* sgf;
  };
  const Case cases[] = {
      {"SHIFT_JIS", "CP932",
       "(;GM[1]FF[4]EV[第46期棋聖戦]PB[井山裕太]PW[一力遼]C[コミ6目半、白番中押し勝ち];B[pd])"},
      {"EUC-KR", "CP949", "(;GM[1]FF[4]EV[제46기 명인전]PB[신진서]PW[박정환]C[흑 불계승];B[pd])"},
      {"GB18030", "GB18030", "(;GM[1]FF[4]EV[第25届三星杯]PB[柯洁]PW[党毅飞]C[黑中盘胜];B[pd])"},
      {"BIG5", "CP950", "(;GM[1]FF[4]EV[第25屆三星盃]PB[柯潔]PW[黨毅飛]C[黑中盤勝];B[pd])"},
      {"CP1251", "CP1251",
       "(;GM[1]FF[4]PB[Илья Шикшин]PW[Александр Динерштейн]C[Чёрные победили];B[pd])"},
      {"ISO-8859-1", "ISO-8859-1", "(;GM[1]PB[Gérard Müller]PW[Ærø]C[créée à Paris, £5];B[pd])"},
  };
  for (const Case& c : cases) {
    INFO(c.charset);
    const std::string bytes = encode(c.sgf, c.charset);
    REQUIRE_FALSE(bytes.empty());
    const SgfParseOutput out = read_sgf_games(bytes);
    const GameRecord& g = only_game(out);
    CHECK(g.charset == c.expected);
    const SgfParseOutput direct = read_sgf_games(c.sgf);  // the same text in UTF-8
    const GameRecord& want = only_game(direct);
    CHECK(g.players == want.players);
    CHECK(g.event == want.event);
    CHECK(comment_at(g, 0) == comment_at(want, 0));
  }
  // A declared CA outranks the guess.
  const SgfParseOutput declared =
      read_sgf_games(encode("(;GM[1]FF[4]CA[EUC-KR]PB[신진서];B[pd])", "EUC-KR"));
  CHECK(seat_name(only_game(declared), 1) == "신진서");
}

TEST_CASE("charset: Sabaki's encoding files", "[sgf][charset][corpus]") {
  const std::string dir = "go/sabaki-sgf/tests/sgf/";
  {
    const auto out = read_corpus(dir + "chinese.sgf");
    const GameRecord& g = only_game(out);
    CHECK(seat_name(g, 1) == "古力");
    CHECK(seat_name(g, 2) == "柯洁");
    CHECK(comment_at(g, 2) == "围棋 is fun");
    CHECK(root_prop(g, "CA") == nullptr);
  }
  {
    const auto out = read_corpus(dir + "japanese.sgf");
    CHECK(comment_at(only_game(out), 2) == "囲碁 is fun");
    CHECK(seat_name(only_game(out), 1) == "井山 裕太");
  }
  {
    const auto out = read_corpus(dir + "korean.sgf");
    CHECK(comment_at(only_game(out), 2) == "바둑 is fun");
    CHECK(seat_name(only_game(out), 2) == "박정환");
  }
  {
    // CA[MS_KANJI] on a file that is really UTF-8 with replacement
    // characters: not decoded as Shift_JIS ("should ignore unknown encodings").
    const auto out = read_corpus(dir + "japanese_bad.sgf");
    CHECK(comment_at(only_game(out), 2) != "囲碁 is fun");
    CHECK(comment_at(only_game(out), 2).find(" is fun") != std::string::npos);
  }
  {
    // GB2312 bytes without CA.
    const auto out = read_corpus(dir + "no-ca.sgf");
    const GameRecord& g = only_game(out);
    CHECK(g.charset == "GB18030");
    CHECK(first_comment(g).rfind("【第三型】 黑先", 0) == 0);
  }
  for (const char* name : {"utf16le.sgf", "utf8bom.sgf"}) {
    INFO(name);
    const auto out = read_corpus(dir + name);
    const GameRecord& g = only_game(out);
    CHECK(seat_name(g, 1) == "Kitani Minoru");
    CHECK(seat_name(g, 2) == "Go Seigen");
    CHECK(g.main_line_moves() > 100);
  }
  CHECK(only_game(read_corpus(dir + "utf16le.sgf")).charset == "UTF-16LE");
  {
    // Shift_JIS without CA, whose trail bytes include '\' and ']', and no ';'
    // before the root properties.
    const auto out = read_corpus(dir + "encoding/nihon-kiin.sgf");
    const GameRecord& g = only_game(out);
    CHECK(g.charset == "CP932");
    CHECK(seat_name(g, 2) == "党毅飛");
    CHECK(seat_name(g, 1) == "申眞ソ");
    const Property* te = root_prop(g, "TE");
    REQUIRE(te != nullptr);
    CHECK(te->values.front().find("世界最高棋士決定戦") != std::string::npos);
    CHECK(g.main_line_moves() == 8);
  }
}

TEST_CASE("charset: sgfmill's encoding files", "[sgf][charset][corpus]") {
  const std::string dir = "go/edge-cases/sgfmill-inline/sgf_tests-";
  struct Case {
    const char* file;
    const char* comment;
  };
  const Case cases[] = {
      {"test_loaded_sgf_game_encoding-01.sgf", "£"},  // CA[iso-8859-1]
      {"test_loaded_sgf_game_encoding-02.sgf", "£"},  // no CA: Latin-1
      {"test_loaded_sgf_game_encoding-05.sgf", "£"},
      {"test_loaded_sgf_game_encoding-06.sgf", "£"},
      {"test_loaded_sgf_game_encoding-08.sgf", "£"},  // CA[utf-8]
      {"test_loaded_sgf_game_encoding-09.sgf", "£"},
      {"test_encoding-01.sgf", "£"},
      {"test_encoding-02.sgf", "£"},
      {"test_serialise_transcoding-01.sgf", "£"},  // CA[latin-1]
      {"test_serialise_transcoding-02.sgf", "£"},  // CA[ascii] on UTF-8 bytes
      {"test_serialise_transcoding-03.sgf", "Δ"},
      {"test_override_encoding-01.sgf", "Â£"},  // UTF-8 bytes declared ISO-8859-1
      {"test_sgf_game_from_string-03.sgf", "££"},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    const auto out = read_corpus(dir + c.file);
    CHECK(comment_at(only_game(out), 0) == c.comment);
  }
  // CA[utf-8] on a Latin-1 byte: kept as it was, marked raw.
  for (const char* file :
       {"test_loaded_sgf_game_encoding-03.sgf", "test_loaded_sgf_game_encoding-07.sgf"}) {
    INFO(file);
    const auto out = read_corpus(dir + file);
    const GameRecord& g = only_game(out);
    CHECK_FALSE(g.tree.data(0).comment);
    const Property* c = root_prop(g, "C");
    REQUIRE(c != nullptr);
    CHECK(c->raw_bytes);
    CHECK(c->values.front() == "\xA3");
  }
  {
    const auto out = read_corpus(dir + "test_loaded_sgf_game_encoding-04.sgf");
    const GameRecord& g = only_game(out);
    REQUIRE(g.warnings.size() == 1);
    CHECK(g.warnings[0].message.find("unknownencoding") != std::string::npos);
  }
  {
    const auto out =
        read_corpus("go/edge-cases/sgfmill-inline/sgf_grammar_tests-test_tokeniser-33.sgf");
    CHECK(comment_at(only_game(out), 0) == "a£b");
  }
}

TEST_CASE("charset: legacy bytes in GNU Go's regression games", "[sgf][charset][corpus]") {
  const std::string dir = "go/gnugo/regression/games/";
  CHECK(seat_name(only_game(read_corpus(dir + "9handicap.sgf")), 2) == "白");
  CHECK(first_comment(only_game(read_corpus(dir + "trevor/trevor_42.sgf"))).rfind("盘面", 0) == 0);
  CHECK(first_comment(only_game(read_corpus(dir + "tg-gg.sgf"))).find("créé") != std::string::npos);
  CHECK(first_comment(only_game(read_corpus(dir + "nicklas/nicklas12.sgf"))).find("hörru") !=
        std::string::npos);
  CHECK(only_game(read_corpus(dir + "CrazyStone1.sgf")).charset == "ISO-8859-1");
}

TEST_CASE("charset: broken UTF-8 under CA[UTF-8] keeps its bytes", "[sgf][charset][corpus]") {
  const auto out = read_corpus(
      "go/computer-go-dataset/AI/Shi Kong Qi Dian/"
      "2018.03.16 神的血脉 VS 时空奇点 (010001399).SGF");
  const GameRecord& g = only_game(out);
  const Property* pb = root_prop(g, "PB");
  REQUIRE(pb != nullptr);
  CHECK(pb->raw_bytes);
  CHECK_FALSE(is_valid_utf8(pb->values.front()));
  CHECK(seat_name(g, 1).rfind("你若有", 0) == 0);  // decoded as far as it goes
  CHECK(is_valid_utf8(seat_name(g, 1)));
  CHECK(seat_name(g, 2) == "时空奇点");
}

TEST_CASE("charset: Little Golem coordinate bytes are not text", "[sgf][charset][corpus]") {
  const auto out = read_corpus("twixt/littlegolem-tasuki/lg-2298348-twixtCassiel.tsgf");
  const GameRecord& g = only_game(out);
  CHECK(g.charset == "UTF-8");
  CHECK(g.warnings.empty());
  // The 48x48 board's coordinates past 'z' are bytes 0x7B..0xA8, read as
  // coordinates, not text: every move decodes, and writing the game gives
  // the same bytes back (the first move b[\x8Dn], a draw offer on
  // r[\x80\x80|draw]).
  CHECK(g.main_line_moves() == 55);
  const std::string written = write_sgf_game(g);
  CHECK(written.find("b[\x8Dn];r[\x80\x80|draw]") != std::string::npos);
}

TEST_CASE("charset: offsets in converted text map back to the input", "[sgf][charset]") {
  SECTION("a two-byte character becomes three bytes") {
    const std::string bytes =
        "a\xB0\xD7"
        "b";  // "a白b"
    const std::string converted = "a白b";
    // Without and with the converted text (whose ASCII runs are passed).
    for (const std::string_view text : {std::string_view(), std::string_view(converted)}) {
      Utf8OffsetMap map(bytes, "GB18030", text);
      CHECK(map.original_offset(0) == 0);
      CHECK(map.original_offset(1) == 1);  // 白
      CHECK(map.original_offset(2) == 1);  // inside 白
      CHECK(map.original_offset(4) == 3);  // b
      CHECK(map.original_offset(5) == 4);  // the end
      CHECK(map.original_offset(99) == 4);
      CHECK(map.original_offset(1) == 1);  // backwards: starts over
    }
  }
  SECTION("a byte that does not convert is one U+FFFD") {
    // 0x81 starts a CP932 pair, but ' ' cannot end one: convert_to_utf8_lossy
    // gives "a" U+FFFD " b".
    const std::string bytes = "a\x81 b";
    REQUIRE(convert_to_utf8_lossy(bytes, "CP932") == "a\xEF\xBF\xBD b");
    const std::string converted = "a\xEF\xBF\xBD b";
    for (const std::string_view text : {std::string_view(), std::string_view(converted)}) {
      Utf8OffsetMap map(bytes, "CP932", text);
      CHECK(map.original_offset(1) == 1);
      CHECK(map.original_offset(3) == 1);  // inside the U+FFFD
      CHECK(map.original_offset(4) == 2);
      CHECK(map.original_offset(5) == 3);
    }
  }
  SECTION("UTF-16 and a stateful charset") {
    const std::string utf16 = encode("a日\nb", "UTF-16LE");
    Utf8OffsetMap map16(utf16, "UTF-16LE");
    CHECK(map16.original_offset(1) == 2);
    CHECK(map16.original_offset(4) == 4);  // the line end
    CHECK(map16.original_offset(5) == 6);
    // ISO-2022-JP: "a" ESC $ B "F|" ESC ( B "b"; an escape sequence becomes
    // nothing, so a character may map to the escape before it.
    const std::string jis = encode("a日b", "ISO-2022-JP");
    REQUIRE(jis == "a\x1B$BF|\x1B(Bb");
    Utf8OffsetMap map_jis(jis, "ISO-2022-JP");
    const std::size_t kanji = map_jis.original_offset(1);
    CHECK((kanji == 1 || kanji == 4));
    const std::size_t b = map_jis.original_offset(4);
    CHECK((b == 6 || b == 9));
  }
  SECTION("Latin-1 and UTF-8 need no iconv") {
    Utf8OffsetMap latin1("\xE9t\xE9", "ISO-8859-1");  // "été"
    CHECK(latin1.original_offset(2) == 1);
    CHECK(latin1.original_offset(3) == 2);
    Utf8OffsetMap utf8("\xC3\xA9\xFFx", "UTF-8");  // é, a bad byte, x
    CHECK(utf8.original_offset(2) == 2);
    CHECK(utf8.original_offset(5) == 3);
  }
}

// Found by fuzz/sgf_fuzzer.cpp (fuzz/regressions/sgf/): the reader's
// positions in a file converted to UTF-8 were offsets in the converted text,
// past the end of the file when its characters grew.
TEST_CASE("charset: positions in a transcoded file are the file's own", "[sgf][charset]") {
  // CA[Shift_JIS]: the file is converted from CP932 before it is read; each
  // kanji is two bytes in the file and three in the converted text.
  const std::string bytes = encode(
      "(;CA[Shift_JIS]GN[日本]\n"
      ";B[aa]C[囲碁];B)\n"
      "(;CA[Shift_JIS]PB[本因坊]SZ[9];W[zz])",
      "CP932");
  REQUIRE_FALSE(bytes.empty());
  const std::size_t line2 = bytes.find('\n') + 1;
  const std::size_t line3 = bytes.find('\n', line2) + 1;
  const SgfParseOutput out = read_sgf_games(bytes);
  REQUIRE(out.diagnostics.size() == 1);  // game 0: "property B has no value"
  const Diagnostic& error = out.diagnostics.front();
  const std::size_t b = bytes.find(";B)") + 1;
  CHECK(error.pos.byte_offset == static_cast<std::int64_t>(b));
  CHECK(error.pos.line == 2);
  CHECK(error.pos.column == static_cast<std::int32_t>(b - line2 + 1));

  REQUIRE(out.games.size() == 1);
  const GameRecord& g = out.games.front();
  CHECK(g.pos.byte_offset == static_cast<std::int64_t>(line3));
  CHECK(g.pos.line == 3);
  CHECK(g.pos.column == 1);
  const std::size_t node = bytes.find(";W[zz]");
  REQUIRE(g.tree.size() == 2);
  CHECK(g.tree.data(1).pos.byte_offset == static_cast<std::int64_t>(node));
  CHECK(g.tree.data(1).pos.column == static_cast<std::int32_t>(node - line3 + 1));
  REQUIRE(g.warnings.size() == 1);  // W[zz] is off the 9x9 board
  CHECK(g.warnings.front().pos.byte_offset == static_cast<std::int64_t>(node));
  CHECK(g.warnings.front().pos.column == static_cast<std::int32_t>(node - line3 + 1));

  // The fuzzer's input: no CA, bytes that the charset guess takes for CP932.
  const SgfParseOutput cut = read_sgf_games("(RU[\x95p]");
  for (const Diagnostic& d : cut.diagnostics) CHECK(d.pos.byte_offset <= 7);
}

TEST_CASE("charset: positions count a byte order mark", "[sgf][charset]") {
  const std::string sgf = "(;GN[x];B)";
  const std::int64_t b = 8;
  const SgfParseOutput utf8 = read_sgf_games("\xEF\xBB\xBF" + sgf);
  REQUIRE(utf8.diagnostics.size() == 1);
  CHECK(utf8.diagnostics.front().pos.byte_offset == b + 3);
  CHECK(utf8.diagnostics.front().pos.column == b + 1);
  const SgfParseOutput utf16 = read_sgf_games("\xFF\xFE" + encode(sgf, "UTF-16LE"));
  REQUIRE(utf16.diagnostics.size() == 1);
  CHECK(utf16.diagnostics.front().pos.byte_offset == 2 + 2 * b);
  CHECK(utf16.diagnostics.front().pos.column == 2 * b + 1);
}

TEST_CASE("charset: a raw duplicate of a decoded field does not hide the field on export",
          "[sgf][charset][writer]") {
  // Found by fuzz/sgf_fuzzer.cpp (fuzz/regressions/sgf/raw-duplicate-field.sgf):
  // PW[ok] fills the field; a second PW whose bytes are not UTF-8 stays in
  // the root raw. Export dropped the first PW and wrote only the raw one, so
  // the name read back was the duplicate's.
  const std::string file = "(;CA[UTF-8]PB[Black]PW[White]PW[x\x8C\xEF]SZ[9];B[ee])";
  const SgfParseOutput first = read_sgf_games(file);
  const GameRecord& g = only_game(first);
  REQUIRE(seat_name(g, 2) == "White");
  const Property* raw = root_prop(g, "PW");
  REQUIRE(raw != nullptr);
  CHECK(raw->raw_bytes);

  const std::string written = write_sgf_game(g);
  const SgfParseOutput again = read_sgf_games(written);
  const GameRecord& back = only_game(again);
  CHECK(seat_name(back, 2) == "White");
  CHECK(written.find("PW[White]") < written.find("PW[x\x8C\xEF]"));
  const Property* raw_back = root_prop(back, "PW");
  REQUIRE(raw_back != nullptr);
  CHECK(raw_back->values == raw->values);
}

TEST_CASE("charset: a field read lossily from raw bytes is exported as those bytes",
          "[sgf][charset][writer]") {
  const std::string file = "(;CA[UTF-8]PB[x\x8C]SZ[9];B[ee])";
  const SgfParseOutput first = read_sgf_games(file);
  const GameRecord& g = only_game(first);
  CHECK(seat_name(g, 1) == "x\xEF\xBF\xBD");
  const std::string written = write_sgf_game(g);
  CHECK(written.find("PB[x\x8C]") != std::string::npos);
  CHECK(written.find("PB[x\xEF\xBF\xBD]") == std::string::npos);
  CHECK(seat_name(only_game(read_sgf_games(written)), 1) == "x\xEF\xBF\xBD");
}

// Fox Weiqi's SGF (docs/formats.md, "Fox Weiqi's SGF"), files written as
// Fox writes them: the root's lines ended by CR LF, two AP in the root
// (AP[GNU Go:3.8] ... AP[foxwq]), no CA, UTF-8 text and a scaled komi.
TEST_CASE("fox sgf: two AP, no CA, UTF-8 and KM[375] read without loss", "[sgf][fox]") {
  const SgfParseOutput out = read_sgf_games(fox_file());
  const GameRecord& g = only_game(out);
  CHECK(warnings_of(g).empty());
  CHECK(g.family == Family::kGo);
  CHECK(g.main_line_moves() == 4);
  // No CA: the UTF-8 text is found valid and read as UTF-8.
  CHECK(g.charset == "UTF-8");
  CHECK(seat_name(g, 1) == "黑棋手");
  CHECK(seat_name(g, 2) == "白棋手");
  CHECK(values_of(g, "BR") == std::vector<std::string>{"2段"});
  // Both AP stay, in their order; KM stays as written.
  CHECK(values_of(g, "AP") == std::vector<std::string>{"GNU Go:3.8", "foxwq"});
  CHECK(values_of(g, "KM") == std::vector<std::string>{"375"});
  const GoKomi komi = read_go_komi(g.tree.data(0).props);
  REQUIRE(komi.points);
  CHECK(*komi.points == 7.5);
  CHECK(komi.scale == KomiScale::kFoxStoneHundredths);
}

TEST_CASE("fox sgf: a Fox komi on neither scale is a warning, KM kept", "[sgf][fox]") {
  const SgfParseOutput out = read_sgf_games(fox_file("", "foxwq", "333"));
  const GameRecord& g = only_game(out);
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings[0].message ==
        "Fox komi KM[333] is no whole or half number of points in hundredths of a point or "
        "of a stone");
  CHECK(g.warnings[0].pos.line == 1);
  CHECK(values_of(g, "KM") == std::vector<std::string>{"333"});
  // Not a Fox file: KM[333] is 333 points, doubtful or not, and no warning.
  const SgfParseOutput other_out = read_sgf_games(fox_file("", "CGoban:3", "333"));
  const GameRecord& other = only_game(other_out);
  CHECK(other.warnings.empty());
}

TEST_CASE("fox sgf: a CA that is not the charset of the UTF-8 bytes", "[sgf][fox][charset]") {
  // Fox writes UTF-8: a CA[GB2312] in its file (Fox's or a later program's)
  // does not make its text GB2312 mojibake.
  const SgfParseOutput out = read_sgf_games(fox_file("CA[gb2312]"));
  const GameRecord& g = only_game(out);
  CHECK(seat_name(g, 1) == "黑棋手");
  CHECK(seat_name(g, 2) == "白棋手");
  CHECK(g.charset == "UTF-8");
  REQUIRE(g.warnings.size() == 1);
  CHECK(g.warnings[0].message ==
        "CA[gb2312] is not the charset of this Fox Weiqi file (AP[foxwq]): its text is UTF-8, "
        "as Fox writes it, and is read as UTF-8");
  // CA leaves the root as in every file (the text is UTF-8 now); the
  // warning keeps what it said.
  CHECK(values_of(g, "CA").empty());

  // The same bytes in a file that is not Fox's: the CA is believed.
  const SgfParseOutput other_out = read_sgf_games(fox_file("CA[gb2312]", "CGoban:3"));
  const GameRecord& other = only_game(other_out);
  CHECK(other.charset == "GB18030");
  CHECK(seat_name(other, 1) != "黑棋手");

  // A Fox file really in GB2312 (not valid UTF-8): its CA is believed.
  const std::string gb = encode(fox_file("CA[gb2312]"), "GB2312");
  const SgfParseOutput real_gb_out = read_sgf_games(gb);
  const GameRecord& real_gb = only_game(real_gb_out);
  CHECK(real_gb.warnings.empty());
  CHECK(seat_name(real_gb, 1) == "黑棋手");
  CHECK(real_gb.charset == "GB18030");

  // A CA naming UTF-8 is no note.
  const SgfParseOutput utf8_out = read_sgf_games(fox_file("CA[UTF-8]"));
  const GameRecord& utf8 = only_game(utf8_out);
  CHECK(utf8.warnings.empty());
  CHECK(seat_name(utf8, 2) == "白棋手");
}

}  // namespace ludex
