#include "importers/gib/gib_game.h"

#include <charconv>
#include <string>
#include <utility>
#include <vector>

#include "games/coord_text.h"

namespace ludex {
namespace {

constexpr std::int32_t kGibDefaultSide = 19;
// Tygem's level codes: 18 is 1 dan, 17 is 1 kyu (the real files' names and
// codes agree: "(2D)" 19, "(1급)" 17, "(15K)" 3, "(3段)" 20).
constexpr std::int32_t kFirstDanLevel = 18;
constexpr std::int32_t kLastDanLevel = 26;

// A header field as read: key, value bytes (the lines of a value that runs
// over several joined by "\n"), and the line it starts on.
struct GibField {
  std::string_view key;
  std::string value;
  TextLine line;
};

// A move as read, before the tree is built.
struct GibMove {
  std::int8_t seat = 0;  // 0: a pass whose colour follows from the order of play
  std::optional<Point> point;
  TextLine line;
};

// The value of KEY in a "KEY:VALUE,KEY:VALUE" list (GAMEINFOMAIN, GAMEINFOSUB).
std::optional<std::string_view> list_item(std::string_view list, std::string_view key) {
  std::size_t start = 0;
  while (start <= list.size()) {
    std::size_t end = list.find(',', start);
    if (end == std::string_view::npos) end = list.size();
    const std::string_view item = trim_ascii(list.substr(start, end - start));
    if (item.size() > key.size() && item.substr(0, key.size()) == key && item[key.size()] == ':') {
      return item.substr(key.size() + 1);
    }
    start = end + 1;
  }
  return std::nullopt;
}

// The value of a one-letter item of GAMETAG ("S1,R3,D5,G65,W8,Z0,C2016:03:26:..."):
// the letter followed by a digit or sign.
std::optional<std::string_view> tag_item(std::string_view tag, char letter) {
  std::size_t start = 0;
  while (start <= tag.size()) {
    std::size_t end = tag.find(',', start);
    if (end == std::string_view::npos) end = tag.size();
    const std::string_view item = trim_ascii(tag.substr(start, end - start));
    if (item.size() >= 2 && item[0] == letter &&
        ((item[1] >= '0' && item[1] <= '9') || item[1] == '-')) {
      return item.substr(1);
    }
    start = end + 1;
  }
  return std::nullopt;
}

// RE for a GRLT code and a ZIPSU margin in tenths; nullopt for a code
// whose meaning is unknown, "" for 255 (no result).
std::optional<std::string> gib_result(std::int64_t grlt, std::int64_t zipsu) {
  switch (grlt) {
    case 0:
    case 1:
      return std::string(grlt == 0 ? "B+" : "W+") + (zipsu > 0 ? tenths_text(zipsu) : "");
    case 2:
      return std::string("Draw");
    case 3:
      return std::string("B+R");
    case 4:
      return std::string("W+R");
    case 5:
      return std::string("B+F");
    case 6:
      return std::string("W+F");
    case 7:
      return std::string("B+T");
    case 8:
      return std::string("W+T");
    case 255:
      return std::string();
    default:
      return std::nullopt;
  }
}

// "kim (2D)" -> {"kim", "2D"}; "harpmaster(3段)" -> {"harpmaster", "3段"};
// a name without a rank in brackets at its end -> {name, ""}.
std::pair<std::string, std::string> split_name_rank(const std::string& text) {
  const std::string_view t = trim_ascii(text);
  const std::size_t open = t.rfind('(');
  if (t.empty() || t.back() != ')' || open == std::string_view::npos || open == 0) {
    return {std::string(t), ""};
  }
  return {std::string(trim_ascii(t.substr(0, open))),
          std::string(trim_ascii(t.substr(open + 1, t.size() - open - 2)))};
}

// The rank of a level code, "" when the code is not a known amateur level.
std::string level_rank(std::string_view code) {
  const std::optional<std::int64_t> level = parse_server_int(code);
  if (!level || *level < 1 || *level > kLastDanLevel) return {};
  if (*level >= kFirstDanLevel) return std::to_string(*level - kFirstDanLevel + 1) + "D";
  return std::to_string(kFirstDanLevel - *level) + "K";
}

class GibReader : private ServerReaderBase {
 public:
  explicit GibReader(std::string_view bytes) : file_(strip_utf8_bom(bytes)) {}

  GoServerGame run() {
    lines_ = split_text_lines(file_.text, file_.base);
    std::size_t i = 0;
    skip_blank(i);
    if (i < lines_.size() && trim_ascii(lines_[i].text) == "\\HS") {
      if (!read_header(++i)) return std::move(out_);
    }
    skip_blank(i);
    if (i >= lines_.size() || trim_ascii(lines_[i].text) != "\\GS") {
      fail(i < lines_.size() ? lines_[i].pos() : end_pos(),
           "no game: the line \\GS that starts a GIB game is missing");
      return std::move(out_);
    }
    if (!read_game(++i)) return std::move(out_);
    return build();
  }

