#include "importers/archive/archive_reader.h"

#include <archive.h>
#include <archive_entry.h>
#include <locale.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdio>
#include <limits>
#include <new>
#include <vector>

namespace ludex {
namespace {

constexpr std::size_t kChunk = std::size_t{64} << 10;
// Consecutive damaged headers skipped before the archive counts as unreadable.
constexpr int kMaxSkippedHeaders = 100;

// libarchive converts member names to the current locale's charset; the
// program runs in the "C" locale, where a UTF-8 or UTF-16 name cannot be
// converted and comes back empty. While alive, switches the calling thread
// (only; uselocale is per thread) to C.UTF-8.
class Utf8Locale {
 public:
  Utf8Locale() {
    static const locale_t kUtf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t{});
    if (kUtf8 != locale_t{}) previous_ = uselocale(kUtf8);
  }
  ~Utf8Locale() {
    if (previous_ != locale_t{}) uselocale(previous_);
  }
  Utf8Locale(const Utf8Locale&) = delete;
  Utf8Locale& operator=(const Utf8Locale&) = delete;

 private:
  locale_t previous_{};
};

// Which decompression filters libarchive has built in. A filter it lacks is
// run as an external program (`lz4 -d`, ...), which ludex never wants for
// untrusted input: such filters are left out. Probed once, on a scratch
// reader, because registering one cannot be undone.
using FilterSupport = int (*)(struct archive*);
const std::vector<FilterSupport>& builtin_filters() {
  static const std::vector<FilterSupport> kFilters = [] {
    std::vector<FilterSupport> out;
    for (FilterSupport f : {archive_read_support_filter_gzip, archive_read_support_filter_bzip2,
                            archive_read_support_filter_xz, archive_read_support_filter_zstd,
                            archive_read_support_filter_lz4, archive_read_support_filter_lzip}) {
      struct archive* probe = archive_read_new();
      if (probe != nullptr && f(probe) == ARCHIVE_OK) out.push_back(f);
      if (probe != nullptr) archive_read_free(probe);
    }
    return out;
  }();
  return kFilters;
}

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    char c = s[s.size() - suffix.size() + i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != suffix[i]) return false;
  }
  return true;
}

std::string_view last_component(std::string_view name) {
  const std::size_t slash = name.find_last_of('/');
  return slash == std::string_view::npos ? name : name.substr(slash + 1);
}

constexpr std::array<std::string_view, 6> kCompressionSuffixes = {".gz",  ".bz2", ".xz",
                                                                  ".zst", ".lz4", ".lz"};

std::string message_of(struct archive* a, std::string_view fallback) {
  const char* m = archive_error_string(a);
  return m != nullptr && *m != '\0' ? std::string(m) : std::string(fallback);
}

// Why an archive could not be opened. libarchive reads ahead (up to 64 KiB
// decompressed) to tell what a stream holds, so a compressed stream cut
// short, even inside its first block, fails here: that is said as what it
// is, not as a file that is no archive.
std::string open_error(struct archive* a) {
  const std::string reason = message_of(a, "cannot open");
  std::string lower = reason;
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  // liblzma says "No progress is possible" where its input ends early.
  if (lower.find("truncated") != std::string::npos ||
      lower.find("no progress is possible") != std::string::npos) {
    return "the archive is truncated (" + reason + "); nothing could be read from it";
  }
  return "cannot be read as an archive (" + reason + ")";
}

std::string size_text(std::int64_t bytes) {
  char buf[64];
  if (bytes >= (std::int64_t{1} << 20)) {
    std::snprintf(buf, sizeof buf, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  } else if (bytes >= 1024) {
    std::snprintf(buf, sizeof buf, "%.1f KiB", static_cast<double>(bytes) / 1024);
  } else {
    std::snprintf(buf, sizeof buf, "%lld bytes", static_cast<long long>(bytes));
  }
  return buf;
}

}  // namespace

ExpansionBudget::ExpansionBudget(std::int64_t archive_bytes, const ArchiveLimits& limits) {
  const std::int64_t cap = std::numeric_limits<std::int64_t>::max() / 2;
  const std::int64_t ratio = std::max<std::int64_t>(1, limits.max_expansion);
  const std::int64_t bytes = std::max<std::int64_t>(0, archive_bytes);
  allowed_ = bytes > cap / ratio ? cap : bytes * ratio;
  allowed_ = std::min(cap, allowed_ + std::max<std::int64_t>(0, limits.expansion_floor));
}

