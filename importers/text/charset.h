// Character sets of text read from game files: byte order marks, charset
// names as files declare them, conversion to UTF-8 (glibc iconv), and a
// conservative guess for legacy text that declares no charset.
//
// All functions are thread-safe: iconv descriptors are cached per thread.
#ifndef LUDEX_IMPORTERS_TEXT_CHARSET_H_
#define LUDEX_IMPORTERS_TEXT_CHARSET_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ludex {

inline constexpr std::string_view kUtf8 = "UTF-8";
inline constexpr std::string_view kLatin1 = "ISO-8859-1";

enum class ByteOrderMark : std::uint8_t { kNone = 0, kUtf8 = 1, kUtf16Le = 2, kUtf16Be = 3 };

struct BomInfo {
  ByteOrderMark bom = ByteOrderMark::kNone;
  std::size_t length = 0;  // bytes the mark occupies at the start
};

// The byte order mark at the start of `bytes`. Without a mark, UTF-16 is
// still recognised when the text starts with an ASCII character and a zero
// byte (or the reverse), which is how SGF "(" looks in UTF-16; length is then 0.
BomInfo detect_bom(std::string_view bytes);

// The iconv name of a UTF-16 mark ("UTF-16LE", "UTF-16BE"), "" otherwise.
std::string_view utf16_charset(ByteOrderMark bom);

bool is_ascii(std::string_view bytes);
// Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF.
bool is_valid_utf8(std::string_view bytes);

// The charset name this module converts with, for a label as files write it
// ("utf8", "UTF-8", "ISO8859_1", "latin-1", "gb2312", "Shift_JIS",
// "MS_KANJI", "EUC-KR", ...). Labels of a subset map to the superset real
// files need: GB2312/GBK -> "GB18030", Shift_JIS -> "CP932", EUC-KR ->
// "CP949", Big5 -> "CP950". "ASCII" for ASCII labels. "" when neither this
// table nor iconv knows the label.
std::string canonical_charset(std::string_view label);

// True if text in `charset` (a canonical name) is not a superset of ASCII
// byte for byte: its multibyte sequences may contain ASCII bytes such as
// '\\' or ']' (Shift_JIS, GBK, Big5, ISO-2022-*), or it is UTF-16/32. Such
// files must be converted to UTF-8 before they are tokenised.
bool charset_needs_transcoding(std::string_view charset);

// `bytes` in `charset` converted to UTF-8; nullopt when the bytes are not
// valid in that charset (or iconv cannot convert from it). UTF-8 and
// ISO-8859-1 are handled without iconv.
std::optional<std::string> convert_to_utf8(std::string_view bytes, std::string_view charset);

// Like convert_to_utf8, but every byte that cannot be converted becomes
// U+FFFD. *first_bad (if not null) receives the offset of the first such byte,
// or -1 when there was none.
std::string convert_to_utf8_lossy(std::string_view bytes, std::string_view charset,
                                  std::int64_t* first_bad = nullptr);

// Maps offsets in the UTF-8 text that convert_to_utf8_lossy(bytes, charset)
// makes (which is also what convert_to_utf8 makes when it succeeds) back to
// offsets in `bytes`, so that what a reader finds in converted text can be
// located in the file itself. It converts again, from the start or from the
// last offset asked for: queries in increasing order cost one conversion of
// the input in all, a smaller offset than the last starts over. Not
// thread-safe; `bytes` and `converted` must outlive it.
class Utf8OffsetMap {
 public:
  // `converted`, when given, is that UTF-8 text: runs of ASCII in it that
  // stand for the same bytes in `bytes` are then passed without converting
  // (in charsets without shift states, where ASCII stands for itself).
  Utf8OffsetMap(std::string_view bytes, std::string_view charset, std::string_view converted = {});
  ~Utf8OffsetMap();
  Utf8OffsetMap(const Utf8OffsetMap&) = delete;
  Utf8OffsetMap& operator=(const Utf8OffsetMap&) = delete;

  // The offset in `bytes` of the character whose UTF-8 form starts at
  // `converted`. An offset inside a character's form (or inside the U+FFFD
  // of a byte that did not convert) gives that character's first byte;
  // offsets past the converted text give at most bytes.size().
  std::size_t original_offset(std::size_t converted);

 private:
  enum class Mode : std::uint8_t { kLatin1, kUtf8, kAscii, kIconv };
  void restart();

  std::string_view bytes_;
  std::string_view converted_;  // empty unless ASCII runs may be passed
  Mode mode_ = Mode::kLatin1;
  void* cd_ = nullptr;   // iconv_t of Mode::kIconv, owned (the per-thread ones are shared)
  std::size_t in_ = 0;   // bytes_[0, in_) converted ...
  std::size_t out_ = 0;  // ... to this many bytes of UTF-8
  std::string scratch_;  // iconv's output, which only its length matters of
};

// Appends ISO-8859-1 bytes to `out` as UTF-8 (every byte is a character).
void append_latin1_as_utf8(std::string_view bytes, std::string& out);

// The most plausible charset for text samples that are not valid UTF-8 and
// declare no charset: "GB18030", "CP949", "CP950", "CP932" or "CP1251" when
// the bytes decode cleanly into that charset's common characters clearly
// better than into ISO-8859-1, else "ISO-8859-1". Only samples' bytes >= 0x80
// matter; give text values only (not move coordinates).
std::string guess_legacy_charset(const std::vector<std::string_view>& samples);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_TEXT_CHARSET_H_
