// Writing SGF text: the mirror of importers/sgf/sgf_reader.h. SgfWriter emits
// tokens with line breaks at reasonable places; write_sgf_game_tree walks a
// GameTree iteratively (no recursion, whatever the depth) and lets a callback
// write each node's properties.
#ifndef LUDEX_IMPORTERS_SGF_SGF_WRITER_H_
#define LUDEX_IMPORTERS_SGF_SGF_WRITER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game_tree.h"
#include "core/node.h"

namespace ludex {

// How a property's values are written.
enum class SgfValueForm : std::uint8_t {
  kText = 0,  // escaped: '\' and ']' get a '\' (values as sgf_unescape gives them)
  kRaw = 1,   // verbatim (raw bytes as the reader gives them, move values)
};

// Appends SGF tokens to a string. Lines are broken (with white space SGF
// ignores) before a node or property that would start past column 72.
class SgfWriter {
 public:
  explicit SgfWriter(std::string& out);

  // "(", on a new line unless at the start of the output or `same_line`.
  void begin_tree(bool same_line = false);
  void end_tree();    // ")"
  void begin_node();  // ";"
  void line_break();  // "\n"
  void property(std::string_view id, std::span<const std::string> values, SgfValueForm form);
  void property(std::string_view id, std::string_view value, SgfValueForm form);

 private:
  void maybe_wrap();
  void append_value(std::string_view value, SgfValueForm form);

  std::string& out_;
  std::size_t line_start_;  // offset in out_ where the current line starts
};

// Writes one node: called with the node's index and the writer, after the
// node's ';'.
using SgfNodeWriter = std::function<void(NodeIndex node, SgfWriter& writer)>;

// The order variations are written in. SGF has no main-variation flag: its
// main line is the first variation, so kMainFirst writes each node's
// main_child() first (the others in stored order) to keep the main line.
enum class SgfChildOrder : std::uint8_t { kAsStored = 0, kMainFirst = 1 };

// Appends `tree` as an SGF game tree "(;...)\n": a node with one child
// continues its sequence, a node with several children opens a variation for
// each, on a new line unless the variation's node holds a game-start
// property (see is_sgf_game_start_property). Requires !tree.empty().
void write_sgf_game_tree(const GameTree& tree, const SgfNodeWriter& write_node, std::string& out,
                         SgfChildOrder order = SgfChildOrder::kAsStored);

// Writes a tree whose nodes carry only props (as the tree builder makes them),
// all values in `form`. The mirror of build_sgf_trees for one game.
std::string write_sgf_props_tree(const GameTree& tree, SgfValueForm form);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_WRITER_H_
