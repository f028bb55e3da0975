// Writing game-tree files. Pre-order is exactly the file's nesting (a node,
// its child count, then its children in order), so the tree is written by
// one flat loop over GameTree::preorder(), without recursion.
//
// Key order inside a node (what read -> write reproduces): moves ('m',
// "ludex_special", "ludex_draw_offer") in move order, evaluations ('r'; v1
// 'v'), 'g', the comment 'c', then the other keys in their stored order.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "importers/gtv/gtv_format.h"
#include "importers/gtv/gtv_game.h"
#include "importers/gtv/gtv_header.h"

namespace ludex {
namespace {

constexpr std::uint64_t kMaxShortLength = 0xFFFF;

class Writer {
 public:
  explicit Writer(const GameRecord& game)
      : game_(game),
        tree_(game.tree),
        version_(game.dialect == "gtv1" ? 1 : 2),
        from_gtv_(game.format == SourceFormat::kGameTree) {}

  Result<std::string> write();

 private:
  // Appends a header pair (4-byte value length).
  bool header_pair(std::string_view key, std::string_view value);
  bool write_header();
  bool write_header_from_props();
  void write_canonical_header();
  bool write_node(NodeIndex index);
  bool node_key(std::string_view key, std::string_view value);
  bool write_move(NodeIndex index, const Move& move);
  bool write_placement(NodeIndex index, const Move& move);
  bool write_evaluation(const Evaluation& e);
  // Fails unless p is on the board and fits in byte coordinates.
  bool check_point(Point p);
  bool point_bytes(Point p, std::string& value);
  bool fail(std::string message);
  std::string name_of(std::int8_t seat) const;

