#include "games/twixt_position.h"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "core/zobrist.h"
#include "games/position_support.h"
#include "games/sgf_values.h"
#include "games/twixt_points.h"

namespace ludex {
namespace {

// Offsets from a link's left end to its right end, indexed by direction.
struct Offset {
  std::int16_t dx;
  std::int16_t dy;
};
constexpr std::array<Offset, 4> kDirections = {{{1, -2}, {2, -1}, {2, 1}, {1, 2}}};

// A link as stored: its left end and the direction to the right end.
struct LinkSlot {
  Point anchor;
  std::uint8_t direction = 0;
};

Point offset(const Point& p, std::int32_t dx, std::int32_t dy) {
  return Point{static_cast<std::int16_t>(p.x + dx), static_cast<std::int16_t>(p.y + dy)};
}

Point right_end(const LinkSlot& s) {
  return offset(s.anchor, kDirections[s.direction].dx, kDirections[s.direction].dy);
}

// The slot of the link between p and q; nullopt unless a knight's move apart.
std::optional<LinkSlot> slot_between(Point p, Point q) {
  if (q < p) std::swap(p, q);
  for (std::uint8_t d = 0; d < kDirections.size(); ++d) {
    if (q.x - p.x == kDirections[d].dx && q.y - p.y == kDirections[d].dy) return LinkSlot{p, d};
  }
  return std::nullopt;
}

std::int64_t orientation(const Point& a, const Point& b, const Point& c) {
  const std::int64_t v =
      std::int64_t{b.x - a.x} * (c.y - a.y) - std::int64_t{b.y - a.y} * (c.x - a.x);
  return v > 0 ? 1 : (v < 0 ? -1 : 0);
}

// True when segments ab and cd cross at a point inside both. Links that share
// a peg only touch; a knight's-move segment has no lattice point inside it, so
// touching is the only other way two links meet.
bool segments_cross(const Point& a, const Point& b, const Point& c, const Point& d) {
  return orientation(a, b, c) * orientation(a, b, d) < 0 &&
         orientation(c, d, a) * orientation(c, d, b) < 0;
}

std::string twixt_text(const Point& p) {
  return family_point_text(Family::kTwixt, p);
}

std::string link_text(const LinkSlot& s) {
  return twixt_text(s.anchor) + "-" + twixt_text(right_end(s));
}

std::string centre_text(const LinkEdit& e) {
  if (e.cx2 < 0 || e.cy2 < 0 || ((e.cx2 & 1) == (e.cy2 & 1))) {
    return "(" + std::to_string(e.cx2) + "/2, " + std::to_string(e.cy2) + "/2)";
  }
  return format_twixt_link_centre(e.cx2, e.cy2);
}

// The link with centre (cx2, cy2) and the given slope (+1 rising to the
// right on screen, -1 falling); nullopt when the centre is not a link centre.
std::optional<LinkSlot> slot_at_centre(std::int32_t cx2, std::int32_t cy2, std::int8_t slope) {
  const bool odd_x = (cx2 & 1) != 0;
  const bool odd_y = (cy2 & 1) != 0;
  if (odd_x == odd_y) return std::nullopt;
  Point left;
  Point right;
  if (odd_x) {  // steep: |dx| = 1, |dy| = 2
    const std::int32_t xl = (cx2 - 1) / 2;
    const std::int32_t ym = cy2 / 2;
    left = Point{static_cast<std::int16_t>(xl), static_cast<std::int16_t>(ym + slope)};
    right = Point{static_cast<std::int16_t>(xl + 1), static_cast<std::int16_t>(ym - slope)};
  } else {  // shallow: |dx| = 2, |dy| = 1
    const std::int32_t xl = cx2 / 2 - 1;
    const std::int32_t top = (cy2 - 1) / 2;
    left =
        Point{static_cast<std::int16_t>(xl), static_cast<std::int16_t>(slope > 0 ? top + 1 : top)};
    right = Point{static_cast<std::int16_t>(xl + 2),
                  static_cast<std::int16_t>(slope > 0 ? top : top + 1)};
  }
  return slot_between(left, right);
}

class TwixtPosition final : public Position {
 public:
  // format: what the game was read from, which decides whether a long
  // move's link additions count (link_additions_ignored, core/game.h).
  TwixtPosition(std::int32_t columns, std::int32_t rows, TwixtRuleset ruleset, bool little_golem,
                SourceFormat format)
      : columns_(columns),
        rows_(rows),
        ruleset_(ruleset),
        little_golem_(little_golem),
        format_(format),
        pegs_(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), 0),
        links_(pegs_.size(), 0),
        hash_(board_key(Family::kTwixt, columns, rows)) {}

