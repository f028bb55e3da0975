// Environment failures of the database file, told apart so that a command
// can say what happened and what to do about it (docs/testing.md, "Kill,
// full disk, read-only and locked databases").
#ifndef LUDEX_SCHEMA_STORAGE_FAILURE_H_
#define LUDEX_SCHEMA_STORAGE_FAILURE_H_

#include <exception>
#include <string>

namespace ludex {

enum class StorageFailure {
  kNone,      // not a failure of the database file (let it propagate)
  kDiskFull,  // the disk (or the database's size limit) is full
  kLocked,    // another program held the write lock past the busy timeout
  kReadOnly,  // the file, its folder or the file system cannot be written
  kIo,        // the operating system reported an I/O error
};

// What kind of failure e (thrown by Database, GameStore or any other code of
// schema/) reports.
StorageFailure storage_failure(const std::exception& e);

// How long a writer waits for another program's write lock before it gives
// up with kLocked, in seconds (for messages).
int busy_timeout_seconds();

}  // namespace ludex

#endif  // LUDEX_SCHEMA_STORAGE_FAILURE_H_
