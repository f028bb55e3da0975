#include "core/moves_hash.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "core/zobrist.h"

namespace ludex {
namespace {

// The moves that a duplicate must repeat: those that change the board or
// the seats.
bool counts(const Move& move) {
  switch (move.kind) {
    case MoveKind::kResign:
    case MoveKind::kForfeit:
    case MoveKind::kDrawOffer:
    case MoveKind::kDrawAccept:
      return false;
    default:
      return true;
  }
}

// Setup properties (SGF AB, AW, AE; Pentobi's A1..A4): a position set up
// is part of what a game is. Their values are compared as written.
bool is_setup(const std::string& id) {
  return id == "AB" || id == "AW" || id == "AE" || id == "A1" || id == "A2" || id == "A3" ||
         id == "A4";
}

class Mixer {
 public:
  void add(std::uint64_t value) { h_ = splitmix64(h_ ^ splitmix64(value + 0x9e3779b97f4a7c15ULL)); }
  std::uint64_t value() const { return h_ == 0 ? 1 : h_; }

 private:
  std::uint64_t h_ = kZobristSeed ^ 0x6d6f766573ULL;  // "moves"
};

// A Twixt long move: link edits, or no automatic links. Every other move
// (and every move of the other families, whose moves always autolink and
// carry no links) adds nothing more, so their hashes are what version 1 gave.
bool is_long_move(const Move& move) {
  return !move.links.empty() || !move.autolink;
}

// The words a long move adds after its points, each >= 2^32 or counted
// after a marker >= 2^32, so that they cannot be read as the words of a move
// (those are < 2^32). Removals by centre only: SGF names a removal by its
// centre (slope 0, resolved by the position) where the binary format gives
// its direction, and under the standard rules one link at most sits at a
// centre. Additions by centre and slope, in the order written. The additions
// of an autolinking move read from a binary game tree are left out: its
// position builder ignores them (specs/game-tree-binary-format.txt).
void add_long_move(Mixer& mix, const Move& move, SourceFormat format) {
  const bool ignore_additions = link_additions_ignored(format, move);
  std::uint64_t edits = 0;
  for (const LinkEdit& e : move.links) {
    if (!e.add || !ignore_additions) ++edits;
  }
  mix.add(0x6c6f6e6700000000ULL | (move.autolink ? 0x80000000ULL : 0) | edits);  // "long"
  for (const LinkEdit& e : move.links) {
    if (e.add && ignore_additions) continue;
    const std::uint64_t centre = static_cast<std::uint64_t>(static_cast<std::uint16_t>(e.cx2))
                                     << 16 |
                                 static_cast<std::uint16_t>(e.cy2);
    const std::uint64_t slope = e.add ? static_cast<std::uint8_t>(e.slope) : 0;
    mix.add((e.add ? 0x6164640000000000ULL : 0x72656d0000000000ULL) | slope << 32 | centre);
  }
}

}  // namespace

std::uint64_t moves_hash(const GameRecord& game) {
  Mixer mix;
  mix.add(static_cast<std::uint64_t>(game.family));
  // The variant names the board only in the Blokus family; elsewhere it is
  // the file's GM text, which formats write differently.
  if (game.family == Family::kBlokus) {
    for (const char c : game.variant) mix.add(static_cast<unsigned char>(c));
  }
  mix.add(static_cast<std::uint64_t>(static_cast<std::uint32_t>(game.columns)) << 32 |
          static_cast<std::uint32_t>(game.rows));
  const GameTree& tree = game.tree;
  if (tree.empty()) return 0;
  // (node, depth counted in move-bearing nodes above it)
  std::vector<std::pair<NodeIndex, std::uint32_t>> stack = {{0, 0}};
  std::vector<Point> points;
  bool any = false;  // a move or setup seen
  while (!stack.empty()) {
    const auto [node, depth] = stack.back();
    stack.pop_back();
    bool bears = false;
    for (const Property& prop : tree.data(node).props) {
      if (!is_setup(prop.id)) continue;
      if (!bears) mix.add(0xdead0000ULL | depth);
      bears = true;
      for (const char c : prop.id) mix.add(static_cast<unsigned char>(c));
      std::vector<std::string> values(prop.values.begin(), prop.values.end());
      std::sort(values.begin(), values.end());
      for (const std::string& v : values) {
        mix.add(0x76616cULL);  // "val"
        for (const char c : v) mix.add(static_cast<unsigned char>(c));
      }
    }
    for (const Move& move : tree.data(node).moves) {
      if (!counts(move)) continue;
      if (!bears) mix.add(0xdead0000ULL | depth);
      bears = true;
      mix.add(static_cast<std::uint64_t>(static_cast<std::uint8_t>(move.seat)) << 16 |
              static_cast<std::uint64_t>(static_cast<std::uint8_t>(move.color)) << 8 |
              static_cast<std::uint8_t>(move.kind));
      points.assign(move.points.begin(), move.points.end());
      std::sort(points.begin(), points.end());
      mix.add(points.size());
      for (const Point& p : points) {
        mix.add(static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.x)) << 16 |
                static_cast<std::uint16_t>(p.y));
      }
      if (is_long_move(move)) add_long_move(mix, move, game.format);
    }
    any = any || bears;
    const std::uint32_t child_depth = bears ? depth + 1 : depth;
    // Children pushed last-first so that they come off the stack in order.
    std::vector<NodeIndex> children;
    for (NodeIndex c = tree.first_child(node); c != kNoNode; c = tree.next_sibling(c)) {
      children.push_back(c);
    }
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.emplace_back(*it, child_depth);
    }
  }
  return any ? mix.value() : 0;
}

}  // namespace ludex