bool has_archive_name(std::string_view name) {
  name = last_component(name);
  for (std::string_view suffix :
       {".zip", ".tar", ".tgz", ".tbz", ".tbz2", ".txz", ".tzst", ".7z"}) {
    if (ends_with_ci(name, suffix)) return true;
  }
  for (std::string_view suffix : kCompressionSuffixes) {
    if (ends_with_ci(name, suffix)) return true;
  }
  return is_ugz_name(name);
}

bool is_ugz_name(std::string_view name) {
  return ends_with_ci(last_component(name), ".ugz");
}

bool looks_like_archive(std::string_view head) {
  auto starts = [&](std::string_view magic) {
    return head.size() >= magic.size() && head.substr(0, magic.size()) == magic;
  };
  using namespace std::string_view_literals;
  if (starts("PK\x03\x04"sv) || starts("PK\x05\x06"sv) || starts("PK\x07\x08"sv)) return true;
  if (starts("7z\xBC\xAF\x27\x1C"sv)) return true;
  if (starts("\x1F\x8B"sv)) return true;                                         // gzip
  if (starts("BZh"sv) && head.size() > 3 && head[3] >= '1' && head[3] <= '9') {  // bzip2
    return true;
  }
  if (starts("\xFD"
             "7zXZ\x00"sv)) {
    return true;  // xz
  }
  if (starts("\x28\xB5\x2F\xFD"sv)) return true;  // zstd
  if (starts("\x04\x22\x4D\x18"sv)) return true;  // lz4
  if (starts("LZIP"sv)) return true;
  // .ugz: the LHA header's size and checksum bytes, then its method, "-lh0-"
  // to "-lh7-", "-lhd-", "-lzs-", "-lz4-" or "-lz5-".
  if (head.size() >= kUgzPrefixBytes + 7) {
    const std::string_view method = head.substr(kUgzPrefixBytes + 2, 5);
    const char kind = method[3];
    if ((method.substr(0, 3) == "-lh" && ((kind >= '0' && kind <= '7') || kind == 'd') &&
         method[4] == '-') ||
        method == "-lzs-" || method == "-lz4-" || method == "-lz5-") {
      return true;
    }
  }
  // POSIX "ustar\0" and GNU "ustar  \0" both begin so.
  return head.size() >= 262 && head.substr(257, 5) == "ustar";
}

bool is_single_compressed_name(std::string_view name) {
  name = last_component(name);
  for (std::string_view suffix : kCompressionSuffixes) {
    if (name.size() > suffix.size() && ends_with_ci(name, suffix)) {
      return !ends_with_ci(name.substr(0, name.size() - suffix.size()), ".tar");
    }
  }
  return false;
}

std::string single_member_name(std::string_view archive_name) {
  const std::string_view name = last_component(archive_name);
  for (std::string_view suffix : kCompressionSuffixes) {
    if (name.size() > suffix.size() && ends_with_ci(name, suffix)) {
      return std::string(name.substr(0, name.size() - suffix.size()));
    }
  }
  return std::string(name);
}

MemberPath normalize_member_path(std::string_view raw) {
  MemberPath out;
  auto refuse = [&](std::string problem) {
    out.path = std::string(raw);
    out.problem = std::move(problem);
    return out;
  };
  if (raw.empty()) return refuse("a member with an empty name: not read");
  const bool drive = raw.size() >= 2 && raw[1] == ':' &&
                     ((raw[0] >= 'A' && raw[0] <= 'Z') || (raw[0] >= 'a' && raw[0] <= 'z'));
  if (raw.front() == '/' || raw.front() == '\\' || drive) {
    return refuse("an absolute member path: not read");
  }
  std::string path;
  std::size_t start = 0;
  while (start <= raw.size()) {
    std::size_t end = raw.find('/', start);
    if (end == std::string_view::npos) end = raw.size();
    const std::string_view part = raw.substr(start, end - start);
    // ".." between backslashes too: an extractor on Windows would follow it.
    std::size_t p = 0;
    while (p <= part.size()) {
      std::size_t q = part.find('\\', p);
      if (q == std::string_view::npos) q = part.size();
      if (part.substr(p, q - p) == "..") {
        return refuse("a member path with '..' (it would leave the archive): not read");
      }
      p = q + 1;
    }
    if (!part.empty() && part != ".") {
      if (!path.empty()) path += '/';
      path += part;
    }
    start = end + 1;
  }
  if (path.empty()) return refuse("a member with an empty name: not read");
  out.path = std::move(path);
  return out;
}

