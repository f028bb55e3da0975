// Blokus-family positions. The rules are Pentobi's (libpentobi_base/Board.cpp
// is_legal and place, BoardUpdater.cpp for setup), enforced on every move:
//  * every point is a cell of the board, and together they are one piece of
//    the variant (games/blokus_pieces.h) that the colour still has a copy of
//    (Nexos: the points are line segments; files of Pentobi up to late 2015
//    also list the junctions the piece covers, which is accepted when they
//    are exactly those);
//  * no point is occupied (Nexos: nor a junction the piece crosses);
//  * no point shares an edge with the colour's own pieces (square and
//    triangle boards; Nexos and Callisto have no such rule);
//  * Callisto: while a colour has two or more 1-pieces left it may play only
//    1-pieces; a 1-piece goes anywhere outside the centre section;
//  * otherwise the piece touches one of the colour's own pieces at a corner
//    (Callisto: along an edge; Nexos: a segment sharing a junction) or, as
//    the colour's first piece on the board, covers its starting point (GembloQ:
//    all four triangles of its starting square).
// Setup (AB AW A1..A4 place pieces, AE removes them) is not subject to the
// placement rules, as in Pentobi, but each value must be a piece the colour
// still has a copy of, on empty points.
//
// Hash: board_key(blokus, columns, rows) XOR kGeometryDomain(board type, 0,
// 0) (boards of one extent differ: classic and Callisto are both 20x20) XOR
// kCellDomain(colour, x, y) for every cell a move lists (Nexos junctions,
// which follow from the pieces, are left out).
#include <algorithm>
#include <array>
#include <cassert>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/zobrist.h"
#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_points.h"
#include "games/blokus_position.h"
#include "games/coord_text.h"
#include "games/position_support.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

// Zobrist domains 16 and up are Blokus's (games/position_support.h).
constexpr std::uint32_t kGeometryDomain = 16;  // (board type, 0, 0)
constexpr std::uint32_t kCellDomain = 17;      // (colour, x, y)

std::uint64_t empty_board_key(const BlokusGeometry& geo) {
  return board_key(Family::kBlokus, geo.columns(), geo.rows()) ^
         zobrist_key(kGeometryDomain, static_cast<std::uint32_t>(geo.board_type()), 0, 0);
}

std::uint64_t cell_key(std::int32_t color, const Point& p) {
  return zobrist_key(kCellDomain, static_cast<std::uint32_t>(color),
                     static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y));
}

// A point in Pentobi's notation; "(x, y)" for one the notation cannot write
// (a negative coordinate from a record of another format).
std::string label(const Point& p) {
  if (p.x < 0 || p.y < 0) return "(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ")";
  return format_blokus_point(p);
}

std::string colour_text(std::int32_t color) {
  return "colour " + std::to_string(color);
}

// A piece identified on the board, not yet checked against the position.
struct Shape {
  std::int32_t piece = 0;
  std::vector<Point> cells;      // sorted; what moves list
  std::vector<Point> junctions;  // Nexos only: junctions the piece covers
};

