// Reading game-tree files. The tree is nested in the file (a node, its child
// count, then its children), so it is read with an explicit stack of
// "children still to read" counters; nothing recurses over depth.
//
// Bounds: every length and count is checked against the bytes left before
// anything is allocated for it. Child counts are checked together with the
// children already promised by ancestors: each promised node needs at least
// kMinNodeBytes, so a count that cannot fit in the rest of the file is an
// error at the count, and the tree never holds more nodes than the input has
// bytes / kMinNodeBytes.
#include <bit>
#include <cmath>
#include <cstring>

#include "importers/gtv/gtv_format.h"
#include "importers/gtv/gtv_game.h"
#include "importers/gtv/gtv_header.h"

namespace ludex {
namespace {

using gtv::Failure;

class TreeReader {
 public:
  TreeReader(std::string_view bytes, const gtv::HeaderInfo& header, GameTree& tree)
      : bytes_(bytes), header_(header), tree_(tree) {}

  // Reads the root node and everything under it, starting at `start`. On
  // failure, failure() says where.
  bool read(std::size_t start);
  const Failure& failure() const { return failure_; }

 private:
  bool fail(std::size_t offset, std::string message) {
    failure_ = Failure{static_cast<std::int64_t>(offset), std::move(message)};
    return false;
  }
  std::size_t left() const { return bytes_.size() - pos_; }
  // Reads a big-endian integer of `width` bytes; `what` names it in errors.
  bool read_uint(std::size_t width, std::string_view what, std::uint64_t* out);
  bool read_node(NodeIndex index, std::uint64_t* child_count);
  bool read_key(NodeIndex index, std::string_view key, std::string_view value,
                std::size_t value_offset);
  bool read_move(std::string_view value, std::size_t offset, Move* move);
  bool read_point(std::string_view value, std::size_t offset, Move* move);
  bool read_links(std::string_view value, std::size_t offset, std::size_t* at, bool add,
                  Move* move);
  void add_prop(NodeIndex index, std::string_view key, std::string_view value);

