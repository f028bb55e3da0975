// Blokus (Pentobi) variants and point notation.
//
// Points keep Pentobi's system (core/game.h): x = column from the left, y =
// row from the BOTTOM, both from 0; "a1" = (0, 0) is the lower left corner.
// Labels are column letters (a..z, aa, ab, ...) + row number, case-insensitive;
// a move is a comma-separated list of labels ("f9,e10,f10,g10,f11").
//
// Board extents are Pentobi's coordinate rectangles (libpentobi_base
// geometries): Trigon, Callisto and GembloQ boards are not rectangular, so
// some labels inside the rectangle are off the board; checking that is left
// to the position rules.
//
// All functions are pure and thread-safe.
#ifndef LUDEX_GAMES_BLOKUS_POINTS_H_
#define LUDEX_GAMES_BLOKUS_POINTS_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/node.h"
#include "games/blokus_variants.h"
#include "games/coord_text.h"

namespace ludex {

// "f9" -> (5, 8). Errors: "bad blokus point '...'", "... is off the board".
Result<Point> parse_blokus_point(std::string_view text, const BoardSize& size);
// (5, 8) -> "f9".
std::string format_blokus_point(const Point& p);

// "f9,e10,f10" -> points in the order written; whitespace around a label is
// ignored. Error for an empty label or a bad point.
Result<MovePoints> parse_blokus_point_list(std::string_view text, const BoardSize& size);
// The same, appending the points to *points; nullopt on success. After an
// error *points holds the points before the bad label.
std::optional<Error> append_blokus_point_list(std::string_view text, const BoardSize& size,
                                              MovePoints* points);
// Inverse of parse_blokus_point_list.
std::string format_blokus_point_list(std::span<const Point> points);

}  // namespace ludex

#endif  // LUDEX_GAMES_BLOKUS_POINTS_H_