Result<Shape> identify(const BlokusVariant& info, std::span<const Point> points) {
  const std::string variant(info.name);
  if (points.empty()) return Error{{}, "a piece of " + variant + " needs at least one point"};
  const BlokusGeometry& geo = blokus_geometry(info);
  Shape shape;
  shape.cells.assign(points.begin(), points.end());
  std::sort(shape.cells.begin(), shape.cells.end());
  const auto dup = std::adjacent_find(shape.cells.begin(), shape.cells.end());
  if (dup != shape.cells.end()) {
    return Error{{}, "point " + label(*dup) + " is listed twice"};
  }
  std::vector<ShapeCoord> coords;
  std::vector<Point> lines;
  std::vector<Point> listed_junctions;
  for (const Point& p : shape.cells) {
    if (!geo.on_board(p)) {
      return Error{{}, "point " + label(p) + " is off the board of " + variant};
    }
    if (!geo.is_piece_cell(p)) {
      listed_junctions.push_back(p);
      continue;
    }
    lines.push_back(p);
    coords.push_back(geo.shape_coord(p));
  }
  const std::optional<std::int32_t> piece = blokus_pieces(info).find(std::move(coords));
  if (!piece) {
    return Error{{}, format_blokus_point_list(points) + " is not a piece of " + variant};
  }
  shape.piece = *piece;
  shape.cells = std::move(lines);
  if (geo.grid() == BlokusGrid::kNexos) shape.junctions = nexos_piece_junctions(shape.cells);
  // Nexos moves of Pentobi up to late 2015 also listed the junctions the
  // piece covers; accepted when they are exactly those.
  if (!listed_junctions.empty() && listed_junctions != shape.junctions) {
    const std::string& name = blokus_pieces(info).pieces()[static_cast<std::size_t>(*piece)].name;
    for (const Point& p : listed_junctions) {
      if (!std::binary_search(shape.junctions.begin(), shape.junctions.end(), p)) {
        return Error{{},
                     "point " + format_blokus_point(p) + " is a junction that piece " + name +
                         " does not cover"};
      }
    }
    return Error{{},
                 "the move lists some junctions of piece " + name + " but not all of " +
                     format_blokus_point_list(shape.junctions)};
  }
  return shape;
}

struct PlacedPiece {
  std::int8_t color = 0;
  std::int32_t piece = 0;
  std::vector<Point> cells;  // sorted
  std::vector<Point> junctions;
};

class BlokusPosition final : public Position {
 public:
  explicit BlokusPosition(const BlokusVariant& info)
      : info_(&info),
        geo_(&blokus_geometry(info)),
        pieces_(&blokus_pieces(info)),
        owner_(geo_->rect_size(), 0),
        hash_(empty_board_key(*geo_)),
        one_piece_(pieces_->index_of("1")) {
    for (auto& used : used_) used.assign(pieces_->pieces().size(), 0);
    assert(one_piece_ >= 0);  // every set has a 1-piece
  }

  std::unique_ptr<Position> clone() const override {
    return std::make_unique<BlokusPosition>(*this);
  }

  Result<PositionDelta> apply_setup(std::span<const Property> props) override;
  Result<PositionDelta> play(const Move& move) override;

  std::uint64_t hash() const override { return hash_; }

  std::uint64_t hash_of(std::span<const Occupant> occupants,
                        std::span<const TwixtLink> /*links*/) const override {
    std::uint64_t h = empty_board_key(*geo_);
    for (const Occupant& o : occupants) h ^= cell_key(o.color, o.point);
    return h;
  }

  std::vector<Occupant> occupants() const override {
    std::vector<Occupant> out;
    for (const PlacedPiece& placed : placed_) {
      for (const Point& p : placed.cells) out.push_back({p, placed.color});
    }
    std::sort(out.begin(), out.end());
    return out;
  }

 private:
  std::string variant_name() const { return std::string(info_->name); }
  std::int8_t owner(const Point& p) const { return owner_[geo_->index(p)]; }
  const std::string& piece_name(std::int32_t piece) const {
    return pieces_->pieces()[static_cast<std::size_t>(piece)].name;
  }

  // The colour a move is played with, or an Error.
  Result<std::int32_t> move_color(const Move& move) const;
  // Identifies the piece and checks that the colour has a copy left and its
  // points are free.
  Result<Shape> check_free_piece(std::int32_t color, std::span<const Point> points) const;
  // The placement rule a free piece breaks, or nullopt.
  std::optional<std::string> rule_violation(std::int32_t color, const Shape& shape) const;
  void place(std::int32_t color, Shape shape, PositionDelta& delta);
  void remove(std::size_t placed_index, PositionDelta& delta);

  // Setup helpers; they change *this, so callers work on a copy.
  Result<bool> setup_pieces(const Property& prop, std::int32_t color, PositionDelta& delta);
  Result<bool> setup_empty(const Property& prop, PositionDelta& delta);

