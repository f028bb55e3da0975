// A prepared INSERT that writes many rows per statement execution.
//
// Per-row statement overhead (step, reset, the VDBE prologue) is a large part
// of an insert into a narrow table; writing kRowsPerStatement rows with one
// multi-row VALUES statement roughly halves it. Rows are buffered (values
// copied) until a full statement's worth is pending or flush() is called;
// flush() writes the remainder through a single-row statement. Both
// statements are prepared once, in the constructor. This class uses the
// SQLite C API directly (SQLiteCpp does not expose its statement handle):
// binding runs for every value of every node row, and the wrapper's per-call
// cost showed in profiles. For code in schema/ only.
//
// Thread-safety: none; one writer thread.
#ifndef LUDEX_SCHEMA_DB_BATCHED_INSERT_H_
#define LUDEX_SCHEMA_DB_BATCHED_INSERT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <memory>

#include <SQLiteCpp/Database.h>

struct sqlite3_stmt;

namespace ludex {

class BatchedInsert {
 public:
  static constexpr int kRowsPerStatement = 64;

  // head is the fixed statement text up to VALUES, e.g.
  // "INSERT INTO t (a, b) VALUES"; columns is the number of values per row.
  BatchedInsert(SQLite::Database& db, std::string_view head, int columns);

  // Fill every column of the current row (any order), then end_row(). Each
  // value is bound at once into its slot of the multi-row statement and
  // also kept, in case flush() has to write the row on its own.
  void set_null(int column);
  void set_int(int column, std::int64_t value);
  void set_real(int column, double value);
  void set_text(int column, std::string_view value);
  void set_blob(int column, std::string_view value);
  // Queues the row; writes a full statement when kRowsPerStatement are queued.
  void end_row();

  // Writes every queued row. Throws SQLite::Exception on SQL errors.
  void flush();
  // Forgets the queued rows (after a rollback).
  void discard() { pending_ = 0; }
  bool empty() const { return pending_ == 0; }

 private:
  enum class Type : std::uint8_t { kNull, kInt, kReal, kText, kBlob };
  struct Cell {
    Type type = Type::kNull;
    std::int64_t integer = 0;
    double real = 0;
    std::string bytes;  // kept between rows to reuse its allocation
  };

  struct Finalize {
    void operator()(sqlite3_stmt* st) const;
  };
  using StatementPtr = std::unique_ptr<sqlite3_stmt, Finalize>;

  Cell& cell(int column) { return cells_[static_cast<std::size_t>(pending_ * columns_ + column)]; }
  // The parameter of column in the current row of the multi-row statement.
  int slot(int column) const { return pending_ * columns_ + column + 1; }
  StatementPtr prepare(const std::string& sql);
  void bind(sqlite3_stmt* st, int parameter, const Cell& cell);
  void check(int rc);
  void execute(sqlite3_stmt* st);

  SQLite::Database& db_;
  int columns_;
  int pending_ = 0;
  std::vector<Cell> cells_;
  StatementPtr many_;
  StatementPtr one_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_BATCHED_INSERT_H_