struct ArchiveReader::Impl {
  Impl(std::string_view display, const ArchiveLimits& l, ExpansionBudget& b)
      : a(archive_read_new()),
        display_name(display),
        single(is_single_compressed_name(display)),
        ugz(is_ugz_name(display)),
        limits(l),
        budget(b) {
    if (a == nullptr) throw std::bad_alloc();
    if (ugz) {
      archive_read_support_format_lha(a);
      return;
    }
    for (FilterSupport f : builtin_filters()) f(a);
    // A single compressed file is its decompressed stream, whatever that
    // holds: offered the tar format too, libarchive would take a stream
    // that starts with two zero blocks for an empty tar and end there.
    if (!single) {
      archive_read_support_format_zip(a);
      archive_read_support_format_tar(a);
      archive_read_support_format_7zip(a);
    }
    // One member, the decompressed stream: a single compressed file, and
    // anything else that is compressed but no archive format.
    archive_read_support_format_raw(a);
  }
  ~Impl() {
    archive_read_free(a);
    if (file != nullptr) std::fclose(file);
  }

  // Reads the current member's data, into out when it is not null (else
  // only counted), under the limits.
  MemberRead pump(std::string* out, std::int64_t declared);

  struct archive* a;
  std::string display_name;
  bool single;                // is_single_compressed_name(display_name)
  bool ugz;                   // is_ugz_name(display_name)
  std::FILE* file = nullptr;  // owned: a .ugz on disk, read past its prefix
  ArchiveLimits limits;
  ExpansionBudget& budget;
  bool broken = false;
  bool pending = false;  // the current member's data was not read
  bool pending_encrypted = false;
  std::string current_path;
  std::int64_t pending_size = -1;
  int skipped_headers = 0;
  std::vector<char> scratch;
};

MemberRead ArchiveReader::Impl::pump(std::string* out, std::int64_t declared) {
  MemberRead result;
  std::int64_t produced = 0;
  std::int64_t consumed = 0;
  bool too_large = false;
  std::int64_t last = archive_filter_bytes(a, -1);
  if (out != nullptr) {
    out->clear();
    if (declared > 0) {
      out->reserve(static_cast<std::size_t>(std::min(declared, limits.max_member_bytes)));
    }
  }
  for (;;) {
    char* dst = nullptr;
    std::size_t held = 0;
    if (out != nullptr && !too_large) {
      held = out->size();
      out->resize(held + kChunk);
      dst = out->data() + held;
    } else {
      if (scratch.size() < kChunk) scratch.resize(kChunk);
      dst = scratch.data();
    }
    la_ssize_t n = 0;
    {
      Utf8Locale utf8;
      n = archive_read_data(a, dst, kChunk);
    }
    if (out != nullptr && !too_large)
      out->resize(held + static_cast<std::size_t>(std::max<la_ssize_t>(0, n)));
    if (n == 0) break;
    if (n < 0) {
      if (n == ARCHIVE_WARN) {
        result.outcome = ReadOutcome::kDamaged;
        result.message = "damaged (" + message_of(a, "a check failed") + ")";
      } else if (n == ARCHIVE_FATAL) {
        broken = true;
        result.outcome = ReadOutcome::kBroken;
        result.message = "the archive cannot be read past this point (" +
                         message_of(a, "damaged or truncated") + ")";
      } else {
        result.outcome = ReadOutcome::kUnreadable;
        result.message = "cannot be read (" + message_of(a, "unsupported") + ")";
      }
      return result;
    }
    produced += n;
    // Before the bomb checks, which return: a member past the limit never
    // leaves more than max_member_bytes in out, whatever stops the read.
    if (out != nullptr && !too_large && produced > limits.max_member_bytes) {
      too_large = true;
      out->clear();
      out->shrink_to_fit();
    }
    const std::int64_t position = archive_filter_bytes(a, -1);
    // Forward moves only: a seek back (7z and zip read their directories
    // first) is not compressed data read for this member.
    if (position > last) consumed += position - last;
    last = position;
    if (!budget.spend(n)) {
      broken = true;
      result.outcome = ReadOutcome::kBomb;
      result.message = "an archive bomb: the archive expands to more than " +
                       std::to_string(limits.max_expansion) + " times its size (" +
                       size_text(budget.used()) + " so far, " + size_text(budget.allowed()) +
                       " allowed); nothing more of it is read";
      return result;
    }
    if (produced > limits.expansion_floor &&
        produced / std::max<std::int64_t>(1, limits.max_expansion) > consumed) {
      broken = true;
      result.outcome = ReadOutcome::kBomb;
      // A compressed block read whole before the member began (bzip2's are
      // up to 900 kB) leaves no compressed bytes counted for the member:
      // what is known then is how far into the archive that was.
      const std::string source =
          consumed > 0 ? "from " + size_text(consumed)
                       : "so far, all from compressed data read before the member began, within "
                         "the archive's first " +
                             size_text(position);
      result.message = "an archive bomb: the member expands more than " +
                       std::to_string(limits.max_expansion) + " times (" + size_text(produced) +
                       " " + source + "); nothing more of the archive is read";
      return result;
    }
  }
  if (too_large) {
    result.outcome = ReadOutcome::kTooLarge;
    result.message = "larger than the limit of " + size_text(limits.max_member_bytes) +
                     " (--max-member-size): not read";
  }
  return result;
}

