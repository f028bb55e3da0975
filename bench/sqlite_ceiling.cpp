#include "bench/sqlite_ceiling.h"

#include <sqlite3.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <utility>

namespace ludex {
namespace fs = std::filesystem;

namespace {

// Rows are copied in chunks of about this many bytes.
constexpr std::size_t kChunkBytes = std::size_t{64} << 20;

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// An open sqlite3 connection, closed on destruction.
class Connection {
 public:
  Connection(const std::string& path, int flags) {
    if (sqlite3_open_v2(path.c_str(), &db_, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
      const std::string why = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
      sqlite3_close(db_);
      throw std::runtime_error("cannot open " + path + ": " + why);
    }
  }
  ~Connection() { sqlite3_close(db_); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  sqlite3* get() const { return db_; }

  void exec(const std::string& sql) const {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      const std::string why = message != nullptr ? message : sqlite3_errmsg(db_);
      sqlite3_free(message);
      throw std::runtime_error("SQL failed: " + why + " in: " + sql.substr(0, 200));
    }
  }

 private:
  sqlite3* db_ = nullptr;
};

// A prepared statement, finalized on destruction.
class Statement {
 public:
  Statement(const Connection& db, const std::string& sql) : db_(db.get()) {
    if (sqlite3_prepare_v3(db_, sql.c_str(), -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr) !=
        SQLITE_OK) {
      throw std::runtime_error(std::string("cannot prepare: ") + sqlite3_errmsg(db_) +
                               " in: " + sql.substr(0, 200));
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  sqlite3_stmt* get() const { return stmt_; }

  // Steps a statement that returns no rows, then resets it.
  void run() {
    if (sqlite3_step(stmt_) != SQLITE_DONE) {
      throw std::runtime_error(std::string("insert failed: ") + sqlite3_errmsg(db_));
    }
    sqlite3_reset(stmt_);
  }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

std::string quoted(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

bool starts_with_nocase(const std::string& s, std::string_view prefix) {
  if (s.size() < prefix.size()) return false;
  for (std::size_t i = 0; i < prefix.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(s[i])) != prefix[i]) return false;
  }
  return true;
}

struct SchemaObject {
  std::string type;
  std::string name;
  std::string sql;
};

// The source's schema in creation order, split into what must exist before
// the load (tables, views) and what is built after it (indexes, virtual
// tables, triggers). SQLite's own tables and the shadow tables of virtual
// tables are left to SQLite.
struct Schema {
  std::vector<SchemaObject> tables;
  std::vector<SchemaObject> views;
  std::vector<SchemaObject> indexes;
  std::vector<SchemaObject> virtual_tables;
  std::vector<SchemaObject> triggers;
  int application_id = 0;
  int user_version = 0;
};

Schema read_schema(const Connection& db) {
  std::vector<SchemaObject> all;
  {
    Statement st(db,
                 "SELECT type, name, sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid");
    while (sqlite3_step(st.get()) == SQLITE_ROW) {
      auto text = [&st](int i) {
        const unsigned char* t = sqlite3_column_text(st.get(), i);
        return t == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(t));
      };
      all.push_back(SchemaObject{text(0), text(1), text(2)});
    }
  }
  Schema schema;
  for (const SchemaObject& o : all) {
    if (o.type == "table" && starts_with_nocase(o.sql, "CREATE VIRTUAL TABLE")) {
      schema.virtual_tables.push_back(o);
    }
  }
  auto is_shadow = [&schema](const std::string& name) {
    for (const SchemaObject& v : schema.virtual_tables) {
      if (name.size() > v.name.size() + 1 &&
          name.compare(0, v.name.size() + 1, v.name + "_") == 0) {
        return true;
      }
    }
    return false;
  };
  for (const SchemaObject& o : all) {
    if (o.name.rfind("sqlite_", 0) == 0) continue;
    if (o.type == "table") {
      if (!starts_with_nocase(o.sql, "CREATE VIRTUAL TABLE") && !is_shadow(o.name)) {
        schema.tables.push_back(o);
      }
    } else if (o.type == "view") {
      schema.views.push_back(o);
    } else if (o.type == "index") {
      schema.indexes.push_back(o);
    } else if (o.type == "trigger") {
      schema.triggers.push_back(o);
    }
  }
  Statement app(db, "PRAGMA application_id");
  if (sqlite3_step(app.get()) == SQLITE_ROW)
    schema.application_id = sqlite3_column_int(app.get(), 0);
  Statement version(db, "PRAGMA user_version");
  if (sqlite3_step(version.get()) == SQLITE_ROW) {
    schema.user_version = sqlite3_column_int(version.get(), 0);
  }
  return schema;
}

// Rows in memory: per value a type byte, then 8 bytes (integer, real) or a
// 4-byte length and the bytes (text, blob), nothing for NULL.
class RowChunk {
 public:
  void clear() {
    bytes_.clear();
    rows_ = 0;
  }
  std::size_t size() const { return bytes_.size(); }
  std::int64_t rows() const { return rows_; }

