#include "games/position_stream.h"

#include <algorithm>

#include "core/coding.h"
#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_points.h"
#include "games/position_codes.h"

namespace ludex {
namespace {

constexpr std::uint8_t kChildrenMask = 0x03;
constexpr std::uint8_t kPlacedOne = 0x04;
constexpr std::uint8_t kRemoved = 0x08;
constexpr std::uint8_t kLinks = 0x10;
constexpr std::uint8_t kPiece = 0x20;
constexpr std::uint8_t kStopped = 0x40;
constexpr std::uint8_t kExtended = 0x80;

std::uint64_t point_index(const StreamBoard& board, const Point& p) {
  return static_cast<std::uint64_t>(p.y) * static_cast<std::uint64_t>(board.columns) +
         static_cast<std::uint64_t>(p.x);
}

void put_occupant(std::string& out, const StreamBoard& board, const Occupant& o) {
  put_varint(out, point_index(board, o.point) * 4 + static_cast<std::uint64_t>(o.color - 1));
}

void put_link(std::string& out, const StreamBoard& board, const TwixtLink& l) {
  const int d = twixt_link_direction(l);
  put_varint(out, ((point_index(board, l.a) * 4 + static_cast<std::uint64_t>(d)) * 2) +
                      static_cast<std::uint64_t>(l.color - 1));
}

}  // namespace

std::optional<StreamBoard> stream_board(const GameRecord& game) {
  return stream_board(board_of(game));
}

std::optional<StreamBoard> stream_board(const Board& of) {
  StreamBoard board;
  board.columns = of.columns;
  board.rows = of.rows;
  switch (of.family) {
    case Family::kHex:
    case Family::kTwixt:
    case Family::kGo:
      break;
    case Family::kBlokus: {
      const BlokusVariant* info = find_blokus_variant(of.variant);
      if (info == nullptr) return std::nullopt;
      const BlokusGeometry& geometry = BlokusGeometry::get(info->board);
      board.columns = geometry.columns();
      board.rows = geometry.rows();
      board.colors = info->colors;
      for (const BlokusPiece& piece : blokus_pieces(*info).pieces())
        board.pieces.push_back(piece.name);
      break;
    }
    case Family::kOther:
      return std::nullopt;
  }
  if (board.columns <= 0 || board.rows <= 0) return std::nullopt;
  return board;
}

std::string encode_position_stream(const GameRecord& game, const GamePositions& positions,
                                   const StreamBoard& board) {
  const GameTree& tree = game.tree;
  std::string out;
  out.reserve(tree.size() * 4 + 8);
  out.push_back(static_cast<char>(kPositionStreamVersion));
  put_varint(out, tree.size());
  for (const NodeIndex i : tree.preorder()) {
    const std::size_t children = tree.child_count(i);
    const bool stopped = positions.hashes[i] == 0;
    const PositionDelta& d = positions.deltas[i];
    // The main child's ordinal, when it is not the first (a binary file's
    // main-variation flag on a later child).
    std::uint64_t main_ordinal = 0;
    const NodeIndex main_child = tree.main_child(i);
    for (NodeIndex c = tree.first_child(i); c != kNoNode && c != main_child;
         c = tree.next_sibling(c)) {
      ++main_ordinal;
    }
    std::uint8_t tag = static_cast<std::uint8_t>(children < 3 ? children : 3);
    std::uint64_t ext = main_ordinal != 0 ? 1 : 0;
    std::int32_t piece = -1;
    if (stopped) {
      tag |= kStopped;
    } else {
      if (d.placed.size() == 1) tag |= kPlacedOne;
      if (d.placed.size() > 1) ext |= static_cast<std::uint64_t>(d.placed.size()) << 2;
      const NodeView node = tree.data(i);
      const bool one_move = node.moves.size() == 1 && node.moves[0].kind == MoveKind::kPlace;
      if (!d.placed.empty() && !one_move) ext |= 2;
      if (!d.removed.empty()) tag |= kRemoved;
      if (!d.links_added.empty() || !d.links_removed.empty()) tag |= kLinks;
      if (!d.piece.empty()) {
        const auto it = std::find(board.pieces.begin(), board.pieces.end(), d.piece);
        if (it != board.pieces.end()) {
          piece = static_cast<std::int32_t>(it - board.pieces.begin());
          tag |= kPiece;
        }
      }
    }
    if (ext != 0) tag |= kExtended;
    out.push_back(static_cast<char>(tag));
    if (children >= 3) put_varint(out, children);
    if (ext != 0) put_varint(out, ext);
    if (main_ordinal != 0) put_varint(out, main_ordinal);
    if (stopped) continue;
    for (const Occupant& o : d.placed) put_occupant(out, board, o);
    if (!d.removed.empty()) {
      put_varint(out, d.removed.size());
      for (const Occupant& o : d.removed) put_occupant(out, board, o);
    }
    if ((tag & kLinks) != 0) {
      put_varint(out, d.links_added.size());
      for (const TwixtLink& l : d.links_added) put_link(out, board, l);
      put_varint(out, d.links_removed.size());
      for (const TwixtLink& l : d.links_removed) put_link(out, board, l);
    }
    if (piece >= 0) put_varint(out, static_cast<std::uint64_t>(piece) + 1);
  }
  return out;
}

namespace {

// Whether every changed point (and link end) of `positions` lies on `board`
// with a colour it has: what the encoders require.
bool fits_board(const GamePositions& positions, const StreamBoard& board) {
  auto on = [&board](Point p) {
    return p.x >= 0 && p.y >= 0 && p.x < board.columns && p.y < board.rows;
  };
  auto fits = [&](const Occupant& o) {
    return on(o.point) && o.color >= 1 && o.color <= board.colors;
  };
  for (std::size_t i = 0; i < positions.deltas.size(); ++i) {
    if (positions.hashes[i] == 0) continue;
    const PositionDelta& d = positions.deltas[i];
    if (!std::all_of(d.placed.begin(), d.placed.end(), fits) ||
        !std::all_of(d.removed.begin(), d.removed.end(), fits)) {
      return false;
    }
    for (const auto* links : {&d.links_added, &d.links_removed}) {
      for (const TwixtLink& l : *links) {
        if (!on(l.a) || !on(l.b) || l.color < 1 || l.color > 2 || twixt_link_direction(l) < 0) {
          return false;
        }
      }
    }
  }
  return true;
}

}  // namespace

bool encode_stored_positions(const GameRecord& game, const GamePositions& positions,
                             std::string* stream) {
  stream->clear();
  if (positions.hashes.size() != game.tree.size() || game.tree.empty() ||
      positions.deltas.size() != game.tree.size()) {
    return false;
  }
  const std::optional<StreamBoard> board = stream_board(game);
  if (!board || !fits_board(positions, *board)) return false;
  *stream = encode_position_stream(game, positions, *board);
  return true;
}

void attach_position_stream(const GameRecord& game, GamePositions* positions) {
  positions->features.clear();
  if (encode_stored_positions(game, *positions, &positions->stream)) {
    positions->features = feature_codes(game.family, positions->deltas, positions->hashes);
  }
}

std::string encode_occupancy(const GamePositions& positions, const StreamBoard& board) {
  const std::size_t points =
      static_cast<std::size_t>(board.columns) * static_cast<std::size_t>(board.rows);
  const std::size_t bytes = (points + 7) / 8;
  std::string out(bytes * static_cast<std::size_t>(board.colors), '\0');
  for (std::size_t i = 0; i < positions.deltas.size(); ++i) {
    if (positions.hashes[i] == 0) continue;
    for (const Occupant& o : positions.deltas[i].placed) {
      if (o.color < 1 || o.color > board.colors) continue;
      const std::uint64_t at = point_index(board, o.point);
      out[static_cast<std::size_t>(o.color - 1) * bytes + at / 8] |=
          static_cast<char>(1u << (at % 8));
    }
  }
  return out;
}

bool occupancy_has(std::string_view occupancy, const StreamBoard& board, std::int8_t colour,
                   Point point) {
  if (colour < 1 || colour > board.colors || point.x < 0 || point.y < 0 ||
      point.x >= board.columns || point.y >= board.rows) {
    return false;
  }
  const std::size_t points =
      static_cast<std::size_t>(board.columns) * static_cast<std::size_t>(board.rows);
  const std::size_t bytes = (points + 7) / 8;
  const std::size_t at = static_cast<std::size_t>(point_index(board, point));
  const std::size_t byte = static_cast<std::size_t>(colour - 1) * bytes + at / 8;
  if (byte >= occupancy.size()) return false;
  return (static_cast<unsigned char>(occupancy[byte]) >> (at % 8) & 1u) != 0;
}

PositionStreamReader::PositionStreamReader(std::string_view bytes, const StreamBoard& board)
    : bytes_(bytes), board_(board) {
  std::uint64_t count = 0;
  if (bytes_.empty() || static_cast<std::uint8_t>(bytes_[0]) != kPositionStreamVersion) {
    fail("not a version " + std::to_string(kPositionStreamVersion) + " position stream");
    return;
  }
  at_ = 1;
  // Every node takes at least its tag byte.
  if (!read_varint(&count) || count > bytes_.size()) {
    fail("bad node count");
    return;
  }
  node_count_ = static_cast<std::uint32_t>(count);
}

bool PositionStreamReader::fail(const std::string& what) {
  if (error_.empty()) {
    error_ = "position stream, byte " + std::to_string(at_) + ": " + what;
  }
  node_count_ = read_;
  return false;
}

bool PositionStreamReader::read_varint(std::uint64_t* value) {
  std::uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (at_ >= bytes_.size()) return false;
    const auto b = static_cast<std::uint8_t>(bytes_[at_++]);
    v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) {
      *value = v;
      return true;
    }
  }
  return false;
}

