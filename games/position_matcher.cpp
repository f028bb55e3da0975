#include "games/position_matcher.h"

#include <algorithm>
#include <array>
#include <map>
#include <utility>

namespace ludex {
namespace {

std::uint8_t link_bit(const TwixtLink& l) {
  return static_cast<std::uint8_t>(1u << (twixt_link_direction(l) + 4 * (l.color - 1)));
}

}  // namespace

PositionMatcher::PositionMatcher(const PositionConditions& c, const StreamBoard& board)
    : board_(board) {
  const auto on_board = [&](const Point& p) {
    return p.x >= 0 && p.y >= 0 && p.x < board_.columns && p.y < board_.rows;
  };
  const auto cell = [&](const Point& p) {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(board_.columns) +
           static_cast<std::size_t>(p.x);
  };
  const auto colour_ok = [&](std::int8_t colour) { return colour >= 0 && colour <= board_.colors; };
  for (const Occupant& o : c.has) {
    if (!on_board(o.point) || !colour_ok(o.color)) {
      impossible_ = true;
    } else {
      has_.emplace_back(cell(o.point), o.color);
    }
  }
  for (const Occupant& o : c.empty) {
    // A point off the board is empty in every position.
    if (on_board(o.point) && colour_ok(o.color)) empty_.emplace_back(cell(o.point), o.color);
  }
  for (const TwixtLink& l : c.links) {
    if (!on_board(l.a) || !on_board(l.b) || twixt_link_direction(l) < 0 || l.color < 1 ||
        l.color > 2) {
      impossible_ = true;
    } else {
      links_.emplace_back(cell(l.a), link_bit(l));
    }
  }
  for (const PositionConditions::Piece& piece : c.pieces) {
    const auto it = std::find(board_.pieces.begin(), board_.pieces.end(), piece.name);
    if (it == board_.pieces.end() || !colour_ok(piece.color)) {
      impossible_ = true;
    } else {
      pieces_.emplace_back(static_cast<std::int32_t>(it - board_.pieces.begin()), piece.color);
    }
  }

  // Patterns: every placement whose points are all on this board; the
  // entries of each cell in placement order.
  use_patterns_ = !c.patterns.empty();
  const std::size_t cells =
      static_cast<std::size_t>(board_.columns) * static_cast<std::size_t>(board_.rows);
  std::vector<std::vector<Entry>> by_cell(use_patterns_ ? cells : 0);
  std::map<std::vector<Occupant>, std::size_t> shape_index;
  for (std::size_t k = 0; k < c.patterns.size(); ++k) {
    const Pattern& pattern = c.patterns[k];
    bool fits = true;
    for (const auto* list : {&pattern.stones, &pattern.empty}) {
      for (const Occupant& o : *list) fits = fits && on_board(o.point) && colour_ok(o.color);
    }
    if (!fits || (pattern.stones.empty() && pattern.empty.empty())) continue;
    const auto id = static_cast<std::uint32_t>(placement_size_.size());
    std::uint32_t initial = 0;
    for (const Occupant& o : pattern.stones) {
      by_cell[cell(o.point)].push_back(
          Entry{id, ok_mask(o.color == 0 ? Need::kAnyStone : Need::kColour, o.color)});
    }
    for (const Occupant& o : pattern.empty) {
      by_cell[cell(o.point)].push_back(
          Entry{id, ok_mask(o.color == 0 ? Need::kNoStone : Need::kNotColour, o.color)});
      ++initial;  // an empty board meets every empty point
    }
    placement_size_.push_back(
        static_cast<std::uint32_t>(pattern.stones.size() + pattern.empty.size()));
    placement_pattern_.push_back(static_cast<std::uint32_t>(k));
    initial_count_.push_back(initial);
    // The stones relative to the placement's corner: one shape per
    // orientation, whatever its translations.
    if (!pattern.stones.empty()) {
      std::int32_t x0 = board_.columns, y0 = board_.rows, x1 = 0, y1 = 0;
      for (const auto* list : {&pattern.stones, &pattern.empty}) {
        for (const Occupant& o : *list) {
          x0 = std::min<std::int32_t>(x0, o.point.x);
          y0 = std::min<std::int32_t>(y0, o.point.y);
          x1 = std::max<std::int32_t>(x1, o.point.x);
          y1 = std::max<std::int32_t>(y1, o.point.y);
        }
      }
      Shape shape;
      shape.width = x1 - x0 + 1;
      shape.height = y1 - y0 + 1;
      for (const Occupant& o : pattern.stones) {
        shape.stones.push_back(Occupant{Point{static_cast<std::int16_t>(o.point.x - x0),
                                              static_cast<std::int16_t>(o.point.y - y0)},
                                        o.color});
      }
      std::sort(shape.stones.begin(), shape.stones.end());
      if (shape_index.emplace(shape.stones, shapes_.size()).second)
        shapes_.push_back(std::move(shape));
    }
  }
  if (use_patterns_) {
    if (placement_size_.empty()) impossible_ = true;
    cell_begin_.assign(cells + 1, 0);
    for (std::size_t i = 0; i < cells; ++i) {
      cell_begin_[i + 1] = cell_begin_[i] + static_cast<std::uint32_t>(by_cell[i].size());
      entries_.insert(entries_.end(), by_cell[i].begin(), by_cell[i].end());
    }
  }
  for (std::size_t i = 0; i < initial_count_.size(); ++i) {
    if (initial_count_[i] == placement_size_[i]) ++initial_complete_;
  }
  // may_match's word rows hold boards of at most 64 columns; beyond that
  // shapes prove nothing there, and may_match_slice must agree.
  test_shapes_ =
      use_patterns_ && !shapes_.empty() && board_.columns <= 64 &&
      static_cast<std::size_t>(board_.colors + 1) * static_cast<std::size_t>(board_.rows) <=
          kMaxWordRows;
  if (test_shapes_) {
    for (const Shape& shape : shapes_) {
      if (shape.width > board_.columns || shape.height > board_.rows) continue;
      SliceShape& out = slice_shapes_.emplace_back();
      for (const Occupant& s : shape.stones) {
        out.offsets.push_back(
            static_cast<std::uint32_t>(static_cast<std::size_t>(s.color) * cells + cell(s.point)));
      }
      for (std::int32_t y = 0; y + shape.height <= board_.rows; ++y) {
        for (std::int32_t x = 0; x + shape.width <= board_.columns; ++x) {
          out.anchors.push_back(static_cast<std::uint32_t>(
              cell(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)})));
        }
      }
    }
  }
  cells_.assign(cells, 0);
  link_bits_.assign(links_.empty() ? 0 : cells, 0);
  piece_counts_.assign(
      pieces_.empty() ? 0 : board_.pieces.size() * static_cast<std::size_t>(board_.colors), 0);
  reset();
}

