// Helpers shared by the position tests: games from SGF text, positions along
// the main line, and compact text for pegs, stones and links.
#ifndef LUDEX_TESTS_UNIT_POSITIONS_POSITIONS_TEST_UTIL_H_
#define LUDEX_TESTS_UNIT_POSITIONS_POSITIONS_TEST_UTIL_H_

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "games/position.h"
#include "importers/sgf/sgf_game.h"
#include "tests/support/test_files.h"

namespace ludex::test {

// The only game of an SGF text (an empty record if it does not read).
inline GameRecord sgf_game(std::string_view text) {
  SgfParseOutput out = read_sgf_games(text);
  if (out.games.empty()) return GameRecord{};
  return std::move(out.games.front());
}

// An empty game of a family with a root node only.
inline GameRecord empty_game(Family family, std::int32_t columns, std::int32_t rows,
                             std::string dialect = "sgf") {
  GameRecord g;
  g.family = family;
  g.dialect = std::move(dialect);
  g.columns = columns;
  g.rows = rows;
  g.tree.add_root();
  return g;
}

inline Point pt(int x, int y) {
  return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
}

inline Move place(std::int8_t seat, int x, int y) {
  Move m;
  m.seat = seat;
  m.points.push_back(pt(x, y));
  return m;
}

inline Move special(std::int8_t seat, MoveKind kind) {
  Move m;
  m.seat = seat;
  m.kind = kind;
  return m;
}

// The position at the end of the main line (nullptr if a node is illegal).
inline std::unique_ptr<Position> main_line_position(const GameRecord& game) {
  auto start = new_position(game);
  if (!start) return nullptr;
  std::unique_ptr<Position> pos = std::move(*start);
  for (NodeIndex i : game.tree.main_line()) {
    if (!pos->apply_setup(game.tree.data(i).props)) return nullptr;
    for (const Move& m : game.tree.data(i).moves) {
      if (!pos->play(m)) return nullptr;
    }
  }
  return pos;
}

// "1:e5 2:f6" in the given point notation.
template <class Format>
std::string occupants_text(const std::vector<Occupant>& occupants, Format format) {
  std::string out;
  for (const Occupant& o : occupants) {
    if (!out.empty()) out += ' ';
    out += std::to_string(o.color) + ":" + format(o.point);
  }
  return out;
}

template <class Format>
std::string links_text(const std::vector<TwixtLink>& links, Format format) {
  std::string out;
  for (const TwixtLink& l : links) {
    if (!out.empty()) out += ' ';
    out += std::to_string(l.color) + ":" + format(l.a) + "-" + format(l.b);
  }
  return out;
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_UNIT_POSITIONS_POSITIONS_TEST_UTIL_H_
