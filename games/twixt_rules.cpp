// Twixt SGF vocabulary.
//  * "sgf" (GM[21], specs/twixt-sgf.txt): W moves first, so W = seat 1 and
//    B = seat 2, PW = seat 1, PB = seat 2, RE[W+] = seat 1. Values are
//    case-insensitive. A move is one or more values: link removals "-c",
//    additions "/c" "\c", then the peg "K4" (games/twixt_points.h). Specials
//    (one value): swap-pieces, swap-sides, resign, forfeit, pass, draw (a draw
//    offer), draw-accept; an empty value is a pass. A "|draw" suffix on the
//    last value marks a placement that also offers a draw (Little Golem's
//    notation, accepted here so that such moves survive a dialect change).
//  * "littlegolem" (.tsgf, no GM): lowercase b = PB = seat 1 (moves first),
//    r = PW = seat 2. One value: two coordinate bytes "ch" (bytes past 'z' on
//    boards over 26), "swap", "resign", "draw", or a placement with a draw
//    offer "qi|draw". Little Golem's swap is a swap-pieces: the first peg is
//    replaced by the other colour's peg mirrored in the board's diagonal and b
//    moves again (b[ch];r[swap];b[jj] in the corpus; twixtbot-ui replays LG
//    games that way). Little Golem plays paper-and-pencil rules, which have
//    no long moves, so links are never written in this dialect.
#include "games/coord_text.h"
#include "games/rules_registry.h"
#include "games/sgf_values.h"
#include "games/twixt_points.h"

namespace ludex {
namespace {

constexpr std::string_view kDrawSuffix = "|draw";

// Splits a trailing "|draw" (any case) off `text`; true if there was one.
bool take_draw_suffix(std::string_view& text) {
  const std::size_t bar = text.rfind('|');
  if (bar == std::string_view::npos) return false;
  if (!iequals(text.substr(bar), kDrawSuffix)) return false;
  text = trim_ascii(text.substr(0, bar));
  return true;
}

std::string special_value(MoveKind kind, bool lg) {
  switch (kind) {
    case MoveKind::kSwapPieces:
      return lg ? "swap" : "swap-pieces";
    case MoveKind::kDrawOffer:
      return "draw";
    case MoveKind::kPlace:
    case MoveKind::kPass:
    case MoveKind::kSwapSides:
    case MoveKind::kResign:
    case MoveKind::kForfeit:
    case MoveKind::kDrawAccept:
    case MoveKind::kUnknown:
      break;
  }
  return std::string(move_kind_name(kind));
}

// If `text` is a single word (or nothing), sets *move's kind and draw
// offer to what it says and returns true; false (and *move unchanged) if it
// is neither.
bool decode_word(std::string_view text, bool draw_offer, Move* move) {
  if (text.empty()) {
    move->kind = draw_offer ? MoveKind::kDrawOffer : MoveKind::kPass;
    return true;
  }
  const auto special = parse_special_move(text);
  if (!special) return false;
  move->kind = *special;
  move->draw_offer = draw_offer && *special != MoveKind::kDrawOffer;
  return true;
}

std::string_view twixt_move_id(bool little_golem, const Move& move) {
  const bool second = move.seat == 2;
  return little_golem ? (second ? "r" : "b") : (second ? "B" : "W");
}

// What encode_sgf_move writes for `move`.
Property encode_twixt_move(bool little_golem, const Move& move) {
  std::string id(twixt_move_id(little_golem, move));
  const std::string suffix = move.draw_offer && move.kind != MoveKind::kDrawOffer
                                 ? std::string(kDrawSuffix)
                                 : std::string();
  if (move.kind != MoveKind::kPlace) {
    return single_value_property(std::move(id), special_value(move.kind, little_golem) + suffix);
  }
  if (little_golem) {
    const std::string peg = move.points.empty() ? "" : format_lg_twixt_point(move.points.front());
    return single_value_property(std::move(id), peg + suffix);
  }
  Property p;
  p.id = std::move(id);
  for (const LinkEdit& link : move.links) p.values.push_back(format_twixt_link_edit(link));
  for (const Point& peg : move.points) p.values.push_back(format_twixt_point(peg));
  if (p.values.empty()) p.values.emplace_back();
  p.values.back() += suffix;
  return p;
}

class TwixtMoveDecoder final : public SgfMoveDecoder {
 public:
  explicit TwixtMoveDecoder(const SgfGameKind& kind)
      : little_golem_(is_little_golem(kind)), size_(board_size_of(kind)) {}

