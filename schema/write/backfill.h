// The work a migration leaves to the next import or merge, because only
// the stored games themselves give it (docs/schema.md, "Migrations"): the
// moves hashes (meta_key::kMovesHashPending, or kMovesHashVersion not this
// build's), the position streams (kPositionStreamsPending) and the
// feature_games lists (kFeatureGamesPending). GameStore::refresh_* check
// the keys and run each of these in one batch. For GameStore only.
//
// Every function requires an open transaction (GameStore's batch), deletes
// its meta key when done, and throws SQLite::Exception on SQL errors and
// std::runtime_error on a corrupt database.
// Thread-safety: run on the connection's (the writer's) thread.
#ifndef LUDEX_SCHEMA_WRITE_BACKFILL_H_
#define LUDEX_SCHEMA_WRITE_BACKFILL_H_

#include <cstdint>

#include <SQLiteCpp/Database.h>

#include "schema/database.h"
#include "schema/db/meta.h"
#include "schema/search/feature_index.h"
#include "schema/write/game_writer.h"

namespace ludex {

enum class MovesHashWork {
  kNone,      // every stored game has this build's moves hash
  kUnhashed,  // games stored before schema version 3 have none
  kEvery,     // kMovesHashVersion changed: every game is hashed again
};

// What the meta keys say refresh_moves_hashes must do.
MovesHashWork moves_hash_work(MetaTable& meta);

// Gives the games work names their moves hash (loaded with GameLoader),
// recomputes every duplicate_of, and for kEvery unlinks every sighting
// (its game is not stored to be hashed again); records this build's
// kMovesHashVersion. Requires work != kNone. Returns the games hashed.
std::int64_t rehash_games(Database& db, MetaTable& meta, MovesHashWork work);

// Queues on writer the position stream of every game whose positions are
// current and that has none (loaded with GameLoader; GameStore's commit
// writes them). Returns the games given a stream.
std::int64_t backfill_position_streams(Database& db, MetaTable& meta, GameWriter& writer);

// Lists every stored stream's game in feature_games, built anew (whatever
// an interrupted run left). Call after backfill_position_streams has been
// committed. Returns the games listed.
std::int64_t backfill_feature_games(SQLite::Database& db, MetaTable& meta,
                                    FeatureIndexWriter& features);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_BACKFILL_H_
