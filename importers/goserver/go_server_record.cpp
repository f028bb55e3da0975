#include "importers/goserver/go_server_record.h"

#include <algorithm>
#include <charconv>

#include "games/coord_text.h"
#include "games/go_points.h"
#include "games/sgf_values.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

// How many moves of the main line place_handicap compares with the stones:
// a handicap stone is not captured and replayed this early.
constexpr std::size_t kHandicapCheckMoves = 40;
// The longest id kept_field_id makes.
constexpr std::size_t kMaxKeptIdLength = 32;
// How far first_text_line looks for the first line.
constexpr std::size_t kGoServerProbeBytes = 4096;

bool has_multibyte_utf8(std::string_view bytes) {
  return !is_ascii(bytes) && is_valid_utf8(bytes);
}

// The charset guessed for legacy text, or "" for none better than Latin-1.
std::string guess_of(const std::vector<std::string_view>& samples) {
  std::string guess = guess_legacy_charset(samples);
  return guess == kLatin1 ? std::string() : guess;
}

// The points a handicap of `stones` on `side` lines would place with the
// other 3rd-stone corner, or empty when the layouts agree.
std::vector<Point> other_layout(std::int32_t stones, std::int32_t side, HandicapLayout layout) {
  if (stones != 3) return {};
  return handicap_points(
      stones, side,
      layout == HandicapLayout::kTygem ? HandicapLayout::kJapanese : HandicapLayout::kTygem);
}

// The 1-based number of the first main-line move among the first few that is
// played on one of `points`, or 0.
std::size_t first_conflict(const GameRecord& game, const std::vector<Point>& points) {
  std::size_t number = 0;
  for (const NodeIndex i : game.tree.main_line()) {
    for (const Move& m : game.tree.data(i).moves) {
      if (++number > kHandicapCheckMoves) return 0;
      if (m.kind != MoveKind::kPlace || m.points.empty()) continue;
      if (std::find(points.begin(), points.end(), m.points.front()) != points.end()) return number;
    }
  }
  return 0;
}

}  // namespace

ServerFileText strip_utf8_bom(std::string_view bytes) {
  const BomInfo bom = detect_bom(bytes);
  if (bom.bom != ByteOrderMark::kUtf8) return ServerFileText{bytes, 0, false};
  return ServerFileText{bytes.substr(bom.length), static_cast<std::int64_t>(bom.length), true};
}

std::vector<TextLine> split_text_lines(std::string_view text, std::int64_t base,
                                       std::size_t max_lines) {
  std::vector<TextLine> lines;
  std::size_t start = 0;
  while (start < text.size() && lines.size() < max_lines) {
    std::size_t end = start;
    while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
    lines.push_back(TextLine{text.substr(start, end - start),
                             base + static_cast<std::int64_t>(start),
                             static_cast<std::int32_t>(lines.size() + 1)});
    if (end < text.size() && text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n') {
      ++end;
    }
    start = end + 1;
  }
  return lines;
}

FieldDecoder::FieldDecoder(bool had_bom, std::string_view declared_label,
                           const std::vector<std::string_view>& samples) {
  if (had_bom) {
    charset_ = kUtf8;
    return;
  }
  if (!declared_label.empty()) {
    charset_ = canonical_charset(declared_label);
    if (charset_ == "ASCII") charset_ = kUtf8;
    if (!charset_.empty()) return;
  }
  std::size_t utf8 = 0;
  std::vector<std::string_view> legacy;
  for (const std::string_view s : samples) {
    if (is_ascii(s)) continue;
    if (is_valid_utf8(s)) {
      ++utf8;
    } else {
      legacy.push_back(s);
    }
  }
  if (utf8 >= legacy.size()) {
    charset_ = kUtf8;
    return;
  }
  charset_ = guess_legacy_charset(legacy);
}

std::string FieldDecoder::decode(std::string_view bytes, std::string* note) const {
  if (note != nullptr) note->clear();
  if (is_ascii(bytes)) return std::string(bytes);
  if (has_multibyte_utf8(bytes)) {
    if (note != nullptr && charset_ != kUtf8) *note = "read as UTF-8, not " + charset_;
    return std::string(bytes);
  }
  if (charset_ != kUtf8) {
    if (std::optional<std::string> text = convert_to_utf8(bytes, charset_)) return *text;
  }
  const std::string guess = guess_of({bytes});
  if (!guess.empty() && guess != charset_) {
    if (std::optional<std::string> text = convert_to_utf8(bytes, guess)) {
      if (note != nullptr) *note = "read as " + guess + ", not " + charset_;
      return *text;
    }
  }
  if (note != nullptr) *note = "not valid " + charset_ + "; bad bytes replaced by U+FFFD";
  return convert_to_utf8_lossy(bytes, charset_);
}

