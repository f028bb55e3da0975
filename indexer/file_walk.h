// Turning command-line paths into the sorted list of files to import.
#ifndef LUDEX_INDEXER_FILE_WALK_H_
#define LUDEX_INDEXER_FILE_WALK_H_

#include <string>
#include <vector>

namespace ludex {

struct WalkResult {
  // Absolute, lexically normal paths of regular files, sorted bytewise and
  // without duplicates, so that the same input gives the same ids.
  std::vector<std::string> files;
  // Paths that could not be walked (missing, unreadable directory), each with
  // the reason; these are reported, never silently skipped.
  std::vector<std::pair<std::string, std::string>> failures;
};

// Expands files and directories (recursively; symbolic links to files are
// followed, links to directories are not, so a cycle cannot loop).
// Never throws for a bad path: it lands in failures.
WalkResult walk_paths(const std::vector<std::string>& paths);

}  // namespace ludex

#endif  // LUDEX_INDEXER_FILE_WALK_H_