bool PositionMatcher::satisfied(Need need, std::int8_t want, std::int8_t cell) {
  switch (need) {
    case Need::kColour:
      return cell == want;
    case Need::kAnyStone:
      return cell != 0;
    case Need::kNotColour:
      return cell != want;
    case Need::kNoStone:
      return cell == 0;
  }
  return false;
}

std::uint32_t PositionMatcher::ok_mask(Need need, std::int8_t want) {
  std::uint32_t mask = 0;
  for (std::int8_t cell = 0; cell <= 4; ++cell) {
    if (satisfied(need, want, cell)) mask |= 1u << cell;
  }
  return mask;
}

void PositionMatcher::reset() {
  std::fill(cells_.begin(), cells_.end(), 0);
  std::fill(link_bits_.begin(), link_bits_.end(), 0);
  std::fill(piece_counts_.begin(), piece_counts_.end(), 0);
  count_ = initial_count_;
  complete_ = initial_complete_;
}

void PositionMatcher::set_cell(std::size_t at, std::int8_t colour) {
  const std::int8_t old = cells_[at];
  if (old == colour) return;
  cells_[at] = colour;
  if (!use_patterns_) return;
  const auto was = static_cast<unsigned>(old);
  const auto now = static_cast<unsigned>(colour);
  const Entry* end = entries_.data() + cell_begin_[at + 1];
  for (const Entry* entry = entries_.data() + cell_begin_[at]; entry != end; ++entry) {
    const std::uint32_t before = entry->ok >> was & 1u;
    const std::uint32_t after = entry->ok >> now & 1u;
    if (before == after) continue;
    std::uint32_t& n = count_[entry->placement];
    const std::uint32_t size = placement_size_[entry->placement];
    if (after != 0) {
      if (++n == size) ++complete_;
    } else {
      if (n-- == size) --complete_;
    }
  }
}

