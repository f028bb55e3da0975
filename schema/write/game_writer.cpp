#include "schema/write/game_writer.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "core/moves_hash.h"
#include "core/text_fold.h"
#include "core/zobrist.h"
#include "games/position_codes.h"
#include "games/position_stream.h"
#include "schema/db/blob_codec.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/explorer_build.h"
#include "schema/write/node_hashes.h"

namespace ludex {
namespace {

// Sets a property's value list: TEXT for UTF-8 values, BLOB for raw bytes.
void set_values(BatchedInsert& rows, int column, const Property& prop, std::string& buffer) {
  encode_values(prop.values, buffer);
  if (prop.raw_bytes) {
    rows.set_blob(column, buffer);
  } else {
    rows.set_text(column, buffer);
  }
}

// Sets a BLOB column, NULL for no bytes.
void set_blob_or_null(BatchedInsert& rows, int column, const std::string& bytes) {
  if (bytes.empty()) {
    rows.set_null(column);
  } else {
    rows.set_blob(column, bytes);
  }
}

// Sets a REAL column; SQLite has no NaN, NULL stands for it.
void set_real_or_null(BatchedInsert& rows, int column, double value) {
  if (std::isnan(value)) {
    rows.set_null(column);
  } else {
    rows.set_real(column, value);
  }
}

bool is_default_property(const Property& p) {
  return p.id.empty() && p.values.empty() && !p.raw_bytes;
}

// Whether a move can stand in its node's row (nodes.seat, color, kind,
// points): nothing else of it differs from what a load assumes.
bool inline_move(const Move& move, const NodeView& data) {
  return !move.draw_offer && move.autolink && move.links.empty() &&
         (data.move_props.empty() || is_default_property(data.move_props.front()));
}

}  // namespace

GameWriter::GameWriter(SQLite::Database& db, FeatureIndexWriter& features,
                       ExplorerStoreWriter* explorer, CountsWriter* counts,
                       NodeHashLoad* node_hashes)
    : db_(db),
      features_(features),
      explorer_(explorer),
      counts_(counts),
      node_hashes_(node_hashes),
      max_game_id_(db, "SELECT coalesce(max(game_id), 0) FROM games"),
      max_node_id_(db, "SELECT coalesce(max(node_id), 0) FROM nodes"),
      find_player_(db, "SELECT player_id FROM players WHERE name = ?1"),
      insert_player_(db, "INSERT INTO players (name, name_folded) VALUES (?1, ?2)"),
      count_games_(db, "UPDATE source_files SET game_count = game_count + ?2 WHERE file_id = ?1"),
      first_copy_(db,
                  "SELECT game_id FROM games WHERE moves_hash = ?1 AND moves_hash IS NOT NULL "
                  "ORDER BY game_id LIMIT 1"),
      insert_sighting_(db,
                       "INSERT OR REPLACE INTO game_sightings (file_id, game_index, moves_hash, "
                       "duplicate_of) VALUES (?1, ?2, ?3, ?4)"),
      sighting_exists_(db, "SELECT 1 FROM game_sightings WHERE file_id = ?1 AND game_index = ?2"),
      insert_error_(db,
                    "INSERT INTO import_errors (file_id, game_index, severity, byte_offset, "
                    "line, col, message) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
      games_(db,
             "INSERT INTO games (game_id, file_id, game_index, family, format, dialect, "
             "variant, board_columns, board_rows, result, winner, date, event, round, "
             "charset, main_line_moves, node_count, first_node_id, start_offset, "
             "start_line, start_column, hash_version, moves_hash, duplicate_of, "
             "event_folded) VALUES",
             25),
      game_players_(db, "INSERT OR IGNORE INTO game_players (game_id, seat, player_id) VALUES", 3),
      nodes_(db,
             "INSERT INTO nodes (node_id, descendants, depth, moveless, flags, position_hash, "
             "seat, color, kind, points) VALUES",
             10),
      moves_(db,
             "INSERT INTO node_moves (node_id, ordinal, seat, color, kind, draw_offer, "
             "autolink, points, links, prop_id, prop_values) VALUES",
             11),
      evaluations_(db,
                   "INSERT INTO evaluations (node_id, ordinal, source, value, undetermined, "
                   "swing) VALUES",
                   6),
      comments_(db, "INSERT INTO comments (node_id, text) VALUES", 2),
      properties_(db, "INSERT INTO properties (node_id, ordinal, prop_id, prop_values) VALUES", 4),
      streams_(db, "INSERT INTO game_positions (game_id, stream) VALUES", 2),
      ranks_(db),
      totals_(db),
      events_(db) {
  next_game_id_ = scalar(max_game_id_) + 1;
  next_node_id_ = scalar(max_node_id_) + 1;
}

std::int64_t GameWriter::scalar(SQLite::Statement& st) {
  ResetOnExit reset(st);
  if (!st.executeStep()) throw std::runtime_error("query returned no row: " + st.getQuery());
  return st.getColumn(0).getInt64();
}

void GameWriter::begin_batch() {
  // Another connection may have written since; never go below what this
  // writer already handed out, so batch boundaries do not change ids.
  next_game_id_ = std::max(next_game_id_, scalar(max_game_id_) + 1);
  next_node_id_ = std::max(next_node_id_, scalar(max_node_id_) + 1);
  batch_first_game_id_ = next_game_id_;
  batch_first_node_id_ = next_node_id_;
}

void GameWriter::flush() {
  for (BatchedInsert* b : {&games_, &game_players_, &nodes_, &moves_, &evaluations_, &comments_,
                           &properties_, &streams_}) {
    b->flush();
  }
  ranks_.flush();
  totals_.flush();
  events_.flush();
  features_.flush();
  write_game_count();
  queued_copies_.clear();
}

void GameWriter::discard() {
  for (BatchedInsert* b : {&games_, &game_players_, &nodes_, &moves_, &evaluations_, &comments_,
                           &properties_, &streams_}) {
    b->discard();
  }
  ranks_.discard();
  totals_.discard();
  events_.discard();
  features_.discard();
  counted_games_ = 0;
  queued_copies_.clear();
  // Forget what the batch handed out: its ids and any players it created.
  next_game_id_ = batch_first_game_id_;
  next_node_id_ = batch_first_node_id_;
  players_.clear();
}

std::int64_t GameWriter::player_id(const std::string& name) {
  if (auto it = players_.find(name); it != players_.end()) return it->second;
  std::int64_t id = 0;
  {
    ResetOnExit reset(find_player_);
    find_player_.bindNoCopy(1, name);
    if (find_player_.executeStep()) id = find_player_.getColumn(0).getInt64();
  }
  if (id == 0) {
    const std::string folded = fold_case(name);
    insert_player_.bindNoCopy(1, name);
    insert_player_.bindNoCopy(2, folded);
    run(insert_player_);
    id = db_.getLastInsertRowid();
    if (counts_ != nullptr) counts_->add(count_name::kPlayers, 1);
  }
  players_.emplace(name, id);
  return id;
}

std::int64_t GameWriter::find_first_copy(std::int64_t fingerprint) {
  {
    ResetOnExit reset(first_copy_);
    first_copy_.bind(1, fingerprint);
    if (first_copy_.executeStep()) return first_copy_.getColumn(0).getInt64();
  }
  // Games still queued have higher ids than every written one.
  const auto it = queued_copies_.find(fingerprint);
  return it == queued_copies_.end() ? 0 : it->second;
}

void GameWriter::write_game_count() {
  if (counted_games_ == 0) return;
  count_games_.bind(1, counted_file_);
  count_games_.bind(2, counted_games_);
  run(count_games_);
  counted_games_ = 0;
}

std::int64_t GameWriter::store_game(std::int64_t file_id, const PreparedGame& prepared) {
  const GameRecord& game = prepared.record;
  const GameLayout& layout = prepared.layout;
  const GamePositions& positions = prepared.positions;
  const std::vector<std::uint64_t>& hashes = positions.hashes;
  // A game without a hash per node has no positions to store, derived or not.
  const bool with_positions = prepared.derived && !hashes.empty();
  assert(hashes.empty() || hashes.size() == game.tree.size());
  assert(positions.deltas.empty() || positions.deltas.size() == game.tree.size());
  assert(layout.order.size() == game.tree.size());
  const std::int64_t game_id = next_game_id_;
  const std::int64_t first_node = next_node_id_;
  queue_game_row(game_id, file_id, game, layout, with_positions);
  for (const SeatPlayer& p : game.players) {
    game_players_.set_int(0, game_id);
    game_players_.set_int(1, p.seat);
    game_players_.set_int(2, player_id(p.name));
    game_players_.end_row();
    totals_.mark(p.name);
  }
  ranks_.add(game_id, prepared);
  events_.mark(game.event);

  store_nodes(game, hashes, layout);
  // Position search replays streams: a game is listed in feature_games
  // exactly when it has one.
  if (with_positions && store_stream(game_id, prepared)) {
    features_.add(game_id, board_key(game.columns, game.rows), positions.features);
    if (explorer_ != nullptr && prepared.explorer && explorer_->wants_games()) {
      explorer_->add(game.family == Family::kBlokus ? game.variant : std::string(), game_id,
                     first_node, prepared.explorer->visits());
    }
  }

  add_warnings(file_id, game);
  if (file_id != counted_file_) {
    write_game_count();
    counted_file_ = file_id;
  }
  ++counted_games_;

  if (counts_ != nullptr) count_game(game);
  next_game_id_ = game_id + 1;
  next_node_id_ = first_node + static_cast<std::int64_t>(game.tree.size());
  return game_id;
}

void GameWriter::queue_game_row(std::int64_t game_id, std::int64_t file_id, const GameRecord& game,
                                const GameLayout& layout, bool with_positions) {
  BatchedInsert& g = games_;
  g.set_int(0, game_id);
  g.set_int(1, file_id);
  g.set_int(2, game.game_index);
  g.set_text(3, family_name(game.family));
  g.set_text(4, source_format_name(game.format));
  g.set_text(5, game.dialect);
  // Empty text and "unknown" numbers are stored as NULL (docs/schema.md).
  auto text_or_null = [&g](int column, const std::string& text) {
    if (text.empty()) {
      g.set_null(column);
    } else {
      g.set_text(column, text);
    }
  };
  auto int_or_null = [&g](int column, std::int64_t value, std::int64_t absent) {
    if (value == absent) {
      g.set_null(column);
    } else {
      g.set_int(column, value);
    }
  };
  text_or_null(6, game.variant);
  int_or_null(7, game.columns, 0);
  int_or_null(8, game.rows, 0);
  text_or_null(9, game.result);
  g.set_int(10, game.winner);
  text_or_null(11, game.date);
  text_or_null(12, game.event);
  if (game.event.empty()) {
    g.set_null(24);
  } else {
    g.set_text(24, fold_case(game.event));
  }
  text_or_null(13, game.round);
  text_or_null(14, game.charset);
  g.set_int(15, layout.main_line_moves);
  g.set_int(16, static_cast<std::int64_t>(game.tree.size()));
  g.set_int(17, next_node_id_);
  int_or_null(18, game.pos.byte_offset, -1);
  int_or_null(19, game.pos.line, 0);
  int_or_null(20, game.pos.column, 0);
  if (with_positions) {
    g.set_int(21, kPositionHashVersion);
  } else {
    g.set_null(21);
  }
  // SQLite integers are signed: the hash is stored as its two's complement;
  // 0 (nothing to compare) as NULL.
  const auto fingerprint = static_cast<std::int64_t>(layout.moves_hash);
  last_duplicate_of_ = 0;
  g.set_null(23);
  if (fingerprint == 0) {
    g.set_null(22);
  } else {
    g.set_int(22, fingerprint);
    last_duplicate_of_ = find_first_copy(fingerprint);
    if (last_duplicate_of_ != 0) g.set_int(23, last_duplicate_of_);
    queued_copies_.emplace(fingerprint, game_id);
  }
  g.end_row();
}

void GameWriter::store_nodes(const GameRecord& game, const std::vector<std::uint64_t>& hashes,
                             const GameLayout& layout) {
  const GameTree& tree = game.tree;
  const std::size_t n = layout.order.size();
  assert(n == tree.size());
  const double* swing = layout.swings.data();
  const std::int64_t first = next_node_id_;
  NodeHashLoad* const keys =
      node_hashes_ != nullptr && node_hashes_->in_bulk_load() ? node_hashes_ : nullptr;
  for (std::size_t k = 0; k < n; ++k) {
    const NodeIndex index = layout.order[k];
    const NodeView& data = tree.data(index);
    const std::int64_t node_id = first + static_cast<std::int64_t>(k);
    nodes_.set_int(0, node_id);
    nodes_.set_int(1, layout.descendants[k]);
    nodes_.set_int(2, layout.depth[k]);
    nodes_.set_int(3, layout.moveless[k]);
    nodes_.set_int(4, layout.main_line[k] | (data.main_flag ? 2 : 0));
    if (hashes.empty() || hashes[index] == 0) {
      nodes_.set_null(5);
    } else {
      // Stored as the signed 64-bit integer with the same bits.
      nodes_.set_int(5, static_cast<std::int64_t>(hashes[index]));
      if (keys != nullptr) keys->add(node_id, hashes[index]);
    }
    const bool first_inline = !data.moves.empty() && inline_move(data.moves.front(), data);
    if (first_inline) {
      const Move& move = data.moves.front();
      nodes_.set_int(6, move.seat);
      nodes_.set_int(7, move.color);
      nodes_.set_int(8, static_cast<std::int64_t>(move.kind));
      encode_points(move.points, points_buffer_);
      set_blob_or_null(nodes_, 9, points_buffer_);
    } else {
      for (int c = 6; c <= 9; ++c) nodes_.set_null(c);
    }
    nodes_.end_row();
    store_node_data(node_id, data, first_inline, swing);
    swing += data.evaluations.size();
  }
}

void GameWriter::store_moves(std::int64_t node_id, const NodeView& data, bool first_inline) {
  assert(data.move_props.size() <= data.moves.size());
  for (std::size_t m = first_inline ? 1 : 0; m < data.moves.size(); ++m) {
    const Move& move = data.moves[m];
    moves_.set_int(0, node_id);
    moves_.set_int(1, static_cast<std::int64_t>(m));
    moves_.set_int(2, move.seat);
    moves_.set_int(3, move.color);
    moves_.set_int(4, static_cast<std::int64_t>(move.kind));
    moves_.set_int(5, move.draw_offer ? 1 : 0);
    moves_.set_int(6, move.autolink ? 1 : 0);
    encode_points(move.points, points_buffer_);
    set_blob_or_null(moves_, 7, points_buffer_);
    encode_links(move.links, links_buffer_);
    set_blob_or_null(moves_, 8, links_buffer_);
    if (m < data.move_props.size() && !is_default_property(data.move_props[m])) {
      moves_.set_text(9, data.move_props[m].id);
      set_values(moves_, 10, data.move_props[m], values_buffer_);
    } else {
      moves_.set_null(9);
      moves_.set_null(10);
    }
    moves_.end_row();
  }
}

void GameWriter::store_node_data(std::int64_t node_id, const NodeView& data, bool first_inline,
                                 const double* swing) {
  store_moves(node_id, data, first_inline);
  for (std::size_t e = 0; e < data.evaluations.size(); ++e) {
    const Evaluation& eval = data.evaluations[e];
    evaluations_.set_int(0, node_id);
    evaluations_.set_int(1, static_cast<std::int64_t>(e));
    evaluations_.set_int(2, static_cast<std::int64_t>(eval.source));
    set_real_or_null(evaluations_, 3, eval.value);
    evaluations_.set_int(4, eval.undetermined ? 1 : 0);
    set_real_or_null(evaluations_, 5, swing[e]);
    evaluations_.end_row();
  }
  if (data.comment) {
    comments_.set_int(0, node_id);
    comments_.set_text(1, *data.comment);
    comments_.end_row();
  }
  for (std::size_t p = 0; p < data.props.size(); ++p) {
    properties_.set_int(0, node_id);
    properties_.set_int(1, static_cast<std::int64_t>(p));
    properties_.set_text(2, data.props[p].id);
    set_values(properties_, 3, data.props[p], values_buffer_);
    properties_.end_row();
  }
}

void GameWriter::count_game(const GameRecord& game) {
  std::int64_t moves = 0;
  for (NodeIndex i = 0; i < static_cast<NodeIndex>(game.tree.size()); ++i) {
    moves += static_cast<std::int64_t>(game.tree.move_count(i));
  }
  counts_->add(count_name::kGames, 1);
  counts_->add(count_name::games_of(game.family), 1);
  counts_->add(count_name::board(family_name(game.family), game.variant, game.columns, game.rows),
               1);
  counts_->add(count_name::kNodes, static_cast<std::int64_t>(game.tree.size()));
  counts_->add(count_name::kMoves, moves);
  if (last_duplicate_of_ != 0) counts_->add(count_name::kDuplicates, 1);
}

bool GameWriter::store_stream(std::int64_t game_id, const PreparedGame& prepared) {
  if (prepared.positions.stream.empty()) return false;  // a board without streams
  streams_.set_int(0, game_id);
  streams_.set_blob(1, prepared.positions.stream);
  streams_.end_row();
  return true;
}

void GameWriter::add_warnings(std::int64_t file_id, const GameRecord& game) {
  for (const Diagnostic& w : game.warnings) {
    Diagnostic d = w;
    d.severity = Severity::kWarning;
    d.game_index = game.game_index;
    add_error(file_id, d);
  }
}

std::int64_t GameWriter::add_sighting(std::int64_t file_id, const GameRecord& game) {
  const auto fingerprint = static_cast<std::int64_t>(moves_hash(game));
  const std::int64_t first = fingerprint == 0 ? 0 : find_first_copy(fingerprint);
  if (first == 0) return 0;
  insert_sighting(file_id, game.game_index, fingerprint, first);
  add_warnings(file_id, game);
  return first;
}

void GameWriter::copy_sighting(std::int64_t file_id, std::int32_t game_index,
                               std::int64_t moves_hash) {
  insert_sighting(file_id, game_index, moves_hash, find_first_copy(moves_hash));
}

void GameWriter::insert_sighting(std::int64_t file_id, std::int32_t game_index,
                                 std::int64_t moves_hash, std::int64_t first_copy) {
  if (counts_ != nullptr) {
    // A sighting is one more duplicate unless it replaces the row it had.
    ResetOnExit reset(sighting_exists_);
    sighting_exists_.bind(1, file_id);
    sighting_exists_.bind(2, game_index);
    if (!sighting_exists_.executeStep()) counts_->add(count_name::kDuplicates, 1);
  }
  insert_sighting_.bind(1, file_id);
  insert_sighting_.bind(2, game_index);
  insert_sighting_.bind(3, moves_hash);
  bind_optional_int(insert_sighting_, 4, first_copy, 0);
  run(insert_sighting_);
}

void GameWriter::add_error(std::int64_t file_id, const Diagnostic& diagnostic) {
  SQLite::Statement& st = insert_error_;
  st.bind(1, file_id);
  st.bind(2, diagnostic.game_index);
  st.bind(3, diagnostic.severity == Severity::kWarning ? "warning" : "error");
  bind_optional_int(st, 4, diagnostic.pos.byte_offset, -1);
  bind_optional_int(st, 5, diagnostic.pos.line, 0);
  bind_optional_int(st, 6, diagnostic.pos.column, 0);
  st.bindNoCopy(7, diagnostic.message);
  run(st);
  if (counts_ != nullptr) {
    counts_->add(
        diagnostic.severity == Severity::kWarning ? count_name::kWarnings : count_name::kErrors, 1);
  }
}

}  // namespace ludex
