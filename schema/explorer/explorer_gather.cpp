#include "schema/explorer/explorer_gather.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <utility>

#include <SQLiteCpp/Statement.h>

#include "core/zobrist.h"
#include "games/position_stream.h"
#include "schema/db/blob_codec.h"
#include "schema/db/statement_util.h"
#include "schema/write/node_hashes.h"

namespace ludex {
namespace {

// What both plans select per node holding the position, then the game
// condition's fragments and the order.
constexpr const char* kNodeColumns =
    "SELECT n.node_id, n.node_id + n.descendants, g.game_id, g.winner, g.date, g.family, "
    "g.variant, g.board_columns, g.board_rows ";
// The game of a node: the game with the largest first_node_id not above it.
constexpr const char* kNodesFirst =
    "FROM node_hashes AS nh CROSS JOIN nodes AS n CROSS JOIN games AS g WHERE g.game_id = "
    "(SELECT x.game_id FROM games AS x WHERE x.first_node_id <= n.node_id "
    "ORDER BY x.first_node_id DESC, x.game_id DESC LIMIT 1) "
    "AND nh.hash_top = ?1 AND n.node_id = nh.node_id AND n.position_hash = ?2";
// A game's nodes holding the position: node_hashes' rows of the game's
// node range (its primary key orders equal keys by node id).
constexpr const char* kGamesFirst =
    "FROM games AS g CROSS JOIN node_hashes AS nh CROSS JOIN nodes AS n WHERE nh.hash_top = ?1 "
    "AND nh.node_id BETWEEN g.first_node_id AND g.first_node_id + g.node_count - 1 "
    "AND n.node_id = nh.node_id AND n.position_hash = ?2";

}  // namespace

struct PositionGatherer::Impl {
  explicit Impl(SQLite::Database& d)
      : db(d),
        child(d,
              "SELECT n.node_id + n.descendants, coalesce(n.seat, m.seat), "
              "coalesce(n.color, m.color), coalesce(n.kind, m.kind), "
              "CASE WHEN n.kind IS NULL THEN m.points ELSE n.points END, "
              "n.kind IS NOT NULL OR m.node_id IS NOT NULL "
              "FROM nodes AS n LEFT JOIN node_moves AS m "
              "ON n.kind IS NULL AND m.node_id = n.node_id AND m.ordinal = 0 "
              "WHERE n.node_id = ?1"),
        evaluation(d,
                   "SELECT source, value FROM evaluations WHERE node_id = ?1 "
                   "AND undetermined = 0 AND value IS NOT NULL ORDER BY ordinal LIMIT 1"),
        stream(d, "SELECT stream FROM game_positions WHERE game_id = ?1"),
        count_all(d,
                  "SELECT count(*) FROM (SELECT 1 FROM node_hashes AS nh CROSS JOIN nodes AS n "
                  "WHERE nh.hash_top = ?1 AND n.node_id = nh.node_id AND n.position_hash = ?2 "
                  "LIMIT ?3)"),
        count_variant(d, std::string("SELECT count(*) FROM (SELECT 1 ") + kNodesFirst +
                             " AND g.variant = ?3 LIMIT ?4)") {}

  SQLite::Statement& statement(const std::string& sql) {
    auto it = cache.find(sql);
    if (it == cache.end()) {
      it = cache.emplace(sql, std::make_unique<SQLite::Statement>(db, sql)).first;
    }
    return *it->second;
  }
  const Continuation* intern(Continuation move) {
    auto [it, inserted] = moves.try_emplace(key_of(move), std::move(move));
    return &it->second;
  }
  void read_pieces(std::int64_t game_id, Family family, const std::string& variant,
                   std::int32_t columns, std::int32_t rows);
  void add_children(std::int64_t node_id, std::int64_t subtree_end, std::int64_t first_node);
  void emit(const std::function<void(const PositionVisit&)>& visit);

