// Go SGF vocabulary (GM[1], or no GM).
//  * B = seat 1, W = seat 2, PB = seat 1, PW = seat 2. Only "B" and "W" as
//    written are moves: FF[3] mixed-case names such as "CoPyright" are not.
//  * "sgf": points "pd" (games/go_points.h); a pass is an empty value, or
//    "tt" on boards up to 19x19 (on larger boards tt is the point (19, 19)).
//  * "littlegolem": points are Little Golem bytes (past 'z' on boards over
//    26) and a pass is "tt" on every board size: the 37x37 game in the corpus
//    (go/littlegolem-tasuki/lg-2205068-goRio.sgf) ends B[tt];W[tt];B[tt]. A
//    stone on (19, 19) of such a board cannot be told from a pass and is read
//    as a pass.
#include "games/coord_text.h"
#include "games/go_points.h"
#include "games/rules_registry.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

constexpr std::int32_t kMaxTtPassSide = 19;
constexpr std::int32_t kMaxSgfGoCoordinate = 51;

bool tt_is_pass(const SgfGameKind& kind) {
  return is_little_golem(kind) || (kind.columns <= kMaxTtPassSide && kind.rows <= kMaxTtPassSide);
}

// The property id and the value encode_sgf_move writes for `move`.
std::string_view go_move_id(const Move& move) {
  return move.seat == 2 ? "W" : "B";
}

ShortText go_move_value(bool little_golem, const Move& move) {
  if (move.kind == MoveKind::kPass) return ShortText(little_golem ? "tt" : "");
  if (move.kind != MoveKind::kPlace) return ShortText(move_kind_name(move.kind));
  if (move.points.empty()) return ShortText();
  const Point& p = move.points.front();
  if (little_golem && p.x <= kMaxLgCoordinate && p.y <= kMaxLgCoordinate) {
    return lg_point_text(p.x, p.y);
  }
  if (!little_golem && p.x <= kMaxSgfGoCoordinate && p.y <= kMaxSgfGoCoordinate) {
    return go_point_text(p);
  }
  return ShortText("?");  // no spelling in this dialect; decode reports it
}

class GoMoveDecoder final : public SgfMoveDecoder {
 public:
  explicit GoMoveDecoder(const SgfGameKind& kind)
      : little_golem_(is_little_golem(kind)),
        tt_is_pass_(tt_is_pass(kind)),
        size_(board_size_of(kind)) {}

  std::optional<Error> decode(std::string_view id, std::span<const std::string_view> raw_values,
                              Move* move) const override {
    if (id != "B" && id != "W") {
      return Error{{}, "'" + std::string(id) + "' is not a go move property"};
    }
    const UnescapedValues values(raw_values, false);
    if (values.size() != 1) return one_value_error("go", id, values.size());
    move->seat = id == "B" ? 1 : 2;
    const std::string_view text = trim_ascii(values.front());
    if (text.empty() || (text == "tt" && tt_is_pass_)) {
      move->kind = MoveKind::kPass;
      return std::nullopt;
    }
    const std::optional<Point> usual =
        little_golem_ ? lg_byte_point(text, size_) : go_point_on_board(text, size_);
    if (usual) {
      move->points.push_back(*usual);
      return std::nullopt;
    }
    Result<Point> point =
        little_golem_ ? parse_lg_go_point(text, size_) : parse_go_point(text, size_);
    if (!point) return point.error();
    move->points.push_back(*point);
    return std::nullopt;
  }

  bool is_standard_spelling(std::string_view id, std::span<const std::string_view> values,
                            const Move& move) const override {
    return values.size() == 1 && id == go_move_id(move) &&
           go_move_value(little_golem_, move).equals(values.front());
  }

 private:
  bool little_golem_;
  bool tt_is_pass_;
  BoardSize size_;
};

class GoRules final : public FamilyRules {
 public:
  Family family() const override { return Family::kGo; }

  bool is_move_property(const SgfGameKind& /*kind*/, std::string_view id) const override {
    return id == "B" || id == "W";
  }

  std::unique_ptr<const SgfMoveDecoder> move_decoder(const SgfGameKind& kind) const override {
    return std::make_unique<GoMoveDecoder>(kind);
  }

  Property encode_sgf_move(const SgfGameKind& kind, const Move& move) const override {
    return single_value_property(std::string(go_move_id(move)),
                                 go_move_value(is_little_golem(kind), move).str());
  }
};

}  // namespace

const FamilyRules& go_rules() {
  static const GoRules kRules;
  return kRules;
}

}  // namespace ludex
