#include "query/board_text.h"

#include <map>
#include <ostream>
#include <string_view>
#include <utility>

#include "core/zobrist.h"
#include "games/twixt_points.h"
#include "query/board_text_parts.h"
#include "query/game_document.h"

namespace ludex {
namespace board_text {

PointLookup::PointLookup(const PositionView& view) {
  for (const Occupant& o : view.occupants) colors_[o.point] = o.color;
  for (const Occupant& o : view.last_placed) last_.insert(o.point);
}

std::int8_t PointLookup::color(std::int32_t x, std::int32_t y) const {
  const auto it = colors_.find(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
  return it == colors_.end() ? 0 : it->second;
}

bool PointLookup::last(std::int32_t x, std::int32_t y) const {
  return last_.contains(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
}

void mark_last_move(TextCanvas& canvas, std::int32_t y, const std::vector<std::int32_t>& cells,
                    const std::vector<bool>& marked, std::int32_t width, TextStyle style) {
  // Cells i and i + 1 share the separator between them when they are
  // adjacent; a run of marked cells keeps its inner separators.
  const auto adjacent = [&](std::size_t i) { return cells[i] + width + 1 == cells[i + 1]; };
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!marked[i]) continue;
    if (i == 0 || !marked[i - 1] || !adjacent(i - 1)) canvas.put(cells[i] - 1, y, '(', style);
    if (i + 1 == cells.size() || !marked[i + 1] || !adjacent(i)) {
      canvas.put(cells[i] + width, y, ')', style);
    }
  }
}

std::string pad_left(const std::string& text, std::size_t width) {
  return std::string(width > text.size() ? width - text.size() : 0, ' ') + text;
}

}  // namespace board_text

namespace {

constexpr std::size_t kLineWidth = 80;  // where the move list wraps
constexpr TextStyle kBold = "1";

// Text as a terminal should show it: a name read from a file may hold
// control characters (an escape sequence among them); each becomes '?'.
std::string printable(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) c = '?';
  }
  return out;
}

std::string count_text(std::int64_t n, std::string_view word) {
  return std::to_string(n) + " " + std::string(word) + (n == 1 ? "" : "s");
}

std::string_view unit_word(Family family) {
  if (family == Family::kTwixt) return "peg";
  if (family == Family::kBlokus) return "cell";
  return "stone";
}

std::string styled(std::string_view text, TextStyle style, bool color) {
  if (!color || style.empty()) return std::string(text);
  return "\x1b[" + std::string(style) + "m" + std::string(text) + "\x1b[0m";
}

std::string player_name(const PositionView& v, std::int8_t seat) {
  for (const SeatPlayer& p : v.players) {
    if (p.seat == seat && !p.name.empty()) return printable(p.name);
  }
  return "";
}

// A point as a player of the family reads it: Go in board notation ("Q16")
// where it reaches, every other point as the family's notation writes it.
std::string shown_point(const PositionView& v, const Point& p) {
  return display_point_text(v.board, p);
}

// The move without its colour: "Q16", "swap-pieces", "k4 (-i'3 \i'4)",
// "V5 f9,f8,g8".
std::string move_body(const PositionView& v, const LineMove& m) {
  const Move& move = m.move;
  if (move.kind != MoveKind::kPlace) return std::string(move_kind_name(move.kind));
  std::string out = m.piece;
  for (std::size_t i = 0; i < move.points.size(); ++i) {
    out += i == 0 ? (out.empty() ? "" : " ") : ",";
    out += shown_point(v, move.points[i]);
  }
  if (!move.links.empty()) {
    out += " (";
    for (std::size_t i = 0; i < move.links.size(); ++i) {
      if (i > 0) out += " ";
      out += format_twixt_link_edit(move.links[i]);
    }
    out += ")";
  }
  if (move.draw_offer) out += "|draw";
  return out;
}

std::int8_t move_colour(const PositionView& v, const LineMove& m) {
  return v.board.family == Family::kBlokus ? m.move.color : m.move.seat;
}

}  // namespace