bool PositionStreamReader::read_occupant(Occupant* out) {
  std::uint64_t v = 0;
  if (!read_varint(&v)) return fail("cut short in an occupant");
  const std::uint64_t colour = v % 4 + 1;
  const std::uint64_t at = v / 4;
  const auto columns = static_cast<std::uint64_t>(board_.columns);
  if (colour > static_cast<std::uint64_t>(board_.colors) ||
      at >= columns * static_cast<std::uint64_t>(board_.rows)) {
    return fail("an occupant off the board");
  }
  out->point =
      Point{static_cast<std::int16_t>(at % columns), static_cast<std::int16_t>(at / columns)};
  out->color = static_cast<std::int8_t>(colour);
  return true;
}

bool PositionStreamReader::read_link(TwixtLink* out) {
  std::uint64_t v = 0;
  if (!read_varint(&v)) return fail("cut short in a link");
  const std::uint64_t colour = v % 2 + 1;
  const auto direction = static_cast<int>(v / 2 % 4);
  const std::uint64_t at = v / 8;
  const auto columns = static_cast<std::uint64_t>(board_.columns);
  if (at >= columns * static_cast<std::uint64_t>(board_.rows)) return fail("a link off the board");
  const auto x = static_cast<std::int32_t>(at % columns);
  const auto y = static_cast<std::int32_t>(at / columns);
  const std::int32_t bx = x + kTwixtLinkDx[direction];
  const std::int32_t by = y + kTwixtLinkDy[direction];
  if (bx >= board_.columns || by < 0 || by >= board_.rows) return fail("a link off the board");
  out->a = Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
  out->b = Point{static_cast<std::int16_t>(bx), static_cast<std::int16_t>(by)};
  out->color = static_cast<std::int8_t>(colour);
  return true;
}

