#include "importers/text/charset.h"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <unordered_map>

namespace ludex {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD in UTF-8

// Upper-case letters and digits only: "ISO8859_1" and "iso-8859-1" both give
// "ISO88591".
std::string squeeze_label(std::string_view label) {
  std::string out;
  out.reserve(label.size());
  for (char c : label) {
    if (c >= 'a' && c <= 'z') {
      out.push_back(static_cast<char>(c - 'a' + 'A'));
    } else if ((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
      out.push_back(c);
    }
  }
  return out;
}

struct Alias {
  std::string_view squeezed;
  std::string_view canonical;
};

// Labels seen in SGF files and their usual spellings. Subsets map to the
// superset that real files labelled with the subset turn out to need.
constexpr Alias kAliases[] = {
    {"UTF8", "UTF-8"},
    {"ASCII", "ASCII"},
    {"USASCII", "ASCII"},
    {"ANSIX341968", "ASCII"},
    {"ISO88591", "ISO-8859-1"},
    {"ISO885911987", "ISO-8859-1"},
    {"LATIN1", "ISO-8859-1"},
    {"L1", "ISO-8859-1"},
    {"CP819", "ISO-8859-1"},
    {"IBM819", "ISO-8859-1"},
    {"GB2312", "GB18030"},
    {"GBK", "GB18030"},
    {"GB18030", "GB18030"},
    {"CP936", "GB18030"},
    {"MS936", "GB18030"},
    {"WINDOWS936", "GB18030"},
    {"EUCCN", "GB18030"},
    {"CSGB2312", "GB18030"},
    {"XGBK", "GB18030"},
    {"CHINESE", "GB18030"},
    {"SHIFTJIS", "CP932"},
    {"SJIS", "CP932"},
    {"MSKANJI", "CP932"},
    {"CSSHIFTJIS", "CP932"},
    {"XSJIS", "CP932"},
    {"CP932", "CP932"},
    {"MS932", "CP932"},
    {"WINDOWS31J", "CP932"},
    {"BIG5", "CP950"},
    {"CNBIG5", "CP950"},
    {"CSBIG5", "CP950"},
    {"XXBIG5", "CP950"},
    {"CP950", "CP950"},
    {"MS950", "CP950"},
    {"BIG5HKSCS", "BIG5-HKSCS"},
    {"EUCKR", "CP949"},
    {"CSEUCKR", "CP949"},
    {"KSC56011987", "CP949"},
    {"KSC5601", "CP949"},
    {"KOREAN", "CP949"},
    {"UHC", "CP949"},
    {"CP949", "CP949"},
    {"MS949", "CP949"},
    {"WINDOWS949", "CP949"},
    {"EUCJP", "EUC-JP"},
    {"ISO2022JP", "ISO-2022-JP"},
    {"ISO2022KR", "ISO-2022-KR"},
    {"ISO2022CN", "ISO-2022-CN"},
    {"UTF16", "UTF-16"},
    {"UTF16LE", "UTF-16LE"},
    {"UTF16BE", "UTF-16BE"},
    {"UTF32", "UTF-32"},
    {"UTF32LE", "UTF-32LE"},
    {"UTF32BE", "UTF-32BE"},
    {"UTF7", "UTF-7"},
    {"WINDOWS1252", "CP1252"},
    {"CP1252", "CP1252"},
    {"WINDOWS1251", "CP1251"},
    {"CP1251", "CP1251"},
    {"KOI8R", "KOI8-R"},
};

// One converter per charset, per thread: an iconv_t carries shift state and
// must not be shared between threads.
class IconvCache {
 public:
  IconvCache() = default;
  IconvCache(const IconvCache&) = delete;
  IconvCache& operator=(const IconvCache&) = delete;
  ~IconvCache() {
    for (auto& [name, cd] : cds_) {
      if (cd != kInvalid) iconv_close(cd);
    }
  }

  // The converter from `charset` to UTF-8, or kInvalid when iconv has none.
  iconv_t get(std::string_view charset) {
    auto it = cds_.find(std::string(charset));
    if (it != cds_.end()) return it->second;
    const std::string name(charset);
    iconv_t cd = iconv_open("UTF-8", name.c_str());
    cds_.emplace(name, cd);
    return cd;
  }

  static inline const iconv_t kInvalid = reinterpret_cast<iconv_t>(-1);

 private:
  std::unordered_map<std::string, iconv_t> cds_;
};

IconvCache& iconv_cache() {
  thread_local IconvCache cache;
  return cache;
}

// Runs `cd` over [*in, *in + *in_left) appending to out. Returns 0 when all
// input was consumed, else the errno that stopped it (EILSEQ, EINVAL).
int run_iconv(iconv_t cd, const char** in, std::size_t* in_left, std::string& out) {
  while (*in_left > 0) {
    const std::size_t old_size = out.size();
    const std::size_t room = *in_left * 4 + 16;
    out.resize(old_size + room);
    char* out_ptr = out.data() + old_size;
    std::size_t out_left = room;
    char* in_ptr = const_cast<char*>(*in);
    const std::size_t r = iconv(cd, &in_ptr, in_left, &out_ptr, &out_left);
    const int err = errno;
    *in = in_ptr;
    out.resize(old_size + (room - out_left));
    if (r != static_cast<std::size_t>(-1)) break;
    if (err != E2BIG) return err;
  }
  // Flush a stateful encoding's pending output.
  std::string tail(64, '\0');
  char* out_ptr = tail.data();
  std::size_t out_left = tail.size();
  iconv(cd, nullptr, nullptr, &out_ptr, &out_left);
  out.append(tail.data(), tail.size() - out_left);
  return 0;
}

bool is_utf8_name(std::string_view charset) {
  return charset == kUtf8;
}
bool is_latin1_name(std::string_view charset) {
  return charset == kLatin1;
}

// Length of the valid UTF-8 sequence at s[i], or 0 if invalid.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  const auto b0 = static_cast<unsigned char>(s[i]);
  if (b0 < 0x80) return 1;
  std::size_t len = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (b0 >= 0xC2 && b0 <= 0xDF) {
    len = 2;
  } else if (b0 >= 0xE0 && b0 <= 0xEF) {
    len = 3;
    if (b0 == 0xE0) lo = 0xA0;
    if (b0 == 0xED) hi = 0x9F;  // no surrogates
  } else if (b0 >= 0xF0 && b0 <= 0xF4) {
    len = 4;
    if (b0 == 0xF0) lo = 0x90;
    if (b0 == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  const auto b1 = static_cast<unsigned char>(s[i + 1]);
  if (b1 < lo || b1 > hi) return 0;
  for (std::size_t k = 2; k < len; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if (b < 0x80 || b > 0xBF) return 0;
  }
  return len;
}

}  // namespace

BomInfo detect_bom(std::string_view bytes) {
  auto at = [&bytes](std::size_t i) { return static_cast<unsigned char>(bytes[i]); };
  if (bytes.size() >= 3 && at(0) == 0xEF && at(1) == 0xBB && at(2) == 0xBF) {
    return {ByteOrderMark::kUtf8, 3};
  }
  if (bytes.size() >= 2 && at(0) == 0xFF && at(1) == 0xFE) return {ByteOrderMark::kUtf16Le, 2};
  if (bytes.size() >= 2 && at(0) == 0xFE && at(1) == 0xFF) return {ByteOrderMark::kUtf16Be, 2};
  if (bytes.size() >= 4) {
    if (at(0) != 0 && at(0) < 0x80 && at(1) == 0 && at(2) != 0 && at(3) == 0) {
      return {ByteOrderMark::kUtf16Le, 0};
    }
    if (at(0) == 0 && at(1) != 0 && at(1) < 0x80 && at(2) == 0 && at(3) != 0) {
      return {ByteOrderMark::kUtf16Be, 0};
    }
  }
  return {};
}

std::string_view utf16_charset(ByteOrderMark bom) {
  switch (bom) {
    case ByteOrderMark::kUtf16Le:
      return "UTF-16LE";
    case ByteOrderMark::kUtf16Be:
      return "UTF-16BE";
    case ByteOrderMark::kNone:
    case ByteOrderMark::kUtf8:
      break;
  }
  return {};
}

bool is_ascii(std::string_view bytes) {
  for (char c : bytes) {
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  }
  return true;
}

bool is_valid_utf8(std::string_view bytes) {
  std::size_t i = 0;
  while (i < bytes.size()) {
    if (static_cast<unsigned char>(bytes[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t len = utf8_sequence_length(bytes, i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

std::string canonical_charset(std::string_view label) {
  const std::string squeezed = squeeze_label(label);
  if (squeezed.empty()) return {};
  for (const Alias& a : kAliases) {
    if (a.squeezed == squeezed) return std::string(a.canonical);
  }
  // Anything else iconv knows under the label as written or upper-cased.
  std::string upper;
  for (char c : label) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    upper.push_back(c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c);
  }
  if (upper.empty() || upper.size() > 40) return {};
  if (iconv_cache().get(upper) != IconvCache::kInvalid) return upper;
  return {};
}

bool charset_needs_transcoding(std::string_view charset) {
  return charset == "CP932" || charset == "GB18030" || charset == "CP950" ||
         charset == "BIG5-HKSCS" || charset.substr(0, 8) == "ISO-2022" ||
         charset.substr(0, 6) == "UTF-16" || charset.substr(0, 6) == "UTF-32" || charset == "UTF-7";
}

void append_latin1_as_utf8(std::string_view bytes, std::string& out) {
  out.reserve(out.size() + bytes.size() * 2);
  for (char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x80) {
      out.push_back(c);
    } else {
      out.push_back(static_cast<char>(0xC0 | (b >> 6)));
      out.push_back(static_cast<char>(0x80 | (b & 0x3F)));
    }
  }
}

std::optional<std::string> convert_to_utf8(std::string_view bytes, std::string_view charset) {
  if (is_utf8_name(charset)) {
    if (!is_valid_utf8(bytes)) return std::nullopt;
    return std::string(bytes);
  }
  if (is_latin1_name(charset)) {
    std::string out;
    append_latin1_as_utf8(bytes, out);
    return out;
  }
  if (charset == "ASCII") {
    if (!is_ascii(bytes)) return std::nullopt;
    return std::string(bytes);
  }
  iconv_t cd = iconv_cache().get(charset);
  if (cd == IconvCache::kInvalid) return std::nullopt;
  iconv(cd, nullptr, nullptr, nullptr, nullptr);
  std::string out;
  out.reserve(bytes.size() * 3 / 2 + 16);
  const char* in = bytes.data();
  std::size_t in_left = bytes.size();
  if (run_iconv(cd, &in, &in_left, out) != 0) return std::nullopt;
  return out;
}

std::string convert_to_utf8_lossy(std::string_view bytes, std::string_view charset,
                                  std::int64_t* first_bad) {
  if (first_bad != nullptr) *first_bad = -1;
  auto note_bad = [&](std::size_t offset) {
    if (first_bad != nullptr && *first_bad < 0) *first_bad = static_cast<std::int64_t>(offset);
  };
  std::string out;
  if (is_latin1_name(charset)) {
    append_latin1_as_utf8(bytes, out);
    return out;
  }
  iconv_t cd = IconvCache::kInvalid;
  const bool utf8 = is_utf8_name(charset) || charset == "ASCII";
  if (!utf8) {
    cd = iconv_cache().get(charset);
    if (cd == IconvCache::kInvalid) {
      note_bad(0);
      append_latin1_as_utf8(bytes, out);
      return out;
    }
  }
  out.reserve(bytes.size() + 16);
  if (utf8) {
    std::size_t i = 0;
    while (i < bytes.size()) {
      const std::size_t len = utf8_sequence_length(bytes, i);
      const bool ok = len > 0 && (charset != "ASCII" || len == 1);
      if (ok) {
        out.append(bytes.substr(i, len));
        i += len;
      } else {
        note_bad(i);
        out.append(kReplacement);
        ++i;
      }
    }
    return out;
  }
  iconv(cd, nullptr, nullptr, nullptr, nullptr);
  const char* in = bytes.data();
  std::size_t in_left = bytes.size();
  while (in_left > 0) {
    if (run_iconv(cd, &in, &in_left, out) == 0) break;
    note_bad(static_cast<std::size_t>(in - bytes.data()));
    out.append(kReplacement);
    ++in;
    --in_left;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
  }
  return out;
}

Utf8OffsetMap::Utf8OffsetMap(std::string_view bytes, std::string_view charset,
                             std::string_view converted)
    : bytes_(bytes) {
  const bool shifts = charset.substr(0, 8) == "ISO-2022" || charset.substr(0, 6) == "UTF-16" ||
                      charset.substr(0, 6) == "UTF-32" || charset == "UTF-7";
  if (!shifts) converted_ = converted;
  // The same choice of method as convert_to_utf8_lossy, so that the steps
  // taken here are the ones it took.
  if (is_latin1_name(charset)) {
    mode_ = Mode::kLatin1;
  } else if (is_utf8_name(charset)) {
    mode_ = Mode::kUtf8;
  } else if (charset == "ASCII") {
    mode_ = Mode::kAscii;
  } else {
    const std::string name(charset);
    iconv_t cd = iconv_open("UTF-8", name.c_str());
    if (cd == IconvCache::kInvalid) {
      mode_ = Mode::kLatin1;  // convert_to_utf8_lossy's fallback
    } else {
      mode_ = Mode::kIconv;
      cd_ = cd;
      scratch_.resize(64 * 1024);
    }
  }
}

Utf8OffsetMap::~Utf8OffsetMap() {
  if (cd_ != nullptr) iconv_close(static_cast<iconv_t>(cd_));
}

void Utf8OffsetMap::restart() {
  in_ = 0;
  out_ = 0;
  if (cd_ != nullptr) iconv(static_cast<iconv_t>(cd_), nullptr, nullptr, nullptr, nullptr);
}

std::size_t Utf8OffsetMap::original_offset(std::size_t converted) {
  if (converted < out_) restart();
  const std::size_t n = bytes_.size();
  if (mode_ != Mode::kIconv) {
    // One character at a time: how many input bytes it takes and how many
    // bytes of UTF-8 it becomes (U+FFFD for a byte that is not one).
    while (out_ < converted && in_ < n) {
      std::size_t in_len = 1;
      std::size_t out_len = 1;
      if (mode_ == Mode::kLatin1) {
        out_len = static_cast<unsigned char>(bytes_[in_]) < 0x80 ? 1 : 2;
      } else {
        const std::size_t len = utf8_sequence_length(bytes_, in_);
        if (len > 0 && (mode_ == Mode::kUtf8 || len == 1)) {
          in_len = len;
          out_len = len;
        } else {
          out_len = kReplacement.size();
        }
      }
      if (out_ + out_len > converted) break;  // `converted` lies inside this character
      in_ += in_len;
      out_ += out_len;
    }
    return in_;
  }
  const auto cd = static_cast<iconv_t>(cd_);
  auto pass_ascii = [&] {
    // Most of an SGF file is ASCII: a byte that is the same ASCII byte in
    // the converted text converted to itself (no multibyte character of
    // these charsets is ASCII in UTF-8, and there is no shift state to keep).
    while (out_ < converted && in_ < n && out_ < converted_.size() &&
           static_cast<unsigned char>(converted_[out_]) < 0x80 && converted_[out_] == bytes_[in_]) {
      ++in_;
      ++out_;
    }
  };
  // Input beyond the character that ends below the target, for a character
  // that is long in the input and short in UTF-8 (UTF-16, an escape sequence
  // of ISO-2022); doubled while a character does not fit.
  std::size_t slack = 16;
  while (out_ < converted && in_ < n) {
    pass_ascii();
    if (out_ >= converted || in_ >= n) break;
    // iconv converts whole characters only, and stops at the first one whose
    // UTF-8 does not fit: output room of exactly what is left to reach
    // `converted` stops it there (or before the character it lies inside).
    const std::size_t room = std::min(converted - out_, scratch_.size());
    // And no more input than that room can take (an input byte gives at
    // least a quarter of a UTF-8 byte, but for escape sequences): glibc
    // converts all the input it is given into a buffer of its own first and,
    // when the output is full, converts it again to find where to stop, which
    // would cost each query the rest of the file.
    const std::size_t window = std::min(n - in_, room * 4 + slack);
    char* in_ptr = const_cast<char*>(bytes_.data() + in_);
    std::size_t in_left = window;
    char* out_ptr = scratch_.data();
    std::size_t out_left = room;
    const std::size_t r = iconv(cd, &in_ptr, &in_left, &out_ptr, &out_left);
    const int err = errno;
    const std::size_t before = in_;
    in_ = static_cast<std::size_t>(in_ptr - bytes_.data());
    const std::size_t produced = room - out_left;
    out_ += produced;
    if (r != static_cast<std::size_t>(-1)) continue;  // the window converted; on to the next
    if (err == E2BIG) {
      if (produced == 0) break;  // `converted` lies inside the next character
      continue;
    }
    if (err == EINVAL && before + window < n) {
      // The window ended inside a character, which the next one starts at.
      if (in_ == before) slack *= 2;
      continue;
    }
    // A byte that does not convert: convert_to_utf8_lossy writes U+FFFD for
    // it and starts afresh at the next byte.
    if (out_ + kReplacement.size() > converted) break;
    out_ += kReplacement.size();
    ++in_;
    iconv(cd, nullptr, nullptr, nullptr, nullptr);
  }
  return in_;
}

}  // namespace ludex
