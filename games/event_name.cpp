#include "games/event_name.h"

#include <array>
#include <chrono>

namespace ludex {
namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_alnum(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z');
}

std::string_view trim(std::string_view s) {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) {
    s.remove_prefix(1);
  }
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) {
    s.remove_suffix(1);
  }
  return s;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (const char c : s) {
    if (!is_digit(c)) return false;
  }
  return true;
}

// Reads 1..max_digits digits at s[at], advancing at.
std::optional<int> read_number(std::string_view s, std::size_t& at, std::size_t max_digits) {
  int value = 0;
  std::size_t n = 0;
  while (at < s.size() && is_digit(s[at]) && n < max_digits) {
    value = value * 10 + (s[at] - '0');
    ++at;
    ++n;
  }
  if (n == 0) return std::nullopt;
  return value;
}

}  // namespace

bool is_placeholder_event(std::string_view folded) {
  static constexpr std::array<std::string_view, 6> kPlaceholders = {"null", "none",    "?",
                                                                    "-",    "unknown", "n/a"};
  const std::string_view t = trim(folded);
  if (t.empty()) return true;
  for (const std::string_view p : kPlaceholders) {
    if (t == p) return true;
  }
  return false;
}

std::vector<std::string> little_golem_levels(std::string_view folded) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= folded.size(); ++i) {
    if (i == folded.size() || folded[i] == '.') {
      parts.push_back(folded.substr(start, i - start));
      start = i + 1;
    } else if (!is_alnum(folded[i])) {
      return {};
    }
  }
  // "hex.in.DEFAULT.100": an invitation's games, not a tournament's group.
  if (parts.size() < 3 || parts[1] == "in") return {};
  for (const std::string_view p : parts) {
    if (p.empty()) return {};
  }
  // The group number, and the league or stage number before it when that
  // is a number too and a tournament part is left above both.
  std::size_t levels = 0;
  if (all_digits(parts.back())) levels = 1;
  if (levels == 1 && parts.size() >= 5 && all_digits(parts[parts.size() - 2])) levels = 2;
  if (levels == 0) return {};
  std::vector<std::string> out;
  std::size_t end = 0;  // the length of the name up to part k
  for (std::size_t k = 0; k + 1 < parts.size(); ++k) {
    end += parts[k].size() + (k == 0 ? 0 : 1);
    if (k + 1 >= parts.size() - levels) out.emplace_back(folded.substr(0, end));
  }
  return out;
}

std::optional<std::int32_t> date_day(std::string_view date) {
  const std::string_view s = trim(date);
  std::size_t at = 0;
  if (s.size() < 8 || !all_digits(s.substr(0, 4))) return std::nullopt;
  at = 4;
  const char sep = s[at];
  if (sep != '-' && sep != '/' && sep != '.') return std::nullopt;
  ++at;
  const std::optional<int> month = read_number(s, at, 2);
  if (!month || at >= s.size() || s[at] != sep) return std::nullopt;
  ++at;
  const std::optional<int> day = read_number(s, at, 2);
  if (!day || (at < s.size() && is_digit(s[at]))) return std::nullopt;
  const int year = (s[0] - '0') * 1000 + (s[1] - '0') * 100 + (s[2] - '0') * 10 + (s[3] - '0');
  const std::chrono::year_month_day ymd{std::chrono::year{year},
                                        std::chrono::month{static_cast<unsigned>(*month)},
                                        std::chrono::day{static_cast<unsigned>(*day)}};
  if (!ymd.ok()) return std::nullopt;
  return static_cast<std::int32_t>(std::chrono::sys_days{ymd}.time_since_epoch().count());
}

}  // namespace ludex