 private:
  SourcePos end_pos() const {
    const std::int64_t end = file_.base + static_cast<std::int64_t>(file_.text.size());
    return SourcePos{end, static_cast<std::int32_t>(lines_.size() + 1), 1};
  }

  void skip_blank(std::size_t& i) const {
    while (i < lines_.size() && trim_ascii(lines_[i].text).empty()) ++i;
  }

  // Fields from line i up to "\HE"; i ends after it.
  bool read_header(std::size_t& i) {
    for (; i < lines_.size(); ++i) {
      const std::string_view text = trim_ascii(lines_[i].text);
      if (text == "\\HE") {
        ++i;
        return true;
      }
      if (text.empty()) continue;
      if (text.substr(0, 2) != "\\[" || text.find('=') == std::string_view::npos) {
        unread_.push_back(lines_[i]);
        continue;
      }
      GibField field;
      field.line = lines_[i];
      const std::size_t eq = text.find('=');
      field.key = text.substr(2, eq - 2);
      std::string_view rest = text.substr(eq + 1);
      while (rest.size() < 2 || rest.substr(rest.size() - 2) != "\\]") {
        field.value.append(rest);
        // A value may run over lines, but a line that starts a field or
        // ends the header means this one was never closed.
        if (++i >= lines_.size() || trim_ascii(lines_[i].text) == "\\HE" ||
            trim_ascii(lines_[i].text).substr(0, 2) == "\\[") {
          return fail(field.line.pos(), "header field '" + std::string(field.key) +
                                            "' does not end with \\] before the next field");
        }
        field.value.push_back('\n');
        rest = trim_ascii(lines_[i].text);
      }
      field.value.append(rest.substr(0, rest.size() - 2));
      fields_.push_back(std::move(field));
    }
    return fail(end_pos(), "the header has no end: the line \\HE is missing");
  }

  // Commands from line i up to "\GE".
  bool read_game(std::size_t& i) {
    bool first = true;
    for (; i < lines_.size(); ++i) {
      const TextLine& line = lines_[i];
      const std::string_view text = trim_ascii(line.text);
      if (text == "\\GE") {
        read_trailer(i + 1);
        return true;
      }
      if (text.empty()) continue;
      if (first) {
        first = false;
        start_line_ = line;
        continue;
      }
      read_command(line, text);
    }
    return fail(end_pos(), "the game has no end: the line \\GE is missing");
  }

  void read_command(const TextLine& line, std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t k = 0;
    while (k < text.size() && words.size() < 6) {
      while (k < text.size() && (text[k] == ' ' || text[k] == '\t')) ++k;
      const std::size_t start = k;
      while (k < text.size() && text[k] != ' ' && text[k] != '\t') ++k;
      if (k > start) words.push_back(text.substr(start, k - start));
    }
    const std::string_view command = words.empty() ? std::string_view() : words.front();
    if (command == "STO") {
      read_stone(line, words);
    } else if (command == "SKI") {
      moves_.push_back(GibMove{0, std::nullopt, line});
    } else if (command == "INI") {
      read_setup(line, text, words);
    } else if (words.size() == 3 && parse_server_int(words[0]) && words[2].substr(0, 1) == "&") {
      // "233 0 &4": a count of the lines that follow.
    } else {
      warn(line.pos(), "unknown GIB command " + quote_value(command) + "; kept unread");
      unread_.push_back(line);
    }
  }

  void read_stone(const TextLine& line, const std::vector<std::string_view>& words) {
    const std::optional<std::int64_t> colour =
        words.size() >= 6 ? parse_server_int(words[3]) : std::nullopt;
    const std::optional<std::int64_t> x =
        words.size() >= 6 ? parse_server_int(words[4]) : std::nullopt;
    const std::optional<std::int64_t> y =
        words.size() >= 6 ? parse_server_int(words[5]) : std::nullopt;
    if (!colour || !x || !y || (*colour != 1 && *colour != 2)) {
      warn(line.pos(),
           "move line " + quote_value(line.text) + " is not 'STO 0 <n> <1|2> <x> <y>'; skipped");
      return;
    }
    if (*x < 0 || *y < 0 || *x >= kMaxServerBoardSide || *y >= kMaxServerBoardSide) {
      warn(line.pos(), "move " + quote_value(line.text) + " is off any board; skipped");
      return;
    }
    moves_.push_back(GibMove{static_cast<std::int8_t>(*colour),
                             Point{static_cast<std::int16_t>(*x), static_cast<std::int16_t>(*y)},
                             line});
  }

