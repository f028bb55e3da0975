#include "schema/check/check_nodes.h"

#include <algorithm>
#include <iterator>
#include <limits>

#include "games/position_stream.h"
#include "schema/db/statement_util.h"
#include "schema/write/node_hashes.h"

namespace ludex {
namespace {

// A game reports at most this many problems of its node rows: one broken
// link makes every later node look wrong.
constexpr int kProblemsPerGame = 5;

}  // namespace

void check_node_tree(const CheckedGame& g, const std::vector<CheckedNode>& rows,
                     const CheckProblemSink& problem) {
  int reported = 0;
  auto bad = [&](std::int64_t node, const std::string& message) {
    if (reported++ < kProblemsPerGame) problem("nodes", g.game_id, node, message);
  };
  if (static_cast<std::int64_t>(rows.size()) != g.count) {
    bad(0, std::to_string(rows.size()) + " node rows in its range " + std::to_string(g.first) +
               ".." + std::to_string(g.first + g.count - 1) + ", node_count says " +
               std::to_string(g.count));
  }
  struct Open {
    const CheckedNode* row;
    std::int64_t main_children;
  };
  std::vector<Open> open;
  auto close = [&](const Open& o) {
    const bool main = (o.row->flags & 1) != 0;
    if (o.row->descendants > 0 && main && o.main_children != 1) {
      bad(o.row->id,
          "a main-line node with " + std::to_string(o.main_children) + " main-line children");
    }
    if (!main && o.main_children != 0) bad(o.row->id, "main-line children below a variation");
  };
  std::int64_t expected = g.first;
  for (const CheckedNode& n : rows) {
    if (n.id != expected) {
      bad(n.id, "node " + std::to_string(expected) + " is missing before it");
      return;  // everything below would be wrong for the same reason
    }
    ++expected;
    const std::int64_t end = n.id + n.descendants;
    while (!open.empty() && open.back().row->id + open.back().row->descendants < n.id) {
      close(open.back());
      open.pop_back();
    }
    if (open.empty()) {
      if (n.id != g.first) {
        bad(n.id, "outside the root's subtree");
        return;
      }
      if (n.descendants != g.count - 1) {
        bad(n.id, "the root's subtree holds " + std::to_string(n.descendants + 1) +
                      " nodes, the game " + std::to_string(g.count));
      }
      if (n.depth != 0) bad(n.id, "the root has depth " + std::to_string(n.depth));
      if (n.moveless != (n.move ? 0 : 1)) bad(n.id, "moveless " + std::to_string(n.moveless));
      if ((n.flags & 1) == 0) bad(n.id, "the root is not on the main line");
    } else {
      const CheckedNode& p = *open.back().row;
      if (n.descendants < 0 || end > p.id + p.descendants) {
        bad(n.id, "its subtree (to node " + std::to_string(end) + ") leaves its parent's (node " +
                      std::to_string(p.id) + ")");
      }
      if (n.depth != p.depth + 1) {
        bad(n.id, "depth " + std::to_string(n.depth) + " under a parent of depth " +
                      std::to_string(p.depth));
      }
      if (n.moveless != p.moveless + (n.move ? 0 : 1)) {
        bad(n.id, "moveless " + std::to_string(n.moveless) + " under a parent's " +
                      std::to_string(p.moveless) + (n.move ? " (the node has a move)" : ""));
      }
      if ((n.flags & 1) != 0) ++open.back().main_children;
    }
    if (n.flags < 0 || n.flags > 3) bad(n.id, "flags " + std::to_string(n.flags));
    open.push_back(Open{&n, 0});
  }
  while (!open.empty()) {
    close(open.back());
    open.pop_back();
  }
}

bool check_position_stream(const CheckedGame& g, const std::vector<CheckedNode>& rows,
                           SQLite::Statement& st, bool streams_pending,
                           const CheckProblemSink& problem) {
  if (!g.family || !g.positions) return false;
  const std::optional<StreamBoard> board =
      stream_board(Board{*g.family, g.variant, g.columns, g.rows});
  if (!board) return false;  // a board without streams
  ResetOnExit reset(st);
  st.bind(1, g.game_id);
  if (!st.executeStep()) {
    if (!streams_pending) problem("game_positions", g.game_id, 0, "positions but no stream");
    return false;
  }
  PositionStreamReader reader(column_bytes(st.getColumn(0)), *board);
  if (static_cast<std::int64_t>(reader.node_count()) != g.count) {
    problem("game_positions", g.game_id, 0,
            "the stream holds " + std::to_string(reader.node_count()) + " nodes, the game " +
                std::to_string(g.count));
    return true;
  }
  StreamNode node;
  while (reader.next(&node)) {
    if (node.index >= rows.size()) break;
    const CheckedNode& n = rows[node.index];
    if (n.depth != node.depth || ((n.flags & 1) != 0) != node.main_line) {
      problem("game_positions", g.game_id, n.id,
              "the stream's tree differs from the node rows (depth " + std::to_string(node.depth) +
                  ", main line " + (node.main_line ? "yes" : "no") + " in the stream)");
      return true;
    }
    if ((n.hash == 0) != node.stopped) {
      problem("game_positions", g.game_id, n.id,
              node.stopped ? "a position hash where the stream has no position"
                           : "no position hash where the stream has a position");
      return true;
    }
  }
  if (!reader.error().empty()) {
    problem("game_positions", g.game_id, 0, "the stream does not read: " + reader.error());
  }
  return true;
}

CheckedNode read_checked_node(const SQLite::Statement& st) {
  CheckedNode n;
  n.id = st.getColumn(0).getInt64();
  n.descendants = st.getColumn(1).getInt64();
  n.depth = st.getColumn(2).getInt64();
  n.moveless = st.getColumn(3).getInt64();
  n.flags = st.getColumn(4).getInt64();
  n.hash = static_cast<std::uint64_t>(st.getColumn(5).getInt64());
  n.move = st.getColumn(6).getInt() != 0;
  return n;
}

GameNodeRows::GameNodeRows(SQLite::Database& db)
    : nodes_(db, std::string("SELECT ") + kCheckedNodeColumns +
                     " FROM nodes WHERE node_id BETWEEN ?1 AND ?2 ORDER BY node_id"),
      moved_(db,
             "SELECT DISTINCT node_id FROM node_moves WHERE node_id BETWEEN ?1 AND ?2 "
             "ORDER BY node_id") {}

const std::vector<CheckedNode>& GameNodeRows::read(const CheckedGame& game) {
  rows_.clear();
  const std::int64_t last = game.first + game.count - 1;
  {
    ResetOnExit reset(nodes_);
    nodes_.bind(1, game.first);
    nodes_.bind(2, last);
    while (nodes_.executeStep()) rows_.push_back(read_checked_node(nodes_));
  }
  ResetOnExit reset(moved_);
  moved_.bind(1, game.first);
  moved_.bind(2, last);
  std::size_t k = 0;
  while (moved_.executeStep()) {
    const std::int64_t id = moved_.getColumn(0).getInt64();
    while (k < rows_.size() && rows_[k].id < id) ++k;
    if (k < rows_.size() && rows_[k].id == id) rows_[k].move = true;
  }
  return rows_;
}

void check_node_hashes(SQLite::Database& db, const std::vector<CheckedGame>& games,
                       const std::vector<const CheckedGame*>* sample,
                       const CheckProblemSink& problem) {
  constexpr std::int64_t kNamed = 20;
  auto game_of = [&](std::int64_t node) -> std::int64_t {
    auto it = std::upper_bound(games.begin(), games.end(), node,
                               [](std::int64_t id, const CheckedGame& g) { return id < g.first; });
    return it == games.begin() ? 0 : std::prev(it)->game_id;
  };
  auto report = [&](const NodeHashMismatches& m) {
    for (const std::int64_t node : m.missing) {
      problem("node_hashes", game_of(node), node, "the node's hash has no node_hashes row");
    }
    for (const std::int64_t node : m.stray) {
      problem("node_hashes", game_of(node), node, "a node_hashes row without a node of that hash");
    }
  };
  if (sample == nullptr) {
    report(find_node_hash_mismatches(db, std::numeric_limits<std::int64_t>::min(),
                                     std::numeric_limits<std::int64_t>::max(), true, kNamed));
    return;
  }
  for (const CheckedGame* g : *sample) {
    report(find_node_hash_mismatches(db, g->first, g->first + g->count - 1, false, kNamed));
  }
}

}  // namespace ludex
