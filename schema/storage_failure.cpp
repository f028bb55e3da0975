#include "schema/storage_failure.h"

#include <sqlite3.h>

#include <SQLiteCpp/Exception.h>

#include "schema/database.h"

namespace ludex {

StorageFailure storage_failure(const std::exception& e) {
  const auto* sqlite = dynamic_cast<const SQLite::Exception*>(&e);
  if (sqlite == nullptr) return StorageFailure::kNone;
  // The primary result code: SQLITE_IOERR_WRITE is an SQLITE_IOERR, and so on.
  switch (sqlite->getErrorCode() & 0xff) {
    case SQLITE_FULL:
      return StorageFailure::kDiskFull;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return StorageFailure::kLocked;
    case SQLITE_READONLY:
    case SQLITE_PERM:
      return StorageFailure::kReadOnly;
    case SQLITE_IOERR:
    case SQLITE_CANTOPEN:
      return StorageFailure::kIo;
    default:
      return StorageFailure::kNone;
  }
}

int busy_timeout_seconds() {
  return kBusyTimeoutMs / 1000;
}

}  // namespace ludex
