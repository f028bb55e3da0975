#include "games/position_codes.h"

#include <algorithm>
#include <map>
#include <utility>

#include "games/blokus_pieces.h"

namespace ludex {
namespace {

constexpr int kDomainShift = 19;
constexpr int kXShift = 11;
constexpr int kYShift = 3;
constexpr std::int64_t kLinkDomain = 8;
constexpr std::int64_t kPieceDomain = 12;

bool fits_byte(std::int32_t v) {
  return v >= 0 && v <= 0xff;
}
bool fits_color(std::int8_t c) {
  return c >= 0 && c <= 7;
}

void add_piece_code(std::vector<std::int64_t>* codes, const std::string& name, std::int8_t color) {
  if (name.empty()) return;
  const std::int64_t code = piece_code(blokus_piece_id(name), color);
  if (code != kNoCode) codes->push_back(code);
}

void sort_unique(std::vector<std::int64_t>* codes) {
  std::sort(codes->begin(), codes->end());
  codes->erase(std::unique(codes->begin(), codes->end()), codes->end());
}

std::int64_t pack(std::int64_t domain, std::int32_t x, std::int32_t y, std::int8_t color) {
  return (domain << kDomainShift) | (static_cast<std::int64_t>(x) << kXShift) |
         (static_cast<std::int64_t>(y) << kYShift) | color;
}

}  // namespace

std::int64_t stone_code(Family family, const Occupant& stone) {
  if (family == Family::kOther || !fits_byte(stone.point.x) || !fits_byte(stone.point.y) ||
      !fits_color(stone.color)) {
    return kNoCode;
  }
  return pack(static_cast<std::int64_t>(family), stone.point.x, stone.point.y, stone.color);
}

std::int64_t link_code(const TwixtLink& link) {
  Point a = link.a;
  Point b = link.b;
  if (b < a) std::swap(a, b);
  // b.x >= a.x, and a knight's move never has dx = 0: four directions.
  const int dx = b.x - a.x;
  const int dy = b.y - a.y;
  int direction = -1;
  if (dx == 1 && dy == -2) direction = 0;
  if (dx == 1 && dy == 2) direction = 1;
  if (dx == 2 && dy == -1) direction = 2;
  if (dx == 2 && dy == 1) direction = 3;
  if (direction < 0 || !fits_byte(a.x) || !fits_byte(a.y) || !fits_color(link.color)) {
    return kNoCode;
  }
  return pack(kLinkDomain + direction, a.x, a.y, link.color);
}

std::int64_t piece_code(std::int64_t piece_id, std::int8_t color) {
  if (piece_id < 0 || piece_id > kMaxPieceId || !fits_color(color)) return kNoCode;
  return (kPieceDomain << kDomainShift) | (piece_id << kYShift) | color;
}

bool decode_stone_code(std::int64_t code, Family* family, Occupant* stone) {
  if (code < 0) return false;
  const std::int64_t domain = code >> kDomainShift;
  if (domain < static_cast<std::int64_t>(Family::kGo) ||
      domain > static_cast<std::int64_t>(Family::kBlokus)) {
    return false;
  }
  *family = static_cast<Family>(domain);
  stone->point.x = static_cast<std::int16_t>((code >> kXShift) & 0xff);
  stone->point.y = static_cast<std::int16_t>((code >> kYShift) & 0xff);
  stone->color = static_cast<std::int8_t>(code & 0x7);
  return true;
}

std::int64_t blokus_piece_id(std::string_view name) {
  // Built once: the sets in a fixed order, each name numbered at its first
  // appearance. Appending a set keeps every existing id.
  static const std::map<std::string, std::int64_t, std::less<>> kIds = [] {
    std::map<std::string, std::int64_t, std::less<>> ids;
    for (BlokusPieceSet set :
         {BlokusPieceSet::kClassic, BlokusPieceSet::kJunior, BlokusPieceSet::kTrigon,
          BlokusPieceSet::kNexos, BlokusPieceSet::kCallisto, BlokusPieceSet::kGembloq}) {
      for (const BlokusPiece& piece : BlokusPieces::get(set).pieces()) {
        ids.emplace(piece.name, static_cast<std::int64_t>(ids.size()) + 1);
      }
    }
    return ids;
  }();
  const auto it = kIds.find(name);
  return it == kIds.end() ? -1 : it->second;
}

std::vector<std::int64_t> feature_codes(Family family, const std::vector<PositionDelta>& deltas,
                                        const std::vector<std::uint64_t>& hashes) {
  std::vector<std::int64_t> codes;
  for (std::size_t i = 0; i < deltas.size() && i < hashes.size(); ++i) {
    if (hashes[i] == 0) continue;
    const PositionDelta& d = deltas[i];
    for (const Occupant& o : d.placed) {
      const std::int64_t code = stone_code(family, o);
      if (code != kNoCode) codes.push_back(code);
    }
    for (const TwixtLink& l : d.links_added) {
      const std::int64_t code = link_code(l);
      if (code != kNoCode) codes.push_back(code);
    }
    if (!d.placed.empty()) add_piece_code(&codes, d.piece, d.placed.front().color);
  }
  sort_unique(&codes);
  return codes;
}

bool stream_feature_codes(Family family, std::string_view stream, const StreamBoard& board,
                          std::vector<std::int64_t>* codes, std::string* error) {
  codes->clear();
  PositionStreamReader reader(stream, board);
  StreamNode node;
  while (reader.next(&node)) {
    if (node.stopped) continue;
    for (const Occupant& o : node.placed) {
      const std::int64_t code = stone_code(family, o);
      if (code != kNoCode) codes->push_back(code);
    }
    for (const TwixtLink& l : node.links_added) {
      const std::int64_t code = link_code(l);
      if (code != kNoCode) codes->push_back(code);
    }
    if (node.piece >= 0 && static_cast<std::size_t>(node.piece) < board.pieces.size() &&
        !node.placed.empty()) {
      add_piece_code(codes, board.pieces[static_cast<std::size_t>(node.piece)],
                     node.placed.front().color);
    }
  }
  if (!reader.error().empty()) {
    *error = reader.error();
    return false;
  }
  sort_unique(codes);
  return true;
}

std::vector<std::pair<std::int64_t, std::int64_t>> code_ranges(Family family) {
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  if (family == Family::kOther) return out;
  const auto domain = static_cast<std::int64_t>(family);
  out.emplace_back(domain << kDomainShift, (domain + 1) << kDomainShift);
  if (family == Family::kTwixt) {
    out.emplace_back(kLinkDomain << kDomainShift, (kLinkDomain + 4) << kDomainShift);
  }
  if (family == Family::kBlokus) {
    out.emplace_back(kPieceDomain << kDomainShift, (kPieceDomain + 1) << kDomainShift);
  }
  return out;
}

int color_count(Family family) {
  return family == Family::kBlokus ? 4 : 2;
}

}  // namespace ludex