  std::unique_ptr<Position> clone() const override {
    return std::make_unique<TwixtPosition>(*this);
  }

  Result<PositionDelta> apply_setup(std::span<const Property> props) override {
    const std::int8_t black = little_golem_ ? 1 : 2;
    const std::vector<SetupId> ids = {
        {"AW", static_cast<std::int8_t>(3 - black)}, {"AB", black}, {"AE", 0}};
    auto points =
        read_setup_points(props, ids, little_golem_ ? &parse_lg_twixt_point : &parse_twixt_point,
                          BoardSize{columns_, rows_});
    if (!points) return points.error();
    PositionDelta delta;
    for (const SetupPoint& s : *points) {
      const std::int8_t old = peg(s.point);
      if (old == s.color) continue;
      if (old != 0) remove_peg(s.point, delta);
      if (s.color != 0) {
        put_peg(s.point, s.color);
        delta.placed.push_back(Occupant{s.point, s.color});
        autolink(s.point, s.color, delta);
      }
    }
    return delta;
  }

  Result<PositionDelta> play(const Move& move) override {
    if (move.kind == MoveKind::kPlace) return place(move);
    if (move.kind == MoveKind::kSwapPieces) return swap_pieces(move);
    // swap-sides exchanges the players, not the stones.
    if (move.kind == MoveKind::kSwapSides || leaves_board_unchanged(move.kind)) {
      return PositionDelta{};
    }
    return Error{{}, "a move of unknown kind cannot be played"};
  }

  std::uint64_t hash() const override { return hash_; }

  std::uint64_t hash_of(std::span<const Occupant> occupants,
                        std::span<const TwixtLink> links) const override {
    std::uint64_t h = board_key(Family::kTwixt, columns_, rows_);
    for (const Occupant& o : occupants) h ^= peg_key(o.point, o.color);
    for (const TwixtLink& link : links) {
      const std::optional<LinkSlot> s = slot_between(link.a, link.b);
      if (s) h ^= link_key(*s, link.color);
    }
    return h;
  }

  std::vector<Occupant> occupants() const override {
    return scan_occupants(columns_, rows_, [this](const Point& p) { return peg(p); });
  }

