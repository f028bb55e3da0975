#include "games/go_komi.h"

#include <charconv>
#include <cmath>

#include "games/coord_text.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

// Fox's integers start at 50 (KM[50], a handicap game's 0.5); a komi in
// points written as an integer is at most a few points (KataGo reads Fox's
// KM[7] as 7).
constexpr double kFoxScaledFrom = 10;

// An SGF Real ("7.5", "-3", "+0.50"); *integer says whether it had no
// fraction. nullopt for anything else.
std::optional<double> parse_real(std::string_view text, bool* integer) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::size_t digits = 0;
  std::size_t dots = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c == '.') {
      ++dots;
    } else if (c != '-' || i != 0) {
      return std::nullopt;
    }
  }
  if (digits == 0 || dots > 1) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  *integer = dots == 0;
  return value;
}

bool is_half_point(double points) {
  return std::floor(points * 2) == points * 2;
}

bool is_chinese(std::string_view rules) {
  rules = trim_ascii(rules);
  return iequals(rules, "chinese") || iequals(rules, "cn");
}

}  // namespace

std::string_view komi_scale_name(KomiScale scale) {
  switch (scale) {
    case KomiScale::kPoints:
      return "points";
    case KomiScale::kFoxPointHundredths:
      return "fox-hundredths-of-points";
    case KomiScale::kFoxStoneHundredths:
      return "fox-hundredths-of-stones";
  }
  return "points";
}

bool is_fox_application(std::string_view ap_value) {
  std::string_view name = trim_ascii(ap_value);
  name = name.substr(0, name.find(':'));
  return iequals(trim_ascii(name), "foxwq");
}

bool is_fox_sgf(std::span<const Property> root) {
  for (const Property& p : root) {
    if (!sgf_id_is(p.id, "AP")) continue;
    for (const std::string& v : p.values) {
      if (is_fox_application(v)) return true;
    }
  }
  return false;
}

GoKomi read_komi_value(std::string_view written, bool fox, std::string_view rules) {
  GoKomi komi;
  komi.written = std::string(trim_ascii(written));
  if (komi.written.empty()) return komi;
  bool integer = false;
  const std::optional<double> value = parse_real(komi.written, &integer);
  if (!value) {
    komi.problem = "komi KM[" + komi.written + "] is not a number";
    return komi;
  }
  if (!fox || !integer || std::fabs(*value) < kFoxScaledFrom) {
    komi.points = *value;
    return komi;
  }
  // Hundredths of stones under Chinese rules, of points otherwise; a value
  // that is no whole or half number of points so (KM[375] under other
  // rules) is read in the other unit, as KataGo reads Fox's komi by value.
  const double as_points = *value / 100;
  const double as_stones = *value / 50;
  const bool stones_first = is_chinese(rules);
  const double first = stones_first ? as_stones : as_points;
  const double second = stones_first ? as_points : as_stones;
  if (is_half_point(first) || is_half_point(second)) {
    const bool use_first = is_half_point(first);
    komi.points = use_first ? first : second;
    komi.scale =
        use_first == stones_first ? KomiScale::kFoxStoneHundredths : KomiScale::kFoxPointHundredths;
    return komi;
  }
  komi.problem = "Fox komi KM[" + komi.written +
                 "] is no whole or half number of points in hundredths of a point or of a stone";
  return komi;
}

GoKomi read_go_komi(std::span<const Property> root) {
  const Property* km = find_sgf_property(root, "KM");
  if (km == nullptr || km->values.empty()) return GoKomi{};
  return read_komi_value(km->values.front(), is_fox_sgf(root), sgf_property_view(root, "RU"));
}

}  // namespace ludex
