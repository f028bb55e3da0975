// The integer codes of the features a position can hold (a stone of a colour
// on a point of a family's board, a Twixt link, a Blokus piece of a colour),
// and the features a game ever holds: the keys of feature_games (schema
// version 7; of position_events up to version 6), which position search uses
// to find the games worth replaying.
//
// Layout (docs/schema.md, "feature_games"), 23 bits so that every code is
// stored as a 3-byte integer:
//   bits 19..22  domain: 1..4 = stones of Family 1..4 (go, hex, twixt,
//                blokus); 8..11 = Twixt links, 8 + direction; 12 = pieces
//   bits 11..18  x (stones; a link's lower endpoint)   } pieces: piece id
//   bits  3..10  y                                      } in bits 3..18
//   bits  0..2   colour (the seat; the Blokus colour 1..4)
// The point is above the colour, so all colours of one point are adjacent.
// The codes are part of the file format: changing them needs a new schema
// version.
//
// Thread-safety: pure functions.
#ifndef LUDEX_GAMES_POSITION_CODES_H_
#define LUDEX_GAMES_POSITION_CODES_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "games/position.h"
#include "games/position_stream.h"

namespace ludex {

// Returned for a feature no code can name (a coordinate outside 0..255, a
// colour outside 0..7, a link that is not a knight's move, family kOther).
// No row ever has it, so a condition on it matches no stored feature.
inline constexpr std::int64_t kNoCode = -1;

// The largest piece id a code can carry.
inline constexpr std::int64_t kMaxPieceId = 0xffff;

std::int64_t stone_code(Family family, const Occupant& stone);
// The endpoints may come in either order.
std::int64_t link_code(const TwixtLink& link);
std::int64_t piece_code(std::int64_t piece_id, std::int8_t color);

// The id of a Blokus piece name in piece codes: its place (from 1) in the
// names of Pentobi's piece sets taken in a fixed order (classic, junior,
// trigon, nexos, callisto, gembloq), each name counted once; -1 for a name no
// set has. Fixed: a new set's names may only be appended.
std::int64_t blokus_piece_id(std::string_view name);

// The stone a code names: its family, point and colour. False for a code
// that names no stone (a link, a piece, kNoCode).
bool decode_stone_code(std::int64_t code, Family* family, Occupant* stone);

// The half-open code ranges [first, last) that a game of the family can
// have rows in (its stones; Twixt links; Blokus pieces).
std::vector<std::pair<std::int64_t, std::int64_t>> code_ranges(Family family);

// The colours a family's stones can have: 1..4 for blokus, 1..2 otherwise.
int color_count(Family family);

// The features a game's positions ever hold, sorted and unique: every
// occupant placed, Twixt link added and Blokus piece placed (with the colour
// of its cells) at a node whose position was computed (hashes[i] != 0).
// Requires deltas and hashes parallel, indexed by NodeIndex.
std::vector<std::int64_t> feature_codes(Family family, const std::vector<PositionDelta>& deltas,
                                        const std::vector<std::uint64_t>& hashes);

// The same, read from a game's stored position stream. False, with *error,
// for a stream that does not read.
bool stream_feature_codes(Family family, std::string_view stream, const StreamBoard& board,
                          std::vector<std::int64_t>* codes, std::string* error);

}  // namespace ludex

#endif  // LUDEX_GAMES_POSITION_CODES_H_
