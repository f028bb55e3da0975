#include "core/node.h"

#include <array>
#include <utility>

namespace ludex {
namespace {

constexpr std::array<std::pair<MoveKind, std::string_view>, 9> kMoveKindNames = {{
    {MoveKind::kPlace, "place"},
    {MoveKind::kPass, "pass"},
    {MoveKind::kSwapPieces, "swap-pieces"},
    {MoveKind::kSwapSides, "swap-sides"},
    {MoveKind::kResign, "resign"},
    {MoveKind::kForfeit, "forfeit"},
    {MoveKind::kDrawOffer, "draw-offer"},
    {MoveKind::kDrawAccept, "draw-accept"},
    {MoveKind::kUnknown, "unknown"},
}};

}  // namespace

std::string_view move_kind_name(MoveKind kind) {
  for (const auto& [k, name] : kMoveKindNames) {
    if (k == kind) return name;
  }
  return "unknown";
}

std::optional<MoveKind> parse_move_kind(std::string_view name) {
  for (const auto& [k, n] : kMoveKindNames) {
    if (n == name) return k;
  }
  return std::nullopt;
}

}  // namespace ludex
