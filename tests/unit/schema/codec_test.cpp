// The BLOB and value-list encodings, case folding and pattern translation.
#include <catch2/catch.hpp>

#include "core/text_fold.h"
#include "schema/db/blob_codec.h"
#include "schema/explorer/explorer_answers.h"

namespace ludex {
namespace {

TEST_CASE("points encode in 2 bytes each when small, 4 bytes plus a marker otherwise", "[schema]") {
  std::string bytes;
  MovePoints back;

  const MovePoints small = {{0, 0}, {255, 3}, {19, 19}};
  encode_points(small, bytes);
  CHECK(bytes == std::string("\x00\x00\xFF\x03\x13\x13", 6));
  REQUIRE(decode_points(bytes, back));
  CHECK(back == small);

  const MovePoints wide = {{256, 0}, {-1, 7}};
  encode_points(wide, bytes);
  CHECK(bytes == std::string("\x00\x01\x00\x00\xFF\xFF\x07\x00\xFF", 9));
  REQUIRE(decode_points(bytes, back));
  CHECK(back == wide);

  encode_points({}, bytes);
  CHECK(bytes.empty());
  REQUIRE(decode_points(bytes, back));
  CHECK(back.empty());

  CHECK_FALSE(decode_points(std::string("\x01\x02\x03", 3), back));
  CHECK_FALSE(decode_points(std::string("\x01\x02\x03\x04\x05", 5), back));
}

TEST_CASE("link edits encode in 5 bytes each", "[schema]") {
  const std::vector<LinkEdit> links = {{false, 7, 9, 0}, {true, 11, 13, 1}, {true, -3, 400, -1}};
  std::string bytes;
  encode_links(links, bytes);
  CHECK(bytes.size() == 15);
  CHECK(bytes.substr(0, 5) == std::string("\x00\x07\x00\x09\x00", 5));
  CHECK(static_cast<unsigned char>(bytes[5]) == 0x03);   // add, slope +1
  CHECK(static_cast<unsigned char>(bytes[10]) == 0x05);  // add, slope -1
  std::vector<LinkEdit> back;
  REQUIRE(decode_links(bytes, back));
  CHECK(back == links);
  CHECK_FALSE(decode_links(std::string("\x00\x01", 2), back));
  CHECK_FALSE(decode_links(std::string("\x07\x00\x00\x00\x00", 5), back));  // slope code 3
}

TEST_CASE("value lists round-trip any bytes", "[schema]") {
  const std::vector<std::vector<std::string>> cases = {
      {}, {""}, {"", ""}, {"dd"}, {"a]b", "c\\d", "[x]", "\\"}, {std::string("\xFF\x00\xFE", 3)},
  };
  for (const auto& values : cases) {
    std::string text;
    encode_values(values, text);
    PropertyValues back;
    REQUIRE(decode_values(text, back));
    CHECK(std::vector<std::string>(back.begin(), back.end()) == values);
  }
  std::string text;
  encode_values(std::vector<std::string>{"a]b", ""}, text);
  CHECK(text == "[a\\]b][]");
  PropertyValues back;
  CHECK_FALSE(decode_values("[abc", back));
  CHECK_FALSE(decode_values("x[abc]", back));
  CHECK_FALSE(decode_values("[ab\\", back));
}

TEST_CASE("fold_case lowers Latin, Greek and Cyrillic letters", "[schema]") {
  CHECK(fold_case("Hello WORLD 123") == "hello world 123");
  CHECK(fold_case("ÀÉÎÕÜ Ø Þ × ß") == "àéîõü ø þ × ß");
  CHECK(fold_case("ŁÓDŹ ŚĆ Ÿ İ") == "łódź ść ÿ i");
  CHECK(fold_case("ΑΒΓ ΆΣ") == "αβγ άσ");
  CHECK(fold_case("ПРИВЕТ ЁЖ") == "привет ёж");
  CHECK(fold_case("ĐẠI") == "đại");
  CHECK(fold_case("山田 太郎") == "山田 太郎");
  // Bytes that are not UTF-8 are copied as they are.
  CHECK(fold_case(std::string("A\xFF\xC3") + "B") == std::string("a\xFF\xC3") + "b");
}

TEST_CASE("user patterns become GLOB patterns with only '*' special", "[schema]") {
  CHECK(user_pattern_to_glob("Alice") == "alice");
  CHECK(user_pattern_to_glob("Al*") == "al*");
  CHECK(user_pattern_to_glob("a?b") == "a[?]b");
  CHECK(user_pattern_to_glob("[x]") == "[[]x]");
  CHECK(user_pattern_to_glob("100%_o'k") == "100%_o'k");
}

TEST_CASE("an explorer answer round-trips to the bit and garbage does not decode", "[schema]") {
  PositionReport report;
  report.games = 187902;
  report.nodes = 187950;
  Continuation a;
  a.seat = 1;
  a.kind = MoveKind::kPlace;
  a.points.push_back(Point{15, 3});
  a.occurrences = 3000;
  a.games = 2990;
  a.seat1_wins = 1400;
  a.seat2_wins = 1500;
  a.example_node = 7199833;
  a.years = {{2000, 10}, {2024, 2980}};
  a.evaluations.push_back({EvalSource::kKataGo, 12, 0.1 + 0.2});  // not a short decimal
  Continuation b;
  b.seat = 2;
  b.color = 4;
  b.kind = MoveKind::kPlace;
  b.points.push_back(Point{-1, 300});
  b.points.push_back(Point{2, 2});
  b.piece = "W";
  b.games = 1;
  b.occurrences = 1;
  Continuation swap;
  swap.seat = 2;
  swap.kind = MoveKind::kSwapPieces;
  swap.games = 5;
  report.moves = {a, b, swap};

  const std::string bytes = encode_explorer_answer(report);
  const std::optional<PositionReport> back = decode_explorer_answer(bytes);
  REQUIRE(back);
  CHECK(back->source == ExplorerSource::kAnswer);
  CHECK(encode_explorer_answer(*back) == bytes);
  REQUIRE(back->moves.size() == 3);
  CHECK(back->games == 187902);
  CHECK(back->moves[0].evaluations[0].sum == 0.1 + 0.2);
  CHECK(back->moves[0].years == a.years);
  CHECK(back->moves[1].points[0] == Point{-1, 300});
  CHECK(back->moves[1].piece == "W");
  CHECK(back->moves[2].kind == MoveKind::kSwapPieces);

  // Every cut of the bytes, and a byte more, is refused.
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    CHECK_FALSE(decode_explorer_answer(std::string_view(bytes).substr(0, n)));
  }
  CHECK_FALSE(decode_explorer_answer(bytes + '\0'));
  CHECK_FALSE(decode_explorer_answer(std::string(40, '\xFF')));
}

}  // namespace
}  // namespace ludex
