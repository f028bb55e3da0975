// Hex SGF vocabulary.
//  * "sgf" (HexGui, benzene, GM[11]): B = seat 1 (moves first), W = seat 2;
//    points "e5" (games/hex_points.h); specials pass, swap-pieces,
//    swap-sides, swap / SWAP (benzene: swap-pieces), resign, forfeit; an
//    empty value is a pass. A swap spelled as a swap-pieces is decided by
//    the next move once the tree is read (resolve_in_context); decode alone
//    reads it by the AP: HexGui before 1.0 (AP[HexGui:0.x]) wrote
//    swap-pieces for what was a swap-sides.
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

  // A swap spelled as a swap-pieces ("swap-pieces", "swap", "SWAP") means
  // what the next move says: the same colour moving again means the stone
  // stayed and the players exchanged colours (a swap-sides: HexGui 0.x, and
  // HexGui 1.0 and benzene files written by twogtp.py); the other colour
  // moving means the stone was reflected (a swap-pieces: the SGF spec, Little
  // Golem). Without a next move, decode's reading (by AP) stands.
  // docs/formats.md ("Swaps in Hex SGF") has the evidence.
  void resolve_in_context(GameTree& tree) const override {
    for (NodeIndex i = 0; i < tree.size(); ++i) {
      const NodeView node = tree.data(i);
      if (node.moves.size() != 1) continue;
      const Move& swap = node.moves.front();
      if (swap.kind != MoveKind::kSwapPieces && swap.kind != MoveKind::kSwapSides) continue;
      const std::optional<std::int8_t> next = next_mover(tree, i);
      if (!next) continue;
      const MoveKind meant = *next == swap.seat ? MoveKind::kSwapSides : MoveKind::kSwapPieces;
      if (meant == swap.kind || !is_swap_pieces_spelling(node, swap)) continue;
      change_kind(tree, i, meant);
    }
  }

 private:
  // The seat of the first move below node i along the main line; nullopt if
  // none follows.
  static std::optional<std::int8_t> next_mover(const GameTree& tree, NodeIndex i) {
    for (NodeIndex c = tree.main_child(i); c != kNoNode; c = tree.main_child(c)) {
      const NodeView child = tree.data(c);
      if (!child.moves.empty()) return child.moves.front().seat;
    }
    return std::nullopt;
  }

  // The text the swap was written with: its kept spelling, else the one
  // writing it gives (which is then what the file said).
  std::string spelling(const NodeView& node, const Move& swap) const {
    if (!node.move_props.empty() && !node.move_props.front().values.empty()) {
      return node.move_props.front().values.front();
    }
    return hex_move_value(little_golem_, old_hexgui_, swap).str();
  }

  bool is_swap_pieces_spelling(const NodeView& node, const Move& swap) const {
    const std::string text = spelling(node, swap);
    const std::string_view raw[] = {text};
    const UnescapedValues values(raw, false);
    return parse_special_move(trim_ascii(values.front())) == MoveKind::kSwapPieces;
  }

  // Gives node i's swap the kind `meant`, keeping the spelling it was read
  // with in move_props unless writing the changed move gives it back.
  void change_kind(GameTree& tree, NodeIndex i, MoveKind meant) const {
    const NodeView node = tree.data(i);
    Property written =
        node.move_props.empty() || node.move_props.front().id.empty()
            ? single_value_property(std::string(hex_move_id(little_golem_, node.moves.front())),
                                    spelling(node, node.moves.front()))
            : node.move_props.front();
    Move changed = node.moves.front();
    changed.kind = meant;
    tree.set_moves(i, {changed});
    const std::string_view values[] = {written.values.front()};
    if (is_standard_spelling(written.id, values, changed)) {
      tree.set_move_props(i, std::span<const Property>());
    } else {
      tree.set_move_props(i, {written});
    }
  }

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

  // player_properties and winner_from_result: FamilyRules' defaults. Little
  // Golem's PB and RE name the seats as HexGui's do, so B is seat 1 in both
  // dialects even though LG labels seat 1's moves W.
};

}  // namespace

const FamilyRules& hex_rules() {
  static const HexRules kRules;
  return kRules;
}

}  // namespace ludex
