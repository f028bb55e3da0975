// Content hashes of source files: XXH3-128, which is fixed by its spec (no
// seed, no platform dependence), so a stored hash stays valid across builds.
#ifndef LUDEX_INDEXER_CONTENT_HASH_H_
#define LUDEX_INDEXER_CONTENT_HASH_H_

#include <string>
#include <string_view>

namespace ludex {

// 32 lowercase hex digits of the XXH3-128 digest of bytes.
std::string content_hash(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_INDEXER_CONTENT_HASH_H_
