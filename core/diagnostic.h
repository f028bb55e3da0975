// Located diagnostics and the Result type for operations on untrusted input.
//
// Contract: parsing functions never throw for bad input; they return a Result
// (or append Diagnostics) that says where the input went wrong. Exceptions are
// reserved for environment failures (I/O, database) and are caught in main.
#ifndef LUDEX_CORE_DIAGNOSTIC_H_
#define LUDEX_CORE_DIAGNOSTIC_H_

#include <cassert>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace ludex {

// A position in a source file. line and column are 1-based and 0 when not
// applicable (binary formats report only byte_offset); byte_offset is 0-based
// and -1 when unknown.
struct SourcePos {
  std::int64_t byte_offset = -1;
  std::int32_t line = 0;
  std::int32_t column = 0;

  // "line L, column C" or "byte offset N" or "" when nothing is known.
  std::string to_string() const;
};

enum class Severity : std::uint8_t {
  kWarning = 0,  // the game was stored; something in it is doubtful
  kError = 1,    // the game (game_index >= 0) or the whole file was not stored
};

// One located message about one file. game_index is the 0-based index of the
// game in its file, or -1 when the message concerns the file as a whole.
struct Diagnostic {
  Severity severity = Severity::kError;
  std::int32_t game_index = -1;
  SourcePos pos;
  std::string message;

  // "game 3, line 7, column 2: message" (file name is added by the caller).
  std::string to_string() const;
};

// The position of a byte offset alone (binary formats, a whole file).
inline SourcePos at_byte(std::int64_t byte_offset) {
  return SourcePos{byte_offset, 0, 0};
}

// A warning about game game_index at pos: the game was stored.
inline Diagnostic warning_at(std::int32_t game_index, SourcePos pos, std::string message) {
  return Diagnostic{Severity::kWarning, game_index, pos, std::move(message)};
}

// An error about game game_index (-1: the whole file) at pos.
inline Diagnostic error_at(std::int32_t game_index, SourcePos pos, std::string message) {
  return Diagnostic{Severity::kError, game_index, pos, std::move(message)};
}

struct Error {
  SourcePos pos;
  std::string message;
};

// Either a value or a located Error. Deliberately small: C++20 has no
// std::expected.
template <class T>
class Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  // Requires ok().
  T& value() {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const {
    assert(ok());
    return std::get<0>(v_);
  }
  T& operator*() { return value(); }
  const T& operator*() const { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  // Requires !ok().
  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

}  // namespace ludex

#endif  // LUDEX_CORE_DIAGNOSTIC_H_