  std::vector<TwixtLink> links() const override {
    std::vector<TwixtLink> out;
    for (std::int32_t x = 0; x < columns_; ++x) {
      for (std::int32_t y = 0; y < rows_; ++y) {
        const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
        for (std::uint8_t d = 0; d < kDirections.size(); ++d) {
          if (has_link(LinkSlot{p, d})) out.push_back(to_link(LinkSlot{p, d}));
        }
      }
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  // One step of a placement, kept so that a failing move can be undone.
  struct Step {
    enum class Kind : std::uint8_t { kPeg, kAddLink, kRemoveLink } kind;
    Point point;    // kPeg
    LinkSlot link;  // link steps
  };

  bool on_board(const Point& p) const {
    return p.x >= 0 && p.y >= 0 && p.x < columns_ && p.y < rows_;
  }
  std::size_t index(const Point& p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(columns_) +
           static_cast<std::size_t>(p.x);
  }
  std::int8_t peg(const Point& p) const { return pegs_[index(p)]; }
  bool has_link(const LinkSlot& s) const { return (links_[index(s.anchor)] >> s.direction) & 1; }
  TwixtLink to_link(const LinkSlot& s) const {
    return TwixtLink{s.anchor, right_end(s), peg(s.anchor)};
  }
  bool is_corner(const Point& p) const {
    return (p.x == 0 || p.x == columns_ - 1) && (p.y == 0 || p.y == rows_ - 1);
  }
  std::string size_text() const { return board_size_text(BoardSize{columns_, rows_}); }

  std::uint64_t peg_key(const Point& p, std::int8_t color) const {
    return zobrist_key(kTwixtPegDomain, static_cast<std::uint32_t>(color),
                       static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y));
  }
  std::uint64_t link_key(const LinkSlot& s) const { return link_key(s, peg(s.anchor)); }
  static std::uint64_t link_key(const LinkSlot& s, std::int8_t peg_color) {
    const auto color = static_cast<std::uint32_t>(peg_color);
    return zobrist_key(kTwixtLinkDomain, color << 8 | s.direction,
                       static_cast<std::uint32_t>(s.anchor.x),
                       static_cast<std::uint32_t>(s.anchor.y));
  }

  void put_peg(const Point& p, std::int8_t color) {
    pegs_[index(p)] = color;
    hash_ ^= peg_key(p, color);
    ++pegs_count_;
  }
  // Requires no link at p.
  void take_peg(const Point& p) {
    hash_ ^= peg_key(p, peg(p));
    pegs_[index(p)] = 0;
    --pegs_count_;
  }
  void add_link(const LinkSlot& s) {
    links_[index(s.anchor)] =
        static_cast<std::uint8_t>(links_[index(s.anchor)] | (1u << s.direction));
    hash_ ^= link_key(s);
    ++links_count_;
  }
  void drop_link(const LinkSlot& s) {
    hash_ ^= link_key(s);
    links_[index(s.anchor)] =
        static_cast<std::uint8_t>(links_[index(s.anchor)] & ~(1u << s.direction));
    --links_count_;
  }

  // Every link with an end at p (p holds a peg).
  std::vector<LinkSlot> links_at(const Point& p) const {
    std::vector<LinkSlot> out;
    for (std::uint8_t d = 0; d < kDirections.size(); ++d) {
      if (has_link(LinkSlot{p, d})) out.push_back(LinkSlot{p, d});
      const Point a = offset(p, -kDirections[d].dx, -kDirections[d].dy);
      if (on_board(a) && has_link(LinkSlot{a, d})) out.push_back(LinkSlot{a, d});
    }
    return out;
  }

  void remove_peg(const Point& p, PositionDelta& delta) {
    for (const LinkSlot& s : links_at(p)) {
      delta.links_removed.push_back(to_link(s));
      drop_link(s);
    }
    delta.removed.push_back(Occupant{p, peg(p)});
    take_peg(p);
  }

  // The first link on the board that a new link p-q of `color` may not cross
  // under the ruleset; nullopt when there is none.
  std::optional<LinkSlot> blocking_link(const Point& p, const Point& q, std::int8_t color) const {
    const std::int32_t x0 = std::max(0, std::min(p.x, q.x) - 2);
    const std::int32_t x1 = std::min(columns_ - 1, static_cast<std::int32_t>(std::max(p.x, q.x)));
    const std::int32_t y0 = std::max(0, std::min(p.y, q.y) - 2);
    const std::int32_t y1 = std::min(rows_ - 1, std::max(p.y, q.y) + 2);
    for (std::int32_t x = x0; x <= x1; ++x) {
      for (std::int32_t y = y0; y <= y1; ++y) {
        const Point a{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
        if (links_[index(a)] == 0) continue;
        if (ruleset_ == TwixtRuleset::kPaperAndPencil && peg(a) == color) continue;
        for (std::uint8_t d = 0; d < kDirections.size(); ++d) {
          const LinkSlot s{a, d};
          if (has_link(s) && segments_cross(p, q, a, right_end(s))) return s;
        }
      }
    }
    return std::nullopt;
  }

  void autolink(const Point& p, std::int8_t color, PositionDelta& delta) {
    for (const Offset& o : kDirections) {
      for (const std::int32_t sign : {1, -1}) {
        const Point q = offset(p, sign * o.dx, sign * o.dy);
        if (!on_board(q) || peg(q) != color) continue;
        const LinkSlot s = *slot_between(p, q);
        if (has_link(s) || blocking_link(p, q, color)) continue;
        add_link(s);
        delta.links_added.push_back(to_link(s));
      }
    }
  }

  // Undoes the steps of a failed placement, newest first.
  void undo(const std::vector<Step>& steps) {
    for (auto it = steps.rbegin(); it != steps.rend(); ++it) {
      switch (it->kind) {
        case Step::Kind::kPeg:
          take_peg(it->point);
          break;
        case Step::Kind::kAddLink:
          drop_link(it->link);
          break;
        case Step::Kind::kRemoveLink:
          add_link(it->link);
          break;
      }
    }
  }

  std::optional<Error> check_peg(const Point& p, std::int8_t seat) const {
    if (!on_board(p)) return Error{{}, twixt_text(p) + " is off the " + size_text() + " board"};
    if (peg(p) != 0) return Error{{}, twixt_text(p) + " is occupied"};
    if (is_corner(p)) return Error{{}, twixt_text(p) + " is a corner"};
    const bool on_columns = p.x == 0 || p.x == columns_ - 1;
    const bool on_rows = p.y == 0 || p.y == rows_ - 1;
    if ((seat == 1 && on_columns) || (seat == 2 && on_rows)) {
      return Error{{}, twixt_text(p) + " is on the other player's border"};
    }
    return std::nullopt;
  }

  // The mover's link a removal names; Error if there is none or two.
  Result<LinkSlot> removal_slot(const LinkEdit& e, std::int8_t seat) const {
    std::vector<LinkSlot> found;
    for (const std::int8_t slope : {std::int8_t{1}, std::int8_t{-1}}) {
      if (e.slope != 0 && e.slope != slope) continue;
      const auto s = slot_at_centre(e.cx2, e.cy2, slope);
      if (!s) return Error{{}, centre_text(e) + " is not a link centre"};
      if (on_board(s->anchor) && on_board(right_end(*s)) && has_link(*s) &&
          peg(s->anchor) == seat) {
        found.push_back(*s);
      }
    }
    if (found.empty())
      return Error{{}, "no link of the mover's at " + centre_text(e) + " to remove"};
    if (found.size() > 1) {
      return Error{{},
                   "two links of the mover's cross at " + centre_text(e) +
                       "; the removal does not say which"};
    }
    return found.front();
  }

  // The link an addition names; Error if it cannot be added.
  Result<LinkSlot> addition_slot(const LinkEdit& e, std::int8_t seat) const {
    std::vector<LinkSlot> found;
    for (const std::int8_t slope : {std::int8_t{1}, std::int8_t{-1}}) {
      if (e.slope != 0 && e.slope != slope) continue;
      const auto s = slot_at_centre(e.cx2, e.cy2, slope);
      if (!s) return Error{{}, centre_text(e) + " is not a link centre"};
      if (on_board(s->anchor) && on_board(right_end(*s)) && peg(s->anchor) == seat &&
          peg(right_end(*s)) == seat) {
        found.push_back(*s);
      }
    }
    if (found.empty()) {
      return Error{{}, "no pegs of the mover's to link at " + centre_text(e)};
    }
    if (found.size() > 1) {
      return Error{
          {}, "both links at " + centre_text(e) + " are possible; the addition does not say which"};
    }
    const LinkSlot s = found.front();
    if (has_link(s)) return Error{{}, "link " + link_text(s) + " already exists"};
    if (const auto block = blocking_link(s.anchor, right_end(s), seat)) {
      return Error{{}, "link " + link_text(s) + " would cross link " + link_text(*block)};
    }
    return s;
  }

  Result<PositionDelta> place(const Move& move) {
    const std::int8_t seat = move.seat;
    if (seat != 1 && seat != 2) return Error{{}, "the move has no seat 1 or 2"};
    if (move.points.size() > 1) {
      return Error{{}, "a twixt move places one peg, not " + std::to_string(move.points.size())};
    }
    if (move.points.empty() && move.links.empty()) return Error{{}, "the move places nothing"};
    PositionDelta delta;
    std::vector<Step> steps;
    auto fail = [&](Error error) -> Result<PositionDelta> {
      undo(steps);
      return error;
    };
    for (const LinkEdit& e : move.links) {
      if (e.add) continue;
      auto s = removal_slot(e, seat);
      if (!s) return fail(s.error());
      delta.links_removed.push_back(to_link(*s));
      drop_link(*s);
      steps.push_back(Step{Step::Kind::kRemoveLink, {}, *s});
    }
    if (!move.points.empty()) {
      const Point p = move.points.front();
      if (auto error = check_peg(p, seat)) return fail(*error);
      put_peg(p, seat);
      steps.push_back(Step{Step::Kind::kPeg, p, {}});
      delta.placed.push_back(Occupant{p, seat});
    }
    // The binary format's pbem_null = 1 (Move::autolink) means "removals,
    // then every legal link to the new peg"; its add list "should be
    // zero-length ... whether or not it is zero-length, it is ignored"
    // (specs/game-tree-binary-format.txt). An SGF long move autolinks too
    // but its additions count (specs/twixt-sgf.txt), so the format decides.
    const bool ignore_additions = link_additions_ignored(format_, move);
    for (const LinkEdit& e : move.links) {
      if (!e.add || ignore_additions) continue;
      auto s = addition_slot(e, seat);
      if (!s) return fail(s.error());
      add_link(*s);
      steps.push_back(Step{Step::Kind::kAddLink, {}, *s});
      delta.links_added.push_back(to_link(*s));
    }
    if (move.autolink && !move.points.empty()) autolink(move.points.front(), seat, delta);
    return delta;
  }

  Result<PositionDelta> swap_pieces(const Move& move) {
    if (pegs_count_ != 1 || links_count_ != 0) {
      return Error{
          {}, "swap-pieces needs exactly one peg on the board, not " + std::to_string(pegs_count_)};
    }
    const Result<SwapPieces> swap = swap_pieces_of(pegs_, columns_, move, Family::kTwixt, "peg");
    if (!swap) return swap.error();
    const Point from = swap->from;
    const Point to = swap->to;
    const std::int8_t mover = swap->mover;
    if (!on_board(to)) {
      return Error{{},
                   "swap-pieces mirrors " + twixt_text(from) + " to " + twixt_text(to) +
                       ", off the " + size_text() + " board"};
    }
    PositionDelta delta;
    remove_peg(from, delta);
    put_peg(to, mover);
    delta.placed.push_back(Occupant{to, mover});
    return delta;
  }

  std::int32_t columns_ = 0;
  std::int32_t rows_ = 0;
  TwixtRuleset ruleset_ = TwixtRuleset::kStandard;
  bool little_golem_ = false;
  SourceFormat format_ = SourceFormat::kSgf;
  std::vector<std::int8_t> pegs_;    // row-major; 0 empty, else the seat
  std::vector<std::uint8_t> links_;  // at each link's left end: bit d = direction d
  std::int32_t pegs_count_ = 0;
  std::int32_t links_count_ = 0;
  std::uint64_t hash_ = 0;
};

}  // namespace

TwixtRuleset twixt_ruleset_of(const GameRecord& game) {
  if (!game.tree.empty()) {
    std::span<const Property> root = game.tree.data(0).props;
    if (find_sgf_property(root, "RU") != nullptr) {
      return iequals(sgf_property_text(root, "RU"), "PP") ? TwixtRuleset::kPaperAndPencil
                                                          : TwixtRuleset::kStandard;
    }
  }
  return game.dialect == "littlegolem" ? TwixtRuleset::kPaperAndPencil : TwixtRuleset::kStandard;
}

Result<std::unique_ptr<Position>> new_twixt_position(const GameRecord& game) {
  return new_twixt_position(board_of(game), twixt_ruleset_of(game), game.dialect == "littlegolem",
                            game.format);
}

Result<std::unique_ptr<Position>> new_twixt_position(const Board& board, TwixtRuleset ruleset,
                                                     bool little_golem, SourceFormat format) {
  if (auto error = board_size_error(Family::kTwixt, board.columns, board.rows, 3)) return *error;
  return std::unique_ptr<Position>(
      std::make_unique<TwixtPosition>(board.columns, board.rows, ruleset, little_golem, format));
}

}  // namespace ludex
