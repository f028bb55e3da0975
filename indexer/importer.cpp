#include "indexer/importer.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <limits>
#include <ostream>
#include <system_error>
#include <unordered_map>
#include <unordered_set>

#include "importers/archive/archive_reader.h"
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
  sum.games_streamed = store.refresh_position_streams();
  // After the streams: feature_games is built from them.
  sum.games_streamed = std::max(sum.games_streamed, store.refresh_feature_games());
  // The database's own files are never imported (a directory may hold it).
  const WalkResult walk = walk_paths(paths, DatabaseFiles(db_.path()));

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
  // Files on disk, plus the files recorded in the known archives among them.
  std::int64_t progress_total = static_cast<std::int64_t>(walk.files.size());
  auto last_progress = start;
  auto show_progress = [&] {
    if (!options_.progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_progress < std::chrono::milliseconds(250)) return;
    last_progress = now;
    ImportProgress p;
    p.files_done = files_done;
    p.files_total = std::max(progress_total, files_done);
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

  stored_ = ImportStored{};
  // Files and games of the open transaction, counted into stored_ when it
  // commits.
  ImportStored pending;
  auto commit = [&] {
    store.commit();
    stored_.files += pending.files;
    stored_.games += pending.games;
    pending = ImportStored{};
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

  if (!options_.quiet) {
    for (const std::string& path : walk.skipped) {
      diagnostics_ << path << ": the database this import writes (or its journal): not imported\n";
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
    ++pending.files;
  }
  if (options_.prune) {
    // Only what was looked at now can be known to be gone: files recorded
    // under the given paths that the walk neither found nor failed on.
    // Pruned before the files are looked up and parsed: a file whose
    // --dedupe sightings lose their stored copy here is then stale and
    // parsed again by this same import, which then ends in the state a
    // fresh import of what is left gives. (Members of an archive still on
    // disk are pruned when the archive is read, below.)
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
      sum.files_pruned += store.remove_file(file_id);
    }
  }
  std::int64_t games_in_batch = 0;

  // What the database already knows of each file, and of everything below
  // each known archive, looked up once before the workers start: they skip
  // unchanged files and archives without touching the database, and the
  // writer knows which files it replaces. (Lookups only: the maps are not
  // written while the workers read them.)
  std::unordered_map<std::string, KnownFile> known_files;
  // Archive file_id -> the paths recorded directly in it.
  std::unordered_map<std::int64_t, std::vector<std::string>> known_children;
  // Archives with something stale below them: read again even if unchanged.
  std::unordered_set<std::int64_t> stale_archives;
  // Archive file_id -> how many files (not archives) are recorded below it.
  std::unordered_map<std::int64_t, std::int64_t> files_below;
  for (const std::string& path : walk.files) {
    std::optional<KnownFile> known = store.find_file(path);
    if (!known) continue;
    if (known->is_archive) {
      std::unordered_map<std::int64_t, std::int64_t> parent_of;
      std::vector<std::int64_t> stale;
      for (KnownMember& m : store.find_members(known->file_id)) {
        parent_of[m.file.file_id] = m.file.container_id;
        known_children[m.file.container_id].push_back(m.path);
        if (m.file.positions_stale) stale.push_back(m.file.file_id);
        if (!m.file.is_archive && !m.file.absent) {
          for (std::int64_t up = m.file.container_id; up != 0;) {
            ++files_below[up];
            const auto p = parent_of.find(up);
            up = p == parent_of.end() ? 0 : p->second;
          }
        }
        known_files.emplace(std::move(m.path), m.file);
      }
      progress_total += files_below[known->file_id] - 1;
      // Rows come by file_id, so a member's archive is listed before it.
      for (std::int64_t id : stale) {
        for (std::int64_t up = parent_of[id]; up != 0;) {
          stale_archives.insert(up);
          const auto p = parent_of.find(up);
          up = p == parent_of.end() ? 0 : p->second;
        }
      }
    }
    known_files.emplace(path, std::move(*known));
  }
  auto should_parse = [&known_files](const std::string& path, std::int64_t,
                                     const std::string& hash) {
    // A file whose positions are stale (stored by an older hash version)
    // is parsed again even when its content is unchanged; so is a file
    // recorded as an archive.
    const auto it = known_files.find(path);
    return it == known_files.end() || it->second.positions_stale || it->second.is_archive ||
           it->second.content_hash != hash;
  };
  // A file written within kRacyWindow of this import's start may be written
  // again within the same tick of the file system's clock, keeping its
  // time: its time is recorded as the smallest integer instead, which no
  // file has, so the next import hashes it (git's "racily clean" entries),
  // and merge takes it as the oldest. A time far from now, past or future,
  // cannot come back unchanged from a new write. Both sides are the file
  // clock's (whose epoch makes today's times negative: 0 would not do).
  constexpr auto kRacyWindow = std::chrono::seconds(2);
  const auto now = std::filesystem::file_time_type::clock::now();
  auto ns = [](std::filesystem::file_time_type t) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t.time_since_epoch()).count();
  };
  const std::int64_t racy_from = ns(now - kRacyWindow);
  const std::int64_t racy_to = ns(now + kRacyWindow);
  auto recorded_mtime = [racy_from, racy_to](std::int64_t mtime_ns) {
    return mtime_ns >= racy_from && mtime_ns <= racy_to ? std::numeric_limits<std::int64_t>::min()
                                                        : mtime_ns;
  };
  // Size and time first: a file or archive whose both are the recorded ones
  // is not read at all (ImportOptions::checksum turns this off). Anything
  // that must be read again anyway (stale positions, a stale or unfinished
  // archive, a file that became an archive or stopped being one) is read.
  auto unchanged_by_stat = [&](const std::string& path, std::int64_t size, std::int64_t mtime_ns) {
    const auto it = known_files.find(path);
    if (it == known_files.end()) return StatVerdict::kRead;
    const KnownFile& k = it->second;
    if (k.size != size || k.mtime_ns != mtime_ns || mtime_ns == 0 || k.content_hash.empty() ||
        k.positions_stale || k.container_id != 0) {
      return StatVerdict::kRead;
    }
    if (!k.is_archive) {
      return has_archive_name(path) ? StatVerdict::kRead : StatVerdict::kUnchangedFile;
    }
    return stale_archives.count(k.file_id) != 0 ? StatVerdict::kRead
                                                : StatVerdict::kUnchangedArchive;
  };
  auto should_read_archive = [&](const std::string& path, std::int64_t, const std::string& hash) {
    // content_hash is '' until an import read the archive to its end.
    const auto it = known_files.find(path);
    return it == known_files.end() || !it->second.is_archive || it->second.content_hash.empty() ||
           it->second.content_hash != hash || stale_archives.count(it->second.file_id) != 0;
  };

  // Forgets what is marked absent anywhere below the archive archive_id.
  std::function<void(std::int64_t)> prune_absent = [&](std::int64_t archive_id) {
    const auto children = known_children.find(archive_id);
    if (children == known_children.end()) return;
    for (const std::string& path : children->second) {
      const auto known = known_files.find(path);
      if (known == known_files.end()) continue;
      if (known->second.absent) {
        sum.files_pruned += store.remove_file(known->second.file_id);
      } else if (known->second.is_archive) {
        prune_absent(known->second.file_id);
      }
    }
  };

  // The archives being read, outermost first: members are stored in the last.
  struct OpenArchive {
    std::int64_t file_id = 0;
    SourceFileInfo info;
    // Paths stored or found unchanged in it by this import -> file_id.
    std::unordered_map<std::string, std::int64_t> seen;
  };
  std::vector<OpenArchive> open_archives;

  std::int64_t file_id = 0;  // of the file whose parts are arriving
  SourceFileInfo file_info;  // of that file, with its hash, when it has parts
  auto begin_archive = [&](FileResult& r) {
    ++sum.archives;
    OpenArchive* parent = open_archives.empty() ? nullptr : &open_archives.back();
    const auto known = known_files.find(r.path);
    if (r.skipped) {
      ++sum.archives_unchanged;
      std::int64_t below = 0;
      if (parent == nullptr && known != known_files.end() &&
          (known->second.mtime_ns != r.mtime_ns || known->second.size != r.size)) {
        store.touch_file(known->second.file_id, r.size, recorded_mtime(r.mtime_ns));
      }
      if (known != known_files.end()) {
        const auto n = files_below.find(known->second.file_id);
        if (n != files_below.end()) below = n->second;
        if (parent != nullptr) parent->seen[r.path] = known->second.file_id;
        if (known->second.absent) store.mark_absent(known->second.file_id, false);
        // What an earlier read found gone from it is forgotten now, without
        // reading it again.
        if (options_.prune) prune_absent(known->second.file_id);
      }
      sum.files_found += below;
      sum.files_unchanged += below;
      files_done += below;
      return;
    }
    if (parent != nullptr && r.repeated) {
      const auto earlier = parent->seen.find(r.path);
      if (earlier != parent->seen.end()) {
        store.remove_members(earlier->second);
        store.clear_file(earlier->second);
      }
    }
    if (known != known_files.end()) {
      // An archive read again keeps its members until each is replaced; a
      // file that became an archive loses its games.
      store.clear_file(known->second.file_id);
    }
    OpenArchive a;
    a.info.path = r.path;
    a.info.size = r.size;
    a.info.mtime_ns = recorded_mtime(r.mtime_ns);
    a.info.format = kArchiveFormat;
    a.info.container_id = parent != nullptr ? parent->file_id : 0;
    // No hash until the archive has been read to its end (end_archive).
    a.file_id = store.upsert_file(a.info);
    a.info.content_hash = r.content_hash;
    if (parent != nullptr) parent->seen[r.path] = a.file_id;
    if (!r.readable) {
      const Diagnostic d = file_error(r.read_error);
      store.add_error(a.file_id, d);
      report(r.path, d);
    }
    open_archives.push_back(std::move(a));
  };
  auto end_archive = [&](FileResult& r) {
    assert(!open_archives.empty());
    OpenArchive& a = open_archives.back();
    for (const Diagnostic& d : r.parsed.diagnostics) {
      store.add_error(a.file_id, d);
      report(a.info.path, d);
    }
    // Read to its end: what is recorded in it and was not seen is gone from
    // it. --prune forgets it; otherwise it is kept, marked absent, so that a
    // later --prune forgets it even if the archive is unchanged by then.
    if (r.complete) {
      const auto children = known_children.find(a.file_id);
      if (children != known_children.end()) {
        for (const std::string& path : children->second) {
          if (a.seen.count(path) != 0) continue;
          const auto known = known_files.find(path);
          if (known == known_files.end()) continue;
          if (options_.prune) {
            sum.files_pruned += store.remove_file(known->second.file_id);
          } else if (!known->second.absent) {
            store.mark_absent(known->second.file_id, true);
          }
        }
      }
    }
    if (!r.content_hash.empty()) {
      a.info.content_hash = r.content_hash;
      store.upsert_file(a.info);
    }
    open_archives.pop_back();
  };
  auto consume = [&](FileResult&& r) {
    show_progress();
    if (r.kind == SourceKind::kArchive) {
      begin_archive(r);
      return;
    }
    if (r.kind == SourceKind::kArchiveEnd) {
      end_archive(r);
      return;
    }
    if (r.part == 0) {
      OpenArchive* archive = nullptr;
      if (r.kind == SourceKind::kMember) {
        assert(!open_archives.empty());
        archive = &open_archives.back();
      }
      ++files_done;
      if (!r.repeated) ++sum.files_found;
      sum.bytes += r.size;
      const auto known = known_files.find(r.path);
      if (r.skipped) {
        ++sum.files_unchanged;
        // Same content, new time (or read for --checksum): the new time is
        // recorded, so that the next import need not read it.
        if (archive == nullptr && known != known_files.end() &&
            (known->second.mtime_ns != r.mtime_ns || known->second.size != r.size)) {
          store.touch_file(known->second.file_id, r.size, recorded_mtime(r.mtime_ns));
        }
        if (archive != nullptr && known != known_files.end()) {
          archive->seen[r.path] = known->second.file_id;
          if (known->second.absent) store.mark_absent(known->second.file_id, false);
        }
        return;
      }
      SourceFileInfo info;
      info.path = r.path;
      info.size = r.size;
      info.mtime_ns = recorded_mtime(r.mtime_ns);
      // A member refused again (a link, a device, an encrypted or damaged
      // member) whose header says what it said when it was refused before
      // (unread then too: no hash; same size and time) is unchanged: it is
      // counted and reported as an unchanged file is. Its record is written
      // again all the same, so that it holds this read's reason.
      if (archive != nullptr && !r.readable && !r.repeated && known != known_files.end() &&
          !known->second.is_archive && known->second.content_hash.empty() &&
          known->second.size == info.size && known->second.mtime_ns == info.mtime_ns) {
        ++sum.files_unchanged;
        store.clear_file(known->second.file_id);
        info.container_id = archive->file_id;
        file_id = store.upsert_file(info);
        store.add_error(file_id, file_error(r.read_error));
        archive->seen[r.path] = file_id;
        ++pending.files;
        return;
      }
      // The hash says "read to its end": a file whose games come in several
      // parts gets it with its last part (below), so that an import stopped
      // inside it (after a commit within the file) reads it again.
      info.content_hash = r.last ? r.content_hash : std::string();
      info.format = r.parsed.format;
      info.container_id = archive != nullptr ? archive->file_id : 0;
      // A later member of the same path replaces the earlier one, as
      // extracting the archive would.
      std::int64_t earlier = 0;
      if (archive != nullptr && r.repeated) {
        const auto it = archive->seen.find(r.path);
        if (it != archive->seen.end()) earlier = it->second;
      }
      const bool repeated = earlier != 0;
      if (repeated) {
        store.remove_members(earlier);
        store.clear_file(earlier);
      } else if (known != known_files.end()) {
        if (known->second.is_archive) store.remove_members(known->second.file_id);
        store.clear_file(known->second.file_id);
        ++sum.files_replaced;
      } else {
        ++sum.files_new;
      }
      file_id = store.upsert_file(info);
      if (!r.last) {
        info.content_hash = r.content_hash;
        file_info = std::move(info);
      }
      if (archive != nullptr) archive->seen[r.path] = file_id;
      if (repeated) {
        Diagnostic w = file_error(
            "the archive holds more than one member of this name; the last one is imported");
        w.severity = Severity::kWarning;
        store.add_error(file_id, w);
        report(r.path, w);
      }
      if (!r.readable) {
        const Diagnostic d = file_error(r.read_error);
        store.add_error(file_id, d);
        report(r.path, d);
        ++sum.files_failed;
        ++pending.files;
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
      store.add_game(file_id, game, r.positions[g], &r.layouts[g]);
      if (store.last_duplicate_of() != 0) ++sum.duplicates;
      ++sum.games;
      ++pending.games;
      sum.nodes += static_cast<std::int64_t>(game.tree.size());
      ++games_in_batch;
    }
    if (r.last) {
      if (r.part > 0) store.upsert_file(file_info);
      ++pending.files;
    }
    // Transactions end between files (see ImportOptions::batch_games).
    if (games_in_batch >= (r.last ? options_.batch_games : options_.max_batch_games)) {
      commit();
      store.begin();
      games_in_batch = 0;
    }
  };
  PipelineOptions pipeline;
  pipeline.jobs = options_.jobs;
  pipeline.archives = options_.archives;
  pipeline.archive_limits = options_.archive_limits;
  PipelineCallbacks callbacks;
  callbacks.should_parse = should_parse;
  callbacks.should_read_archive = should_read_archive;
  // A first import knows no file: nothing to compare sizes and times with.
  if (!options_.checksum && !known_files.empty()) callbacks.unchanged_by_stat = unchanged_by_stat;
  callbacks.consume = consume;
  run_parse_pipeline(walk.files, pipeline, callbacks);
  commit();
  erase_progress();
  // Also when this import did not begin a bulk load: an earlier one that
  // was stopped may have left the indexes dropped (docs/schema.md), and this
  // is the import that completes it.
  store.finish_bulk_load();
  sum.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return sum;
}

}  // namespace ludex
