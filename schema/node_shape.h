// The derived columns of one game's nodes: depth, move number, parent
// (docs/schema.md, "nodes": node ids are the pre-order and subtree_end
// closes each subtree, so one range read of the game's rows gives them), with
// the stored main_line flag and position hash. For code in schema/ only.
//
// Thread-safety: none; one thread per Database.
#ifndef LUDEX_SCHEMA_NODE_SHAPE_H_
#define LUDEX_SCHEMA_NODE_SHAPE_H_

#include <cstdint>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace ludex {

// A game's nodes, indexed by node id - first_node_id.
struct NodeShape {
  std::int64_t game_id = 0;
  std::int64_t first_node_id = 0;
  std::vector<std::int32_t> parent;       // -1 for the root
  std::vector<std::int32_t> depth;        // edges from the root
  std::vector<std::int32_t> move_number;  // nodes with a move from the root to it, both included
  std::vector<std::int64_t> subtree_end;  // node id
  std::vector<std::uint8_t> main_line;
  std::vector<std::uint64_t> hash;  // 0 = none stored

  std::size_t size() const { return depth.size(); }
};

class NodeShapeReader {
 public:
  // Prepares its statements once.
  explicit NodeShapeReader(SQLite::Database& db);

  // The nodes of game_id, read once and kept until another game is read:
  // asking for the same game again costs nothing. nullptr when there is no
  // such game. Throws std::runtime_error for rows no GameStore writes (a
  // subtree_end outside its parent's, a gap in the ids).
  const NodeShape* read(std::int64_t game_id);

 private:
  SQLite::Statement game_;
  SQLite::Statement nodes_;
  SQLite::Statement moves_;
  NodeShape shape_;
  bool valid_ = false;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_NODE_SHAPE_H_
