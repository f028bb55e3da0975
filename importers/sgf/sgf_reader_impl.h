// Internal to importers/sgf: the SGF reader (importers/sgf/sgf_reader.h) as
// a template over its event handler. read_sgf_events instantiates it for
// SgfEventHandler, whose calls are virtual; the tree builder instantiates it
// for its own final handler, so that the calls made for every node and
// property are direct and inlined. Other layers use sgf_reader.h.
#ifndef LUDEX_IMPORTERS_SGF_SGF_READER_IMPL_H_
#define LUDEX_IMPORTERS_SGF_SGF_READER_IMPL_H_

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "importers/sgf/sgf_reader.h"

namespace ludex::sgf_internal {

// Longer property ids are taken for garbage (sgfmill's limit too).
inline constexpr std::size_t kMaxIdLength = 64;
// How far ahead root_like_at may look, so that probing many lines stays linear.
inline constexpr std::size_t kRootScanLimit = 4096;
inline constexpr std::size_t kNpos = std::string_view::npos;

enum CharClass : unsigned char {
  kWhite = 1,
  kIdChar = 2,
  kValueSpecial = 4,  // bytes a value scan must stop at
  kLineEnd = 8,
};

constexpr std::array<unsigned char, 256> make_char_classes() {
  std::array<unsigned char, 256> t{};
  for (unsigned char c : {' ', '\t', '\v', '\f'}) t[c] |= kWhite;
  for (unsigned char c : {'\r', '\n'}) t[c] |= kWhite | kLineEnd | kValueSpecial;
  for (int c = 'A'; c <= 'Z'; ++c) t[c] |= kIdChar;
  for (int c = 'a'; c <= 'z'; ++c) t[c] |= kIdChar;
  for (int c = '0'; c <= '9'; ++c) t[c] |= kIdChar;
  t[static_cast<unsigned char>(']')] |= kValueSpecial;
  t[static_cast<unsigned char>('[')] |= kValueSpecial;
  t[static_cast<unsigned char>('\\')] |= kValueSpecial;
  return t;
}

inline constexpr std::array<unsigned char, 256> kClasses = make_char_classes();

inline bool is_white(unsigned char c) {
  return (kClasses[c] & kWhite) != 0;
}
inline bool is_id_char(unsigned char c) {
  return (kClasses[c] & kIdChar) != 0;
}

// Root and game-info properties: a node that starts with one of these opens a
// game, not a variation. The strict set (is_sgf_game_start_property) is used
// while a game is being read without error, to notice a game that was never
// closed; the broad set when resynchronising after an error.
bool is_root_id(std::string_view id, bool strict);

// "unexpected character 'x'" or "unexpected byte 0xNN".
std::string describe_byte(unsigned char c);

template <typename Handler>
class Reader {
 public:
  Reader(std::string_view bytes, Handler& handler)
      : b_(bytes),
        d_(reinterpret_cast<const unsigned char*>(bytes.data())),
        n_(bytes.size()),
        h_(handler) {}

  void run() {
    while (i_ < n_) {
      const void* p = std::memchr(d_ + i_, '(', n_ - i_);
      const std::size_t k = p == nullptr ? n_ : static_cast<const unsigned char*>(p) - d_;
      advance_to(k);
      if (k >= n_) break;
      if (sgf_game_starts_at(b_, k)) {
        parse_game();
        if (h_.stop()) return;
      } else {
        advance_to(k + 1);  // a '(' in text between games
      }
    }
  }

 private:
  enum class State { kInNode, kAfterVariation };

  SourcePos pos() const {
    SourcePos p;
    p.byte_offset = static_cast<std::int64_t>(i_);
    p.line = line_;
    p.column = static_cast<std::int32_t>(i_ - line_start_ + 1);
    return p;
  }

