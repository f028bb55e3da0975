// Building archives in tests, with libarchive: every format ludex reads, and
// hostile entries (links, devices, absolute and ".." paths, encryption) that
// no well-behaved tool writes. Header only: used by tests/unit/archive and the
// end-to-end tests.
#ifndef LUDEX_TESTS_SUPPORT_ARCHIVE_BUILDER_H_
#define LUDEX_TESTS_SUPPORT_ARCHIVE_BUILDER_H_

#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace ludex::test {

enum class ArchiveKind {
  kZip,
  kTar,
  kTarGz,
  kTarBz2,
  kTarXz,
  kTarZst,
  k7z,
  kGz,   // a single compressed file: exactly one item
  kBz2,  // idem
  kXz,   // idem
};

// The file name extension of each kind ("zip", "tar.gz", ...).
inline const char* archive_extension(ArchiveKind kind) {
  switch (kind) {
    case ArchiveKind::kZip:
      return "zip";
    case ArchiveKind::kTar:
      return "tar";
    case ArchiveKind::kTarGz:
      return "tar.gz";
    case ArchiveKind::kTarBz2:
      return "tar.bz2";
    case ArchiveKind::kTarXz:
      return "tar.xz";
    case ArchiveKind::kTarZst:
      return "tar.zst";
    case ArchiveKind::k7z:
      return "7z";
    case ArchiveKind::kGz:
      return "gz";
    case ArchiveKind::kBz2:
      return "bz2";
    case ArchiveKind::kXz:
      return "xz";
  }
  return "";
}

struct ArchiveItem {
  enum class Type { kFile, kDirectory, kSymlink, kHardlink, kDevice, kFifo };
  ArchiveItem() = default;
  ArchiveItem(std::string n, std::string d, Type t = Type::kFile, std::string l = {})
      : name(std::move(n)), data(std::move(d)), type(t), link(std::move(l)) {}
  std::string name;  // as it goes into the header, not normalised
  std::string data;
  Type type = Type::kFile;
  std::string link;  // target of a symlink or hard link
};

struct ArchiveOptions {
  // zip only: encrypt every file entry ("zipcrypt", "aes128", "aes256").
  std::string encryption;
  std::string passphrase = "secret";
  // zip only: "store" or "deflate".
  std::string zip_compression = "deflate";
};

