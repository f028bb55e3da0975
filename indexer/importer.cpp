#include "indexer/importer.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <system_error>
#include <unordered_map>
#include <unordered_set>

#include "indexer/file_walk.h"
#include "indexer/parse_pipeline.h"
#include "schema/game_store.h"

namespace ludex {
namespace {

Diagnostic file_error(std::string message) {
  Diagnostic d;
  d.severity = Severity::kError;
  d.message = std::move(message);
  return d;
}

// True if path is root or lies below the directory root (both absolute and
// lexically normal).
bool is_under(const std::string& path, const std::string& root) {
  if (path == root) return true;
  if (path.size() <= root.size() || path.compare(0, root.size(), root) != 0) return false;
  return root.back() == '/' || path[root.size()] == '/';
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
  const WalkResult walk = walk_paths(paths);
  sum.files_found = static_cast<std::int64_t>(walk.files.size());

  // The progress line is rewritten in place; a diagnostic first erases it.
  bool progress_shown = false;
  auto erase_progress = [&] {
    if (progress_shown) diagnostics_ << "\r\033[K";
    progress_shown = false;
  };
  auto report = [&](const std::string& path, const Diagnostic& d) {
    if (d.severity == Severity::kError) {
      ++sum.errors;
    } else {
      ++sum.warnings;
    }
    if (options_.quiet) return;
    if (d.severity == Severity::kWarning && !options_.show_warnings) return;
    erase_progress();
    diagnostics_ << path << ": " << d.to_string() << "\n";
  };
  std::int64_t files_done = 0;
  auto last_progress = start;
  auto show_progress = [&] {
    if (!options_.progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_progress < std::chrono::milliseconds(250)) return;
    last_progress = now;
    ImportProgress p;
    p.files_done = files_done;
    p.files_total = sum.files_found;
    p.games = sum.games;
    p.duplicates = sum.duplicates;
    p.deduped = sum.deduped;
    p.nodes = sum.nodes;
    p.bytes = sum.bytes;
    p.errors = sum.errors;
    p.seconds = std::chrono::duration<double>(now - start).count();
    diagnostics_ << "\r\033[K" << progress_line(p) << std::flush;
    progress_shown = true;
  };

  const bool bulk = store.is_empty();
  if (bulk) store.begin_bulk_load();
  store.begin();

  // With --prune a given path that no longer exists is what is gone: the
  // files recorded at or under it are pruned below, and it is not recorded
  // as an unreadable file (spelt as walk_paths spells its failures).
  std::unordered_set<std::string> gone_roots;
  if (options_.prune) {
    for (const std::string& p : paths) {
      std::error_code ec;
      const std::filesystem::file_status st = std::filesystem::status(p, ec);
      if (std::filesystem::exists(st)) continue;
      gone_roots.insert(std::filesystem::absolute(p, ec).lexically_normal().string());
    }
  }

  // A path that could not even be walked (a dangling link, an unreadable
  // directory) is recorded like an unreadable file, so that it is accounted for.
  for (const auto& [path, reason] : walk.failures) {
    if (gone_roots.count(path) != 0) {
      if (!options_.quiet) {
        diagnostics_ << path
                     << ": no such file or directory; what was imported from it is pruned\n";
      }
      continue;
    }
    SourceFileInfo info;
    info.path = path;
    const std::optional<KnownFile> known = store.find_file(path);
    if (known) store.clear_file(known->file_id);
    const std::int64_t file_id = store.upsert_file(info);
    const Diagnostic d = file_error(reason);
    store.add_error(file_id, d);
    report(path, d);
    ++sum.files_failed;
  }
  if (options_.prune) {
    // Only what was looked at now can be known to be gone: files recorded
    // under the given paths that the walk neither found nor failed on.
    // Pruned before the files are looked up and parsed: a file whose
    // --dedupe sightings lose their stored copy here is then stale and
    // parsed again by this same import, which then ends in the state a
    // fresh import of what is left gives.
    std::vector<std::string> roots;
    for (const std::string& p : paths) {
      std::string root = std::filesystem::absolute(p).lexically_normal().string();
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
      store.remove_file(file_id);
      ++sum.files_pruned;
    }
  }
  std::int64_t games_in_batch = 0;

  // What the database already knows of each file, looked up once before the
  // workers start: they skip unchanged files without touching the database,
  // and the writer knows which files it replaces. (Lookups only: the map is
  // not written while the workers read it.)
  std::unordered_map<std::string, KnownFile> known_files;
  for (const std::string& path : walk.files) {
    if (std::optional<KnownFile> known = store.find_file(path)) {
      known_files.emplace(path, std::move(*known));
    }
  }
  auto should_parse = [&known_files](const std::string& path, std::int64_t,
                                     const std::string& hash) {
    // A file whose positions are stale (stored by an older hash version)
    // is parsed again even when its content is unchanged.
    const auto it = known_files.find(path);
    return it == known_files.end() || it->second.positions_stale || it->second.content_hash != hash;
  };

  std::int64_t file_id = 0;  // of the file whose parts are arriving
  auto consume = [&](FileResult&& r) {
    show_progress();
    if (r.part == 0) {
      ++files_done;
      sum.bytes += r.size;
      if (r.skipped) {
        ++sum.files_unchanged;
        return;
      }
      SourceFileInfo info;
      info.path = r.path;
      info.size = r.size;
      info.mtime_ns = r.mtime_ns;
      info.content_hash = r.content_hash;
      info.format = r.parsed.format;
      if (const auto known = known_files.find(r.path); known != known_files.end()) {
        store.clear_file(known->second.file_id);
        ++sum.files_replaced;
      } else {
        ++sum.files_new;
      }
      file_id = store.upsert_file(info);
      if (!r.readable) {
        const Diagnostic d = file_error(r.read_error);
        store.add_error(file_id, d);
        report(r.path, d);
        ++sum.files_failed;
        return;
      }
      if (r.parsed.format.empty()) ++sum.files_failed;
    }
    for (const Diagnostic& d : r.parsed.diagnostics) {
      store.add_error(file_id, d);
      report(r.path, d);
    }
    for (std::size_t g = 0; g < r.parsed.games.size(); ++g) {
      const GameRecord& game = r.parsed.games[g];
      for (const Diagnostic& w : game.warnings) report(r.path, w);
      if (options_.dedupe && store.add_sighting(file_id, game) != 0) {
        ++sum.duplicates;
        ++sum.deduped;
        continue;
      }
      store.add_game(file_id, game, r.positions[g]);
      if (store.last_duplicate_of() != 0) ++sum.duplicates;
      ++sum.games;
      sum.nodes += static_cast<std::int64_t>(game.tree.size());
      if (++games_in_batch >= options_.batch_games) {
        store.commit();
        store.begin();
        games_in_batch = 0;
      }
    }
  };
  PipelineOptions pipeline;
  pipeline.jobs = options_.jobs;
  run_parse_pipeline(walk.files, pipeline, should_parse, consume);
  store.commit();
  erase_progress();
  if (bulk) store.finish_bulk_load();
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return sum;
}

}  // namespace ludex
