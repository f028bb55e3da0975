// Internal to games/: what the per-family positions share. The Zobrist
// domains of every hashed feature, the board-size key, and the reading of
// setup properties (AB, AW, AE, ...). Other layers use games/position.h.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_POSITION_SUPPORT_H_
#define LUDEX_GAMES_POSITION_SUPPORT_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "core/node.h"
#include "games/coord_text.h"
#include "games/position.h"

namespace ludex {

// Zobrist domains (core/zobrist.h). Stored hashes depend on them: changing
// one means bumping kPositionHashVersion. Arguments are given per domain.
inline constexpr std::uint32_t kBoardKeyDomain = 1;    // (family, columns, rows)
inline constexpr std::uint32_t kHexStoneDomain = 2;    // (seat, x, y)
inline constexpr std::uint32_t kTwixtPegDomain = 3;    // (seat, x, y)
inline constexpr std::uint32_t kTwixtLinkDomain = 4;   // (seat << 8 | direction, x, y of a)
inline constexpr std::uint32_t kGoStoneDomain = 5;     // (seat, x, y)
inline constexpr std::uint32_t kGoTopologyDomain = 6;  // (1 = torus, 0, 0)
// Domains from 16 up are left to Blokus (games/blokus_position.cpp).

// The key every position of a family and board size starts from.
std::uint64_t board_key(Family family, std::int32_t columns, std::int32_t rows);

// The largest board side a position accepts (the Twixt spec's maximum; the
// other families' notations stop earlier).
inline constexpr std::int32_t kMaxPositionSide = 702;

// An Error ("a hex board of 0x11 is not possible: ...") unless both sides
// are min_side..kMaxPositionSide; nullopt when the size is fine.
std::optional<Error> board_size_error(Family family, std::int32_t columns, std::int32_t rows,
                                      std::int32_t min_side);

// A point as the family's notation writes it, for messages: hex and twixt
// "e5", go SGF letters "pd", blokus Pentobi labels; "(x, y)" for a point the
// notation cannot write.
std::string family_point_text(Family family, const Point& p);

// A point in the family's notation for messages.
using PointParser = Result<Point> (*)(std::string_view, const BoardSize&);

// A setup property id and the colour it puts on its points (0 = empty them).
struct SetupId {
  std::string_view id;  // uppercase, e.g. "AB"; FF[3] names such as AddBlack match too
  std::int8_t color = 0;
};

// One change a setup asks for, in the order written.
struct SetupPoint {
  Point point;
  std::int8_t color = 0;  // 0 = make the point empty
};

// The changes the setup properties among `props` ask for. Each value is a
// point or a rectangle "p1:p2" (SGF compressed point lists; the corners in
// either order); an empty value names no point. Other properties are ignored.
// Error (naming the property and value) if a value does not parse or lies off
// the board.
Result<std::vector<SetupPoint>> read_setup_points(std::span<const Property> props,
                                                  const std::vector<SetupId>& ids,
                                                  PointParser parse, const BoardSize& size);

// What a swap-pieces move does in Hex and Twixt (the pie rule): the one
// piece on the board changes owner and is reflected in the long diagonal.
struct SwapPieces {
  Point from;             // the piece's point
  std::int8_t owner = 0;  // its seat before the swap
  std::int8_t mover = 0;  // the seat that swaps (the move's, else the other one)
  Point to;               // (from.y, from.x); may be off a non-square board
};

// The swap of the one piece among `cells` (row-major, `columns` wide, 0 =
// empty; the caller has checked there is exactly one) by move.seat (0 = the
// seat that does not own it). Error for a seat that is not 0..2, or the
// owner itself swapping ("swap-pieces by the seat whose `unit` is on the
// board (e5)", `family` naming the point).
Result<SwapPieces> swap_pieces_of(std::span<const std::int8_t> cells, std::int32_t columns,
                                  const Move& move, Family family, std::string_view unit);

// True for the move kinds that leave the board as it is in every family:
// pass, resign, forfeit, draw offers and acceptances. (Swaps are not among
// them: each family decides what a swap does to its board.)
bool leaves_board_unchanged(MoveKind kind);

// Every occupied point of a columns x rows grid, in Point order (x-major),
// which is the order Position::occupants() promises. cell(p) returns the
// colour at p, 0 for empty.
template <class CellAt>
std::vector<Occupant> scan_occupants(std::int32_t columns, std::int32_t rows, CellAt cell) {
  std::vector<Occupant> out;
  for (std::int32_t x = 0; x < columns; ++x) {
    for (std::int32_t y = 0; y < rows; ++y) {
      const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      const std::int8_t c = cell(p);
      if (c != 0) out.push_back(Occupant{p, c});
    }
  }
  return out;
}

}  // namespace ludex

#endif  // LUDEX_GAMES_POSITION_SUPPORT_H_