  void append_row(sqlite3_stmt* st, int columns) {
    for (int c = 0; c < columns; ++c) {
      const int type = sqlite3_column_type(st, c);
      bytes_.push_back(static_cast<char>(type));
      switch (type) {
        case SQLITE_INTEGER: {
          const sqlite3_int64 v = sqlite3_column_int64(st, c);
          put(&v, sizeof v);
          break;
        }
        case SQLITE_FLOAT: {
          const double v = sqlite3_column_double(st, c);
          put(&v, sizeof v);
          break;
        }
        case SQLITE_TEXT:
        case SQLITE_BLOB: {
          const void* p = type == SQLITE_TEXT ? static_cast<const void*>(sqlite3_column_text(st, c))
                                              : sqlite3_column_blob(st, c);
          const auto n = static_cast<std::uint32_t>(sqlite3_column_bytes(st, c));
          put(&n, sizeof n);
          if (n > 0) put(p, n);
          break;
        }
        default:
          break;
      }
    }
    ++rows_;
  }

  // Binds the row at *offset to parameters first..first+columns-1 and
  // advances *offset past it. The bound text and blobs point into the chunk.
  void bind_row(sqlite3_stmt* st, int first, int columns, std::size_t* offset) const {
    std::size_t at = *offset;
    for (int c = 0; c < columns; ++c) {
      const int type = bytes_[at++];
      const int param = first + c;
      switch (type) {
        case SQLITE_INTEGER: {
          sqlite3_int64 v;
          std::memcpy(&v, bytes_.data() + at, sizeof v);
          at += sizeof v;
          sqlite3_bind_int64(st, param, v);
          break;
        }
        case SQLITE_FLOAT: {
          double v;
          std::memcpy(&v, bytes_.data() + at, sizeof v);
          at += sizeof v;
          sqlite3_bind_double(st, param, v);
          break;
        }
        case SQLITE_TEXT:
        case SQLITE_BLOB: {
          std::uint32_t n;
          std::memcpy(&n, bytes_.data() + at, sizeof n);
          at += sizeof n;
          const char* p = bytes_.data() + at;
          at += n;
          if (type == SQLITE_TEXT) {
            sqlite3_bind_text(st, param, n > 0 ? p : "", static_cast<int>(n), SQLITE_STATIC);
          } else if (n == 0) {
            sqlite3_bind_zeroblob(st, param, 0);
          } else {
            sqlite3_bind_blob(st, param, p, static_cast<int>(n), SQLITE_STATIC);
          }
          break;
        }
        default:
          sqlite3_bind_null(st, param);
          break;
      }
    }
    *offset = at;
  }

 private:
  void put(const void* p, std::size_t n) { bytes_.append(static_cast<const char*>(p), n); }

