// libFuzzer target for charset detection and conversion
// (importers/text/charset.h) and the SGF layer above it
// (importers/sgf/sgf_charset.h), fed what a file can hold.
//
// Input: the whole input is a file (byte order mark detection, UTF-16
// without a mark, the file-level decision of prepare_sgf_text with the CA
// of its first game, the guess for undeclared legacy text). Its first line,
// when it is at most 64 bytes, is also a charset label as a CA value would
// give it, and the rest a text value in that charset.
//
// Properties checked (any failure aborts, see fuzz_check.h):
//  * nothing throws;
//  * every conversion that succeeds gives valid UTF-8, and so does every
//    lossy conversion and decode_lossy; a lossy conversion reports no bad
//    byte exactly when the strict one succeeds, and a bad byte inside the
//    input;
//  * UTF-8 and ISO-8859-1 convert as their definitions say;
//  * the guess is one of the charsets charset.h names;
//  * prepare_sgf_text's text is valid UTF-8 when it says it transcoded.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "importers/sgf/sgf_charset.h"
#include "importers/text/charset.h"

namespace {

using ludex::fuzz::check;
using ludex::fuzz::valid_utf8;

void check_conversions(std::string_view body, const std::string& charset) {
  const std::optional<std::string> strict = ludex::convert_to_utf8(body, charset);
  if (strict) check(valid_utf8(*strict), "convert_to_utf8 from " + charset + " gave bad UTF-8");
  std::int64_t first_bad = 0;
  const std::string lossy = ludex::convert_to_utf8_lossy(body, charset, &first_bad);
  check(valid_utf8(lossy), "convert_to_utf8_lossy from " + charset + " gave bad UTF-8");
  check(first_bad >= -1 && first_bad < static_cast<std::int64_t>(body.size()),
        "convert_to_utf8_lossy: first bad byte outside the input");
  if (strict) {
    check(first_bad == -1, "convert_to_utf8_lossy from " + charset +
                               " found a bad byte where convert_to_utf8 succeeded");
    check(lossy == *strict, "the lossy and the strict conversion from " + charset + " differ");
  }
  (void)ludex::charset_needs_transcoding(charset);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);

  const ludex::BomInfo bom = ludex::detect_bom(bytes);
  check(bom.length <= bytes.size(), "detect_bom: a mark longer than the input");
  (void)ludex::utf16_charset(bom.bom);
  const bool valid = ludex::is_valid_utf8(bytes);
  check(valid == valid_utf8(bytes), "is_valid_utf8 disagrees with the definition");
  if (ludex::is_ascii(bytes)) check(valid, "ASCII that is not UTF-8");

  const std::optional<std::string> as_utf8 = ludex::convert_to_utf8(bytes, ludex::kUtf8);
  check(as_utf8.has_value() == valid && (!as_utf8 || *as_utf8 == bytes),
        "convert_to_utf8 from UTF-8 is not the identity on valid UTF-8");
  const std::optional<std::string> latin1 = ludex::convert_to_utf8(bytes, ludex::kLatin1);
  check(latin1 && valid_utf8(*latin1), "ISO-8859-1 did not convert to UTF-8");

  const std::string guess = ludex::guess_legacy_charset({bytes});
  check(guess == "GB18030" || guess == "CP949" || guess == "CP950" || guess == "CP932" ||
            guess == "CP1251" || guess == "ISO-8859-1",
        "guess_legacy_charset gave " + guess);
  check_conversions(bytes, guess);

  // The first line as a label, the rest as text in it.
  std::string label;
  std::string_view body = bytes;
  const std::size_t eol = bytes.find('\n');
  if (eol != std::string_view::npos && eol <= 64) {
    label = std::string(bytes.substr(0, eol));
    body = bytes.substr(eol + 1);
  }
  const std::string charset = ludex::canonical_charset(label);
  if (!charset.empty()) check_conversions(body, charset);

  // The SGF file-level decision, and a game's decoder with the label as its CA.
  const ludex::SgfFileText file = ludex::prepare_sgf_text(bytes);
  if (file.transcoded) check(valid_utf8(file.text()), "a transcoded SGF text is not UTF-8");
  std::string note;
  ludex::SgfTextDecoder decoder(file, label, &note);
  bool raw = false;
  const std::string decoded = decoder.decode(body, &raw);
  // A transcoded file's values are UTF-8 already and pass as they are; body
  // is then not such a value.
  if (!raw && !file.transcoded) {
    check(valid_utf8(decoded), "SgfTextDecoder::decode gave bad UTF-8 without saying raw");
  }
  check(valid_utf8(decoder.decode_lossy(body)), "SgfTextDecoder::decode_lossy gave bad UTF-8");
  (void)decoder.passes_ascii();
  (void)decoder.charset();
  return 0;
}
