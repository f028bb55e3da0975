#include "importers/archive/zip_writer.h"

#include <archive.h>
#include <archive_entry.h>

#include <cassert>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

namespace ludex {

struct ZipWriter::Impl {
  explicit Impl(ByteSink s) : sink(std::move(s)), a(archive_write_new()) {
    if (a == nullptr) throw std::bad_alloc();
  }
  // Unfinished (an error, or the caller gave up): the sink sees nothing more,
  // although archive_write_free closes the archive and writes its end.
  ~Impl() {
    discard = true;
    archive_write_free(a);
  }

  // libarchive is C: an exception must not cross it. The sink's exception is
  // kept here and rethrown once libarchive has returned (check). The chunk
  // counts as written and later ones are dropped: a failed write would put
  // libarchive in its fatal state, in which archive_write_free leaks the
  // client's block buffer (libarchive 3.6, fixed upstream in 3.8: pull
  // requests 2664 and 2729), a leak LeakSanitizer reports.
  static la_ssize_t write_chunk(struct archive*, void* self, const void* buffer, size_t length) {
    Impl& impl = *static_cast<Impl*>(self);
    if (impl.discard) return static_cast<la_ssize_t>(length);
    try {
      impl.sink(std::string_view(static_cast<const char*>(buffer), length));
    } catch (...) {
      impl.sink_error = std::current_exception();
      impl.discard = true;
    }
    return static_cast<la_ssize_t>(length);
  }

  void check(int status, const char* what) {
    if (sink_error) std::rethrow_exception(sink_error);
    if (status < ARCHIVE_WARN) {
      const char* m = archive_error_string(a);
      throw std::runtime_error(std::string("zip writer: ") + what + ": " +
                               (m != nullptr ? m : "failed"));
    }
  }

  ByteSink sink;
  struct archive* a;
  std::exception_ptr sink_error;
  bool discard = false;  // the sink failed, or the archive is abandoned
  bool finished = false;
};

ZipWriter::ZipWriter(ByteSink sink) : impl_(std::make_unique<Impl>(std::move(sink))) {
  Impl& s = *impl_;
  s.check(archive_write_set_format_zip(s.a), "zip format");
  s.check(archive_write_set_options(s.a, "zip:compression=deflate"), "options");
  // Whole 64 KiB chunks to the sink, and no padding after the last one
  // (libarchive pads blocks for tape drives by default).
  s.check(archive_write_set_bytes_per_block(s.a, 64 << 10), "block size");
  s.check(archive_write_set_bytes_in_last_block(s.a, 1), "last block");
  s.check(archive_write_open(s.a, &s, nullptr, &Impl::write_chunk, nullptr), "open");
}

ZipWriter::~ZipWriter() = default;

void ZipWriter::add(std::string_view name, std::string_view bytes) {
  Impl& s = *impl_;
  assert(!s.finished);
  struct archive_entry* e = archive_entry_new();
  if (e == nullptr) throw std::bad_alloc();
  const std::string path(name);
  archive_entry_set_pathname_utf8(e, path.c_str());
  archive_entry_set_filetype(e, AE_IFREG);
  archive_entry_set_perm(e, 0644);
  archive_entry_set_size(e, static_cast<la_int64_t>(bytes.size()));
  int status = archive_write_header(s.a, e);
  archive_entry_free(e);
  s.check(status, "entry header");
  std::size_t done = 0;
  while (done < bytes.size()) {
    const la_ssize_t n = archive_write_data(s.a, bytes.data() + done, bytes.size() - done);
    s.check(n < 0 ? static_cast<int>(n) : ARCHIVE_OK, "entry data");
    if (n <= 0) throw std::runtime_error("zip writer: entry data: no progress");
    done += static_cast<std::size_t>(n);
  }
  s.check(archive_write_finish_entry(s.a), "entry end");
}

void ZipWriter::finish() {
  Impl& s = *impl_;
  assert(!s.finished);
  s.finished = true;
  s.check(archive_write_close(s.a), "close");
}

}  // namespace ludex
