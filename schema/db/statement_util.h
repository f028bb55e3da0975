// Small helpers around SQLite::Statement shared by the schema code.
// For code in schema/ only.
#ifndef LUDEX_SCHEMA_DB_STATEMENT_UTIL_H_
#define LUDEX_SCHEMA_DB_STATEMENT_UTIL_H_

#include <cstdint>
#include <string>
#include <string_view>

#include <SQLiteCpp/Column.h>
#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

namespace ludex {

// Resets a statement when the scope ends, whatever happens in it. A
// statement left mid-step keeps a read snapshot open and blocks DROP, so
// every use of a long-lived statement runs under one of these.
class ResetOnExit {
 public:
  explicit ResetOnExit(SQLite::Statement& st) : st_(st) {}
  ~ResetOnExit() { st_.tryReset(); }
  ResetOnExit(const ResetOnExit&) = delete;
  ResetOnExit& operator=(const ResetOnExit&) = delete;

 private:
  SQLite::Statement& st_;
};

// The bytes of a TEXT or BLOB column (empty for NULL), valid until the next
// step or reset. The pointer is fetched before the size, as SQLite requires.
inline std::string_view column_bytes(const SQLite::Column& c) {
  const void* data = c.getBlob();
  const int n = c.getBytes();
  if (data == nullptr || n <= 0) return {};
  return {static_cast<const char*>(data), static_cast<std::size_t>(n)};
}

// Executes a statement that returns no rows and resets it.
inline void run(SQLite::Statement& st) {
  ResetOnExit reset(st);
  st.exec();
}

// Binds text, or NULL for the empty string (optional header fields). The
// string must outlive the next step.
inline void bind_optional_text(SQLite::Statement& st, int index, const std::string& text) {
  if (text.empty()) {
    st.bind(index);
  } else {
    st.bindNoCopy(index, text);
  }
}

// Binds an integer, or NULL when it equals absent.
inline void bind_optional_int(SQLite::Statement& st, int index, std::int64_t value,
                              std::int64_t absent) {
  if (value == absent) {
    st.bind(index);
  } else {
    st.bind(index, value);
  }
}

// The text of a column, "" for NULL.
inline std::string column_text(const SQLite::Statement& st, int index) {
  const SQLite::Column c = st.getColumn(index);
  return c.isNull() ? std::string() : c.getString();
}

// A BLOB (or TEXT) column's bytes; "" for NULL.
inline std::string column_blob(const SQLite::Statement& st, int index) {
  const SQLite::Column c = st.getColumn(index);
  if (c.isNull()) return std::string();
  return std::string(static_cast<const char*>(c.getBlob()), static_cast<std::size_t>(c.getBytes()));
}

// The integer value of a column, or absent for NULL.
inline std::int64_t column_int(const SQLite::Statement& st, int index, std::int64_t absent) {
  const SQLite::Column c = st.getColumn(index);
  return c.isNull() ? absent : c.getInt64();
}

}  // namespace ludex

#endif  // LUDEX_SCHEMA_DB_STATEMENT_UTIL_H_