// The archive of items, as bytes. Throws std::runtime_error on a libarchive
// failure.
inline std::string build_archive(ArchiveKind kind, const std::vector<ArchiveItem>& items,
                                 const ArchiveOptions& options = {}) {
  // Names are UTF-8: the writer converts them through the locale (7z writes
  // UTF-16), so this thread uses a UTF-8 one while it writes.
  static const locale_t kUtf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
  const locale_t previous = kUtf8 != locale_t{} ? uselocale(kUtf8) : locale_t{};
  struct archive* a = archive_write_new();
  std::string out;
  auto fail = [&](const std::string& what) {
    const std::string message =
        what + ": " + (archive_error_string(a) ? archive_error_string(a) : "");
    archive_write_free(a);
    if (previous != locale_t{}) uselocale(previous);
    throw std::runtime_error("build_archive: " + message);
  };
  int r = ARCHIVE_OK;
  switch (kind) {
    case ArchiveKind::kZip:
      r = archive_write_set_format_zip(a);
      break;
    case ArchiveKind::k7z:
      r = archive_write_set_format_7zip(a);
      break;
    case ArchiveKind::kGz:
    case ArchiveKind::kBz2:
    case ArchiveKind::kXz:
      r = archive_write_set_format_raw(a);
      break;
    default:
      r = archive_write_set_format_pax_restricted(a);
      break;
  }
  if (r != ARCHIVE_OK) fail("format");
  switch (kind) {
    case ArchiveKind::kTarGz:
    case ArchiveKind::kGz:
      r = archive_write_add_filter_gzip(a);
      break;
    case ArchiveKind::kTarBz2:
    case ArchiveKind::kBz2:
      r = archive_write_add_filter_bzip2(a);
      break;
    case ArchiveKind::kTarXz:
    case ArchiveKind::kXz:
      r = archive_write_add_filter_xz(a);
      break;
    case ArchiveKind::kTarZst:
      r = archive_write_add_filter_zstd(a);
      break;
    default:
      break;
  }
  if (r != ARCHIVE_OK) fail("filter");
  if (kind == ArchiveKind::kZip) {
    if (archive_write_set_options(a, ("zip:compression=" + options.zip_compression).c_str()) !=
        ARCHIVE_OK) {
      fail("zip compression");
    }
    if (!options.encryption.empty()) {
      if (archive_write_set_options(a, ("zip:encryption=" + options.encryption).c_str()) !=
              ARCHIVE_OK ||
          archive_write_set_passphrase(a, options.passphrase.c_str()) != ARCHIVE_OK) {
        fail("zip encryption");
      }
    }
  }
  archive_write_set_bytes_in_last_block(a, 1);
  auto write = [](struct archive*, void* self, const void* buffer, size_t length) -> la_ssize_t {
    static_cast<std::string*>(self)->append(static_cast<const char*>(buffer), length);
    return static_cast<la_ssize_t>(length);
  };
  if (archive_write_open(a, &out, nullptr, write, nullptr) != ARCHIVE_OK) fail("open");
  for (const ArchiveItem& item : items) {
    struct archive_entry* e = archive_entry_new();
    archive_entry_set_pathname_utf8(e, item.name.c_str());
    archive_entry_set_perm(e, 0644);
    archive_entry_set_mtime(e, 1700000000, 0);
    switch (item.type) {
      case ArchiveItem::Type::kFile:
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_size(e, static_cast<la_int64_t>(item.data.size()));
        break;
      case ArchiveItem::Type::kDirectory:
        archive_entry_set_filetype(e, AE_IFDIR);
        archive_entry_set_perm(e, 0755);
        break;
      case ArchiveItem::Type::kSymlink:
        archive_entry_set_filetype(e, AE_IFLNK);
        archive_entry_set_symlink_utf8(e, item.link.c_str());
        break;
      case ArchiveItem::Type::kHardlink:
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_hardlink_utf8(e, item.link.c_str());
        break;
      case ArchiveItem::Type::kDevice:
        archive_entry_set_filetype(e, AE_IFCHR);
        archive_entry_set_rdev(e, 0x0103);  // /dev/null's numbers
        break;
      case ArchiveItem::Type::kFifo:
        archive_entry_set_filetype(e, AE_IFIFO);
        break;
    }
    r = archive_write_header(a, e);
    archive_entry_free(e);
    if (r < ARCHIVE_WARN) fail("header of " + item.name);
    if (item.type == ArchiveItem::Type::kFile && !item.data.empty()) {
      if (archive_write_data(a, item.data.data(), item.data.size()) < 0) {
        fail("data of " + item.name);
      }
    }
  }
  if (archive_write_close(a) != ARCHIVE_OK) fail("close");
  archive_write_free(a);
  if (previous != locale_t{}) uselocale(previous);
  return out;
}

// Every regular file under dir (recursive), by relative path in byte order,
// as archive items named by that path.
inline std::vector<ArchiveItem> items_from_directory(const std::filesystem::path& dir) {
  std::vector<ArchiveItem> items;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    ArchiveItem item;
    item.name = std::filesystem::relative(entry.path(), dir).string();
    std::ifstream in(entry.path(), std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    item.data = std::move(bytes).str();
    items.push_back(std::move(item));
  }
  std::sort(items.begin(), items.end(),
            [](const ArchiveItem& x, const ArchiveItem& y) { return x.name < y.name; });
  return items;
}

}  // namespace ludex::test

#endif  // LUDEX_TESTS_SUPPORT_ARCHIVE_BUILDER_H_
