#include "games/blokus_points.h"

namespace ludex {
namespace {

// Extents from Pentobi's geometries (libpentobi_base/Variant.cpp and the
// *Geometry.cpp files): classic 20x20, Duo/Junior 14x14, Trigon edge 9 ->
// (4*9-1)x(2*9) = 35x18, Trigon three-player edge 8 -> 31x16, Nexos 25x25
// (13x13 lines), Callisto 20x20 (16x16 for two players, two colours),
// GembloQ 2*h x h with h = 28 (four colours), 22 (two), 26 (three).
std::vector<BlokusVariant> make_variants() {
  return {
      {"Blokus", 20, 20, 4, 4},
      {"Blokus Two-Player", 20, 20, 4, 2},
      {"Blokus Three-Player", 20, 20, 4, 3},
      {"Blokus Duo", 14, 14, 2, 2},
      {"Blokus Trigon", 35, 18, 4, 4},
      {"Blokus Trigon Two-Player", 35, 18, 4, 2},
      {"Blokus Trigon Three-Player", 31, 16, 3, 3},
      {"Blokus Junior", 14, 14, 2, 2},
      {"Nexos", 25, 25, 4, 4},
      {"Nexos Two-Player", 25, 25, 4, 2},
      {"Callisto", 20, 20, 4, 4},
      {"Callisto Two-Player", 16, 16, 2, 2},
      {"Callisto Two-Player Four-Color", 20, 20, 4, 2},
      {"Callisto Three-Player", 20, 20, 3, 3},
      {"GembloQ", 56, 28, 4, 4},
      {"GembloQ Two-Player", 44, 22, 2, 2},
      {"GembloQ Three-Player", 52, 26, 3, 3},
      {"GembloQ Two-Player Four-Color", 56, 28, 4, 2},
  };
}

// Lowercase, surrounding whitespace dropped, inner whitespace runs collapsed
// to one space.
std::string normalize_name(std::string_view text) {
  std::string out;
  bool pending_space = false;
  for (char c : trim_ascii(text)) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      pending_space = true;
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return ascii_lower(out);
}

}  // namespace

const std::vector<BlokusVariant>& blokus_variants() {
  static const std::vector<BlokusVariant> kVariants = make_variants();
  return kVariants;
}

const BlokusVariant* find_blokus_variant(std::string_view gm) {
  // Pentobi's own spelling, which is what detection stores, is asked for
  // once per move: found without building a normalised copy.
  for (const BlokusVariant& v : blokus_variants()) {
    if (v.name == gm) return &v;
  }
  const std::string wanted = normalize_name(gm);
  for (const BlokusVariant& v : blokus_variants()) {
    if (iequals(v.name, wanted)) return &v;
  }
  return nullptr;
}

std::int8_t blokus_seat_of_color(const BlokusVariant& variant, std::int32_t color) {
  if (color < 1 || color > variant.colors) return 0;
  if (variant.players == 2) return static_cast<std::int8_t>(color % 2 == 1 ? 1 : 2);
  if (color > variant.players) return 0;  // the shared fourth colour of three players
  return static_cast<std::int8_t>(color);
}

Result<Point> parse_blokus_point(std::string_view text, const BoardSize& size) {
  if (const std::optional<Point> p = letter_number_point(text, size)) return *p;
  if (!parse_letter_number(text)) return Error{{}, "bad blokus point " + quote_value(text)};
  return Error{
      {}, "blokus point " + quote_value(text) + " is off the " + board_size_text(size) + " board"};
}

std::string format_blokus_point(const Point& p) {
  return letter_number_text(p).str();
}

std::optional<Error> append_blokus_point_list(std::string_view text, const BoardSize& size,
                                              MovePoints* points) {
  // The usual value, labels joined by ',' without blanks, in one pass; any
  // other goes the way below, which also says what is wrong.
  const std::size_t first_point = points->size();
  for (std::size_t at = 0; true; ++at) {
    const std::optional<LetterNumber> ln = read_letter_number(text, &at);
    if (!ln || !on_board(ln->column, ln->number - 1, size)) break;
    points->push_back(
        Point{static_cast<std::int16_t>(ln->column), static_cast<std::int16_t>(ln->number - 1)});
    if (at == text.size()) return std::nullopt;
    if (text[at] != ',') break;
  }
  points->resize(first_point);
  std::size_t start = 0;
  while (true) {
    std::size_t comma = start;
    while (comma < text.size() && text[comma] != ',') ++comma;
    const std::string_view label = trim_ascii(text.substr(start, comma - start));
    if (const std::optional<Point> p = letter_number_point(label, size)) {
      points->push_back(*p);
    } else {
      return parse_blokus_point(label, size).error();
    }
    if (comma == text.size()) return std::nullopt;
    start = comma + 1;
  }
}

Result<MovePoints> parse_blokus_point_list(std::string_view text, const BoardSize& size) {
  MovePoints points;
  if (std::optional<Error> error = append_blokus_point_list(text, size, &points)) {
    return std::move(*error);
  }
  return points;
}

std::string format_blokus_point_list(std::span<const Point> points) {
  std::string out;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (i > 0) out += ',';
    out += format_blokus_point(points[i]);
  }
  return out;
}

}  // namespace ludex
