#include "importers/sgf/sgf_tree_builder.h"

#include <utility>

#include "importers/sgf/sgf_reader_impl.h"

namespace ludex {
namespace {

// Collects a game in the flat arrays of one RawSgfGame, reused from game to
// game, so that reading allocates nothing per token or node.
class TreeBuilder final : public SgfEventHandler {
 public:
  TreeBuilder(const RawSgfGameSink& sink, std::vector<Diagnostic>& errors)
      : sink_(sink), errors_(errors) {}

  std::int32_t game_count() const { return next_index_; }

  void begin_tree(std::int32_t depth, const SourcePos& pos) override {
    if (depth == 0) {
      game_.game_index = next_index_++;
      game_.pos = pos;
      game_.nodes.clear();
      game_.props.clear();
      game_.values.clear();
      game_.warnings.clear();
      stack_.clear();
      current_ = kNoNode;
      return;
    }
    stack_.push_back(current_);
  }

  void end_tree(std::int32_t depth, const SourcePos& /*pos*/) override {
    if (depth == 0) {
      sink_(game_);
      return;
    }
    current_ = stack_.back();
    stack_.pop_back();
  }

  void begin_node(const SourcePos& pos) override {
    RawSgfNode node;
    node.parent = current_;
    node.first_prop = static_cast<std::uint32_t>(game_.props.size());
    node.pos = pos;
    current_ = static_cast<NodeIndex>(game_.nodes.size());
    game_.nodes.push_back(node);
  }

  void property(std::string_view id, const std::vector<std::string_view>& values,
                const SourcePos& /*pos*/) override {
    game_.props.push_back(RawSgfProperty{id, static_cast<std::uint32_t>(game_.values.size()),
                                         static_cast<std::uint32_t>(values.size())});
    // One by one: nearly always one value, where a range insert costs more.
    for (const std::string_view v : values) game_.values.push_back(v);
    ++game_.nodes.back().prop_count;
  }

  void warning(const SourcePos& pos, std::string message) override {
    game_.warnings.push_back(warning_at(game_.game_index, pos, std::move(message)));
  }

  void error(const SourcePos& pos, std::string message) override {
    errors_.push_back(error_at(game_.game_index, pos, std::move(message)));
  }

 private:
  const RawSgfGameSink& sink_;
  std::vector<Diagnostic>& errors_;
  RawSgfGame game_;
  std::vector<NodeIndex> stack_;  // the node each open variation hangs from
  NodeIndex current_ = kNoNode;
  std::int32_t next_index_ = 0;
};

}  // namespace

std::int32_t build_sgf_trees(std::string_view bytes, const RawSgfGameSink& sink,
                             std::vector<Diagnostic>& errors) {
  TreeBuilder builder(sink, errors);
  // The reader instantiated for TreeBuilder itself: its handlers run for
  // every node and property, and are inlined rather than called virtually.
  sgf_internal::Reader<TreeBuilder> reader(bytes, builder);
  reader.run();
  return builder.game_count();
}

GameTree RawSgfGame::to_tree() const {
  GameTree tree;
  tree.reserve(nodes.size());
  for (const RawSgfNode& n : nodes) {
    const NodeIndex i = n.parent == kNoNode ? tree.add_root() : tree.add_child(n.parent);
    tree.set_pos(i, n.pos);
    for (const RawSgfProperty& raw : props_of(n)) {
      Property& p = tree.add_prop(i);
      p.id.assign(raw.id);
      const std::span<const std::string_view> vs = values_of(raw);
      p.values.assign(vs.begin(), vs.end());
    }
  }
  return tree;
}

RawSgfCollection build_sgf_trees(std::string_view bytes) {
  RawSgfCollection out;
  out.game_count = build_sgf_trees(
      bytes,
      [&out](RawSgfGame& game) {
        out.games.push_back(RawSgfTree{game.game_index, game.pos, game.to_tree(), game.warnings});
      },
      out.errors);
  return out;
}

}  // namespace ludex
