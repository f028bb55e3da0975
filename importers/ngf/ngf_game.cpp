#include "importers/ngf/ngf_game.h"

#include <array>
#include <charconv>
#include <utility>
#include <vector>

#include "games/coord_text.h"

namespace ludex {
namespace {

constexpr std::size_t kHeaderLines = 12;
// How much of a file looks_like_ngf reads at most.
constexpr std::size_t kNgfProbeBytes = 4096;

// Header fields (0-based lines) of the plain layout and of the GI variant.
struct NgfLayout {
  std::size_t name;  // game kind (plain) or event (GI)
  std::size_t size;
  std::size_t white;
  std::size_t black;
  std::size_t place;  // kHeaderLines: none
  std::size_t handicap;
  std::size_t komi;
  std::size_t date;
  std::size_t result;  // kHeaderLines: after the moves
  std::array<std::size_t, 3> unknown;
};
constexpr NgfLayout kPlain = {0, 1, 2, 3, 4, 5, 7, 8, 10, {6, 9, kHeaderLines}};
constexpr NgfLayout kGi = {0, 6, 1, 2, kHeaderLines, 7, 9, 5, kHeaderLines, {3, 4, 8}};

struct Word {
  std::string_view text;
  char side;
};

bool contains_any(std::string_view text, std::initializer_list<std::string_view> words) {
  for (const std::string_view w : words) {
    if (text.find(w) != std::string_view::npos) return true;
  }
  return false;
}

// The margin of a result in words: the first number, with a following
// "半" / "반" (a half) added; "半目" alone is 0.5; "" when none is written.
std::string margin_of(std::string_view text) {
  const bool half = contains_any(text, {"半", "반"});
  std::size_t i = 0;
  while (i < text.size() && (text[i] < '0' || text[i] > '9')) ++i;
  if (i == text.size()) return half ? "0.5" : "";
  const std::size_t start = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i + 1 < text.size() && text[i] == '.' && text[i + 1] >= '0' && text[i + 1] <= '9') {
    ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    return std::string(text.substr(start, i - start));
  }
  return std::string(text.substr(start, i - start)) + (half ? ".5" : "");
}

// "9DP" -> "9p", "7D*" -> "7d*", "5K" -> "5k"; other ranks as written.
std::string sgf_rank(std::string_view rank) {
  std::string out(rank);
  const std::size_t dp = out.find("DP");
  if (dp != std::string::npos) out.replace(dp, 2, "p");
  for (char& c : out) {
    if (c == 'D' || c == 'K' || c == 'P') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

// True for a rank as NGF pads it after a name: digits and letters of D, K,
// P, with an optional '*' or '?' ("9DP", "7D*", "15K"), or a CJK rank
// ("五段", "初段", "1급"): anything ending in 段, 级, 級 or 급.
bool looks_like_rank(std::string_view word) {
  for (const std::string_view suffix : {"段", "级", "級", "급"}) {
    if (word.size() > suffix.size() && word.substr(word.size() - suffix.size()) == suffix)
      return true;
  }
  std::size_t i = 0;
  while (i < word.size() && word[i] >= '0' && word[i] <= '9') ++i;
  if (i == 0 || i == word.size()) return false;
  for (; i < word.size(); ++i) {
    const char c = word[i];
    if (c != 'D' && c != 'K' && c != 'P' && c != 'd' && c != 'k' && c != 'p' && c != '*' &&
        c != '?') {
      return false;
    }
  }
  return true;
}

// "LQC         9DP" -> {"LQC", "9p"}; "Lee Se Dol  9DP" -> {"Lee Se Dol", "9p"}.
std::pair<std::string, std::string> split_player(std::string_view text) {
  text = trim_ascii(text);
  const std::size_t space = text.find_last_of(" \t");
  if (space == std::string_view::npos) return {std::string(text), ""};
  const std::string_view last = text.substr(space + 1);
  if (!looks_like_rank(last)) return {std::string(text), ""};
  return {std::string(trim_ascii(text.substr(0, space))), sgf_rank(last)};
}

// "FOUR" for the 0-based line 3: a line number in letters, as SGF ids are.
std::string line_word(std::size_t i) {
  static constexpr std::array<std::string_view, 12> kWords = {"ONE",  "TWO", "THREE",  "FOUR",
                                                              "FIVE", "SIX", "SEVEN",  "EIGHT",
                                                              "NINE", "TEN", "ELEVEN", "TWELVE"};
  return std::string(kWords.at(i));
}

std::string_view without_gi(std::string_view text) {
  return text.substr(0, 2) == "GI" ? text.substr(2) : text;
}

class NgfReader : private ServerReaderBase {
 public:
  explicit NgfReader(std::string_view bytes) : file_(strip_utf8_bom(bytes)) {}

  GoServerGame run() {
    lines_ = split_text_lines(file_.text, file_.base);
    const bool gi = !lines_.empty() && lines_.front().text.substr(0, 2) == "GI";
    layout_ = gi ? &kGi : &kPlain;
    if (lines_.size() < (gi ? kHeaderLines - 1 : kHeaderLines)) {
      fail(lines_.empty() ? SourcePos{file_.base, 1, 1} : lines_.back().pos(),
           "the NGF header has " + std::to_string(lines_.size()) + " lines, not 12");
      return std::move(out_);
    }
    read_moves(gi ? kHeaderLines - 1 : kHeaderLines);
    return build(gi);
  }

 private:
  std::string_view field(std::size_t i) const { return trim_ascii(without_gi(lines_[i].text)); }

  std::string decoded(std::string_view bytes, const TextLine& line) {
    return ServerReaderBase::decoded(bytes, line, "line " + std::to_string(line.number));
  }

  void read_moves(std::size_t first) {
    for (std::size_t i = first; i < lines_.size(); ++i) {
      const std::string_view text = trim_ascii(lines_[i].text);
      if (text.substr(0, 2) == "PM") {
        moves_.push_back(i);
      } else if (text.substr(0, 3) == "IDB") {
        // "IDB[211] 黑中盘胜(现场消息)[EndTxt]": the GI variant's result.
        std::string_view words = text.substr(std::min(text.size(), text.find(']') + 1));
        const std::size_t end = words.find("[EndTxt]");
        trailing_result_ = trim_ascii(words.substr(0, end));
        trailing_result_line_ = i;
      } else if (!text.empty() && text != "GI1") {
        unread_.push_back(i);
      }
    }
  }

  std::optional<std::int32_t> number(std::size_t i, const char* what, std::int64_t low,
                                     std::int64_t high) {
    const std::optional<std::int64_t> n = parse_server_int(field(i));
    if (!n || *n < low || *n > high) {
      fail(lines_[i].pos(), std::string(what) + " " + quote_value(field(i)) + " is not " +
                                std::to_string(low) + " to " + std::to_string(high));
      return std::nullopt;
    }
    return static_cast<std::int32_t>(*n);
  }

  // KM: an integer gets .5 when there is no handicap (WBaduk's 6.5 and 7.5
  // are written 6 and 7; Sabaki and KaTrain read it so too); a number with
  // a fraction is taken as written.
  std::optional<std::string> read_komi(std::int32_t handicap) {
    const std::string_view text = field(layout_->komi);
    if (const std::optional<std::int64_t> n = parse_server_int(text);
        n && *n > -1000 && *n < 1000) {
      return std::to_string(*n) + (handicap == 0 ? ".5" : "");
    }
    const std::size_t dot = text.find('.');
    if (dot != std::string_view::npos && dot > 0 && parse_server_int(text.substr(0, dot)) &&
        text.size() > dot + 1 && text.size() < dot + 4 &&
        parse_server_int(text.substr(dot + 1)).value_or(-1) >= 0) {
      return std::string(text);
    }
    fail(lines_[layout_->komi].pos(), "komi " + quote_value(text) + " is not a number");
    return std::nullopt;
  }

  GoServerGame build(bool gi) {
    const NgfLayout& l = *layout_;
    std::vector<std::string_view> samples;
    for (std::size_t i = 0; i < kHeaderLines && i < lines_.size(); ++i) samples.push_back(field(i));
    samples.push_back(trailing_result_);
    decoder_.emplace(file_.had_bom, "", samples);
    const auto side = number(l.size, "board size", 2, kMaxServerBoardSide);
    const auto handicap = number(l.handicap, "handicap", 0, 9);
    const std::optional<std::string> komi = read_komi(handicap.value_or(0));
    if (!side || !handicap || !komi) return std::move(out_);
    GameRecord game = new_go_record("ngf", *side);
    game.charset = decoder_->charset();
    std::vector<Property> props;
    const std::string name = decoded(field(l.name), lines_[l.name]);
    if (gi) {
      game.event = name;
    } else if (!name.empty()) {
      props.push_back(Property{"GN", {name}, false});
    }
    props.push_back(Property{"KM", {*komi}, false});
    auto [white, white_rank] = split_player(decoded(field(l.white), lines_[l.white]));
    auto [black, black_rank] = split_player(decoded(field(l.black), lines_[l.black]));
    if (!black_rank.empty()) props.push_back(Property{"BR", {black_rank}, false});
    if (!white_rank.empty()) props.push_back(Property{"WR", {white_rank}, false});
    set_go_players(game, std::move(black), std::move(white));
    if (l.place < kHeaderLines && !field(l.place).empty()) {
      props.push_back(Property{"PC", {decoded(field(l.place), lines_[l.place])}, false});
    }
    if (const std::optional<std::string> date = parse_server_date(field(l.date))) game.date = *date;
    props.push_back(Property{"NGFDATE", {decoded(field(l.date), lines_[l.date])}, false});
    read_result(game, props, l);
    for (const std::size_t i : l.unknown) {
      if (i >= kHeaderLines) continue;
      props.push_back(Property{"NGFLINE" + line_word(i), {decoded(field(i), lines_[i])}, false});
    }
    for (const std::size_t i : unread_) {
      props.push_back(Property{"NGFUNREAD", {decoded(lines_[i].text, lines_[i])}, false});
    }
    game.tree.set_props(0, props);
    add_moves(game);
    if (*handicap >= 2) {
      place_handicap(game, *handicap, HandicapLayout::kTygem, lines_[l.handicap].pos());
    }
    return finish(std::move(game));
  }

  void read_result(GameRecord& game, std::vector<Property>& props, const NgfLayout& l) {
    const TextLine* line = nullptr;
    std::string_view raw;
    if (l.result < kHeaderLines) {
      line = &lines_[l.result];
      raw = field(l.result);
    } else if (trailing_result_line_ != 0) {
      line = &lines_[trailing_result_line_];
      raw = trailing_result_;
    }
    if (line == nullptr || raw.empty()) return;
    const std::string words = decoded(raw, *line);
    props.push_back(Property{"NGFRESULT", {words}, false});
    if (const std::optional<std::string> re = result_from_words(words)) {
      set_go_result(game, *re);
    } else {
      warn(line->pos(), "result " + quote_value(words) + " names no winner; no RE is set");
    }
  }

  void add_moves(GameRecord& game) {
    NodeIndex node = 0;
    for (const std::size_t i : moves_) {
      const TextLine& line = lines_[i];
      const std::string_view text = trim_ascii(line.text);
      const char colour = text.size() >= 9 ? text[4] : '\0';
      if (colour != 'B' && colour != 'W') {
        warn(line.pos(), "move line " + quote_value(text) + " is not 'PM<nn><B|W><xyyx>'; skipped");
        continue;
      }
      const std::string_view xy = text.substr(5, 2);
      std::optional<Point> point;
      if (xy != "AA") {
        const int x = xy[0] - 'B';
        const int y = xy[1] - 'B';
        if (x < 0 || y < 0 || x >= game.columns || y >= game.rows) {
          warn(line.pos(), "move " + quote_value(text) + " is off the board; skipped");
          continue;
        }
        if (text[7] != xy[1] || text[8] != xy[0]) {
          warn(line.pos(), "move " + quote_value(text) +
                               " does not repeat its point reversed; read from its first pair");
        }
        point = Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
      }
      node = append_go_move(game, node, colour == 'B' ? 1 : 2, point, line.pos());
    }
  }

  ServerFileText file_;
  std::vector<TextLine> lines_;
  const NgfLayout* layout_ = &kPlain;
  std::vector<std::size_t> moves_;
  std::vector<std::size_t> unread_;
  std::string_view trailing_result_;
  std::size_t trailing_result_line_ = 0;
};

}  // namespace

std::optional<std::string> result_from_words(std::string_view text) {
  static constexpr std::array<Word, 9> kColours = {{{"black", 'B'},
                                                    {"white", 'W'},
                                                    {"흑", 'B'},
                                                    {"백", 'W'},
                                                    {"黒", 'B'},
                                                    {"黑", 'B'},
                                                    {"白", 'W'},
                                                    {"ดำ", 'B'},
                                                    {"ขาว", 'W'}}};
  const std::string lower = ascii_lower(text);
  std::size_t first = std::string::npos;
  char side = 0;
  for (const Word& w : kColours) {
    const std::size_t at = lower.find(w.text);
    if (at < first) {
      first = at;
      side = w.side;
    }
  }
  if (side == 0) {
    if (contains_any(lower, {"draw", "jigo", "무승부", "持碁", "和棋", "เสมอ"})) return "Draw";
    return std::nullopt;
  }
  if (contains_any(lower, {"lose", "lost", "패", "負け", "负", "แพ้"}))
    side = side == 'B' ? 'W' : 'B';
  std::string re(1, side);
  re += '+';
  if (contains_any(lower, {"resign", "불계", "中押", "中盘", "中盤", "ลาออก"})) return re + "R";
  if (contains_any(lower, {"time", "시간", "時間", "时间", "超时", "超時", "หมดเวลา"}))
    return re + "T";
  if (contains_any(lower, {"forfeit", "기권", "反則", "犯规"})) return re + "F";
  return re + margin_of(text);
}

bool looks_like_ngf(std::string_view bytes) {
  const ServerFileText file = strip_utf8_bom(bytes.substr(0, kNgfProbeBytes));
  const std::vector<TextLine> lines = split_text_lines(file.text, 0, kHeaderLines + 1);
  if (!lines.empty() && lines.front().text.substr(0, 2) == "GI") {
    if (lines.size() < kHeaderLines) return false;
    for (std::size_t i = 0; i + 1 < kHeaderLines; ++i) {
      if (lines[i].text.substr(0, 2) != "GI") return false;
    }
    return lines[kHeaderLines - 1].text.substr(0, 2) == "PM" &&
           parse_server_int(without_gi(lines[kGi.size].text)).has_value();
  }
  if (lines.size() < kHeaderLines) return false;
  for (const std::size_t i : {kPlain.size, kPlain.handicap, kHeaderLines - 1}) {
    if (!parse_server_int(lines[i].text)) return false;
  }
  return lines.size() == kHeaderLines || lines[kHeaderLines].text.substr(0, 2) == "PM" ||
         trim_ascii(lines[kHeaderLines].text).empty();
}

GoServerGame read_ngf_game(std::string_view bytes) {
  if (!looks_like_ngf(bytes)) {
    return not_this_format("not an NGF file: no 12-line header followed by PM moves");
  }
  return NgfReader(bytes).run();
}

}  // namespace ludex
