#include "schema/game_loader.h"

#include <limits>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "schema/db/blob_codec.h"
#include "schema/db/statement_util.h"

namespace ludex {
namespace {

SourceFormat parse_source_format(std::string_view name) {
  if (name == "gtv") return SourceFormat::kGameTree;
  if (name == "t1") return SourceFormat::kT1;
  return SourceFormat::kSgf;
}

[[noreturn]] void corrupt(std::int64_t node_id, const char* what) {
  throw std::runtime_error("corrupt database: node " + std::to_string(node_id) + ": " + what);
}

// A property read back from (id, value list) columns; the value list's
// storage class says whether the values are raw bytes.
Property read_property(const SQLite::Column& id, const SQLite::Column& values,
                       std::int64_t node_id) {
  Property p;
  p.id = id.getString();
  p.raw_bytes = values.isBlob();
  if (!decode_values(column_bytes(values), p.values)) corrupt(node_id, "bad value list");
  return p;
}

}  // namespace

struct GameLoader::Impl {
  explicit Impl(SQLite::Database& db)
      : game(db,
             "SELECT g.file_id, f.path, g.game_index, g.family, g.format, g.dialect, g.variant, "
             "g.board_columns, g.board_rows, g.result, g.winner, g.date, g.event, g.round, "
             "g.charset, g.node_count, g.first_node_id, g.start_offset, g.start_line, "
             "g.start_column FROM games AS g JOIN source_files AS f ON f.file_id = g.file_id "
             "WHERE g.game_id = ?1"),
        players(db,
                "SELECT gp.seat, p.name FROM game_players AS gp "
                "JOIN players AS p ON p.player_id = gp.player_id "
                "WHERE gp.game_id = ?1 ORDER BY gp.seat, gp.player_id"),
        nodes(db,
              "SELECT node_id, node_id + descendants, flags, seat, color, kind, points FROM nodes "
              "WHERE node_id BETWEEN ?1 AND ?2 ORDER BY node_id"),
        moves(db,
              "SELECT node_id, ordinal, seat, color, kind, draw_offer, autolink, points, links, "
              "prop_id, prop_values FROM node_moves WHERE node_id BETWEEN ?1 AND ?2 "
              "ORDER BY node_id, ordinal"),
        evaluations(db,
                    "SELECT node_id, source, value, undetermined FROM evaluations "
                    "WHERE node_id BETWEEN ?1 AND ?2 ORDER BY node_id, ordinal"),
        comments(db,
                 "SELECT node_id, text FROM comments WHERE node_id BETWEEN ?1 AND ?2 "
                 "ORDER BY node_id"),
        properties(db,
                   "SELECT node_id, prop_id, prop_values FROM properties "
                   "WHERE node_id BETWEEN ?1 AND ?2 ORDER BY node_id, ordinal"),
        warnings(db,
                 "SELECT byte_offset, line, col, message FROM import_errors "
                 "WHERE file_id = ?1 AND game_index = ?2 AND severity = 'warning' "
                 "ORDER BY error_id"),
        node_game(db,
                  "SELECT game_id, first_node_id + node_count - 1 FROM games "
                  "WHERE first_node_id <= ?1 ORDER BY first_node_id DESC, game_id DESC LIMIT 1") {}

  // Binds the node id range [first, last] to parameters 1 and 2.
  void bind_range(SQLite::Statement& st, std::int64_t first, std::int64_t last) {
    st.bind(1, first);
    st.bind(2, last);
  }

  // The tree position of a node id within [first, first + size).
  NodeIndex index_of(std::int64_t node_id, std::int64_t first, const GameTree& tree) {
    if (node_id < first || node_id - first >= static_cast<std::int64_t>(tree.size())) {
      corrupt(node_id, "row outside its game's node range");
    }
    return static_cast<NodeIndex>(node_id - first);
  }

  void load_tree(std::int64_t first, std::int64_t count, GameTree& tree);
  // inline_move[i]: node i's first move came from its nodes row.
  void load_node_rows(std::int64_t first, std::int64_t last, const std::vector<bool>& inline_move,
                      GameTree& tree);

