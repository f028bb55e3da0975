// Builds, from the SGF reader's events, one flat raw tree per game tree of a
// file: properties with ids as written and values as the raw bytes between
// the brackets (escapes unresolved, no charset decoding), as views into the
// input. The conversion to a GameRecord (importers/sgf/sgf_game_convert.h)
// happens later.
#ifndef LUDEX_IMPORTERS_SGF_SGF_TREE_BUILDER_H_
#define LUDEX_IMPORTERS_SGF_SGF_TREE_BUILDER_H_

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game_tree.h"

namespace ludex {

// One property as read: the id as written and a range of values.
struct RawSgfProperty {
  std::string_view id;
  std::uint32_t first_value = 0;  // index into RawSgfGame::values
  std::uint32_t value_count = 0;
};

// One node as read. Nodes are numbered in file order, which is pre-order (a
// parent before its children), the order GameTree appends them in.
struct RawSgfNode {
  NodeIndex parent = kNoNode;
  std::uint32_t first_prop = 0;  // index into RawSgfGame::props
  std::uint32_t prop_count = 0;
  SourcePos pos;  // where the node's ';' is
};

// A game tree as read, in flat arrays of views into the input: building it
// allocates nothing per node once the arrays have grown to a game's size.
// The views stay valid as long as the input does.
struct RawSgfGame {
  std::int32_t game_index = 0;    // 0-based among all game trees of the file
  SourcePos pos;                  // where the game's '(' is
  std::vector<RawSgfNode> nodes;  // root = node 0
  std::vector<RawSgfProperty> props;
  std::vector<std::string_view> values;  // raw bytes between the brackets
  std::vector<Diagnostic> warnings;      // the reader's warnings for this game

  // The values of a property. Requires p to be one of props.
  std::span<const std::string_view> values_of(const RawSgfProperty& p) const {
    return {values.data() + p.first_value, p.value_count};
  }
  // The properties of a node. Requires n to be one of nodes.
  std::span<const RawSgfProperty> props_of(const RawSgfNode& n) const {
    return {props.data() + n.first_prop, n.prop_count};
  }
  // The same tree as a GameTree whose nodes carry only props (ids as
  // written, values raw) and pos: for tools and tests that want a tree.
  GameTree to_tree() const;
};

// Receives each game that was read without error, in file order. The game's
// arrays are reused for the next game once the sink returns: a sink that
// keeps anything copies it.
using RawSgfGameSink = std::function<void(RawSgfGame& game)>;

// Reads every game tree of `bytes`. A game with a syntax error is not passed
// to `sink`; its error is appended to `errors` with its game_index (the
// index is used up either way). Returns the number of game trees seen.
std::int32_t build_sgf_trees(std::string_view bytes, const RawSgfGameSink& sink,
                             std::vector<Diagnostic>& errors);

// A raw game materialised as a GameTree (RawSgfGame::to_tree).
struct RawSgfTree {
  std::int32_t game_index = 0;
  SourcePos pos;
  GameTree tree;
  std::vector<Diagnostic> warnings;
};

struct RawSgfCollection {
  std::vector<RawSgfTree> games;
  std::vector<Diagnostic> errors;
  std::int32_t game_count = 0;  // including games lost to errors
};

// The same, collecting the games as trees.
RawSgfCollection build_sgf_trees(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_TREE_BUILDER_H_
