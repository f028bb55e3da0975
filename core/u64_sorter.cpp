#include "core/u64_sorter.h"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <queue>
#include <stdexcept>
#include <utility>

namespace ludex {
namespace {

// Values read back from a run at a time at the merge (32 KiB).
constexpr std::size_t kReadValues = 4096;

class RunReader {
 public:
  RunReader(std::FILE* file, std::size_t values) : file_(file), left_(values) {
    std::rewind(file_);
  }

  // The next value, false at the run's end. Throws std::runtime_error on a
  // short read.
  bool next(std::uint64_t* out) {
    if (at_ == chunk_.size()) {
      if (left_ == 0) return false;
      chunk_.resize(std::min(left_, kReadValues));
      if (std::fread(chunk_.data(), sizeof(std::uint64_t), chunk_.size(), file_) != chunk_.size()) {
        throw std::runtime_error("cannot read back a sorted run from a temporary file");
      }
      left_ -= chunk_.size();
      at_ = 0;
    }
    *out = chunk_[at_++];
    return true;
  }

 private:
  std::FILE* file_;
  std::size_t left_;
  std::vector<std::uint64_t> chunk_;
  std::size_t at_ = 0;
};

}  // namespace

U64Sorter::U64Sorter(std::size_t run_values) : run_values_(run_values) {
  assert(run_values_ > 0);
  buffer_.reserve(run_values_);
}

U64Sorter::~U64Sorter() {
  if (writer_.joinable()) writer_.join();
  close_runs();
}

std::uint64_t U64Sorter::size() const {
  std::uint64_t n = buffer_.size();
  for (const std::size_t values : run_sizes_) n += values;
  return n;
}

void U64Sorter::join() {
  if (writer_.joinable()) writer_.join();
  if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
}

void U64Sorter::close_runs() {
  for (std::FILE* f : runs_) std::fclose(f);
  runs_.clear();
  run_sizes_.clear();
}

void U64Sorter::spill() {
  join();
  std::FILE* file = std::tmpfile();
  if (file == nullptr) throw std::runtime_error("cannot create a temporary file for a sort");
  runs_.push_back(file);
  run_sizes_.push_back(buffer_.size());
  writing_.swap(buffer_);
  buffer_.clear();
  buffer_.reserve(run_values_);
  writer_ = std::thread([this, file] {
    try {
      std::sort(writing_.begin(), writing_.end());
      if (std::fwrite(writing_.data(), sizeof(std::uint64_t), writing_.size(), file) !=
              writing_.size() ||
          std::fflush(file) != 0) {
        throw std::runtime_error("cannot write a sorted run to a temporary file");
      }
    } catch (...) {
      failure_ = std::current_exception();
    }
  });
}

void U64Sorter::finish(
    const std::function<void(const std::uint64_t* values, std::size_t count)>& visit) {
  join();
  writing_ = {};
  std::sort(buffer_.begin(), buffer_.end());
  if (runs_.empty()) {
    for (std::size_t at = 0; at < buffer_.size(); at += kReadValues) {
      visit(buffer_.data() + at, std::min(kReadValues, buffer_.size() - at));
    }
  } else {
    // Source i < runs_.size() is a run on disk, the last one the buffer.
    std::vector<RunReader> readers;
    for (std::size_t i = 0; i < runs_.size(); ++i) readers.emplace_back(runs_[i], run_sizes_[i]);
    std::size_t in_buffer = 0;
    auto next = [&](std::size_t source, std::uint64_t* out) {
      if (source < readers.size()) return readers[source].next(out);
      if (in_buffer == buffer_.size()) return false;
      *out = buffer_[in_buffer++];
      return true;
    };
    using Head = std::pair<std::uint64_t, std::size_t>;  // value, source
    std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
    for (std::size_t source = 0; source <= readers.size(); ++source) {
      std::uint64_t v = 0;
      if (next(source, &v)) heads.emplace(v, source);
    }
    std::vector<std::uint64_t> out;
    out.reserve(kReadValues);
    while (!heads.empty()) {
      const auto [value, source] = heads.top();
      heads.pop();
      out.push_back(value);
      if (out.size() == kReadValues) {
        visit(out.data(), out.size());
        out.clear();
      }
      std::uint64_t v = 0;
      if (next(source, &v)) heads.emplace(v, source);
    }
    if (!out.empty()) visit(out.data(), out.size());
  }
  close_runs();
  buffer_.clear();
}

}  // namespace ludex
