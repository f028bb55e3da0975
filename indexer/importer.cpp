#include "indexer/importer.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <future>
#include <optional>
#include <system_error>
#include <unordered_set>

#include "indexer/file_walk.h"
#include "indexer/import_reporter.h"
#include "indexer/import_writer.h"
#include "indexer/known_files.h"
#include "indexer/parse_pipeline.h"
#include "schema/game_store.h"

namespace ludex {
namespace {

// True if path is root or lies below the directory root (both absolute and
// lexically normal).
bool is_under(const std::string& path, const std::string& root) {
  if (path == root) return true;
  if (path.size() <= root.size() || path.compare(0, root.size(), root) != 0) return false;
  return root.back() == '/' || path[root.size()] == '/';
}

// A path that could not even be walked (a dangling link, an unreadable
// directory) is recorded like an unreadable file, so that it is accounted
// for. With --prune a given path that no longer exists (gone_roots) is what
// is gone: it is not recorded (what was imported from it is pruned).
void record_walk_failures(const WalkResult& walk, const std::unordered_set<std::string>& gone_roots,
                          GameStore& store, ImportBatch& batch, ImportReporter& reporter,
                          ImportSummary& sum) {
  for (const auto& [path, reason] : walk.failures) {
    if (gone_roots.count(path) != 0) {
      reporter.note(path, "no such file or directory; what was imported from it is pruned");
      continue;
    }
    SourceFileInfo info;
    info.path = path;
    const std::optional<KnownFile> known = store.find_file(path);
    if (known) store.clear_file(known->file_id);
    const std::int64_t file_id = store.upsert_file(info);
    const Diagnostic d = file_diagnostic(reason);
    store.add_error(file_id, d);
    reporter.report(path, d);
    ++sum.files_failed;
    batch.file_recorded();
  }
}

// Forgets the files recorded under the given paths (a given file, or
// anything below a given directory) that the walk neither found nor failed
// on: only what was looked at now can be known to be gone. (Members of an
// archive still on disk are pruned when the archive is read.)
void prune_vanished(const std::vector<std::string>& paths, const WalkResult& walk,
                    const std::unordered_set<std::string>& gone_roots, GameStore& store,
                    ImportSummary& sum) {
  std::vector<std::string> roots;
  for (const std::string& p : paths) {
    std::string root = normal_path(p);
    while (root.size() > 1 && root.back() == '/') root.pop_back();
    roots.push_back(root);
  }
  std::unordered_set<std::string> seen(walk.files.begin(), walk.files.end());
  for (const auto& [path, reason] : walk.failures) {
    if (gone_roots.count(path) == 0) seen.insert(path);
  }
  for (const auto& [file_id, path] : store.list_files()) {
    if (seen.count(path) != 0) continue;
    bool under = false;
    for (const std::string& root : roots) under = under || is_under(path, root);
    if (!under) continue;
    sum.files_pruned += store.remove_file(file_id);
  }
}

}  // namespace

std::string progress_line(const ImportProgress& p) {
  char line[256];
  const double mb = static_cast<double>(p.bytes) / 1e6;
  const double rate = p.seconds > 0 ? mb / p.seconds : 0;
  std::string left = "?";
  if (p.files_done > 0 && p.files_total >= p.files_done) {
    const double remaining = p.seconds * static_cast<double>(p.files_total - p.files_done) /
                             static_cast<double>(p.files_done);
    left = std::to_string(static_cast<long long>(remaining + 0.5)) + " s";
  }
  std::string duplicates;
  if (p.duplicates != 0) {
    duplicates = " (" + std::to_string(p.duplicates) + " duplicates";
    if (p.deduped != 0) duplicates += ", " + std::to_string(p.deduped) + " not stored";
    duplicates += ")";
  }
  std::snprintf(line, sizeof line,
                "files %lld/%lld  games %lld%s  nodes %lld  %.1f MB/s  errors %lld  %.0f s, "
                "%s left",
                static_cast<long long>(p.files_done), static_cast<long long>(p.files_total),
                static_cast<long long>(p.games), duplicates.c_str(),
                static_cast<long long>(p.nodes), rate, static_cast<long long>(p.errors), p.seconds,
                left.c_str());
  return line;
}

Importer::Importer(Database& db, const ImportOptions& options, std::ostream& diagnostics)
    : db_(db), options_(options), diagnostics_(diagnostics) {}

ImportSummary Importer::run(const std::vector<std::string>& paths) {
  const auto start = std::chrono::steady_clock::now();
  ImportSummary sum;
  GameStore store(db_);
  // Before anything is stored, so that new games find their first copies
  // among the older ones.
  sum.games_rehashed = store.refresh_moves_hashes();
  sum.games_streamed = store.refresh_position_streams();
  // After the streams: feature_games is built from them.
  sum.games_streamed = std::max(sum.games_streamed, store.refresh_feature_games());
  sum.games_ranked = store.refresh_seat_ranks();
  // The rows recorded below the given directories are read while the walk
  // stats the files (nothing else uses the store until then): a re-import
  // of an unchanged archive is those two and little else. --prune erases
  // files first, so it reads them after.
  std::future<KnownFiles::Recorded> recorded;
  if (!options_.prune) {
    recorded = std::async(std::launch::async,
                          [&store, &paths] { return KnownFiles::read_recorded(store, paths); });
  }
  // The database's own files are never imported (a directory may hold it).
  const WalkResult walk = walk_paths(paths, DatabaseFiles(db_.path()));
  KnownFiles::Recorded below = recorded.valid() ? recorded.get() : KnownFiles::Recorded{};
  ImportReporter reporter(options_, diagnostics_, sum, start,
                          static_cast<std::int64_t>(walk.files.size()));
  ImportBatch batch(store, options_, stored_);

  // With --prune a given path that no longer exists is what is gone: the
  // files recorded at or under it are pruned, and it is not recorded as an
  // unreadable file (spelt as walk_paths spells its failures).
  std::unordered_set<std::string> gone_roots;
  if (options_.prune) {
    for (const std::string& p : paths) {
      std::error_code ec;
      if (!std::filesystem::exists(std::filesystem::status(p, ec))) {
        gone_roots.insert(normal_path(p));
      }
    }
  }
  for (const std::string& path : walk.skipped) {
    reporter.note(path, "the database this import writes (or its journal): not imported");
  }
  record_walk_failures(walk, gone_roots, store, batch, reporter, sum);
  // Pruned before the files are looked up and parsed: a file whose
  // --dedupe sightings lose their stored copy here is then stale and parsed
  // again by this same import, which then ends in the state a fresh import
  // of what is left gives.
  if (options_.prune) prune_vanished(paths, walk, gone_roots, store, sum);

  if (options_.prune) below = KnownFiles::read_recorded(store, paths);
  const KnownFiles known(store, walk.files, std::move(below));
  reporter.add_to_total(known.files_in_archives());
  ImportWriter writer(store, known, batch, reporter, options_, sum);
  PipelineOptions pipeline;
  pipeline.jobs = options_.jobs;
  pipeline.archives = options_.archives;
  pipeline.archive_limits = options_.archive_limits;
  pipeline.stats = &walk.stats;
  PipelineCallbacks callbacks;
  callbacks.should_parse = [&known](const std::string& path, std::int64_t,
                                    const std::string& hash) {
    return known.should_parse(path, hash);
  };
  callbacks.should_read_archive = [&known](const std::string& path, std::int64_t,
                                           const std::string& hash) {
    return known.should_read_archive(path, hash);
  };
  // A first import knows no file: nothing to compare sizes and times with.
  if (!options_.checksum && !known.empty()) {
    callbacks.unchanged_by_stat = [&known](const std::string& path, std::int64_t size,
                                           std::int64_t mtime_ns) {
      return known.unchanged_by_stat(path, size, mtime_ns);
    };
  }
  callbacks.consume = [&writer](FileResult&& r) { writer.consume(std::move(r)); };
  run_parse_pipeline(walk.files, pipeline, callbacks);
  batch.commit();
  reporter.erase_progress();
  // Also when this import did not begin a bulk load: an earlier one that
  // was stopped may have left the indexes dropped (docs/schema.md), and this
  // is the import that completes it.
  store.finish_bulk_load();
  // After the indexes are back: one identity's games are found through
  // game_players_by_player.
  store.refresh_player_totals();
  store.refresh_events();
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return sum;
}

}  // namespace ludex
