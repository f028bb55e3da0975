#include "importers/t1/t1_game.h"

#include <algorithm>
#include <string>
#include <utility>

#include "games/coord_text.h"
#include "games/sgf_values.h"
#include "games/twixt_points.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

constexpr std::size_t kHeaderLines = 13;
constexpr std::int32_t kT1DefaultSide = 24;
constexpr std::int32_t kMinSide = 3;
constexpr std::int32_t kMaxSide = 702;
// How much of a file looks_like_t1 reads at most.
constexpr std::size_t kT1ProbeBytes = 8192;

// Header fields, 0-based line numbers.
enum HeaderField : std::size_t {
  kVersion = 2,
  kPlayer1 = 3,
  kPlayer2 = 4,
  kRows = 5,
  kColumns = 6,
  kPlayer1Kind = 7,
  kPlayer2Kind = 8,
  kStartingPlayer = 9,
  kLetterDirection = 10,
  kPieRule = 11,
  kGameOver = 12,
};
// How many move lines looks_like_t1 checks.
constexpr std::size_t kProbeMoves = 16;

struct Line {
  std::string_view text;  // without the line break
  std::int64_t offset = 0;
  std::int32_t number = 0;  // 1-based
};

// Splits text into lines at LF, CRLF or CR; stops after max_lines lines.
std::vector<Line> split_lines(std::string_view text, std::int64_t base, std::size_t max_lines) {
  std::vector<Line> lines;
  std::size_t start = 0;
  while (start < text.size() && lines.size() < max_lines) {
    std::size_t end = start;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    lines.push_back(Line{text.substr(start, end - start), base + static_cast<std::int64_t>(start),
                         static_cast<std::int32_t>(lines.size() + 1)});
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') {
      ++end;
    }
    start = end + 1;
  }
  return lines;
}

// The value of a line: the text before any '#', trimmed.
std::string_view value_of(std::string_view line) {
  return trim_ascii(line.substr(0, line.find('#')));
}

bool empty_or_number(std::string_view value) {
  return value.empty() || parse_decimal(value).has_value();
}

// Empty, or one of the letters (any case).
bool empty_or_letter(std::string_view value, std::string_view letters) {
  if (value.empty()) return true;
  if (value.size() != 1) return false;
  const char c = static_cast<char>(value.front() & ~0x20);
  return letters.find(c) != std::string_view::npos;
}

// A move line's value as T1 files write them: a hole (letters + digits) or a
// word ("swap", "resign").
bool looks_like_move(std::string_view value) {
  std::string_view letters;
  std::string_view digits;
  if (split_letters_digits(value, letters, digits)) return true;
  return !value.empty() && value.size() <= 12 &&
         std::all_of(value.begin(), value.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
         });
}

std::string_view without_bom(std::string_view bytes, std::int64_t* skipped) {
  const BomInfo bom = detect_bom(bytes);
  *skipped = 0;
  if (bom.bom == ByteOrderMark::kUtf8) {
    *skipped = static_cast<std::int64_t>(bom.length);
    return bytes.substr(bom.length);
  }
  return bytes;
}

// The position of a line's first byte.
SourcePos line_start(const Line& line) {
  return SourcePos{line.offset, line.number, 1};
}

Diagnostic line_error(const Line* line, std::string message) {
  return ludex::error_at(0, line != nullptr ? line_start(*line) : SourcePos{}, std::move(message));
}

Point transposed(const Point& p) {
  return Point{p.y, p.x};
}

class T1Reader {
 public:
  explicit T1Reader(std::string_view bytes) : bytes_(bytes) {}

  T1ParseOutput run() {
    if (!looks_like_t1(bytes_)) {
      Diagnostic d = line_error(nullptr,
                                "not a T1 file: it does not start with T1j's header of 13 "
                                "commented lines followed by moves");
      d.game_index = -1;
      out_.diagnostics.push_back(std::move(d));
      return std::move(out_);
    }
    std::int64_t skipped = 0;
    const std::string_view text = without_bom(bytes_, &skipped);
    // looks_like_t1 saw the 13 header lines.
    lines_ = split_lines(text, skipped, text.size() + 1);
    game_.family = Family::kTwixt;
    game_.format = SourceFormat::kT1;
    game_.dialect = "t1";
    game_.game_index = 0;
    game_.pos = SourcePos{0, 1, 1};
    if (!read_header() || !read_moves()) return std::move(out_);
    out_.game = std::move(game_);
    return std::move(out_);
  }

 private:
  std::string_view field(std::size_t i) const { return value_of(lines_[i].text); }

  bool fail(const Line& line, std::string message) {
    out_.diagnostics.push_back(line_error(&line, std::move(message)));
    return false;
  }

  void warn(const Line& line, std::string message) {
    game_.warnings.push_back(warning_at(0, line_start(line), std::move(message)));
  }

  bool read_side(std::size_t i, std::int32_t* side) {
    const std::string_view v = field(i);
    if (v.empty()) {
      *side = kT1DefaultSide;
      return true;
    }
    const auto n = parse_decimal(v);
    if (!n || *n < kMinSide || *n > kMaxSide) {
      return fail(lines_[i], "board size " + quote_value(v) + " is not a number from 3 to 702");
    }
    *side = *n;
    return true;
  }