  std::string bytes_;
  std::int64_t rows_ = 0;
};

std::string insert_sql(const std::string& table, int columns, int rows) {
  std::string one = "(";
  for (int c = 0; c < columns; ++c) one += c == 0 ? "?" : ",?";
  one += ")";
  std::string sql = "INSERT INTO " + quoted(table) + " VALUES " + one;
  for (int r = 1; r < rows; ++r) sql += "," + one;
  return sql;
}

// Inserts one chunk; returns the seconds SQLite spent.
double insert_chunk(const RowChunk& chunk, int columns, Statement& single, Statement* multi,
                    int rows_per_statement) {
  const Clock::time_point start = Clock::now();
  std::size_t offset = 0;
  std::int64_t left = chunk.rows();
  if (multi != nullptr) {
    for (; left >= rows_per_statement; left -= rows_per_statement) {
      for (int r = 0; r < rows_per_statement; ++r) {
        chunk.bind_row(multi->get(), 1 + r * columns, columns, &offset);
      }
      multi->run();
    }
  }
  for (; left > 0; --left) {
    chunk.bind_row(single.get(), 1, columns, &offset);
    single.run();
  }
  return seconds_since(start);
}

// What reads a table's rows in the order they are inserted: key order.
std::string select_sql(const std::string& table) {
  return "SELECT * FROM " + quoted(table);
}

void remove_database(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

}  // namespace

CeilingResult measure_sqlite_ceiling(const std::string& source_path, const std::string& target_path,
                                     const CeilingOptions& options) {
  if (options.rows_per_statement < 1)
    throw std::invalid_argument("rows per statement must be >= 1");
  CeilingResult result;
  Connection source(source_path, SQLITE_OPEN_READONLY);
  const Schema schema = read_schema(source);
  std::string page_size = "4096";
  {
    Statement st(source, "PRAGMA page_size");
    if (sqlite3_step(st.get()) == SQLITE_ROW) {
      page_size = std::to_string(sqlite3_column_int64(st.get(), 0));
    }
  }

  remove_database(target_path);
  {
    Connection target(target_path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    // ludex's settings (schema/database.cpp): the source's page size, the
    // connection's cache.
    target.exec("PRAGMA page_size = " + page_size);
    target.exec("PRAGMA cache_size = -65536");
    target.exec("PRAGMA temp_store = FILE");
    target.exec("PRAGMA journal_mode = WAL");
    target.exec("PRAGMA synchronous = NORMAL");
    target.exec("PRAGMA foreign_keys = OFF");
    target.exec("PRAGMA application_id = " + std::to_string(schema.application_id));
    target.exec("PRAGMA user_version = " + std::to_string(schema.user_version));
    for (const SchemaObject& o : schema.tables) target.exec(o.sql);
    for (const SchemaObject& o : schema.views) target.exec(o.sql);

    Clock::time_point start = Clock::now();
    target.exec("BEGIN IMMEDIATE");
    double inserting = seconds_since(start);
    for (const SchemaObject& table : schema.tables) {
      Statement select(source, select_sql(table.name));
      const int columns = sqlite3_column_count(select.get());
      Statement single(target, insert_sql(table.name, columns, 1));
      const int per_statement = std::max(1, std::min(options.rows_per_statement, 32766 / columns));
      std::optional<Statement> multi;
      if (per_statement > 1) multi.emplace(target, insert_sql(table.name, columns, per_statement));
      CeilingTable stats;
      stats.name = table.name;
      RowChunk chunk;
      bool more = true;
      while (more) {
        chunk.clear();
        while (chunk.size() < kChunkBytes) {
          const int rc = sqlite3_step(select.get());
          if (rc == SQLITE_DONE) {
            more = false;
            break;
          }
          if (rc != SQLITE_ROW) {
            throw std::runtime_error("cannot read " + table.name + ": " +
                                     sqlite3_errmsg(source.get()));
          }
          chunk.append_row(select.get(), columns);
        }
        stats.insert_seconds +=
            insert_chunk(chunk, columns, single, multi ? &*multi : nullptr, per_statement);
        stats.rows += chunk.rows();
      }
      inserting += stats.insert_seconds;
      result.rows += stats.rows;
      result.tables.push_back(std::move(stats));
    }
    start = Clock::now();
    target.exec("COMMIT");
    result.insert_seconds = inserting + seconds_since(start);

    // The indexes with the sorter's runs ludex's finish_bulk_load uses.
    target.exec("PRAGMA cache_size = -2048");
    start = Clock::now();
    target.exec("BEGIN IMMEDIATE");
    auto timed = [&result](const std::string& name, auto&& step) {
      const Clock::time_point step_start = Clock::now();
      step();
      result.index_steps.push_back(CeilingStep{name, seconds_since(step_start)});
    };
    for (const SchemaObject& o : schema.indexes) timed(o.name, [&] { target.exec(o.sql); });
    for (const SchemaObject& o : schema.virtual_tables) {
      timed(o.name, [&] {
        target.exec(o.sql);
        // An external-content full-text index is built from its content
        // table, as ludex's finish_bulk_load does.
        if (o.sql.find("content") != std::string::npos) {
          target.exec("INSERT INTO " + quoted(o.name) + " (" + quoted(o.name) +
                      ") VALUES ('rebuild')");
        }
      });
    }
    for (const SchemaObject& o : schema.triggers) timed(o.name, [&] { target.exec(o.sql); });
    timed("COMMIT", [&] { target.exec("COMMIT"); });
    result.index_seconds = seconds_since(start);

    start = Clock::now();
    target.exec("PRAGMA analysis_limit = 1000");
    target.exec("ANALYZE");
    result.analyze_seconds = seconds_since(start);
  }
  std::error_code ec;
  const auto size = fs::file_size(target_path, ec);
  result.database_bytes = ec ? 0 : static_cast<std::int64_t>(size);
  if (!options.keep_database) remove_database(target_path);
  return result;
}

}  // namespace ludex
