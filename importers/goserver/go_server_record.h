// What the readers of Go servers' own record formats share (Tygem's .gib,
// importers/gib; WBaduk's .ngf, importers/ngf; PandaNet's .ugf/.ugi,
// importers/ugf): lines with their places in the file, text fields decoded
// with a charset chosen for the whole file and repaired field by field,
// handicap placement, and the Go GameRecord that the SGF reader would make
// of the same game.
//
// The records these readers make are Go games in the SGF model (format
// SourceFormat::kSgf, dialect "gib", "ngf" or "ugf"): header values with an
// SGF counterpart become the GameRecord fields and root properties SGF uses
// (PB/PW through players, RE, DT, EV; SZ through columns and rows; KM, HA,
// AB, BR, WR, PC, ... as properties), every other header field is kept as a
// root property under its own name, and moves are Move values as the Go SGF
// decoder gives them (B = seat 1, W = seat 2, a pass is MoveKind::kPass), so
// that `ludex export --format sgf` writes standard Go SGF (the dialect is not
// an SGF dialect, so the writer makes up GM, FF, SZ and CA) and the moves
// hash of a game saved in two formats is one (docs/formats.md, "Go servers'
// records"). All functions are pure and thread-safe.
#ifndef LUDEX_IMPORTERS_GOSERVER_GO_SERVER_RECORD_H_
#define LUDEX_IMPORTERS_GOSERVER_GO_SERVER_RECORD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"

namespace ludex {

// One game file's reading: the game, or the errors that lost it.
struct GoServerGame {
  std::optional<GameRecord> game;
  // Errors that lost the game (game_index 0) or concern the file (-1);
  // warnings about the stored game are in GameRecord::warnings.
  std::vector<Diagnostic> diagnostics;
};

// The largest board the Go SGF points ("a".."Z", 52 lines) can name.
inline constexpr std::int32_t kMaxServerBoardSide = 52;

struct TextLine {
  std::string_view text;    // without the line break
  std::int64_t offset = 0;  // of its first byte in the file
  std::int32_t number = 0;  // 1-based
  SourcePos pos() const { return SourcePos{offset, number, 1}; }
};

// The bytes after a UTF-8 byte order mark, and the mark's length.
struct ServerFileText {
  std::string_view text;
  std::int64_t base = 0;
  bool had_bom = false;
};
ServerFileText strip_utf8_bom(std::string_view bytes);

// The lines of `text` (ended by LF, CRLF or CR), offsets counted from
// `base`; at most max_lines of them.
std::vector<TextLine> split_text_lines(std::string_view text, std::int64_t base,
                                       std::size_t max_lines = static_cast<std::size_t>(-1));

// Decodes a file's text fields to UTF-8. The file's charset is, in order:
// UTF-8 when the file has a UTF-8 byte order mark; the charset the file
// declares (canonical_charset of its label); UTF-8 when the non-ASCII
// samples are mostly valid UTF-8; else guess_legacy_charset of the samples
// that are not. A field is then read, in order: as UTF-8 when it is valid
// UTF-8 with a multibyte character (legacy text is that only by chance, and
// servers' files mix UTF-8 fields into legacy ones); in the file's charset;
// in the charset guessed for that field alone; else lossily in the file's
// charset (U+FFFD for each byte that does not convert). Not thread-safe; one
// per file read.
class FieldDecoder {
 public:
  FieldDecoder(bool had_bom, std::string_view declared_label,
               const std::vector<std::string_view>& samples);

  // The field in UTF-8. *note, when not null, receives why the field was not
  // read in the file's charset ("" when it was).
  std::string decode(std::string_view bytes, std::string* note = nullptr) const;

  // The file's charset, for GameRecord::charset ("UTF-8", "CP949", ...).
  const std::string& charset() const { return charset_; }

 private:
  std::string charset_;
};

// The bookkeeping every server record reader does, as a base of its reader
// class: the errors that lose the game, the warnings the game will carry,
// fields decoded with a warning for each one not read in the file's charset.
class ServerReaderBase {
 protected:
  // Records an error that loses the game; returns false.
  bool fail(const SourcePos& pos, std::string message);
  void warn(const SourcePos& pos, std::string message);
  // `bytes` decoded by decoder_ (which must be set); a repaired field gives
  // the warning "<what> <why>" at `line`.
  std::string decoded(std::string_view bytes, const TextLine& line, std::string_view what);
  // Stores `game` with the warnings gathered and returns what was read.
  GoServerGame finish(GameRecord game);

