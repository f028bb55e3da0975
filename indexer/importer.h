// The import pipeline: walk paths, read and parse files, store games.
//
// Contract: bad input never stops an import. Every file found is accounted
// for in the database: it contributed games, or it has a recorded error that
// says why not (and a bad game in a collection loses only that game).
// Environment failures (the database cannot be written) throw.
#ifndef LUDEX_INDEXER_IMPORTER_H_
#define LUDEX_INDEXER_IMPORTER_H_

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "importers/archive/archive_reader.h"
#include "schema/database.h"

namespace ludex {

struct ImportOptions {
  bool quiet = false;          // no per-file diagnostics on the error stream
  bool show_warnings = false;  // list warnings too, not only their count
  // Games per write transaction: a transaction ends at the end of the file
  // (or archive member) in which it reached this many games, so that an
  // import stopped anywhere leaves every file either whole or absent, and
  // the same import run again gives the database one uninterrupted import
  // would have given. Only a file with more than max_batch_games games in
  // one transaction is committed in parts (memory bounds a transaction);
  // its content hash is recorded with its last part, so that an import
  // stopped inside it reads it again.
  std::int32_t batch_games = 1000;
  std::int32_t max_batch_games = 20000;
  int jobs = 0;  // parse workers; 0 = one per core
  // Forget the recorded files under the given paths (a given file, or
  // anything below a given directory) that no longer exist there. A given
  // path that is gone altogether prunes everything recorded at or under it
  // (without --prune it is recorded as an unreadable file, like any path
  // that cannot be walked).
  bool prune = false;
  // Hash every file to decide whether it changed. Without it a file or
  // archive whose size and modification time are the recorded ones is
  // taken as unchanged without being read (as git and rsync do).
  bool checksum = false;
  // Do not store a game whose moves are already stored (a duplicate): record
  // only where it was seen (GameStore::add_sighting).
  bool dedupe = false;
  // Rewrite a one-line progress report in place on the diagnostics stream
  // (meant for a terminal) at most four times a second.
  bool progress = false;
  // Archives (docs/formats.md, "Archives"): read member by member under
  // these limits. false reads an archive as one (unrecognised) file.
  bool archives = true;
  ArchiveLimits archive_limits;
};

// Files count files on disk and members of archives alike; an archive itself
// is not a file (archives counts it).
struct ImportSummary {
  std::int64_t files_found = 0;
  std::int64_t files_new = 0;
  std::int64_t files_unchanged = 0;  // same content hash as recorded: skipped
  std::int64_t files_replaced = 0;   // known path, new content: games replaced
  std::int64_t files_failed = 0;     // unreadable or not a game file at all
  std::int64_t files_pruned = 0;     // recorded, gone from the given paths or archives: forgotten
  std::int64_t archives = 0;         // archives found (on disk and inside archives)
  std::int64_t archives_unchanged = 0;  // same content hash as recorded: skipped undecompressed
  std::int64_t games = 0;               // stored
  std::int64_t duplicates = 0;          // games whose moves were already stored (stored or not)
  std::int64_t deduped = 0;             // duplicates not stored (--dedupe)
  // Stored games given their moves hash first (GameStore::refresh_moves_hashes):
  // those of a database migrated from before schema version 3, or every
  // stored game when the database's moves_hash_version is not this build's.
  std::int64_t games_rehashed = 0;
  // Stored games given their position stream first
  // (GameStore::refresh_position_streams, refresh_feature_games): once,
  // after a migration from schema version 6 or older.
  std::int64_t games_streamed = 0;
  // Stored games given their seat ranks (a database from before schema 12).
  std::int64_t games_ranked = 0;
  std::int64_t nodes = 0;
  std::int64_t errors = 0;    // games or files lost, each recorded
  std::int64_t warnings = 0;  // doubtful content in stored games
  std::int64_t bytes = 0;
  double seconds = 0;
};

// What an import had committed when its last transaction ended: each of
// these files and games is in the database whole, whatever stopped the
// import afterwards. Files count files and members recorded (with games,
// errors, or nothing readable), not archives; games count stored games.
struct ImportStored {
  std::int64_t files = 0;
  std::int64_t games = 0;
};

// What the progress line shows.
struct ImportProgress {
  std::int64_t files_done = 0;
  std::int64_t files_total = 0;
  std::int64_t games = 0;       // stored
  std::int64_t duplicates = 0;  // games whose moves were already stored (stored or not)
  std::int64_t deduped = 0;     // duplicates not stored (--dedupe)
  std::int64_t nodes = 0;
  std::int64_t bytes = 0;  // of the files done
  std::int64_t errors = 0;
  double seconds = 0;  // since the import started
};

// One line, no line end: "files 120/2910  games 300  nodes 41000  2.5 MB/s
// errors 3  12 s, 280 s left" (time left from the share of files done);
// "games 300 (4 duplicates, 4 not stored)" when there are duplicates.
std::string progress_line(const ImportProgress& progress);

class Importer {
 public:
  // diagnostics receives one line per error ("path: game 3, line 7, column 2:
  // message"); the database must be open read-write. Neither is owned.
  Importer(Database& db, const ImportOptions& options, std::ostream& diagnostics);

  // Imports every file under paths, archives member by member. Returns the
  // figures of this run. Throws for environment failures (a full disk, a
  // database locked by another program); what was committed before stays
  // (stored()).
  ImportSummary run(const std::vector<std::string>& paths);

  // What run() had committed when it returned or threw.
  const ImportStored& stored() const { return stored_; }

 private:
  Database& db_;
  ImportOptions options_;
  std::ostream& diagnostics_;
  ImportStored stored_;
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_IMPORTER_H_
