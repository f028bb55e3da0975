#include "schema/db/transaction.h"

#include <cassert>

namespace ludex {

Transaction::Transaction(SQLite::Database& db, Mode mode) : db_(db) {
  db_.exec(mode == Mode::kImmediate ? "BEGIN IMMEDIATE" : "BEGIN");
  open_ = true;
}

Transaction::~Transaction() {
  if (open_) db_.tryExec("ROLLBACK");
}

void Transaction::commit() {
  assert(open_);
  db_.exec("COMMIT");
  open_ = false;
}

void Transaction::rollback() {
  assert(open_);
  open_ = false;
  db_.exec("ROLLBACK");
}

}  // namespace ludex