  SQLite::Database& db;
  SQLite::Statement child, evaluation, stream, count_all, count_variant;
  std::map<std::string, std::unique_ptr<SQLite::Statement>> cache;
  // Every move seen, at a stable address (MoveVisit::move points here).
  std::map<ContinuationKey, Continuation> moves;
  // The game being gathered.
  PositionVisit game;
  std::string date;
  std::int64_t first_node = 0;
  std::vector<MoveVisit> visits;
  // Blokus: the piece each node of the game placed, by node id - first node
  // (its stream's piece), as the import identified it.
  std::vector<std::string> pieces;
};

void PositionGatherer::Impl::read_pieces(std::int64_t game_id, Family family,
                                         const std::string& variant, std::int32_t columns,
                                         std::int32_t rows) {
  pieces.clear();
  if (family != Family::kBlokus) return;
  const std::optional<StreamBoard> board =
      stream_board(Board{family, std::string(variant), columns, rows});
  if (!board) return;
  ResetOnExit reset(stream);
  stream.bind(1, game_id);
  if (!stream.executeStep()) return;
  PositionStreamReader reader(column_bytes(stream.getColumn(0)), *board);
  pieces.resize(reader.node_count());
  StreamNode node;
  while (reader.next(&node)) {
    if (node.piece >= 0 && static_cast<std::size_t>(node.piece) < board->pieces.size() &&
        node.index < pieces.size()) {
      pieces[node.index] = board->pieces[static_cast<std::size_t>(node.piece)];
    }
  }
  if (!reader.error().empty()) {
    throw std::runtime_error("game " + std::to_string(game_id) + ": " + reader.error());
  }
}

void PositionGatherer::Impl::add_children(std::int64_t node_id, std::int64_t subtree_end,
                                          std::int64_t game_first_node) {
  // The children: the first is node_id + 1 (pre-order), each next sibling
  // starts after the previous one's subtree, until the parent's subtree
  // ends. Primary-key steps only.
  for (std::int64_t c = node_id + 1; c <= subtree_end;) {
    ResetOnExit reset(child);
    child.bind(1, c);
    if (!child.executeStep()) {
      throw std::runtime_error("corrupt database: node " + std::to_string(c) + " is missing");
    }
    const std::int64_t c_end = child.getColumn(0).getInt64();
    if (c_end < c) {
      throw std::runtime_error("corrupt database: node " + std::to_string(c) +
                               " ends its subtree before itself");
    }
    const bool has_move = child.getColumn(5).getInt() != 0;
    const std::int64_t child_id = c;
    c = c_end + 1;
    if (!has_move) continue;
    Continuation m;
    m.seat = static_cast<std::int8_t>(child.getColumn(1).getInt());
    m.color = static_cast<std::int8_t>(child.getColumn(2).getInt());
    m.kind = static_cast<MoveKind>(child.getColumn(3).getInt());
    const SQLite::Column points = child.getColumn(4);
    if (!points.isNull() && !decode_points(column_bytes(points), m.points)) {
      throw std::runtime_error("corrupt points of node " + std::to_string(child_id));
    }
    const std::int64_t index = child_id - game_first_node;
    if (m.kind == MoveKind::kPlace && index < static_cast<std::int64_t>(pieces.size())) {
      m.piece = pieces[static_cast<std::size_t>(index)];
    }
    std::sort(m.points.begin(), m.points.end());
    const Continuation* move = intern(std::move(m));
    auto it = std::find_if(visits.begin(), visits.end(),
                           [move](const MoveVisit& v) { return v.move == move; });
    if (it != visits.end()) {
      ++it->count;
      if (child_id >= it->child) continue;
      it->child = child_id;
    } else {
      MoveVisit v;
      v.move = move;
      v.count = 1;
      v.child = child_id;
      visits.push_back(v);
      it = visits.end() - 1;
    }
    // The move's evaluation: its lowest child node's first determined one.
    ResetOnExit reset_eval(evaluation);
    evaluation.bind(1, child_id);
    it->has_eval = false;
    if (evaluation.executeStep()) {
      const double value = evaluation.getColumn(1).getDouble();
      if (!std::isnan(value)) {
        it->has_eval = true;
        it->eval.source = static_cast<EvalSource>(evaluation.getColumn(0).getInt());
        it->eval.undetermined = false;
        it->eval.value = value;
      }
    }
  }
}

void PositionGatherer::Impl::emit(const std::function<void(const PositionVisit&)>& visit) {
  if (game.game_id == 0) return;
  std::sort(visits.begin(), visits.end(), [](const MoveVisit& a, const MoveVisit& b) {
    return key_of(*a.move) < key_of(*b.move);
  });
  game.date = date;
  game.moves = visits;
  visit(game);
  game.game_id = 0;
}

PositionGatherer::PositionGatherer(SQLite::Database& db) : impl_(std::make_unique<Impl>(db)) {}

PositionGatherer::~PositionGatherer() = default;

void PositionGatherer::gather(std::uint64_t hash, const Condition& games, bool games_first,
                              const std::function<void(const PositionVisit&)>& visit) {
  Impl& s = *impl_;
  s.moves.clear();
  const std::string sql = std::string(kNodeColumns) + ", g.first_node_id " +
                          (games_first ? kGamesFirst : kNodesFirst) + games.sql +
                          " ORDER BY g.game_id, n.node_id";
  SQLite::Statement& at = s.statement(sql);
  ResetOnExit reset(at);
  at.bind(1, node_hash_top(hash));
  at.bind(2, static_cast<std::int64_t>(hash));
  bind_params(at, games, 3);
  s.game.game_id = 0;
  while (at.executeStep()) {
    const std::int64_t node_id = at.getColumn(0).getInt64();
    const std::int64_t subtree_end = at.getColumn(1).getInt64();
    const std::int64_t game_id = at.getColumn(2).getInt64();
    if (game_id != s.game.game_id) {
      s.emit(visit);
      s.game.game_id = game_id;
      s.game.winner = static_cast<std::int8_t>(at.getColumn(3).getInt());
      s.date = column_text(at, 4);
      s.game.nodes = 0;
      s.visits.clear();
      s.first_node = at.getColumn(9).getInt64();
      const std::optional<Family> family = parse_family(at.getColumn(5).getString());
      s.read_pieces(game_id, family.value_or(Family::kOther), column_text(at, 6),
                    static_cast<std::int32_t>(column_int(at, 7, 0)),
                    static_cast<std::int32_t>(column_int(at, 8, 0)));
    }
    ++s.game.nodes;
    s.add_children(node_id, subtree_end, s.first_node);
  }
  s.emit(visit);
}

std::int64_t PositionGatherer::count_nodes(std::uint64_t hash, const std::string& variant,
                                           std::int64_t limit) {
  Impl& s = *impl_;
  SQLite::Statement& st = variant.empty() ? s.count_all : s.count_variant;
  ResetOnExit reset(st);
  st.bind(1, node_hash_top(hash));
  st.bind(2, static_cast<std::int64_t>(hash));
  if (variant.empty()) {
    st.bind(3, limit);
  } else {
    st.bind(3, variant);
    st.bind(4, limit);
  }
  st.executeStep();
  return st.getColumn(0).getInt64();
}

}  // namespace ludex
