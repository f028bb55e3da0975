#include "games/go_position.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "core/zobrist.h"
#include "games/coord_text.h"
#include "games/go_points.h"
#include "games/position_support.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

std::string go_text(const Point& p) {
  return family_point_text(Family::kGo, p);
}

bool contains_ci(std::string_view text, std::string_view word) {
  return ascii_lower(text).find(word) != std::string::npos;
}

bool ruleset_allows_suicide(std::string_view ru) {
  const std::string lower = ascii_lower(trim_ascii(ru));
  return lower == "nz" || lower == "goe" || lower == "ing" || lower.rfind("tt", 0) == 0 ||
         contains_ci(lower, "new zealand") || contains_ci(lower, "tromp");
}

}  // namespace

GoVariant go_variant_of(const GameRecord& game) {
  GoVariant v;
  if (!game.tree.empty()) {
    v.suicide_allowed = ruleset_allows_suicide(sgf_property_text(game.tree.data(0).props, "RU"));
  }
  v.torus = is_torus_event(game.event);
  return v;
}

GoPosition::GoPosition(std::int32_t columns, std::int32_t rows, GoVariant variant, bool lg_points)
    : columns_(columns),
      rows_(rows),
      variant_(variant),
      lg_points_(lg_points),
      cells_(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), 0),
      hash_(board_key(Family::kGo, columns, rows)),
      mark_(cells_.size(), 0) {
  if (variant_.torus) hash_ ^= zobrist_key(kGoTopologyDomain, 1, 0, 0);
}

std::uint64_t GoPosition::hash_of(std::span<const Occupant> occupants,
                                  std::span<const TwixtLink> /*links*/) const {
  std::uint64_t h = board_key(Family::kGo, columns_, rows_);
  if (variant_.torus) h ^= zobrist_key(kGoTopologyDomain, 1, 0, 0);
  for (const Occupant& o : occupants) {
    h ^= zobrist_key(kGoStoneDomain, static_cast<std::uint32_t>(o.color),
                     static_cast<std::uint32_t>(o.point.x), static_cast<std::uint32_t>(o.point.y));
  }
  return h;
}

std::unique_ptr<Position> GoPosition::clone() const {
  return std::make_unique<GoPosition>(*this);
}

bool GoPosition::on_board(const Point& p) const {
  return p.x >= 0 && p.y >= 0 && p.x < columns_ && p.y < rows_;
}

std::size_t GoPosition::index(const Point& p) const {
  return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(columns_) +
         static_cast<std::size_t>(p.x);
}

Point GoPosition::point_of(std::size_t i) const {
  const auto columns = static_cast<std::size_t>(columns_);
  return Point{static_cast<std::int16_t>(i % columns), static_cast<std::int16_t>(i / columns)};
}

std::size_t GoPosition::neighbours(std::size_t i, std::size_t out[4]) const {
  const Point p = point_of(i);
  std::size_t n = 0;
  const auto columns = static_cast<std::size_t>(columns_);
  const auto rows = static_cast<std::size_t>(rows_);
  const auto x = static_cast<std::size_t>(p.x);
  const auto y = static_cast<std::size_t>(p.y);
  if (variant_.torus) {
    out[n++] = y * columns + (x + columns - 1) % columns;
    out[n++] = y * columns + (x + 1) % columns;
    out[n++] = ((y + rows - 1) % rows) * columns + x;
    out[n++] = ((y + 1) % rows) * columns + x;
    return n;
  }
  if (x > 0) out[n++] = i - 1;
  if (x + 1 < columns) out[n++] = i + 1;
  if (y > 0) out[n++] = i - columns;
  if (y + 1 < rows) out[n++] = i + columns;
  return n;
}

void GoPosition::set(std::size_t i, std::int8_t color) {
  const Point p = point_of(i);
  std::int8_t& cell = cells_[i];
  if (cell != 0) {
    hash_ ^= zobrist_key(kGoStoneDomain, static_cast<std::uint32_t>(cell),
                         static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y));
  }
  cell = color;
  if (cell != 0) {
    hash_ ^= zobrist_key(kGoStoneDomain, static_cast<std::uint32_t>(cell),
                         static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y));
  }
}

std::int32_t GoPosition::collect_group(std::size_t start, std::int32_t enough) {
  if (++stamp_ == 0) {  // the stamp wrapped: forget every old mark
    std::fill(mark_.begin(), mark_.end(), 0);
    stamp_ = 1;
  }
  const std::int8_t color = cells_[start];
  group_.clear();
  stack_.clear();
  stack_.push_back(start);
  mark_[start] = stamp_;
  std::int32_t liberties = 0;
  std::size_t next[4];
  while (!stack_.empty()) {
    const std::size_t i = stack_.back();
    stack_.pop_back();
    group_.push_back(i);
    const std::size_t count = neighbours(i, next);
    for (std::size_t k = 0; k < count; ++k) {
      const std::size_t j = next[k];
      if (mark_[j] == stamp_) continue;
      if (cells_[j] == color) {
        mark_[j] = stamp_;
        stack_.push_back(j);
      } else if (cells_[j] == 0 && liberties < enough) {
        mark_[j] = stamp_;
        ++liberties;
      }
    }
  }
  return liberties;
}

