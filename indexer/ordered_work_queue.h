// The parse pipeline's scheduler (indexer/parse_pipeline.h): worker threads
// produce the records of input items (files on disk) and parse the jobs they
// queue (archive members), in any order and at once; one consumer, the
// calling thread, receives the records strictly in input order. Memory is
// bounded by a byte budget: every record is charged with its cost from when
// it is produced until the consumer is done with it and a worker has freed
// it, and producers wait for room before they add more.
//
// Order: input item i owns a slot (one of `window`, reused round robin) that
// holds its streams in order; a stream holds the parts of one file, member or
// archive record in order. The consumer takes item i's streams one by one,
// each to its last part, then item i + 1's.
//
// Thread-safety: run() is called once, from the consuming thread. Everything
// else is called by the Producer on worker threads, and is thread-safe. Once
// the queue stops, open_stream, emit_record, wait_for_room and push_job throw
// PipelineStopped, and emit_part returns false.
#ifndef LUDEX_INDEXER_ORDERED_WORK_QUEUE_H_
#define LUDEX_INDEXER_ORDERED_WORK_QUEUE_H_

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "indexer/parse_pipeline.h"

namespace ludex {

// Thrown on a worker when the queue stops (the consumer or another worker
// failed): unwinds what the worker was producing. Not an error of its own.
struct PipelineStopped {};

// One part of a stream and the budget bytes it is charged with.
struct QueuedPart {
  FileResult result;
  std::int64_t cost = 0;
};

// The parts of one file, member or archive record, in order.
struct PartStream {
  std::deque<QueuedPart> parts;  // guarded by the queue's mutex
};

// A member's bytes, read by its archive's worker, waiting to be parsed by any.
struct ParseJob {
  std::shared_ptr<PartStream> stream;  // set by OrderedWorkQueue::push_job
  FileResult head;                     // the member's record: kind, path, size, hash, ...
  std::string bytes;
  std::int64_t charged = 0;        // budget bytes that `bytes` hold, released after parsing
  std::vector<Diagnostic> extras;  // added after the member's own diagnostics
};

class OrderedWorkQueue {
 public:
  // What the workers do. Its functions are called on worker threads; an
  // exception other than PipelineStopped stops the queue and is rethrown by
  // run().
  class Producer {
   public:
    virtual ~Producer() = default;
    // Produces everything input item `index` gives, through the queue, and
    // closes its slot (close_slot) once no stream will be added to it.
    virtual void produce(std::size_t index) = 0;
    // Parses job.bytes into job.stream (emit_part), the last part marked last.
    virtual void parse(ParseJob& job) = 0;
    // True if the consumer hands item `index` on itself (presolved_record)
    // rather than a worker producing it. Read-only while the queue runs.
    virtual bool presolved(std::size_t index) const = 0;
    // Requires presolved(index). The only record of item `index`.
    virtual FileResult presolved_record(std::size_t index) const = 0;
  };

  struct Sizes {
    int workers = 1;          // worker threads, > 0
    std::size_t window = 1;   // input items in flight at most, > 0
    std::int64_t budget = 0;  // bytes charged at most (one item always gets through)
  };

  // items: how many input items there are. producer is not owned.
  OrderedWorkQueue(std::size_t items, const Sizes& sizes, Producer& producer);

  // Starts the workers and hands every record to consume, in input order,
  // on the calling thread. Returns once every item is consumed and the
  // workers have joined. An exception from consume or a worker stops the
  // workers and propagates after they have joined.
  void run(const std::function<void(FileResult&&)>& consume);

  // A new stream of item index, after the ones it already has.
  std::shared_ptr<PartStream> open_stream(std::size_t index);
  // A record without games (an archive's begin or end, a member not read) as
  // a stream of one part: charged, but never waits for the budget, so that a
  // worker reading an archive is never stuck behind it (an archive's worker
  // calls wait_for_room before emitting one per member).
  void emit_record(std::size_t index, FileResult&& record);
  // Appends a part to stream after waiting for room in the budget (freeing
  // what the consumer is done with meanwhile); the stream being consumed
  // always gets one part into its empty queue. False once the queue stops.
  bool emit_part(const std::shared_ptr<PartStream>& stream, FileResult&& part, std::int64_t cost);
  // No stream will be added to item index.
  void close_slot(std::size_t index);
  // Charges (bytes > 0) or releases (bytes < 0) memory held outside parts.
  void charge(std::int64_t bytes);
  // Before an archive's worker reads a member: waits for room in the budget
  // (or for the consumer to wait on this item), parsing queued jobs meanwhile
  // so that the one the consumer waits for is never left queued.
  void wait_for_room(std::size_t index);
  // Queues job for any worker, its stream next in item index's slot.
  void push_job(std::size_t index, ParseJob&& job);

 private:
  // What input item i gave: its streams in order. A file has one; an
  // archive one per record and member.
  struct Slot {
    std::deque<std::shared_ptr<PartStream>> streams;  // guarded by mu_
    bool closed = false;                              // no stream will be added; guarded by mu_
  };

  void worker();
  // Hands the parts of item i to consume, in order.
  void consume_item(std::size_t i, const std::function<void(FileResult&&)>& consume);
  // Requires mu_.
  bool can_take_item() const {
    return next_to_take_ < items_ && next_to_take_ < head_ + window_ &&
           (in_use_ < budget_ || next_to_take_ == head_);
  }
  // Requires mu_ and a queued job.
  ParseJob take_job();
  void run_job(ParseJob&& job);
  // Requires lock on mu_. Frees one spent part (outside the lock) and
  // releases its cost; false when there is none.
  bool free_spent(std::unique_lock<std::mutex>& lock);
  void stop_with(std::exception_ptr error);
  // Rethrows a worker's error. Requires mu_.
  void rethrow_worker_error() const;

  const std::size_t items_;
  const int workers_;
  const std::size_t window_;
  const std::int64_t budget_;
  Producer& producer_;

  std::mutex mu_;
  std::condition_variable part_ready_;   // the consumer waits on it
  std::condition_variable wake_;         // the workers wait on it
  std::vector<Slot> slots_;              // slots_[i % window_] for input item i
  std::size_t next_to_take_ = 0;         // guarded by mu_
  std::size_t head_ = 0;                 // the input item being consumed; guarded by mu_
  const PartStream* current_ = nullptr;  // the stream being consumed; guarded by mu_
  std::int64_t in_use_ = 0;              // bytes charged; guarded by mu_
  // Jobs waiting to be parsed, by (input item, order of queueing): the one
  // the consumer needs next is always the first.
  std::map<std::pair<std::size_t, std::uint64_t>, ParseJob> jobs_;  // guarded by mu_
  std::uint64_t job_seq_ = 0;                                       // guarded by mu_
  // Parts consumed, whose memory a worker frees (and then releases their
  // cost): freeing a file's games and positions is work the single
  // consuming thread need not do.
  std::vector<QueuedPart> spent_;    // guarded by mu_
  bool stop_ = false;                // guarded by mu_
  std::exception_ptr worker_error_;  // guarded by mu_
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_ORDERED_WORK_QUEUE_H_
