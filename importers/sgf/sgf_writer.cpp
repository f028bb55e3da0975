#include "importers/sgf/sgf_writer.h"

#include "importers/sgf/sgf_text.h"

namespace ludex {
namespace {

constexpr std::size_t kWrapColumn = 72;

// True if a variation starting with node i must stay on the line of what
// precedes it (see is_sgf_game_start_property).
bool keep_on_line(const GameTree& tree, NodeIndex i) {
  for (const Property& p : tree.data(i).props) {
    if (is_sgf_game_start_property(p.id)) return true;
  }
  return false;
}

}  // namespace

SgfWriter::SgfWriter(std::string& out) : out_(out) {
  const std::size_t nl = out_.rfind('\n');
  line_start_ = nl == std::string::npos ? 0 : nl + 1;
}

void SgfWriter::line_break() {
  out_.push_back('\n');
  line_start_ = out_.size();
}

void SgfWriter::maybe_wrap() {
  if (out_.size() - line_start_ > kWrapColumn) line_break();
}

void SgfWriter::begin_tree(bool same_line) {
  if (!same_line && out_.size() > line_start_) line_break();
  out_.push_back('(');
}

void SgfWriter::end_tree() {
  out_.push_back(')');
}

void SgfWriter::begin_node() {
  maybe_wrap();
  out_.push_back(';');
}

void SgfWriter::append_value(std::string_view value, SgfValueForm form) {
  const std::size_t start = out_.size();
  out_.push_back('[');
  if (form == SgfValueForm::kRaw) {
    out_.append(value);
  } else {
    append_sgf_escaped(value, out_);
  }
  out_.push_back(']');
  const std::size_t nl = out_.rfind('\n');
  if (nl != std::string::npos && nl >= start) line_start_ = nl + 1;
}

void SgfWriter::property(std::string_view id, std::span<const std::string> values,
                         SgfValueForm form) {
  maybe_wrap();
  out_.append(id);
  if (values.empty()) {
    out_.append("[]");  // SGF needs a value; an empty one is the closest
    return;
  }
  for (const std::string& v : values) append_value(v, form);
}

void SgfWriter::property(std::string_view id, std::string_view value, SgfValueForm form) {
  maybe_wrap();
  out_.append(id);
  append_value(value, form);
}

void write_sgf_game_tree(const GameTree& tree, const SgfNodeWriter& write_node, std::string& out,
                         SgfChildOrder order) {
  if (tree.empty()) return;
  SgfWriter w(out);
  // One entry per open '(': where to look for the next variation of the same
  // parent once it closes (siblings from `next` on, except `written_first`).
  struct Open {
    NodeIndex next = kNoNode;
    NodeIndex written_first = kNoNode;
  };
  std::vector<Open> open;
  w.begin_tree();
  open.push_back(Open{});
  NodeIndex node = 0;
  while (true) {
    w.begin_node();
    write_node(node, w);
    const NodeIndex first = tree.first_child(node);
    const bool branch = first != kNoNode && tree.next_sibling(first) != kNoNode;
    const NodeIndex lead = !branch                              ? first
                           : order == SgfChildOrder::kMainFirst ? tree.main_child(node)
                                                                : first;
    const bool same_line = branch && keep_on_line(tree, lead);
    if (node == 0 && !same_line) w.line_break();  // the root on a line of its own
    if (first != kNoNode) {
      if (!branch) {
        node = first;
        continue;
      }
      w.begin_tree(same_line);
      open.push_back(Open{lead == first ? tree.next_sibling(first) : first, lead});
      node = lead;
      continue;
    }
    // A leaf: close variations until one has a sibling left to open.
    while (true) {
      w.end_tree();
      Open top = open.back();
      open.pop_back();
      if (top.next == top.written_first && top.next != kNoNode)
        top.next = tree.next_sibling(top.next);
      if (top.next != kNoNode) {
        w.begin_tree(keep_on_line(tree, top.next));
        NodeIndex after = tree.next_sibling(top.next);
        if (after == top.written_first) after = tree.next_sibling(after);
        open.push_back(Open{after, top.written_first});
        node = top.next;
        break;
      }
      if (open.empty()) {
        out.push_back('\n');
        return;
      }
    }
  }
}

std::string write_sgf_props_tree(const GameTree& tree, SgfValueForm form) {
  std::string out;
  write_sgf_game_tree(
      tree,
      [&tree, form](NodeIndex i, SgfWriter& w) {
        for (const Property& p : tree.data(i).props) w.property(p.id, p.values, form);
      },
      out);
  return out;
}

}  // namespace ludex
