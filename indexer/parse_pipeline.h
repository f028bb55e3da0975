// Parallel reading and parsing of files, delivered in input order.
//
// Worker threads read, hash and parse files and compute every node's position
// with no database access; the
// calling thread receives the results strictly in input order (so the same
// input always gives the same ids) and is the only one that writes. At most
// `window` files are in flight or waiting, so memory is bounded by the
// window, never by the size of the archive.
#ifndef LUDEX_INDEXER_PARSE_PIPELINE_H_
#define LUDEX_INDEXER_PARSE_PIPELINE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/position.h"
#include "importers/game_file.h"

namespace ludex {

struct FileResult {
  std::string path;
  bool readable = false;
  std::string read_error;  // why the file could not be read (when !readable)
  std::int64_t size = 0;
  std::int64_t mtime_ns = 0;
  std::string content_hash;  // empty when !readable
  bool skipped = false;      // should_parse said no: parsed is empty
  ParsedFile parsed;
  // Parallel to parsed.games: positions at every node. Their warnings have
  // already been appended to the game's warnings.
  std::vector<GamePositions> positions;
};

struct PipelineOptions {
  int jobs = 0;    // worker threads; 0 = one per core
  int window = 0;  // files in flight at most; 0 = 4 per worker
};

// Runs the pipeline over files. should_parse(path, size, hash) is called on a
// worker thread after the file is read and hashed (it must be thread-safe);
// returning false skips parsing. consume is called on the calling thread, in
// the order of files, once per file. An exception thrown by consume stops the
// workers and propagates after they have joined.
void run_parse_pipeline(const std::vector<std::string>& files, const PipelineOptions& options,
                        const std::function<bool(const std::string& path, std::int64_t size,
                                                 const std::string& hash)>& should_parse,
                        const std::function<void(FileResult&&)>& consume);

}  // namespace ludex

#endif  // LUDEX_INDEXER_PARSE_PIPELINE_H_