  std::optional<Error> decode(std::string_view id, std::span<const std::string_view> raw_values,
                              Move* move) const override {
    if (little_golem_ ? id != "b" && id != "r" : id != "W" && id != "B") {
      return Error{{}, "'" + std::string(id) + "' is not a twixt move property"};
    }
    const UnescapedValues values(raw_values, !little_golem_);
    move->seat = (id == "W" || id == "b") ? 1 : 2;
    if (little_golem_ && values.size() != 1) return one_value_error("twixt", id, values.size());
    if (values.empty()) return one_value_error("twixt", id, 0);

    if (values.size() == 1) {
      std::string_view text = trim_ascii(values.front());
      const bool draw_offer = take_draw_suffix(text);
      if (decode_word(text, draw_offer, move)) return std::nullopt;
      if (little_golem_) {
        if (const std::optional<Point> usual = lg_byte_point(text, size_)) {
          move->draw_offer = draw_offer;
          move->points.push_back(*usual);
          return std::nullopt;
        }
        Result<Point> point = parse_lg_twixt_point(text, size_);
        if (!point) return point.error();
        move->draw_offer = draw_offer;
        move->points.push_back(*point);
        return std::nullopt;
      }
      // A GM[21] move that is one peg ("k4"), most of what there is: what
      // decode_long_move gives for it, without splitting it into parts.
      if (const std::optional<Point> peg = letter_number_point(text, size_)) {
        move->draw_offer = draw_offer;
        move->points.push_back(*peg);
        return std::nullopt;
      }
    }
    return decode_long_move(values, move);
  }

  bool is_standard_spelling(std::string_view id, std::span<const std::string_view> values,
                            const Move& move) const override {
    // A Little Golem peg, most of what there is, without building a Property.
    if (little_golem_ && move.kind == MoveKind::kPlace && !move.draw_offer &&
        move.points.size() == 1) {
      return values.size() == 1 && id == twixt_move_id(little_golem_, move) &&
             lg_point_text(move.points.front().x, move.points.front().y).equals(values.front());
    }
    // A GM[21] peg without link edits: encode writes its one label.
    if (!little_golem_ && move.kind == MoveKind::kPlace && !move.draw_offer && move.links.empty() &&
        move.points.size() == 1 && values.size() == 1) {
      return id == twixt_move_id(little_golem_, move) &&
             is_plain_letter_number_text(values.front(), ',');  // what decode read as the peg
    }
    return same_spelling(id, values, encode_twixt_move(little_golem_, move));
  }

 private:
  // A GM[21] move of one or more values: link edits and at most one peg.
  std::optional<Error> decode_long_move(const UnescapedValues& values, Move* move) const {
    for (std::size_t i = 0; i < values.size(); ++i) {
      std::string_view text = trim_ascii(values[i]);
      if (i + 1 == values.size() && take_draw_suffix(text)) move->draw_offer = true;
      if (parse_special_move(text) || text.empty()) {
        return Error{{},
                     "twixt value " + quote_value(values[i]) +
                         " cannot be part of a move of several values"};
      }
      auto parts = parse_twixt_move_parts(text, size_);
      if (!parts) return parts.error();
      for (const TwixtMovePart& part : *parts) {
        if (!part.is_peg) {
          move->links.push_back(part.link);
          continue;
        }
        if (!move->points.empty()) {
          return Error{{},
                       "twixt move places more than one peg (" +
                           quote_value(format_twixt_point(move->points.front())) + " and " +
                           quote_value(format_twixt_point(part.peg)) + ")"};
        }
        move->points.push_back(part.peg);
      }
    }
    return std::nullopt;
  }

  bool little_golem_;
  BoardSize size_;
};

class TwixtRules final : public FamilyRules {
 public:
  Family family() const override { return Family::kTwixt; }

  bool is_move_property(const SgfGameKind& kind, std::string_view id) const override {
    if (is_little_golem(kind)) return id == "b" || id == "r";
    return id == "W" || id == "B";
  }

  std::unique_ptr<const SgfMoveDecoder> move_decoder(const SgfGameKind& kind) const override {
    return std::make_unique<TwixtMoveDecoder>(kind);
  }

  Property encode_sgf_move(const SgfGameKind& kind, const Move& move) const override {
    return encode_twixt_move(is_little_golem(kind), move);
  }

  std::vector<std::pair<std::string, std::int8_t>> player_properties(
      const SgfGameKind& kind) const override {
    if (is_little_golem(kind)) return {{"PB", 1}, {"PW", 2}};
    return {{"PW", 1}, {"PB", 2}};
  }

  std::int8_t winner_from_result(const SgfGameKind& kind, std::string_view result) const override {
    const char side = sgf_result_side(result);
    const bool lg = is_little_golem(kind);
    if (side == 'W') return lg ? 2 : 1;
    if (side == 'B') return lg ? 1 : 2;
    return 0;
  }
};

}  // namespace

const FamilyRules& twixt_rules() {
  static const TwixtRules kRules;
  return kRules;
}

}  // namespace ludex