void PositionMatcher::apply(const StreamNode& node) {
  const auto cell = [&](const Point& p) {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(board_.columns) +
           static_cast<std::size_t>(p.x);
  };
  for (const Occupant& o : node.removed) set_cell(cell(o.point), 0);
  for (const Occupant& o : node.placed) set_cell(cell(o.point), o.color);
  if (!link_bits_.empty()) {
    for (const TwixtLink& l : node.links_removed)
      link_bits_[cell(l.a)] &= static_cast<std::uint8_t>(~link_bit(l));
    for (const TwixtLink& l : node.links_added) link_bits_[cell(l.a)] |= link_bit(l);
  }
  if (!piece_counts_.empty() && node.piece >= 0 && !node.placed.empty()) {
    const std::int8_t colour = node.placed.front().color;
    ++piece_counts_[static_cast<std::size_t>(colour - 1) * board_.pieces.size() +
                    static_cast<std::size_t>(node.piece)];
  }
}

void PositionMatcher::undo(const StreamNode& node) {
  const auto cell = [&](const Point& p) {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(board_.columns) +
           static_cast<std::size_t>(p.x);
  };
  for (const Occupant& o : node.placed) set_cell(cell(o.point), 0);
  for (const Occupant& o : node.removed) set_cell(cell(o.point), o.color);
  if (!link_bits_.empty()) {
    for (const TwixtLink& l : node.links_added)
      link_bits_[cell(l.a)] &= static_cast<std::uint8_t>(~link_bit(l));
    for (const TwixtLink& l : node.links_removed) link_bits_[cell(l.a)] |= link_bit(l);
  }
  if (!piece_counts_.empty() && node.piece >= 0 && !node.placed.empty()) {
    const std::int8_t colour = node.placed.front().color;
    --piece_counts_[static_cast<std::size_t>(colour - 1) * board_.pieces.size() +
                    static_cast<std::size_t>(node.piece)];
  }
}

bool PositionMatcher::holds_now() const {
  for (const auto& [at, colour] : has_) {
    if (colour == 0 ? cells_[at] == 0 : cells_[at] != colour) return false;
  }
  for (const auto& [at, colour] : empty_) {
    if (colour == 0 ? cells_[at] != 0 : cells_[at] == colour) return false;
  }
  for (const auto& [at, bit] : links_) {
    if ((link_bits_[at] & bit) == 0) return false;
  }
  for (const auto& [piece, colour] : pieces_) {
    bool found = false;
    for (std::int32_t c = 1; c <= board_.colors && !found; ++c) {
      if (colour != 0 && c != colour) continue;
      found = piece_counts_[static_cast<std::size_t>(c - 1) * board_.pieces.size() +
                            static_cast<std::size_t>(piece)] > 0;
    }
    if (!found) return false;
  }
  return !use_patterns_ || complete_ > 0;
}

std::int32_t PositionMatcher::matched_pattern() const {
  for (std::size_t i = 0; i < count_.size(); ++i) {
    if (count_[i] == placement_size_[i]) return static_cast<std::int32_t>(placement_pattern_[i]);
  }
  return -1;
}

