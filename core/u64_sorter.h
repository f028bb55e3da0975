// Sorting more 64-bit values than should sit in memory: values are added in
// any order, and come back ascending. Runs of a bounded size are sorted on a
// background thread (while the caller goes on adding) and written to
// temporary files; the end merges them. Memory: two runs' worth of values
// (run_values each) plus a 32 KiB buffer per run at the merge.
//
// Thread-safety: one thread uses a U64Sorter; the sorter's own background
// thread touches only the run it was given.
#ifndef LUDEX_CORE_U64_SORTER_H_
#define LUDEX_CORE_U64_SORTER_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <functional>
#include <thread>
#include <vector>

namespace ludex {

class U64Sorter {
 public:
  // A run of 1 Mi values: 8 MiB sorted at a time (two of them in memory).
  static constexpr std::size_t kDefaultRunValues = std::size_t{1} << 20;

  // Requires run_values > 0.
  explicit U64Sorter(std::size_t run_values = kDefaultRunValues);
  ~U64Sorter();
  U64Sorter(const U64Sorter&) = delete;
  U64Sorter& operator=(const U64Sorter&) = delete;

  // Throws std::runtime_error when a full run cannot be written to a
  // temporary file (an environment failure).
  void add(std::uint64_t value) {
    buffer_.push_back(value);
    if (buffer_.size() == run_values_) spill();
  }

  // Values added since construction or the last finish().
  std::uint64_t size() const;

  // Calls visit with every value added, ascending (equal values each
  // time), in consecutive blocks; then holds nothing. Throws
  // std::runtime_error when a run cannot be written or read back.
  void finish(const std::function<void(const std::uint64_t* values, std::size_t count)>& visit);

 private:
  void spill();
  // Waits for the run being written, rethrowing its failure.
  void join();
  void close_runs();

  std::size_t run_values_;
  std::vector<std::uint64_t> buffer_;   // the run being filled
  std::vector<std::uint64_t> writing_;  // the run the background thread writes
  std::vector<std::FILE*> runs_;        // written runs (owned)
  std::vector<std::size_t> run_sizes_;  // values per run
  std::thread writer_;
  std::exception_ptr failure_;
};

}  // namespace ludex

#endif  // LUDEX_CORE_U64_SORTER_H_