  SQLite::Statement game, players, nodes, moves, evaluations, comments, properties, warnings,
      node_game;
};

void GameLoader::Impl::load_tree(std::int64_t first, std::int64_t count, GameTree& tree) {
  if (count <= 0) return;
  if (count > static_cast<std::int64_t>(std::numeric_limits<NodeIndex>::max())) {
    corrupt(first, "node count out of range");
  }
  tree.reserve(static_cast<std::size_t>(count));
  const std::int64_t last = first + count - 1;
  // The nodes whose first move is in their row (ordinal 0 of moves).
  std::vector<bool> inline_move(static_cast<std::size_t>(count), false);
  {
    // Node ids are the pre-order and [node_id, subtree_end] a subtree, so
    // appending in id order, each node under the deepest open node whose
    // subtree holds it, rebuilds the same shape and child order, and the
    // k-th node gets NodeIndex k.
    struct Open {
      NodeIndex index;
      std::int64_t end;
    };
    std::vector<Open> open;
    ResetOnExit reset(nodes);
    bind_range(nodes, first, last);
    while (nodes.executeStep()) {
      const std::int64_t id = nodes.getColumn(0).getInt64();
      const std::int64_t expected = first + static_cast<std::int64_t>(tree.size());
      if (id != expected) corrupt(id, "gap in node ids");
      const std::int64_t end = nodes.getColumn(1).getInt64();
      while (!open.empty() && open.back().end < id) open.pop_back();
      NodeIndex index = 0;
      if (tree.empty()) {
        if (end != last) corrupt(id, "the root's subtree is not its game");
        index = tree.add_root();
      } else {
        if (open.empty()) corrupt(id, "outside the root's subtree");
        if (end < id || end > open.back().end) corrupt(id, "subtree outside its parent's");
        index = tree.add_child(open.back().index);
      }
      open.push_back(Open{index, end});
      tree.set_main_flag(index, (nodes.getColumn(2).getInt() & 2) != 0);
      if (!nodes.getColumn(5).isNull()) {
        Move& m = tree.add_move(index);
        m.seat = static_cast<std::int8_t>(nodes.getColumn(3).getInt());
        m.color = static_cast<std::int8_t>(nodes.getColumn(4).getInt());
        m.kind = static_cast<MoveKind>(nodes.getColumn(5).getInt());
        if (!decode_points(column_bytes(nodes.getColumn(6)), m.points)) corrupt(id, "bad points");
        // move_props is always parallel to moves after a load.
        tree.add_move_prop(index);
        inline_move[static_cast<std::size_t>(index)] = true;
      }
    }
  }
  if (static_cast<std::int64_t>(tree.size()) != count) corrupt(first, "missing nodes");
  load_node_rows(first, last, inline_move, tree);
}

void GameLoader::Impl::load_node_rows(std::int64_t first, std::int64_t last,
                                      const std::vector<bool>& inline_move, GameTree& tree) {
  {
    ResetOnExit reset(moves);
    bind_range(moves, first, last);
    while (moves.executeStep()) {
      const std::int64_t id = moves.getColumn(0).getInt64();
      const NodeIndex index = index_of(id, first, tree);
      // A node's moves: its inline first move, then these in ordinal order.
      const std::int64_t ordinal = moves.getColumn(1).getInt64();
      const auto held = static_cast<std::int64_t>(tree.data(index).moves.size());
      if (ordinal != held || (ordinal == 0 && inline_move[static_cast<std::size_t>(index)])) {
        corrupt(id, "moves out of order");
      }
      Move& m = tree.add_move(index);
      m.seat = static_cast<std::int8_t>(moves.getColumn(2).getInt());
      m.color = static_cast<std::int8_t>(moves.getColumn(3).getInt());
      m.kind = static_cast<MoveKind>(moves.getColumn(4).getInt());
      m.draw_offer = moves.getColumn(5).getInt() != 0;
      m.autolink = moves.getColumn(6).getInt() != 0;
      if (!decode_points(column_bytes(moves.getColumn(7)), m.points)) corrupt(id, "bad points");
      if (!decode_links(column_bytes(moves.getColumn(8)), m.links)) corrupt(id, "bad links");
      Property& p = tree.add_move_prop(index);
      if (!moves.getColumn(9).isNull()) {
        p = read_property(moves.getColumn(9), moves.getColumn(10), id);
      }
    }
  }
  {
    ResetOnExit reset(evaluations);
    bind_range(evaluations, first, last);
    while (evaluations.executeStep()) {
      const std::int64_t id = evaluations.getColumn(0).getInt64();
      Evaluation e;
      e.source = static_cast<EvalSource>(evaluations.getColumn(1).getInt());
      const SQLite::Column value = evaluations.getColumn(2);
      e.value = value.isNull() ? std::numeric_limits<double>::quiet_NaN() : value.getDouble();
      e.undetermined = evaluations.getColumn(3).getInt() != 0;
      tree.add_evaluation(index_of(id, first, tree), e);
    }
  }
  {
    ResetOnExit reset(comments);
    bind_range(comments, first, last);
    while (comments.executeStep()) {
      const std::int64_t id = comments.getColumn(0).getInt64();
      tree.set_comment(index_of(id, first, tree), comments.getColumn(1).getString());
    }
  }
  {
    ResetOnExit reset(properties);
    bind_range(properties, first, last);
    while (properties.executeStep()) {
      const std::int64_t id = properties.getColumn(0).getInt64();
      tree.add_prop(index_of(id, first, tree),
                    read_property(properties.getColumn(1), properties.getColumn(2), id));
    }
  }
}

GameLoader::GameLoader(Database& db) : impl_(std::make_unique<Impl>(db.handle())) {}

GameLoader::~GameLoader() = default;

std::optional<LoadedGame> GameLoader::load(std::int64_t game_id) {
  Impl& s = *impl_;
  LoadedGame out;
  out.game_id = game_id;
  GameRecord& r = out.record;
  std::int64_t file_id = 0;
  std::int64_t node_count = 0;
  std::int64_t first_node = 0;
  {
    ResetOnExit reset(s.game);
    s.game.bind(1, game_id);
    if (!s.game.executeStep()) return std::nullopt;
    file_id = s.game.getColumn(0).getInt64();
    out.file = s.game.getColumn(1).getString();
    r.game_index = s.game.getColumn(2).getInt();
    const std::optional<Family> family = parse_family(s.game.getColumn(3).getString());
    if (!family) throw std::runtime_error("corrupt database: game with an unknown family");
    r.family = *family;
    r.format = parse_source_format(s.game.getColumn(4).getString());
    r.dialect = s.game.getColumn(5).getString();
    r.variant = column_text(s.game, 6);
    r.columns = static_cast<std::int32_t>(column_int(s.game, 7, 0));
    r.rows = static_cast<std::int32_t>(column_int(s.game, 8, 0));
    r.result = column_text(s.game, 9);
    r.winner = static_cast<std::int8_t>(s.game.getColumn(10).getInt());
    r.date = column_text(s.game, 11);
    r.event = column_text(s.game, 12);
    r.round = column_text(s.game, 13);
    r.charset = column_text(s.game, 14);
    node_count = s.game.getColumn(15).getInt64();
    first_node = s.game.getColumn(16).getInt64();
    out.first_node_id = first_node;
    r.pos.byte_offset = column_int(s.game, 17, -1);
    r.pos.line = static_cast<std::int32_t>(column_int(s.game, 18, 0));
    r.pos.column = static_cast<std::int32_t>(column_int(s.game, 19, 0));
  }
  {
    ResetOnExit reset(s.players);
    s.players.bind(1, game_id);
    while (s.players.executeStep()) {
      r.players.push_back(SeatPlayer{static_cast<std::int8_t>(s.players.getColumn(0).getInt()),
                                     s.players.getColumn(1).getString()});
    }
  }
  s.load_tree(first_node, node_count, r.tree);
  {
    ResetOnExit reset(s.warnings);
    s.warnings.bind(1, file_id);
    s.warnings.bind(2, r.game_index);
    while (s.warnings.executeStep()) {
      Diagnostic& d = r.warnings.emplace_back();
      d.severity = Severity::kWarning;
      d.game_index = r.game_index;
      d.pos.byte_offset = column_int(s.warnings, 0, -1);
      d.pos.line = static_cast<std::int32_t>(column_int(s.warnings, 1, 0));
      d.pos.column = static_cast<std::int32_t>(column_int(s.warnings, 2, 0));
      d.message = s.warnings.getColumn(3).getString();
    }
  }
  return out;
}

std::optional<std::int64_t> GameLoader::game_of_node(std::int64_t node_id) {
  SQLite::Statement& st = impl_->node_game;
  ResetOnExit reset(st);
  st.bind(1, node_id);
  // The game whose node range starts last before the node must also hold
  // it: a deleted game leaves a gap.
  if (!st.executeStep() || st.getColumn(1).getInt64() < node_id) return std::nullopt;
  return st.getColumn(0).getInt64();
}

}  // namespace ludex
