// Content hashes of source files: XXH3-128, which is fixed by its spec (no
// seed, no platform dependence), so a stored hash stays valid across builds.
#ifndef LUDEX_INDEXER_CONTENT_HASH_H_
#define LUDEX_INDEXER_CONTENT_HASH_H_

#include <memory>
#include <string>
#include <string_view>

namespace ludex {

// 32 lowercase hex digits of the XXH3-128 digest of bytes.
std::string content_hash(std::string_view bytes);

// The same digest, of bytes that arrive in pieces (an archive read from disk
// in chunks): update() with every piece in order, then digest(). One thread.
class ContentHasher {
 public:
  ContentHasher();
  ~ContentHasher();
  ContentHasher(const ContentHasher&) = delete;
  ContentHasher& operator=(const ContentHasher&) = delete;

  void update(std::string_view bytes);
  // content_hash() of everything given to update() so far.
  std::string digest() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace ludex

#endif  // LUDEX_INDEXER_CONTENT_HASH_H_
