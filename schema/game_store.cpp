#include "schema/game_store.h"

#include <cassert>
#include <optional>

#include "core/version.h"
#include "schema/db/meta.h"
#include "schema/db/transaction.h"
#include "schema/events/event_store.h"
#include "schema/explorer/answer_upkeep.h"
#include "schema/explorer/explorer_answers.h"
#include "schema/explorer/explorer_store.h"
#include "schema/players/player_totals.h"
#include "schema/players/seat_rank_rows.h"
#include "schema/search/feature_index.h"
#include "schema/write/backfill.h"
#include "schema/write/bulk_load.h"
#include "schema/write/counts.h"
#include "schema/write/game_eraser.h"
#include "schema/write/game_writer.h"
#include "schema/write/node_hashes.h"

namespace ludex {

struct GameStore::Impl {
  explicit Impl(Database& d)
      : database(d),
        db(d.handle()),
        meta(db),
        counts(db),
        files(db, &counts),
        features(db),
        explorer(db),
        node_hashes(db),
        writer(db, features, &explorer, &counts, &node_hashes),
        eraser(db, features, &explorer, &counts) {}

  bool in_batch() const { return batch && batch->open(); }
  // Writes what the writer queued, so that reads and deletes see it.
  void flush() { writer.flush(); }

  Database& database;
  SQLite::Database& db;
  MetaTable meta;
  // The kept counts (ludex info): every collaborator adds what it writes
  // or removes; written at each commit.
  CountsWriter counts;
  SourceFiles files;
  // Shared by the writer (which queues games on it and flushes it), the
  // eraser and the feature_games backfill.
  FeatureIndexWriter features;
  // The explorer's postings: fed by the writer, trimmed by the eraser,
  // flushed at each commit after the game rows (it reads them).
  ExplorerStoreWriter explorer;
  // A bulk load's node_hashes rows: fed by the writer, handed to its sorter
  // at each commit, written at the load's end.
  NodeHashLoad node_hashes;
  GameWriter writer;
  GameEraser eraser;
  // Games were stored or erased since this store was made: the planner's
  // statistics are then worth refreshing (finish_bulk_load).
  bool games_changed = false;
  std::optional<Transaction> batch;  // open between begin() and commit()
  // meta_key::kWrittenBy names this build once the first batch commits.
  bool written_by_recorded = false;
};

namespace {

// Runs body (which returns a count) in one batch of store: committed when
// it returns, rolled back when it throws.
template <typename Body>
std::int64_t in_one_batch(GameStore& store, Body&& body) {
  store.begin();
  try {
    const std::int64_t n = body();
    store.commit();
    return n;
  } catch (...) {
    store.rollback();
    throw;
  }
}

}  // namespace

GameStore::GameStore(Database& db) : impl_(std::make_unique<Impl>(db)) {
  assert(db.mode() == Database::Mode::kReadWrite);
}

// An open batch is rolled back by its Transaction.
GameStore::~GameStore() = default;

void GameStore::begin() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  s.batch.emplace(s.db, Transaction::Mode::kImmediate);
  s.writer.begin_batch();
  if (!s.written_by_recorded) s.meta.set(meta_key::kWrittenBy, ludex_build_name());
}

void GameStore::commit() {
  Impl& s = *impl_;
  assert(s.in_batch());
  s.flush();
  s.explorer.flush();
  s.counts.flush();
  s.batch->commit();
  s.node_hashes.flush();
  s.written_by_recorded = true;
}

void GameStore::rollback() {
  Impl& s = *impl_;
  assert(s.in_batch());
  s.writer.discard();
  s.explorer.discard();
  s.counts.discard();
  s.node_hashes.discard();
  s.batch->rollback();
}

bool GameStore::is_empty() {
  return holds_no_game(impl_->db);
}

void GameStore::begin_bulk_load() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  drop_indexes_for_load(s.db, s.meta);
  Transaction t(s.db, Transaction::Mode::kImmediate);
  s.explorer.begin_bulk_load();
  s.node_hashes.begin_bulk_load(s.meta);
  // The triggers that empty the answers went with the indexes.
  forget_explorer_answers(s.db);
  t.commit();
}

void GameStore::finish_bulk_load() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  {
    // The postings of a bulk load, or of a database that waits for them
    // (a migration, a load that stopped before it got here).
    Transaction t(s.db, Transaction::Mode::kImmediate);
    if (s.explorer.in_bulk_load()) {
      s.explorer.finish_bulk_load();
    } else {
      s.explorer.rebuild_if_pending();
    }
    if (s.node_hashes.in_bulk_load()) {
      s.node_hashes.finish_bulk_load(s.meta);
    } else {
      s.node_hashes.rebuild_if_pending(s.meta);
    }
    t.commit();
  }
  // ANALYZE reads every index; an import that changed nothing (a re-import
  // of an unchanged archive) leaves the statistics as they are.
  rebuild_dropped_indexes(s.db, s.meta, s.games_changed);
  {
    // The explorer's answers a change emptied (a re-import that changed
    // nothing keeps them: nothing to do), once the indexes that gathering
    // a position needs are back.
    Transaction t(s.db, Transaction::Mode::kImmediate);
    refresh_explorer_answers(s.database);
    t.commit();
  }
}

