#include "schema/db/batched_insert.h"

#include <sqlite3.h>

#include <SQLiteCpp/Exception.h>

namespace ludex {
namespace {

// head followed by `rows` groups of `columns` placeholders.
std::string values_sql(std::string_view head, int columns, int rows) {
  std::string group = "(";
  for (int c = 0; c < columns; ++c) group += c == 0 ? "?" : ", ?";
  group += ")";
  std::string sql(head);
  for (int r = 0; r < rows; ++r) {
    sql += r == 0 ? " " : ", ";
    sql += group;
  }
  return sql;
}

}  // namespace

void BatchedInsert::Finalize::operator()(sqlite3_stmt* st) const {
  sqlite3_finalize(st);
}

BatchedInsert::BatchedInsert(SQLite::Database& db, std::string_view head, int columns)
    : db_(db),
      columns_(columns),
      cells_(static_cast<std::size_t>(kRowsPerStatement * columns)),
      many_(prepare(values_sql(head, columns, kRowsPerStatement))),
      one_(prepare(values_sql(head, columns, 1))) {}

BatchedInsert::StatementPtr BatchedInsert::prepare(const std::string& sql) {
  sqlite3_stmt* st = nullptr;
  const int rc = sqlite3_prepare_v3(db_.getHandle(), sql.c_str(), static_cast<int>(sql.size()),
                                    SQLITE_PREPARE_PERSISTENT, &st, nullptr);
  StatementPtr owned(st);
  if (rc != SQLITE_OK) throw SQLite::Exception(db_.getHandle(), rc);
  return owned;
}

void BatchedInsert::check(int rc) {
  if (rc != SQLITE_OK) throw SQLite::Exception(db_.getHandle(), rc);
}

void BatchedInsert::bind(sqlite3_stmt* st, int parameter, const Cell& cell) {
  switch (cell.type) {
    case Type::kNull:
      check(sqlite3_bind_null(st, parameter));
      break;
    case Type::kInt:
      check(sqlite3_bind_int64(st, parameter, cell.integer));
      break;
    case Type::kReal:
      check(sqlite3_bind_double(st, parameter, cell.real));
      break;
    case Type::kText:
      check(sqlite3_bind_text(st, parameter, cell.bytes.data(), static_cast<int>(cell.bytes.size()),
                              SQLITE_STATIC));
      break;
    case Type::kBlob:
      // data() is never null, so an empty value binds as a zero-length
      // BLOB rather than NULL.
      check(sqlite3_bind_blob(st, parameter, cell.bytes.data(), static_cast<int>(cell.bytes.size()),
                              SQLITE_STATIC));
      break;
  }
}

void BatchedInsert::set_null(int column) {
  cell(column).type = Type::kNull;
  check(sqlite3_bind_null(many_.get(), slot(column)));
}

void BatchedInsert::set_int(int column, std::int64_t value) {
  Cell& c = cell(column);
  c.type = Type::kInt;
  c.integer = value;
  check(sqlite3_bind_int64(many_.get(), slot(column), value));
}

void BatchedInsert::set_real(int column, double value) {
  Cell& c = cell(column);
  c.type = Type::kReal;
  c.real = value;
  check(sqlite3_bind_double(many_.get(), slot(column), value));
}

void BatchedInsert::set_text(int column, std::string_view value) {
  Cell& c = cell(column);
  c.type = Type::kText;
  c.bytes.assign(value);
  bind(many_.get(), slot(column), c);
}

void BatchedInsert::set_blob(int column, std::string_view value) {
  Cell& c = cell(column);
  c.type = Type::kBlob;
  c.bytes.assign(value);
  bind(many_.get(), slot(column), c);
}

void BatchedInsert::execute(sqlite3_stmt* st) {
  const int rc = sqlite3_step(st);
  sqlite3_reset(st);
  if (rc != SQLITE_DONE) throw SQLite::Exception(db_.getHandle(), rc);
}

void BatchedInsert::end_row() {
  ++pending_;
  if (pending_ < kRowsPerStatement) return;
  pending_ = 0;
  execute(many_.get());
}

void BatchedInsert::flush() {
  const int rows = pending_;
  pending_ = 0;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns_; ++c) {
      bind(one_.get(), c + 1, cells_[static_cast<std::size_t>(r * columns_ + c)]);
    }
    execute(one_.get());
  }
}

}  // namespace ludex
