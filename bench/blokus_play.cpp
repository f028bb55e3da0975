// Random legal Blokus Duo play (bench/play_state.h).
//
// The generator searches placements itself (a random corner of the colour's
// pieces, a random unused piece, orientation and anchor cell) and then lets
// ludex's BlokusPosition confirm the move, so a move is written only when
// ludex would replay it.
#include <algorithm>
#include <array>
#include <stdexcept>
#include <utility>
#include <vector>

#include "bench/play_state.h"
#include "games/blokus_variants.h"
#include "games/position.h"

namespace ludex {
namespace {

constexpr int kSize = 14;  // Blokus Duo board, Pentobi's coordinates (y from the bottom)
constexpr int kPieces = 21;
// Random placements tried for a colour before it is taken to have none.
constexpr int kPlacementAttempts = 400;

struct Cell {
  int x = 0;
  int y = 0;
  friend bool operator==(const Cell&, const Cell&) = default;
  friend auto operator<=>(const Cell&, const Cell&) = default;
};

using Shape = std::vector<Cell>;

// The 21 polyominoes of one colour, in one orientation each.
const std::array<Shape, kPieces>& base_pieces() {
  static const std::array<Shape, kPieces> kBase = {{
      {{0, 0}},                                  // 1
      {{0, 0}, {1, 0}},                          // 2
      {{0, 0}, {1, 0}, {2, 0}},                  // I3
      {{0, 0}, {1, 0}, {0, 1}},                  // V3
      {{0, 0}, {1, 0}, {2, 0}, {3, 0}},          // I4
      {{0, 0}, {0, 1}, {0, 2}, {1, 0}},          // L4
      {{0, 0}, {1, 0}, {2, 0}, {1, 1}},          // T4
      {{0, 0}, {1, 0}, {0, 1}, {1, 1}},          // O4
      {{0, 0}, {1, 0}, {1, 1}, {2, 1}},          // Z4
      {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}},  // I5
      {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}},  // L5
      {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 1}},  // Y5
      {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}},  // N5
      {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {0, 2}},  // V5
      {{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}},  // U5
      {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}},  // T5
      {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}},  // Z5
      {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}},  // W5
      {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}},  // P5
      {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}},  // F5
      {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}},  // X5
  }};
  return kBase;
}

Shape normalized(Shape shape) {
  int min_x = shape.front().x;
  int min_y = shape.front().y;
  for (const Cell& c : shape) {
    min_x = std::min(min_x, c.x);
    min_y = std::min(min_y, c.y);
  }
  for (Cell& c : shape) c = Cell{c.x - min_x, c.y - min_y};
  std::sort(shape.begin(), shape.end());
  return shape;
}

// Every distinct orientation (rotations and reflections) of every piece,
// in a fixed order.
const std::array<std::vector<Shape>, kPieces>& orientations() {
  static const std::array<std::vector<Shape>, kPieces> kAll = [] {
    std::array<std::vector<Shape>, kPieces> all;
    for (int p = 0; p < kPieces; ++p) {
      for (int t = 0; t < 8; ++t) {
        Shape s;
        for (const Cell& c : base_pieces()[static_cast<std::size_t>(p)]) {
          int x = (t & 1) ? -c.x : c.x;
          int y = (t & 2) ? -c.y : c.y;
          if (t & 4) std::swap(x, y);
          s.push_back(Cell{x, y});
        }
        s = normalized(std::move(s));
        auto& list = all[static_cast<std::size_t>(p)];
        if (std::find(list.begin(), list.end(), s) == list.end()) list.push_back(std::move(s));
      }
    }
    return all;
  }();
  return kAll;
}

bool on_board(int x, int y) {
  return x >= 0 && y >= 0 && x < kSize && y < kSize;
}

class BlokusDuoPlay : public PlayState {
 public:
  explicit BlokusDuoPlay(const GameRecord& game) {
    Result<std::unique_ptr<Position>> position = new_position(game);
    if (!position) throw std::logic_error("generator: " + position.error().message);
    position_ = std::move(*position);
    owner_.fill(0);
  }

  BlokusDuoPlay(const BlokusDuoPlay& other)
      : owner_(other.owner_),
        used_(other.used_),
        placed_any_(other.placed_any_),
        done_(other.done_),
        to_move_(other.to_move_),
        position_(other.position_->clone()) {}

  std::unique_ptr<PlayState> clone() const override {
    return std::make_unique<BlokusDuoPlay>(*this);
  }

  std::int8_t to_move() const override { return to_move_; }

  std::optional<Move> play_random(Rng& rng) override {
    for (int k = 0; k < 2; ++k) {
      const std::int8_t color = to_move_;
      to_move_ = static_cast<std::int8_t>(3 - to_move_);
      if (done_[static_cast<std::size_t>(color)]) continue;
      if (std::optional<Move> move = place_random(color, rng)) return move;
      done_[static_cast<std::size_t>(color)] = true;
    }
    return std::nullopt;
  }

