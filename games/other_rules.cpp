// Rules for SGF games of any other GM: stored and exported generically, so no
// property is a move. Players and results follow the general SGF convention
// (PB / B = seat 1, PW / W = seat 2).
#include "games/rules_registry.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

class NoMoveDecoder final : public SgfMoveDecoder {
 public:
  std::optional<Error> decode(std::string_view id, std::span<const std::string_view> /*values*/,
                              Move* /*move*/) const override {
    return Error{{}, "'" + std::string(id) + "' is not a move property in a game not modelled"};
  }

  // Nothing decodes, so nothing is asked.
  bool is_standard_spelling(std::string_view /*id*/, std::span<const std::string_view> /*values*/,
                            const Move& /*move*/) const override {
    return false;
  }
};

class OtherRules final : public FamilyRules {
 public:
  Family family() const override { return Family::kOther; }

  bool is_move_property(const SgfGameKind& /*kind*/, std::string_view /*id*/) const override {
    return false;
  }

  std::unique_ptr<const SgfMoveDecoder> move_decoder(const SgfGameKind& /*kind*/) const override {
    return std::make_unique<NoMoveDecoder>();
  }

  // There is nothing to encode: returns an empty property (id "").
  Property encode_sgf_move(const SgfGameKind& /*kind*/, const Move& /*move*/) const override {
    return Property{};
  }
};

}  // namespace

const FamilyRules& other_rules() {
  static const OtherRules kRules;
  return kRules;
}

}  // namespace ludex
