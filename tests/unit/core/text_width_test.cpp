#include "core/text_width.h"

#include <catch2/catch.hpp>

namespace ludex {

TEST_CASE("text width: wide characters take two columns, marks none", "[core][text]") {
  CHECK(display_width("") == 0);
  CHECK(display_width("Giupiter") == 8);
  CHECK(display_width("김민준") == 6);       // Hangul
  CHECK(display_width("疯牛的力量") == 10);  // Han
  CHECK(display_width("ｶﾅ") == 2);           // half-width kana: narrow
  CHECK(display_width("Ａ") == 2);           // full-width Latin
  CHECK(display_width("e\xcc\x81") == 1);    // e and a combining acute
  CHECK(display_width("\xff\xfe"
                      "a") == 3);         // bytes that are not UTF-8: one each
  CHECK(display_width("\xe4\xb8") == 2);  // a cut sequence: its bytes
}

TEST_CASE("text width: columns pad by width and cut on character boundaries", "[core][text]") {
  CHECK(pad_column("ab", 4) == "ab  ");
  CHECK(pad_column("김민준", 8) == "김민준  ");
  CHECK(pad_column("김민준", 4) == "김민준");  // overflows, whole
  CHECK(fit_column("abcdef", 4) == "abc ");
  // 3 columns left: one Hangul syllable (2) fits, the next would not.
  CHECK(fit_column("김민준", 4) == "김  ");
  CHECK(fit_column("김민준", 7) == "김민준 ");
  CHECK(fit_column("x", 0).empty());
}

}  // namespace ludex