Result<PositionDelta> GoPosition::apply_setup(std::span<const Property> props) {
  static const std::vector<SetupId> kIds = {{"AB", 1}, {"AW", 2}, {"AE", 0}};
  auto points = read_setup_points(props, kIds, lg_points_ ? &parse_lg_go_point : &parse_go_point,
                                  BoardSize{columns_, rows_});
  if (!points) return points.error();
  PositionDelta delta;
  for (const SetupPoint& s : *points) {
    const std::size_t i = index(s.point);
    const std::int8_t old = cells_[i];
    if (old == s.color) continue;
    if (old != 0) delta.removed.push_back(Occupant{s.point, old});
    if (s.color != 0) delta.placed.push_back(Occupant{s.point, s.color});
    set(i, s.color);
  }
  if (!delta.placed.empty() || !delta.removed.empty()) {
    ko_point_.reset();
    ko_retaken_ = false;
  }
  return delta;
}

Result<PositionDelta> GoPosition::play(const Move& move) {
  if (move.kind == MoveKind::kPlace) return place(move);
  if (leaves_board_unchanged(move.kind)) {
    ko_point_.reset();
    ko_retaken_ = false;
    return PositionDelta{};
  }
  if (move.kind == MoveKind::kSwapPieces || move.kind == MoveKind::kSwapSides) {
    return Error{{}, std::string(move_kind_name(move.kind)) + " is not a go move"};
  }
  return Error{{}, "a move of unknown kind cannot be played"};
}

Result<PositionDelta> GoPosition::place(const Move& move) {
  const std::int8_t seat = move.seat;
  if (seat != 1 && seat != 2) return Error{{}, "the move has no seat 1 or 2"};
  if (move.points.size() != 1) {
    return Error{{}, "a go move places one stone, not " + std::to_string(move.points.size())};
  }
  const Point p = move.points.front();
  if (!on_board(p)) {
    return Error{
        {}, go_text(p) + " is off the " + board_size_text(BoardSize{columns_, rows_}) + " board"};
  }
  const std::size_t at = index(p);
  if (cells_[at] != 0) return Error{{}, go_text(p) + " is occupied"};

  PositionDelta delta;
  set(at, seat);
  const auto other = static_cast<std::int8_t>(3 - seat);
  std::size_t next[4];
  const std::size_t count = neighbours(at, next);
  std::size_t captured = 0;
  std::size_t last_captured = 0;
  for (std::size_t k = 0; k < count; ++k) {
    if (cells_[next[k]] != other || collect_group(next[k], 1) > 0) continue;
    for (const std::size_t i : group_) {
      delta.removed.push_back(Occupant{point_of(i), other});
      set(i, 0);
      last_captured = i;
      ++captured;
    }
  }
  const std::int32_t liberties = collect_group(at, 2);
  if (liberties == 0) {
    if (!variant_.suicide_allowed) {
      set(at, 0);
      return Error{{}, go_text(p) + " is suicide"};
    }
    for (const std::size_t i : group_) {
      if (i != at) delta.removed.push_back(Occupant{point_of(i), seat});
      set(i, 0);
    }
  } else {
    delta.placed.push_back(Occupant{p, seat});
  }
  ko_retaken_ = captured == 1 && ko_point_ && *ko_point_ == p;
  ko_point_.reset();
  if (captured == 1 && liberties == 1 && group_.size() == 1) ko_point_ = point_of(last_captured);
  return delta;
}

std::vector<Occupant> GoPosition::occupants() const {
  return scan_occupants(columns_, rows_, [this](const Point& p) { return cells_[index(p)]; });
}

Result<std::unique_ptr<Position>> new_go_position(const GameRecord& game) {
  return new_go_position(board_of(game), go_variant_of(game), game.dialect == "littlegolem");
}

Result<std::unique_ptr<Position>> new_go_position(const Board& board, GoVariant variant,
                                                  bool lg_points) {
  assert(variant.torus == board.torus);
  if (auto error = board_size_error(Family::kGo, board.columns, board.rows, 1)) return *error;
  return std::unique_ptr<Position>(
      std::make_unique<GoPosition>(board.columns, board.rows, variant, lg_points));
}

}  // namespace ludex