 private:
  std::int8_t owner(int x, int y) const { return owner_[static_cast<std::size_t>(y * kSize + x)]; }

  bool touches_own_edge(int x, int y, std::int8_t color) const {
    static constexpr int kDx[] = {1, -1, 0, 0};
    static constexpr int kDy[] = {0, 0, 1, -1};
    for (int d = 0; d < 4; ++d) {
      const int nx = x + kDx[d];
      const int ny = y + kDy[d];
      if (on_board(nx, ny) && owner(nx, ny) == color) return true;
    }
    return false;
  }

  bool touches_own_corner(int x, int y, std::int8_t color) const {
    for (int dx = -1; dx <= 1; dx += 2) {
      for (int dy = -1; dy <= 1; dy += 2) {
        if (on_board(x + dx, y + dy) && owner(x + dx, y + dy) == color) return true;
      }
    }
    return false;
  }

  // Where a new piece of `color` may touch: its starting point first (e10
  // for colour 1, j5 for colour 2), then the free cells diagonal to its
  // pieces that share no edge with them.
  std::vector<Cell> attach_points(std::int8_t color) const {
    const std::size_t c = static_cast<std::size_t>(color);
    if (!placed_any_[c]) {
      const Cell start = color == 1 ? Cell{4, 9} : Cell{9, 4};
      if (owner(start.x, start.y) != 0) return {};
      return {start};
    }
    std::vector<Cell> out;
    for (int y = 0; y < kSize; ++y) {
      for (int x = 0; x < kSize; ++x) {
        if (owner(x, y) == 0 && touches_own_corner(x, y, color) && !touches_own_edge(x, y, color)) {
          out.push_back(Cell{x, y});
        }
      }
    }
    return out;
  }

  std::optional<Move> place_random(std::int8_t color, Rng& rng) {
    const std::vector<Cell> attach = attach_points(color);
    const std::size_t c = static_cast<std::size_t>(color);
    std::vector<int> unused;
    for (int p = 0; p < kPieces; ++p) {
      if ((used_[c] & (1U << p)) == 0) unused.push_back(p);
    }
    if (attach.empty() || unused.empty()) return std::nullopt;
    for (int attempt = 0; attempt < kPlacementAttempts; ++attempt) {
      const Cell at = rng.pick(attach);
      const int piece = rng.pick(unused);
      const Shape& shape = rng.pick(orientations()[static_cast<std::size_t>(piece)]);
      const Cell anchor = rng.pick(shape);
      Shape cells;
      bool fits = true;
      for (const Cell& s : shape) {
        const int x = s.x - anchor.x + at.x;
        const int y = s.y - anchor.y + at.y;
        if (!on_board(x, y) || owner(x, y) != 0 || touches_own_edge(x, y, color)) {
          fits = false;
          break;
        }
        cells.push_back(Cell{x, y});
      }
      if (!fits) continue;
      // Pentobi lists a piece's points row by row from the bottom.
      std::sort(cells.begin(), cells.end(),
                [](const Cell& a, const Cell& b) { return a.y != b.y ? a.y < b.y : a.x < b.x; });
      Move move;
      move.seat = color;
      move.color = color;
      for (const Cell& cell : cells) {
        move.points.push_back(
            Point{static_cast<std::int16_t>(cell.x), static_cast<std::int16_t>(cell.y)});
      }
      if (!position_->play(move)) continue;
      for (const Cell& cell : cells)
        owner_[static_cast<std::size_t>(cell.y * kSize + cell.x)] = color;
      used_[c] |= 1U << piece;
      placed_any_[c] = true;
      return move;
    }
    return std::nullopt;
  }

  std::array<std::int8_t, kSize * kSize> owner_{};
  std::array<std::uint32_t, 3> used_{};  // [colour] bit set of pieces placed
  std::array<bool, 3> placed_any_{};
  std::array<bool, 3> done_{};  // [colour]: no placement found, passes from now on
  std::int8_t to_move_ = 1;
  std::unique_ptr<Position> position_;
};

}  // namespace

std::string_view blokus_duo_name() {
  for (const BlokusVariant& v : blokus_variants()) {
    if (v.board == BlokusBoardType::kDuo && v.piece_set == BlokusPieceSet::kClassic) return v.name;
  }
  throw std::logic_error("generator: no Blokus Duo in the variant table");
}

std::unique_ptr<PlayState> new_blokus_duo_play(const GameRecord& game) {
  if (game.family != Family::kBlokus || game.variant != blokus_duo_name()) {
    throw std::logic_error("generator: new_blokus_duo_play needs a Blokus Duo game");
  }
  return std::make_unique<BlokusDuoPlay>(game);
}

}  // namespace ludex
