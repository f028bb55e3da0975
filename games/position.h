// Positions: the board state after a node, the rules that change it, and its
// hash. One implementation per family behind one interface; variants and
// board geometries are data.
//
// Hash contract: equal positions get equal hashes whatever file or format
// they came from. A position is the family, the board size (columns, rows;
// for Blokus the variant's geometry) and the set of (point, colour) it holds,
// plus, for Twixt, the set of links. Side to move and move history are not
// part of it. Keys come from core/zobrist.h (fixed seed).
//
// Thread-safety: Position objects are not shared between threads; all free
// functions are pure.
#ifndef LUDEX_GAMES_POSITION_H_
#define LUDEX_GAMES_POSITION_H_

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "games/board.h"

namespace ludex {

// A point held by a colour: the seat for hex, twixt and go; the colour 1..4
// for blokus.
struct Occupant {
  Point point;
  std::int8_t color = 0;
  friend bool operator==(const Occupant&, const Occupant&) = default;
  friend auto operator<=>(const Occupant&, const Occupant&) = default;
};

// A Twixt link between two pegs of one colour; a < b (Point ordering).
struct TwixtLink {
  Point a;
  Point b;
  std::int8_t color = 0;
  friend bool operator==(const TwixtLink&, const TwixtLink&) = default;
  friend auto operator<=>(const TwixtLink&, const TwixtLink&) = default;
};

// The four directions of a link from its end a to its end b, as knight's
// steps (dx, dy). Their numbers are persisted: position streams and pattern
// bits store them (docs/formats.md, hash domain 4).
inline constexpr int kTwixtLinkDx[4] = {1, 2, 2, 1};
inline constexpr int kTwixtLinkDy[4] = {-2, -1, 1, 2};

// The direction (0..3) of l's step from a to b, or -1 when it is none of the four.
int twixt_link_direction(const TwixtLink& l);

// What one node changed: the net change from the position before it to the
// position after it. A point that changed colour is in both lists (removed
// with its old colour, placed with its new one); so applying a delta is
// "take off every removed, then put on every placed" (links alike), and
// undoing it the reverse.
struct PositionDelta {
  std::vector<Occupant> placed;
  std::vector<Occupant> removed;  // captures, swaps, AE setup
  std::vector<TwixtLink> links_added;
  std::vector<TwixtLink> links_removed;
  std::string piece;  // Blokus: the piece the move placed, Pentobi's name ("V5"); else ""
  // Go: per seat (index 0 = seat 1), the other seat's stones this node's
  // moves captured (a suicide's own stones and setups count for no one).
  // compute_positions sets it; zero elsewhere.
  std::array<std::int32_t, 2> captures{};
};

class Position {
 public:
  virtual ~Position() = default;
  virtual std::unique_ptr<Position> clone() const = 0;

  // Applies the setup properties of a node (AB, AW, AE, A1..A4, PL, ...;
  // `props` are NodeView::props, values raw as read). Properties that are
  // not setup are ignored. Error if a setup value does not parse or is off
  // the board; the position is then unchanged.
  virtual Result<PositionDelta> apply_setup(std::span<const Property> props) = 0;

  // Plays a move. Error (with the reason, e.g. "g7 is occupied") if the move
  // is illegal; the position is then unchanged.
  virtual Result<PositionDelta> play(const Move& move) = 0;

  virtual std::uint64_t hash() const = 0;

  // The hash a position of this family, board and variant would have if it
  // held exactly `occupants` and (Twixt) `links`, whatever this one holds: no
  // rules are applied (no captures, no automatic links). Used to hash the
  // images of a position under board symmetries. Requires every point on the
  // board; links whose ends are not a knight's move apart are ignored.
  virtual std::uint64_t hash_of(std::span<const Occupant> occupants,
                                std::span<const TwixtLink> links) const = 0;

  // Everything on the board, sorted.
  virtual std::vector<Occupant> occupants() const = 0;
  // Twixt only: every link, sorted. Empty for other families.
  virtual std::vector<TwixtLink> links() const { return {}; }
};

// The label of a colour in the family's own SGF: hex and go B = seat 1,
// W = seat 2; twixt W = seat 1 (White moves first there), B = seat 2; Blokus
// colours "1".."4". The one place these letters are written.
std::string colour_label(Family family, std::int8_t color);

// A move as a reader would recognise it in the record, with the colour
// letter the family's SGF uses: "W i5", "B swap-pieces", "B -i'3 \i'4 k4",
// "1 a1,b1,b2" (Blokus colours are digits).
std::string move_text(Family family, const Move& move);

// A point as the family's notation writes it: hex and twixt "e5", go SGF
// letters "pd", blokus Pentobi's labels; "(x, y)" where the notation cannot.
std::string point_text(Family family, const Point& point);

// A new empty position for the game's family, variant, board size and rules
// (Twixt: RU STD or PP from the root properties). Error for kOther, for a
// board size the family cannot have, or an unknown variant.
Result<std::unique_ptr<Position>> new_position(const GameRecord& game);
// A new empty position on `board` under the family's default rules (those
// of a game with no RU, dialect or source of its own): what hashing a
// board's contents needs, since no hash depends on those rules. Errors as
// new_position(game).
Result<std::unique_ptr<Position>> new_position(const Board& board);

// Positions for every node of a game, computed by one iterative walk.
struct GamePositions {
  // Indexed by NodeIndex. hash 0 means "not computed": the family has no
  // rules, or an ancestor-or-self node held an illegal move or setup.
  std::vector<std::uint64_t> hashes;
  std::vector<PositionDelta> deltas;
  // One warning per node where computing stopped, naming the node (its
  // SourcePos when known, else its move number) and the reason.
  std::vector<Diagnostic> warnings;
  // The positions as stored for search (games/position_stream.h) and the
  // features they ever hold (games/position_codes.h): filled by
  // attach_position_stream(), where a parse worker has time for it; empty
  // otherwise (the store then computes them itself).
  std::string stream;
  std::vector<std::int64_t> features;
};

// Walks the tree once (iteratively; memory bounded by the depth of the
// tree times the size of a position at worst). Never throws for bad input.
GamePositions compute_positions(const GameRecord& game);

}  // namespace ludex

#endif  // LUDEX_GAMES_POSITION_H_
