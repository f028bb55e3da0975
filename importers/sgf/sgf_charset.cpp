#include "importers/sgf/sgf_charset.h"

#include <algorithm>

#include "games/coord_text.h"
#include "games/go_komi.h"
#include "importers/sgf/sgf_reader.h"
#include "importers/sgf/sgf_text.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

// How much undeclared text is enough to guess its charset.
constexpr std::size_t kSampleBytes = 64 * 1024;

// Reads the first game's root node for its CA (the first one) and whether an
// AP names Fox Weiqi, stopping at the second node. Bytes of a charset with
// ASCII trail bytes may hide a CA that follows them; the charset guess then
// finds the charset instead.
class RootCaProbe final : public SgfEventHandler {
 public:
  void begin_tree(std::int32_t, const SourcePos&) override {}
  void end_tree(std::int32_t, const SourcePos&) override { done_ = true; }
  void begin_node(const SourcePos&) override { ++nodes_; }
  void warning(const SourcePos&, std::string) override {}
  void error(const SourcePos&, std::string) override { done_ = true; }
  void property(std::string_view id, const std::vector<std::string_view>& values,
                const SourcePos&) override {
    if (nodes_ != 1 || values.empty()) return;
    if (!found_ && sgf_id_is(id, "CA")) {
      found_ = true;
      label_ = std::string(trim_ascii(sgf_unescape(values.front())));
    }
    if (sgf_id_is(id, "AP")) {
      for (const std::string_view v : values) fox_ = fox_ || is_fox_application(v);
    }
  }
  bool stop() const override { return done_ || nodes_ >= 2; }

  const std::string& label() const { return label_; }
  bool fox() const { return fox_; }

 private:
  int nodes_ = 0;
  bool found_ = false;
  bool fox_ = false;
  bool done_ = false;
  std::string label_;
};

bool is_unicode_form(std::string_view charset) {
  return charset.substr(0, 6) == "UTF-16" || charset.substr(0, 6) == "UTF-32" || charset == "UTF-7";
}

// Collects non-ASCII values of properties that hold text, for the guess.
class SampleCollector final : public SgfEventHandler {
 public:
  void begin_tree(std::int32_t, const SourcePos&) override {}
  void end_tree(std::int32_t, const SourcePos&) override {}
  void begin_node(const SourcePos&) override {}
  void warning(const SourcePos&, std::string) override {}
  void error(const SourcePos&, std::string) override {}
  void property(std::string_view id, const std::vector<std::string_view>& values,
                const SourcePos&) override {
    if (may_be_sgf_move_property(id) || is_sgf_point_property(id)) return;
    for (std::string_view v : values) {
      if (is_ascii(v)) continue;
      samples_.push_back(v);
      bytes_ += v.size();
      if (!is_valid_utf8(v)) all_utf8_ = false;
    }
  }
  bool stop() const override { return bytes_ >= kSampleBytes; }

  const std::vector<std::string_view>& samples() const { return samples_; }
  bool all_utf8() const { return all_utf8_; }

 private:
  std::vector<std::string_view> samples_;
  std::size_t bytes_ = 0;
  bool all_utf8_ = true;
};

}  // namespace

SgfFileText prepare_sgf_text(std::string_view bytes) {
  SgfFileText f;
  const BomInfo bom = detect_bom(bytes);
  f.original = bytes.substr(bom.length);
  f.bom_length = bom.length;
  if (bom.bom == ByteOrderMark::kUtf8) {
    f.file_charset = std::string(kUtf8);
    return f;
  }
  if (bom.bom == ByteOrderMark::kUtf16Le || bom.bom == ByteOrderMark::kUtf16Be) {
    const std::string_view charset = utf16_charset(bom.bom);
    std::int64_t first_bad = -1;
    f.converted = convert_to_utf8_lossy(f.original, charset, &first_bad);
    if (first_bad >= 0) {
      f.notes.push_back("the file is not valid " + std::string(charset) + " (byte " +
                        std::to_string(first_bad + static_cast<std::int64_t>(bom.length)) +
                        "); what could not be decoded became U+FFFD");
    }
    f.transcoded = true;
    f.file_charset = std::string(charset);
    return f;
  }
  RootCaProbe head;
  read_sgf_events(bytes, head);
  const std::string& head_ca = head.label();
  if (!head_ca.empty()) {
    const std::string canon = canonical_charset(head_ca);
    // Fox Weiqi writes UTF-8 (docs/formats.md, "Fox Weiqi's SGF"): a CA
    // naming another charset in its file is believed only where the bytes
    // are not UTF-8.
    if (head.fox() && canon != kUtf8 && !is_ascii(bytes) && is_valid_utf8(bytes)) {
      f.file_charset = std::string(kUtf8);
      f.notes.push_back("CA[" + head_ca +
                        "] is not the charset of this Fox Weiqi file (AP[foxwq]): its text is "
                        "UTF-8, as Fox writes it, and is read as UTF-8");
      return f;
    }
    if (!canon.empty() && charset_needs_transcoding(canon) && !is_unicode_form(canon) &&
        !is_ascii(bytes)) {
      auto converted = convert_to_utf8(bytes, canon);
      if (converted) {
        f.converted = std::move(*converted);
        f.transcoded = true;
        f.file_charset = canon;
      } else {
        f.notes.push_back("the file is not valid " + canon + " as its CA[" + head_ca +
                          "] says; text values are decoded one by one");
      }
    }
    return f;
  }
  if (is_valid_utf8(bytes)) return f;
  SampleCollector collector;
  read_sgf_events(bytes, collector);
  if (collector.samples().empty() || collector.all_utf8()) return f;
  const std::string guess = guess_legacy_charset(collector.samples());
  if (guess == kLatin1) return f;
  if (charset_needs_transcoding(guess)) {
    auto converted = convert_to_utf8(bytes, guess);
    if (converted) {
      f.converted = std::move(*converted);
      f.transcoded = true;
      f.file_charset = guess;
      return f;
    }
  }
  f.guessed_charset = guess;
  return f;
}