std::string line_move_text(const PositionView& v, const LineMove& m) {
  const std::int8_t color = move_colour(v, m);
  return (color == 0 ? std::string("?") : colour_label(v.board.family, color)) + " " +
         move_body(v, m);
}

namespace {

// One item of the move list, as plain text (its width) and as shown.
struct ListEntry {
  std::string plain;
  std::string shown;
  void add(std::string_view text, TextStyle style, bool color) {
    plain += text;
    shown += styled(text, style, color);
  }
};

// "1. B Q16  2. W D4  (setup)  3. ...", wrapped before kLineWidth, the
// moves of one node in one item. Blokus colours by Pentobi's names ("1.
// Purple I5 e9,e10,f10,e11,e12"), which the header pairs with the digits;
// in colour those names in their colour and the last move in bold.
void write_move_list(std::ostream& out, const PositionView& v, bool color) {
  std::vector<ListEntry> entries;
  std::size_t next_setup = 0;
  const auto setups_before = [&](std::int64_t number) {
    for (; next_setup < v.setups.size() && v.setups[next_setup] < number; ++next_setup) {
      entries.emplace_back();
      entries.back().add("(setup)", {}, color);
    }
  };
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const LineMove& m = v.moves[i];
    const bool last = m.number == v.move_number;
    const TextStyle base = last ? kBold : TextStyle();
    if (i == 0 || v.moves[i - 1].number != m.number) {
      setups_before(m.number);
      entries.emplace_back();
      entries.back().add(std::to_string(m.number) + ".", base, color);
    }
    ListEntry& entry = entries.back();
    const std::int8_t c = move_colour(v, m);
    if (c == 0) {
      entry.add(" ?", base, color);
    } else if (v.board.family == Family::kBlokus) {
      entry.add(" ", base, color);
      entry.add(board_text::blokus_colour_name(v.board.variant, c),
                color ? board_text::blokus_text_style(v.board.variant, c) : TextStyle(), color);
    } else {
      entry.add(" " + colour_label(v.board.family, c), base, color);
    }
    entry.add(" " + move_body(v, m), base, color);
  }
  setups_before(v.move_number + 1);
  std::size_t column = 0;
  for (const ListEntry& entry : entries) {
    if (column > 0 && column + 2 + entry.plain.size() > kLineWidth) {
      out << "\n";
      column = 0;
    } else if (column > 0) {
      out << "  ";
      column += 2;
    }
    out << entry.shown;
    column += entry.plain.size();
  }
  if (!entries.empty()) out << "\n";
}

// What a family's seat joins, or owns, as the header says it.
std::string_view sides_text(Family family, std::int8_t seat) {
  if (family == Family::kHex) {
    return seat == 1 ? "joins top and bottom (-)" : "joins left and right (\\)";
  }
  if (family == Family::kTwixt) {
    return seat == 1 ? "joins top and bottom" : "joins left and right";
  }
  return "";
}

void write_colour_lines(std::ostream& out, const PositionView& v, bool color) {
  std::map<std::int8_t, std::int64_t> units;
  std::map<std::int8_t, std::int64_t> links;
  for (const Occupant& o : v.occupants) ++units[o.color];
  for (const TwixtLink& l : v.links) ++links[l.color];
  for (const std::int8_t c : family_colours(v.board.family, v.board.variant)) {
    // "B (seat 1)", Go "B (X, seat 1)", Blokus "1 Purple (seat 1)"; after a
    // swap-sides the seat whose player has the colour now, "B (seat 2 since
    // the swap-sides at move 2)", so that the name that follows is that
    // player's.
    const std::int8_t seat = seat_of_colour(v, c);
    const std::string label = colour_label(v.board.family, c);
    if (v.board.family == Family::kBlokus) {
      out << styled(label + " " + board_text::blokus_colour_name(v.board.variant, c),
                    board_text::blokus_text_style(v.board.variant, c), color)
          << (seat == 0 ? std::string(" (played in turn)")
                        : " (seat " + std::to_string(seat) + ")");
    } else {
      out << label << " (" << (v.board.family == Family::kGo ? (c == 1 ? "X, " : "O, ") : "")
          << "seat " << static_cast<int>(seat);
      if (!v.side_swaps.empty()) {
        out << " since the swap-sides at move " << v.side_swaps.back();
      }
      out << ")";
    }
    if (const std::string name = player_name(v, seat); !name.empty()) out << " " << name;
    out << ": " << count_text(units[c], unit_word(v.board.family));
    if (v.board.family == Family::kTwixt) out << ", " << count_text(links[c], "link");
    if (v.board.family == Family::kGo) {
      out << ", has captured " << v.captures[static_cast<std::size_t>(c - 1)];
    }
    if (const std::string_view sides = sides_text(v.board.family, c); !sides.empty()) {
      out << ", " << sides;
    }
    out << "\n";
    const auto index = static_cast<std::size_t>(c - 1);
    if (v.board.family == Family::kBlokus && index < v.pieces_placed.size()) {
      out << "  placed:";
      for (const std::string& piece : v.pieces_placed[index]) out << " " << piece;
      out << "\n  left (" << v.pieces_left[index].size() << "):";
      for (const std::string& piece : v.pieces_left[index]) out << " " << piece;
      out << "\n";
    }
  }
}