  // Line bookkeeping for the line-end byte at k. A LF right after a CR
  // belongs to the same line end; deciding from the previous byte keeps this
  // correct however the scan is split.
  void note_line_end(std::size_t k) {
    if (d_[k] == '\r' || k == 0 || d_[k - 1] != '\r') ++line_;
    line_start_ = k + 1;
  }

  void advance_to(std::size_t k) {
    for (; i_ < k; ++i_) {
      if ((kClasses[d_[i_]] & kLineEnd) != 0) note_line_end(i_);
    }
  }

  // Tokens mostly follow each other directly: the first byte is checked
  // here, the loop over white space is out of line.
  void skip_white() {
    if (i_ < n_ && is_white(d_[i_])) skip_white_run();
  }

  void skip_white_run() {
    while (i_ < n_ && is_white(d_[i_])) {
      if ((kClasses[d_[i_]] & kLineEnd) != 0) note_line_end(i_);
      ++i_;
    }
  }

  std::size_t skip_white_ahead(std::size_t k) const {
    while (k < n_ && is_white(d_[k])) ++k;
    return k;
  }

  // True if only blanks stand between the start of k's line and k.
  bool at_line_start(std::size_t k) const {
    while (k > 0 && (d_[k - 1] == ' ' || d_[k - 1] == '\t')) --k;
    return k == 0 || d_[k - 1] == '\n' || d_[k - 1] == '\r';
  }

  // True if the line starting at k begins with a game start.
  bool line_starts_game(std::size_t k) const {
    while (k < n_ && (d_[k] == ' ' || d_[k] == '\t')) ++k;
    return k < n_ && d_[k] == '(' && sgf_game_starts_at(b_, k);
  }

  // True if d_[k] == '(' opens a node holding a root property.
  bool root_like_at(std::size_t k, bool strict) const {
    const std::size_t limit = k + kRootScanLimit;
    std::size_t m = skip_white_ahead(k + 1);
    if (m >= n_ || d_[m] != ';') return false;
    ++m;
    while (true) {
      m = skip_white_ahead(m);
      if (m >= n_ || m > limit || !is_id_char(d_[m])) return false;
      const std::size_t id_begin = m;
      while (m < n_ && is_id_char(d_[m])) ++m;
      if (is_root_id(b_.substr(id_begin, m - id_begin), strict)) return true;
      m = skip_white_ahead(m);
      if (m >= n_ || d_[m] != '[') return false;
      while (m < n_ && d_[m] == '[') {
        ++m;
        while (m < n_ && d_[m] != ']') {
          if (d_[m] == '\\') ++m;
          ++m;
          if (m > limit) return false;
        }
        m = skip_white_ahead(m + 1);
      }
    }
  }

  // True if the ']' at k ends its value (see the header).
  bool value_ends_at(std::size_t k) const {
    // Nearly always the next byte settles it.
    if (k + 1 < n_) {
      const unsigned char next = d_[k + 1];
      if (next == ';' || next == '[' || next == ')' || next == '(') return true;
    }
    std::size_t m = skip_white_ahead(k + 1);
    if (m >= n_) return true;
    const unsigned char c = d_[m];
    if (c == '[' || c == ';' || c == '(' || c == ')') return true;
    if (!is_id_char(c)) return false;
    while (m < n_ && is_id_char(d_[m])) ++m;
    m = skip_white_ahead(m);
    return m < n_ && d_[m] == '[';
  }

  void fail(const SourcePos& p, std::string message) { h_.error(p, std::move(message)); }

  // i_ at '['. On success sets [*begin, *end) to the raw value and moves i_
  // past the closing ']'. At the end of the input reports the error and
  // returns false.
  bool scan_value(std::size_t* begin, std::size_t* end) {
    // Nearly every value holds no escape, line end or '[', and its first
    // ']' ends it: then nothing below is needed.
    std::size_t k = i_ + 1;
    while (k < n_ && (kClasses[d_[k]] & kValueSpecial) == 0) ++k;
    if (k < n_ && d_[k] == ']' && value_ends_at(k)) {
      *begin = i_ + 1;
      *end = k;
      i_ = k + 1;
      return true;
    }
    return scan_value_slowly(begin, end);
  }