bool PositionStreamReader::next(StreamNode* node) {
  if (read_ >= node_count_) return false;
  if (at_ >= bytes_.size()) return fail("cut short");
  const auto tag = static_cast<std::uint8_t>(bytes_[at_++]);
  node->index = read_;
  node->placed.clear();
  node->removed.clear();
  node->links_added.clear();
  node->links_removed.clear();
  node->piece = -1;
  node->setup = false;
  // The parent is the innermost open node; the root has none.
  bool parent_stopped = false;
  if (open_.empty()) {
    if (read_ != 0) return fail("a second root");
    node->parent = 0;
    node->depth = 0;
    node->main_line = true;
  } else {
    Open& parent = open_.back();
    node->parent = parent.index;
    node->depth = parent.depth + 1;
    node->main_line = parent.main_line && parent.next_child == parent.main_child;
    parent_stopped = parent.stopped;
    if (++parent.next_child == parent.children) open_.pop_back();
  }
  std::uint64_t children = tag & kChildrenMask;
  if (children == 3 && !read_varint(&children)) return fail("cut short in a child count");
  std::uint64_t ext = 0;
  if ((tag & kExtended) != 0 && !read_varint(&ext)) return fail("cut short in a node");
  std::uint64_t main_ordinal = 0;
  if ((ext & 1) != 0 && !read_varint(&main_ordinal)) return fail("cut short in a node");
  if (children > node_count_ || (children > 0 && main_ordinal >= children)) {
    return fail("bad child count");
  }
  node->children = static_cast<std::uint32_t>(children);
  node->stopped = parent_stopped || (tag & kStopped) != 0;
  if ((tag & kStopped) == 0) {
    node->setup = (ext & 2) != 0;
    std::uint64_t placed = (tag & kPlacedOne) != 0 ? 1 : ext >> 2;
    if (placed > bytes_.size()) return fail("bad placed count");
    node->placed.resize(static_cast<std::size_t>(placed));
    for (Occupant& o : node->placed) {
      if (!read_occupant(&o)) return false;
    }
    if ((tag & kRemoved) != 0) {
      std::uint64_t n = 0;
      if (!read_varint(&n) || n > bytes_.size()) return fail("bad removed count");
      node->removed.resize(static_cast<std::size_t>(n));
      for (Occupant& o : node->removed) {
        if (!read_occupant(&o)) return false;
      }
    }
    if ((tag & kLinks) != 0) {
      for (std::vector<TwixtLink>* list : {&node->links_added, &node->links_removed}) {
        std::uint64_t n = 0;
        if (!read_varint(&n) || n > bytes_.size()) return fail("bad link count");
        list->resize(static_cast<std::size_t>(n));
        for (TwixtLink& l : *list) {
          if (!read_link(&l)) return false;
        }
      }
    }
    if ((tag & kPiece) != 0) {
      std::uint64_t p = 0;
      if (!read_varint(&p) || p == 0 || p > board_.pieces.size()) return fail("bad piece");
      node->piece = static_cast<std::int32_t>(p - 1);
    }
  }
  if (children > 0) {
    open_.push_back(Open{read_, node->depth, node->children, 0,
                         static_cast<std::uint32_t>(main_ordinal), node->main_line, node->stopped});
  }
  ++read_;
  if (read_ == node_count_ && !open_.empty()) return fail("children missing at the end");
  return true;
}

}  // namespace ludex
