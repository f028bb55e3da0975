// The komi of a Go game, read from its root's KM as the program that wrote
// it meant it. Most programs write points ("6.5"); Fox Weiqi (AP[foxwq])
// writes an integer in hundredths, of stones under Chinese rules (KM[375]
// = 3.75 stones = 7.5 points) and of points otherwise (KM[650] = 6.5,
// KM[50] = 0.5). docs/formats.md ("Fox Weiqi's SGF") gives the evidence:
// real files and the fixes KataGo, KaTrain, LizzieYzy Next and Sabaki made.
// The KM property itself is never changed; this is a reading of it.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_GO_KOMI_H_
#define LUDEX_GAMES_GO_KOMI_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/node.h"

namespace ludex {

// How a KM value was read.
enum class KomiScale {
  kPoints,              // as written: points
  kFoxPointHundredths,  // Fox: hundredths of a point (KM[650] = 6.5)
  kFoxStoneHundredths,  // Fox: hundredths of a stone, 2 points each (KM[375] = 7.5)
};

// "points", "fox-hundredths-of-points", "fox-hundredths-of-stones".
std::string_view komi_scale_name(KomiScale scale);

struct GoKomi {
  std::string written;           // KM's first value, trimmed; "" without KM
  std::optional<double> points;  // the komi in points; nullopt: no KM, or unreadable
  KomiScale scale = KomiScale::kPoints;
  // Why a KM that is there could not be read ("" otherwise), for a warning.
  std::string problem;
};

// True if an AP value names Fox Weiqi: "foxwq" (any case) before an
// optional ":version".
bool is_fox_application(std::string_view ap_value);

// True if a root AP value names Fox Weiqi: "foxwq" (any case) before an
// optional ":version". Every AP of the node counts: Fox writes two,
// AP[GNU Go:3.8] first and AP[foxwq] later.
bool is_fox_sgf(std::span<const Property> root);

// The komi of a Go game with these root properties.
GoKomi read_go_komi(std::span<const Property> root);

// The komi of a KM value as written, for a file from Fox Weiqi or not, under
// rules `rules` (RU's value, "" when absent).
GoKomi read_komi_value(std::string_view written, bool fox, std::string_view rules);

}  // namespace ludex

#endif  // LUDEX_GAMES_GO_KOMI_H_
