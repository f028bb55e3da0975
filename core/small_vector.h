// A vector that keeps up to N elements inside itself and goes to the heap
// only past that.
//
// Why: a parsed game holds millions of tiny sequences (a node's one move, a
// move's one point, a property's one value). As std::vectors each costs an
// allocation and a free, which was most of the time spent parsing SGF
// (docs/performance.md). SmallVector stores them in place.
//
// The interface is the part of std::vector the project uses, with the same
// meaning: contiguous storage (data(), pointers as iterators, so std::span
// and the algorithms take it), value semantics, strong ordering of
// elements. Differences: capacity() is at least N; iterators and references
// are invalidated by a move of the container while it is inline; size is
// limited to 2^32 - 1 elements. Not thread-safe for concurrent mutation.
#ifndef LUDEX_CORE_SMALL_VECTOR_H_
#define LUDEX_CORE_SMALL_VECTOR_H_

#include <algorithm>
#include <cassert>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <memory>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace ludex {

template <typename T, std::size_t N>
class SmallVector {
  static_assert(N > 0, "a SmallVector keeps at least one element inline");

 public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<T*>;
  using const_reverse_iterator = std::reverse_iterator<const T*>;

  SmallVector() noexcept {}  // NOLINT: a const empty vector needs no initialiser
  SmallVector(std::initializer_list<T> items) { assign(items.begin(), items.end()); }
  template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
  SmallVector(It first, It last) {
    assign(first, last);
  }
  explicit SmallVector(size_type count) { resize(count); }
  SmallVector(size_type count, const T& value) { resize(count, value); }

  // From a std::vector, implicitly, as code that builds sequences with one
  // hands them over.
  template <typename Alloc>
  SmallVector(const std::vector<T, Alloc>& items) {  // NOLINT(google-explicit-constructor)
    assign(items.begin(), items.end());
  }