std::optional<KnownFile> GameStore::find_file(const std::string& path) {
  return impl_->files.find_file(path);
}

std::vector<KnownMember> GameStore::find_files_below(const std::string& dir) {
  return impl_->files.find_files_below(dir);
}

std::vector<KnownMember> GameStore::find_members(std::int64_t container_id) {
  return impl_->files.find_members(container_id);
}

std::int64_t GameStore::upsert_file(const SourceFileInfo& file) {
  assert(impl_->in_batch());
  return impl_->files.upsert_file(file);
}

void GameStore::mark_absent(std::int64_t file_id, bool absent) {
  assert(impl_->in_batch());
  impl_->files.mark_absent(file_id, absent);
}

void GameStore::touch_file(std::int64_t file_id, std::int64_t size, std::int64_t mtime_ns) {
  assert(impl_->in_batch());
  impl_->files.touch_file(file_id, size, mtime_ns);
}

std::vector<std::pair<std::int64_t, std::string>> GameStore::list_files() {
  return impl_->files.list_files();
}

void GameStore::clear_file(std::int64_t file_id) {
  Impl& s = *impl_;
  assert(s.in_batch());
  s.flush();  // the deletes must see every row written so far
  s.games_changed = true;
  if (s.eraser.clear_file(file_id)) s.writer.forget_players();
}

std::int64_t GameStore::remove_file(std::int64_t file_id) {
  const std::int64_t removed = impl_->files.is_archive(file_id) ? remove_members(file_id) : 1;
  clear_file(file_id);
  impl_->files.delete_row(file_id);
  return removed;
}

std::int64_t GameStore::remove_members(std::int64_t container_id) {
  std::int64_t removed = 0;
  for (const KnownMember& m : find_members(container_id)) {
    if (!m.file.is_archive) ++removed;
    clear_file(m.file.file_id);
    impl_->files.delete_row(m.file.file_id);
  }
  return removed;
}

std::int64_t GameStore::add_game(std::int64_t file_id, const PreparedGame& game) {
  assert(impl_->in_batch());
  impl_->games_changed = true;
  return impl_->writer.store_game(file_id, game);
}

std::int64_t GameStore::last_duplicate_of() const {
  return impl_->writer.last_duplicate_of();
}

std::int64_t GameStore::add_sighting(std::int64_t file_id, const GameRecord& game) {
  assert(impl_->in_batch());
  return impl_->writer.add_sighting(file_id, game);
}

void GameStore::copy_sighting(std::int64_t file_id, std::int32_t game_index,
                              std::int64_t moves_hash) {
  assert(impl_->in_batch());
  impl_->writer.copy_sighting(file_id, game_index, moves_hash);
}

void GameStore::add_error(std::int64_t file_id, const Diagnostic& diagnostic) {
  assert(impl_->in_batch());
  impl_->writer.add_error(file_id, diagnostic);
}

std::int64_t GameStore::refresh_moves_hashes() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  const MovesHashWork work = moves_hash_work(s.meta);
  if (work == MovesHashWork::kNone) return 0;
  return in_one_batch(*this, [&] { return rehash_games(s.database, s.meta, work); });
}

std::int64_t GameStore::refresh_position_streams() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  if (!s.meta.has(meta_key::kPositionStreamsPending)) return 0;
  return in_one_batch(*this,
                      [&] { return backfill_position_streams(s.database, s.meta, s.writer); });
}

std::int64_t GameStore::refresh_feature_games() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  if (!s.meta.has(meta_key::kFeatureGamesPending)) return 0;
  return in_one_batch(*this, [&] { return backfill_feature_games(s.db, s.meta, s.features); });
}

std::int64_t GameStore::refresh_seat_ranks() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  if (!s.meta.has(meta_key::kSeatRanksPending)) return 0;
  return in_one_batch(
      *this, [&] { return backfill_seat_ranks(s.database, s.meta, s.writer.seat_ranks()); });
}

std::int64_t GameStore::refresh_player_totals() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  if (player_totals_current(s.db)) return 0;
  return in_one_batch(*this, [&] { return ludex::refresh_player_totals(s.db); });
}

std::int64_t GameStore::refresh_events() {
  Impl& s = *impl_;
  assert(!s.in_batch());
  if (events_current(s.db)) return 0;
  return in_one_batch(*this, [&] { return ludex::refresh_events(s.db); });
}

}  // namespace ludex
