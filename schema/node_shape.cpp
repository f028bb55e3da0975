#include "schema/node_shape.h"

#include <stdexcept>
#include <string>

#include "schema/statement_util.h"

namespace ludex {
namespace {

[[noreturn]] void corrupt(std::int64_t node_id, const char* what) {
  throw std::runtime_error("corrupt database: node " + std::to_string(node_id) + ": " + what);
}

}  // namespace

NodeShapeReader::NodeShapeReader(SQLite::Database& db)
    : game_(db, "SELECT first_node_id, node_count FROM games WHERE game_id = ?1"),
      nodes_(db,
             "SELECT node_id, subtree_end, main_line, position_hash, kind IS NOT NULL "
             "FROM nodes WHERE node_id BETWEEN ?1 AND ?2 ORDER BY node_id"),
      moves_(db,
             "SELECT DISTINCT node_id FROM node_moves WHERE node_id BETWEEN ?1 AND ?2 "
             "ORDER BY node_id") {}

const NodeShape* NodeShapeReader::read(std::int64_t game_id) {
  if (valid_ && shape_.game_id == game_id) return &shape_;
  valid_ = false;
  std::int64_t count = 0;
  {
    ResetOnExit reset(game_);
    game_.bind(1, game_id);
    if (!game_.executeStep()) return nullptr;
    shape_.first_node_id = game_.getColumn(0).getInt64();
    count = game_.getColumn(1).getInt64();
  }
  shape_.game_id = game_id;
  const std::int64_t first = shape_.first_node_id;
  const std::int64_t last = first + count - 1;
  const auto n = static_cast<std::size_t>(count < 0 ? 0 : count);
  shape_.parent.assign(n, -1);
  shape_.depth.assign(n, 0);
  shape_.move_number.assign(n, 0);
  shape_.subtree_end.assign(n, 0);
  shape_.main_line.assign(n, 0);
  shape_.hash.assign(n, 0);
  std::vector<std::uint8_t> has_move(n, 0);
  {
    ResetOnExit reset(moves_);
    moves_.bind(1, first);
    moves_.bind(2, last);
    while (moves_.executeStep()) {
      has_move[static_cast<std::size_t>(moves_.getColumn(0).getInt64() - first)] = 1;
    }
  }
  {
    ResetOnExit reset(nodes_);
    nodes_.bind(1, first);
    nodes_.bind(2, last);
    std::vector<std::int32_t> open;  // indices of the nodes whose subtree is still open
    std::size_t k = 0;
    while (nodes_.executeStep()) {
      const std::int64_t id = nodes_.getColumn(0).getInt64();
      if (id != first + static_cast<std::int64_t>(k)) corrupt(id, "gap in node ids");
      const std::int64_t end = nodes_.getColumn(1).getInt64();
      while (!open.empty() && shape_.subtree_end[static_cast<std::size_t>(open.back())] < id) {
        open.pop_back();
      }
      if (k == 0 ? end != last
                 : open.empty() || end < id ||
                       end > shape_.subtree_end[static_cast<std::size_t>(open.back())]) {
        corrupt(id, "subtree_end outside its parent's subtree");
      }
      shape_.subtree_end[k] = end;
      shape_.main_line[k] = nodes_.getColumn(2).getInt() != 0 ? 1 : 0;
      shape_.hash[k] = static_cast<std::uint64_t>(column_int(nodes_, 3, 0));
      if (nodes_.getColumn(4).getInt() != 0) has_move[k] = 1;
      if (!open.empty()) {
        const auto p = static_cast<std::size_t>(open.back());
        shape_.parent[k] = open.back();
        shape_.depth[k] = shape_.depth[p] + 1;
        shape_.move_number[k] = shape_.move_number[p];
      }
      shape_.move_number[k] += has_move[k];
      open.push_back(static_cast<std::int32_t>(k));
      ++k;
    }
    if (k != n) corrupt(first, "missing nodes");
  }
  valid_ = true;
  return &shape_;
}

}  // namespace ludex
