// Reading archives (zip, tar, 7z) and single compressed files (gz, bz2, xz,
// zst, lz4, lz) member by member with libarchive: nothing is unpacked to disk,
// and only the member being read is held in memory. docs/formats.md
// ("Archives") states the rules this code implements: which files are
// archives, how members are named, which members are refused, and the limits
// that stop an archive bomb.
//
// Untrusted input never throws here: a member that cannot be read, and an
// archive that cannot be read any further, are reported as values with the
// reason. Only an allocation failure throws.
#ifndef LUDEX_IMPORTERS_ARCHIVE_ARCHIVE_READER_H_
#define LUDEX_IMPORTERS_ARCHIVE_ARCHIVE_READER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace ludex {

// A member may hold at most this many bytes (it is held whole in memory to be
// parsed, like a file); `ludex import --max-member-size` changes it.
inline constexpr std::int64_t kDefaultMaxMemberBytes = std::int64_t{256} << 20;
// A member may expand to at most this many times the compressed bytes read
// for it, and an archive (everything nested in it included) to at most this
// many times its own size ...
inline constexpr std::int64_t kMaxExpansion = 1000;
// ... once past this many bytes: below it the compressed bytes of one member
// cannot be told apart in a solid stream (a bzip2 block is 900 kB).
inline constexpr std::int64_t kExpansionFloor = std::int64_t{1} << 20;
// Archives inside archives are read down to this depth (1 = an archive on
// disk); a deeper one is recorded as a member that was not read.
inline constexpr int kMaxArchiveDepth = 3;

struct ArchiveLimits {
  std::int64_t max_member_bytes = kDefaultMaxMemberBytes;
  std::int64_t max_expansion = kMaxExpansion;
  std::int64_t expansion_floor = kExpansionFloor;
  int max_depth = kMaxArchiveDepth;
};

// The decompressed bytes allowed for one archive on disk and everything
// nested in it: max_expansion times its size, plus the floor. Shared by the
// readers of one archive and of the archives inside it (one thread).
class ExpansionBudget {
 public:
  ExpansionBudget(std::int64_t archive_bytes, const ArchiveLimits& limits);
  // Counts n more decompressed bytes; false once the total is past the allowance.
  bool spend(std::int64_t n) {
    used_ += n;
    return used_ <= allowed_;
  }
  std::int64_t allowed() const { return allowed_; }
  std::int64_t used() const { return used_; }

 private:
  std::int64_t allowed_;
  std::int64_t used_ = 0;
};

// True if the file name (its last component, any case) ends as an archive or
// a compressed file does: .zip .tar .tgz .tbz .tbz2 .txz .tzst .7z .gz .bz2
// .xz .zst .lz4 .lz, or is PandaNet's .ugz. Only such files are read as
// archives, so that zip-based documents (.docx, .odt, .jar, ...) stay single
// files.
bool has_archive_name(std::string_view name);

// A .ugz (PandaNet's compressed .ugf): an LHA archive behind this many bytes
// of its own ("PP" in the files seen; docs/formats.md, "Archives").
inline constexpr std::size_t kUgzPrefixBytes = 2;
// True if the name (its last component, any case) ends in .ugz.
bool is_ugz_name(std::string_view name);

// True if the bytes start as a zip, 7z, tar (POSIX or GNU) or gzip, bzip2,
// xz, zstd, lz4 or lzip stream does, or as a .ugz: an LHA level 0, 1 or 2
// header after kUgzPrefixBytes (its method "-lh5-" at offset 4). head should
// hold the first 512 bytes (fewer when the file is shorter); the tar magic is
// at offset 257.
bool looks_like_archive(std::string_view head);

// True if the file name (its last component, any case) is that of a single
// compressed file: a compression suffix (.gz .bz2 .xz .zst .lz4 .lz) on a
// name that does not end in .tar before it (a.sgf.gz, games.gz; not
// a.tar.gz, and not .tgz, .tbz, .txz or .tzst). Such a file is read as one
// member, its decompressed stream, whatever the stream holds.
bool is_single_compressed_name(std::string_view name);

