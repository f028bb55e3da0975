#include "games/family_rules.h"

#include "games/blokus_variants.h"
#include "games/rules_registry.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

SgfGameKind make_default_kind(Family family, std::int32_t side) {
  SgfGameKind kind;
  kind.family = family;
  kind.dialect = "sgf";
  kind.columns = side;
  kind.rows = side;
  return kind;
}

}  // namespace

std::vector<std::pair<std::string, std::int8_t>> FamilyRules::player_properties(
    const SgfGameKind& /*kind*/) const {
  return {{"PB", 1}, {"PW", 2}};
}

std::int8_t FamilyRules::winner_from_result(const SgfGameKind& /*kind*/,
                                            std::string_view result) const {
  return black_first_winner(result);
}

const FamilyRules& rules_for(Family family) {
  switch (family) {
    case Family::kGo:
      return go_rules();
    case Family::kHex:
      return hex_rules();
    case Family::kTwixt:
      return twixt_rules();
    case Family::kBlokus:
      return blokus_rules();
    case Family::kOther:
      break;
  }
  return other_rules();
}

const SgfGameKind& kind_or_default(const SgfMoveContext& ctx, Family family) {
  if (ctx.kind != nullptr) return *ctx.kind;
  static const SgfGameKind kGo = make_default_kind(Family::kGo, 19);
  static const SgfGameKind kHex = make_default_kind(Family::kHex, 11);
  static const SgfGameKind kTwixt = make_default_kind(Family::kTwixt, 24);
  static const SgfGameKind kBlokus = [] {
    SgfGameKind k = make_default_kind(Family::kBlokus, 20);
    k.dialect = "pentobi";
    k.variant = std::string(blokus_variants().front().name);
    return k;
  }();
  static const SgfGameKind kOther = make_default_kind(Family::kOther, 0);
  switch (family) {
    case Family::kGo:
      return kGo;
    case Family::kHex:
      return kHex;
    case Family::kTwixt:
      return kTwixt;
    case Family::kBlokus:
      return kBlokus;
    case Family::kOther:
      break;
  }
  return kOther;
}

Error one_value_error(std::string_view family, std::string_view id, std::size_t count) {
  return Error{{},
               std::string(family) + " move " + std::string(id) + " needs one value, has " +
                   std::to_string(count)};
}

Result<Move> FamilyRules::decode_sgf_move(const SgfMoveContext& ctx, std::string_view id,
                                          const PropertyValues& values) const {
  const std::unique_ptr<const SgfMoveDecoder> decoder =
      move_decoder(kind_or_default(ctx, family()));
  const SmallVector<std::string_view, 2> views(values.begin(), values.end());
  Move move;
  if (std::optional<Error> error = decoder->decode(id, views, &move)) return std::move(*error);
  return move;
}

void UnescapedValues::unescape(bool twixt_sgf) {
  const std::span<const std::string_view> raw = values_;
  unescaped_ = std::make_unique<Unescaped>();
  std::size_t escaped = 0;
  for (const std::string_view v : raw) {
    if (v.find('\\') != std::string_view::npos) ++escaped;
  }
  // Sized before any view into it is taken: no later growth moves a string.
  unescaped_->owned.reserve(escaped);
  unescaped_->views.assign(raw.begin(), raw.end());
  for (std::string_view& v : unescaped_->views) {
    if (v.find('\\') == std::string_view::npos) continue;
    unescaped_->owned.push_back(twixt_sgf ? twixt_unescape_value(v) : sgf_unescape_value(v));
    v = unescaped_->owned.back();
  }
  values_ = unescaped_->views;
}

bool same_spelling(std::string_view id, std::span<const std::string_view> values,
                   const Property& encoded) {
  return id == encoded.id &&
         std::equal(values.begin(), values.end(), encoded.values.begin(), encoded.values.end());
}

Property single_value_property(std::string id, std::string value) {
  Property p;
  p.id = std::move(id);
  p.raw_bytes = has_high_bytes(value);
  p.values.push_back(std::move(value));
  return p;
}

}  // namespace ludex
