// Hex SGF vocabulary.
//  * "sgf" (HexGui, benzene, GM[11]): B = seat 1 (moves first), W = seat 2;
//    points "e5" (games/hex_points.h); specials pass, swap-pieces,
//    swap-sides, swap / SWAP (benzene: swap-pieces), resign, forfeit; an
//    empty value is a pass. HexGui before 1.0 (AP[HexGui:0.x]) wrote
//    swap-pieces for what was a swap-sides: read as kSwapSides there.
//  * "littlegolem" (.hsgf, no GM): the first move is labelled W but played by
//    PB, so W = seat 1 and B = seat 2; points "ad"; swap (= swap-pieces, the
//    stone is reflected), resign.
// In both, PB is seat 1, PW seat 2, and RE[B] / RE[B+..] means PB won.
#include "games/coord_text.h"
#include "games/hex_points.h"
#include "games/rules_registry.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

bool is_little_golem(const SgfGameKind& kind) {
  return kind.dialect == "littlegolem";
}

// HexGui versions before 1.0 recorded a swap-sides as "swap-pieces".
bool is_old_hexgui(const SgfGameKind& kind) {
  const std::string_view ap = kind.application;
  const std::size_t colon = ap.find(':');
  if (colon == std::string_view::npos) return false;
  if (!iequals(trim_ascii(ap.substr(0, colon)), "HexGui")) return false;
  const std::string_view version = trim_ascii(ap.substr(colon + 1));
  return !version.empty() && version.front() == '0';
}

bool is_hex_special(MoveKind kind) {
  return kind != MoveKind::kDrawOffer && kind != MoveKind::kDrawAccept;
}

// The property id and the value encode_sgf_move writes for `move`.
std::string_view hex_move_id(bool little_golem, const Move& move) {
  return (move.seat == 2) != little_golem ? "W" : "B";
}

ShortText hex_move_value(bool little_golem, bool old_hexgui, const Move& move) {
  const bool old = !little_golem && old_hexgui;
  switch (move.kind) {
    case MoveKind::kPlace: {
      if (move.points.empty()) return ShortText();
      const Point& p = move.points.front();
      return little_golem ? lg_point_text(p.x, p.y) : letter_number_text(p);
    }
    case MoveKind::kSwapPieces:
      return ShortText(little_golem || old ? "swap" : "swap-pieces");
    case MoveKind::kSwapSides:
      return ShortText(old ? "swap-pieces" : "swap-sides");
    case MoveKind::kPass:
    case MoveKind::kResign:
    case MoveKind::kForfeit:
    case MoveKind::kDrawOffer:
    case MoveKind::kDrawAccept:
    case MoveKind::kUnknown:
      break;
  }
  return ShortText(move_kind_name(move.kind));
}

class HexMoveDecoder final : public SgfMoveDecoder {
 public:
  explicit HexMoveDecoder(const SgfGameKind& kind)
      : little_golem_(is_little_golem(kind)),
        old_hexgui_(is_old_hexgui(kind)),
        size_(board_size_of(kind)) {}

  std::optional<Error> decode(std::string_view id, std::span<const std::string_view> raw_values,
                              Move* move) const override {
    if (id != "B" && id != "W") {
      return Error{{}, "'" + std::string(id) + "' is not a hex move property"};
    }
    const UnescapedValues values(raw_values, false);
    if (values.size() != 1) return one_value_error("hex", id, values.size());
    move->seat = (id == "B") != little_golem_ ? 1 : 2;
    const std::string_view text = trim_ascii(values.front());
    if (text.empty()) {
      move->kind = MoveKind::kPass;
      return std::nullopt;
    }
    if (const auto special = parse_special_move(text); special && is_hex_special(*special)) {
      move->kind = *special;
      if (move->kind == MoveKind::kSwapPieces && !little_golem_ && old_hexgui_ &&
          iequals(text, "swap-pieces")) {
        move->kind = MoveKind::kSwapSides;
      }
      return std::nullopt;
    }
    const std::optional<Point> usual =
        little_golem_ ? lg_byte_point(text, size_) : letter_number_point(text, size_);
    if (usual) {
      move->points.push_back(*usual);
      return std::nullopt;
    }
    Result<Point> point =
        little_golem_ ? parse_lg_hex_point(text, size_) : parse_hex_point(text, size_);
    if (!point) return point.error();
    move->points.push_back(*point);
    return std::nullopt;
  }

  bool is_standard_spelling(std::string_view id, std::span<const std::string_view> values,
                            const Move& move) const override {
    if (values.size() != 1 || id != hex_move_id(little_golem_, move)) return false;
    if (!little_golem_ && move.kind == MoveKind::kPlace && move.points.size() == 1) {
      return is_plain_letter_number_text(values.front(), ',');  // what decode read as the point
    }
    return hex_move_value(little_golem_, old_hexgui_, move).equals(values.front());
  }

 private:
  bool little_golem_;
  bool old_hexgui_;
  BoardSize size_;
};

class HexRules final : public FamilyRules {
 public:
  Family family() const override { return Family::kHex; }

  bool is_move_property(const SgfGameKind& /*kind*/, std::string_view id) const override {
    return id == "B" || id == "W";
  }

  std::unique_ptr<const SgfMoveDecoder> move_decoder(const SgfGameKind& kind) const override {
    return std::make_unique<HexMoveDecoder>(kind);
  }

  Property encode_sgf_move(const SgfGameKind& kind, const Move& move) const override {
    const bool lg = is_little_golem(kind);
    return single_value_property(std::string(hex_move_id(lg, move)),
                                 hex_move_value(lg, is_old_hexgui(kind), move).str());
  }

  std::vector<std::pair<std::string, std::int8_t>> player_properties(
      const SgfGameKind& /*kind*/) const override {
    return {{"PB", 1}, {"PW", 2}};
  }

  std::int8_t winner_from_result(const SgfGameKind& /*kind*/,
                                 std::string_view result) const override {
    // Little Golem's RE names the winner by PB/PW too, so B is seat 1 in
    // both dialects even though LG labels seat 1's moves W.
    return black_first_winner(result);
  }
};

}  // namespace

const FamilyRules& hex_rules() {
  static const HexRules kRules;
  return kRules;
}

}  // namespace ludex
