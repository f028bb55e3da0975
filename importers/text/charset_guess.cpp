// guess_legacy_charset: which legacy charset undeclared non-UTF-8 text is in.
//
// Each candidate walks the bytes by its own multibyte structure. A sequence
// the structure forbids rules the candidate out; every character scores by
// how common it is in real text of that script (+2 common, +1 rarer but
// ordinary, -1 rare or odd). ISO-8859-1 scores short runs of accented letters
// (the shape of European text) and penalises long runs of high bytes (the
// shape of CJK text). The best score wins; a candidate must beat ISO-8859-1
// strictly, so a few ambiguous bytes stay Latin-1, the SGF default.
#include <array>
#include <optional>
#include <unordered_set>

#include "importers/text/charset.h"

namespace ludex {
namespace {

using Score = std::optional<long>;

unsigned char byte_at(std::string_view s, std::size_t i) {
  return static_cast<unsigned char>(s[i]);
}

bool in(unsigned b, unsigned lo, unsigned hi) {
  return b >= lo && b <= hi;
}

// Frequent Hangul syllables (particles, verb endings, surnames, go terms).
// Korean text is mostly made of them; Chinese GB bytes read as EUC-KR give
// Hangul too, but seldom these.
constexpr std::string_view kFrequentHangul =
    "이의는다에을를가고하한지기서로도와과으나수대사자인그전정제시일장상부중국신진박김최조윤강임오"
    "권황안송류홍문양손배백허남심노곽성차주우구민엄원천방공현함변염여추소석선설마길연위표명반왕금"
    "옥육맹모탁어은편용예경봉복태목형피두감음빈동온호범좌팽승간갈단견당화창흑불계집덤패만리있것들"
    "게아니요해보면라까었습되야";

// The EUC-KR byte pairs (b1 << 8 | b2) of kFrequentHangul.
const std::unordered_set<unsigned>& frequent_hangul_pairs() {
  static const std::unordered_set<unsigned> pairs = [] {
    std::unordered_set<unsigned> out;
    // Hangul syllables U+AC00..U+D7A3 are 3-byte UTF-8; KS X 1001 lists its
    // 2350 syllables in Unicode order at B0A1..C8FE. Find each one's row and
    // cell by converting every KS X 1001 syllable once.
    std::unordered_set<std::string> wanted;
    for (std::size_t i = 0; i + 3 <= kFrequentHangul.size(); i += 3) {
      wanted.insert(std::string(kFrequentHangul.substr(i, 3)));
    }
    for (unsigned b1 = 0xB0; b1 <= 0xC8; ++b1) {
      for (unsigned b2 = 0xA1; b2 <= 0xFE; ++b2) {
        const char pair[2] = {static_cast<char>(b1), static_cast<char>(b2)};
        const auto utf8 = convert_to_utf8(std::string_view(pair, 2), "CP949");
        if (utf8 && wanted.count(*utf8) > 0) out.insert((b1 << 8) | b2);
      }
    }
    return out;
  }();
  return pairs;
}

Score score_gb18030(const std::vector<std::string_view>& samples) {
  long points = 0;
  for (std::string_view s : samples) {
    std::size_t i = 0;
    while (i < s.size()) {
      const unsigned b = byte_at(s, i);
      if (b < 0x80) {
        ++i;
        continue;
      }
      if (b == 0x80 || b == 0xFF || i + 1 >= s.size()) return std::nullopt;
      const unsigned b2 = byte_at(s, i + 1);
      if (in(b2, 0x30, 0x39)) {
        if (i + 3 >= s.size() || !in(byte_at(s, i + 2), 0x81, 0xFE) ||
            !in(byte_at(s, i + 3), 0x30, 0x39)) {
          return std::nullopt;
        }
        points -= 1;
        i += 4;
        continue;
      }
      if (!in(b2, 0x40, 0x7E) && !in(b2, 0x80, 0xFE)) return std::nullopt;
      if (b2 >= 0xA1 && (in(b, 0xA1, 0xA3) || in(b, 0xB0, 0xD7))) {
        points += 2;  // GB2312 punctuation, full-width forms, level-1 hanzi
      } else if (b2 >= 0xA1 && in(b, 0xD8, 0xF7)) {
        points += 1;  // GB2312 level-2 hanzi
      } else {
        points -= 1;  // kana, Greek, box drawing, GBK extensions
      }
      i += 2;
    }
  }
  return points;
}

Score score_cp950(const std::vector<std::string_view>& samples) {
  long points = 0;
  for (std::string_view s : samples) {
    std::size_t i = 0;
    while (i < s.size()) {
      const unsigned b = byte_at(s, i);
      if (b < 0x80) {
        ++i;
        continue;
      }
      if (!in(b, 0x81, 0xFE) || i + 1 >= s.size()) return std::nullopt;
      const unsigned b2 = byte_at(s, i + 1);
      if (!in(b2, 0x40, 0x7E) && !in(b2, 0xA1, 0xFE)) return std::nullopt;
      if (in(b, 0xA1, 0xA2) || in(b, 0xA4, 0xC5) || (b == 0xC6 && b2 <= 0x7E)) {
        points += 2;  // punctuation, frequent hanzi
      } else if (in(b, 0xC9, 0xF9)) {
        points += 1;  // less frequent hanzi
      } else {
        points -= 1;
      }
      i += 2;
    }
  }
  return points;
}

Score score_cp949(const std::vector<std::string_view>& samples) {
  const std::unordered_set<unsigned>& frequent = frequent_hangul_pairs();
  long points = 0;
  long hangul = 0;
  long frequent_hangul = 0;
  for (std::string_view s : samples) {
    std::size_t i = 0;
    while (i < s.size()) {
      const unsigned b = byte_at(s, i);
      if (b < 0x80) {
        ++i;
        continue;
      }
      if (!in(b, 0x81, 0xFE) || i + 1 >= s.size()) return std::nullopt;
      const unsigned b2 = byte_at(s, i + 1);
      if (!in(b2, 0x41, 0x5A) && !in(b2, 0x61, 0x7A) && !in(b2, 0x81, 0xFE)) return std::nullopt;
      if (b2 >= 0xA1 && in(b, 0xB0, 0xC8)) {
        points += 2;
        ++hangul;
        if (frequent.count((b << 8) | b2) > 0) ++frequent_hangul;
      } else if (b2 >= 0xA1 && in(b, 0xA1, 0xA3)) {
        points += 2;
      } else if (b2 >= 0xA1 && (b == 0xA4 || in(b, 0xCA, 0xFD))) {
        points += 1;  // compatibility jamo, hanja
      } else {
        points -= 1;  // UHC extended syllables, symbols
      }
      i += 2;
    }
  }
  // Korean text is dense in frequent syllables; Chinese read as EUC-KR is not.
  if (hangul > 0 && frequent_hangul * 5 >= hangul) points += frequent_hangul;
  return points;
}

Score score_cp932(const std::vector<std::string_view>& samples) {
  long points = 0;
  for (std::string_view s : samples) {
    std::size_t i = 0;
    while (i < s.size()) {
      const unsigned b = byte_at(s, i);
      if (b < 0x80) {
        ++i;
        continue;
      }
      if (in(b, 0xA1, 0xDF)) {
        points -= 1;  // half-width katakana
        ++i;
        continue;
      }
      if ((!in(b, 0x81, 0x9F) && !in(b, 0xE0, 0xFC)) || i + 1 >= s.size()) return std::nullopt;
      const unsigned b2 = byte_at(s, i + 1);
      if (!in(b2, 0x40, 0x7E) && !in(b2, 0x80, 0xFC)) return std::nullopt;
      if (b == 0x81 || (b == 0x82 && b2 >= 0x4F) || (b == 0x83 && b2 <= 0x96)) {
        points += 2;  // punctuation, full-width alphanumerics, kana
      } else if (in(b, 0x89, 0x97) || (b == 0x88 && b2 >= 0x9F) || (b == 0x98 && b2 <= 0x72)) {
        points += 2;  // JIS level-1 kanji
      } else if (in(b, 0x98, 0x9F) || in(b, 0xE0, 0xEA)) {
        points += 1;  // JIS level-2 kanji
      } else if (in(b, 0xED, 0xEE) || in(b, 0xFA, 0xFC)) {
        points += 0;  // vendor extensions
      } else {
        points -= 1;
      }
      i += 2;
    }
  }
  return points;
}

bool is_cp1251_letter(unsigned b) {
  return b >= 0xC0 || b == 0xA8 || b == 0xB8;
}
bool is_latin1_letter(unsigned b) {
  return b >= 0xC0 && b != 0xD7 && b != 0xF7;
}

// Calls f(run) for each maximal run of bytes >= 0x80.
template <class F>
void for_each_high_run(const std::vector<std::string_view>& samples, F f) {
  for (std::string_view s : samples) {
    std::size_t i = 0;
    while (i < s.size()) {
      if (byte_at(s, i) < 0x80) {
        ++i;
        continue;
      }
      std::size_t j = i;
      while (j < s.size() && byte_at(s, j) >= 0x80) ++j;
      f(s.substr(i, j - i));
      i = j;
    }
  }
}

bool is_cp1251_punctuation(unsigned b) {
  return b == 0x85 || b == 0x96 || b == 0x97 || b == 0xAB || b == 0xBB || b == 0xB9;
}

bool is_cp1251_upper(unsigned b) {
  return (b >= 0xC0 && b <= 0xDF) || b == 0xA8;
}

// Russian text: words of Cyrillic letters (C0..FF, Ё ё) in lower case,
// capitalised or in capitals. CJK bytes read as CP1251 give rare symbols
// (80..BF) and letters in random case.
long score_cp1251(const std::vector<std::string_view>& samples) {
  long points = 0;
  for_each_high_run(samples, [&points](std::string_view run) {
    long letters = 0;
    long uppers = 0;
    bool later_upper = false;
    for (std::size_t k = 0; k < run.size(); ++k) {
      const auto b = static_cast<unsigned char>(run[k]);
      if (is_cp1251_letter(b)) {
        ++letters;
        if (is_cp1251_upper(b)) {
          ++uppers;
          if (k > 0) later_upper = true;
        }
      } else if (!is_cp1251_punctuation(b)) {
        points -= 1;
      }
    }
    const bool word_case = uppers == letters || !later_upper;
    if (!word_case) {
      points -= letters;
    } else if (run.size() >= 2) {
      points += letters;
    }
  });
  return points;
}

long score_latin1(const std::vector<std::string_view>& samples) {
  long points = 0;
  for_each_high_run(samples, [&points](std::string_view run) {
    for (char c : run) {
      const auto b = static_cast<unsigned char>(c);
      if (run.size() > 3) {
        points -= 1;
      } else if (is_latin1_letter(b)) {
        points += 2;
      } else if (b >= 0xA0 && b != 0xD7 && b != 0xF7) {
        points += 1;
      } else if (b < 0xA0) {
        points -= 1;
      }
    }
  });
  return points;
}

}  // namespace

std::string guess_legacy_charset(const std::vector<std::string_view>& samples) {
  struct Candidate {
    std::string_view name;
    Score score;
  };
  // Ties go to the earlier candidate.
  const std::array<Candidate, 5> candidates = {{
      {"CP1251", score_cp1251(samples)},
      {"GB18030", score_gb18030(samples)},
      {"CP949", score_cp949(samples)},
      {"CP950", score_cp950(samples)},
      {"CP932", score_cp932(samples)},
  }};
  const long latin1 = score_latin1(samples);
  std::string_view best = kLatin1;
  long best_score = latin1 > 0 ? latin1 : 0;
  for (const Candidate& c : candidates) {
    if (c.score && *c.score > best_score) {
      best = c.name;
      best_score = *c.score;
    }
  }
  return std::string(best);
}

}  // namespace ludex
