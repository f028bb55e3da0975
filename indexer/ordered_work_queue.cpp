#include "indexer/ordered_work_queue.h"

#include <thread>

#include "indexer/memory_cost.h"

namespace ludex {

OrderedWorkQueue::OrderedWorkQueue(std::size_t items, const Sizes& sizes, Producer& producer)
    : items_(items),
      workers_(sizes.workers),
      window_(sizes.window),
      budget_(sizes.budget),
      producer_(producer),
      slots_(sizes.window) {}

std::shared_ptr<PartStream> OrderedWorkQueue::open_stream(std::size_t index) {
  auto stream = std::make_shared<PartStream>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) throw PipelineStopped{};
    slots_[index % window_].streams.push_back(stream);
  }
  part_ready_.notify_all();
  return stream;
}

void OrderedWorkQueue::emit_record(std::size_t index, FileResult&& r) {
  auto stream = std::make_shared<PartStream>();
  const std::int64_t cost = record_bytes(r);
  r.part = 0;
  r.last = true;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) throw PipelineStopped{};
    stream->parts.push_back(QueuedPart{std::move(r), cost});
    in_use_ += cost;
    slots_[index % window_].streams.push_back(std::move(stream));
  }
  part_ready_.notify_all();
}

bool OrderedWorkQueue::free_spent(std::unique_lock<std::mutex>& lock) {
  if (spent_.empty()) return false;
  std::int64_t cost = 0;
  {
    QueuedPart part = std::move(spent_.back());
    spent_.pop_back();
    cost = part.cost;
    lock.unlock();
  }  // freed here, outside the lock
  lock.lock();
  in_use_ -= cost;
  wake_.notify_all();
  return true;
}

bool OrderedWorkQueue::emit_part(const std::shared_ptr<PartStream>& stream, FileResult&& part,
                                 std::int64_t cost) {
  {
    std::unique_lock<std::mutex> lock(mu_);
    // While it waits for room, a worker frees what the consumer is done
    // with: that is what makes room.
    for (;;) {
      if (stop_ || in_use_ + cost <= budget_ ||
          (current_ == stream.get() && stream->parts.empty())) {
        break;
      }
      if (!free_spent(lock)) wake_.wait(lock);
    }
    if (stop_) return false;
    in_use_ += cost;
    stream->parts.push_back(QueuedPart{std::move(part), cost});
  }
  part_ready_.notify_all();
  return true;
}

void OrderedWorkQueue::close_slot(std::size_t index) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    slots_[index % window_].closed = true;
  }
  part_ready_.notify_all();
}

void OrderedWorkQueue::charge(std::int64_t bytes) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    in_use_ += bytes;
  }
  if (bytes < 0) wake_.notify_all();
}

void OrderedWorkQueue::wait_for_room(std::size_t index) {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    if (stop_) throw PipelineStopped{};
    if (in_use_ < budget_) return;
    if (index == head_ && slots_[index % window_].streams.empty()) return;
    if (free_spent(lock)) continue;
    if (!jobs_.empty()) {
      ParseJob job = take_job();
      lock.unlock();
      run_job(std::move(job));
      lock.lock();
      continue;
    }
    wake_.wait(lock);
  }
}

void OrderedWorkQueue::push_job(std::size_t index, ParseJob&& job) {
  job.stream = std::make_shared<PartStream>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (stop_) throw PipelineStopped{};
    slots_[index % window_].streams.push_back(job.stream);
    jobs_.emplace(std::make_pair(index, job_seq_++), std::move(job));
  }
  part_ready_.notify_all();
  wake_.notify_all();
}

ParseJob OrderedWorkQueue::take_job() {
  auto first = jobs_.begin();
  ParseJob job = std::move(first->second);
  jobs_.erase(first);
  return job;
}

void OrderedWorkQueue::run_job(ParseJob&& job) {
  producer_.parse(job);
  std::string().swap(job.bytes);
  charge(-job.charged);
}

void OrderedWorkQueue::stop_with(std::exception_ptr error) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (error && !worker_error_) worker_error_ = error;
    stop_ = true;
  }
  part_ready_.notify_all();
  wake_.notify_all();
}

void OrderedWorkQueue::rethrow_worker_error() const {
  if (worker_error_) std::rethrow_exception(worker_error_);
}

void OrderedWorkQueue::worker() {
  try {
    for (;;) {
      std::unique_lock<std::mutex> lock(mu_);
      // Once every item is taken and finished, a worker stays to free what
      // the consumer hands back, until the queue stops.
      wake_.wait(lock,
                 [&] { return stop_ || !spent_.empty() || !jobs_.empty() || can_take_item(); });
      if (stop_) return;
      if (free_spent(lock)) continue;
      if (!jobs_.empty()) {
        ParseJob job = take_job();
        lock.unlock();
        run_job(std::move(job));
        continue;
      }
      const std::size_t index = next_to_take_++;
      if (producer_.presolved(index)) continue;  // the consumer hands it on
      lock.unlock();
      producer_.produce(index);
    }
  } catch (const PipelineStopped&) {
    return;
  } catch (...) {
    stop_with(std::current_exception());
  }
}

void OrderedWorkQueue::consume_item(std::size_t i,
                                    const std::function<void(FileResult&&)>& consume) {
  Slot& slot = slots_[i % window_];
  for (;;) {
    std::shared_ptr<PartStream> stream;
    {
      std::unique_lock<std::mutex> lock(mu_);
      part_ready_.wait(lock, [&] { return worker_error_ || !slot.streams.empty() || slot.closed; });
      rethrow_worker_error();
      if (slot.streams.empty()) break;
      stream = slot.streams.front();
      current_ = stream.get();
    }
    wake_.notify_all();
    bool last = false;
    while (!last) {
      QueuedPart part;
      {
        std::unique_lock<std::mutex> lock(mu_);
        part_ready_.wait(lock, [&] { return worker_error_ || !stream->parts.empty(); });
        rethrow_worker_error();
        part = std::move(stream->parts.front());
        stream->parts.pop_front();
      }
      last = part.result.last;
      consume(std::move(part.result));
      // A worker frees the part's memory, then releases its cost.
      {
        std::lock_guard<std::mutex> lock(mu_);
        spent_.push_back(std::move(part));
      }
      wake_.notify_all();
    }
    {
      std::lock_guard<std::mutex> lock(mu_);
      slot.streams.pop_front();
      current_ = nullptr;
    }
    wake_.notify_all();
  }
  std::lock_guard<std::mutex> lock(mu_);
  slot.closed = false;
}

void OrderedWorkQueue::run(const std::function<void(FileResult&&)>& consume) {
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(workers_));
  for (int i = 0; i < workers_; ++i) threads.emplace_back([this] { worker(); });
  auto shut_down = [&] {
    stop_with(nullptr);
    for (std::thread& t : threads) t.join();
  };
  try {
    for (std::size_t i = 0; i < items_; ++i) {
      if (producer_.presolved(i)) {
        consume(producer_.presolved_record(i));
      } else {
        consume_item(i, consume);
      }
      {
        std::lock_guard<std::mutex> lock(mu_);
        head_ = i + 1;
      }
      wake_.notify_all();
    }
  } catch (...) {
    shut_down();
    throw;
  }
  shut_down();
}

}  // namespace ludex
