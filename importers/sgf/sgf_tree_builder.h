// Builds, from the SGF reader's events, one flat GameTree per game tree of a
// file. Node props hold the raw properties: ids as written, values as the raw
// bytes between the brackets (escapes unresolved, no charset decoding). The
// conversion to a GameRecord (importers/sgf/sgf_game.h) happens later.
#ifndef LUDEX_IMPORTERS_SGF_SGF_TREE_BUILDER_H_
#define LUDEX_IMPORTERS_SGF_SGF_TREE_BUILDER_H_

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game_tree.h"

namespace ludex {

struct RawSgfGame {
  std::int32_t game_index = 0;  // 0-based among all game trees of the file
  SourcePos pos;                // where the game's '(' is
  // Root = node 0; nodes are numbered in file order, which is pre-order (a
  // parent before its children). Only NodeData::props and pos are set.
  GameTree tree;
  std::vector<Diagnostic> warnings;  // the reader's warnings for this game
};

// Receives each game that was read without error, in file order.
using RawSgfGameSink = std::function<void(RawSgfGame&& game)>;

// Reads every game tree of `bytes`. A game with a syntax error is not passed
// to `sink`; its error is appended to `errors` with its game_index (the
// index is used up either way). Returns the number of game trees seen.
std::int32_t build_sgf_trees(std::string_view bytes, const RawSgfGameSink& sink,
                             std::vector<Diagnostic>& errors);

struct RawSgfCollection {
  std::vector<RawSgfGame> games;
  std::vector<Diagnostic> errors;
  std::int32_t game_count = 0;  // including games lost to errors
};

// The same, collecting the games.
RawSgfCollection build_sgf_trees(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_TREE_BUILDER_H_
