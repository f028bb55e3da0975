// Random legal play on hex, twixt and go boards (bench/play_state.h).
#include <stdexcept>
#include <utility>
#include <vector>

#include "bench/play_state.h"
#include "games/position.h"

namespace ludex {
namespace {

// Attempts at random points before the remaining empty points are tried in
// order (a nearly full go board where most points are suicide).
constexpr int kRandomAttempts = 48;

// The empty points of a board, with O(1) random choice, take and give back.
class FreePoints {
 public:
  FreePoints(std::int32_t columns, std::int32_t rows)
      : columns_(columns), slot_(static_cast<std::size_t>(columns * rows)) {
    points_.reserve(slot_.size());
    for (std::int32_t y = 0; y < rows; ++y) {
      for (std::int32_t x = 0; x < columns; ++x) {
        slot_[index(x, y)] = static_cast<std::int32_t>(points_.size());
        points_.push_back(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
      }
    }
  }

  bool empty() const { return points_.empty(); }
  std::size_t size() const { return points_.size(); }
  const Point& at(std::size_t i) const { return points_[i]; }
  const Point& random(Rng& rng) const { return rng.pick(points_); }

  void take(const Point& p) {
    const std::size_t i = index(p.x, p.y);
    const std::int32_t s = slot_[i];
    if (s < 0) return;
    const Point last = points_.back();
    points_[static_cast<std::size_t>(s)] = last;
    slot_[index(last.x, last.y)] = s;
    points_.pop_back();
    slot_[i] = -1;
  }

  void give(const Point& p) {
    const std::size_t i = index(p.x, p.y);
    if (slot_[i] >= 0) return;
    slot_[i] = static_cast<std::int32_t>(points_.size());
    points_.push_back(p);
  }

 private:
  std::size_t index(std::int32_t x, std::int32_t y) const {
    return static_cast<std::size_t>(y * columns_ + x);
  }

  std::int32_t columns_;
  std::vector<std::int32_t> slot_;  // index into points_, -1 when occupied
  std::vector<Point> points_;
};

class BoardPlay : public PlayState {
 public:
  BoardPlay(const GameRecord& game, const BoardPlayOptions& options)
      : columns_(game.columns),
        rows_(game.rows),
        options_(options),
        seat_(options.first_seat),
        free_(game.columns, game.rows) {
    Result<std::unique_ptr<Position>> position = new_position(game);
    if (!position) throw std::logic_error("generator: " + position.error().message);
    position_ = std::move(*position);
    if (!game.tree.empty()) {
      Result<PositionDelta> setup = position_->apply_setup(game.tree.data(0).props);
      if (!setup) throw std::logic_error("generator: root setup: " + setup.error().message);
      apply(*setup);
    }
  }

  BoardPlay(const BoardPlay& other)
      : columns_(other.columns_),
        rows_(other.rows_),
        options_(other.options_),
        seat_(other.seat_),
        moves_(other.moves_),
        free_(other.free_),
        position_(other.position_->clone()) {}

  std::unique_ptr<PlayState> clone() const override { return std::make_unique<BoardPlay>(*this); }

  std::int8_t to_move() const override { return seat_; }

  std::optional<Move> play_random(Rng& rng) override {
    if (moves_ == 1 && options_.second_move) {
      Move swap;
      swap.seat = seat_;
      swap.kind = *options_.second_move;
      if (try_play(swap)) return swap;
    }
    for (int attempt = 0; attempt < kRandomAttempts && !free_.empty(); ++attempt) {
      Move move = placement(moves_ == 0 ? first_point(rng) : free_.random(rng));
      move.draw_offer = options_.draw_offer_per_mille > 0 && moves_ > 0 &&
                        rng.chance(options_.draw_offer_per_mille);
      if (try_play(move)) return move;
    }
    // Rare: most points refused at random. Take the first legal one in
    // order, so that the line ends only when nothing is legal.
    for (std::size_t i = 0; i < free_.size(); ++i) {
      Move move = placement(free_.at(i));
      if (try_play(move)) return move;
    }
    return std::nullopt;
  }

 private:
  Move placement(const Point& p) const {
    Move move;
    move.seat = seat_;
    move.points.push_back(p);
    return move;
  }

  // The first move keeps off the edges, so that its swap reflection (y, x)
  // is a legal point for the other seat too (twixt borders).
  Point first_point(Rng& rng) const {
    if (columns_ < 3 || rows_ < 3 || columns_ != rows_) return free_.random(rng);
    return Point{static_cast<std::int16_t>(rng.between(1, columns_ - 2)),
                 static_cast<std::int16_t>(rng.between(1, rows_ - 2))};
  }

  bool try_play(const Move& move) {
    Result<PositionDelta> delta = position_->play(move);
    if (!delta) return false;
    apply(*delta);
    // After a swap-sides the swapper's colour moves again: the players
    // exchanged colours, the stone stayed (as HexGui and benzene record it,
    // docs/formats.md "Swaps in Hex SGF").
    if (move.kind != MoveKind::kSwapSides) seat_ = static_cast<std::int8_t>(3 - seat_);
    ++moves_;
    return true;
  }

  void apply(const PositionDelta& delta) {
    for (const Occupant& o : delta.removed) free_.give(o.point);
    for (const Occupant& o : delta.placed) free_.take(o.point);
  }

  std::int32_t columns_;
  std::int32_t rows_;
  BoardPlayOptions options_;
  std::int8_t seat_;
  std::int32_t moves_ = 0;
  FreePoints free_;
  std::unique_ptr<Position> position_;
};

}  // namespace

std::unique_ptr<PlayState> new_board_play(const GameRecord& game, const BoardPlayOptions& options) {
  if (game.family != Family::kHex && game.family != Family::kTwixt && game.family != Family::kGo) {
    throw std::logic_error("generator: new_board_play needs a hex, twixt or go game");
  }
  return std::make_unique<BoardPlay>(game, options);
}

}  // namespace ludex
