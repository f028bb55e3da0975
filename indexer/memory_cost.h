// What the parse pipeline's byte budget counts: estimates of the heap memory
// parsed games and pipeline records hold, allocator overhead included (the
// model is glibc's malloc and libstdc++'s strings), so that the budget tracks
// the process's real memory rather than the bytes of the input.
//
// Thread-safety: pure functions.
#ifndef LUDEX_INDEXER_MEMORY_COST_H_
#define LUDEX_INDEXER_MEMORY_COST_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "core/small_vector.h"
#include "derive/prepared_game.h"

namespace ludex {

struct FileResult;

// What glibc's malloc takes for a request of n bytes: 8 bytes of header,
// rounded up to 16, at least 32; 0 for no request.
inline std::int64_t heap_block(std::size_t n) {
  if (n == 0) return 0;
  return static_cast<std::int64_t>(std::max<std::size_t>(32, (n + 8 + 15) & ~std::size_t{15}));
}

// The heap block behind a string: up to 15 characters live inside the
// string object (libstdc++).
inline std::int64_t string_bytes(const std::string& s) {
  return s.capacity() > 15 ? heap_block(s.capacity() + 1) : 0;
}

template <class T>
std::int64_t vector_bytes(const std::vector<T>& v) {
  return heap_block(v.capacity() * sizeof(T));
}

// Only what went past the inline room is on the heap.
template <class T, std::size_t N>
std::int64_t vector_bytes(const SmallVector<T, N>& v) {
  return v.capacity() > N ? heap_block(v.capacity() * sizeof(T)) : 0;
}

// The vector and the messages.
std::int64_t diagnostics_bytes(const std::vector<Diagnostic>& diagnostics);

// What a record without games holds (the record itself and its strings and
// diagnostics; its games are assumed empty).
std::int64_t record_bytes(const FileResult& record);

// An estimate of the memory a prepared game holds (its record, positions,
// layout and explorer visits; allocator overhead included), as the budget
// counts it.
std::int64_t estimate_game_bytes(const PreparedGame& game);

}  // namespace ludex

#endif  // LUDEX_INDEXER_MEMORY_COST_H_