  SmallVector(const SmallVector& other) { assign(other.begin(), other.end()); }
  SmallVector(SmallVector&& other) noexcept(std::is_nothrow_move_constructible_v<T>) {
    take(std::move(other));
  }
  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) assign(other.begin(), other.end());
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept(std::is_nothrow_move_constructible_v<T>) {
    if (this != &other) {
      release();
      take(std::move(other));
    }
    return *this;
  }
  SmallVector& operator=(std::initializer_list<T> items) {
    assign(items.begin(), items.end());
    return *this;
  }
  ~SmallVector() { release(); }

  template <typename It>
  void assign(It first, It last) {
    clear();
    if constexpr (std::is_base_of_v<std::forward_iterator_tag,
                                    typename std::iterator_traits<It>::iterator_category>) {
      reserve(static_cast<size_type>(std::distance(first, last)));
    }
    for (; first != last; ++first) emplace_back(*first);
  }

  size_type size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  size_type capacity() const noexcept { return capacity_; }
  T* data() noexcept { return data_; }
  const T* data() const noexcept { return data_; }
  iterator begin() noexcept { return data_; }
  iterator end() noexcept { return data_ + size_; }
  const_iterator begin() const noexcept { return data_; }
  const_iterator end() const noexcept { return data_ + size_; }
  const_iterator cbegin() const noexcept { return data_; }
  const_iterator cend() const noexcept { return data_ + size_; }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }

  // Require i < size(), resp. !empty().
  T& operator[](size_type i) {
    assert(i < size_);
    return data_[i];
  }
  const T& operator[](size_type i) const {
    assert(i < size_);
    return data_[i];
  }
  // Throw std::out_of_range unless i < size().
  T& at(size_type i) {
    if (i >= size_) throw std::out_of_range("SmallVector::at");
    return data_[i];
  }
  const T& at(size_type i) const {
    if (i >= size_) throw std::out_of_range("SmallVector::at");
    return data_[i];
  }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  void reserve(size_type wanted) {
    if (wanted > capacity_) grow_to(wanted);
  }

  template <typename... Args>
  T& emplace_back(Args&&... args) {
    if (size_ == capacity_) {
      // args may refer to an element of this vector: build the new element
      // before the old storage goes.
      T item(std::forward<Args>(args)...);
      grow_to(next_capacity());
      ::new (static_cast<void*>(data_ + size_)) T(std::move(item));
    } else {
      ::new (static_cast<void*>(data_ + size_)) T(std::forward<Args>(args)...);
    }
    return data_[size_++];
  }
  void push_back(const T& item) { emplace_back(item); }
  void push_back(T&& item) { emplace_back(std::move(item)); }

  // Requires !empty().
  void pop_back() {
    assert(size_ > 0);
    data_[--size_].~T();
  }

  void clear() noexcept {
    std::destroy(begin(), end());
    size_ = 0;
  }

  void resize(size_type count) {
    if (count < size_) {
      std::destroy(begin() + count, end());
      size_ = static_cast<std::uint32_t>(count);
      return;
    }
    reserve(count);
    while (size_ < count) emplace_back();
  }
  void resize(size_type count, const T& value) {
    if (count < size_) {
      resize(count);
      return;
    }
    reserve(count);
    while (size_ < count) emplace_back(value);
  }

  // Inserts before pos (begin() <= pos <= end()); returns the first inserted.
  iterator insert(const_iterator pos, T item) {
    const size_type at = index_of(pos);
    emplace_back(std::move(item));
    std::rotate(begin() + at, end() - 1, end());
    return begin() + at;
  }
  template <typename It, typename = typename std::iterator_traits<It>::iterator_category>
  iterator insert(const_iterator pos, It first, It last) {
    const size_type at = index_of(pos);
    const size_type old_size = size_;
    for (; first != last; ++first) emplace_back(*first);
    std::rotate(begin() + at, begin() + old_size, end());
    return begin() + at;
  }

  // Requires begin() <= first <= last <= end(). Returns what follows the
  // erased range.
  iterator erase(const_iterator first, const_iterator last) {
    const size_type from = index_of(first);
    const size_type to = index_of(last);
    assert(from <= to);
    std::move(begin() + to, end(), begin() + from);
    resize(size_ - (to - from));
    return begin() + from;
  }
  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }

  void swap(SmallVector& other) noexcept(std::is_nothrow_move_constructible_v<T>) {
    SmallVector tmp(std::move(other));
    other = std::move(*this);
    *this = std::move(tmp);
  }
  friend void swap(SmallVector& a, SmallVector& b) noexcept(noexcept(a.swap(b))) { a.swap(b); }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  // Equal to a std::vector with the same elements (tests compare with one).
  template <typename Alloc>
  friend bool operator==(const SmallVector& a, const std::vector<T, Alloc>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend auto operator<=>(const SmallVector& a,
                          const SmallVector& b) requires std::three_way_comparable<T> {
    return std::lexicographical_compare_three_way(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool is_inline() const noexcept { return data_ == inline_data(); }
  T* inline_data() noexcept { return reinterpret_cast<T*>(inline_); }
  const T* inline_data() const noexcept { return reinterpret_cast<const T*>(inline_); }

  size_type index_of(const_iterator pos) const {
    assert(pos >= begin() && pos <= end());
    return static_cast<size_type>(pos - begin());
  }

  size_type next_capacity() const { return std::max<size_type>(2 * capacity_, N + 1); }

  // Moves the elements into a heap block for `wanted` elements.
  void grow_to(size_type wanted) {
    assert(wanted <= UINT32_MAX);
    T* block = std::allocator<T>{}.allocate(wanted);
    std::uninitialized_move(begin(), end(), block);
    std::destroy(begin(), end());
    if (!is_inline()) std::allocator<T>{}.deallocate(data_, capacity_);
    data_ = block;
    capacity_ = static_cast<std::uint32_t>(wanted);
  }

  // Leaves the vector empty and inline.
  void release() noexcept {
    clear();
    if (!is_inline()) std::allocator<T>{}.deallocate(data_, capacity_);
    data_ = inline_data();
    capacity_ = N;
  }

  // Requires an empty, inline *this. Leaves other empty and inline.
  void take(SmallVector&& other) {
    if (other.is_inline()) {
      std::uninitialized_move(other.begin(), other.end(), data_);
      size_ = other.size_;
      other.clear();
      return;
    }
    data_ = other.data_;
    size_ = other.size_;
    capacity_ = other.capacity_;
    other.data_ = other.inline_data();
    other.size_ = 0;
    other.capacity_ = N;
  }

  T* data_ = inline_data();
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = N;
  alignas(T) unsigned char inline_[N * sizeof(T)];
};

}  // namespace ludex

#endif  // LUDEX_CORE_SMALL_VECTOR_H_