  bool read_header() {
    if (!read_side(kRows, &game_.rows) || !read_side(kColumns, &game_.columns)) return false;
    const std::string_view version = field(kVersion);
    if (!version.empty() && version != "1") {
      warn(lines_[kVersion],
           "T1 file format version " + quote_value(version) + " is not 1; read as version 1");
    }
    const std::string_view start = field(kStartingPlayer);
    if (!start.empty() && start != "1" && start != "2") {
      return fail(lines_[kStartingPlayer],
                  "starting player " + quote_value(start) + " is neither 1 nor 2");
    }
    transpose_ = start == "2";
    const std::string_view direction = field(kLetterDirection);
    if (!direction.empty() && !iequals(direction, "V")) {
      return fail(lines_[kLetterDirection], "direction of letters " + quote_value(direction) +
                                                " is not supported (only V, letters naming "
                                                "columns, is known)");
    }
    if (transpose_) {
      std::swap(game_.columns, game_.rows);
      warn(lines_[kStartingPlayer],
           "player 2 (left-right) moves first: seats follow the order of play and the board is "
           "stored transposed, so that seat 1 connects top and bottom");
    }
    read_players();
    return true;
  }

  void read_players() {
    std::string_view names[2] = {field(kPlayer1), field(kPlayer2)};
    if (transpose_) std::swap(names[0], names[1]);
    std::string charset(kUtf8);
    if (!is_valid_utf8(names[0]) || !is_valid_utf8(names[1])) {
      charset = guess_legacy_charset({names[0], names[1]});
    }
    game_.charset = charset;
    for (std::int8_t seat = 1; seat <= 2; ++seat) {
      const std::string_view name = names[seat - 1];
      if (name.empty()) continue;
      game_.players.push_back(SeatPlayer{seat, convert_to_utf8_lossy(name, charset)});
    }
  }

  bool read_moves() {
    GameTree& tree = game_.tree;
    NodeIndex parent = tree.add_root();
    tree.set_pos(parent, game_.pos);
    const BoardSize size{transpose_ ? game_.rows : game_.columns,
                         transpose_ ? game_.columns : game_.rows};
    std::int32_t count = 0;
    Move last;
    for (std::size_t i = kHeaderLines; i < lines_.size(); ++i) {
      const std::string_view text = value_of(lines_[i].text);
      if (text.empty()) continue;
      Move move;
      move.seat = static_cast<std::int8_t>(count % 2 + 1);
      if (const auto special = parse_special_move(text)) {
        move.kind = *special;
      } else {
        auto point = parse_twixt_point(text, size);
        if (!point)
          return fail(lines_[i], "move " + quote_value(text) + ": " + point.error().message);
        move.points.push_back(transpose_ ? transposed(*point) : *point);
      }
      const NodeIndex node = tree.add_child(parent);
      const auto column = static_cast<std::int32_t>(lines_[i].text.find_first_not_of(" \t") + 1);
      tree.set_pos(node, SourcePos{lines_[i].offset + column - 1, lines_[i].number, column});
      last = move;
      tree.add_move(node, std::move(move));
      parent = node;
      ++count;
    }
    if (count > 0 && last.kind == MoveKind::kResign) {
      game_.winner = static_cast<std::int8_t>(3 - last.seat);
      game_.result = game_.winner == 1 ? "W+R" : "B+R";
    }
    return true;
  }

  std::string_view bytes_;
  std::vector<Line> lines_;
  bool transpose_ = false;
  GameRecord game_;
  T1ParseOutput out_;
};

}  // namespace

bool looks_like_t1(std::string_view bytes) {
  std::int64_t skipped = 0;
  const std::string_view text = without_bom(bytes.substr(0, kT1ProbeBytes), &skipped);
  if (text.find('\0') != std::string_view::npos) return false;
  std::vector<Line> lines = split_lines(text, skipped, kHeaderLines + kProbeMoves + 1);
  if (lines.size() < kHeaderLines) return false;
  for (std::size_t i = 0; i < kHeaderLines; ++i) {
    if (lines[i].text.find('#') == std::string_view::npos) return false;
  }
  for (std::size_t i = 0; i < 2; ++i) {
    const std::string_view t = trim_ascii(lines[i].text);
    if (t.empty() || t.front() != '#') return false;
  }
  const auto field = [&](std::size_t i) { return value_of(lines[i].text); };
  if (!empty_or_number(field(kVersion)) || !empty_or_number(field(kRows)) ||
      !empty_or_number(field(kColumns)) || !empty_or_number(field(kStartingPlayer)) ||
      !empty_or_letter(field(kPlayer1Kind), "HC") || !empty_or_letter(field(kPlayer2Kind), "HC") ||
      !empty_or_letter(field(kPieRule), "YN") || !empty_or_letter(field(kGameOver), "YN")) {
    return false;
  }
  // The move lines that were read whole (the probe may cut the last one).
  if (bytes.size() > kT1ProbeBytes && lines.size() > kHeaderLines) lines.pop_back();
  for (std::size_t i = kHeaderLines; i < lines.size(); ++i) {
    const std::string_view move = value_of(lines[i].text);
    if (!move.empty() && !looks_like_move(move)) return false;
  }
  return true;
}

T1ParseOutput read_t1_game(std::string_view bytes) {
  return T1Reader(bytes).run();
}

}  // namespace ludex