  const BlokusVariant* info_;
  const BlokusGeometry* geo_;
  const BlokusPieces* pieces_;
  std::vector<std::int8_t> owner_;  // colour per cell of the rectangle, 0 = empty
  std::vector<PlacedPiece> placed_;
  std::array<std::vector<std::int8_t>, 5> used_;  // [colour][piece] copies on the board
  std::uint64_t hash_;
  std::int32_t one_piece_;  // index of the piece "1"
};

Result<std::int32_t> BlokusPosition::move_color(const Move& move) const {
  std::int32_t color = move.color;
  const BlokusVariant& v = *info_;
  if (color == 0 && v.colors == v.players) color = move.seat;
  if (color == 0) return Error{{}, "the move names no colour"};
  if (color < 1 || color > v.colors) {
    return Error{{}, colour_text(color) + " is not a colour of " + variant_name()};
  }
  return color;
}

Result<Shape> BlokusPosition::check_free_piece(std::int32_t color,
                                               std::span<const Point> points) const {
  Result<Shape> shape = identify(*info_, points);
  if (!shape) return shape;
  const BlokusPiece& piece = pieces_->pieces()[static_cast<std::size_t>(shape->piece)];
  const std::int32_t used =
      used_[static_cast<std::size_t>(color)][static_cast<std::size_t>(shape->piece)];
  if (used >= piece.copies) {
    const std::string times =
        piece.copies == 1 ? "twice" : "more than " + std::to_string(piece.copies) + " times";
    return Error{{}, "piece " + piece.name + " played " + times + " by " + colour_text(color)};
  }
  for (const Point& p : shape->cells) {
    if (owner(p) != 0) return Error{{}, format_blokus_point(p) + " is occupied"};
  }
  for (const Point& p : shape->junctions) {
    if (owner(p) != 0) {
      return Error{{},
                   "piece " + piece.name + " crosses the junction " + format_blokus_point(p) +
                       ", which is occupied"};
    }
  }
  return shape;
}

std::optional<std::string> BlokusPosition::rule_violation(std::int32_t color,
                                                          const Shape& shape) const {
  const std::string& name = piece_name(shape.piece);
  const std::string who = colour_text(color);
  for (const Point& p : shape.cells) {
    for (const Point& q : geo_->adjacent(p)) {
      if (owner(q) == color) {
        return "piece " + name + " at " + format_blokus_point(p) + " shares an edge with " + who +
               "'s piece at " + format_blokus_point(q);
      }
    }
  }
  if (info_->callisto_rules) {
    const std::size_t one = static_cast<std::size_t>(one_piece_);
    const std::int32_t ones_left =
        pieces_->pieces()[one].copies - used_[static_cast<std::size_t>(color)][one];
    if (shape.piece == one_piece_) {
      if (geo_->is_center_section(shape.cells.front())) {
        return "a 1-piece may not be placed in the centre (" +
               format_blokus_point(shape.cells.front()) + ")";
      }
      return std::nullopt;
    }
    if (ones_left > 1) {
      return who + " must place its 1-pieces until one is left before piece " + name;
    }
  }
  bool has_own_piece = false;
  for (const PlacedPiece& placed : placed_) has_own_piece |= placed.color == color;
  for (const Point& p : shape.cells) {
    for (const Point& q : geo_->diagonal(p)) {
      if (owner(q) == color && geo_->is_piece_cell(q)) return std::nullopt;
    }
  }
  const std::string touch = info_->callisto_rules                ? "an edge of"
                            : geo_->grid() == BlokusGrid::kNexos ? "a line end of"
                                                                 : "a corner of";
  if (has_own_piece) return "piece " + name + " does not touch " + touch + " " + who + "'s pieces";
  const std::vector<Point>& starts = geo_->starting_points(color);
  std::int32_t covered = 0;
  for (const Point& p : shape.cells) {
    covered += static_cast<std::int32_t>(std::count(starts.begin(), starts.end(), p));
  }
  if (covered >= geo_->needed_starting_points()) return std::nullopt;
  if (starts.empty()) return "piece " + name + " has nothing of " + who + " to touch";
  std::string where;
  for (const Point& p : starts) where += (where.empty() ? "" : ",") + format_blokus_point(p);
  return "the first piece of " + who + " (" + name + ") does not cover " +
         (geo_->needed_starting_points() > 1 ? "all of its starting points "
                                             : "a starting point ") +
         where;
}