  std::optional<FieldDecoder> decoder_;
  GoServerGame out_;
  std::vector<Diagnostic> warnings_;
};

// The handicap layouts servers use. kJapanese: the 3rd stone bottom-right
// (pp on 19x19); kTygem: top-left (dd). Other counts agree.
enum class HandicapLayout : std::uint8_t { kJapanese, kTygem };

// The points of a fixed handicap of `stones` (2..9) on a square board of
// `side` lines, in the order Tygem's converters write them: bottom-left,
// top-right, the third corner, the fourth, then the side points (left and
// right, then top and bottom) and the centre last. Empty when the board has
// no such points (side < 7, or an even side for more than 4 stones).
std::vector<Point> handicap_points(std::int32_t stones, std::int32_t side, HandicapLayout layout);

// Places a handicap of `stones` the file gives as a count only: HA and AB
// on the root, with `layout` unless one of the first moves of the main line
// is played on a point of it and the other layout has no such conflict (a
// file's own moves outrank a layout; the choice is then a warning at `pos`).
// A count the board has no points for keeps HA and gives a warning.
// Requires a game with its moves read.
void place_handicap(GameRecord& game, std::int32_t stones, HandicapLayout layout,
                    const SourcePos& pos);

// A new Go game of `dialect` on a side x side board: root node made, format
// kSgf, game_index 0, pos at the file's start.
GameRecord new_go_record(std::string_view dialect, std::int32_t side);

// Appends a move node (a stone at *point, or a pass when point is nullopt)
// below `parent` and returns it. seat: 1 black, 2 white.
NodeIndex append_go_move(GameRecord& game, NodeIndex parent, std::int8_t seat,
                         std::optional<Point> point, const SourcePos& pos);

// Sets the players (black seat 1, white seat 2; empty names are left out).
void set_go_players(GameRecord& game, std::string black, std::string white);
// Sets result (RE as SGF writes it) and the winner it names.
void set_go_result(GameRecord& game, std::string result);
// Appends a root property with one value.
void add_root_property(GameRecord& game, std::string id, std::string value);

// The root property id a header field without an SGF counterpart is kept
// under: its key's ASCII letters, in capitals, as SGF's PropIdent is (GNU Go
// refuses a file with a digit in an id); `prefix` ("GIB", "UGF") before them
// when there are at most two (every standard SGF id is one or two letters: a
// field must not turn into B, AB or C); cut after 32 letters (SGF readers
// refuse ids past 64).
std::string kept_field_id(std::string_view prefix, std::string_view key);

// tenths / 10 as SGF writes a real: 65 -> "6.5", 0 -> "0", -55 -> "-5.5",
// 110 -> "11".
std::string tenths_text(std::int64_t tenths);

// "YYYY-MM-DD" from the first three numbers of `text` (year, month, day,
// separated by anything but digits: "2016- 3-26-17-29-25", "2016:03:26",
// "2012年11月22日", "20170316"); nullopt when they are not a plausible date.
std::optional<std::string> parse_server_date(std::string_view text);

// A decimal integer, optionally signed, with ASCII white space around it;
// nullopt for anything else (or one that does not fit).
std::optional<std::int64_t> parse_server_int(std::string_view text);

// The first line of the bytes after an optional UTF-8 byte order mark and
// blank lines (looked for in the first 4 KiB), without its line break.
std::string_view first_text_line(std::string_view bytes);

// What a reader gives for bytes that are not its format: one error about the
// whole file (game index -1) at its start.
GoServerGame not_this_format(std::string message);

// A warning or error about line `pos` of game 0.
Diagnostic server_diagnostic(Severity severity, const SourcePos& pos, std::string message);

}  // namespace ludex

#endif  // LUDEX_IMPORTERS_GOSERVER_GO_SERVER_RECORD_H_
