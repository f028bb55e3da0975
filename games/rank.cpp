#include "games/rank.h"

#include <array>

#include "games/coord_text.h"
#include "games/go_komi.h"

namespace ludex {
namespace {

using namespace std::string_view_literals;

// Spellings that state no rank (compared after ASCII lower-casing).
constexpr std::array<std::string_view, 10> kUnrankedWords = {
    "nr", "-", "--", "?", "??", "unranked", "ur", "none", "unknown", "n/a"};

bool is_ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";

// ASCII whitespace (trim_ascii) and the ideographic space, at both ends.
std::string_view trim(std::string_view s) {
  for (;;) {
    const std::string_view before = s;
    s = trim_ascii(s);
    if (s.starts_with(kIdeographicSpace)) s.remove_prefix(kIdeographicSpace.size());
    if (s.ends_with(kIdeographicSpace)) s.remove_suffix(kIdeographicSpace.size());
    if (s.size() == before.size()) return s;
  }
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// Consumes `prefix` at the start of s; true if it was there.
bool take(std::string_view& s, std::string_view prefix) {
  if (!s.starts_with(prefix)) return false;
  s.remove_prefix(prefix.size());
  return true;
}

// Consumes an ASCII word at the start of s, in any case.
bool take_word_ci(std::string_view& s, std::string_view word) {
  if (s.size() < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (lower(s[i]) != word[i]) return false;
  }
  s.remove_prefix(word.size());
  return true;
}

void skip_spaces(std::string_view& s) {
  while (!s.empty() && is_ascii_space(s.front())) s.remove_prefix(1);
}

// The CJK numerals 一 to 九 (UTF-8), their values 1 to 9.
constexpr std::array<std::string_view, 9> kCjkDigits = {"一", "二", "三", "四", "五",
                                                        "六", "七", "八", "九"};
constexpr std::string_view kCjkTen = "十";
constexpr std::string_view kFirstDan = "初";  // 初段: the first dan

// A CJK number from 1 to 19 ("九", "十", "十二"); nullopt if none.
std::optional<std::int32_t> take_cjk_number(std::string_view& s) {
  auto digit = [&]() -> std::optional<std::int32_t> {
    for (std::size_t i = 0; i < kCjkDigits.size(); ++i) {
      if (take(s, kCjkDigits[i])) return static_cast<std::int32_t>(i + 1);
    }
    return std::nullopt;
  };
  if (take(s, kCjkTen)) {
    const std::optional<std::int32_t> ones = digit();
    return 10 + ones.value_or(0);
  }
  const std::optional<std::int32_t> d = digit();
  if (d && take(s, kCjkTen)) return *d * 10 + digit().value_or(0);
  return d;
}

// ASCII or full-width decimal digits, at most 3.
std::optional<std::int32_t> take_decimal(std::string_view& s) {
  std::int32_t value = 0;
  int digits = 0;
  for (;;) {
    if (!s.empty() && s.front() >= '0' && s.front() <= '9') {
      value = value * 10 + (s.front() - '0');
      s.remove_prefix(1);
    } else if (s.size() >= 3 && s[0] == '\xEF' && s[1] == '\xBC' && s[2] >= '\x90' &&
               s[2] <= '\x99') {
      value = value * 10 + (s[2] - '\x90');
      s.remove_prefix(3);
    } else {
      break;
    }
    if (++digits > 3) return std::nullopt;
  }
  if (digits == 0) return std::nullopt;
  return value;
}

enum class Unit { kNone, kKyu, kDan, kAmbiguousDan, kPro };

Unit take_unit(std::string_view& s) {
  if (take(s, "級") || take(s, "级") || take(s, "급")) return Unit::kKyu;
  if (take(s, "段") || take(s, "단")) return Unit::kAmbiguousDan;
  // The longer words first: "d" would take the start of "dan".
  if (take_word_ci(s, "kyu") || take_word_ci(s, "k")) return Unit::kKyu;
  // NGF writes professionals "9DP" (and amateurs "7D").
  if (take_word_ci(s, "dp")) return Unit::kPro;
  if (take_word_ci(s, "dan") || take_word_ci(s, "d")) return Unit::kDan;
  if (take_word_ci(s, "pro") || take_word_ci(s, "p")) return Unit::kPro;
  return Unit::kNone;
}

ParsedRank unread() {
  return ParsedRank{RankReading::kUnread, std::nullopt};
}

}  // namespace

ParsedRank parse_rank(std::string_view written, RankSource source) {
  std::string_view s = trim(written);
  if (s.empty()) return ParsedRank{RankReading::kUnranked, std::nullopt};
  const std::string folded = ascii_lower(s);
  for (std::string_view word : kUnrankedWords) {
    if (folded == word) return ParsedRank{RankReading::kUnranked, std::nullopt};
  }

  // A stated scale before the number: professional ("P9", "P9段",
  // "职业九段", "Pro 3") or amateur ("业余5段").
  enum class Stated { kNone, kPro, kAmateur } stated = Stated::kNone;
  if (take(s, "职业") || take(s, "職業")) {
    stated = Stated::kPro;
  } else if (take(s, "业余") || take(s, "業餘") || take(s, "業余")) {
    stated = Stated::kAmateur;
  } else if (std::string_view rest = s; take_word_ci(rest, "pro") && !rest.empty() &&
                                        (rest.front() == ' ' || rest.front() == '.')) {
    stated = Stated::kPro;
    s = rest.substr(1);
  } else if (s.size() >= 2 && lower(s[0]) == 'p' && s[1] >= '0' && s[1] <= '9') {
    stated = Stated::kPro;
    s.remove_prefix(1);
  }
  skip_spaces(s);

  std::optional<std::int32_t> level;
  bool cjk = false;
  if (take(s, kFirstDan)) {
    level = 1;
    cjk = true;
    if (!s.starts_with("段")) return unread();
  } else {
    level = take_decimal(s);
    if (!level) {
      level = take_cjk_number(s);
      cjk = level.has_value();
    }
  }
  if (!level) return unread();
  skip_spaces(s);
  Unit unit = take_unit(s);
  // CJK numerals go with the CJK units only ("九段", not "九d").
  if (cjk && unit != Unit::kKyu && unit != Unit::kAmbiguousDan) return unread();

  Rank rank;
  rank.level = *level;
  switch (unit) {
    case Unit::kNone:
      if (stated != Stated::kPro) return unread();
      rank.scale = RankScale::kPro;
      break;
    case Unit::kKyu:
      if (stated != Stated::kNone) return unread();
      rank.scale = RankScale::kKyu;
      break;
    case Unit::kDan:
      rank.scale = stated == Stated::kPro ? RankScale::kPro : RankScale::kDan;
      break;
    case Unit::kAmbiguousDan:
      if (stated == Stated::kPro) {
        rank.scale = RankScale::kPro;
      } else if (stated == Stated::kAmateur || source == RankSource::kAmateurServer) {
        rank.scale = RankScale::kDan;
      } else {
        rank.scale = RankScale::kPro;
      }
      break;
    case Unit::kPro:
      if (stated == Stated::kAmateur) return unread();
      rank.scale = RankScale::kPro;
      break;
  }
  if (take(s, "*")) {
    rank.certainty = RankCertainty::kEstablished;
  } else if (take(s, "?")) {
    rank.certainty = RankCertainty::kUncertain;
  }
  // Free text may follow after a separator ("4d*, IGS", "9 dan, Judan").
  if (!s.empty() && !is_ascii_space(s.front()) && s.front() != ',' && s.front() != '(' &&
      s.front() != ';' && !s.starts_with(kIdeographicSpace)) {
    return unread();
  }
  const std::int32_t max = rank.scale == RankScale::kKyu   ? kMaxKyu
                           : rank.scale == RankScale::kDan ? kMaxDan
                                                           : kMaxPro;
  if (rank.level < 1 || rank.level > max) return unread();
  return ParsedRank{RankReading::kRank, rank};
}

RankSource rank_source_of(std::string_view dialect, std::span<const Property> root) {
  if (dialect == "gib"sv || dialect == "ngf"sv || dialect == "ugf"sv) {
    return RankSource::kAmateurServer;
  }
  if (is_fox_sgf(root)) return RankSource::kAmateurServer;
  // Fox's own time fields, TC (periods) and TT (seconds a period), which
  // the copies of Fox games re-saved by other programs keep (AP[YuanYu] in
  // yenw/computer-go-dataset): docs/formats.md, "Ranks".
  bool tc = false;
  bool tt = false;
  for (const Property& p : root) {
    tc = tc || p.id == "TC";
    tt = tt || p.id == "TT";
  }
  return tc && tt ? RankSource::kAmateurServer : RankSource::kGeneric;
}

std::string rank_text(const Rank& rank) {
  std::string out = std::to_string(rank.level);
  out += rank.scale == RankScale::kKyu ? 'k' : rank.scale == RankScale::kDan ? 'd' : 'p';
  if (rank.certainty == RankCertainty::kEstablished) out += '*';
  if (rank.certainty == RankCertainty::kUncertain) out += '?';
  return out;
}

std::int32_t rank_order(const Rank& rank) {
  switch (rank.scale) {
    case RankScale::kKyu:
      return 100 - rank.level;
    case RankScale::kDan:
      return 100 + rank.level;
    case RankScale::kPro:
      return 200 + rank.level;
  }
  return 0;
}

std::optional<Rank> rank_from_order(std::int32_t order) {
  Rank r;
  if (order > 200 && order <= 200 + kMaxPro) {
    r.scale = RankScale::kPro;
    r.level = order - 200;
  } else if (order > 100 && order <= 100 + kMaxDan) {
    r.scale = RankScale::kDan;
    r.level = order - 100;
  } else if (order >= 100 - kMaxKyu && order < 100) {
    r.scale = RankScale::kKyu;
    r.level = 100 - order;
  } else {
    return std::nullopt;
  }
  return r;
}

std::optional<std::int32_t> parse_rank_bound(std::string_view text) {
  std::string_view s = text;
  const std::optional<std::int32_t> level = take_decimal(s);
  if (!level || s.size() != 1 || text.front() < '0' || text.front() > '9') return std::nullopt;
  Rank rank;
  rank.level = *level;
  switch (lower(s.front())) {
    case 'k':
      rank.scale = RankScale::kKyu;
      if (*level < 1 || *level > kMaxKyu) return std::nullopt;
      break;
    case 'd':
      rank.scale = RankScale::kDan;
      if (*level < 1 || *level > kMaxDan) return std::nullopt;
      break;
    case 'p':
      rank.scale = RankScale::kPro;
      if (*level < 1 || *level > kMaxPro) return std::nullopt;
      break;
    default:
      return std::nullopt;
  }
  return rank_order(rank);
}

}  // namespace ludex
