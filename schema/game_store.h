// Writing games into the database. One GameStore per writer thread; every
// statement is prepared once in the constructor and re-bound per row.
//
// GameStore is the facade that owns the batches (one Transaction each) and
// coordinates its collaborators, each of one job: SourceFiles
// (schema/write/source_files.h), GameWriter (schema/write/game_writer.h), GameEraser
// (schema/write/game_eraser.h), the bulk load (schema/write/bulk_load.h), the
// post-migration backfills (schema/write/backfill.h) and MetaTable
// (schema/db/meta.h).
//
// Thread-safety: a GameStore belongs to its Database's thread. Throws:
// SQLite::Exception on SQL errors (schema/storage_failure.h classifies
// them) unless said otherwise.
#ifndef LUDEX_SCHEMA_GAME_STORE_H_
#define LUDEX_SCHEMA_GAME_STORE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "derive/prepared_game.h"
#include "schema/database.h"
#include "schema/write/source_files.h"

namespace ludex {

class GameStore {
 public:
  // Requires a database opened kReadWrite. Prepares every statement.
  explicit GameStore(Database& db);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // Batches: every write below must happen between begin() and commit().
  // begin() takes the write lock (BEGIN IMMEDIATE). The per-node rows of
  // add_game() are buffered and written many per statement; commit() writes
  // them, so other readers (a GameLoader on the same connection too) see a
  // batch's games only after commit(). rollback() abandons the batch; a
  // GameStore destroyed with a batch open rolls it back. begin() requires
  // no open batch, commit() and rollback() an open one. When commit()
  // throws, the batch stays open (rollback() or the destructor ends it);
  // rollback() ends it even when it throws.
  void begin();
  void commit();
  void rollback();

  // True if the database holds no game yet (a bulk load may then drop the
  // secondary indexes and rebuild them in finish_bulk_load()).
  bool is_empty();
  // Drops the secondary and full-text indexes; requires no open batch. The
  // database records the statements that build them again
  // (meta_key::kIndexesDropped), so an interrupted load is repaired by the
  // next finish_bulk_load().
  void begin_bulk_load();
  // Builds whatever begin_bulk_load() dropped (including the comment
  // full-text index), then runs ANALYZE; requires no open batch. Safe to call
  // when begin_bulk_load() was not called: it then runs ANALYZE only if this
  // store stored or erased a game.
  void finish_bulk_load();

  // The recorded row of path (a file, an archive or a member), nullopt when
  // there is none.
  std::optional<KnownFile> find_file(const std::string& path);
  // Every row below the archive container_id (its members, the archives
  // inside it and theirs), each with what find_file() tells of it, by file_id.
  std::vector<KnownMember> find_members(std::int64_t container_id);
  // Every row whose path lies below the directory dir (dir + "/..." at any
  // depth, members of archives included), each with what find_file() tells
  // of it: one range read of the path index, for an import that would
  // otherwise look its files up one by one.
  std::vector<KnownMember> find_files_below(const std::string& dir);
  // Inserts the file or updates its size, mtime, hash, format and container
  // (and clears absent); returns its id.
  std::int64_t upsert_file(const SourceFileInfo& file);
  // Sets or clears KnownFile::absent of a member.
  void mark_absent(std::int64_t file_id, bool absent);
  // Records a file's new size and modification time (content unchanged).
  void touch_file(std::int64_t file_id, std::int64_t size, std::int64_t mtime_ns);

  // Every recorded source file on disk (files and archives, not members) as
  // (file_id, path), by path.
  std::vector<std::pair<std::int64_t, std::string>> list_files();

  // Removes a file's games (as clear_file) and its source_files row: the
  // file is forgotten; an archive is forgotten with everything below it.
  // Returns how many files (rows that are not archives) went. Requires an
  // open batch.
  std::int64_t remove_file(std::int64_t file_id);
  // Forgets everything below the archive container_id (remove_file of each
  // row); the archive's own row stays. Returns how many files went.
  std::int64_t remove_members(std::int64_t container_id);
  // Deletes every game (with its nodes, moves, ...) and every error recorded
  // for the file, and the players no other game refers to; the file row
  // stays (game_count 0). Deletes by id ranges, not row by row.
  void clear_file(std::int64_t file_id);

