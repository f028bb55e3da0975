// Blokus (Pentobi .blksgf) vocabulary, after specs/pentobi-sgf.md and
// Pentobi's reader (libpentobi_base/NodeUtil.cpp):
//  * Move properties by number of colours: two colours B, W (and 1, 2, which
//    Pentobi 12.0 wrote for two-player Callisto; BLUE, GREEN from Pentobi
//    0.1); three colours 1, 2, 3 (BLUE, YELLOW, RED); four colours 1..4
//    (BLUE, YELLOW, RED, GREEN). In two-player four-colour variants B and W
//    name players, not moves.
//  * A move is one value "f9,e10,f10,g10,f11" or, in files before Pentobi
//    0.3, one point per value "B[f8][e9][f9]"; both are one move with all the
//    points in the order written. An empty value or "pass" is read as a pass
//    (Pentobi itself has no pass move in files).
//  * Move::color is always set; the seat follows blokus_seat_of_color.
//  * Players: PB / PW in two-player variants (Pentobi writes the first
//    player's name in PB), P1..P4 otherwise.
#include "games/blokus_points.h"
#include "games/coord_text.h"
#include "games/rules_registry.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

const BlokusVariant& variant_of(const SgfGameKind& kind) {
  const BlokusVariant* v = find_blokus_variant(kind.variant);
  return v != nullptr ? *v : blokus_variants().front();
}

// The colour (1..4) a move property names in a variant with `colors`
// colours, or 0 if it is not a move property there.
std::int32_t color_of_property(std::string_view id, std::int32_t colors) {
  if (colors == 2) {
    if (id == "B" || id == "1" || id == "BLUE") return 1;
    if (id == "W" || id == "2" || id == "GREEN") return 2;
    return 0;
  }
  std::int32_t color = 0;
  if (id.size() == 1 && id[0] >= '1' && id[0] <= '4') {
    color = id[0] - '0';
  } else if (id == "BLUE") {
    color = 1;
  } else if (id == "YELLOW") {
    color = 2;
  } else if (id == "RED") {
    color = 3;
  } else if (id == "GREEN") {
    color = 4;
  }
  return color <= colors ? color : 0;
}

// The property id encode_sgf_move writes for `move` in `variant`.
std::string_view blokus_move_id(const BlokusVariant& variant, const Move& move) {
  static constexpr std::string_view kColorIds[] = {"1", "2", "3", "4"};
  std::int32_t color = move.color;
  if (color < 1 || color > variant.colors) {
    color = move.seat >= 1 && move.seat <= variant.colors ? move.seat : 1;
  }
  if (variant.colors == 2) return color == 2 ? "W" : "B";
  return kColorIds[color - 1];
}

// What encode_sgf_move writes for `move` in `variant`.
Property encode_blokus_move(const BlokusVariant& variant, const Move& move) {
  std::string id(blokus_move_id(variant, move));
  std::string value;
  if (move.kind == MoveKind::kPlace) {
    value = format_blokus_point_list(move.points);
  } else if (move.kind != MoveKind::kPass) {
    value = std::string(move_kind_name(move.kind));
  }
  return single_value_property(std::move(id), std::move(value));
}

class BlokusMoveDecoder final : public SgfMoveDecoder {
 public:
  explicit BlokusMoveDecoder(const SgfGameKind& kind)
      : variant_(variant_of(kind)), size_(board_size_of(kind)) {}

  std::optional<Error> decode(std::string_view id, std::span<const std::string_view> raw_values,
                              Move* move) const override {
    const std::int32_t color = color_of_property(id, variant_.colors);
    if (color == 0) {
      return Error{
          {}, "'" + std::string(id) + "' is not a move property in " + std::string(variant_.name)};
    }
    const UnescapedValues values(raw_values, false);
    if (values.empty()) return one_value_error("blokus", id, 0);
    move->color = static_cast<std::int8_t>(color);
    move->seat = blokus_seat_of_color(variant_, color);
    if (values.size() == 1) {
      const std::string_view text = trim_ascii(values.front());
      if (text.empty() || iequals(text, "pass")) {
        move->kind = MoveKind::kPass;
        return std::nullopt;
      }
    }
    for (const std::string_view value : values) {
      if (std::optional<Error> error = append_blokus_point_list(value, size_, &move->points)) {
        return error;
      }
    }
    return std::nullopt;
  }

  bool is_standard_spelling(std::string_view id, std::span<const std::string_view> values,
                            const Move& move) const override {
    if (move.kind == MoveKind::kPlace && values.size() == 1) {
      // A placement, most of what there is, without building a Property.
      return id == blokus_move_id(variant_, move) &&
             is_plain_letter_number_text(values.front(), ',');  // what decode read as the points
    }
    return same_spelling(id, values, encode_blokus_move(variant_, move));
  }

 private:
  const BlokusVariant& variant_;  // one of blokus_variants(), which live for the program
  BoardSize size_;
};

class BlokusRules final : public FamilyRules {
 public:
  Family family() const override { return Family::kBlokus; }

  bool is_move_property(const SgfGameKind& kind, std::string_view id) const override {
    return color_of_property(id, variant_of(kind).colors) != 0;
  }

  std::unique_ptr<const SgfMoveDecoder> move_decoder(const SgfGameKind& kind) const override {
    return std::make_unique<BlokusMoveDecoder>(kind);
  }

  Property encode_sgf_move(const SgfGameKind& kind, const Move& move) const override {
    return encode_blokus_move(variant_of(kind), move);
  }

  std::vector<std::pair<std::string, std::int8_t>> player_properties(
      const SgfGameKind& kind) const override {
    const BlokusVariant& variant = variant_of(kind);
    if (variant.players == 2) return {{"PB", 1}, {"PW", 2}};
    std::vector<std::pair<std::string, std::int8_t>> out;
    for (std::int8_t seat = 1; seat <= variant.players; ++seat) {
      out.emplace_back("P" + std::to_string(seat), seat);
    }
    return out;
  }

  std::int8_t winner_from_result(const SgfGameKind& kind, std::string_view result) const override {
    const BlokusVariant& variant = variant_of(kind);
    const char side = sgf_result_side(result);
    if (side == 'B') return variant.players == 2 ? 1 : 0;
    if (side == 'W') return variant.players == 2 ? 2 : 0;
    if (side >= '1' && side <= '4') return blokus_seat_of_color(variant, side - '0');
    return 0;
  }
};

}  // namespace

const FamilyRules& blokus_rules() {
  static const BlokusRules kRules;
  return kRules;
}

}  // namespace ludex
