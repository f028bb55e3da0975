// What an import tells its user while it runs: one line per diagnostic
// ("path: game 3, line 7, column 2: message"), and, with
// ImportOptions::progress, a progress line rewritten in place at most four
// times a second, which a diagnostic erases first.
//
// Thread-safety: none; used by the import's writer thread only.
#ifndef LUDEX_INDEXER_IMPORT_REPORTER_H_
#define LUDEX_INDEXER_IMPORT_REPORTER_H_

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "indexer/importer.h"

namespace ludex {

// A diagnostic about a file as a whole (game_index -1, no position).
Diagnostic file_diagnostic(std::string message, Severity severity = Severity::kError);

class ImportReporter {
 public:
  using Clock = std::chrono::steady_clock;

  // summary is where diagnostics are counted and what the progress line
  // shows; files_total is the files the progress line expects at first.
  // None of the references is owned.
  ImportReporter(const ImportOptions& options, std::ostream& diagnostics, ImportSummary& summary,
                 Clock::time_point start, std::int64_t files_total);

  // Counts the diagnostic in the summary (errors or warnings) and writes
  // "path: diagnostic", unless the options say to be quiet about it (quiet;
  // a warning without show_warnings).
  void report(const std::string& path, const Diagnostic& diagnostic);
  // Writes "path: message" unless quiet.
  void note(const std::string& path, std::string_view message);

  // More (or, negative, fewer) files than expected at first.
  void add_to_total(std::int64_t files) { files_total_ += files; }
  // Files done: read, skipped, or failed.
  void files_done(std::int64_t files) { files_done_ += files; }
  // Rewrites the progress line, if it is shown and a quarter of a second has
  // passed since the last time.
  void show_progress();
  // Erases the progress line, if it is on the screen.
  void erase_progress();

 private:
  const ImportOptions& options_;
  std::ostream& diagnostics_;
  ImportSummary& summary_;
  const Clock::time_point start_;
  Clock::time_point last_progress_;
  bool progress_shown_ = false;
  std::int64_t files_done_ = 0;
  // Files on disk, plus the files recorded in the known archives among them.
  std::int64_t files_total_ = 0;
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_IMPORT_REPORTER_H_