  // scan_value for a value the quick scan did not settle.
  bool scan_value_slowly(std::size_t* begin, std::size_t* end) {
    // Where the value starts, as pos() would say it; a SourcePos is made only
    // for the error.
    const std::size_t start = i_;
    const std::int32_t start_line = line_;
    const std::size_t start_line_start = line_start_;
    std::size_t k = i_ + 1;
    // The first ']' that did not end the value. If the value then runs into
    // a '[', the next game or the end of the input, that ']' was its end
    // after all and what followed it is garbage for the caller to report.
    // (Names with ']' have no '[' after it: "PW[Shumacher;]]", "[ABC] Name".)
    std::size_t candidate = kNpos;
    std::int32_t candidate_line = 0;
    std::size_t candidate_line_start = 0;
    auto revert = [&] {
      k = candidate;
      line_ = candidate_line;
      line_start_ = candidate_line_start;
    };
    while (true) {
      while (k < n_ && (kClasses[d_[k]] & kValueSpecial) == 0) ++k;
      if (k >= n_) {
        if (candidate != kNpos) {
          revert();
          break;
        }
        i_ = n_;
        SourcePos at;
        at.byte_offset = static_cast<std::int64_t>(start);
        at.line = start_line;
        at.column = static_cast<std::int32_t>(start - start_line_start + 1);
        fail(at, "unexpected end of file in a value: ']' missing");
        return false;
      }
      const unsigned char c = d_[k];
      if (c == '\\') {
        ++k;
        if (k < n_) {
          if ((kClasses[d_[k]] & kLineEnd) != 0) note_line_end(k);
          ++k;
        }
        continue;
      }
      if (c == '\r' || c == '\n') {
        note_line_end(k);
        ++k;
        if (candidate != kNpos && line_starts_game(k)) {
          revert();
          break;
        }
        continue;
      }
      if (c == '[') {
        if (candidate != kNpos) {
          revert();
          break;
        }
        ++k;
        continue;
      }
      if (value_ends_at(k)) break;
      if (candidate == kNpos) {
        candidate = k;
        candidate_line = line_;
        candidate_line_start = line_start_;
      }
      ++k;
    }
    *begin = i_ + 1;
    *end = k;
    i_ = k + 1;
    return true;
  }

  // After an error at i_: skips the rest of the broken game (to the ')' that
  // closes it, counting parentheses outside values) or to the next line that
  // starts a game, whichever comes first.
  void recover() {
    std::int32_t depth = depth_;
    bool in_value = false;
    while (i_ < n_) {
      const unsigned char c = d_[i_];
      if ((kClasses[c] & kLineEnd) != 0) {
        note_line_end(i_);
        ++i_;
        if (game_on_this_line()) return;
        continue;
      }
      if (in_value) {
        if (c == '\\') {
          ++i_;
          if (i_ < n_) {
            if ((kClasses[d_[i_]] & kLineEnd) != 0) note_line_end(i_);
            ++i_;
          }
        } else {
          if (c == ']' && value_ends_at(i_)) in_value = false;
          ++i_;
        }
        continue;
      }
      ++i_;
      if (c == '[') {
        in_value = true;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')') {
        if (depth == 0) return;
        --depth;
      }
    }
  }

  // i_ at the start of a line: if the line opens a game (a root-like node),
  // moves i_ to its '(' and returns true.
  bool game_on_this_line() {
    std::size_t m = i_;
    while (m < n_ && (d_[m] == ' ' || d_[m] == '\t')) ++m;
    if (m < n_ && d_[m] == '(' && root_like_at(m, false)) {
      i_ = m;
      return true;
    }
    return false;
  }

