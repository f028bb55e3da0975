#include "schema/game_store.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/moves_hash.h"
#include "core/text_fold.h"
#include "core/version.h"
#include "core/zobrist.h"
#include "games/game_layout.h"
#include "games/position_codes.h"
#include "games/position_stream.h"
#include "schema/batched_insert.h"
#include "schema/blob_codec.h"
#include "schema/feature_index.h"
#include "schema/game_loader.h"
#include "schema/meta.h"
#include "schema/migrations.h"
#include "schema/statement_util.h"

namespace ludex {
namespace {

constexpr const char* kIndexesDroppedKey = "indexes_dropped";
// Set by 003_duplicates.sql when it migrates a database holding games.
constexpr const char* kMovesHashPendingKey = "moves_hash_pending";
constexpr const char* kMovesHashVersionKey = "moves_hash_version";
constexpr const char* kStreamsPendingKey = "position_streams_pending";
// Set by 007_compact_nodes.sql when it migrates a database holding games.
constexpr const char* kFeaturesPendingKey = "feature_games_pending";

// One contiguous run of a file's games: consecutive game ids, and so (ids
// being allocated in call order) one contiguous node id range holding no
// other game's nodes.
struct IdRun {
  std::int64_t first_game = 0;
  std::int64_t last_game = 0;
  std::int64_t first_node = 0;
  std::int64_t last_node = -1;  // < first_node when the run has no nodes
};

// Sets a property's value list: TEXT for UTF-8 values, BLOB for raw bytes.
void set_values(BatchedInsert& rows, int column, const Property& prop, std::string& buffer) {
  encode_values(prop.values, buffer);
  if (prop.raw_bytes) {
    rows.set_blob(column, buffer);
  } else {
    rows.set_text(column, buffer);
  }
}

bool is_default_property(const Property& p) {
  return p.id.empty() && p.values.empty() && !p.raw_bytes;
}

// Whether source file f has a game whose positions must be computed again
// (?2 = this build's kPositionHashVersion) or a sighting that lost its stored
// copy: the condition of KnownFile::positions_stale.
constexpr const char* kStaleFile =
    "(EXISTS (SELECT 1 FROM games AS g WHERE g.file_id = f.file_id AND g.family <> 'other' "
    "AND g.hash_version IS NOT ?2) OR EXISTS (SELECT 1 FROM game_sightings AS s "
    "WHERE s.file_id = f.file_id AND s.duplicate_of IS NULL))";

}  // namespace

struct GameStore::Impl {
  explicit Impl(SQLite::Database& d)
      : db(d),
        begin(db, "BEGIN IMMEDIATE"),
        commit(db, "COMMIT"),
        is_empty(db, "SELECT NOT EXISTS (SELECT 1 FROM games)"),
        max_game_id(db, "SELECT coalesce(max(game_id), 0) FROM games"),
        max_node_id(db, "SELECT coalesce(max(node_id), 0) FROM nodes"),
        get_meta(db, "SELECT value FROM meta WHERE key = ?1"),
        set_meta(db,
                 "INSERT INTO meta (key, value) VALUES (?1, ?2) "
                 "ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
        delete_meta(db, "DELETE FROM meta WHERE key = ?1"),
        find_file(db, std::string("SELECT f.file_id, f.size, f.mtime_ns, f.content_hash, ") +
                          kStaleFile +
                          ", f.format = 'archive', coalesce(f.container_id, 0), f.absent "
                          "FROM source_files AS f WHERE f.path = ?1"),
        find_members(db,
                     std::string("WITH RECURSIVE below (id) AS (SELECT file_id FROM source_files "
                                 "WHERE container_id = ?1 UNION ALL SELECT s.file_id FROM "
                                 "source_files AS s JOIN below AS b ON s.container_id = b.id) "
                                 "SELECT f.file_id, f.size, f.mtime_ns, f.content_hash, ") +
                         kStaleFile +
                         ", f.format = 'archive', coalesce(f.container_id, 0), f.absent, f.path "
                         "FROM below JOIN source_files AS f ON f.file_id = below.id "
                         "ORDER BY f.file_id"),
        upsert_file(db,
                    "INSERT INTO source_files (path, size, mtime_ns, content_hash, format, "
                    "container_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (path) DO "
                    "UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns, "
                    "content_hash = excluded.content_hash, format = excluded.format, "
                    "container_id = excluded.container_id, absent = 0 RETURNING file_id"),
        mark_absent(db, "UPDATE source_files SET absent = ?2 WHERE file_id = ?1"),
        touch_file(db, "UPDATE source_files SET size = ?2, mtime_ns = ?3 WHERE file_id = ?1"),
        find_player(db, "SELECT player_id FROM players WHERE name = ?1"),
        insert_player(db, "INSERT INTO players (name, name_folded) VALUES (?1, ?2)"),
        insert_game(db,
                    "INSERT INTO games (game_id, file_id, game_index, family, format, dialect, "
                    "variant, board_columns, board_rows, result, winner, date, event, round, "
                    "charset, main_line_moves, node_count, first_node_id, start_offset, "
                    "start_line, start_column, hash_version, moves_hash, duplicate_of) VALUES",
                    24),
        insert_game_player(
            db, "INSERT OR IGNORE INTO game_players (game_id, seat, player_id) VALUES", 3),
        count_games(db, "UPDATE source_files SET game_count = game_count + ?2 WHERE file_id = ?1"),
        nodes(db,
              "INSERT INTO nodes (node_id, descendants, depth, moveless, flags, position_hash, "
              "seat, color, kind, points) VALUES",
              10),
        moves(db,
              "INSERT INTO node_moves (node_id, ordinal, seat, color, kind, draw_offer, "
              "autolink, points, links, prop_id, prop_values) VALUES",
              11),
        evaluations(db,
                    "INSERT INTO evaluations (node_id, ordinal, source, value, undetermined, "
                    "swing) VALUES",
                    6),
        comments(db, "INSERT INTO comments (node_id, text) VALUES", 2),
        properties(db, "INSERT INTO properties (node_id, ordinal, prop_id, prop_values) VALUES", 4),
        features(db),
        insert_stream(db, "INSERT INTO game_positions (game_id, stream) VALUES", 2),
        insert_error(db,
                     "INSERT INTO import_errors (file_id, game_index, severity, byte_offset, "
                     "line, col, message) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
        file_games(db,
                   "SELECT game_id, first_node_id, node_count FROM games "
                   "WHERE file_id = ?1 ORDER BY game_id"),
        run_streams(db,
                    "SELECT g.family, g.variant, g.board_columns, g.board_rows, p.stream "
                    "FROM games AS g JOIN game_positions AS p ON p.game_id = g.game_id "
                    "WHERE g.game_id BETWEEN ?1 AND ?2"),
        run_players(db,
                    "SELECT DISTINCT player_id FROM game_players "
                    "WHERE game_id BETWEEN ?1 AND ?2"),
        delete_moves(db, "DELETE FROM node_moves WHERE node_id BETWEEN ?1 AND ?2"),
        delete_evaluations(db, "DELETE FROM evaluations WHERE node_id BETWEEN ?1 AND ?2"),
        delete_comments(db, "DELETE FROM comments WHERE node_id BETWEEN ?1 AND ?2"),
        delete_properties(db, "DELETE FROM properties WHERE node_id BETWEEN ?1 AND ?2"),
        delete_nodes(db, "DELETE FROM nodes WHERE node_id BETWEEN ?1 AND ?2"),
        delete_game_players(db, "DELETE FROM game_players WHERE game_id BETWEEN ?1 AND ?2"),
        delete_games(db, "DELETE FROM games WHERE game_id BETWEEN ?1 AND ?2"),
        delete_streams(db, "DELETE FROM game_positions WHERE game_id BETWEEN ?1 AND ?2"),
        delete_orphan_player(db,
                             "DELETE FROM players WHERE player_id = ?1 AND NOT EXISTS "
                             "(SELECT 1 FROM game_players WHERE player_id = ?1)"),
        delete_file_errors(db, "DELETE FROM import_errors WHERE file_id = ?1"),
        reset_game_count(db, "UPDATE source_files SET game_count = 0 WHERE file_id = ?1"),
        list_files(db,
                   "SELECT file_id, path FROM source_files WHERE container_id IS NULL "
                   "ORDER BY path"),
        is_file(db, "SELECT format <> 'archive' FROM source_files WHERE file_id = ?1"),
        delete_file(db, "DELETE FROM source_files WHERE file_id = ?1"),
        first_copy(db,
                   "SELECT game_id FROM games WHERE moves_hash = ?1 AND moves_hash IS NOT NULL "
                   "ORDER BY game_id LIMIT 1"),
        relink_copies(db,
                      "UPDATE games SET duplicate_of = (SELECT min(o.game_id) FROM games AS o "
                      "WHERE o.moves_hash = games.moves_hash AND o.game_id < games.game_id) "
                      "WHERE duplicate_of BETWEEN ?1 AND ?2"),
        insert_sighting(db,
                        "INSERT OR REPLACE INTO game_sightings (file_id, game_index, moves_hash, "
                        "duplicate_of) VALUES (?1, ?2, ?3, ?4)"),
        delete_file_sightings(db, "DELETE FROM game_sightings WHERE file_id = ?1"),
        relink_sightings(db,
                         "UPDATE game_sightings SET duplicate_of = (SELECT min(g.game_id) "
                         "FROM games AS g WHERE g.moves_hash = game_sightings.moves_hash) "
                         "WHERE duplicate_of BETWEEN ?1 AND ?2") {}

  std::int64_t scalar(SQLite::Statement& st) {
    ResetOnExit reset(st);
    if (!st.executeStep()) throw std::runtime_error("query returned no row: " + st.getQuery());
    return st.getColumn(0).getInt64();
  }

  std::int64_t player_id(const std::string& name);
  // The lowest game_id with this moves hash, 0 for none.
  std::int64_t find_first_copy(std::int64_t fingerprint) {
    {
      ResetOnExit reset(first_copy);
      first_copy.bind(1, fingerprint);
      if (first_copy.executeStep()) return first_copy.getColumn(0).getInt64();
    }
    // Games still queued have higher ids than every written one.
    const auto it = queued_copies.find(fingerprint);
    return it == queued_copies.end() ? 0 : it->second;
  }
  // Adds the games counted for counted_file to its game_count.
  void write_game_count() {
    if (counted_games == 0) return;
    count_games.bind(1, counted_file);
    count_games.bind(2, counted_games);
    run(count_games);
    counted_games = 0;
  }
  // The feature codes (feature_index.h) a stored stream holds, on its board
  // key; false for a game whose family or board has no stream.
  bool stream_codes(Family family, const std::string& variant, std::int32_t columns,
                    std::int32_t rows, std::string_view stream, std::int32_t* board,
                    std::vector<std::int64_t>* codes);
  // positions: the game's computed positions when with_positions (their
  // stream is stored, encoded here when the caller did not), else nullptr;
  // layout: compute_game_layout(game), computed here when nullptr.
  std::int64_t store_game(std::int64_t file_id, const GameRecord& game,
                          const std::vector<std::uint64_t>& hashes,
                          const std::vector<PositionDelta>& deltas, bool with_positions,
                          const GamePositions* positions, const GameLayout* layout);
  // Writes the game's game_positions row; false for a game without one.
  bool store_stream(std::int64_t game_id, const GameRecord& game, const GamePositions& positions);
  void store_nodes(const GameRecord& game, const std::vector<std::uint64_t>& hashes,
                   const GameLayout& layout);
  // first_inline: the node's first move is in its nodes row (inline_move);
  // swing: the layout's swings of this node's evaluations.
  void store_node_data(std::int64_t node_id, const NodeView& data, bool first_inline,
                       const double* swing);
  void delete_run(const IdRun& run, std::vector<std::int64_t>& players);
  void add_error(std::int64_t file_id, const Diagnostic& diagnostic);
  void flush_rows() {
    for (BatchedInsert* b : {&insert_game, &insert_game_player, &nodes, &moves, &evaluations,
                             &comments, &properties, &insert_stream}) {
      b->flush();
    }
    features.flush();
    write_game_count();
    queued_copies.clear();
  }
  void discard_rows() {
    for (BatchedInsert* b : {&insert_game, &insert_game_player, &nodes, &moves, &evaluations,
                             &comments, &properties, &insert_stream}) {
      b->discard();
    }
    features.discard();
    counted_games = 0;
    queued_copies.clear();
  }

  SQLite::Database& db;
  Database* database = nullptr;  // the same connection, for a GameLoader
  SQLite::Statement begin, commit, is_empty, max_game_id, max_node_id;
  SQLite::Statement get_meta, set_meta, delete_meta;
  SQLite::Statement find_file, find_members, upsert_file, mark_absent, touch_file, find_player,
      insert_player;
  // games and game_players rows are queued like the per-node rows (so a
  // statement writes many): until flush_rows(), find_first_copy() also
  // looks among the queued games, and game_count grows per file, not per
  // game.
  BatchedInsert insert_game, insert_game_player;
  SQLite::Statement count_games;
  std::unordered_map<std::int64_t, std::int64_t> queued_copies;  // moves hash -> first queued game
  std::int64_t counted_file = 0;
  std::int64_t counted_games = 0;
  // Per-node rows, written many per statement; flushed by flush_rows().
  BatchedInsert nodes, moves, evaluations, comments, properties;
  FeatureIndexWriter features;
  BatchedInsert insert_stream;  // game_positions rows
  SQLite::Statement insert_error;
  SQLite::Statement file_games, run_streams, run_players;
  SQLite::Statement delete_moves, delete_evaluations, delete_comments, delete_properties;
  SQLite::Statement delete_nodes, delete_game_players, delete_games, delete_streams,
      delete_orphan_player;
  SQLite::Statement delete_file_errors, reset_game_count;
  SQLite::Statement list_files, is_file, delete_file, first_copy, relink_copies;
  SQLite::Statement insert_sighting, delete_file_sightings, relink_sightings;
  std::int64_t last_duplicate_of = 0;  // of the last game stored, 0 for a first copy

  bool in_batch = false;
  // meta.written_by names this build once the first batch commits.
  bool written_by_recorded = false;
  std::int64_t next_game_id = 1;
  std::int64_t next_node_id = 1;
  std::int64_t batch_first_game_id = 1;  // the counters at begin(), for rollback()
  std::int64_t batch_first_node_id = 1;
  std::unordered_map<std::string, std::int64_t> players;  // exact name -> player_id

  // Per-game scratch, indexed by pre-order position; kept to reuse memory.
  std::string points_buffer, links_buffer, values_buffer;
};

std::int64_t GameStore::Impl::player_id(const std::string& name) {
  if (auto it = players.find(name); it != players.end()) return it->second;
  std::int64_t id = 0;
  {
    ResetOnExit reset(find_player);
    find_player.bindNoCopy(1, name);
    if (find_player.executeStep()) id = find_player.getColumn(0).getInt64();
  }
  if (id == 0) {
    const std::string folded = fold_case(name);
    insert_player.bindNoCopy(1, name);
    insert_player.bindNoCopy(2, folded);
    run(insert_player);
    id = db.getLastInsertRowid();
  }
  players.emplace(name, id);
  return id;
}

// Whether a move can stand in its node's row (nodes.seat, color, kind,
// points): nothing else of it differs from what a load assumes.
bool inline_move(const Move& move, const NodeView& data) {
  return !move.draw_offer && move.autolink && move.links.empty() &&
         (data.move_props.empty() || is_default_property(data.move_props.front()));
}

void GameStore::Impl::store_nodes(const GameRecord& game, const std::vector<std::uint64_t>& hashes,
                                  const GameLayout& layout) {
  const GameTree& tree = game.tree;
  const std::size_t n = layout.order.size();
  assert(n == tree.size());
  const double* swing = layout.swings.data();
  const std::int64_t first = next_node_id;
  for (std::size_t k = 0; k < n; ++k) {
    const NodeIndex index = layout.order[k];
    const NodeView& data = tree.data(index);
    const std::int64_t node_id = first + static_cast<std::int64_t>(k);
    nodes.set_int(0, node_id);
    nodes.set_int(1, layout.descendants[k]);
    nodes.set_int(2, layout.depth[k]);
    nodes.set_int(3, layout.moveless[k]);
    nodes.set_int(4, layout.main_line[k] | (data.main_flag ? 2 : 0));
    if (hashes.empty() || hashes[index] == 0) {
      nodes.set_null(5);
    } else {
      // Stored as the signed 64-bit integer with the same bits.
      nodes.set_int(5, static_cast<std::int64_t>(hashes[index]));
    }
    const bool first_inline = !data.moves.empty() && inline_move(data.moves.front(), data);
    if (first_inline) {
      const Move& move = data.moves.front();
      nodes.set_int(6, move.seat);
      nodes.set_int(7, move.color);
      nodes.set_int(8, static_cast<std::int64_t>(move.kind));
      encode_points(move.points, points_buffer);
      if (points_buffer.empty()) {
        nodes.set_null(9);
      } else {
        nodes.set_blob(9, points_buffer);
      }
    } else {
      for (int c = 6; c <= 9; ++c) nodes.set_null(c);
    }
    nodes.end_row();
    store_node_data(node_id, data, first_inline, swing);
    swing += data.evaluations.size();
  }
}

bool GameStore::Impl::store_stream(std::int64_t game_id, const GameRecord& game,
                                   const GamePositions& positions) {
  // Encoded here only when the caller (merge, tests) did not: the import's
  // parse workers do it.
  std::string stream_buffer;
  const std::string* stream = &positions.stream;
  if (stream->empty()) {
    if (!encode_stored_positions(game, positions, &stream_buffer)) {
      return false;  // a board without streams
    }
    stream = &stream_buffer;
  }
  insert_stream.set_int(0, game_id);
  insert_stream.set_blob(1, *stream);
  insert_stream.end_row();
  return true;
}

bool GameStore::Impl::stream_codes(Family family, const std::string& variant, std::int32_t columns,
                                   std::int32_t rows, std::string_view stream, std::int32_t* board,
                                   std::vector<std::int64_t>* codes) {
  const std::optional<StreamBoard> b = stream_board(family, variant, columns, rows);
  if (!b) return false;
  std::string error;
  if (!stream_feature_codes(family, stream, *b, codes, &error)) {
    throw std::runtime_error("corrupt database: a position stream does not read: " + error);
  }
  *board = board_key(columns, rows);
  return true;
}

void GameStore::Impl::store_node_data(std::int64_t node_id, const NodeView& data, bool first_inline,
                                      const double* swing) {
  assert(data.move_props.size() <= data.moves.size());
  for (std::size_t m = first_inline ? 1 : 0; m < data.moves.size(); ++m) {
    const Move& move = data.moves[m];
    moves.set_int(0, node_id);
    moves.set_int(1, static_cast<std::int64_t>(m));
    moves.set_int(2, move.seat);
    moves.set_int(3, move.color);
    moves.set_int(4, static_cast<std::int64_t>(move.kind));
    moves.set_int(5, move.draw_offer ? 1 : 0);
    moves.set_int(6, move.autolink ? 1 : 0);
    encode_points(move.points, points_buffer);
    if (points_buffer.empty()) {
      moves.set_null(7);
    } else {
      moves.set_blob(7, points_buffer);
    }
    encode_links(move.links, links_buffer);
    if (links_buffer.empty()) {
      moves.set_null(8);
    } else {
      moves.set_blob(8, links_buffer);
    }
    if (m < data.move_props.size() && !is_default_property(data.move_props[m])) {
      moves.set_text(9, data.move_props[m].id);
      set_values(moves, 10, data.move_props[m], values_buffer);
    } else {
      moves.set_null(9);
      moves.set_null(10);
    }
    moves.end_row();
  }
  for (std::size_t e = 0; e < data.evaluations.size(); ++e) {
    const Evaluation& eval = data.evaluations[e];
    evaluations.set_int(0, node_id);
    evaluations.set_int(1, static_cast<std::int64_t>(e));
    evaluations.set_int(2, static_cast<std::int64_t>(eval.source));
    if (std::isnan(eval.value)) {
      evaluations.set_null(3);  // SQLite has no NaN; NULL stands for it
    } else {
      evaluations.set_real(3, eval.value);
    }
    evaluations.set_int(4, eval.undetermined ? 1 : 0);
    if (std::isnan(swing[e])) {
      evaluations.set_null(5);
    } else {
      evaluations.set_real(5, swing[e]);
    }
    evaluations.end_row();
  }
  if (data.comment) {
    comments.set_int(0, node_id);
    comments.set_text(1, *data.comment);
    comments.end_row();
  }
  for (std::size_t p = 0; p < data.props.size(); ++p) {
    properties.set_int(0, node_id);
    properties.set_int(1, static_cast<std::int64_t>(p));
    properties.set_text(2, data.props[p].id);
    set_values(properties, 3, data.props[p], values_buffer);
    properties.end_row();
  }
}

void GameStore::Impl::delete_run(const IdRun& r, std::vector<std::int64_t>& run_player_ids) {
  {
    ResetOnExit reset(run_players);
    run_players.bind(1, r.first_game);
    run_players.bind(2, r.last_game);
    while (run_players.executeStep()) run_player_ids.push_back(run_players.getColumn(0).getInt64());
  }
  // The run's games leave the lists of the features their streams hold.
  std::map<std::int32_t, std::vector<std::int64_t>> codes_by_board;
  {
    ResetOnExit reset(run_streams);
    run_streams.bind(1, r.first_game);
    run_streams.bind(2, r.last_game);
    std::vector<std::int64_t> codes;
    while (run_streams.executeStep()) {
      const std::optional<Family> family = parse_family(run_streams.getColumn(0).getString());
      const SQLite::Column stream = run_streams.getColumn(4);
      std::int32_t board = 0;
      if (!family || !stream_codes(*family, column_text(run_streams, 1),
                                   static_cast<std::int32_t>(column_int(run_streams, 2, 0)),
                                   static_cast<std::int32_t>(column_int(run_streams, 3, 0)),
                                   column_bytes(stream), &board, &codes)) {
        continue;
      }
      std::vector<std::int64_t>& all = codes_by_board[board];
      all.insert(all.end(), codes.begin(), codes.end());
    }
  }
  for (auto& [board, codes] : codes_by_board) {
    std::sort(codes.begin(), codes.end());
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    features.remove(r.first_game, r.last_game, board, codes);
  }
  if (r.last_node >= r.first_node) {
    for (SQLite::Statement* st : {&delete_moves, &delete_evaluations, &delete_comments,
                                  &delete_properties, &delete_nodes}) {
      st->bind(1, r.first_node);
      st->bind(2, r.last_node);
      run(*st);
    }
  }
  for (SQLite::Statement* st :
       {&delete_streams, &delete_game_players, &delete_games, &relink_copies, &relink_sightings}) {
    st->bind(1, r.first_game);
    st->bind(2, r.last_game);
    run(*st);
  }
}

GameStore::GameStore(Database& db) : impl_(std::make_unique<Impl>(db.handle())) {
  assert(db.mode() == Database::Mode::kReadWrite);
  impl_->database = &db;
  impl_->next_game_id = impl_->scalar(impl_->max_game_id) + 1;
  impl_->next_node_id = impl_->scalar(impl_->max_node_id) + 1;
}

GameStore::~GameStore() {
  if (impl_->in_batch) impl_->db.tryExec("ROLLBACK");
}

void GameStore::rollback() {
  Impl& s = *impl_;
  assert(s.in_batch);
  s.discard_rows();
  s.in_batch = false;
  // Forget what the batch handed out: its ids and any players it created.
  s.next_game_id = s.batch_first_game_id;
  s.next_node_id = s.batch_first_node_id;
  s.players.clear();
  s.db.exec("ROLLBACK");
}

void GameStore::begin() {
  assert(!impl_->in_batch);
  run(impl_->begin);
  impl_->in_batch = true;
  // Another connection may have written since; never go below what this
  // store already handed out, so batch boundaries do not change ids.
  impl_->next_game_id = std::max(impl_->next_game_id, impl_->scalar(impl_->max_game_id) + 1);
  impl_->next_node_id = std::max(impl_->next_node_id, impl_->scalar(impl_->max_node_id) + 1);
  impl_->batch_first_game_id = impl_->next_game_id;
  impl_->batch_first_node_id = impl_->next_node_id;
  if (!impl_->written_by_recorded) {
    impl_->set_meta.bind(1, std::string(meta_key::kWrittenBy));
    impl_->set_meta.bind(2, ludex_build_name());
    run(impl_->set_meta);
  }
}

void GameStore::commit() {
  assert(impl_->in_batch);
  impl_->flush_rows();
  run(impl_->commit);
  impl_->in_batch = false;
  impl_->written_by_recorded = true;
}

bool GameStore::is_empty() {
  return impl_->scalar(impl_->is_empty) != 0;
}

void GameStore::begin_bulk_load() {
  assert(!impl_->in_batch);
  // A checkpoint (which syncs the WAL and the database file) after every
  // 64 MiB of WAL rather than SQLite's 1000 pages: measured on the 100k
  // archive, 101 syncs took the writer 1.0 s; finish_bulk_load() sets it
  // back. Per connection: a load that dies leaves nothing to undo.
  const std::int64_t page_size = impl_->db.execAndGet("PRAGMA page_size").getInt64();
  impl_->db.exec("PRAGMA wal_autocheckpoint = " + std::to_string(std::max<std::int64_t>(
                                                      1000, (std::int64_t{64} << 20) / page_size)));
  run(impl_->begin);
  try {
    // What was dropped is kept, so that finish_bulk_load() builds exactly
    // that, also in a later run after an interrupted load.
    const std::string statements = drop_secondary_indexes(impl_->db);
    impl_->set_meta.bind(1, kIndexesDroppedKey);
    impl_->set_meta.bind(2, statements.empty() ? std::string("1") : statements);
    run(impl_->set_meta);
    run(impl_->commit);
  } catch (...) {
    impl_->db.tryExec("ROLLBACK");
    throw;
  }
}

void GameStore::finish_bulk_load() {
  assert(!impl_->in_batch);
  // The sorter behind CREATE INDEX sorts runs of a cache's worth of keys in
  // memory before it merges them from temporary files; small runs sort in
  // the processor's caches, large ones do not. Measured on the 100k
  // archive's hash index (7.9 M keys, 16 KiB pages): 7.8 s with the 64 MiB
  // cache, 4.6 s with 8 MiB, 3.1 s with 2 MiB, and a twelfth of the memory.
  // The cache is set back afterwards.
  impl_->db.exec("PRAGMA cache_size = -2048");
  struct RestoreCache {
    SQLite::Database& db;
    ~RestoreCache() {
      db.tryExec(std::string("PRAGMA cache_size = ") + kConnectionCacheSize);
      db.tryExec("PRAGMA wal_autocheckpoint = 1000");
    }
  } restore_cache{impl_->db};
  run(impl_->begin);
  try {
    std::optional<std::string> dropped;
    {
      ResetOnExit reset(impl_->get_meta);
      impl_->get_meta.bind(1, kIndexesDroppedKey);
      if (impl_->get_meta.executeStep()) dropped = impl_->get_meta.getColumn(0).getString();
    }
    // A load interrupted under an older ludex recorded only '1': every
    // index file then runs, as it did then (building, on the way, indexes
    // that a later version drops again).
    if (dropped && *dropped == "1") {
      create_secondary_indexes(impl_->db);
    } else if (dropped) {
      recreate_secondary_indexes(impl_->db, *dropped);
    }
    if (dropped) {
      // The full-text index was created empty; index every stored comment.
      impl_->db.exec("INSERT INTO comments_fts (comments_fts) VALUES ('rebuild')");
      impl_->delete_meta.bind(1, kIndexesDroppedKey);
      run(impl_->delete_meta);
    }
    run(impl_->commit);
  } catch (...) {
    impl_->db.tryExec("ROLLBACK");
    throw;
  }
  // Sampled statistics: enough for the planner, cheap on a large archive.
  impl_->db.exec("PRAGMA analysis_limit = 1000");
  impl_->db.exec("ANALYZE");
}

std::optional<KnownFile> GameStore::find_file(const std::string& path) {
  SQLite::Statement& st = impl_->find_file;
  ResetOnExit reset(st);
  st.bindNoCopy(1, path);
  st.bind(2, kPositionHashVersion);
  if (!st.executeStep()) return std::nullopt;
  KnownFile f;
  f.file_id = st.getColumn(0).getInt64();
  f.size = st.getColumn(1).getInt64();
  f.mtime_ns = st.getColumn(2).getInt64();
  f.content_hash = st.getColumn(3).getString();
  f.positions_stale = st.getColumn(4).getInt() != 0;
  f.is_archive = st.getColumn(5).getInt() != 0;
  f.container_id = st.getColumn(6).getInt64();
  f.absent = st.getColumn(7).getInt() != 0;
  return f;
}

std::vector<KnownMember> GameStore::find_members(std::int64_t container_id) {
  SQLite::Statement& st = impl_->find_members;
  ResetOnExit reset(st);
  st.bind(1, container_id);
  st.bind(2, kPositionHashVersion);
  std::vector<KnownMember> out;
  while (st.executeStep()) {
    KnownMember m;
    m.file.file_id = st.getColumn(0).getInt64();
    m.file.size = st.getColumn(1).getInt64();
    m.file.mtime_ns = st.getColumn(2).getInt64();
    m.file.content_hash = st.getColumn(3).getString();
    m.file.positions_stale = st.getColumn(4).getInt() != 0;
    m.file.is_archive = st.getColumn(5).getInt() != 0;
    m.file.container_id = st.getColumn(6).getInt64();
    m.file.absent = st.getColumn(7).getInt() != 0;
    m.path = st.getColumn(8).getString();
    out.push_back(std::move(m));
  }
  return out;
}

std::int64_t GameStore::upsert_file(const SourceFileInfo& file) {
  assert(impl_->in_batch);
  SQLite::Statement& st = impl_->upsert_file;
  ResetOnExit reset(st);
  st.bindNoCopy(1, file.path);
  st.bind(2, file.size);
  st.bind(3, file.mtime_ns);
  st.bindNoCopy(4, file.content_hash);
  st.bindNoCopy(5, file.format);
  if (file.container_id != 0) {
    st.bind(6, file.container_id);
  } else {
    st.bind(6);
  }
  if (!st.executeStep()) throw std::runtime_error("upsert of " + file.path + " returned no id");
  return st.getColumn(0).getInt64();
}

void GameStore::mark_absent(std::int64_t file_id, bool absent) {
  assert(impl_->in_batch);
  SQLite::Statement& st = impl_->mark_absent;
  ResetOnExit reset(st);
  st.bind(1, file_id);
  st.bind(2, absent ? 1 : 0);
  st.exec();
}

void GameStore::touch_file(std::int64_t file_id, std::int64_t size, std::int64_t mtime_ns) {
  assert(impl_->in_batch);
  SQLite::Statement& st = impl_->touch_file;
  ResetOnExit reset(st);
  st.bind(1, file_id);
  st.bind(2, size);
  st.bind(3, mtime_ns);
  st.exec();
}

void GameStore::clear_file(std::int64_t file_id) {
  assert(impl_->in_batch);
  Impl& s = *impl_;
  s.flush_rows();  // the deletes below must see every row written so far
  std::vector<IdRun> runs;
  {
    ResetOnExit reset(s.file_games);
    s.file_games.bind(1, file_id);
    while (s.file_games.executeStep()) {
      const std::int64_t game = s.file_games.getColumn(0).getInt64();
      const std::int64_t first_node = s.file_games.getColumn(1).getInt64();
      const std::int64_t last_node = first_node + s.file_games.getColumn(2).getInt64() - 1;
      if (runs.empty() || runs.back().last_game + 1 != game) {
        runs.push_back(IdRun{game, game, first_node, last_node});
      }
      IdRun& r = runs.back();
      r.last_game = game;
      if (last_node >= first_node) {
        if (r.last_node < r.first_node) r.first_node = first_node;
        r.last_node = last_node;
      }
    }
  }
  std::vector<std::int64_t> player_ids;
  for (const IdRun& r : runs) s.delete_run(r, player_ids);
  std::sort(player_ids.begin(), player_ids.end());
  player_ids.erase(std::unique(player_ids.begin(), player_ids.end()), player_ids.end());
  bool deleted_player = false;
  for (std::int64_t id : player_ids) {
    s.delete_orphan_player.bind(1, id);
    ResetOnExit reset(s.delete_orphan_player);
    if (s.delete_orphan_player.exec() > 0) deleted_player = true;
  }
  if (deleted_player) s.players.clear();
  s.delete_file_errors.bind(1, file_id);
  run(s.delete_file_errors);
  s.delete_file_sightings.bind(1, file_id);
  run(s.delete_file_sightings);
  s.reset_game_count.bind(1, file_id);
  run(s.reset_game_count);
}

std::vector<std::pair<std::int64_t, std::string>> GameStore::list_files() {
  Impl& s = *impl_;
  ResetOnExit reset(s.list_files);
  std::vector<std::pair<std::int64_t, std::string>> out;
  while (s.list_files.executeStep()) {
    out.emplace_back(s.list_files.getColumn(0).getInt64(), s.list_files.getColumn(1).getString());
  }
  return out;
}

std::int64_t GameStore::remove_file(std::int64_t file_id) {
  bool is_file = true;
  {
    ResetOnExit reset(impl_->is_file);
    impl_->is_file.bind(1, file_id);
    if (impl_->is_file.executeStep()) is_file = impl_->is_file.getColumn(0).getInt() != 0;
  }
  std::int64_t removed = is_file ? 1 : remove_members(file_id);
  clear_file(file_id);
  impl_->delete_file.bind(1, file_id);
  run(impl_->delete_file);
  return removed;
}

std::int64_t GameStore::remove_members(std::int64_t container_id) {
  std::int64_t removed = 0;
  for (const KnownMember& m : find_members(container_id)) {
    if (!m.file.is_archive) ++removed;
    clear_file(m.file.file_id);
    impl_->delete_file.bind(1, m.file.file_id);
    run(impl_->delete_file);
  }
  return removed;
}

std::int64_t GameStore::add_game(std::int64_t file_id, const GameRecord& game) {
  return impl_->store_game(file_id, game, {}, {}, false, nullptr, nullptr);
}

std::int64_t GameStore::add_game(std::int64_t file_id, const GameRecord& game,
                                 const std::vector<std::uint64_t>& position_hashes) {
  return impl_->store_game(file_id, game, position_hashes, {}, false, nullptr, nullptr);
}

std::int64_t GameStore::add_game(std::int64_t file_id, const GameRecord& game,
                                 const GamePositions& positions, const GameLayout* layout) {
  static const std::vector<PositionDelta> kNoDeltas;
  const bool with_positions = !positions.hashes.empty();
  return impl_->store_game(file_id, game, positions.hashes,
                           with_positions ? positions.deltas : kNoDeltas, with_positions,
                           with_positions ? &positions : nullptr, layout);
}

std::int64_t GameStore::Impl::store_game(std::int64_t file_id, const GameRecord& game,
                                         const std::vector<std::uint64_t>& hashes,
                                         const std::vector<PositionDelta>& deltas,
                                         bool with_positions, const GamePositions* positions,
                                         const GameLayout* given_layout) {
  assert(in_batch);
  std::optional<GameLayout> computed;
  if (given_layout == nullptr) computed = compute_game_layout(game);
  const GameLayout& layout = given_layout != nullptr ? *given_layout : *computed;
  assert(hashes.empty() || hashes.size() == game.tree.size());
  assert(deltas.empty() || deltas.size() == game.tree.size());
  const std::int64_t game_id = next_game_id;
  const std::int64_t first_node = next_node_id;
  const std::string family(family_name(game.family));
  const std::string format(source_format_name(game.format));

  BatchedInsert& g = insert_game;
  g.set_int(0, game_id);
  g.set_int(1, file_id);
  g.set_int(2, game.game_index);
  g.set_text(3, family);
  g.set_text(4, format);
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
  text_or_null(13, game.round);
  text_or_null(14, game.charset);
  g.set_int(15, layout.main_line_moves);
  g.set_int(16, static_cast<std::int64_t>(game.tree.size()));
  g.set_int(17, first_node);
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
  last_duplicate_of = 0;
  g.set_null(23);
  if (fingerprint == 0) {
    g.set_null(22);
  } else {
    g.set_int(22, fingerprint);
    last_duplicate_of = find_first_copy(fingerprint);
    if (last_duplicate_of != 0) g.set_int(23, last_duplicate_of);
    queued_copies.emplace(fingerprint, game_id);
  }
  g.end_row();

  for (const SeatPlayer& p : game.players) {
    insert_game_player.set_int(0, game_id);
    insert_game_player.set_int(1, p.seat);
    insert_game_player.set_int(2, player_id(p.name));
    insert_game_player.end_row();
  }

  store_nodes(game, hashes, layout);
  // Position search replays streams: a game is listed in feature_games
  // exactly when it has one.
  if (positions != nullptr && store_stream(game_id, game, *positions)) {
    features.add(game_id, board_key(game.columns, game.rows),
                 positions->stream.empty() ? feature_codes(game.family, deltas, hashes)
                                           : positions->features);
  }

  for (const Diagnostic& w : game.warnings) {
    Diagnostic d = w;
    d.severity = Severity::kWarning;
    d.game_index = game.game_index;
    add_error(file_id, d);
  }
  if (file_id != counted_file) {
    write_game_count();
    counted_file = file_id;
  }
  ++counted_games;

  next_game_id = game_id + 1;
  next_node_id = first_node + static_cast<std::int64_t>(game.tree.size());
  return game_id;
}

std::int64_t GameStore::last_duplicate_of() const {
  return impl_->last_duplicate_of;
}

std::int64_t GameStore::add_sighting(std::int64_t file_id, const GameRecord& game) {
  assert(impl_->in_batch);
  Impl& s = *impl_;
  const auto fingerprint = static_cast<std::int64_t>(moves_hash(game));
  const std::int64_t first = fingerprint == 0 ? 0 : s.find_first_copy(fingerprint);
  if (first == 0) return 0;
  s.insert_sighting.bind(1, file_id);
  s.insert_sighting.bind(2, game.game_index);
  s.insert_sighting.bind(3, fingerprint);
  s.insert_sighting.bind(4, first);
  run(s.insert_sighting);
  for (const Diagnostic& w : game.warnings) {
    Diagnostic d = w;
    d.severity = Severity::kWarning;
    d.game_index = game.game_index;
    s.add_error(file_id, d);
  }
  return first;
}

void GameStore::copy_sighting(std::int64_t file_id, std::int32_t game_index,
                              std::int64_t moves_hash) {
  assert(impl_->in_batch);
  Impl& s = *impl_;
  const std::int64_t first = s.find_first_copy(moves_hash);
  s.insert_sighting.bind(1, file_id);
  s.insert_sighting.bind(2, game_index);
  s.insert_sighting.bind(3, moves_hash);
  if (first == 0) {
    s.insert_sighting.bind(4);
  } else {
    s.insert_sighting.bind(4, first);
  }
  run(s.insert_sighting);
}

std::int64_t GameStore::refresh_moves_hashes() {
  assert(!impl_->in_batch);
  Impl& s = *impl_;
  auto meta = [&s](const char* key) -> std::optional<std::string> {
    ResetOnExit reset(s.get_meta);
    s.get_meta.bind(1, key);
    if (!s.get_meta.executeStep()) return std::nullopt;
    return s.get_meta.getColumn(0).getString();
  };
  const bool pending = meta(kMovesHashPendingKey).has_value();
  const bool outdated = meta(kMovesHashVersionKey) != std::to_string(kMovesHashVersion);
  if (!pending && !outdated) return 0;

  GameLoader loader(*s.database);
  begin();
  std::int64_t hashed = 0;
  try {
    SQLite::Statement list(s.db, outdated ? "SELECT game_id FROM games ORDER BY game_id"
                                          : "SELECT game_id FROM games WHERE moves_hash IS NULL "
                                            "ORDER BY game_id");
    std::vector<std::int64_t> ids;
    while (list.executeStep()) ids.push_back(list.getColumn(0).getInt64());
    SQLite::Statement set_hash(s.db, "UPDATE games SET moves_hash = ?2 WHERE game_id = ?1");
    for (const std::int64_t id : ids) {
      const std::optional<LoadedGame> game = loader.load(id);
      if (!game) throw std::runtime_error("game " + std::to_string(id) + " vanished");
      // Stored as add_game() stores it: two's complement, 0 as NULL.
      const auto fingerprint = static_cast<std::int64_t>(moves_hash(game->record));
      set_hash.bind(1, id);
      if (fingerprint == 0) {
        set_hash.bind(2);
      } else {
        set_hash.bind(2, fingerprint);
      }
      run(set_hash);
      ++hashed;
    }
    s.db.exec(
        "UPDATE games SET duplicate_of = (SELECT min(o.game_id) FROM games AS o "
        "WHERE o.moves_hash = games.moves_hash AND o.game_id < games.game_id)");
    if (outdated) s.db.exec("UPDATE game_sightings SET duplicate_of = NULL");
    s.delete_meta.bind(1, kMovesHashPendingKey);
    run(s.delete_meta);
    s.set_meta.bind(1, kMovesHashVersionKey);
    s.set_meta.bind(2, std::to_string(kMovesHashVersion));
    run(s.set_meta);
    commit();
  } catch (...) {
    rollback();
    throw;
  }
  return hashed;
}

std::int64_t GameStore::refresh_position_streams() {
  assert(!impl_->in_batch);
  Impl& s = *impl_;
  {
    ResetOnExit reset(s.get_meta);
    s.get_meta.bind(1, kStreamsPendingKey);
    if (!s.get_meta.executeStep()) return 0;
  }
  GameLoader loader(*s.database);
  begin();
  std::int64_t encoded = 0;
  try {
    SQLite::Statement list(s.db,
                           "SELECT g.game_id FROM games AS g WHERE g.hash_version = ?1 "
                           "AND NOT EXISTS (SELECT 1 FROM game_positions AS p "
                           "WHERE p.game_id = g.game_id) ORDER BY g.game_id");
    list.bind(1, kPositionHashVersion);
    std::vector<std::int64_t> ids;
    while (list.executeStep()) ids.push_back(list.getColumn(0).getInt64());
    for (const std::int64_t id : ids) {
      const std::optional<LoadedGame> game = loader.load(id);
      if (!game) throw std::runtime_error("game " + std::to_string(id) + " vanished");
      if (s.store_stream(id, game->record, compute_positions(game->record))) ++encoded;
    }
    s.delete_meta.bind(1, kStreamsPendingKey);
    run(s.delete_meta);
    commit();
  } catch (...) {
    rollback();
    throw;
  }
  return encoded;
}

std::int64_t GameStore::refresh_feature_games() {
  assert(!impl_->in_batch);
  Impl& s = *impl_;
  {
    ResetOnExit reset(s.get_meta);
    s.get_meta.bind(1, kFeaturesPendingKey);
    if (!s.get_meta.executeStep()) return 0;
  }
  begin();
  std::int64_t listed = 0;
  try {
    // Built anew from the streams, whatever an interrupted run left.
    s.db.exec("DELETE FROM feature_games");
    SQLite::Statement list(s.db,
                           "SELECT g.game_id, g.family, g.variant, g.board_columns, "
                           "g.board_rows, p.stream FROM games AS g JOIN game_positions AS p "
                           "ON p.game_id = g.game_id ORDER BY g.game_id");
    std::vector<std::int64_t> codes;
    while (list.executeStep()) {
      const std::optional<Family> family = parse_family(list.getColumn(1).getString());
      const SQLite::Column stream = list.getColumn(5);
      std::int32_t board = 0;
      if (!family || !s.stream_codes(*family, column_text(list, 2),
                                     static_cast<std::int32_t>(column_int(list, 3, 0)),
                                     static_cast<std::int32_t>(column_int(list, 4, 0)),
                                     column_bytes(stream), &board, &codes)) {
        continue;
      }
      s.features.add(list.getColumn(0).getInt64(), board, codes);
      // Bounds the queued ids; each flush appends to the lists' last chunks.
      if (++listed % 1000 == 0) s.features.flush();
    }
    s.delete_meta.bind(1, kFeaturesPendingKey);
    run(s.delete_meta);
    commit();
  } catch (...) {
    rollback();
    throw;
  }
  return listed;
}

void GameStore::add_error(std::int64_t file_id, const Diagnostic& diagnostic) {
  assert(impl_->in_batch);
  impl_->add_error(file_id, diagnostic);
}

void GameStore::Impl::add_error(std::int64_t file_id, const Diagnostic& diagnostic) {
  SQLite::Statement& st = insert_error;
  st.bind(1, file_id);
  st.bind(2, diagnostic.game_index);
  st.bind(3, diagnostic.severity == Severity::kWarning ? "warning" : "error");
  bind_optional_int(st, 4, diagnostic.pos.byte_offset, -1);
  bind_optional_int(st, 5, diagnostic.pos.line, 0);
  bind_optional_int(st, 6, diagnostic.pos.column, 0);
  st.bindNoCopy(7, diagnostic.message);
  run(st);
}

}  // namespace ludex
