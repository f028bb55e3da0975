// A player's stated rank, read from the text a file gives for it (SGF BR and
// WR, which the Go server readers fill from their own grade fields) and
// normalized: kyu, amateur dan and professional dan are three scales, never
// mixed (a 9p is not a 9d), each with a level and a certainty flag.
// docs/formats.md ("Ranks") lists every spelling of ../shared/corpus/ and
// what it becomes, with the evidence for the readings that depend on the
// file's source.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_RANK_H_
#define LUDEX_GAMES_RANK_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/node.h"

namespace ludex {

enum class RankScale : std::uint8_t { kKyu = 1, kDan = 2, kPro = 3 };

// SGF's suffixes (red-bean.com/sgf, "BR"): '*' an established rating, '?'
// an uncertain one.
enum class RankCertainty : std::uint8_t { kPlain = 0, kEstablished = 1, kUncertain = 2 };

struct Rank {
  RankScale scale = RankScale::kKyu;
  std::int32_t level = 0;  // kyu 1..kMaxKyu, dan 1..kMaxDan, pro 1..kMaxPro
  RankCertainty certainty = RankCertainty::kPlain;
  friend bool operator==(const Rank&, const Rank&) = default;
};

// The highest levels read. Dan and professional share theirs, so that the
// source, which decides between the two for 段 and 단, never decides
// whether a rank is read at all (fuzz/regressions/rank/).
inline constexpr std::int32_t kMaxKyu = 99;
inline constexpr std::int32_t kMaxDan = 12;
inline constexpr std::int32_t kMaxPro = 12;

// Which meaning a spelling that is ambiguous takes: "9段" (and the Korean
// "9단") is an amateur rank on the amateur servers (Fox writes its
// professionals "P9段"), and a professional one anywhere else (pro game
// collections write "九段" or "9段" for professionals).
enum class RankSource : std::uint8_t {
  kGeneric = 0,        // a file of no known server: 段 and 단 are professional
  kAmateurServer = 1,  // Fox Weiqi (AP[foxwq]) or a Go server record: 段 and 단 are amateur
};

// What reading a rank gave.
enum class RankReading : std::uint8_t {
  kRank = 0,      // a rank: value holds it
  kUnranked = 1,  // nothing stated: empty, "NR", "-", "?", "unranked", ... (no value)
  kUnread = 2,    // text that is no rank ludex knows (a title, a rating): no value
};

struct ParsedRank {
  RankReading reading = RankReading::kUnread;
  std::optional<Rank> value;  // set exactly when reading == kRank
  friend bool operator==(const ParsedRank&, const ParsedRank&) = default;
};

// Reads `written` (UTF-8, as the file wrote it) under `source`. Never fails:
// what cannot be read is kUnread. Accepts, after trimming spaces: a number
// and a unit ("3k", "3 kyu", "4D", "2級", "15级", "3급", "9段", "5단",
// "1p", "9 pro", NGF's "9DP"), a professional prefix ("P9", "P9段", "p3"), Chinese and
// Japanese numerals before 段/級 ("九段", "初段"), the Chinese "职业"
// (professional) and "业余" (amateur) before a dan, then an optional '*'
// or '?', then optional free text after a space or comma ("4d*, IGS").
ParsedRank parse_rank(std::string_view written, RankSource source);

// The source of the game whose root properties these are: kAmateurServer
// for Fox Weiqi's SGF (games/go_komi.h, is_fox_sgf, or a root holding
// Fox's time fields TC and TT, as Fox's files re-saved by other programs
// do) and the Go server records (dialect "gib", "ngf", "ugf"), else
// kGeneric.
RankSource rank_source_of(std::string_view dialect, std::span<const Property> root);

// "3k", "5d", "9p", with "*" or "?" for the certainty.
std::string rank_text(const Rank& rank);

// A total order over ranks, for bands and sorting: kyu below amateur dan
// below professional, a higher level higher within dan and professional, a
// lower number higher within kyu. Certainty does not count. Kyu n is
// 100 - n, dan n is 100 + n, professional n is 200 + n: always 1..299.
std::int32_t rank_order(const Rank& rank);

// The rank (certainty plain) whose rank_order is `order`; nullopt for a
// number no rank has.
std::optional<Rank> rank_from_order(std::int32_t order);

// "5d", "12k", "3p" (a bound given on a command line or in a request: a
// number and k, d or p, any case, no certainty suffix) to its rank_order;
// nullopt for anything else.
std::optional<std::int32_t> parse_rank_bound(std::string_view text);

}  // namespace ludex

#endif  // LUDEX_GAMES_RANK_H_
