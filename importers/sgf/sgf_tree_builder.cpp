#include "importers/sgf/sgf_tree_builder.h"

#include <utility>

#include "importers/sgf/sgf_reader.h"

namespace ludex {
namespace {

// Collects a game in flat scratch arrays of views into the input (reused from
// game to game, so reading allocates nothing per token) and builds the
// GameTree in one go when the game ends, with every vector sized exactly.
class TreeBuilder final : public SgfEventHandler {
 public:
  TreeBuilder(const RawSgfGameSink& sink, std::vector<Diagnostic>& errors)
      : sink_(sink), errors_(errors) {}

  std::int32_t game_count() const { return next_index_; }

  void begin_tree(std::int32_t depth, const SourcePos& pos) override {
    if (depth == 0) {
      game_ = RawSgfGame{};
      game_.game_index = next_index_++;
      game_.pos = pos;
      nodes_.clear();
      props_.clear();
      values_.clear();
      stack_.clear();
      current_ = kNoNode;
      return;
    }
    stack_.push_back(current_);
  }

  void end_tree(std::int32_t depth, const SourcePos& /*pos*/) override {
    if (depth == 0) {
      build_tree();
      sink_(std::move(game_));
      game_ = RawSgfGame{};
      return;
    }
    current_ = stack_.back();
    stack_.pop_back();
  }

  void begin_node(const SourcePos& pos) override {
    ProtoNode node;
    node.parent = current_;
    node.first_prop = static_cast<std::uint32_t>(props_.size());
    node.pos = pos;
    current_ = static_cast<NodeIndex>(nodes_.size());
    nodes_.push_back(node);
  }

  void property(std::string_view id, const std::vector<std::string_view>& values,
                const SourcePos& /*pos*/) override {
    ProtoProp prop;
    prop.id = id;
    prop.first_value = static_cast<std::uint32_t>(values_.size());
    prop.value_count = static_cast<std::uint32_t>(values.size());
    values_.insert(values_.end(), values.begin(), values.end());
    props_.push_back(prop);
    ++nodes_.back().prop_count;
  }

  void warning(const SourcePos& pos, std::string message) override {
    Diagnostic d;
    d.severity = Severity::kWarning;
    d.game_index = game_.game_index;
    d.pos = pos;
    d.message = std::move(message);
    game_.warnings.push_back(std::move(d));
  }

  void error(const SourcePos& pos, std::string message) override {
    Diagnostic d;
    d.severity = Severity::kError;
    d.game_index = game_.game_index;
    d.pos = pos;
    d.message = std::move(message);
    errors_.push_back(std::move(d));
    game_ = RawSgfGame{};
  }

 private:
  struct ProtoNode {
    NodeIndex parent = kNoNode;
    std::uint32_t first_prop = 0;
    std::uint32_t prop_count = 0;
    SourcePos pos;
  };
  struct ProtoProp {
    std::string_view id;
    std::uint32_t first_value = 0;
    std::uint32_t value_count = 0;
  };

  // Nodes were numbered in the order they started, parents first, which is
  // the order GameTree appends them in, so indices carry over.
  void build_tree() {
    GameTree& tree = game_.tree;
    tree.reserve(nodes_.size());
    for (const ProtoNode& n : nodes_) {
      const NodeIndex i = n.parent == kNoNode ? tree.add_root() : tree.add_child(n.parent);
      NodeData& d = tree.data(i);
      d.pos = n.pos;
      d.props.resize(n.prop_count);
      for (std::uint32_t k = 0; k < n.prop_count; ++k) {
        const ProtoProp& proto = props_[n.first_prop + k];
        Property& p = d.props[k];
        p.id.assign(proto.id);
        p.values.reserve(proto.value_count);
        for (std::uint32_t v = 0; v < proto.value_count; ++v) {
          p.values.emplace_back(values_[proto.first_value + v]);
        }
      }
    }
  }

  const RawSgfGameSink& sink_;
  std::vector<Diagnostic>& errors_;
  RawSgfGame game_;
  std::vector<ProtoNode> nodes_;
  std::vector<ProtoProp> props_;
  std::vector<std::string_view> values_;
  std::vector<NodeIndex> stack_;  // the node each open variation hangs from
  NodeIndex current_ = kNoNode;
  std::int32_t next_index_ = 0;
};

}  // namespace

std::int32_t build_sgf_trees(std::string_view bytes, const RawSgfGameSink& sink,
                             std::vector<Diagnostic>& errors) {
  TreeBuilder builder(sink, errors);
  read_sgf_events(bytes, builder);
  return builder.game_count();
}

RawSgfCollection build_sgf_trees(std::string_view bytes) {
  RawSgfCollection out;
  out.game_count = build_sgf_trees(
      bytes, [&out](RawSgfGame&& game) { out.games.push_back(std::move(game)); }, out.errors);
  return out;
}

}  // namespace ludex
