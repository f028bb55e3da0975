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

constexpr std::array<std::pair<EvalSource, std::string_view>, 2> kEvalSourceNames = {{
    {EvalSource::kGameTree, "gametree"},
    {EvalSource::kSgfValue, "sgf"},
}};

}  // namespace

std::string_view eval_source_name(EvalSource source) {
  for (const auto& [s, name] : kEvalSourceNames) {
    if (s == source) return name;
  }
  return "unknown";
}

std::optional<EvalSource> parse_eval_source(std::string_view name) {
  for (const auto& [s, n] : kEvalSourceNames) {
    if (n == name) return s;
  }
  return std::nullopt;
}

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