// The name of the one member of a single compressed file: its own name
// without the compression suffix (a.sgf.gz -> a.sgf), as gunzip names it,
// or the name itself when it has no such suffix.
std::string single_member_name(std::string_view archive_name);

// A member's path made canonical: '/'-separated, no empty, "." components.
// problem is set (and path is the name as written) when the name is empty,
// absolute (/x, \x, C:...) or has a ".." component (with '/' or '\' as the
// separator): such a member is never read.
struct MemberPath {
  std::string path;
  std::string problem;
};
MemberPath normalize_member_path(std::string_view raw);

enum class EntryType : std::uint8_t {
  kFile,       // a regular file: its data can be read
  kDirectory,  // structure only: no source file of its own
  kOther,      // a link, device, FIFO or socket: problem says which
};

struct ArchiveEntry {
  // Canonical member path (normalize_member_path); for a single compressed
  // file, single_member_name() of the archive's name.
  std::string path;
  EntryType type = EntryType::kFile;
  std::int64_t size = -1;     // as the header declares it; -1 when it does not
  std::int64_t mtime_ns = 0;  // 0 when the header has none
  // Non-empty: the member is not read, and why (bad path, link, device,
  // encrypted, declared larger than the limit).
  std::string problem;
  // Non-empty: libarchive warned about the header (e.g. a name it could not
  // convert); the member is read anyway.
  std::string warning;
};

enum class ReadOutcome : std::uint8_t {
  kComplete,    // every byte was read and the archive's checks passed
  kDamaged,     // read, but a checksum or size check failed: not to be trusted
  kUnreadable,  // this member cannot be read (unsupported method, encrypted)
  kTooLarge,    // larger than max_member_bytes: the rest of it was skipped
  kBomb,        // expands past the limits: nothing more of the archive is read
  kBroken,      // the archive cannot be read past this point (truncated,
                // corrupt); the bytes read before it are kept
};

struct MemberRead {
  ReadOutcome outcome = ReadOutcome::kComplete;
  std::string message;  // why, for every outcome but kComplete
};

enum class ArchiveStep : std::uint8_t {
  kEntry,          // entry() describes the next member
  kEnd,            // the archive ended normally
  kSkippedDamage,  // a damaged header was skipped (error() says where and
                   // why); members may follow: call next() again
  kBroken,         // nothing more can be read: error() says why
};

// One archive being read, from a file or from memory. Not thread-safe; one
// thread uses it from construction to destruction.
class ArchiveReader {
 public:
  // Reads the archive at path; display_name names its single member if it is
  // a single compressed file, and says whether it is a .ugz (is_ugz_name:
  // read as LHA after kUgzPrefixBytes, and as nothing else). A file that
  // cannot be opened or is no archive gives kBroken at the first next().
  static ArchiveReader open_file(const std::string& path, std::string_view display_name,
                                 const ArchiveLimits& limits, ExpansionBudget& budget);
  // Reads an archive held in memory (a member of another archive); bytes must
  // outlive the reader.
  static ArchiveReader open_memory(std::string_view bytes, std::string_view display_name,
                                   const ArchiveLimits& limits, ExpansionBudget& budget);
  ~ArchiveReader();
  ArchiveReader(ArchiveReader&&) noexcept;
  ArchiveReader& operator=(ArchiveReader&&) noexcept;
  ArchiveReader(const ArchiveReader&) = delete;
  ArchiveReader& operator=(const ArchiveReader&) = delete;

  // Moves to the next member. The data of the previous member that was not
  // read is skipped under the same limits as a read (so skipping a refused
  // member cannot expand without bound either); if those limits stop it, the
  // result is kBroken.
  ArchiveStep next(ArchiveEntry& entry);
  // Reads the current member's data into out (replacing its content).
  // Requires the last next() to have given a kFile entry without a problem,
  // and no read() of it yet.
  MemberRead read(std::string& out);

  // Why the archive could not be read further (after kBroken or kSkippedDamage).
  const std::string& error() const { return error_; }
  // Bytes of the archive consumed so far (where an archive error happened).
  std::int64_t position() const;

 private:
  struct Impl;
  explicit ArchiveReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::string error_;
};

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_ARCHIVE_ARCHIVE_READER_H_
