#include "games/position_support.h"

#include <algorithm>

#include "core/zobrist.h"
#include "games/blokus_points.h"
#include "games/go_points.h"
#include "games/hex_points.h"
#include "games/sgf_values.h"
#include "games/twixt_points.h"

namespace ludex {
namespace {

// The largest rectangle a compressed point list may name, so that a bogus
// value cannot ask for billions of points on a board of unknown size.
constexpr std::int64_t kMaxRectanglePoints = 1 << 20;

Error setup_error(std::string_view id, const std::string& reason) {
  return Error{{}, "setup " + std::string(id) + ": " + reason};
}

}  // namespace

std::uint64_t board_key(Family family, std::int32_t columns, std::int32_t rows) {
  return zobrist_key(kBoardKeyDomain, static_cast<std::uint32_t>(family),
                     static_cast<std::uint32_t>(columns), static_cast<std::uint32_t>(rows));
}

std::optional<Error> board_size_error(Family family, std::int32_t columns, std::int32_t rows,
                                      std::int32_t min_side) {
  if (columns >= min_side && rows >= min_side && columns <= kMaxPositionSide &&
      rows <= kMaxPositionSide) {
    return std::nullopt;
  }
  return Error{{},
               "no " + std::string(family_name(family)) + " positions on a board of " +
                   std::to_string(columns) + "x" + std::to_string(rows) + " (sides must be " +
                   std::to_string(min_side) + ".." + std::to_string(kMaxPositionSide) + ")"};
}

std::string family_point_text(Family family, const Point& p) {
  constexpr std::int32_t kMaxGoLetter = 51;  // SGF go letters stop at 'Z'
  if (p.x >= 0 && p.y >= 0) {
    switch (family) {
      case Family::kHex:
        return format_hex_point(p);
      case Family::kTwixt:
        return format_twixt_point(p);
      case Family::kGo:
        if (p.x <= kMaxGoLetter && p.y <= kMaxGoLetter) return format_go_point(p);
        break;
      case Family::kBlokus:
        return format_blokus_point(p);
      case Family::kOther:
        break;
    }
  }
  return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
}

Result<std::vector<SetupPoint>> read_setup_points(std::span<const Property> props,
                                                  const std::vector<SetupId>& ids,
                                                  PointParser parse, const BoardSize& size) {
  std::vector<SetupPoint> out;
  for (const Property& p : props) {
    const auto it = std::find_if(ids.begin(), ids.end(),
                                 [&](const SetupId& s) { return sgf_id_is(p.id, s.id); });
    if (it == ids.end()) continue;
    for (const std::string& raw : p.values) {
      const std::string_view value = trim_ascii(raw);
      if (value.empty()) continue;
      const std::size_t colon = value.find(':');
      auto first = parse(trim_ascii(value.substr(0, colon)), size);
      if (!first) return setup_error(p.id, first.error().message);
      if (colon == std::string_view::npos) {
        out.push_back(SetupPoint{*first, it->color});
        continue;
      }
      auto second = parse(trim_ascii(value.substr(colon + 1)), size);
      if (!second) return setup_error(p.id, second.error().message);
      const std::int32_t x0 = std::min(first->x, second->x);
      const std::int32_t x1 = std::max(first->x, second->x);
      const std::int32_t y0 = std::min(first->y, second->y);
      const std::int32_t y1 = std::max(first->y, second->y);
      const std::int64_t count = std::int64_t{x1 - x0 + 1} * (y1 - y0 + 1);
      if (count > kMaxRectanglePoints)
        return setup_error(p.id, "rectangle " + quote_value(raw) + " is too large");
      for (std::int32_t y = y0; y <= y1; ++y) {
        for (std::int32_t x = x0; x <= x1; ++x) {
          out.push_back(SetupPoint{
              Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)}, it->color});
        }
      }
    }
  }
  return out;
}

Result<SwapPieces> swap_pieces_of(std::span<const std::int8_t> cells, std::int32_t columns,
                                  const Move& move, Family family, std::string_view unit) {
  if (move.seat < 0 || move.seat > 2) return Error{{}, "the move has no seat 1 or 2"};
  const auto i = static_cast<std::int32_t>(
      std::find_if(cells.begin(), cells.end(), [](std::int8_t c) { return c != 0; }) -
      cells.begin());
  SwapPieces swap;
  swap.from = Point{static_cast<std::int16_t>(i % columns), static_cast<std::int16_t>(i / columns)};
  swap.owner = cells[static_cast<std::size_t>(i)];
  swap.mover = move.seat != 0 ? move.seat : static_cast<std::int8_t>(3 - swap.owner);
  if (swap.mover == swap.owner) {
    return Error{{},
                 "swap-pieces by the seat whose " + std::string(unit) + " is on the board (" +
                     family_point_text(family, swap.from) + ")"};
  }
  swap.to = Point{swap.from.y, swap.from.x};
  return swap;
}

bool leaves_board_unchanged(MoveKind kind) {
  switch (kind) {
    case MoveKind::kPass:
    case MoveKind::kResign:
    case MoveKind::kForfeit:
    case MoveKind::kDrawOffer:
    case MoveKind::kDrawAccept:
      return true;
    case MoveKind::kPlace:
    case MoveKind::kSwapPieces:
    case MoveKind::kSwapSides:
    case MoveKind::kUnknown:
      return false;
  }
  return false;
}

}  // namespace ludex
