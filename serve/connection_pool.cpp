#include "serve/connection_pool.h"

#include <utility>

namespace ludex {

ConnectionPool::ConnectionPool(std::string path) : path_(std::move(path)) {
  idle_.push_back(std::make_unique<Database>(path_, Database::Mode::kReadOnly));
}

ConnectionPool::Lease::~Lease() {
  if (db_) pool_->release(std::move(db_));
}

ConnectionPool::Lease ConnectionPool::acquire() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!idle_.empty()) {
      std::unique_ptr<Database> db = std::move(idle_.back());
      idle_.pop_back();
      return Lease(this, std::move(db));
    }
  }
  return Lease(this, std::make_unique<Database>(path_, Database::Mode::kReadOnly));
}

void ConnectionPool::release(std::unique_ptr<Database> db) {
  std::lock_guard<std::mutex> lock(mutex_);
  idle_.push_back(std::move(db));
}

}  // namespace ludex
