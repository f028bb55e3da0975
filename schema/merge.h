// Reading what `ludex merge` copies out of another database: its files,
// games (loaded with GameLoader), errors and sightings, in its own order.
#ifndef LUDEX_SCHEMA_MERGE_H_
#define LUDEX_SCHEMA_MERGE_H_

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "schema/database.h"
#include "schema/game_store.h"

namespace ludex {

struct MergeFile {
  std::int64_t file_id = 0;  // in the source database
  SourceFileInfo info;       // info.container_id is a file_id of the source database
};

struct MergeSighting {
  std::int32_t game_index = 0;
  std::int64_t moves_hash = 0;
};

class MergeSource {
 public:
  // Requires a database at kSchemaVersion (opened kReadOnly is enough); not owned.
  explicit MergeSource(Database& db);
  ~MergeSource();
  MergeSource(const MergeSource&) = delete;
  MergeSource& operator=(const MergeSource&) = delete;

  // Every source file, by file_id (so an archive comes before its members).
  std::vector<MergeFile> files();
  // Every game as (game_id, file_id), by game_id (the database's input order).
  std::vector<std::pair<std::int64_t, std::int64_t>> games();
  // The file's recorded errors and warnings except the warnings of its stored
  // games and sightings, which GameLoader and GameStore carry with each game;
  // in recorded order.
  std::vector<Diagnostic> file_errors(std::int64_t file_id);
  // The games of the file that `import --dedupe` did not store.
  std::vector<MergeSighting> sightings(std::int64_t file_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_MERGE_H_
