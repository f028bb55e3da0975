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

constexpr std::array<std::pair<EvalSource, std::string_view>, kEvalSourceCount> kEvalSourceNames = {
    {
        {EvalSource::kGameTree, "gametree"},
        {EvalSource::kSgfValue, "sgf"},
        {EvalSource::kSabaki, "sabaki"},
        {EvalSource::kSabakiScore, "sabaki-score"},
        {EvalSource::kLizzie, "lizzie"},
        {EvalSource::kLizzieScore, "lizzie-score"},
        {EvalSource::kKaTrain, "katrain"},
        {EvalSource::kKaTrainScore, "katrain-score"},
        {EvalSource::kKataGo, "katago"},
        {EvalSource::kKataGoScore, "katago-score"},
    }};

constexpr std::array<EvalSource, kEvalSourceCount> make_all_eval_sources() {
  std::array<EvalSource, kEvalSourceCount> out{};
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = kEvalSourceNames[i].first;
  return out;
}
constexpr std::array<EvalSource, kEvalSourceCount> kAllEvalSources = make_all_eval_sources();

// The names are in the order of the numbers, so that all_eval_sources() is.
constexpr bool names_in_order() {
  for (std::size_t i = 0; i < kEvalSourceNames.size(); ++i) {
    if (static_cast<std::size_t>(kEvalSourceNames[i].first) != i) return false;
  }
  return true;
}
static_assert(names_in_order());

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

std::span<const EvalSource> all_eval_sources() {
  return kAllEvalSources;
}

std::optional<EvalRange> eval_source_range(EvalSource source) {
  switch (source) {
    case EvalSource::kGameTree:
      return EvalRange{-10000, 10000};
    case EvalSource::kSabaki:
    case EvalSource::kLizzie:
    case EvalSource::kKaTrain:
    case EvalSource::kKataGo:
      return EvalRange{0, 100};
    case EvalSource::kSgfValue:
    case EvalSource::kSabakiScore:
    case EvalSource::kLizzieScore:
    case EvalSource::kKaTrainScore:
    case EvalSource::kKataGoScore:
      break;
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
