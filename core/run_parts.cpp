#include "core/run_parts.h"

#include <exception>
#include <thread>
#include <vector>

namespace ludex {

void run_parts(std::size_t parts, const std::function<void(std::size_t part)>& work) {
  std::vector<std::exception_ptr> failed(parts);
  auto guarded = [&](std::size_t p) {
    try {
      work(p);
    } catch (...) {
      failed[p] = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t p = 1; p < parts; ++p) pool.emplace_back(guarded, p);
  if (parts > 0) guarded(0);
  for (std::thread& t : pool) t.join();
  for (const std::exception_ptr& e : failed) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace ludex