  std::string_view bytes_;
  const gtv::HeaderInfo& header_;
  GameTree& tree_;
  std::size_t pos_ = 0;
  std::uint64_t pending_ = 0;  // children promised by open nodes, not yet begun
  bool last_key_was_move_ = false;
  std::vector<std::string_view> main_flags_;  // the current node's 'g' values
  Failure failure_;
};

std::size_t min_node_bytes(int version) {
  return version == 1 ? 5 : 3;
}

bool TreeReader::read_uint(std::size_t width, std::string_view what, std::uint64_t* out) {
  if (left() < width) {
    return fail(pos_, "the file ends inside " + std::string(what) + " (" + std::to_string(width) +
                          " bytes, " + std::to_string(left()) + " left)");
  }
  *out = *gtv::decode_uint(bytes_.substr(pos_, width));
  pos_ += width;
  return true;
}

bool TreeReader::read(std::size_t start) {
  pos_ = start;
  struct Frame {
    NodeIndex node;
    std::uint64_t remaining;
  };
  std::vector<Frame> stack;
  std::uint64_t count = 0;
  const NodeIndex root = tree_.add_root();
  if (!read_node(root, &count)) return false;
  if (count > 0) stack.push_back(Frame{root, count});
  while (!stack.empty()) {
    if (stack.back().remaining == 0) {
      stack.pop_back();
      continue;
    }
    --stack.back().remaining;
    --pending_;
    const NodeIndex child = tree_.add_child(stack.back().node);
    if (!read_node(child, &count)) return false;
    if (count > 0) stack.push_back(Frame{child, count});
  }
  if (pos_ != bytes_.size()) {
    return fail(pos_, std::to_string(left()) + " bytes follow the end of the game tree");
  }
  return true;
}

bool TreeReader::read_node(NodeIndex index, std::uint64_t* child_count) {
  SourcePos node_pos;
  node_pos.byte_offset = static_cast<std::int64_t>(pos_);
  tree_.set_pos(index, node_pos);
  last_key_was_move_ = false;
  main_flags_.clear();
  while (true) {
    if (left() == 0) return fail(pos_, "the file ends inside a node's key-value list");
    const auto key_length = static_cast<std::uint8_t>(bytes_[pos_]);
    if (key_length == 0) {
      ++pos_;
      break;
    }
    if (left() - 1 < key_length) {
      return fail(pos_, "node key length " + std::to_string(key_length) + " but only " +
                            std::to_string(left() - 1) + " bytes are left");
    }
    const std::string_view key = bytes_.substr(pos_ + 1, key_length);
    pos_ += 1 + key_length;
    // Version 1 writes every length in 4 bytes; version 2 in 2, except 'c'.
    const std::size_t width = header_.version == 1 || key == gtv::kKeyComment ? 4 : 2;
    const std::size_t length_offset = pos_;
    std::uint64_t length = 0;
    // The message is built only for a file that ends here: a node has a few
    // keys, and an archive millions of nodes.
    if (left() < width) {
      return read_uint(width, "the value length of node key '" + gtv::quote_bytes(key) + "'",
                       &length);
    }
    read_uint(width, {}, &length);
    if (length > left()) {
      return fail(length_offset, "node value '" + gtv::quote_bytes(key) + "' claims " +
                                     std::to_string(length) + " bytes but only " +
                                     std::to_string(left()) + " are left");
    }
    const std::size_t value_offset = pos_;
    const std::string_view value = bytes_.substr(pos_, length);
    pos_ += length;
    if (!read_key(index, key, value, value_offset)) return false;
  }
  // 'g' is read canonically only as a single 0x01; anything else (0, 2, two
  // of them) is kept verbatim so that the writer reproduces it.
  if (main_flags_.size() == 1 && main_flags_.front() == std::string_view("\x01", 1)) {
    tree_.set_main_flag(index, true);
  } else {
    bool main_flag = false;
    for (std::string_view g : main_flags_) {
      main_flag = main_flag || g.front() != 0;
      add_prop(index, gtv::kKeyMain, g);
    }
    tree_.set_main_flag(index, main_flag);
  }
  const std::size_t count_offset = pos_;
  if (!read_uint(header_.version == 1 ? 4 : 2, "a node's child count", child_count)) {
    return false;
  }
  const std::uint64_t capacity = left() / min_node_bytes(header_.version);
  if (*child_count > capacity || pending_ > capacity - *child_count) {
    return fail(count_offset, "child count " + std::to_string(*child_count) +
                                  " does not fit in the " + std::to_string(left()) +
                                  " bytes left (with " + std::to_string(pending_) +
                                  " nodes still to come)");
  }
  pending_ += *child_count;
  return true;
}

bool TreeReader::read_key(NodeIndex index, std::string_view key, std::string_view value,
                          std::size_t value_offset) {
  const bool was_move = last_key_was_move_;
  last_key_was_move_ = false;
  if (key == gtv::kKeyMove) {
    if (!read_move(value, value_offset, &tree_.add_move(index))) {
      tree_.remove_last_move(index);
      return false;
    }
    last_key_was_move_ = true;
    return true;
  }
  if (key == gtv::kKeySpecial) {
    if (auto special = gtv::decode_special(value)) {
      tree_.add_move(index, std::move(*special));
      return true;
    }
  } else if (key == gtv::kKeyDrawOffer) {
    const std::span<Move> moves = tree_.mutable_moves(index);
    if (value.empty() && was_move && !moves.back().draw_offer) {
      moves.back().draw_offer = true;
      return true;
    }
  } else if (key == gtv::kKeyValue && header_.version == 2) {
    if (value.size() != 2) {
      return fail(value_offset, "'r' value is " + std::to_string(value.size()) + " bytes, not 2");
    }
    const auto raw = static_cast<std::uint16_t>(*gtv::decode_uint(value));
    const auto r = static_cast<std::int16_t>(raw);
    Evaluation e;
    e.source = EvalSource::kGameTree;
    e.undetermined = r == gtv::kUndeterminedValue;
    e.value = r;
    tree_.add_evaluation(index, e);
    return true;
  } else if (key == gtv::kKeyV1Value && header_.version == 1) {
    if (value.size() != 4) {
      return fail(value_offset, "'v' value is " + std::to_string(value.size()) + " bytes, not 4");
    }
    const auto f = std::bit_cast<float>(static_cast<std::uint32_t>(*gtv::decode_uint(value)));
    // A value that is not a number stays a property: it has no place on the
    // evaluation scale, and keeping its bytes keeps the file.
    if (std::isfinite(f)) {
      Evaluation e;
      e.source = EvalSource::kGameTree;
      e.value = static_cast<double>(f) * 10000.0;
      tree_.add_evaluation(index, e);
      return true;
    }
  } else if (key == gtv::kKeyMain) {
    if (value.size() != 1) {
      return fail(value_offset, "'g' value is " + std::to_string(value.size()) + " bytes, not 1");
    }
    main_flags_.push_back(value);
    return true;
  } else if (key == gtv::kKeyComment && tree_.data(index).comment == nullptr) {
    tree_.set_comment(index, gtv::text_from_file(value));
    return true;
  }
  add_prop(index, key, value);
  return true;
}

void TreeReader::add_prop(NodeIndex index, std::string_view key, std::string_view value) {
  Property& p = tree_.add_prop(index);
  p.id = index == 0 ? std::string(gtv::kRootNodePrefix) + std::string(key) : std::string(key);
  p.values.emplace_back(value);
  p.raw_bytes = true;
}

bool TreeReader::read_point(std::string_view value, std::size_t offset, Move* move) {
  const auto x = static_cast<std::uint8_t>(value[0]);
  const auto y = static_cast<std::uint8_t>(value[1]);
  const auto colour = static_cast<std::uint8_t>(value[2]);
  const auto board = [this] {
    const std::string side = std::to_string(header_.board);
    return side + "x" + side;
  };
  if (x >= header_.board) {
    return fail(offset, "x coordinate " + std::to_string(x) + " is off the " + board() + " board");
  }
  if (y >= header_.board) {
    return fail(offset + 1,
                "y coordinate " + std::to_string(y) + " is off the " + board() + " board");
  }
  if (colour != 1 && colour != 2) {
    return fail(offset + 2, "colour " + std::to_string(colour) + " is not 1 or 2");
  }
  move->seat = static_cast<std::int8_t>(colour);
  move->points.push_back(Point{x, y});
  return true;
}

bool TreeReader::read_move(std::string_view value, std::size_t offset, Move* move) {
  if (value.size() < 3 || (header_.family == Family::kHex && value.size() != 3)) {
    return fail(offset, std::string(family_name(header_.family)) + " move is " +
                            std::to_string(value.size()) + " bytes, not 3" +
                            (header_.family == Family::kTwixt ? " or more" : ""));
  }
  if (!read_point(value, offset, move)) return false;
  if (value.size() == 3) return true;
  // A long Twixt move: pbem_null, removed links, added links.
  const auto pbem_null = static_cast<std::uint8_t>(value[3]);
  if (pbem_null > 1) {
    return fail(offset + 3, "pbem_null is " + std::to_string(pbem_null) + ", not 0 or 1");
  }
  move->autolink = pbem_null == 1;
  std::size_t at = 4;
  if (!read_links(value, offset, &at, false, move)) return false;
  if (!read_links(value, offset, &at, true, move)) return false;
  if (at != value.size()) {
    return fail(offset + at,
                std::to_string(value.size() - at) + " bytes follow the added links of a long move");
  }
  return true;
}

bool TreeReader::read_links(std::string_view value, std::size_t offset, std::size_t* at, bool add,
                            Move* move) {
  const char* what = add ? "added" : "removed";
  if (value.size() - *at < 2) {
    return fail(offset + *at,
                std::string("the long move ends inside its count of ") + what + " links");
  }
  const std::size_t count = *gtv::decode_uint(value.substr(*at, 2));
  if (count > (value.size() - *at - 2) / 3) {
    return fail(offset + *at, std::to_string(count) + " " + what + " links do not fit in the " +
                                  std::to_string(value.size() - *at - 2) +
                                  " bytes left in the move");
  }
  *at += 2;
  const auto on_board = [&](std::int32_t c) { return c >= 0 && c < header_.board; };
  for (std::size_t k = 0; k < count; ++k, *at += 3) {
    gtv::FileLink link;
    link.x = static_cast<std::uint8_t>(value[*at]);
    link.y = static_cast<std::uint8_t>(value[*at + 1]);
    link.direction = static_cast<std::uint8_t>(value[*at + 2]);
    if (!on_board(link.x) || !on_board(link.y)) {
      return fail(offset + *at, "link peg (" + std::to_string(link.x) + ", " +
                                    std::to_string(link.y) + ") is off the board");
    }
    if (link.direction < 1 || link.direction > 4) {
      return fail(offset + *at + 2,
                  "link direction " + std::to_string(link.direction) + " is not 1..4");
    }
    const Point top = gtv::link_top(link);
    if (!on_board(top.x) || !on_board(top.y)) {
      return fail(offset + *at, "link from (" + std::to_string(link.x) + ", " +
                                    std::to_string(link.y) + ") in direction " +
                                    std::to_string(link.direction) + " leaves the board");
    }
    move->links.push_back(gtv::link_edit_from_file(link, add));
  }
  return true;
}

// The known Twixt writer records a swap as the first peg transposed for
// seat 1 and seat 2's peg in the same hole. Read back: the first move as it
// was played (untransposed) and a swap-pieces of seat 2 - what the Little
// Golem record of the same game says. Only when the first move has no other
// continuation: otherwise the transposed peg is what its other children
// build on, so the moves are kept as written (with a warning).
void recognise_swaps(GameRecord& game) {
  GameTree& tree = game.tree;
  const std::vector<bool> above = gtv::moves_above(tree);
  std::vector<bool> warned(tree.size(), false);  // one warning per first move
  for (NodeIndex n = 1; n < tree.size(); ++n) {
    const NodeIndex p = tree.parent(n);
    if (above[p] || !gtv::is_short_placement(tree.data(p), 1) ||
        !gtv::is_short_placement(tree.data(n), 2) ||
        tree.data(p).moves.front().points != tree.data(n).moves.front().points) {
      continue;
    }
    if (!gtv::has_single_child(tree, p)) {
      if (warned[p]) continue;
      warned[p] = true;
      game.warnings.push_back(
          warning_at(0, tree.data(n).pos,
                     "two pegs in one hole kept as written, not read as a swap: the first move "
                     "has other continuations"));
      continue;
    }
    Move& first = tree.mutable_moves(p).front();
    first.points.front() = gtv::transpose(first.points.front());
    Move& swap = tree.mutable_moves(n).front();
    swap.kind = MoveKind::kSwapPieces;
    swap.points.clear();
  }
}

Diagnostic error_at(const Failure& failure, std::int32_t game_index) {
  return error_at(game_index, at_byte(failure.offset), failure.message);
}

}  // namespace

bool looks_like_gtv(std::string_view bytes) {
  const gtv::RawHeader header = gtv::read_header_pairs(bytes);
  if (!header.failure) {
    gtv::HeaderInfo info;
    return !gtv::identify_header(header, &info);
  }
  // Cut inside the header: a version key already read is enough to say what
  // the file is, so that the reader can report where it ends.
  for (const gtv::HeaderPair& p : header.pairs) {
    if (p.key != gtv::kKeyVersion) continue;
    const auto v = gtv::decode_uint(p.value);
    if (v && (*v == 1 || *v == 2)) return true;
  }
  return false;
}

GtvParseOutput read_gtv_game(std::string_view bytes) {
  GtvParseOutput out;
  const gtv::RawHeader header = gtv::read_header_pairs(bytes);
  if (header.failure) {
    out.diagnostics.push_back(error_at(*header.failure, -1));
    return out;
  }
  gtv::HeaderInfo info;
  if (auto failure = gtv::identify_header(header, &info)) {
    out.diagnostics.push_back(error_at(*failure, -1));
    return out;
  }
  if (auto failure = gtv::interpret_header(header, &info)) {
    out.diagnostics.push_back(error_at(*failure, 0));
    return out;
  }
  GameRecord game;
  game.family = info.family;
  game.format = SourceFormat::kGameTree;
  game.dialect = info.version == 1 ? "gtv1" : "gtv2";
  game.columns = info.board;
  game.rows = info.board;
  game.players = std::move(info.players);
  game.event = std::move(info.event);
  game.round = std::move(info.round);
  game.date = std::move(info.date);
  game.result = std::move(info.result);
  game.winner = info.winner;
  game.charset = "ISO-8859-1";
  game.game_index = 0;
  game.pos.byte_offset = 0;
  game.warnings = std::move(info.warnings);
  TreeReader reader(bytes, info, game.tree);
  if (!reader.read(header.end)) {
    out.diagnostics.push_back(error_at(reader.failure(), 0));
    return out;
  }
  // Header pairs go first among the root's properties, in file order.
  std::vector<Property> root_props;
  root_props.reserve(header.pairs.size() + game.tree.data(0).props.size());
  for (const gtv::HeaderPair& p : header.pairs) {
    root_props.push_back(Property{gtv::header_prop_id(p.key), {std::string(p.value)}, true});
  }
  for (Property& p : game.tree.mutable_props(0)) root_props.push_back(std::move(p));
  game.tree.set_props(0, root_props);
  recognise_swaps(game);
  out.game = std::move(game);
  return out;
}

}  // namespace ludex
