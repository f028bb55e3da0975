// Internal to games/: the per-family FamilyRules singletons behind rules_for,
// and helpers the implementations share. Other layers use
// games/family_rules.h.
#ifndef LUDEX_GAMES_RULES_REGISTRY_H_
#define LUDEX_GAMES_RULES_REGISTRY_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "games/coord_text.h"
#include "games/family_rules.h"

namespace ludex {

const FamilyRules& go_rules();
const FamilyRules& hex_rules();
const FamilyRules& twixt_rules();
const FamilyRules& blokus_rules();
const FamilyRules& other_rules();

// ctx.kind, or (when the caller passed none) the family's standard SGF
// dialect at its default size.
const SgfGameKind& kind_or_default(const SgfMoveContext& ctx, Family family);

inline BoardSize board_size_of(const SgfGameKind& kind) {
  return BoardSize{kind.columns, kind.rows};
}

// An Error for a move property that must carry exactly one value.
Error one_value_error(std::string_view family, std::string_view id, std::size_t count);

// Move values as decoders parse them: SGF escapes removed
// (sgf_unescape_value), or for Twixt GM[21] twixt_unescape_value, which keeps
// the spec's unescaped backslash of falling link additions ("\i'4").
// Values without a backslash, which is nearly all of them, are the raw views
// themselves; only escaped ones are copied. The views point into the raw
// values and into this object: it must not outlive them, and it cannot be
// copied or moved.
class UnescapedValues {
 public:
  // Inline: every decoded move comes through here, nearly always without a
  // backslash.
  UnescapedValues(std::span<const std::string_view> raw, bool twixt_sgf) : values_(raw) {
    for (const std::string_view v : raw) {
      for (const char c : v) {
        if (c == '\\') {
          unescape(twixt_sgf);
          return;
        }
      }
    }
  }
  UnescapedValues(const UnescapedValues&) = delete;
  UnescapedValues& operator=(const UnescapedValues&) = delete;

  std::size_t size() const { return values_.size(); }
  bool empty() const { return values_.empty(); }
  // Require i < size(), resp. !empty().
  std::string_view operator[](std::size_t i) const { return values_[i]; }
  std::string_view front() const { return values_.front(); }
  const std::string_view* begin() const { return values_.data(); }
  const std::string_view* end() const { return values_.data() + values_.size(); }

 private:
  // Replaces values_ by views of unescaped copies where a value has a
  // backslash.
  void unescape(bool twixt_sgf);

  // Made only when a value was escaped, so that the usual case constructs
  // and destroys nothing but a null pointer.
  struct Unescaped {
    std::vector<std::string> owned;  // the unescaped copies; never grows after they are viewed
    std::vector<std::string_view> views;
  };
  std::unique_ptr<Unescaped> unescaped_;
  std::span<const std::string_view> values_;
};

// A Property {id, {value}} marked raw_bytes when the value is not ASCII
// (Little Golem coordinate bytes past 0x7F).
Property single_value_property(std::string id, std::string value);

// True if `encoded` is exactly `id` with `values`, byte for byte.
bool same_spelling(std::string_view id, std::span<const std::string_view> values,
                   const Property& encoded);

}  // namespace ludex

#endif  // LUDEX_GAMES_RULES_REGISTRY_H_