bool PositionMatcher::may_match(std::string_view occupancy) const {
  if (impossible_) return false;
  const auto columns = static_cast<std::size_t>(board_.columns);
  const auto rows = static_cast<std::size_t>(board_.rows);
  const std::size_t bytes = (columns * rows + 7) / 8;
  if (occupancy.size() != bytes * static_cast<std::size_t>(board_.colors)) return true;
  const auto has_stone = [&](std::int8_t colour, std::size_t at) {
    for (std::int8_t c = 1; c <= board_.colors; ++c) {
      if (colour != 0 && c != colour) continue;
      const std::size_t byte = static_cast<std::size_t>(c - 1) * bytes + at / 8;
      if ((static_cast<unsigned char>(occupancy[byte]) >> (at % 8) & 1u) != 0) return true;
    }
    return false;
  };
  for (const auto& [at, colour] : has_) {
    if (!has_stone(colour, at)) return false;
  }
  if (!use_patterns_ || shapes_.empty() || columns > 64) return true;
  // Each row of each colour as a 64-bit word (bit x = column x); a shape
  // can stand where the rows shifted by its stones' offsets all have a bit.
  // Rows 0..rows-1 hold any colour. A row is `columns` bits of the bitmap
  // from bit y * columns on, read a byte at a time (a bit at a time was a
  // quarter of a pattern search at 1M games).
  std::array<std::uint64_t, kMaxWordRows> words;
  const std::size_t word_rows = static_cast<std::size_t>(board_.colors + 1) * rows;
  if (word_rows > words.size()) return true;
  const auto* base = reinterpret_cast<const unsigned char*>(occupancy.data());
  const std::uint64_t row_bits =
      columns >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << columns) - 1;
  for (std::size_t y = 0; y < rows; ++y) words[y] = 0;
  for (std::int8_t c = 1; c <= board_.colors; ++c) {
    const unsigned char* plane = base + static_cast<std::size_t>(c - 1) * bytes;
    for (std::size_t y = 0; y < rows; ++y) {
      const std::size_t first_bit = y * columns;
      const std::size_t last_byte = (first_bit + columns - 1) / 8;
      std::uint64_t row = 0;
      for (std::size_t b = last_byte + 1; b-- > first_bit / 8;) {
        // At most 9 bytes; the first one's bits below the row fall off.
        row = row << 8 | plane[b];
      }
      row = (row >> (first_bit % 8)) & row_bits;
      if (first_bit % 8 != 0 && last_byte - first_bit / 8 == 8) {
        // 9 bytes: the 64-bit word lost the last byte's top bits.
        row = ((row) | (static_cast<std::uint64_t>(plane[last_byte]) << (64 - first_bit % 8))) &
              row_bits;
      }
      words[static_cast<std::size_t>(c) * rows + y] = row;
      words[y] |= row;
    }
  }
  for (const Shape& shape : shapes_) {
    if (shape.width > board_.columns || shape.height > board_.rows) continue;
    const std::size_t anchors_x = columns - static_cast<std::size_t>(shape.width) + 1;
    const std::uint64_t row_mask =
        anchors_x >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << anchors_x) - 1;
    for (std::size_t y = 0; y + static_cast<std::size_t>(shape.height) <= rows; ++y) {
      std::uint64_t anchors = row_mask;
      for (const Occupant& s : shape.stones) {
        const std::size_t row = y + static_cast<std::size_t>(s.point.y);
        anchors &= words[static_cast<std::size_t>(s.color) * rows + row] >> s.point.x;
        if (anchors == 0) break;
      }
      if (anchors != 0) return true;
    }
  }
  return false;
}

std::uint64_t PositionMatcher::may_match_slice(const std::uint64_t* slice, std::size_t stride,
                                               std::uint64_t games) const {
  if (impossible_) return 0;
  const std::size_t cells =
      static_cast<std::size_t>(board_.columns) * static_cast<std::size_t>(board_.rows);
  for (const auto& [at, colour] : has_) {
    games &= slice[(static_cast<std::size_t>(colour) * cells + at) * stride];
    if (games == 0) return 0;
  }
  if (!test_shapes_) return games;
  // A game found at one anchor is not looked for at the next ones.
  std::uint64_t found = 0;
  for (const SliceShape& shape : slice_shapes_) {
    for (const std::uint32_t anchor : shape.anchors) {
      std::uint64_t fits = games & ~found;
      const std::uint64_t* at = slice + anchor * stride;
      for (const std::uint32_t offset : shape.offsets) {
        fits &= at[offset * stride];
        if (fits == 0) break;
      }
      found |= fits;
      if (found == games) return games;
    }
  }
  return found;
}

bool PositionMatcher::walk(std::string_view stream,
                           const std::function<bool(const StreamNode&)>& visit,
                           const std::vector<bool>* only) {
  error_.clear();
  if (impossible_) return true;
  reset();
  PositionStreamReader reader(stream, board_);
  if (!reader.error().empty()) {
    error_ = reader.error();
    return false;
  }
  std::size_t depth = 0;  // path_[0 .. depth) are applied, root first
  StreamNode node;
  while (reader.next(&node)) {
    // Leave the subtrees that ended: the parent is on the path.
    while (depth > static_cast<std::size_t>(node.depth)) undo(path_[--depth]);
    if (path_.size() <= depth) path_.resize(depth + 1);
    std::swap(path_[depth], node);
    const StreamNode& here = path_[depth];
    ++depth;
    if (here.stopped) {
      // No position here; its (empty) change keeps the path in step.
      continue;
    }
    apply(here);
    if (only != nullptr && (here.index >= only->size() || !(*only)[here.index])) continue;
    if (holds_now() && !visit(here)) return true;
  }
  if (!reader.error().empty()) {
    error_ = reader.error();
    return false;
  }
  return true;
}

}  // namespace ludex
