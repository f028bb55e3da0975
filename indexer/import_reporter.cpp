#include "indexer/import_reporter.h"

#include <algorithm>
#include <ostream>
#include <utility>

namespace ludex {
namespace {

// Erases the line the cursor is on (a terminal's "erase in line").
constexpr const char* kEraseLine = "\r\033[K";

}  // namespace

Diagnostic file_diagnostic(std::string message, Severity severity) {
  return Diagnostic{severity, -1, SourcePos{}, std::move(message)};
}

ImportReporter::ImportReporter(const ImportOptions& options, std::ostream& diagnostics,
                               ImportSummary& summary, Clock::time_point start,
                               std::int64_t files_total)
    : options_(options),
      diagnostics_(diagnostics),
      summary_(summary),
      start_(start),
      last_progress_(start),
      files_total_(files_total) {}

void ImportReporter::report(const std::string& path, const Diagnostic& d) {
  if (d.severity == Severity::kError) {
    ++summary_.errors;
  } else {
    ++summary_.warnings;
  }
  if (options_.quiet) return;
  if (d.severity == Severity::kWarning && !options_.show_warnings) return;
  erase_progress();
  diagnostics_ << path << ": " << d.to_string() << "\n";
}

void ImportReporter::note(const std::string& path, std::string_view message) {
  if (options_.quiet) return;
  erase_progress();
  diagnostics_ << path << ": " << message << "\n";
}

void ImportReporter::show_progress() {
  if (!options_.progress) return;
  const Clock::time_point now = Clock::now();
  if (now - last_progress_ < std::chrono::milliseconds(250)) return;
  last_progress_ = now;
  ImportProgress p;
  p.files_done = files_done_;
  p.files_total = std::max(files_total_, files_done_);
  p.games = summary_.games;
  p.duplicates = summary_.duplicates;
  p.deduped = summary_.deduped;
  p.nodes = summary_.nodes;
  p.bytes = summary_.bytes;
  p.errors = summary_.errors;
  p.seconds = std::chrono::duration<double>(now - start_).count();
  diagnostics_ << kEraseLine << progress_line(p) << std::flush;
  progress_shown_ = true;
}

void ImportReporter::erase_progress() {
  if (progress_shown_) diagnostics_ << kEraseLine;
  progress_shown_ = false;
}

}  // namespace ludex
