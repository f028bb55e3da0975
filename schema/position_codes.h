// The integer codes of the features a position can hold (a stone of a colour
// on a point of a family's board, a Twixt link, a Blokus piece of a colour):
// the keys of feature_games (schema version 7; position_events up to version
// 6). For code in schema/ and its tests.
//
// Layout (docs/schema.md, "Position search"), 23 bits so that every code is
// stored as a 3-byte integer:
//   bits 19..22  domain: 1..4 = stones of Family 1..4 (go, hex, twixt,
//                blokus); 8..11 = Twixt links, 8 + direction; 12 = pieces
//   bits 11..18  x (stones; a link's lower endpoint)   } pieces: piece_id
//   bits  3..10  y                                      } in bits 3..18
//   bits  0..2   colour (the seat; the Blokus colour 1..4)
// The point is above the colour, so all colours of one point are adjacent.
// The codes are part of the file format: changing them needs a new schema
// version.
#ifndef LUDEX_SCHEMA_POSITION_CODES_H_
#define LUDEX_SCHEMA_POSITION_CODES_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "core/game.h"
#include "games/position.h"

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

// The stone a code names: its family, point and colour. False for a code
// that names no stone (a link, a piece, kNoCode).
bool decode_stone_code(std::int64_t code, Family* family, Occupant* stone);

// The half-open code ranges [first, last) that a game of the family can
// have rows in (its stones; Twixt links; Blokus pieces).
std::vector<std::pair<std::int64_t, std::int64_t>> code_ranges(Family family);

// The colours a family's stones can have: 1..4 for blokus, 1..2 otherwise.
int color_count(Family family);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_POSITION_CODES_H_
