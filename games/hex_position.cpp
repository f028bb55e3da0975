#include "games/hex_position.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/zobrist.h"
#include "games/hex_points.h"
#include "games/position_support.h"

namespace ludex {
namespace {

std::string hex_text(const Point& p) {
  return family_point_text(Family::kHex, p);
}

class HexPosition final : public Position {
 public:
  HexPosition(std::int32_t columns, std::int32_t rows, bool lg_points)
      : columns_(columns),
        rows_(rows),
        lg_points_(lg_points),
        cells_(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), 0),
        hash_(board_key(Family::kHex, columns, rows)) {}

  std::unique_ptr<Position> clone() const override { return std::make_unique<HexPosition>(*this); }

  Result<PositionDelta> apply_setup(std::span<const Property> props) override {
    static const std::vector<SetupId> kIds = {{"AB", 1}, {"AW", 2}, {"AE", 0}};
    auto points =
        read_setup_points(props, kIds, lg_points_ ? &parse_lg_hex_point : &parse_hex_point,
                          BoardSize{columns_, rows_});
    if (!points) return points.error();
    PositionDelta delta;
    for (const SetupPoint& s : *points) {
      const std::int8_t old = at(s.point);
      if (old == s.color) continue;
      if (old != 0) {
        set(s.point, 0);
        delta.removed.push_back(Occupant{s.point, old});
      }
      if (s.color != 0) {
        set(s.point, s.color);
        delta.placed.push_back(Occupant{s.point, s.color});
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
                        std::span<const TwixtLink> /*links*/) const override {
    std::uint64_t h = board_key(Family::kHex, columns_, rows_);
    for (const Occupant& o : occupants) {
      h ^=
          zobrist_key(kHexStoneDomain, static_cast<std::uint32_t>(o.color),
                      static_cast<std::uint32_t>(o.point.x), static_cast<std::uint32_t>(o.point.y));
    }
    return h;
  }

  std::vector<Occupant> occupants() const override {
    return scan_occupants(columns_, rows_, [this](const Point& p) { return at(p); });
  }

 private:
  bool on_board(const Point& p) const {
    return p.x >= 0 && p.y >= 0 && p.x < columns_ && p.y < rows_;
  }
  std::size_t index(const Point& p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(columns_) +
           static_cast<std::size_t>(p.x);
  }
  std::int8_t at(const Point& p) const { return cells_[index(p)]; }

  // Changes one cell, keeping the hash and the stone count.
  void set(const Point& p, std::int8_t color) {
    std::int8_t& cell = cells_[index(p)];
    if (cell != 0) {
      hash_ ^= zobrist_key(kHexStoneDomain, static_cast<std::uint32_t>(cell),
                           static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y));
      --stones_;
    }
    cell = color;
    if (cell != 0) {
      hash_ ^= zobrist_key(kHexStoneDomain, static_cast<std::uint32_t>(cell),
                           static_cast<std::uint32_t>(p.x), static_cast<std::uint32_t>(p.y));
      ++stones_;
    }
  }

  std::string size_text() const { return board_size_text(BoardSize{columns_, rows_}); }

  Result<PositionDelta> place(const Move& move) {
    if (move.seat != 1 && move.seat != 2) return Error{{}, "the move has no seat 1 or 2"};
    if (move.points.size() != 1) {
      return Error{{}, "a hex move places one stone, not " + std::to_string(move.points.size())};
    }
    const Point p = move.points.front();
    if (!on_board(p)) return Error{{}, hex_text(p) + " is off the " + size_text() + " board"};
    if (at(p) != 0) return Error{{}, hex_text(p) + " is occupied"};
    set(p, move.seat);
    PositionDelta delta;
    delta.placed.push_back(Occupant{p, move.seat});
    return delta;
  }

  Result<PositionDelta> swap_pieces(const Move& move) {
    if (stones_ != 1) {
      return Error{
          {}, "swap-pieces needs exactly one stone on the board, not " + std::to_string(stones_)};
    }
    const Result<SwapPieces> swap = swap_pieces_of(cells_, columns_, move, Family::kHex, "stone");
    if (!swap) return swap.error();
    const Point from = swap->from;
    const Point to = swap->to;
    const std::int8_t mover = swap->mover;
    const std::int8_t old = swap->owner;
    if (!on_board(to)) {
      return Error{{},
                   "swap-pieces reflects " + hex_text(from) + " to " + hex_text(to) + ", off the " +
                       size_text() + " board"};
    }
    set(from, 0);
    set(to, mover);
    PositionDelta delta;
    delta.removed.push_back(Occupant{from, old});
    delta.placed.push_back(Occupant{to, mover});
    return delta;
  }

  std::int32_t columns_ = 0;
  std::int32_t rows_ = 0;
  bool lg_points_ = false;
  std::vector<std::int8_t> cells_;  // row-major; 0 empty, else the seat
  std::int32_t stones_ = 0;
  std::uint64_t hash_ = 0;
};

}  // namespace

Result<std::unique_ptr<Position>> new_hex_position(const GameRecord& game) {
  return new_hex_position(board_of(game), game.dialect == "littlegolem");
}

Result<std::unique_ptr<Position>> new_hex_position(const Board& board, bool lg_points) {
  if (auto error = board_size_error(Family::kHex, board.columns, board.rows, 1)) return *error;
  return std::unique_ptr<Position>(
      std::make_unique<HexPosition>(board.columns, board.rows, lg_points));
}

}  // namespace ludex