void BlokusPosition::place(std::int32_t color, Shape shape, PositionDelta& delta) {
  const auto c = static_cast<std::int8_t>(color);
  for (const Point& p : shape.cells) {
    owner_[geo_->index(p)] = c;
    hash_ ^= cell_key(color, p);
    delta.placed.push_back({p, c});
  }
  for (const Point& p : shape.junctions) owner_[geo_->index(p)] = c;
  ++used_[static_cast<std::size_t>(color)][static_cast<std::size_t>(shape.piece)];
  placed_.push_back({c, shape.piece, std::move(shape.cells), std::move(shape.junctions)});
}

void BlokusPosition::remove(std::size_t placed_index, PositionDelta& delta) {
  PlacedPiece& placed = placed_[placed_index];
  for (const Point& p : placed.cells) {
    owner_[geo_->index(p)] = 0;
    hash_ ^= cell_key(placed.color, p);
    delta.removed.push_back({p, placed.color});
  }
  for (const Point& p : placed.junctions) owner_[geo_->index(p)] = 0;
  --used_[static_cast<std::size_t>(placed.color)][static_cast<std::size_t>(placed.piece)];
  placed_.erase(placed_.begin() + static_cast<std::ptrdiff_t>(placed_index));
}

Result<PositionDelta> BlokusPosition::play(const Move& move) {
  PositionDelta delta;
  if (move.kind != MoveKind::kPlace) return delta;  // pass, resign, ...: no change
  Result<std::int32_t> color = move_color(move);
  if (!color) return color.error();
  Result<Shape> shape = check_free_piece(*color, move.points);
  if (!shape) return shape.error();
  if (std::optional<std::string> why = rule_violation(*color, *shape)) return Error{{}, *why};
  delta.piece = piece_name(shape->piece);
  place(*color, std::move(*shape), delta);
  std::sort(delta.placed.begin(), delta.placed.end());
  return delta;
}

// A setup value: one piece as "a1,b1,...". Files before Pentobi 0.3 wrote
// one point per value; a property whose values are not pieces one by one is
// tried as one piece made of all of them.
Result<bool> BlokusPosition::setup_pieces(const Property& prop, std::int32_t color,
                                          PositionDelta& delta) {
  if (color > info_->colors) {
    return Error{
        {},
        prop.id + " names " + colour_text(color) + ", which " + variant_name() + " does not have"};
  }
  const BoardSize size{geo_->columns(), geo_->rows()};
  std::vector<MovePoints> groups;
  for (const std::string& raw : prop.values) {
    const std::string value = sgf_unescape_value(raw);
    if (trim_ascii(value).empty()) continue;
    Result<MovePoints> points = parse_blokus_point_list(value, size);
    if (!points) return Error{{}, prop.id + ": " + points.error().message};
    groups.push_back(std::move(*points));
  }
  BlokusPosition trial = *this;
  PositionDelta trial_delta;
  std::optional<Error> first_error;
  for (const MovePoints& group : groups) {
    Result<Shape> shape = trial.check_free_piece(color, group);
    if (!shape) {
      first_error = Error{{}, prop.id + ": " + shape.error().message};
      break;
    }
    trial.place(color, std::move(*shape), trial_delta);
  }
  if (!first_error) {
    *this = std::move(trial);
    delta.placed.insert(delta.placed.end(), trial_delta.placed.begin(), trial_delta.placed.end());
    return true;
  }
  if (groups.size() > 1) {
    std::vector<Point> all;
    for (const MovePoints& group : groups) all.insert(all.end(), group.begin(), group.end());
    Result<Shape> shape = check_free_piece(color, all);
    if (shape) {
      place(color, std::move(*shape), delta);
      return true;
    }
  }
  return *first_error;
}