  const GameRecord& game_;
  const GameTree& tree_;
  int version_;
  bool from_gtv_;
  std::vector<bool> moves_above_;
  NodeIndex node_ = kNoNode;  // the node being written (kNoNode: the header), for errors
  std::size_t node_number_ = 0;
  std::string out_;
  std::optional<Error> error_;
};

bool Writer::fail(std::string message) {
  Error e;
  if (node_ == kNoNode) {
    e.message = "header: " + std::move(message);
  } else {
    e.pos = tree_.data(node_).pos;
    e.message = "node " + std::to_string(node_number_) + " (in pre-order): " + std::move(message);
  }
  error_ = std::move(e);
  return false;
}

std::string Writer::name_of(std::int8_t seat) const {
  for (const SeatPlayer& p : game_.players) {
    if (p.seat == seat) return p.name;
  }
  return "";
}

bool Writer::header_pair(std::string_view key, std::string_view value) {
  if (key.empty() || key.size() > 255) {
    return fail("header key '" + gtv::quote_bytes(key) + "' is not 1..255 bytes long");
  }
  if (value.size() > 0xFFFFFFFFu) return fail("header value is longer than 4 GB");
  out_ += static_cast<char>(key.size());
  out_ += key;
  out_ += gtv::encode_uint(value.size(), 4);
  out_ += value;
  return true;
}

bool Writer::write_header() {
  bool has_header_props = false;
  if (from_gtv_ && !tree_.empty()) {
    for (const Property& p : tree_.data(0).props) {
      has_header_props = has_header_props || gtv::header_key_of(p.id).has_value();
    }
  }
  if (has_header_props) {
    if (!write_header_from_props()) return false;
  } else {
    write_canonical_header();
  }
  out_ += '\0';
  return !error_;
}

// The header as it was read, with the mapped fields re-encoded where the
// GameRecord now says something else; mapped fields the header lacks are
// appended.
bool Writer::write_header_from_props() {
  const std::string_view board_key = gtv::board_key(version_);
  const std::string_view p1 = gtv::player_key(version_, 1);
  const std::string_view p2 = gtv::player_key(version_, 2);
  bool seen_version = false, seen_type = false, seen_board = false, seen_p1 = false,
       seen_p2 = false, seen_event = false, seen_round = false, seen_date = false,
       seen_result = false, seen_winner = false;
  const auto text_field = [&](bool* seen, std::string_view raw, const std::string& field) {
    const bool first = !*seen;
    *seen = true;
    if (!first || gtv::text_from_file(raw) == field) return std::string(raw);
    return gtv::text_to_file(field);
  };
  bool has_hex_version = false, has_twixt_version = false;
  for (const Property& prop : tree_.data(0).props) {
    const auto key = gtv::header_key_of(prop.id);
    if (!key) continue;
    if (prop.values.size() != 1) {
      return fail("header property '" + gtv::quote_bytes(*key) + "' has " +
                  std::to_string(prop.values.size()) + " values, not 1");
    }
    const std::string& raw = prop.values.front();
    std::string value = raw;
    if (*key == gtv::kKeyVersion && !seen_version) {
      seen_version = true;
      if (gtv::decode_uint(raw) != static_cast<std::uint64_t>(version_)) {
        value = gtv::encode_uint(static_cast<std::uint64_t>(version_), 4);
      }
    } else if (*key == gtv::kKeyType && !seen_type) {
      seen_type = true;
      if (gtv::family_from_type(raw) != game_.family) value = gtv::type_name(game_.family);
    } else if (*key == board_key && !seen_board) {
      seen_board = true;
      if (gtv::decode_board(raw) != game_.columns) {
        const auto side = static_cast<std::uint64_t>(game_.columns);
        const bool fits = !raw.empty() && raw.size() <= 8 && gtv::width_for(side) <= raw.size();
        value = gtv::encode_uint(side, fits ? raw.size() : 4);
      }
    } else if (*key == p1) {
      value = text_field(&seen_p1, raw, name_of(1));
    } else if (*key == p2) {
      value = text_field(&seen_p2, raw, name_of(2));
    } else if (*key == gtv::kKeyEvent) {
      value = text_field(&seen_event, raw, game_.event);
    } else if (*key == gtv::kKeyRound) {
      value = text_field(&seen_round, raw, game_.round);
    } else if (*key == gtv::kKeyDate) {
      value = text_field(&seen_date, raw, game_.date);
    } else if (*key == gtv::kKeyResult) {
      value = text_field(&seen_result, raw, game_.result);
    } else if (*key == gtv::kKeyWinner && !seen_winner) {
      seen_winner = true;
      const auto w = gtv::decode_winner(raw);
      if (w && *w != game_.winner) {
        value = gtv::encode_uint(static_cast<std::uint64_t>(game_.winner), 1);
      }
    }
    has_hex_version = has_hex_version || *key == gtv::kKeyHexVersion;
    has_twixt_version = has_twixt_version || *key == gtv::kKeyTwixtVersion;
    if (!header_pair(*key, value)) return false;
  }
  // What the record has and the header did not say.
  if (!seen_version && version_ == 2) header_pair(gtv::kKeyVersion, gtv::encode_uint(2, 4));
  const bool inferred =
      version_ == 1 ? game_.family == Family::kHex
                    : (game_.family == Family::kHex ? has_hex_version && !has_twixt_version
                                                    : has_twixt_version && !has_hex_version);
  if (!seen_type && !inferred) header_pair(gtv::kKeyType, gtv::type_name(game_.family));
  if (!seen_board) {
    header_pair(board_key, gtv::encode_uint(static_cast<std::uint64_t>(game_.columns), 4));
  }
  if (!seen_p1 && !name_of(1).empty()) header_pair(p1, gtv::text_to_file(name_of(1)));
  if (!seen_p2 && !name_of(2).empty()) header_pair(p2, gtv::text_to_file(name_of(2)));
  if (!seen_event && !game_.event.empty())
    header_pair(gtv::kKeyEvent, gtv::text_to_file(game_.event));
  if (!seen_round && !game_.round.empty())
    header_pair(gtv::kKeyRound, gtv::text_to_file(game_.round));
  if (!seen_date && !game_.date.empty()) header_pair(gtv::kKeyDate, gtv::text_to_file(game_.date));
  if (!seen_result && !game_.result.empty()) {
    header_pair(gtv::kKeyResult, gtv::text_to_file(game_.result));
  }
  if (!seen_winner && game_.winner != 0) {
    header_pair(gtv::kKeyWinner, gtv::encode_uint(static_cast<std::uint64_t>(game_.winner), 1));
  }
  return !error_;
}

// The known writer's layout (gtv, player1, player2, pov = 0, type, bdsize,
// tgtv), with 'name' from an SGF GN and ludex's extension keys after it.
void Writer::write_canonical_header() {
  const auto side = static_cast<std::uint64_t>(game_.columns);
  const bool hex = game_.family == Family::kHex;
  if (version_ == 2) header_pair(gtv::kKeyVersion, gtv::encode_uint(2, 4));
  if (!name_of(1).empty()) header_pair(gtv::player_key(version_, 1), gtv::text_to_file(name_of(1)));
  if (!name_of(2).empty()) header_pair(gtv::player_key(version_, 2), gtv::text_to_file(name_of(2)));
  if (!from_gtv_ && !tree_.empty()) {
    for (const Property& p : tree_.data(0).props) {
      if (p.id != "GN" || p.values.empty()) continue;
      header_pair(gtv::kKeyName,
                  p.raw_bytes ? p.values.front() : gtv::text_to_file(p.values.front()));
      break;
    }
  }
  if (version_ == 2) {
    header_pair(gtv::kKeyPov, std::string(1, '\0'));
    header_pair(gtv::kKeyType, gtv::type_name(game_.family));
    header_pair(gtv::kKeyBoardSize, gtv::encode_uint(side, 4));
    header_pair(hex ? gtv::kKeyHexVersion : gtv::kKeyTwixtVersion, gtv::encode_uint(1, 4));
  } else {
    if (!hex) header_pair(gtv::kKeyType, gtv::type_name(game_.family));
    header_pair(gtv::kKeyV1Size, gtv::encode_uint(side, gtv::width_for(side)));
  }
  if (!game_.event.empty()) header_pair(gtv::kKeyEvent, gtv::text_to_file(game_.event));
  if (!game_.round.empty()) header_pair(gtv::kKeyRound, gtv::text_to_file(game_.round));
  if (!game_.date.empty()) header_pair(gtv::kKeyDate, gtv::text_to_file(game_.date));
  if (!game_.result.empty()) header_pair(gtv::kKeyResult, gtv::text_to_file(game_.result));
  if (game_.winner != 0) {
    header_pair(gtv::kKeyWinner, gtv::encode_uint(static_cast<std::uint64_t>(game_.winner), 1));
  }
}

bool Writer::node_key(std::string_view key, std::string_view value) {
  if (key.empty() || key.size() > 255) {
    return fail("node key '" + gtv::quote_bytes(key) + "' is not 1..255 bytes long");
  }
  const bool wide = version_ == 1 || key == gtv::kKeyComment;
  const std::uint64_t max = wide ? 0xFFFFFFFFu : kMaxShortLength;
  if (value.size() > max) {
    return fail("value of node key '" + gtv::quote_bytes(key) + "' is " +
                std::to_string(value.size()) + " bytes; at most " + std::to_string(max) + " fit");
  }
  out_ += static_cast<char>(key.size());
  out_ += key;
  out_ += gtv::encode_uint(value.size(), wide ? 4 : 2);
  out_ += value;
  return true;
}

bool Writer::check_point(Point p) {
  const auto limit = std::min<std::int32_t>(game_.columns, gtv::kMaxByteCoordinate + 1);
  if (p.x < 0 || p.y < 0 || p.x >= limit || p.y >= limit) {
    return fail("point (" + std::to_string(p.x) + ", " + std::to_string(p.y) +
                ") cannot be written: coordinates are bytes on the " +
                std::to_string(game_.columns) + "x" + std::to_string(game_.rows) + " board");
  }
  return true;
}

bool Writer::point_bytes(Point p, std::string& value) {
  if (!check_point(p)) return false;
  value += static_cast<char>(p.x);
  value += static_cast<char>(p.y);
  return true;
}

// True if node p is a first move followed by a swap that can be written the
// way the known Twixt writer does: p's peg transposed, then seat 2's peg in
// the same hole (gtv_reader.cpp reads the pair back).
bool swap_is_writable_after(const GameTree& tree, const std::vector<bool>& above, NodeIndex p) {
  if (above[p] || !gtv::is_short_placement(tree.data(p), 1) || !gtv::has_single_child(tree, p)) {
    return false;
  }
  const NodeView& n = tree.data(tree.first_child(p));
  if (n.moves.size() != 1) return false;
  const Move& s = n.moves.front();
  const Point target = gtv::transpose(tree.data(p).moves.front().points.front());
  return s.kind == MoveKind::kSwapPieces && s.seat == 2 && s.links.empty() && s.autolink &&
         (s.points.empty() || (s.points.size() == 1 && s.points.front() == target));
}

bool Writer::write_placement(NodeIndex index, const Move& move) {
  if (move.points.size() != 1) {
    return fail("a placement of " + std::to_string(move.points.size()) +
                " points cannot be written; the format places one peg or stone");
  }
  if (move.seat != 1 && move.seat != 2) {
    return fail("a placement of seat " + std::to_string(move.seat) + " cannot be written");
  }
  Point p = move.points.front();
  if (swap_is_writable_after(tree_, moves_above_, index)) p = gtv::transpose(p);
  std::string value;
  if (!point_bytes(p, value)) return false;
  value += static_cast<char>(move.seat);
  const bool is_long = game_.family == Family::kTwixt && (!move.autolink || !move.links.empty());
  if (game_.family == Family::kHex && !move.links.empty()) {
    return fail("a hex move cannot carry link edits");
  }
  if (is_long && link_additions_ignored(SourceFormat::kGameTree, move) &&
      !link_additions_ignored(game_.format, move) &&
      std::any_of(move.links.begin(), move.links.end(), [](const LinkEdit& e) { return e.add; })) {
    // The format ignores an autolinking move's additions; writing them with
    // pbem_null = 0 would need the automatic links, which only a position
    // knows.
    return fail(
        "a long move that adds links and also links the new peg automatically cannot be "
        "written: the format ignores the added links of such a move");
  }
  if (is_long) {
    value += static_cast<char>(move.autolink ? 1 : 0);
    for (bool add : {false, true}) {
      std::string list;
      std::uint64_t count = 0;
      for (const LinkEdit& edit : move.links) {
        if (edit.add != add) continue;
        const auto link = gtv::file_link_from_edit(edit);
        if (!link) {
          return fail("link edit at centre (" + std::to_string(edit.cx2) + ", " +
                      std::to_string(edit.cy2) + ")/2 with slope " + std::to_string(edit.slope) +
                      " names no link direction");
        }
        const Point bottom{static_cast<std::int16_t>(link->x), static_cast<std::int16_t>(link->y)};
        // Only the bottom peg is written (in bytes); the top peg need only be
        // on the board, as the reader checks.
        const Point top = gtv::link_top(*link);
        if (top.x < 0 || top.y < 0 || top.x >= game_.columns || top.y >= game_.rows) {
          return fail("link from (" + std::to_string(bottom.x) + ", " + std::to_string(bottom.y) +
                      ") to (" + std::to_string(top.x) + ", " + std::to_string(top.y) +
                      ") leaves the board");
        }
        if (!point_bytes(bottom, list)) return false;
        list += static_cast<char>(link->direction);
        ++count;
      }
      if (count > kMaxShortLength) return fail("more than 65535 links in one list");
      value += gtv::encode_uint(count, 2);
      value += list;
    }
  }
  if (!node_key(gtv::kKeyMove, value)) return false;
  if (move.draw_offer) return node_key(gtv::kKeyDrawOffer, "");
  return true;
}

bool Writer::write_move(NodeIndex index, const Move& move) {
  if (move.kind == MoveKind::kPlace) return write_placement(index, move);
  const NodeIndex parent = tree_.parent(index);
  if (move.kind == MoveKind::kSwapPieces && parent != kNoNode &&
      swap_is_writable_after(tree_, moves_above_, parent)) {
    const Point first = tree_.data(parent).moves.front().points.front();
    std::string value;
    if (!point_bytes(gtv::transpose(first), value)) return false;
    value += static_cast<char>(2);
    if (!node_key(gtv::kKeyMove, value)) return false;
    if (move.draw_offer) return node_key(gtv::kKeyDrawOffer, "");
    return true;
  }
  if (move.seat < 0)
    return fail("a move of seat " + std::to_string(move.seat) + " cannot be written");
  return node_key(gtv::kKeySpecial, gtv::encode_special(move));
}

bool Writer::write_evaluation(const Evaluation& e) {
  if (version_ == 1) {
    if (e.undetermined) return fail("version 1 has no undetermined evaluation");
    const auto f = static_cast<float>(e.value / 10000.0);
    if (!std::isfinite(f)) return fail("evaluation " + std::to_string(e.value) + " is not finite");
    std::uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    return node_key(gtv::kKeyV1Value, gtv::encode_uint(bits, 4));
  }
  std::int64_t r = gtv::kUndeterminedValue;
  if (!e.undetermined) {
    if (!std::isfinite(e.value) || e.value < -32768.5 || e.value >= 32767.5) {
      return fail("evaluation " + std::to_string(e.value) + " does not fit in 16 bits");
    }
    r = std::llround(e.value);
    if (r == gtv::kUndeterminedValue) {
      return fail("evaluation 12345 would read back as 'undetermined'");
    }
  }
  return node_key(gtv::kKeyValue, gtv::encode_uint(static_cast<std::uint16_t>(r), 2));
}

bool Writer::write_node(NodeIndex index) {
  const NodeView& data = tree_.data(index);
  // The node's own unknown keys: all properties of a non-root node, the
  // "gtv-node:" ones of the root. Games from other formats carry SGF
  // properties, which are not game-tree keys and are not written.
  std::vector<std::pair<std::string_view, const Property*>> props;
  if (from_gtv_) {
    for (const Property& p : data.props) {
      std::string_view key = p.id;
      if (index == 0) {
        if (!key.starts_with(gtv::kRootNodePrefix)) continue;
        key.remove_prefix(gtv::kRootNodePrefix.size());
      }
      if (p.values.size() != 1) {
        return fail("property '" + gtv::quote_bytes(key) + "' has " +
                    std::to_string(p.values.size()) + " values, not 1");
      }
      props.emplace_back(key, &p);
    }
  } else {
    for (const Property& p : data.props) {
      if (p.id == "AB" || p.id == "AW" || p.id == "AE") {
        return fail("setup property " + p.id + " cannot be written in the game-tree format");
      }
    }
  }
  // A "ludex_draw_offer" property written right after an 'm' would read back
  // as that move's flag: leading ones go first in the node instead.
  std::size_t lead = 0;
  while (lead < props.size() && props[lead].first == gtv::kKeyDrawOffer &&
         props[lead].second->values.front().empty()) {
    if (!node_key(props[lead].first, "")) return false;
    ++lead;
  }
  for (const Move& m : data.moves) {
    if (!write_move(index, m)) return false;
  }
  for (const Evaluation& e : data.evaluations) {
    if (e.source == EvalSource::kGameTree && !write_evaluation(e)) return false;
  }
  // 'g' values kept verbatim replace the canonical flag (gtv_reader.cpp).
  bool verbatim_main = false;
  for (std::size_t k = lead; k < props.size(); ++k) {
    if (props[k].first != gtv::kKeyMain) continue;
    verbatim_main = true;
    if (!node_key(props[k].first, props[k].second->values.front())) return false;
  }
  if (data.main_flag && !verbatim_main && !node_key(gtv::kKeyMain, std::string(1, '\x01'))) {
    return false;
  }
  if (data.comment && !node_key(gtv::kKeyComment, gtv::text_to_file(*data.comment))) return false;
  for (std::size_t k = lead; k < props.size(); ++k) {
    if (props[k].first == gtv::kKeyMain) continue;
    if (!node_key(props[k].first, props[k].second->values.front())) return false;
  }
  out_ += '\0';
  const std::size_t children = tree_.child_count(index);
  if (version_ == 2 && children > kMaxShortLength) {
    return fail(std::to_string(children) + " children; at most 65535 fit");
  }
  out_ += gtv::encode_uint(children, version_ == 1 ? 4 : 2);
  return true;
}

Result<std::string> Writer::write() {
  if (game_.family != Family::kHex && game_.family != Family::kTwixt) {
    return Error{{},
                 "the game-tree format holds hex and twixt games, not " +
                     std::string(family_name(game_.family))};
  }
  if (game_.columns != game_.rows || game_.columns < 1 || game_.columns > gtv::kMaxBoardSide) {
    return Error{{},
                 "the game-tree format needs a square board of side 1.." +
                     std::to_string(gtv::kMaxBoardSide) + ", not " + std::to_string(game_.columns) +
                     "x" + std::to_string(game_.rows)};
  }
  if (!write_header()) return *error_;
  if (tree_.empty()) {
    out_ += '\0';  // an empty root with no children
    out_ += gtv::encode_uint(0, version_ == 1 ? 4 : 2);
    return std::move(out_);
  }
  moves_above_ = gtv::moves_above(tree_);
  for (NodeIndex index : tree_.preorder()) {
    node_ = index;
    if (!write_node(index)) return *error_;
    ++node_number_;
  }
  return std::move(out_);
}

}  // namespace

Result<std::string> write_gtv_game(const GameRecord& game) {
  return Writer(game).write();
}

}  // namespace ludex
