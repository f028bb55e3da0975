#include "indexer/content_hash.h"

#include <xxhash.h>

#include <cstdio>
#include <new>

namespace ludex {
namespace {

std::string hex(const XXH128_hash_t& h) {
  char buf[33];
  std::snprintf(buf, sizeof buf, "%016llx%016llx", static_cast<unsigned long long>(h.high64),
                static_cast<unsigned long long>(h.low64));
  return std::string(buf, 32);
}

}  // namespace

std::string content_hash(std::string_view bytes) {
  return hex(XXH3_128bits(bytes.data(), bytes.size()));
}

struct ContentHasher::State {
  State() : s(XXH3_createState()) {
    if (s == nullptr) throw std::bad_alloc();
    XXH3_128bits_reset(s);
  }
  ~State() { XXH3_freeState(s); }
  XXH3_state_t* s;
};

ContentHasher::ContentHasher() : state_(std::make_unique<State>()) {}

ContentHasher::~ContentHasher() = default;

void ContentHasher::update(std::string_view bytes) {
  XXH3_128bits_update(state_->s, bytes.data(), bytes.size());
}

std::string ContentHasher::digest() const {
  return hex(XXH3_128bits_digest(state_->s));
}

}  // namespace ludex