bool ServerReaderBase::fail(const SourcePos& pos, std::string message) {
  out_.diagnostics.push_back(server_diagnostic(Severity::kError, pos, std::move(message)));
  return false;
}

void ServerReaderBase::warn(const SourcePos& pos, std::string message) {
  warnings_.push_back(server_diagnostic(Severity::kWarning, pos, std::move(message)));
}

std::string ServerReaderBase::decoded(std::string_view bytes, const TextLine& line,
                                      std::string_view what) {
  std::string note;
  std::string text = decoder_->decode(bytes, &note);
  if (!note.empty()) warn(line.pos(), std::string(what) + " " + note);
  return text;
}

GoServerGame ServerReaderBase::finish(GameRecord game) {
  for (Diagnostic& w : warnings_) game.warnings.push_back(std::move(w));
  warnings_.clear();
  out_.game = std::move(game);
  return std::move(out_);
}

std::vector<Point> handicap_points(std::int32_t stones, std::int32_t side, HandicapLayout layout) {
  if (stones < 2 || stones > 9 || side < 7) return {};
  if (stones > 4 && side % 2 == 0) return {};
  const std::int32_t near = side >= 13 ? 3 : 2;
  const std::int32_t far = side - 1 - near;
  const std::int32_t mid = side / 2;
  auto p = [](std::int32_t x, std::int32_t y) {
    return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
  };
  std::vector<Point> points = {p(near, far), p(far, near)};
  const Point top_left = p(near, near);
  const Point bottom_right = p(far, far);
  if (layout == HandicapLayout::kTygem) {
    points.push_back(top_left);
    points.push_back(bottom_right);
  } else {
    points.push_back(bottom_right);
    points.push_back(top_left);
  }
  const std::vector<Point> sides = {p(near, mid), p(far, mid), p(mid, near), p(mid, far)};
  const std::int32_t corners = std::min<std::int32_t>(stones, 4);
  points.resize(static_cast<std::size_t>(corners));
  const std::int32_t side_stones = stones - 4 - (stones % 2);
  for (std::int32_t k = 0; k < side_stones; ++k)
    points.push_back(sides[static_cast<std::size_t>(k)]);
  if (stones >= 5 && stones % 2 == 1) points.push_back(p(mid, mid));
  return points;
}

void place_handicap(GameRecord& game, std::int32_t stones, HandicapLayout layout,
                    const SourcePos& pos) {
  add_root_property(game, "HA", std::to_string(stones));
  std::vector<Point> points = handicap_points(stones, game.columns, layout);
  if (points.empty()) {
    game.warnings.push_back(server_diagnostic(
        Severity::kWarning, pos,
        "a handicap of " + std::to_string(stones) + " stones has no fixed points on a " +
            std::to_string(game.columns) + "x" + std::to_string(game.rows) +
            " board; HA is kept and no stones are placed"));
    return;
  }
  if (const std::size_t conflict = first_conflict(game, points); conflict != 0) {
    const std::vector<Point> other = other_layout(stones, game.columns, layout);
    std::string message =
        "move " + std::to_string(conflict) + " is played on a handicap point of the usual layout";
    if (!other.empty() && first_conflict(game, other) == 0) {
      points = other;
      message += "; the third stone is placed in the other corner";
    } else {
      message += "; the stones are placed as usual";
    }
    game.warnings.push_back(server_diagnostic(Severity::kWarning, pos, std::move(message)));
  }
  Property ab;
  ab.id = "AB";
  for (const Point& point : points) ab.values.push_back(format_go_point(point));
  game.tree.add_prop(0, std::move(ab));
}

GameRecord new_go_record(std::string_view dialect, std::int32_t side) {
  GameRecord game;
  game.family = Family::kGo;
  game.format = SourceFormat::kSgf;
  game.dialect = std::string(dialect);
  game.columns = side;
  game.rows = side;
  game.game_index = 0;
  game.pos = SourcePos{0, 1, 1};
  game.tree.add_root();
  game.tree.set_pos(0, game.pos);
  return game;
}