  void read_setup(const TextLine& line, std::string_view text,
                  const std::vector<std::string_view>& words) {
    const std::optional<std::int64_t> stones =
        words.size() >= 4 ? parse_server_int(words[3]) : std::nullopt;
    if (!stones || *stones < 0 || *stones > 9) {
      warn(line.pos(),
           "setup line " + quote_value(text) + " gives no handicap of 0 to 9 stones; read as none");
    } else {
      handicap_ = static_cast<std::int32_t>(*stones);
      handicap_line_ = line;
    }
    // Anything after the handicap ("&4", a note of eweiqi's) is kept.
    if (words.size() >= 5) {
      const std::string_view tail =
          trim_ascii(text.substr(static_cast<std::size_t>(words[4].data() - text.data())));
      if (tail != "&4") setup_note_ = tail;
    }
  }

  void read_trailer(std::size_t i) {
    std::string trailer;
    const TextLine* first = nullptr;
    for (; i < lines_.size(); ++i) {
      if (trim_ascii(lines_[i].text).empty() && trailer.empty()) continue;
      if (first == nullptr) first = &lines_[i];
      trailer.append(lines_[i].text);
      trailer.push_back('\n');
    }
    if (first == nullptr) return;
    while (!trailer.empty() && (trailer.back() == '\n' || trailer.back() == ' '))
      trailer.pop_back();
    trailer_ = std::move(trailer);
    trailer_line_ = *first;
    warn(first->pos(), "text after \\GE (eweiqi's comments?) is kept unread as GIBAFTERGE");
  }

  const GibField* field(std::string_view key) const {
    for (const GibField& f : fields_) {
      if (f.key == key) return &f;
    }
    return nullptr;
  }

  std::string_view value(std::string_view key) const {
    const GibField* f = field(key);
    return f == nullptr ? std::string_view() : std::string_view(f->value);
  }

  using ServerReaderBase::decoded;
  std::string decoded(const GibField& f) {
    return ServerReaderBase::decoded(f.value, f.line, "field " + std::string(f.key));
  }

  std::optional<std::int32_t> board_side() {
    for (const std::string_view key : {"LINE", "GAMELINE"}) {
      const GibField* f = field(key);
      if (f == nullptr) continue;
      const std::optional<std::int64_t> side = parse_server_int(f->value);
      if (!side || *side < 2 || *side > kMaxServerBoardSide) {
        fail(f->line.pos(), "board size " + quote_value(f->value) + " is not 2 to 52 lines");
        return std::nullopt;
      }
      return static_cast<std::int32_t>(*side);
    }
    return kGibDefaultSide;
  }

  void read_players(GameRecord& game, std::vector<Property>& props) {
    std::string names[2];
    for (int seat = 0; seat < 2; ++seat) {
      const char* colour = seat == 0 ? "BLACK" : "WHITE";
      const GibField* name = field(std::string("GAME") + colour + "NAME");
      auto [player, rank] =
          name == nullptr ? std::pair<std::string, std::string>() : split_name_rank(decoded(*name));
      if (rank.empty()) rank = level_rank(value(std::string("GAME") + colour + "LEVEL"));
      if (rank.empty()) {
        const std::string list(seat == 0 ? "BUSERINFO" : "WUSERINFO");
        rank = level_rank(list_item(value(list), seat == 0 ? "BLV" : "WLV").value_or(""));
      }
      names[seat] = std::move(player);
      if (!rank.empty())
        props.push_back(Property{seat == 0 ? "BR" : "WR", {std::move(rank)}, false});
    }
    set_go_players(game, std::move(names[0]), std::move(names[1]));
  }

  void read_result(GameRecord& game) {
    const std::string_view main = value("GAMEINFOMAIN");
    const std::string_view tag = value("GAMETAG");
    std::optional<std::int64_t> grlt = parse_server_int(list_item(main, "GRLT").value_or(""));
    std::optional<std::int64_t> zipsu = parse_server_int(list_item(main, "ZIPSU").value_or(""));
    const GibField* where = field("GAMEINFOMAIN");
    if (!grlt) {
      grlt = parse_server_int(tag_item(tag, 'W').value_or(""));
      zipsu = parse_server_int(tag_item(tag, 'Z').value_or(""));
      where = field("GAMETAG");
    }
    if (!grlt) return;
    const std::optional<std::string> result = gib_result(*grlt, zipsu.value_or(0));
    if (!result) {
      warn(where->line.pos(), "result code GRLT " + std::to_string(*grlt) +
                                  " is not known; no result is set (GAMERESULT is kept)");
      return;
    }
    set_go_result(game, *result);
  }