ArchiveReader::ArchiveReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

ArchiveReader ArchiveReader::open_file(const std::string& path, std::string_view display_name,
                                       const ArchiveLimits& limits, ExpansionBudget& budget) {
  ArchiveReader reader(std::make_unique<Impl>(display_name, limits, budget));
  Impl& s = *reader.impl_;
  Utf8Locale utf8;
  int opened = ARCHIVE_FATAL;
  if (s.ugz) {
    s.file = std::fopen(path.c_str(), "rb");
    if (s.file == nullptr || std::fseek(s.file, kUgzPrefixBytes, SEEK_SET) != 0) {
      s.broken = true;
      reader.error_ = "cannot be read as an archive (cannot open the file)";
      return reader;
    }
    opened = archive_read_open_FILE(s.a, s.file);
  } else {
    opened = archive_read_open_filename(s.a, path.c_str(), kChunk);
  }
  if (opened != ARCHIVE_OK) {
    s.broken = true;
    reader.error_ = open_error(s.a);
  }
  return reader;
}

ArchiveReader ArchiveReader::open_memory(std::string_view bytes, std::string_view display_name,
                                         const ArchiveLimits& limits, ExpansionBudget& budget) {
  ArchiveReader reader(std::make_unique<Impl>(display_name, limits, budget));
  Utf8Locale utf8;
  if (reader.impl_->ugz) bytes.remove_prefix(std::min(bytes.size(), kUgzPrefixBytes));
  if (archive_read_open_memory(reader.impl_->a, bytes.data(), bytes.size()) != ARCHIVE_OK) {
    reader.impl_->broken = true;
    reader.error_ = open_error(reader.impl_->a);
  }
  return reader;
}

ArchiveReader::~ArchiveReader() = default;
ArchiveReader::ArchiveReader(ArchiveReader&&) noexcept = default;
ArchiveReader& ArchiveReader::operator=(ArchiveReader&&) noexcept = default;

std::int64_t ArchiveReader::position() const {
  return archive_filter_bytes(impl_->a, -1);
}