NodeIndex append_go_move(GameRecord& game, NodeIndex parent, std::int8_t seat,
                         std::optional<Point> point, const SourcePos& pos) {
  const NodeIndex node = game.tree.add_child(parent);
  Move& move = game.tree.add_move(node);
  move.seat = seat;
  if (point) {
    move.points.push_back(*point);
  } else {
    move.kind = MoveKind::kPass;
  }
  game.tree.set_pos(node, pos);
  return node;
}

void set_go_players(GameRecord& game, std::string black, std::string white) {
  game.players.clear();
  if (!black.empty()) game.players.push_back(SeatPlayer{1, std::move(black)});
  if (!white.empty()) game.players.push_back(SeatPlayer{2, std::move(white)});
}

void set_go_result(GameRecord& game, std::string result) {
  game.winner = result.empty() ? 0 : black_first_winner(result);
  game.result = std::move(result);
}

void add_root_property(GameRecord& game, std::string id, std::string value) {
  Property p;
  p.id = std::move(id);
  p.values.push_back(std::move(value));
  game.tree.add_prop(0, std::move(p));
}

std::string kept_field_id(std::string_view prefix, std::string_view key) {
  std::string id;
  for (const char c : key) {
    if (c >= 'a' && c <= 'z') {
      id.push_back(static_cast<char>(c - 'a' + 'A'));
    } else if (c >= 'A' && c <= 'Z') {
      id.push_back(c);
    }
  }
  if (id.size() <= 2) id.insert(0, prefix);
  // SGF readers take a longer id for garbage (ludex's and sgfmill's limit is
  // 64); no real header key comes near.
  if (id.size() > kMaxKeptIdLength) id.resize(kMaxKeptIdLength);
  return id;
}

std::string tenths_text(std::int64_t tenths) {
  const bool negative = tenths < 0;
  const std::uint64_t magnitude =
      negative ? 0 - static_cast<std::uint64_t>(tenths) : static_cast<std::uint64_t>(tenths);
  std::string text = negative ? "-" : "";
  text += std::to_string(magnitude / 10);
  if (magnitude % 10 != 0) text += "." + std::to_string(magnitude % 10);
  return text;
}

std::optional<std::string> parse_server_date(std::string_view text) {
  std::vector<std::string_view> numbers;
  std::size_t i = 0;
  while (i < text.size() && numbers.size() < 3) {
    if (text[i] < '0' || text[i] > '9') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    numbers.push_back(text.substr(start, i - start));
  }
  if (!numbers.empty() && numbers.front().size() == 8) {
    const std::string_view compact = numbers.front();
    numbers = {compact.substr(0, 4), compact.substr(4, 2), compact.substr(6, 2)};
  }
  if (numbers.size() < 3 || numbers[0].size() != 4 || numbers[1].size() > 2 ||
      numbers[2].size() > 2) {
    return std::nullopt;
  }
  const int year = std::stoi(std::string(numbers[0]));
  const int month = std::stoi(std::string(numbers[1]));
  const int day = std::stoi(std::string(numbers[2]));
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > 31) return std::nullopt;
  const auto two = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  return std::to_string(year) + "-" + two(month) + "-" + two(day);
}

std::optional<std::int64_t> parse_server_int(std::string_view text) {
  text = trim_ascii(text);
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  std::int64_t value = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || r.ec != std::errc() || r.ptr != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

std::string_view first_text_line(std::string_view bytes) {
  const std::string_view text = strip_utf8_bom(bytes).text;
  std::size_t i = 0;
  while (i < text.size() && i < kGoServerProbeBytes &&
         (text[i] == '\n' || text[i] == '\r' || text[i] == ' ' || text[i] == '\t')) {
    ++i;
  }
  const std::size_t end = text.find_first_of("\r\n", i);
  return text.substr(i, end == std::string_view::npos ? end : end - i);
}

GoServerGame not_this_format(std::string message) {
  GoServerGame out;
  Diagnostic d = server_diagnostic(Severity::kError, SourcePos{0, 1, 1}, std::move(message));
  d.game_index = -1;
  out.diagnostics.push_back(std::move(d));
  return out;
}

Diagnostic server_diagnostic(Severity severity, const SourcePos& pos, std::string message) {
  Diagnostic d;
  d.severity = severity;
  d.game_index = 0;
  d.pos = pos;
  d.message = std::move(message);
  return d;
}

}  // namespace ludex
