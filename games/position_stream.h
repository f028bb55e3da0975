// A game's positions as one compact byte string: the tree's shape and every
// node's net change (games/position.h PositionDelta) in pre-order. Replaying
// it on a board gives the position after every node without the game's
// moves or rules, which is what position search does (schema/, "Position
// search" in docs/schema.md): one row per game instead of rows per change.
//
// Format (version 2), all integers unsigned LEB128 varints:
//   version (1), node count, then per node in pre-order:
//     tag: bit 0-1 children (0, 1, 2, 3 = a count follows)
//          bit 2   one placed occupant follows
//          bit 3   removed: a count and the occupants follow
//          bit 4   links: added count and links, removed count and links
//          bit 5   piece: the Blokus piece's index in its set + 1 follows
//          bit 6   stopped: no position here or below (an illegal move or
//                  setup); the subtree's nodes carry shape only
//          bit 7   extended: ext follows (bit 0: the main child is not the
//                  first, its ordinal follows; bit 1: setup, the node's
//                  change is not (only) one placing move; bits 2..: the
//                  count of placed occupants, when more than one)
//     [children count] [ext] [main child ordinal] [placed...] [removed...]
//     [links...] [piece]
//   occupant: (y * columns + x) * 4 + colour - 1    (colours 1..4)
//   link:     ((y * columns + x) * 4 + direction) * 2 + colour - 1, for the
//             left end (x, y) and direction 0..3 = (1,-2), (2,-1), (2,1),
//             (1,2) to the right end (colours 1..2)
// A placed or removed list is the node's net change: replay takes off the
// removed, then puts on the placed.
//
// Occupancy: for the game, per colour, the points that colour ever holds at
// some node: a bitmap of columns * rows bits (row-major, bit i of byte i / 8
// for point index i) per colour 1..colors, concatenated. A prefilter: a
// stone that is never on the board cannot be in any position of the game.
// It is not stored: a search builds it from feature_games
// (schema/search/feature_index.h occupancy_from_features), which must give what
// encode_occupancy gives.
//
// Thread-safety: pure functions.
#ifndef LUDEX_GAMES_POSITION_STREAM_H_
#define LUDEX_GAMES_POSITION_STREAM_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/board.h"
#include "games/position.h"

namespace ludex {

// Version 1 had no setup flag (ext bit 1); it was never stored.
inline constexpr std::uint8_t kPositionStreamVersion = 2;

// What a stream is read against: the board's size and the colours it holds
// (2, or a Blokus variant's 2..4), and for Blokus the piece names of its set
// in set order (piece indices are positions in it).
struct StreamBoard {
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  std::int32_t colors = 2;
  std::vector<std::string> pieces;
};

// The board of a game: its size, colours and Blokus piece set. nullopt for
// a family without positions or a board the family cannot have.
std::optional<StreamBoard> stream_board(const GameRecord& game);
// The same for `board` (as from a game's stored columns games.family,
// variant, board_columns, board_rows); a Blokus variant sets its own size.
std::optional<StreamBoard> stream_board(const Board& board);

// Encodes the tree's shape and positions.deltas (stopped where
// positions.hashes is 0). Requires positions computed for `game` by
// compute_positions and every point on `board`.
std::string encode_position_stream(const GameRecord& game, const GamePositions& positions,
                                   const StreamBoard& board);

// The stream of `game` as stored for search: false, and the stream empty,
// for a family without positions, a board stream_board() refuses, positions
// not computed, or a change off the board (which compute_positions never
// gives). Requires positions computed for `game` by compute_positions.
bool encode_stored_positions(const GameRecord& game, const GamePositions& positions,
                             std::string* stream);

// What the store keeps of a game's positions, computed where there is time
// for it (a parse worker): positions->stream (encode_stored_positions) and,
// when there is a stream, positions->features (feature_codes,
// games/position_codes.h); both empty otherwise.
void attach_position_stream(const GameRecord& game, GamePositions* positions);

// The occupancy bitmaps of a game whose positions are `positions`.
std::string encode_occupancy(const GamePositions& positions, const StreamBoard& board);

// True if `colour` holds `point` at some node, by an occupancy bitmap (false
// for a point off the board or a colour out of range).
bool occupancy_has(std::string_view occupancy, const StreamBoard& board, std::int8_t colour,
                   Point point);

// One node of a stream, as the reader visits it.
struct StreamNode {
  std::uint32_t index = 0;     // pre-order index (tree index of a stored game)
  std::uint32_t parent = 0;    // pre-order index of the parent; the root's own index
  std::int32_t depth = 0;      // edges from the root
  std::uint32_t children = 0;  // child count
  bool main_line = false;      // on the game's main line (main child after main child)
  bool stopped = false;        // no position here (nor below)
  // The node places stones by something else than exactly one placing move
  // (setup properties, several moves): its change is not a move played.
  bool setup = false;
  std::vector<Occupant> placed;
  std::vector<Occupant> removed;
  std::vector<TwixtLink> links_added;
  std::vector<TwixtLink> links_removed;
  std::int32_t piece = -1;  // index in board.pieces, -1 for none
};

// Reads a stream node by node in pre-order. A reader checks the bytes as it
// goes: a stream that is cut short, lists a point off the board or a colour
// out of range, or claims more nodes than it holds, sets error() and stops
// (next() returns false): a corrupt database row must not crash a search.
class PositionStreamReader {
 public:
  // `bytes` must outlive the reader.
  PositionStreamReader(std::string_view bytes, const StreamBoard& board);

  std::uint32_t node_count() const { return node_count_; }
  // Reads the next node into *node (its vectors are reused); false at the
  // end or on an error.
  bool next(StreamNode* node);
  const std::string& error() const { return error_; }

 private:
  bool read_varint(std::uint64_t* value);
  bool read_occupant(Occupant* out);
  bool read_link(TwixtLink* out);
  bool fail(const std::string& what);

  std::string_view bytes_;
  std::size_t at_ = 0;
  const StreamBoard& board_;
  std::uint32_t node_count_ = 0;
  std::uint32_t read_ = 0;
  std::string error_;
  // The open ancestors: nodes with children still to come.
  struct Open {
    std::uint32_t index;
    std::int32_t depth;
    std::uint32_t children;
    std::uint32_t next_child;  // ordinal of the child read next
    std::uint32_t main_child;  // ordinal of the main child
    bool main_line;
    bool stopped;
  };
  std::vector<Open> open_;
};

}  // namespace ludex

#endif  // LUDEX_GAMES_POSITION_STREAM_H_