  // i_ at a '(' for which sgf_game_starts_at holds.
  void parse_game() {
    depth_ = 0;
    h_.begin_tree(0, pos());
    ++i_;  // the '(' (stepping over a byte that is no line end needs no line bookkeeping)
    skip_white();
    if (d_[i_] == ';') {
      h_.begin_node(pos());
      ++i_;
    } else {
      h_.warning(pos(), "';' missing before the first node");
      h_.begin_node(pos());
    }
    State state = State::kInNode;
    while (true) {
      skip_white();
      if (i_ >= n_) {
        fail(pos(), depth_ == 0
                        ? "unexpected end of file: the game is not closed (')' missing)"
                        : "unexpected end of file: " + std::to_string(depth_ + 1) + " ')' missing");
        return;
      }
      const unsigned char c = d_[i_];
      // Properties first: a node has one or two, then the next ';'.
      if (is_id_char(c)) {
        if (state == State::kAfterVariation) {
          fail(pos(), "a property after variations, outside any node");
          recover();
          return;
        }
        if (!parse_property()) return;
      } else if (c == ';') {
        if (state == State::kAfterVariation) {
          fail(pos(), "a node after variations (';' after ')')");
          recover();
          return;
        }
        if (h_.stop()) return;
        h_.begin_node(pos());
        ++i_;
      } else if (c == '(') {
        if (at_line_start(i_) && root_like_at(i_, true)) {
          fail(pos(), "the game is not closed (')' missing) before the next game starts here");
          return;
        }
        const std::size_t k = skip_white_ahead(i_ + 1);
        if (k < n_ && d_[k] == ')') {
          h_.warning(pos(), "empty variation '()' skipped");
          advance_to(k + 1);
          continue;
        }
        if (k >= n_ || d_[k] != ';') {
          fail(pos(), "'(' not followed by a node (';')");
          recover();
          return;
        }
        ++depth_;
        h_.begin_tree(depth_, pos());
        advance_to(k);
        h_.begin_node(pos());
        ++i_;
        state = State::kInNode;
      } else if (c == ')') {
        h_.end_tree(depth_, pos());
        ++i_;
        if (depth_ == 0) return;
        --depth_;
        state = State::kAfterVariation;
      } else if (c == '[') {
        fail(pos(), "a value without a property identifier");
        recover();
        return;
      } else {
        fail(pos(), describe_byte(c));
        recover();
        return;
      }
    }
  }

  // i_ at an id character inside a node. Returns false when the game ended
  // in an error (already reported and recovered from).
  bool parse_property() {
    const SourcePos id_pos = pos();
    std::size_t k = i_;
    while (k < n_ && is_id_char(d_[k])) ++k;
    const std::string_view id = b_.substr(i_, k - i_);
    if (id.size() > kMaxIdLength) {
      fail(id_pos,
           "property identifier longer than " + std::to_string(kMaxIdLength) + " characters");
      recover();
      return false;
    }
    i_ = k;
    skip_white();
    if (i_ >= n_ || d_[i_] != '[') {
      fail(id_pos, "property " + std::string(id) + " has no value");
      recover();
      return false;
    }
    values_.clear();
    do {
      std::size_t begin = 0;
      std::size_t end = 0;
      if (!scan_value(&begin, &end)) return false;
      values_.push_back(b_.substr(begin, end - begin));
      skip_white();
    } while (i_ < n_ && d_[i_] == '[');
    h_.property(id, values_, id_pos);
    return true;
  }

  std::string_view b_;
  const unsigned char* d_;
  std::size_t n_;
  Handler& h_;
  std::size_t i_ = 0;
  std::int32_t line_ = 1;
  std::size_t line_start_ = 0;
  std::int32_t depth_ = 0;                // open variations inside the current game
  std::vector<std::string_view> values_;  // reused for every property
};

}  // namespace ludex::sgf_internal

#endif  // LUDEX_IMPORTERS_SGF_SGF_READER_IMPL_H_
