#include "tests/e2e_robust/robust_support.h"

#include <grp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <sstream>

#include "tests/support/e2e_support.h"

namespace ludex::test {
namespace fs = std::filesystem;

namespace {

// FNV-1a, 64 bits: a digest that is the same on every machine and run.
void fnv1a(std::uint64_t& h, const std::string& bytes) {
  for (const char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ULL;
  }
  h ^= 0xff;  // a field separator no text byte sequence can fake
  h *= 0x100000001b3ULL;
}

}  // namespace

LudexProcess::LudexProcess(const std::vector<std::string>& args, const fs::path& out_dir) {
  static int counter = 0;
  const std::string tag = std::to_string(getpid()) + "-" + std::to_string(counter++);
  out_path_ = out_dir / ("ludex-out-" + tag);
  err_path_ = out_dir / ("ludex-err-" + tag);
  pid_ = spawn_ludex(args, out_path_, err_path_);
}

LudexProcess::~LudexProcess() {
  if (pid_ > 0) kill_now();
  std::error_code ec;
  fs::remove(out_path_, ec);
  fs::remove(err_path_, ec);
}

bool LudexProcess::kill_now() {
  if (pid_ <= 0) return false;
  // A process that has exited but is not reaped yet ignores the signal, and
  // waitpid then reports its own exit.
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
  exit_code_ = exit_code_of(status);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL;
}

int LudexProcess::wait() {
  if (pid_ > 0) {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    exit_code_ = exit_code_of(status);
  }
  return exit_code_;
}

std::string LudexProcess::err() const {
  return read_bytes(err_path_);
}

RunResult run_ludex_unprivileged(const std::vector<std::string>& args, const fs::path& out_dir) {
  static int counter = 0;
  const std::string tag = std::to_string(getpid()) + "-" + std::to_string(counter++);
  const fs::path out_path = out_dir / ("ludex-nobody-out-" + tag);
  const fs::path err_path = out_dir / ("ludex-nobody-err-" + tag);
  // The output files are opened before the change of user: they are the
  // test's.
  const pid_t pid = spawn_ludex(args, out_path, err_path, [] {
    if (geteuid() != 0) return true;
    constexpr gid_t kNobody = 65534;
    return setgroups(0, nullptr) == 0 && setgid(kNobody) == 0 && setuid(kNobody) == 0;
  });
  return finish_ludex(pid, out_path, err_path);
}

bool can_run_unprivileged(const fs::path& out_dir) {
  return run_ludex_unprivileged({"--help"}, out_dir).exit_code == 0;
}

DatabaseHealth inspect_database(const std::string& db) {
  SQLite::Database conn(db, SQLite::OPEN_READONLY);
  DatabaseHealth h;
  {
    SQLite::Statement check(conn, "PRAGMA integrity_check");
    while (check.executeStep()) {
      if (!h.integrity.empty()) h.integrity += "; ";
      h.integrity += check.getColumn(0).getString();
    }
  }
  h.files = conn.execAndGet("SELECT count(*) FROM source_files").getInt64();
  h.games = conn.execAndGet("SELECT count(*) FROM games").getInt64();
  h.nodes = conn.execAndGet("SELECT count(*) FROM nodes").getInt64();
  // Node ids of a game are first_node_id .. first_node_id + node_count - 1
  // (docs/schema.md): each game's range must hold exactly its nodes, read
  // by key (the secondary indexes may be missing: an import killed during a
  // bulk load).
  h.partial_games = conn.execAndGet(
                            "SELECT count(*) FROM games AS g WHERE (SELECT count(*) FROM nodes "
                            "AS n WHERE n.node_id BETWEEN g.first_node_id AND "
                            "g.first_node_id + g.node_count - 1) != g.node_count")
                        .getInt64();
  // Rows of a game that is not stored: more nodes than the games' ranges
  // hold (which are disjoint) count as one partial game more.
  if (conn.execAndGet("SELECT (SELECT count(*) FROM nodes) - "
                      "(SELECT coalesce(sum(node_count), 0) FROM games)")
          .getInt64() != 0) {
    ++h.partial_games;
  }
  h.miscounted_files = conn.execAndGet(
                               "SELECT count(*) FROM source_files AS f LEFT JOIN ("
                               "  SELECT file_id, count(*) AS c FROM games GROUP BY file_id) AS g"
                               "  ON g.file_id = f.file_id "
                               "WHERE f.game_count != coalesce(g.c, 0)")
                           .getInt64();
  return h;
}

void age_files(const std::string& dir) {
  const auto hour_ago = std::filesystem::file_time_type::clock::now() - std::chrono::hours(1);
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (entry.is_regular_file()) std::filesystem::last_write_time(entry.path(), hour_ago);
  }
}