  std::optional<std::string> komi() const {
    if (auto k = parse_server_int(list_item(value("GAMEINFOMAIN"), "GONGJE").value_or(""))) {
      return tenths_text(*k);
    }
    if (auto k = parse_server_int(tag_item(value("GAMETAG"), 'G').value_or("")))
      return tenths_text(*k);
    if (auto k = parse_server_int(value("GAMEGONGJE"))) return tenths_text(*k);
    return std::nullopt;
  }

  std::optional<std::string> date() const {
    if (auto c = tag_item(value("GAMETAG"), 'C')) {
      if (auto d = parse_server_date(*c)) return d;
    }
    if (auto g = list_item(value("GAMEINFOSUB"), "GDATE")) {
      if (auto d = parse_server_date(*g)) return d;
    }
    return parse_server_date(value("GAMEDATE"));
  }

  static bool taken_into_fields(std::string_view key) {
    return key == "GAMEBLACKNAME" || key == "GAMEWHITENAME" || key == "GAMENAME" ||
           key == "GAMEPLACE" || key == "LINE" || key == "GAMELINE";
  }

  GoServerGame build() {
    std::vector<std::string_view> samples;
    for (const GibField& f : fields_) samples.push_back(f.value);
    samples.push_back(setup_note_);
    decoder_.emplace(file_.had_bom, "", samples);
    const std::optional<std::int32_t> side = board_side();
    if (!side) return std::move(out_);
    GameRecord game = new_go_record("gib", *side);
    game.charset = decoder_->charset();
    std::vector<Property> props;
    if (const std::optional<std::string> km = komi()) props.push_back(Property{"KM", {*km}, false});
    read_players(game, props);
    read_result(game);
    if (const std::optional<std::string> dt = date()) game.date = *dt;
    if (const GibField* f = field("GAMENAME")) game.event = decoded(*f);
    if (const GibField* f = field("GAMEPLACE")) {
      std::string place = decoded(*f);
      if (!place.empty()) props.push_back(Property{"PC", {std::move(place)}, false});
    }
    if (start_line_.number != 0) {
      props.push_back(
          Property{"GIBSTART",
                   {decoded(trim_ascii(start_line_.text), start_line_, "first game line")},
                   false});
    }
    for (const GibField& f : fields_) {
      if (!taken_into_fields(f.key))
        props.push_back(Property{kept_field_id("GIB", f.key), {decoded(f)}, false});
    }
    if (!setup_note_.empty()) {
      props.push_back(
          Property{"GIBINI", {decoded(setup_note_, handicap_line_, "setup note")}, false});
    }
    for (const TextLine& line : unread_) {
      props.push_back(Property{"GIBUNREAD", {decoded(line.text, line, "line")}, false});
    }
    if (!trailer_.empty()) {
      props.push_back(
          Property{"GIBAFTERGE", {decoded(trailer_, trailer_line_, "text after \\GE")}, false});
    }
    game.tree.set_props(0, props);
    add_moves(game);
    if (handicap_ >= 2)
      place_handicap(game, handicap_, HandicapLayout::kTygem, handicap_line_.pos());
    return finish(std::move(game));
  }

  void add_moves(GameRecord& game) {
    NodeIndex node = 0;
    std::int8_t last = handicap_ >= 2 ? 1 : 2;
    for (const GibMove& m : moves_) {
      if (m.point && (m.point->x >= game.columns || m.point->y >= game.rows)) {
        warn(m.line.pos(), "move " + quote_value(m.line.text) + " is off the " +
                               std::to_string(game.columns) + "x" + std::to_string(game.rows) +
                               " board; skipped");
        continue;
      }
      const std::int8_t seat = m.seat != 0 ? m.seat : static_cast<std::int8_t>(3 - last);
      node = append_go_move(game, node, seat, m.point, m.line.pos());
      last = seat;
    }
  }

  ServerFileText file_;
  std::vector<TextLine> lines_;
  std::vector<GibField> fields_;
  std::vector<GibMove> moves_;
  std::vector<TextLine> unread_;
  TextLine start_line_;  // the game's first line ("2 1 0"); number 0 when none
  std::int32_t handicap_ = 0;
  TextLine handicap_line_;
  std::string_view setup_note_;
  std::string trailer_;
  TextLine trailer_line_;  // the first line of trailer_
};

}  // namespace

bool looks_like_gib(std::string_view bytes) {
  const std::string_view line = trim_ascii(first_text_line(bytes));
  return line == "\\HS" || line == "\\GS";
}

GoServerGame read_gib_game(std::string_view bytes) {
  if (!looks_like_gib(bytes))
    return not_this_format("not a GIB file: it does not start with \\HS or \\GS");
  return GibReader(bytes).run();
}

}  // namespace ludex
