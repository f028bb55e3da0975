// The meta table: one row per key, the database's own facts (versions, who
// created and last wrote it, work left pending by a migration). Every key
// ludex reads or writes is named here and nowhere else. For code in schema/
// only; docs/schema.md ("meta") lists the keys and their values.
//
// Thread-safety: a MetaTable belongs to its Database's thread.
#ifndef LUDEX_SCHEMA_DB_META_H_
#define LUDEX_SCHEMA_DB_META_H_

#include <optional>
#include <string>
#include <string_view>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace ludex::meta_key {

// 'ludex' (001_initial.sql).
inline constexpr std::string_view kApplication = "application";
// PRAGMA user_version, as text.
inline constexpr std::string_view kSchemaVersion = "schema_version";
// kPositionHashVersion (core/zobrist.h) of this database's positions.
inline constexpr std::string_view kHashVersion = "hash_version";
// kMovesHashVersion (core/moves_hash.h) of games.moves_hash.
inline constexpr std::string_view kMovesHashVersion = "moves_hash_version";
// ludex_build_name() of the build that created the database.
inline constexpr std::string_view kCreatedBy = "created_by";
// ludex_build_name() of the build that last wrote to it (import, merge or a
// migration).
inline constexpr std::string_view kWrittenBy = "written_by";
// Work a migration left to the next import or merge (GameStore::refresh_*).
inline constexpr std::string_view kMovesHashPending = "moves_hash_pending";
inline constexpr std::string_view kPositionStreamsPending = "position_streams_pending";
inline constexpr std::string_view kFeatureGamesPending = "feature_games_pending";
// The games stored before schema version 12 have no seat_ranks and
// game_rank_bands rows yet (schema/players/rank_backfill.h).
inline constexpr std::string_view kSeatRanksPending = "seat_ranks_pending";
// The explorer's postings are not complete (a migration, a bulk load under
// way or interrupted): queries replay, the next import rebuilds them.
inline constexpr std::string_view kExplorerPending = "explorer_pending";
// Present while node_hashes waits for a bulk load's rows (version 11): a
// load that stopped before its end leaves it, and the next one builds the
// table again from nodes (schema/write/node_hashes.h).
inline constexpr std::string_view kNodeHashesPending = "node_hashes_pending";
// The games a position needs for its explorer answer to be kept (a decimal
// integer, at least 1; absent: kExplorerAnswerGames, schema/explorer/explorer_answers.h).
// A tuning of the archive, set by hand; the tests set it low.
inline constexpr std::string_view kExplorerAnswerGames = "explorer_answer_games";
// The statements that rebuild what a bulk load dropped (docs/schema.md,
// "Bulk load").
inline constexpr std::string_view kIndexesDropped = "indexes_dropped";
// The days apart at which the kept events were cut (schema/events/event_store.h).
inline constexpr std::string_view kEventsGapDays = "events_gap_days";

}  // namespace ludex::meta_key

namespace ludex {

// The one way ludex reads and writes meta. Each statement is prepared on
// first use, so a MetaTable costs nothing until used and may be made before
// the table exists (migrate_schema) or on a database whose meta table is
// damaged (ludex check: the error comes from the call that needs it).
class MetaTable {
 public:
  // Requires db to outlive this object.
  explicit MetaTable(SQLite::Database& db) : db_(db) {}

  // The value of key, or nullopt when the key is absent. Throws
  // SQLite::Exception (e.g. no meta table).
  std::optional<std::string> get(std::string_view key);
  // Whether key is present. Throws as get().
  bool has(std::string_view key) { return get(key).has_value(); }
  // Inserts or replaces key's value. Throws SQLite::Exception (e.g. on a
  // read-only connection).
  void set(std::string_view key, std::string_view value);
  // Removes key; nothing happens when it is absent. Throws as set().
  void erase(std::string_view key);

 private:
  SQLite::Statement& prepared(std::optional<SQLite::Statement>& st, const char* sql);

  SQLite::Database& db_;
  std::optional<SQLite::Statement> get_;
  std::optional<SQLite::Statement> set_;
  std::optional<SQLite::Statement> erase_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_META_H_