std::map<std::string, std::string> database_digest(const std::string& db) {
  SQLite::Database conn(db, SQLite::OPEN_READONLY);
  std::map<std::string, std::string> out;
  std::vector<std::string> tables;
  {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    std::int64_t rows = 0;
    SQLite::Statement schema(conn,
                             "SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_schema "
                             "WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name");
    while (schema.executeStep()) {
      ++rows;
      for (int i = 0; i < 4; ++i) fnv1a(h, schema.getColumn(i).getString());
      const std::string name = schema.getColumn(1).getString();
      if (schema.getColumn(0).getString() == "table" && name.rfind("sqlite_", 0) != 0 &&
          name.rfind("comments_fts", 0) != 0) {
        tables.push_back(name);
      }
    }
    out["schema"] = std::to_string(rows) + " rows, " + std::to_string(h);
  }
  for (const std::string& table : tables) {
    std::vector<std::string> columns;
    std::vector<std::string> key;  // primary key columns, in key order
    {
      SQLite::Statement info(conn,
                             "SELECT name, pk FROM pragma_table_info(?1) ORDER BY pk = 0, pk, cid");
      info.bind(1, table);
      while (info.executeStep()) {
        columns.push_back(info.getColumn(0).getString());
        if (info.getColumn(1).getInt() > 0) key.push_back(columns.back());
      }
    }
    // Rows in key order, which is how the table is stored: no sort. A
    // table without a declared key is sorted by every column, so that the
    // digest does not depend on its rowids.
    if (key.empty()) key = columns;
    std::ostringstream sql;
    sql << "SELECT ";
    for (std::size_t i = 0; i < columns.size(); ++i) {
      sql << (i == 0 ? "" : ", ") << "quote(\"" << columns[i] << "\")";
    }
    sql << " FROM \"" << table << "\" ORDER BY ";
    for (std::size_t i = 0; i < key.size(); ++i) {
      sql << (i == 0 ? "" : ", ") << "\"" << key[i] << "\"";
    }
    SQLite::Statement rows(conn, sql.str());
    std::uint64_t h = 0xcbf29ce484222325ULL;
    std::int64_t n = 0;
    while (rows.executeStep()) {
      ++n;
      for (int i = 0; i < rows.getColumnCount(); ++i) fnv1a(h, rows.getColumn(i).getString());
    }
    out[table] = std::to_string(n) + " rows, " + std::to_string(h);
  }
  return out;
}

std::string digest_difference(const std::map<std::string, std::string>& a,
                              const std::map<std::string, std::string>& b) {
  std::string out;
  for (const auto& [table, digest] : a) {
    const auto it = b.find(table);
    const std::string other = it == b.end() ? "missing" : it->second;
    if (other != digest) out += table + ": " + digest + " vs " + other + "\n";
  }
  for (const auto& [table, digest] : b) {
    if (a.count(table) == 0) out += table + ": missing vs " + digest + "\n";
  }
  return out;
}

void remove_database(const std::string& db) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(db + suffix, ec);
}

}  // namespace ludex::test
