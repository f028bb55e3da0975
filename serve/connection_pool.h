// Read-only database connections shared by the server's worker threads. A
// request leases a connection for its duration; connections are opened as
// needed (at most one per concurrent request) and kept for later requests.
// Each request reads in its own statements' snapshots, so the games another
// process imports meanwhile show on the next request (WAL).
//
// Thread-safety: acquire() and the leases' release may be called from any
// thread; a leased Database is used by its holder only.
#ifndef LUDEX_SERVE_CONNECTION_POOL_H_
#define LUDEX_SERVE_CONNECTION_POOL_H_

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "schema/database.h"

namespace ludex {

class ConnectionPool {
 public:
  // Opens a first connection at once, so that a path that is not a ludex
  // database of this version fails here (throws what Database throws).
  explicit ConnectionPool(std::string path);

  class Lease {
   public:
    Lease(ConnectionPool* pool, std::unique_ptr<Database> db) : pool_(pool), db_(std::move(db)) {}
    ~Lease();
    Lease(Lease&&) = default;
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    Lease& operator=(Lease&&) = delete;
    Database& db() { return *db_; }

   private:
    ConnectionPool* pool_;
    std::unique_ptr<Database> db_;
  };

  // A connection for the calling thread until the lease ends. Throws what
  // Database throws when a new connection cannot be opened.
  Lease acquire();

 private:
  void release(std::unique_ptr<Database> db);

  std::string path_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<Database>> idle_;
};

}  // namespace ludex

#endif  // LUDEX_SERVE_CONNECTION_POOL_H_