  // Stores a game and everything in it, including its record's warnings as
  // warnings (with the game's index): a nodes row per node with its first
  // move inline when it is a plain one, node_moves for the others
  // (docs/schema.md, "nodes"). Returns the game id. Game ids and node ids
  // grow in call order and are never reused by one GameStore; node ids
  // follow the tree's pre-order. What position search needs is stored as
  // the game holds it (derive/prepared_game.h: prepare_game derives it,
  // prepare_record leaves it out): nodes.position_hash (a hash of 0, "not
  // computed", is stored as NULL), the position stream (game_positions),
  // the features in feature_games, the explorer's visits and
  // games.hash_version = kPositionHashVersion. Requires game.record.players
  // ordered by seat and move_props no longer than moves in every node.
  std::int64_t add_game(std::int64_t file_id, const PreparedGame& game);
  // After an add_game(): the game's first copy (duplicate_of), 0 if it is one.
  std::int64_t last_duplicate_of() const;
  // For `import --dedupe`: if a game with the same moves is stored, records
  // only where this one was seen (game_sightings) and its warnings, and
  // returns the first copy's id; otherwise stores nothing and returns 0 (the
  // caller then stores the game). Requires an open batch. clear_file()
  // forgets a file's sightings.
  std::int64_t add_sighting(std::int64_t file_id, const GameRecord& game);
  // For `ludex merge`: records a sighting copied from another database,
  // linked to this database's first copy of moves_hash (NULL when there is
  // none, which makes find_file() report the file stale).
  void copy_sighting(std::int64_t file_id, std::int32_t game_index, std::int64_t moves_hash);
  // Gives the stored games the moves hashes of this build and recomputes
  // every duplicate_of. Needed after a migration from schema version 2 or
  // older (meta_key::kMovesHashPending: those games were stored without a
  // hash, which only the game itself gives) and after kMovesHashVersion
  // changed (meta_key::kMovesHashVersion differs: every game is hashed again,
  // and every sighting loses its first copy, since its game is not stored to
  // be hashed again; find_file() then reports its file stale, so that the
  // next import of it parses it again). Does nothing otherwise. Loads each
  // game to hash with GameLoader. Requires no open batch; one transaction.
  // Returns the number of games hashed.
  std::int64_t refresh_moves_hashes();
  // Gives every stored game whose positions are current (games.hash_version
  // = kPositionHashVersion) and that has no game_positions row its position
  // stream. Needed once after a migration from schema version
  // 5 or older (meta_key::kPositionStreamsPending); does nothing otherwise.
  // Games with older positions get theirs when their file is read again.
  // Loads each game with GameLoader. Requires no open batch; one
  // transaction. Returns the number of games given a stream.
  std::int64_t refresh_position_streams();
  // Fills feature_games from the stored streams. Needed once after a
  // migration from schema version 6 or older (meta_key::kFeatureGamesPending,
  // set by 007_compact_nodes.sql when the database held games); does
  // nothing otherwise. Call after refresh_position_streams(). Requires no
  // open batch; one transaction. Returns the number of games listed.
  std::int64_t refresh_feature_games();
  // The seat_ranks and game_rank_bands rows of the games stored before
  // schema version 12 (meta_key::kSeatRanksPending), in one batch; 0 and
  // nothing done otherwise. Requires no open batch. Returns the games given
  // rows.
  std::int64_t refresh_seat_ranks();
  // Counts again the kept totals of the players whose games changed
  // (schema/players/player_totals.h), in one batch; 0 and nothing done when
  // none wait. Requires no open batch. Call after the last batch of an
  // import or merge. Returns the identities counted.
  std::int64_t refresh_player_totals();
  // Finds again the events of the names whose games changed
  // (schema/events/event_store.h), in one batch; 0 and nothing done when
  // none wait. Requires no open batch. Call after the last batch of an
  // import or merge. Returns the names found again.
  std::int64_t refresh_events();
  // Records an import error (or warning) for a file.
  void add_error(std::int64_t file_id, const Diagnostic& diagnostic);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_GAME_STORE_H_
