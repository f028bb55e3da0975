// The one guard of an SQLite transaction: BEGIN in the constructor,
// COMMIT in commit(), ROLLBACK in rollback() or, when neither ran, in the
// destructor, so that no path out of a scope (a return, an exception)
// leaves a transaction open. For code in schema/ only.
//
// Thread-safety: a Transaction belongs to its connection's thread.
#ifndef LUDEX_SCHEMA_DB_TRANSACTION_H_
#define LUDEX_SCHEMA_DB_TRANSACTION_H_

#include <SQLiteCpp/Database.h>

namespace ludex {

class Transaction {
 public:
  enum class Mode {
    kDeferred,   // BEGIN: the locks are taken by the first read and write
    kImmediate,  // BEGIN IMMEDIATE: the write lock now (waits kBusyTimeoutMs)
  };

  // Requires no transaction open on db, and db to outlive this object.
  // Throws SQLite::Exception when BEGIN fails (e.g. SQLITE_BUSY).
  Transaction(SQLite::Database& db, Mode mode);
  // Rolls back when still open; never throws.
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  // Requires open(). Throws SQLite::Exception when COMMIT fails; the
  // transaction then stays open (the destructor or rollback() ends it).
  void commit();
  // Requires open(). Ends the transaction: open() is false afterwards even
  // when ROLLBACK throws (SQLite::Exception, e.g. when SQLite had already
  // rolled it back on an I/O error).
  void rollback();
  bool open() const { return open_; }

 private:
  SQLite::Database& db_;
  bool open_ = false;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_TRANSACTION_H_
