// The BLOB and value-list encodings, case folding and pattern translation.
#include <catch2/catch.hpp>

#include "core/text_fold.h"
#include "schema/blob_codec.h"

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

}  // namespace
}  // namespace ludex
