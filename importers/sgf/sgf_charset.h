// Charsets of SGF files: the file-level decision (byte order mark, the CA of
// the first game's root, a guess for undeclared legacy text, conversion of the
// whole file to UTF-8 when its charset is not ASCII-compatible) and the
// per-game decoding of text values that follows from it and from the game's
// own CA.
#ifndef LUDEX_IMPORTERS_SGF_SGF_CHARSET_H_
#define LUDEX_IMPORTERS_SGF_SGF_CHARSET_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "importers/text/charset.h"

namespace ludex {

// The text to tokenise and how its values are to be decoded.
struct SgfFileText {
  // What to tokenise: `converted` when the whole file was converted to
  // UTF-8 (transcoded), else `original`.
  std::string_view text() const { return transcoded ? std::string_view(converted) : original; }
  // The input after any byte order mark, and the length of that mark: what
  // positions in text() are mapped back to (SgfSourceMap).
  std::string_view original;
  std::size_t bom_length = 0;
  std::string converted;
  // True when text() is UTF-8 converted from file_charset: every game's
  // values are UTF-8 already and their CA is not applied again.
  bool transcoded = false;
  // The charset the file's bytes are in, when known for the whole file
  // (byte order mark, transcoded, or a Fox Weiqi file in UTF-8 whatever its
  // CA says), "" otherwise.
  std::string file_charset;
  // The charset guessed for text of games without CA, "" when the undeclared
  // text is UTF-8 (valid UTF-8 stays, anything else is read as ISO-8859-1).
  std::string guessed_charset;
  // Problems with the file's encoding, reported as a warning of every game.
  std::vector<std::string> notes;
};

// Decides how to read `bytes`, which must outlive the result.
SgfFileText prepare_sgf_text(std::string_view bytes);

// Turns positions that the reader reports in a file's text() into positions
// in the file's bytes, as core/diagnostic.h has them: the byte offset counts
// the byte order mark, and in a transcoded file it and the column (bytes
// from the line's start) are counted in the file's own bytes, mapped back
// through the conversion. The line stays: every charset a file is
// transcoded from converts line ends one for one. Cheap when positions come
// in increasing order (as a file's games and their nodes do); nothing at
// all for a file that needs no mapping. Not thread-safe; one per file read.
class SgfSourceMap {
 public:
  // `file` must outlive the map.
  explicit SgfSourceMap(const SgfFileText& file);

  // False when positions in text() are already positions in the file.
  bool needed() const { return file_.transcoded || file_.bom_length > 0; }
  void map(SourcePos& pos);
  // Maps the game's position, its warnings' and its nodes' positions.
  void map(GameRecord& game);

 private:
  const SgfFileText& file_;
  std::optional<Utf8OffsetMap> offsets_;  // when transcoded
  // The last line start mapped: the positions of a line share it.
  std::int64_t line_start_ = -1;
  std::size_t original_line_start_ = 0;
};

// The text of one game's values, decoded to UTF-8 as the file and the game's
// CA say. Not thread-safe; one per game.
class SgfTextDecoder {
 public:
  // ca_label: the game's root CA value, unescaped ("" when absent). Sets
  // *note to a message when the CA cannot be used.
  SgfTextDecoder(const SgfFileText& file, std::string_view ca_label, std::string* note);

  // Decodes unescaped bytes of a text value. When the declared charset cannot
  // decode them and they are not valid UTF-8 either, returns the bytes as
  // they are and sets *raw = true (else leaves *raw alone).
  std::string decode(std::string_view bytes, bool* raw);
  // The same, but never raw: bytes that decode neither in the declared
  // charset nor as UTF-8 are read as UTF-8 with U+FFFD for each bad byte.
  // For fields that must be UTF-8 (player names, result, ...).
  std::string decode_lossy(std::string_view bytes);

  // False when ASCII bytes may still need decoding (a stateful charset such
  // as ISO-2022-JP, decoded value by value).
  bool passes_ascii() const;

  // The charset the game's text was read in, for GameRecord::charset.
  std::string charset() const;

 private:
  enum class Mode { kUtf8Already, kDeclared, kUndeclared, kGuessed };
  Mode mode_ = Mode::kUndeclared;
  std::string charset_;
  std::string file_charset_;
  bool used_latin1_ = false;
};

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_SGF_SGF_CHARSET_H_
