// Writing a zip file as a stream of bytes, with libarchive: nothing is
// written to disk here and nothing needs seeking, so the output can go to a
// file, a socket or an HTTP response as it is produced.
#ifndef LUDEX_IMPORTERS_ARCHIVE_ZIP_WRITER_H_
#define LUDEX_IMPORTERS_ARCHIVE_ZIP_WRITER_H_

#include <functional>
#include <memory>
#include <string_view>

namespace ludex {

// Receives the zip file's bytes, chunk after chunk, in order. May throw: the
// exception comes out of the ZipWriter call that produced the chunk.
using ByteSink = std::function<void(std::string_view chunk)>;

// The same entries in the same order always give the same bytes (on any
// machine, in any time zone): entries carry no time stamp of their own (the
// zip's DOS time is then 1980-01-01, the earliest it can hold), mode 0644,
// no owner, deflate compression. Zip64 records are written when the entry
// count or sizes need them.
class ZipWriter {
 public:
  // Requires a callable sink; not copied per chunk.
  explicit ZipWriter(ByteSink sink);
  // Abandons an unfinished zip: the sink has then received an incomplete file.
  ~ZipWriter();
  ZipWriter(const ZipWriter&) = delete;
  ZipWriter& operator=(const ZipWriter&) = delete;

  // Adds one file. name is a relative '/'-separated path (UTF-8). Throws
  // std::runtime_error if libarchive fails, or what the sink threw. Requires
  // finish() not called yet.
  void add(std::string_view name, std::string_view bytes);
  // Writes the central directory and flushes everything to the sink. Throws
  // as add() does.
  void finish();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_ARCHIVE_ZIP_WRITER_H_