// AE values name pieces on the board by their points; each removes the
// piece with exactly those points (first colour in order), as Pentobi does.
// A value that matches no piece on the board changes nothing.
Result<bool> BlokusPosition::setup_empty(const Property& prop, PositionDelta& delta) {
  const BoardSize size{geo_->columns(), geo_->rows()};
  for (const std::string& raw : prop.values) {
    const std::string value = sgf_unescape_value(raw);
    if (trim_ascii(value).empty()) continue;
    Result<MovePoints> points = parse_blokus_point_list(value, size);
    if (!points) return Error{{}, "AE: " + points.error().message};
    Result<Shape> shape = identify(*info_, *points);
    if (!shape) return Error{{}, "AE: " + shape.error().message};
    std::optional<std::size_t> found;
    for (std::int32_t color = 1; color <= info_->colors && !found; ++color) {
      for (std::size_t i = 0; i < placed_.size(); ++i) {
        if (placed_[i].color == color && placed_[i].cells == shape->cells) {
          found = i;
          break;
        }
      }
    }
    if (found) remove(*found, delta);
  }
  return true;
}

// Pentobi's order (BoardUpdater.cpp): A1..A4, then AB and AW (colours 1 and
// 2), then AE. PL only says who moves next, which is not part of a position.
Result<PositionDelta> BlokusPosition::apply_setup(std::span<const Property> props) {
  static constexpr std::array<std::pair<std::string_view, std::int32_t>, 6> kPlacing = {
      {{"A1", 1}, {"A2", 2}, {"A3", 3}, {"A4", 4}, {"AB", 1}, {"AW", 2}}};
  PositionDelta delta;
  const auto is_setup = [](const Property& p) {
    if (p.id == "AE") return true;
    return std::any_of(kPlacing.begin(), kPlacing.end(),
                       [&](const auto& entry) { return p.id == entry.first; });
  };
  if (std::none_of(props.begin(), props.end(), is_setup)) return delta;
  BlokusPosition next = *this;
  for (const auto& [id, color] : kPlacing) {
    for (const Property& prop : props) {
      if (prop.id != id) continue;
      Result<bool> done = next.setup_pieces(prop, color, delta);
      if (!done) return done.error();
    }
  }
  for (const Property& prop : props) {
    if (prop.id != "AE") continue;
    Result<bool> done = next.setup_empty(prop, delta);
    if (!done) return done.error();
  }
  *this = std::move(next);
  std::sort(delta.placed.begin(), delta.placed.end());
  std::sort(delta.removed.begin(), delta.removed.end());
  return delta;
}

}  // namespace

Result<std::unique_ptr<Position>> new_blokus_position(const GameRecord& game) {
  return new_blokus_position(board_of(game));
}

Result<std::unique_ptr<Position>> new_blokus_position(const Board& board) {
  const BlokusVariant* v = find_blokus_variant(board.variant);
  if (v == nullptr) return Error{{}, "unknown Blokus variant " + quote_value(board.variant)};
  if ((board.columns != 0 && board.columns != v->columns) ||
      (board.rows != 0 && board.rows != v->rows)) {
    return Error{{},
                 std::string(v->name) + " is played on " + std::to_string(v->columns) + "x" +
                     std::to_string(v->rows) + ", not " + std::to_string(board.columns) + "x" +
                     std::to_string(board.rows)};
  }
  return std::unique_ptr<Position>(std::make_unique<BlokusPosition>(*v));
}

Result<std::string> identify_blokus_piece(const std::string& variant,
                                          std::span<const Point> points) {
  const BlokusVariant* info = find_blokus_variant(variant);
  if (info == nullptr) return Error{{}, "unknown Blokus variant " + quote_value(variant)};
  Result<Shape> shape = identify(*info, points);
  if (!shape) return shape.error();
  return blokus_pieces(*info).pieces()[static_cast<std::size_t>(shape->piece)].name;
}

}  // namespace ludex