// Where no diagram can be drawn: the occupants (and Twixt links) per colour.
void write_lists(std::ostream& out, const PositionView& v) {
  for (const std::int8_t c : family_colours(v.board.family, v.board.variant)) {
    out << colour_label(v.board.family, c) << " " << unit_word(v.board.family) << "s:";
    for (const Occupant& o : v.occupants) {
      if (o.color == c) out << " " << shown_point(v, o.point);
    }
    out << "\n";
    if (v.board.family != Family::kTwixt) continue;
    out << colour_label(v.board.family, c) << " links:";
    for (const TwixtLink& l : v.links) {
      if (l.color == c)
        out << " " << point_text(v.board.family, l.a) << "-" << point_text(v.board.family, l.b);
    }
    out << "\n";
  }
}

std::optional<TextCanvas> draw(const PositionView& v) {
  switch (v.board.family) {
    case Family::kGo:
      return board_text::draw_go(v);
    case Family::kHex:
      return board_text::draw_hex(v);
    case Family::kTwixt:
      return board_text::draw_twixt(v);
    case Family::kBlokus:
      return board_text::draw_blokus(v);
    case Family::kOther:
      break;
  }
  return std::nullopt;
}

}  // namespace

void write_position_text(std::ostream& out, std::int64_t game_id, const PositionView& v,
                         bool color) {
  out << "game " << game_id << ": " << family_name(v.board.family);
  if (v.board.family == Family::kBlokus && !v.board.variant.empty())
    out << " (" << printable(v.board.variant) << ")";
  out << " " << v.board.columns << "x" << v.board.rows
      << (v.board.torus ? " torus (the edges wrap)" : "") << ", after move " << v.move_number
      << " of " << v.main_line_moves << ", position " << position_hash_text(v.hash) << "\n";
  if (!v.file.empty()) {
    out << "file: " << printable(v.file) << ", game index " << v.game_index << "\n";
  }
  write_colour_lines(out, v, color);
  if (!v.result.empty()) {
    out << "result: " << printable(v.result);
    // RE's B and W name the players by the seats of PB and PW (as twogtp.py
    // writes it after a swap), not by the colours they have after one.
    if (sides_swapped(v) && (v.winner == 1 || v.winner == 2)) {
      const std::string name = player_name(v, v.winner);
      out << " (won by seat " << static_cast<int>(v.winner) << (name.empty() ? "" : ", " + name)
          << ", who has " << colour_label(v.board.family, static_cast<std::int8_t>(3 - v.winner))
          << " since the swap-sides)";
    }
    out << "\n";
  }
  if (!v.moves.empty() || !v.setups.empty()) {
    out << "\n";
    write_move_list(out, v, color);
  }
  out << "\n";
  if (std::optional<TextCanvas> diagram = draw(v)) {
    diagram->write(out, color);
  } else {
    write_lists(out, v);
  }
}

}  // namespace ludex
