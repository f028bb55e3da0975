// Work split into parts, one thread each.
//
// Thread-safety: work(p) runs on its own thread for each p; it must not
// touch what another part writes.
#ifndef LUDEX_CORE_RUN_PARTS_H_
#define LUDEX_CORE_RUN_PARTS_H_

#include <cstddef>
#include <functional>

namespace ludex {

// Calls work(p) for every p in [0, parts), part 0 on the calling thread and
// each other part on a thread of its own, and returns once all are done.
// Then rethrows the exception of the first part (in part order) that threw
// one: a part's failure never ends the process on another thread, nor
// leaves a thread running.
void run_parts(std::size_t parts, const std::function<void(std::size_t part)>& work);

}  // namespace ludex

#endif  // LUDEX_CORE_RUN_PARTS_H_
