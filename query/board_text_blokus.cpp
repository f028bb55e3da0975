// The Blokus family laid out as Pentobi's own terminal board
// (libpentobi_base's Board::write): row 1 at the bottom, one character per
// cell with a separator column between cells, '.' for an empty square, ','
// for an empty square of Callisto's centre, '+' for an empty starting point,
// Trigon's triangles between '/' and '\' (their edges), Nexos segments as
// '-' and '|' with '+' junctions, cells off the board blank. Colours are the
// digits 1-4 that the queries use, not Pentobi's X O # @. In colour, the
// board is Pentobi's grey and each colour's cells are blocks of Pentobi's
// colour for it (the separator between two cells of one colour too, so that
// pieces show as shapes). The last piece is bracketed run by run. GembloQ's
// quarter-squares are drawn on their coordinate grid, '/' or '\' before the
// types that lean that way.
#include <array>
#include <map>
#include <set>
#include <string_view>

#include "games/blokus_geometry.h"
#include "games/coord_text.h"
#include "query/board_text_parts.h"

namespace ludex::board_text {
namespace {

inline constexpr TextStyle kBoard = "38;5;238;48;5;248";
inline constexpr TextStyle kLast = "1;38;5;16;48;5;248";

// Pentobi's colours (its themes' base colours) in the 256-colour palette:
// for cells a background with a readable digit, for text the foreground.
struct PentobiColour {
  std::string_view name;
  TextStyle cell;
  TextStyle text;
  TextStyle start;  // an empty starting point's '+'
};
constexpr std::array<PentobiColour, 6> kColours = {{
    {"Blue", "1;38;5;231;48;5;26", "1;38;5;33", "1;38;5;26;48;5;248"},
    {"Yellow", "1;38;5;236;48;5;220", "1;38;5;220", "1;38;5;136;48;5;248"},
    {"Red", "1;38;5;231;48;5;160", "1;38;5;203", "1;38;5;160;48;5;248"},
    {"Green", "1;38;5;236;48;5;34", "1;38;5;40", "1;38;5;28;48;5;248"},
    {"Purple", "1;38;5;231;48;5;128", "1;38;5;134", "1;38;5;128;48;5;248"},
    {"Orange", "1;38;5;236;48;5;208", "1;38;5;208", "1;38;5;166;48;5;248"},
}};

const PentobiColour& pentobi_colour(const std::string& variant, std::int8_t color) {
  const std::string name = blokus_colour_name(variant, color);
  for (const PentobiColour& c : kColours) {
    if (c.name == name) return c;
  }
  return kColours[0];
}

// The separator before cell (x, y): the left edge of a Trigon triangle,
// GembloQ's leaning types, a blank elsewhere.
char separator(const BlokusGeometry& geometry, std::int32_t x, std::int32_t y) {
  const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
  const Point before{static_cast<std::int16_t>(x - 1), static_cast<std::int16_t>(y)};
  switch (geometry.grid()) {
    case BlokusGrid::kTrigon:
      // An upward triangle (type 0) has '/' on its left and '\' on its right.
      if (geometry.on_board(p)) return geometry.point_type(p) == 1 ? '\\' : '/';
      if (geometry.on_board(before)) return geometry.point_type(before) == 0 ? '\\' : '/';
      return ' ';
    case BlokusGrid::kGembloq:
      if (!geometry.on_board(p)) return ' ';
      if (geometry.point_type(p) == 1) return '/';
      if (geometry.point_type(p) == 3) return '\\';
      return ' ';
    case BlokusGrid::kSquare:
    case BlokusGrid::kNexos:
      return ' ';
  }
  return ' ';
}

char empty_cell(const BlokusGeometry& geometry, const BlokusVariant& info, const Point& p) {
  switch (geometry.grid()) {
    case BlokusGrid::kNexos: {
      const int type = geometry.point_type(p);
      return type == 0 ? '+' : type == 1 ? '-' : '|';
    }
    case BlokusGrid::kTrigon:
    case BlokusGrid::kGembloq:
      return ' ';
    case BlokusGrid::kSquare:
      return info.callisto_rules && geometry.is_center_section(p) ? ',' : '.';
  }
  return '.';
}

}  // namespace

std::string blokus_colour_name(const std::string& variant, std::int8_t color) {
  const BlokusVariant* v = find_blokus_variant(variant);
  // An unknown variant is drawn as the classic board is.
  std::string name(ludex::blokus_colour_name(v != nullptr ? *v : blokus_variants().front(), color));
  if (!name.empty()) name[0] = static_cast<char>(name[0] - 'a' + 'A');
  return name;
}

TextStyle blokus_text_style(const std::string& variant, std::int8_t color) {
  return pentobi_colour(variant, color).text;
}

std::optional<TextCanvas> draw_blokus(const PositionView& v) {
  const BlokusVariant* info = find_blokus_variant(v.board.variant);
  if (info == nullptr) return std::nullopt;
  const BlokusGeometry& geometry = blokus_geometry(*info);
  const std::int32_t columns = geometry.columns();
  const std::int32_t rows = geometry.rows();
  const PointLookup at(v);
  // Starting points: one colour's own, or shared by all (Trigon).
  std::map<Point, std::set<std::int8_t>> starts;
  if (geometry.grid() != BlokusGrid::kNexos) {
    for (std::int8_t color = 1; color <= info->colors; ++color) {
      for (const Point& p : geometry.starting_points(color)) starts[p].insert(color);
    }
  }
  // One column per cell and one per separator, whatever the board's width;
  // column labels of two letters ("aa", past z) are written downwards.
  std::size_t depth = 1;
  for (std::int32_t x = 0; x < columns; ++x) {
    depth = std::max(depth, format_column_letters(x).size());
  }
  const auto label_lines = static_cast<std::int32_t>(depth);
  const std::size_t margin = std::to_string(rows).size();
  // A blank more than elsewhere between the row numbers and the board, so
  // that they do not run into the colours' digits.
  const auto cell = [&](std::int32_t x) { return static_cast<std::int32_t>(margin) + 2 + 2 * x; };

  TextCanvas c;
  const auto column_labels = [&](std::int32_t first_line) {
    for (std::int32_t x = 0; x < columns; ++x) {
      const std::string letters = pad_left(format_column_letters(x), depth);
      for (std::int32_t k = 0; k < label_lines; ++k) {
        c.put(cell(x), first_line + k, letters[static_cast<std::size_t>(k)]);
      }
    }
  };
  column_labels(0);
  for (std::int32_t i = 0; i < rows; ++i) {
    const std::int32_t y = rows - 1 - i;
    const std::int32_t line = label_lines + i;
    const std::string label = std::to_string(y + 1);
    c.text(0, line, pad_left(label, margin));
    std::vector<std::int32_t> cells;
    std::vector<bool> marked;
    for (std::int32_t x = 0; x <= columns; ++x) {
      const Point p{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      const Point before{static_cast<std::int16_t>(x - 1), static_cast<std::int16_t>(y)};
      const bool on = x < columns && geometry.on_board(p);
      if (on || geometry.on_board(before)) {
        c.put(cell(x) - 1, line, separator(geometry, x, y), kBoard);
      }
      if (!on) continue;
      const std::int8_t color = at.color(x, y);
      if (color != 0) {
        c.put(cell(x), line, static_cast<char>('0' + color),
              pentobi_colour(v.board.variant, color).cell);
        if (at.color(x - 1, y) == color && geometry.on_board(before)) {
          c.paint(cell(x) - 1, cell(x) - 1, line, pentobi_colour(v.board.variant, color).cell);
        }
      } else if (const auto start = starts.find(p); start != starts.end()) {
        const bool own = start->second.size() == 1;
        c.put(cell(x), line, '+',
              own ? pentobi_colour(v.board.variant, *start->second.begin()).start : kBoard);
      } else {
        c.put(cell(x), line, empty_cell(geometry, *info, p), kBoard);
      }
      cells.push_back(cell(x));
      marked.push_back(at.last(x, y));
    }
    mark_last_move(c, line, cells, marked, 1, kLast);
    c.text(cell(columns) + 1, line, label);
  }
  column_labels(label_lines + rows);
  return c;
}

}  // namespace ludex::board_text
