#include "indexer/known_files.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <limits>
#include <optional>
#include <utility>

#include "importers/archive/archive_reader.h"
#include "indexer/file_walk.h"

namespace ludex {
namespace {

// How far from the lookup a modification time is too close to trust (see
// KnownFiles::recorded_mtime).
constexpr auto kRacyWindow = std::chrono::seconds(2);

// Calls f with first and each archive above it, up to the outermost
// (parent_of: file_id -> the archive that holds it; an archive not in it is
// on disk).
template <class F>
void for_each_ancestor(const std::unordered_map<std::int64_t, std::int64_t>& parent_of,
                       std::int64_t first, F f) {
  for (std::int64_t up = first; up != 0;) {
    f(up);
    const auto p = parent_of.find(up);
    up = p == parent_of.end() ? 0 : p->second;
  }
}

}  // namespace

KnownFiles::Recorded KnownFiles::read_recorded(GameStore& store,
                                               const std::vector<std::string>& roots) {
  Recorded out;
  for (const std::string& root : roots) {
    std::error_code ec;
    if (!std::filesystem::is_directory(root, ec)) continue;
    std::string dir = normal_path(root);
    if (dir.empty()) continue;
    if (dir.back() != '/') dir.push_back('/');
    std::vector<KnownMember> below = store.find_files_below(dir);
    out.files.reserve(out.files.size() + below.size());
    for (KnownMember& m : below) out.files.emplace(std::move(m.path), m.file);
    out.dirs.push_back(std::move(dir));
  }
  return out;
}

KnownFiles::KnownFiles(GameStore& store, const std::vector<std::string>& paths, Recorded recorded) {
  // The recorded rows below the given directories were read once: a
  // re-import of an unchanged archive then costs one range read, not a
  // query per file. Their entries move over, not copied.
  auto read_in_bulk = [&recorded](const std::string& path) {
    return std::any_of(recorded.dirs.begin(), recorded.dirs.end(), [&path](const std::string& dir) {
      return path.compare(0, dir.size(), dir) == 0;
    });
  };
  files_.reserve(paths.size());
  for (const std::string& path : paths) {
    if (read_in_bulk(path)) {
      auto node = recorded.files.extract(path);
      if (node.empty()) continue;
      if (node.mapped().is_archive) add_members(store, node.mapped());
      files_.insert(std::move(node));
      continue;
    }
    std::optional<KnownFile> known = store.find_file(path);
    if (!known) continue;
    if (known->is_archive) add_members(store, *known);
    files_.emplace(path, std::move(*known));
  }
  // Both sides are the file clock's (whose epoch makes today's times
  // negative: 0 would not do).
  const auto now = std::filesystem::file_time_type::clock::now();
  racy_from_ = file_time_ns(now - kRacyWindow);
  racy_to_ = file_time_ns(now + kRacyWindow);
}

void KnownFiles::add_members(GameStore& store, const KnownFile& archive) {
  std::unordered_map<std::int64_t, std::int64_t> parent_of;
  std::vector<std::int64_t> stale;
  // Rows come by file_id, so a member's archive is listed before it.
  for (KnownMember& m : store.find_members(archive.file_id)) {
    parent_of[m.file.file_id] = m.file.container_id;
    children_[m.file.container_id].push_back(m.path);
    if (m.file.positions_stale) stale.push_back(m.file.file_id);
    if (!m.file.is_archive && !m.file.absent) {
      for_each_ancestor(parent_of, m.file.container_id,
                        [this](std::int64_t up) { ++files_below_[up]; });
    }
    files_.emplace(std::move(m.path), m.file);
  }
  files_in_archives_ += files_below(archive.file_id) - 1;
  for (std::int64_t id : stale) {
    for_each_ancestor(parent_of, parent_of[id],
                      [this](std::int64_t up) { stale_archives_.insert(up); });
  }
}

const KnownFile* KnownFiles::find(const std::string& path) const {
  const auto it = files_.find(path);
  return it == files_.end() ? nullptr : &it->second;
}

const std::vector<std::string>& KnownFiles::children(std::int64_t archive_id) const {
  static const std::vector<std::string> kNone;
  const auto it = children_.find(archive_id);
  return it == children_.end() ? kNone : it->second;
}

std::int64_t KnownFiles::files_below(std::int64_t archive_id) const {
  const auto it = files_below_.find(archive_id);
  return it == files_below_.end() ? 0 : it->second;
}

bool KnownFiles::should_parse(const std::string& path, const std::string& hash) const {
  // A file whose positions are stale (stored by an older hash version) is
  // parsed again even when its content is unchanged; so is a file recorded
  // as an archive.
  const KnownFile* k = find(path);
  return k == nullptr || k->positions_stale || k->is_archive || k->content_hash != hash;
}

bool KnownFiles::should_read_archive(const std::string& path, const std::string& hash) const {
  // content_hash is '' until an import read the archive to its end.
  const KnownFile* k = find(path);
  return k == nullptr || !k->is_archive || k->content_hash.empty() || k->content_hash != hash ||
         stale_archives_.count(k->file_id) != 0;
}

StatVerdict KnownFiles::unchanged_by_stat(const std::string& path, std::int64_t size,
                                          std::int64_t mtime_ns) const {
  const KnownFile* k = find(path);
  if (k == nullptr) return StatVerdict::kRead;
  if (k->size != size || k->mtime_ns != mtime_ns || mtime_ns == 0 || k->content_hash.empty() ||
      k->positions_stale || k->container_id != 0) {
    return StatVerdict::kRead;
  }
  if (!k->is_archive) {
    return has_archive_name(path) ? StatVerdict::kRead : StatVerdict::kUnchangedFile;
  }
  return stale_archives_.count(k->file_id) != 0 ? StatVerdict::kRead
                                                : StatVerdict::kUnchangedArchive;
}

std::int64_t KnownFiles::recorded_mtime(std::int64_t mtime_ns) const {
  return mtime_ns >= racy_from_ && mtime_ns <= racy_to_ ? std::numeric_limits<std::int64_t>::min()
                                                        : mtime_ns;
}

}  // namespace ludex
