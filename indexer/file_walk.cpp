#include "indexer/file_walk.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace ludex {
namespace fs = std::filesystem;

namespace {

std::string normal_path(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::absolute(p, ec);
  if (ec) abs = p;
  return abs.lexically_normal().string();
}

void walk_directory(const fs::path& dir, WalkResult& out) {
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    out.failures.emplace_back(normal_path(dir), "cannot read directory: " + ec.message());
    return;
  }
  for (const fs::recursive_directory_iterator end; it != end; it.increment(ec)) {
    if (ec) {
      out.failures.emplace_back(normal_path(it->path()), "cannot read directory: " + ec.message());
      ec.clear();
      continue;
    }
    std::error_code st_ec;
    const fs::file_status st = it->status(st_ec);  // follows links
    if (st_ec) {
      out.failures.emplace_back(normal_path(it->path()), "cannot stat: " + st_ec.message());
      continue;
    }
    if (fs::is_regular_file(st)) out.files.push_back(normal_path(it->path()));
  }
}

}  // namespace

WalkResult walk_paths(const std::vector<std::string>& paths) {
  WalkResult out;
  for (const std::string& p : paths) {
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      out.failures.emplace_back(normal_path(p), "no such file or directory");
    } else if (fs::is_directory(st)) {
      walk_directory(p, out);
    } else if (fs::is_regular_file(st)) {
      out.files.push_back(normal_path(p));
    } else {
      out.failures.emplace_back(normal_path(p), "not a regular file or directory");
    }
  }
  std::sort(out.files.begin(), out.files.end());
  out.files.erase(std::unique(out.files.begin(), out.files.end()), out.files.end());
  return out;
}

}  // namespace ludex
