#include "indexer/file_walk.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <optional>
#include <string_view>
#include <system_error>

namespace ludex {
namespace fs = std::filesystem;

namespace {

constexpr std::array<std::string_view, 3> kCompanionSuffixes = {"-wal", "-shm", "-journal"};

// The identity of the file at path, links followed; nullopt if it has none.
std::optional<std::pair<dev_t, ino_t>> identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return std::make_pair(st.st_dev, st.st_ino);
}

std::string errno_text() {
  return std::error_code(errno, std::generic_category()).message();
}

// The FileStat of a stat's result.
FileStat file_stat_of(const struct stat& st) {
  // The file clock's time of st_mtim, exactly as fs::last_write_time gives
  // it (the recorded times were taken that way).
  const std::chrono::sys_time<std::chrono::nanoseconds> sys{
      std::chrono::seconds(st.st_mtim.tv_sec) + std::chrono::nanoseconds(st.st_mtim.tv_nsec)};
  return FileStat{static_cast<std::int64_t>(st.st_size),
                  file_time_ns(fs::file_time_type(std::chrono::file_clock::from_sys(sys)))};
}

// Every regular file below dir, found by one fstatat per entry relative to
// its directory: a stat by full path walks every component again, a third
// of a re-import's time. The stat follows links (a link to a file is that
// file); a link to a directory is not walked, so a cycle cannot loop. A
// directory that may not be read is skipped, as
// directory_options::skip_permission_denied does. dir is made absolute and
// normal once, and names are joined to it plainly (never "." or ".."), so
// each path is normal too.
void walk_directory(const fs::path& given, const DatabaseFiles& database, WalkResult& out) {
  std::vector<std::string> pending = {normal_path(given)};
  while (!pending.empty()) {
    const std::string dir = std::move(pending.back());
    pending.pop_back();
    DIR* handle = ::opendir(dir.c_str());
    if (handle == nullptr) {
      if (errno != EACCES) out.failures.emplace_back(dir, "cannot read directory: " + errno_text());
      continue;
    }
    const int fd = ::dirfd(handle);
    const std::string prefix = dir.back() == '/' ? dir : dir + "/";
    while (true) {
      errno = 0;
      const dirent* entry = ::readdir(handle);
      if (entry == nullptr) {
        if (errno != 0) out.failures.emplace_back(dir, "cannot read directory: " + errno_text());
        break;
      }
      const std::string_view name = entry->d_name;
      if (name == "." || name == "..") continue;
      std::string path = prefix + std::string(name);
      struct stat st {};
      if (::fstatat(fd, entry->d_name, &st, 0) != 0) {
        out.failures.emplace_back(std::move(path), "cannot stat: " + errno_text());
        continue;
      }
      if (S_ISDIR(st.st_mode)) {
        struct stat link {};
        const bool is_link = entry->d_type == DT_LNK ||
                             (entry->d_type == DT_UNKNOWN &&
                              ::fstatat(fd, entry->d_name, &link, AT_SYMLINK_NOFOLLOW) == 0 &&
                              S_ISLNK(link.st_mode));
        if (!is_link) pending.push_back(std::move(path));
      } else if (S_ISREG(st.st_mode) && !database.contains(path, st.st_dev, st.st_ino)) {
        out.files.push_back(std::move(path));
        out.stats.push_back(file_stat_of(st));
      }
    }
    ::closedir(handle);
  }
}

}  // namespace

std::string normal_path(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  if (ec) abs = p;
  return abs.lexically_normal().string();
}

std::int64_t file_time_ns(fs::file_time_type time) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(time.time_since_epoch()).count();
}

std::int64_t mtime_ns_of(const std::string& path) {
  const std::optional<FileStat> st = stat_file(path);
  return st ? st->mtime_ns : 0;
}

std::optional<FileStat> stat_file(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return file_stat_of(st);
}

DatabaseFiles::DatabaseFiles(const std::string& db_path) {
  const std::optional<std::pair<dev_t, ino_t>> db = identity(db_path);
  if (!db) return;
  ids_.push_back(*db);
  // SQLite names the companions after the path it was given, or after the
  // file a link there names: both are looked at.
  std::vector<std::string> bases = {db_path};
  std::error_code ec;
  const fs::path real = fs::canonical(db_path, ec);
  if (!ec && real.string() != db_path) bases.push_back(real.string());
  for (const std::string& base : bases) {
    for (std::string_view suffix : kCompanionSuffixes) {
      const std::optional<std::pair<dev_t, ino_t>> id = identity(base + std::string(suffix));
      if (id && std::find(ids_.begin(), ids_.end(), *id) == ids_.end()) ids_.push_back(*id);
    }
  }
}

bool DatabaseFiles::contains(const std::string& path) const {
  if (ids_.empty()) return false;
  const std::optional<std::pair<dev_t, ino_t>> id = identity(path);
  if (!id) return contains(path, 0, 0);
  return contains(path, id->first, id->second);
}

bool DatabaseFiles::contains(const std::string& path, dev_t device, ino_t inode) const {
  if (ids_.empty()) return false;
  if (std::find(ids_.begin(), ids_.end(), std::make_pair(device, inode)) != ids_.end()) {
    return true;
  }
  for (std::string_view suffix : kCompanionSuffixes) {
    if (path.size() > suffix.size() &&
        std::string_view(path).substr(path.size() - suffix.size()) == suffix) {
      const std::optional<std::pair<dev_t, ino_t>> main =
          identity(path.substr(0, path.size() - suffix.size()));
      if (main && *main == ids_.front()) return true;
    }
  }
  return false;
}

WalkResult walk_paths(const std::vector<std::string>& paths, const DatabaseFiles& database) {
  WalkResult out;
  for (const std::string& p : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      out.failures.emplace_back(normal_path(p), "no such file or directory");
    } else if (fs::is_directory(st)) {
      walk_directory(p, database, out);
    } else if (fs::is_regular_file(st)) {
      if (database.contains(p)) {
        out.skipped.push_back(normal_path(p));
      } else {
        out.files.push_back(normal_path(p));
        out.stats.push_back(stat_file(p).value_or(FileStat{}));
      }
    } else {
      out.failures.emplace_back(normal_path(p), "not a regular file or directory");
    }
  }
  // Sorted by path, each path once, its stat beside it.
  std::vector<std::size_t> order(out.files.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](std::size_t a, std::size_t b) { return out.files[a] < out.files[b]; });
  std::vector<std::string> files;
  std::vector<FileStat> stats;
  for (const std::size_t i : order) {
    if (!files.empty() && files.back() == out.files[i]) continue;
    files.push_back(std::move(out.files[i]));
    stats.push_back(out.stats[i]);
  }
  out.files.swap(files);
  out.stats.swap(stats);
  return out;
}

}  // namespace ludex