ArchiveStep ArchiveReader::next(ArchiveEntry& entry) {
  Impl& s = *impl_;
  if (s.broken) return ArchiveStep::kBroken;
  if (s.pending) {
    s.pending = false;
    // Skipping by reading keeps the limits on: libarchive's own skip would
    // decompress a compressed stream without them. Where skipping costs no
    // decompression (uncompressed tar or zip) or reading is impossible
    // (encrypted), libarchive skips.
    const int base = archive_format(s.a) & ARCHIVE_FORMAT_BASE_MASK;
    const bool cheap = archive_filter_count(s.a) <= 1 &&
                       (base == ARCHIVE_FORMAT_ZIP || base == ARCHIVE_FORMAT_TAR);
    if (!cheap && !s.pending_encrypted) {
      const MemberRead skipped = s.pump(nullptr, s.pending_size);
      if (skipped.outcome == ReadOutcome::kBomb || skipped.outcome == ReadOutcome::kBroken) {
        s.broken = true;
        error_ = "while skipping member '" + s.current_path + "': " + skipped.message;
        return ArchiveStep::kBroken;
      }
    }
  }
  entry = ArchiveEntry();
  Utf8Locale utf8;
  struct archive_entry* e = nullptr;
  const int r = archive_read_next_header(s.a, &e);
  if (r == ARCHIVE_EOF) return ArchiveStep::kEnd;
  if (r == ARCHIVE_FATAL || e == nullptr) {
    s.broken = true;
    error_ = "the archive cannot be read past this point (" +
             message_of(s.a, "damaged or truncated") + ")";
    return ArchiveStep::kBroken;
  }
  if (r == ARCHIVE_RETRY) {
    if (++s.skipped_headers > kMaxSkippedHeaders) {
      s.broken = true;
      error_ = "too many damaged headers; the rest of the archive is not read";
      return ArchiveStep::kBroken;
    }
    error_ = "a damaged member header was skipped (" + message_of(s.a, "damaged") + ")";
    return ArchiveStep::kSkippedDamage;
  }
  s.skipped_headers = 0;
  if (r == ARCHIVE_WARN) entry.warning = message_of(s.a, "");

  const bool raw = archive_format(s.a) == ARCHIVE_FORMAT_RAW;
  if (raw && archive_filter_count(s.a) <= 1) {
    s.broken = true;
    error_ = "cannot be read as an archive (no archive format or compression recognised)";
    return ArchiveStep::kBroken;
  }
  if (raw) {
    entry.path = single_member_name(s.display_name);
  } else {
    const char* name = archive_entry_pathname_utf8(e);
    if (name == nullptr) name = archive_entry_pathname(e);
    MemberPath path = normalize_member_path(name == nullptr ? "" : name);
    entry.path = std::move(path.path);
    entry.problem = std::move(path.problem);
  }
  if (archive_entry_size_is_set(e) != 0) entry.size = archive_entry_size(e);
  if (archive_entry_mtime_is_set(e) != 0) {
    entry.mtime_ns = static_cast<std::int64_t>(archive_entry_mtime(e)) * 1000000000 +
                     archive_entry_mtime_nsec(e);
  }
  // A hard link's type is that of what it links to, or none (tar).
  const char* hardlink = archive_entry_hardlink(e);
  const unsigned int type = hardlink != nullptr ? 0 : archive_entry_filetype(e);
  if (hardlink != nullptr && entry.problem.empty()) {
    entry.problem =
        std::string("a hard link (to '") + hardlink + "'): not read (the member it names is)";
  }
  switch (type) {
    case AE_IFREG:
      entry.type = EntryType::kFile;
      break;
    case AE_IFDIR:
      entry.type = EntryType::kDirectory;
      break;
    case AE_IFLNK: {
      entry.type = EntryType::kOther;
      const char* target = archive_entry_symlink_utf8(e);
      if (target == nullptr) target = archive_entry_symlink(e);
      if (entry.problem.empty()) {
        entry.problem =
            std::string("a symbolic link (to '") + (target ? target : "") + "'): not read";
      }
      break;
    }
    case AE_IFCHR:
    case AE_IFBLK:
      entry.type = EntryType::kOther;
      if (entry.problem.empty()) entry.problem = "a device: not read";
      break;
    case AE_IFIFO:
      entry.type = EntryType::kOther;
      if (entry.problem.empty()) entry.problem = "a FIFO: not read";
      break;
    default:
      entry.type = EntryType::kOther;
      if (entry.problem.empty()) entry.problem = "not a regular file: not read";
      break;
  }
  const bool encrypted = archive_entry_is_encrypted(e) != 0;
  if (encrypted && entry.problem.empty()) {
    entry.problem = "encrypted: not read (ludex does not decrypt members)";
  }
  if (entry.type == EntryType::kFile && entry.problem.empty() &&
      entry.size > s.limits.max_member_bytes) {
    entry.problem = "larger than the limit of " + size_text(s.limits.max_member_bytes) +
                    " (--max-member-size): not read";
  }
  // Every entry's data is skipped through pump() (a link or device has none,
  // unless a hostile header says otherwise).
  s.pending = true;
  s.pending_encrypted = encrypted;
  s.current_path = entry.path;
  s.pending_size = entry.size;
  return ArchiveStep::kEntry;
}

MemberRead ArchiveReader::read(std::string& out) {
  Impl& s = *impl_;
  assert(s.pending);
  s.pending = false;
  MemberRead r = s.pump(&out, s.pending_size);
  if (r.outcome == ReadOutcome::kBomb || r.outcome == ReadOutcome::kBroken) {
    error_ = r.message;
  }
  return r;
}

}  // namespace ludex
