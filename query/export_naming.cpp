#include "query/export_naming.h"

#include <cstdio>

namespace ludex {
namespace {

constexpr std::size_t kMaxNamePart = 24;

// Keeps ASCII letters and digits; runs of anything else become one '_'.
std::string safe_part(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (keep) {
      out += ch;
    } else if (!out.empty() && out.back() != '_') {
      out += '_';
    }
    if (out.size() >= kMaxNamePart) break;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

}  // namespace

std::string export_file_name(std::int64_t game_id, Family family,
                             const std::vector<SeatPlayer>& players, std::string_view extension) {
  char id[32];
  std::snprintf(id, sizeof id, "%07lld", static_cast<long long>(game_id));
  std::string name = id;
  name += '-';
  name += family_name(family);
  for (const SeatPlayer& p : players) {
    const std::string part = safe_part(p.name);
    if (!part.empty()) name += "-" + part;
  }
  name += '.';
  name += safe_part(extension);
  return name;
}

}  // namespace ludex
