#include "schema/write/game_eraser.h"

#include <algorithm>
#include <map>

#include "schema/db/statement_util.h"

namespace ludex {

GameEraser::GameEraser(SQLite::Database& db, FeatureIndexWriter& features,
                       ExplorerStoreWriter* explorer, CountsWriter* counts)
    : features_(features),
      explorer_(explorer),
      counts_(counts),
      run_counts_(db,
                  "SELECT family, coalesce(variant, ''), coalesce(board_columns, 0), "
                  "coalesce(board_rows, 0), count(*), sum(duplicate_of IS NOT NULL), "
                  "sum(node_count) FROM games WHERE game_id BETWEEN ?1 AND ?2 GROUP BY 1, 2, 3, 4"),
      run_moves_(db,
                 "SELECT (SELECT count(*) FROM nodes WHERE node_id BETWEEN ?1 AND ?2 "
                 "AND kind IS NOT NULL) + (SELECT count(*) FROM node_moves "
                 "WHERE node_id BETWEEN ?1 AND ?2)"),
      // The copies of the run's games that no other game comes before: the
      // first copies once the run is gone.
      run_first_copies_(db,
                        "SELECT count(*) FROM games AS c WHERE c.duplicate_of BETWEEN ?1 AND ?2 "
                        "AND c.game_id NOT BETWEEN ?1 AND ?2 AND NOT EXISTS (SELECT 1 FROM games "
                        "AS o WHERE o.moves_hash = c.moves_hash AND o.game_id < c.game_id "
                        "AND o.game_id NOT BETWEEN ?1 AND ?2)"),
      file_errors_(db,
                   "SELECT severity, count(*) FROM import_errors WHERE file_id = ?1 GROUP BY 1"),
      file_sightings_(db, "SELECT count(*) FROM game_sightings WHERE file_id = ?1"),
      file_games_(db,
                  "SELECT game_id, first_node_id, node_count FROM games "
                  "WHERE file_id = ?1 ORDER BY game_id"),
      run_streams_(db,
                   "SELECT g.family, g.variant, g.board_columns, g.board_rows, p.stream "
                   "FROM games AS g JOIN game_positions AS p ON p.game_id = g.game_id "
                   "WHERE g.game_id BETWEEN ?1 AND ?2"),
      run_players_(db,
                   "SELECT DISTINCT player_id FROM game_players "
                   "WHERE game_id BETWEEN ?1 AND ?2"),
      delete_moves_(db, "DELETE FROM node_moves WHERE node_id BETWEEN ?1 AND ?2"),
      delete_evaluations_(db, "DELETE FROM evaluations WHERE node_id BETWEEN ?1 AND ?2"),
      delete_comments_(db, "DELETE FROM comments WHERE node_id BETWEEN ?1 AND ?2"),
      delete_properties_(db, "DELETE FROM properties WHERE node_id BETWEEN ?1 AND ?2"),
      delete_nodes_(db, "DELETE FROM nodes WHERE node_id BETWEEN ?1 AND ?2"),
      delete_streams_(db, "DELETE FROM game_positions WHERE game_id BETWEEN ?1 AND ?2"),
      delete_game_players_(db, "DELETE FROM game_players WHERE game_id BETWEEN ?1 AND ?2"),
      delete_games_(db, "DELETE FROM games WHERE game_id BETWEEN ?1 AND ?2"),
      relink_copies_(db,
                     "UPDATE games SET duplicate_of = (SELECT min(o.game_id) FROM games AS o "
                     "WHERE o.moves_hash = games.moves_hash AND o.game_id < games.game_id) "
                     "WHERE duplicate_of BETWEEN ?1 AND ?2"),
      relink_sightings_(db,
                        "UPDATE game_sightings SET duplicate_of = (SELECT min(g.game_id) "
                        "FROM games AS g WHERE g.moves_hash = game_sightings.moves_hash) "
                        "WHERE duplicate_of BETWEEN ?1 AND ?2"),
      ranks_(db),
      totals_(db),
      events_(db),
      delete_orphan_player_(db,
                            "DELETE FROM players WHERE player_id = ?1 AND NOT EXISTS "
                            "(SELECT 1 FROM game_players WHERE player_id = ?1)"),
      delete_file_errors_(db, "DELETE FROM import_errors WHERE file_id = ?1"),
      delete_file_sightings_(db, "DELETE FROM game_sightings WHERE file_id = ?1"),
      reset_game_count_(db, "UPDATE source_files SET game_count = 0 WHERE file_id = ?1") {}

bool GameEraser::clear_file(std::int64_t file_id) {
  std::vector<std::int64_t> player_ids;
  for (const IdRun& r : file_runs(file_id)) delete_run(r, &player_ids);
  std::sort(player_ids.begin(), player_ids.end());
  player_ids.erase(std::unique(player_ids.begin(), player_ids.end()), player_ids.end());
  bool deleted_player = false;
  for (std::int64_t id : player_ids) {
    delete_orphan_player_.bind(1, id);
    ResetOnExit reset(delete_orphan_player_);
    if (delete_orphan_player_.exec() > 0) {
      deleted_player = true;
      if (counts_ != nullptr) counts_->add(count_name::kPlayers, -1);
    }
  }
  if (counts_ != nullptr) uncount_file(file_id);
  for (SQLite::Statement* st :
       {&delete_file_errors_, &delete_file_sightings_, &reset_game_count_}) {
    st->bind(1, file_id);
    run(*st);
  }
  return deleted_player;
}

std::vector<GameEraser::IdRun> GameEraser::file_runs(std::int64_t file_id) {
  std::vector<IdRun> runs;
  ResetOnExit reset(file_games_);
  file_games_.bind(1, file_id);
  while (file_games_.executeStep()) {
    const std::int64_t game = file_games_.getColumn(0).getInt64();
    const std::int64_t first_node = file_games_.getColumn(1).getInt64();
    const std::int64_t last_node = first_node + file_games_.getColumn(2).getInt64() - 1;
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
  return runs;
}

void GameEraser::unlist_features(const IdRun& r) {
  std::map<std::int32_t, std::vector<std::int64_t>> codes_by_board;
  {
    ResetOnExit reset(run_streams_);
    run_streams_.bind(1, r.first_game);
    run_streams_.bind(2, r.last_game);
    std::vector<std::int64_t> codes;
    std::int32_t board = 0;
    while (run_streams_.executeStep()) {
      if (!stored_stream_codes(run_streams_, 0, &board, &codes)) continue;
      std::vector<std::int64_t>& all = codes_by_board[board];
      all.insert(all.end(), codes.begin(), codes.end());
    }
  }
  for (auto& [board, codes] : codes_by_board) {
    std::sort(codes.begin(), codes.end());
    codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
    features_.remove(r.first_game, r.last_game, board, codes);
  }
}

void GameEraser::uncount_run(const IdRun& r) {
  {
    ResetOnExit reset(run_counts_);
    run_counts_.bind(1, r.first_game);
    run_counts_.bind(2, r.last_game);
    while (run_counts_.executeStep()) {
      const std::string family = run_counts_.getColumn(0).getString();
      const std::int64_t games = run_counts_.getColumn(4).getInt64();
      counts_->add(count_name::kGames, -games);
      counts_->add("games/" + family, -games);
      counts_->add(count_name::board(family, run_counts_.getColumn(1).getString(),
                                     run_counts_.getColumn(2).getInt64(),
                                     run_counts_.getColumn(3).getInt64()),
                   -games);
      counts_->add(count_name::kDuplicates, -run_counts_.getColumn(5).getInt64());
      counts_->add(count_name::kNodes, -run_counts_.getColumn(6).getInt64());
    }
  }
  for (SQLite::Statement* st : {&run_moves_, &run_first_copies_}) {
    ResetOnExit reset(*st);
    st->bind(1, st == &run_moves_ ? r.first_node : r.first_game);
    st->bind(2, st == &run_moves_ ? r.last_node : r.last_game);
    st->executeStep();
    counts_->add(st == &run_moves_ ? count_name::kMoves : count_name::kDuplicates,
                 -st->getColumn(0).getInt64());
  }
}

void GameEraser::uncount_file(std::int64_t file_id) {
  {
    ResetOnExit reset(file_errors_);
    file_errors_.bind(1, file_id);
    while (file_errors_.executeStep()) {
      counts_->add(file_errors_.getColumn(0).getString() == "warning" ? count_name::kWarnings
                                                                      : count_name::kErrors,
                   -file_errors_.getColumn(1).getInt64());
    }
  }
  ResetOnExit reset(file_sightings_);
  file_sightings_.bind(1, file_id);
  file_sightings_.executeStep();
  counts_->add(count_name::kDuplicates, -file_sightings_.getColumn(0).getInt64());
}

void GameEraser::delete_run(const IdRun& r, std::vector<std::int64_t>* players) {
  // Before the nodes go: they say which kept positions the games held.
  if (explorer_ != nullptr) explorer_->remove(r.first_game, r.last_game);
  if (counts_ != nullptr) uncount_run(r);
  {
    ResetOnExit reset(run_players_);
    run_players_.bind(1, r.first_game);
    run_players_.bind(2, r.last_game);
    while (run_players_.executeStep()) players->push_back(run_players_.getColumn(0).getInt64());
  }
  totals_.mark_games(r.first_game, r.last_game);
  events_.mark_games(r.first_game, r.last_game);
  events_.flush();
  unlist_features(r);
  if (r.last_node >= r.first_node) {
    for (SQLite::Statement* st : {&delete_moves_, &delete_evaluations_, &delete_comments_,
                                  &delete_properties_, &delete_nodes_}) {
      st->bind(1, r.first_node);
      st->bind(2, r.last_node);
      run(*st);
    }
  }
  ranks_.erase(r.first_game, r.last_game);
  for (SQLite::Statement* st : {&delete_streams_, &delete_game_players_, &delete_games_,
                                &relink_copies_, &relink_sightings_}) {
    st->bind(1, r.first_game);
    st->bind(2, r.last_game);
    run(*st);
  }
}

}  // namespace ludex