SgfSourceMap::SgfSourceMap(const SgfFileText& file) : file_(file) {
  if (file.transcoded) offsets_.emplace(file.original, file.file_charset, file.converted);
}

void SgfSourceMap::map(SourcePos& pos) {
  if (pos.byte_offset < 0) return;
  if (!offsets_) {
    pos.byte_offset += static_cast<std::int64_t>(file_.bom_length);
    return;
  }
  // The line's start first: it comes before every position on its line, so
  // that positions in increasing order ask the offset map in increasing order.
  const std::int64_t start = pos.column > 0 ? pos.byte_offset - (pos.column - 1) : -1;
  if (start >= 0 && start != line_start_) {
    line_start_ = start;
    original_line_start_ = offsets_->original_offset(static_cast<std::size_t>(start));
  }
  const std::size_t original = offsets_->original_offset(static_cast<std::size_t>(pos.byte_offset));
  pos.byte_offset = static_cast<std::int64_t>(original + file_.bom_length);
  if (start >= 0) pos.column = static_cast<std::int32_t>(original - original_line_start_ + 1);
}

void SgfSourceMap::map(GameRecord& game) {
  if (!needed()) return;
  std::vector<SourcePos> nodes(game.tree.size());
  for (NodeIndex i = 0; i < nodes.size(); ++i) nodes[i] = game.tree.data(i).pos;
  std::vector<SourcePos*> all;
  all.reserve(1 + game.warnings.size() + nodes.size());
  all.push_back(&game.pos);
  for (Diagnostic& w : game.warnings) all.push_back(&w.pos);
  for (SourcePos& p : nodes) all.push_back(&p);
  // In file order, for the offset map's sake.
  std::stable_sort(all.begin(), all.end(), [](const SourcePos* a, const SourcePos* b) {
    return a->byte_offset < b->byte_offset;
  });
  for (SourcePos* p : all) map(*p);
  for (NodeIndex i = 0; i < nodes.size(); ++i) game.tree.set_pos(i, nodes[i]);
}

SgfTextDecoder::SgfTextDecoder(const SgfFileText& file, std::string_view ca_label,
                               std::string* note)
    : file_charset_(file.file_charset) {
  if (file.transcoded) {
    mode_ = Mode::kUtf8Already;
    return;
  }
  // A UTF-8 byte order mark, or a Fox Weiqi file in UTF-8, outranks CA.
  if (file.file_charset == kUtf8) {
    mode_ = Mode::kDeclared;
    charset_ = std::string(kUtf8);
    return;
  }
  const std::string_view label = trim_ascii(ca_label);
  if (!label.empty()) {
    const std::string canon = canonical_charset(label);
    if (canon.empty() || is_unicode_form(canon)) {
      *note = "CA[" + std::string(label) +
              "] is not a charset this file can be in; text is read as UTF-8, or as "
              "ISO-8859-1 where it is not UTF-8";
    } else if (canon != "ASCII") {
      mode_ = Mode::kDeclared;
      charset_ = canon;
      return;
    }
  }
  if (!file.guessed_charset.empty()) {
    mode_ = Mode::kGuessed;
    charset_ = file.guessed_charset;
    return;
  }
  mode_ = Mode::kUndeclared;
}

bool SgfTextDecoder::passes_ascii() const {
  return mode_ == Mode::kUtf8Already || charset_.substr(0, 8) != "ISO-2022";
}

std::string SgfTextDecoder::decode(std::string_view bytes, bool* raw) {
  if (passes_ascii() && is_ascii(bytes)) return std::string(bytes);
  switch (mode_) {
    case Mode::kUtf8Already:
      if (is_valid_utf8(bytes)) return std::string(bytes);
      break;
    case Mode::kDeclared: {
      auto converted = convert_to_utf8(bytes, charset_);
      if (converted) return std::move(*converted);
      if (is_valid_utf8(bytes)) return std::string(bytes);
      *raw = true;
      return std::string(bytes);
    }
    case Mode::kGuessed: {
      auto converted = convert_to_utf8(bytes, charset_);
      if (converted) return std::move(*converted);
      if (is_valid_utf8(bytes)) return std::string(bytes);
      break;
    }
    case Mode::kUndeclared:
      if (is_valid_utf8(bytes)) return std::string(bytes);
      break;
  }
  used_latin1_ = true;
  std::string out;
  append_latin1_as_utf8(bytes, out);
  return out;
}

std::string SgfTextDecoder::decode_lossy(std::string_view bytes) {
  bool raw = false;
  std::string text = decode(bytes, &raw);
  if (!raw) return text;
  // As UTF-8, not as the declared charset: the bytes are exported unchanged
  // under CA[UTF-8], and reading them back must give the same text.
  return convert_to_utf8_lossy(bytes, kUtf8);
}

std::string SgfTextDecoder::charset() const {
  switch (mode_) {
    case Mode::kUtf8Already:
      return file_charset_;
    case Mode::kDeclared:
    case Mode::kGuessed:
      return charset_;
    case Mode::kUndeclared:
      break;
  }
  return std::string(used_latin1_ ? kLatin1 : kUtf8);
}

}  // namespace ludex
