// Go positions: stones with captures.
//
// Rules:
//  * A placement puts the mover's stone on an empty point; the other seat's
//    groups left without liberties are captured; then, if the mover's own
//    group has no liberty, the move is suicide: illegal unless the ruleset
//    allows it (go_variant_of), in which case the group is removed.
//  * Ko is recorded, never enforced: a move that retakes a ko at once is
//    legal here (real records contain such moves, e.g. after a setup or in
//    test files) and ko_retaken() says it happened.
//  * The same seat may move twice in a row; pass changes nothing.
//  * Setup AB = seat 1, AW = seat 2, AE empties, in any node; values are
//    points or compressed rectangles "dd:dg" (games/go_points.h). A setup
//    captures nothing and may overwrite stones. PL is not part of a position.
//  * Torus: Little Golem's "TOROID" games (EV[go19.ld.TOROID]) are played on
//    a board whose edges wrap around; they get wrapped neighbours and a board
//    key of their own, so their hashes never equal a plain board's.
//  * Hash: board_key(go, columns, rows) [XOR kGoTopologyDomain(1, 0, 0) on a
//    torus] XOR kGoStoneDomain(seat, x, y) for every stone.
#ifndef LUDEX_GAMES_GO_POSITION_H_
#define LUDEX_GAMES_GO_POSITION_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "games/position.h"

namespace ludex {

// What a game's root says about the rules positions follow.
struct GoVariant {
  // RU names a ruleset that allows suicide: New Zealand ("NZ"), Tromp-Taylor
  // ("Tromp/Taylor", "TT..."), Ing / GOE. Japanese, Chinese, AGA and the rest
  // forbid it.
  bool suicide_allowed = false;
  bool torus = false;  // the board is a torus (is_torus_event, games/board.h)
};
GoVariant go_variant_of(const GameRecord& game);

class GoPosition final : public Position {
 public:
  GoPosition(std::int32_t columns, std::int32_t rows, GoVariant variant, bool lg_points);

  std::unique_ptr<Position> clone() const override;
  Result<PositionDelta> apply_setup(std::span<const Property> props) override;
  Result<PositionDelta> play(const Move& move) override;
  std::uint64_t hash() const override { return hash_; }
  std::uint64_t hash_of(std::span<const Occupant> occupants,
                        std::span<const TwixtLink> links) const override;
  std::vector<Occupant> occupants() const override;

  // The point the last move made a ko of: the single stone it captured, when
  // the capturing stone stands alone with that point as its only liberty.
  std::optional<Point> ko_point() const { return ko_point_; }
  // True if the last move played on the ko point of the move before and
  // captured exactly one stone (a ko retaken at once, which rules forbid).
  bool ko_retaken() const { return ko_retaken_; }

 private:
  bool on_board(const Point& p) const;
  std::size_t index(const Point& p) const;
  Point point_of(std::size_t i) const;
  // The neighbours of point i (wrapped on a torus), up to 4.
  std::size_t neighbours(std::size_t i, std::size_t out[4]) const;
  void set(std::size_t i, std::int8_t color);
  // Collects the group of point i into group_; returns its liberty count
  // (capped at `enough`: the count stops once it is reached).
  std::int32_t collect_group(std::size_t i, std::int32_t enough);
  Result<PositionDelta> place(const Move& move);

  std::int32_t columns_ = 0;
  std::int32_t rows_ = 0;
  GoVariant variant_;
  bool lg_points_ = false;
  std::vector<std::int8_t> cells_;  // row-major; 0 empty, else the seat
  std::uint64_t hash_ = 0;
  std::optional<Point> ko_point_;
  bool ko_retaken_ = false;
  // Scratch for group walks: mark_[i] == stamp_ means visited in this walk.
  std::vector<std::uint32_t> mark_;
  std::uint32_t stamp_ = 0;
  std::vector<std::size_t> group_;
  std::vector<std::size_t> stack_;
};

// An empty go board of game.columns x game.rows with go_variant_of(game).
// Error unless both sides are 1..702.
Result<std::unique_ptr<Position>> new_go_position(const GameRecord& game);
// The same on `board` with `variant` (whose torus must be board.torus) and
// Little Golem's point letters if lg_points.
Result<std::unique_ptr<Position>> new_go_position(const Board& board, GoVariant variant,
                                                  bool lg_points);

}  // namespace ludex

#endif  // LUDEX_GAMES_GO_POSITION_H_
