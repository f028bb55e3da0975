// Board symmetries as the eight maps of a rectangle onto itself, filtered
// per family by what the board and the rules leave unchanged; docs/symmetry.md
// gives the reasons.
#include "games/symmetry.h"

#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <set>
#include <utility>

#include "games/blokus_geometry.h"

namespace ludex {
namespace {

enum Kind : std::int8_t {
  kIdentity = 0,
  kRot90 = 1,  // (x, y) -> (rows-1-y, x); square boards only
  kRot180 = 2,
  kRot270 = 3,         // square boards only
  kFlipX = 4,          // left-right mirror
  kFlipY = 5,          // top-bottom mirror
  kTranspose = 6,      // (x, y) -> (y, x); square boards only
  kAntiTranspose = 7,  // square boards only
};

constexpr std::array<const char*, 8> kNames = {"identity", "rot90",  "rot180",    "rot270",
                                               "flip_x",   "flip_y", "transpose", "anti_transpose"};

BoardSymmetry make(std::int8_t kind) {
  BoardSymmetry s;
  s.kind = kind;
  s.name = kNames[static_cast<std::size_t>(kind)];
  return s;
}

bool needs_square(std::int8_t kind) {
  return kind == kRot90 || kind == kRot270 || kind == kTranspose || kind == kAntiTranspose;
}

Point map_point(std::int8_t kind, std::int32_t columns, std::int32_t rows, Point p) {
  const std::int32_t x = p.x;
  const std::int32_t y = p.y;
  std::int32_t nx = x;
  std::int32_t ny = y;
  switch (kind) {
    case kRot90:
      nx = rows - 1 - y;
      ny = x;
      break;
    case kRot180:
      nx = columns - 1 - x;
      ny = rows - 1 - y;
      break;
    case kRot270:
      nx = y;
      ny = columns - 1 - x;
      break;
    case kFlipX:
      nx = columns - 1 - x;
      break;
    case kFlipY:
      ny = rows - 1 - y;
      break;
    case kTranspose:
      nx = y;
      ny = x;
      break;
    case kAntiTranspose:
      nx = rows - 1 - y;
      ny = columns - 1 - x;
      break;
    default:
      break;
  }
  return Point{static_cast<std::int16_t>(nx), static_cast<std::int16_t>(ny)};
}

const BlokusGeometry* blokus_geometry_of(const Board& shape) {
  const BlokusVariant* info = find_blokus_variant(shape.variant);
  return info != nullptr ? &blokus_geometry(*info) : nullptr;
}

// Blokus: a map of a square-cell board is a symmetry when it keeps the board
// and every colour's starting points in place (the colours keep their
// corners, so the rules see the same game). Other grids: identity only.
bool blokus_allows(const BlokusGeometry& geo, std::int8_t kind) {
  if (geo.grid() != BlokusGrid::kSquare) return false;
  const std::int32_t columns = geo.columns();
  const std::int32_t rows = geo.rows();
  for (std::int32_t x = 0; x < columns; ++x) {
    for (std::int32_t y = 0; y < rows; ++y) {
      const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      if (geo.on_board(p) != geo.on_board(map_point(kind, columns, rows, p))) return false;
    }
  }
  for (std::int32_t color = 1; color <= 4; ++color) {
    std::vector<Point> starts = geo.starting_points(color);
    std::vector<Point> mapped;
    for (const Point& p : starts) mapped.push_back(map_point(kind, columns, rows, p));
    std::sort(starts.begin(), starts.end());
    std::sort(mapped.begin(), mapped.end());
    if (starts != mapped) return false;
  }
  return true;
}

// Blokus boards take their size from the variant's geometry.
Board normalized(const Board& shape, const BlokusGeometry* geo) {
  Board out = shape;
  if (geo != nullptr) {
    out.columns = geo->columns();
    out.rows = geo->rows();
  }
  return out;
}

bool on_board(const Board& shape, const BlokusGeometry* geo, Point p) {
  if (geo != nullptr) return geo->on_board(p);
  return p.x >= 0 && p.y >= 0 && p.x < shape.columns && p.y < shape.rows;
}

}  // namespace

std::vector<BoardSymmetry> board_symmetries(const Board& given) {
  std::vector<BoardSymmetry> out = {make(kIdentity)};
  const BlokusGeometry* geo = given.family == Family::kBlokus ? blokus_geometry_of(given) : nullptr;
  const Board shape = normalized(given, geo);
  if (shape.columns <= 0 || shape.rows <= 0) return out;
  const bool square = shape.columns == shape.rows;
  for (std::int8_t kind = 1; kind < 8; ++kind) {
    if (needs_square(kind) && !square) continue;
    bool allowed = false;
    switch (shape.family) {
      case Family::kGo:
        // Every map of the grid keeps Go's rules; a torus has more (its
        // translations), which are not listed.
        allowed = true;
        break;
      case Family::kHex:
        // Only the half turn keeps each player's pair of edges. The
        // transposes exchange the pairs: a symmetry only together with
        // exchanging the colours, which is a different question (who is
        // to play, who owns which edge) and is not matched.
        allowed = kind == kRot180;
        break;
      case Family::kTwixt:
        // Seat 1 connects top and bottom: the half turn and both mirrors keep
        // the border rows; the transposes exchange them (see Hex).
        allowed = kind == kRot180 || kind == kFlipX || kind == kFlipY;
        break;
      case Family::kBlokus:
        allowed = geo != nullptr && blokus_allows(*geo, kind);
        break;
      case Family::kOther:
        break;
    }
    if (allowed) out.push_back(make(kind));
  }
  return out;
}

BoardSymmetry inverse(const BoardSymmetry& symmetry) {
  BoardSymmetry out = symmetry;
  if (symmetry.kind == kRot90) out = make(kRot270);
  if (symmetry.kind == kRot270) out = make(kRot90);
  for (std::int8_t c = 1; c <= 4; ++c) {
    out.colour_map[static_cast<std::size_t>(symmetry.colour_map[c])] = c;
  }
  return out;
}

Point transform(const BoardSymmetry& symmetry, const Board& given, Point point) {
  const BlokusGeometry* geo = given.family == Family::kBlokus ? blokus_geometry_of(given) : nullptr;
  const Board shape = normalized(given, geo);
  return map_point(symmetry.kind, shape.columns, shape.rows, point);
}

Occupant transform(const BoardSymmetry& symmetry, const Board& shape, Occupant occupant) {
  const std::int8_t c = occupant.color;
  return Occupant{transform(symmetry, shape, occupant.point),
                  c >= 1 && c <= 4 ? symmetry.colour_map[c] : c};
}

TwixtLink transform(const BoardSymmetry& symmetry, const Board& shape, TwixtLink link) {
  Point a = transform(symmetry, shape, link.a);
  Point b = transform(symmetry, shape, link.b);
  if (b < a) std::swap(a, b);
  const std::int8_t c = link.color;
  return TwixtLink{a, b, c >= 1 && c <= 4 ? symmetry.colour_map[c] : c};
}

std::uint64_t hash_contents(const Board& shape, std::span<const Occupant> occupants,
                            std::span<const TwixtLink> links) {
  const Result<std::unique_ptr<Position>> position = new_position(shape);
  if (!position) return 0;
  return (*position)->hash_of(occupants, links);
}

std::vector<std::uint64_t> symmetric_hashes(const Board& shape, std::span<const Occupant> occupants,
                                            std::span<const TwixtLink> links) {
  std::vector<std::uint64_t> out;
  std::vector<Occupant> moved_occupants;
  std::vector<TwixtLink> moved_links;
  for (const BoardSymmetry& symmetry : board_symmetries(shape)) {
    moved_occupants.clear();
    moved_links.clear();
    for (const Occupant& o : occupants) moved_occupants.push_back(transform(symmetry, shape, o));
    for (const TwixtLink& l : links) moved_links.push_back(transform(symmetry, shape, l));
    const std::uint64_t h = hash_contents(shape, moved_occupants, moved_links);
    if (h != 0 && std::find(out.begin(), out.end(), h) == out.end()) out.push_back(h);
  }
  return out;
}

PatternBox pattern_box(const Pattern& pattern) {
  PatternBox box;
  for (const auto* list : {&pattern.stones, &pattern.empty}) {
    for (const Occupant& o : *list) {
      box.min_x = std::min<std::int32_t>(box.min_x, o.point.x);
      box.min_y = std::min<std::int32_t>(box.min_y, o.point.y);
      box.max_x = std::max<std::int32_t>(box.max_x, o.point.x);
      box.max_y = std::max<std::int32_t>(box.max_y, o.point.y);
    }
  }
  return box;
}

std::vector<PatternPlacement> pattern_placements_with_origins(const Board& given,
                                                              const Pattern& pattern,
                                                              bool symmetric) {
  // Keyed by the placement as a set; the first origin found stays.
  std::map<std::pair<std::vector<Occupant>, std::vector<Occupant>>, PatternPlacement> seen;
  const BlokusGeometry* geo = given.family == Family::kBlokus ? blokus_geometry_of(given) : nullptr;
  const Board shape = normalized(given, geo);
  if (shape.columns <= 0 || shape.rows <= 0) return {};
  if (pattern.stones.empty() && pattern.empty.empty()) return {};
  std::vector<BoardSymmetry> symmetries = {make(kIdentity)};
  if (symmetric) symmetries = board_symmetries(shape);
  for (const BoardSymmetry& symmetry : symmetries) {
    std::vector<Occupant> stones;
    std::vector<Occupant> empty;
    for (const Occupant& o : pattern.stones) stones.push_back(transform(symmetry, shape, o));
    for (const Occupant& o : pattern.empty) empty.push_back(transform(symmetry, shape, o));
    const PatternBox box = pattern_box(Pattern{stones, empty});
    // Every shift that keeps the pattern's bounding box inside the board.
    for (std::int32_t dx = -box.min_x; dx <= shape.columns - 1 - box.max_x; ++dx) {
      for (std::int32_t dy = -box.min_y; dy <= shape.rows - 1 - box.max_y; ++dy) {
        auto shift = [&](std::vector<Occupant> list, bool& fits) {
          for (Occupant& o : list) {
            o.point = Point{static_cast<std::int16_t>(o.point.x + dx),
                            static_cast<std::int16_t>(o.point.y + dy)};
            if (!on_board(shape, geo, o.point)) fits = false;
          }
          std::sort(list.begin(), list.end());
          return list;
        };
        bool fits = true;
        std::vector<Occupant> placed_stones = shift(stones, fits);
        std::vector<Occupant> placed_empty = shift(empty, fits);
        if (!fits) continue;
        PatternPlacement placement{Pattern{placed_stones, placed_empty}, symmetry, dx, dy};
        seen.try_emplace({std::move(placed_stones), std::move(placed_empty)}, std::move(placement));
      }
    }
  }
  std::vector<PatternPlacement> out;
  out.reserve(seen.size());
  for (auto& [key, placement] : seen) out.push_back(std::move(placement));
  return out;
}

std::vector<Pattern> pattern_placements(const Board& shape, const Pattern& pattern,
                                        bool symmetric) {
  std::vector<Pattern> out;
  for (PatternPlacement& p : pattern_placements_with_origins(shape, pattern, symmetric)) {
    out.push_back(std::move(p.pattern));
  }
  return out;
}

std::optional<Point> pattern_frame_point(const Board& shape, const PatternPlacement& placement,
                                         Point placed) {
  const std::int32_t x = placed.x - placement.dx;
  const std::int32_t y = placed.y - placement.dy;
  if (x < 0 || y < 0 || x >= shape.columns || y >= shape.rows) return std::nullopt;
  return transform(inverse(placement.symmetry), shape,
                   Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
}

}  // namespace ludex
