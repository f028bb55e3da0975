#include "importers/ugf/ugf_game.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <utility>
#include <vector>

#include "games/coord_text.h"
#include "games/go_points.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

constexpr std::int32_t kUgfDefaultSide = 19;
constexpr std::size_t kNoSection = static_cast<std::size_t>(-1);

struct Section {
  std::string_view name;
  std::size_t heading = 0;         // index of its "[Name]" line
  std::vector<std::size_t> lines;  // indices of its other non-blank lines
};

// A move of [Data] or a node of [ReviewNode], before the tree is built.
struct UgfMove {
  std::int8_t seat = 0;  // 0: a node without a move
  std::optional<Point> point;
};

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(',', start);
    parts.push_back(
        trim_ascii(text.substr(start, end == std::string_view::npos ? end : end - start)));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

bool is_real(std::string_view text) {
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) text.remove_prefix(1);
  const std::size_t dot = text.find('.');
  const std::string_view whole = text.substr(0, dot);
  const std::string_view fraction = dot == std::string_view::npos ? "" : text.substr(dot + 1);
  const auto digits = [](std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  return !whole.empty() && digits(whole) && digits(fraction) &&
         (dot == std::string_view::npos || !fraction.empty());
}

// RE of a Winner value; nullopt when it names no winner the way ludex knows.
std::optional<std::string> ugf_result(std::string_view winner) {
  const std::vector<std::string_view> f = split_commas(winner);
  const std::string_view side = f[0];
  const std::string_view how = f.size() > 1 ? f[1] : std::string_view();
  if (side == "D") return std::string("Draw");
  if (side == "N" || side == "A") return std::string();
  if (side != "B" && side != "W") return std::nullopt;
  const std::string re = std::string(side) + "+";
  if (how == "C") return re + "R";
  if (how == "T" || how == "F") return re + std::string(how);
  if (how.empty() || is_real(how)) return re + std::string(how);
  return std::nullopt;
}

bool is_read_section(std::string_view name) {
  for (const std::string_view known : {"Header", "Data", "ReviewNode", "ReviewComment"}) {
    if (iequals(name, known)) return true;
  }
  return false;
}

class UgfReader : private ServerReaderBase {
 public:
  explicit UgfReader(std::string_view bytes) : file_(strip_utf8_bom(bytes)) {}

  GoServerGame run() {
    lines_ = split_text_lines(file_.text, file_.base);
    read_sections();
    const Section* header = section("Header");
    if (header == nullptr) {
      fail(SourcePos{file_.base, 1, 1}, "no [Header] section");
      return std::move(out_);
    }
    read_header(*header);
    if (!check_crypt()) return std::move(out_);
    std::vector<std::string_view> samples;
    for (const auto& [key, line] : header_) samples.push_back(value_of(line));
    if (const Section* comments = section("ReviewComment")) {
      for (const std::size_t i : comments->lines) samples.push_back(lines_[i].text);
    }
    decoder_.emplace(file_.had_bom, charset_label(), samples);
    const std::optional<std::int32_t> side = board_side();
    if (!side) return std::move(out_);
    GameRecord game = new_go_record("ugf", *side);
    game.charset = decoder_->charset();
    igs_ = iequals(trim_ascii(header_value("CoordinateType")), "IGS");
    build(game);
    return finish(std::move(game));
  }

 private:
  void read_sections() {
    std::size_t current = kNoSection;
    for (std::size_t i = 0; i < lines_.size(); ++i) {
      const std::string_view text = trim_ascii(lines_[i].text);
      if (text.empty()) continue;
      if (text.size() >= 2 && text.front() == '[' && text.back() == ']' &&
          text.find('=') == std::string_view::npos) {
        sections_.push_back(Section{text.substr(1, text.size() - 2), i, {}});
        current = sections_.size() - 1;
      } else if (current != kNoSection) {
        sections_[current].lines.push_back(i);
      } else {
        warn(lines_[i].pos(), "text before the first section is ignored");
      }
    }
  }

  const Section* section(std::string_view name) const {
    for (const Section& s : sections_) {
      if (iequals(s.name, name)) return &s;
    }
    return nullptr;
  }

  void read_header(const Section& header) {
    for (const std::size_t i : header.lines) {
      const std::string_view text = trim_ascii(lines_[i].text);
      const std::size_t eq = text.find('=');
      if (eq == std::string_view::npos || trim_ascii(text.substr(0, eq)).empty()) {
        warn(lines_[i].pos(), "header line " + quote_value(text) + " is not KEY=VALUE; ignored");
        continue;
      }
      header_.emplace_back(trim_ascii(text.substr(0, eq)), i);
    }
  }

  std::string_view value_of(std::size_t line) const {
    const std::string_view text = trim_ascii(lines_[line].text);
    return trim_ascii(text.substr(text.find('=') + 1));
  }

  std::string_view header_value(std::string_view key) const {
    for (const auto& [k, line] : header_) {
      if (k == key) return value_of(line);
    }
    return {};
  }

  const TextLine* header_line(std::string_view key) const {
    for (const auto& [k, line] : header_) {
      if (k == key) return &lines_[line];
    }
    return nullptr;
  }

  bool check_crypt() {
    const std::string_view crypt = header_value("Crypt");
    if (crypt.empty() || split_commas(crypt)[0] == "0") return true;
    fail(header_line("Crypt")->pos(), "encrypted UGF file (Crypt=" + std::string(crypt) +
                                          "): PandaNet's encryption cannot be read");
    return false;
  }

  std::string charset_label() const {
    const std::string_view lang = trim_ascii(header_value("Lang"));
    if (iequals(lang, "SJIS")) return "Shift_JIS";
    if (iequals(lang, "UTF8")) return "UTF-8";
    return canonical_charset(lang).empty() ? std::string() : std::string(lang);
  }

  std::optional<std::int32_t> board_side() {
    const std::string_view size = header_value("Size");
    if (size.empty()) return kUgfDefaultSide;
    const std::optional<std::int64_t> side = parse_server_int(size);
    if (!side || *side < 2 || *side > kMaxServerBoardSide) {
      fail(header_line("Size")->pos(), "board size " + quote_value(size) + " is not 2 to 52 lines");
      return std::nullopt;
    }
    return static_cast<std::int32_t>(*side);
  }

  std::string decoded(std::string_view bytes, const TextLine& line) {
    return ServerReaderBase::decoded(bytes, line, "line " + std::to_string(line.number));
  }

  // The value of header `key` decoded, "" when absent. No warning: every
  // header line is decoded again, with one, when it is kept as a property.
  std::string decoded_header(std::string_view key) const {
    return decoder_->decode(header_value(key));
  }

  void add_header_fields(GameRecord& game, std::vector<Property>& props) {
    const std::string hdcp_text = decoded_header("Hdcp");
    const std::vector<std::string_view> hdcp = split_commas(hdcp_text);
    if (hdcp.size() > 1 && !hdcp[1].empty()) {
      props.push_back(Property{"KM", {std::string(hdcp[1])}, false});
    }
    handicap_ = static_cast<std::int32_t>(parse_server_int(hdcp[0]).value_or(0));
    std::string names[2];
    for (int seat = 0; seat < 2; ++seat) {
      const std::string player = decoded_header(seat == 0 ? "PlayerB" : "PlayerW");
      const std::vector<std::string_view> f = split_commas(player);
      names[seat] = std::string(f[0]);
      if (f.size() > 1 && !f[1].empty()) {
        props.push_back(Property{seat == 0 ? "BR" : "WR", {std::string(f[1])}, false});
      }
    }
    set_go_players(game, std::move(names[0]), std::move(names[1]));
    const std::string_view winner = header_value("Winner");
    if (!winner.empty()) {
      if (const std::optional<std::string> re = ugf_result(winner)) {
        set_go_result(game, *re);
      } else {
        warn(header_line("Winner")->pos(),
             "Winner=" + std::string(winner) + " names no result ludex knows; no RE is set");
      }
    }
    if (auto date = parse_server_date(split_commas(header_value("Date"))[0])) game.date = *date;
    const std::pair<const char*, const char*> mapped[] = {
        {"Place", "PC"}, {"Rule", "RU"}, {"Copyright", "CP"}, {"Title", "GN"}, {"Comment", "GC"}};
    for (const auto& [key, id] : mapped) {
      std::string text = decoded_header(key);
      if (!text.empty()) props.push_back(Property{id, {std::move(text)}, false});
    }
    for (const auto& [key, line] : header_) {
      props.push_back(
          Property{kept_field_id("UGF", key), {decoded(value_of(line), lines_[line])}, false});
    }
  }

  // The point of column c and row r counted from 0 ('A' = 0 in [Data]).
  std::optional<Point> point_at(std::int64_t c, std::int64_t r, std::int32_t side) const {
    if (c < 0 || r < 0 || c >= side || r >= side) return std::nullopt;
    const std::int64_t y = igs_ ? side - 1 - r : r;
    return Point{static_cast<std::int16_t>(c), static_cast<std::int16_t>(y)};
  }

  // [Data]: setup stones into `setup`, moves into moves_.
  void read_data(const GameRecord& game, Property setup[2]) {
    const Section* data = section("Data");
    if (data == nullptr) return;
    for (const std::size_t i : data->lines) {
      const TextLine& line = lines_[i];
      const std::vector<std::string_view> f = split_commas(trim_ascii(line.text));
      const std::optional<std::int64_t> number =
          f.size() >= 3 ? parse_server_int(f[2]) : std::nullopt;
      const char colour = f.size() >= 2 && !f[1].empty() ? f[1][0] : '\0';
      if (!number || f[0].size() != 2 || (colour != 'B' && colour != 'W')) {
        warn(line.pos(), "move line " + quote_value(line.text) + " is not 'XY,B1,n,t'; skipped");
        continue;
      }
      const bool pass = f[0] == "YA" || f[0] == "ZZ";
      const std::optional<Point> point = point_at(f[0][0] - 'A', f[0][1] - 'A', game.columns);
      if (!pass && !point) {
        warn(line.pos(), "move " + quote_value(line.text) + " is off the board; skipped");
        continue;
      }
      const std::int8_t seat = colour == 'B' ? 1 : 2;
      if (*number == 0 && point) {
        setup[seat - 1].values.push_back(format_go_point(*point));
      } else {
        moves_.push_back(UgfMove{seat, pass ? std::nullopt : point});
        move_lines_.push_back(i);
      }
    }
  }

  // The main line of [Data] as the tree; node numbers as [ReviewNode]'s.
  void build_from_data(GameRecord& game) {
    NodeIndex node = 0;
    nodes_[1] = 0;
    for (std::size_t k = 0; k < moves_.size(); ++k) {
      node =
          append_go_move(game, node, moves_[k].seat, moves_[k].point, lines_[move_lines_[k]].pos());
      nodes_[static_cast<std::int64_t>(k) + 2] = node;
    }
  }

  // [ReviewNode] as the tree; false when it has no move (then [Data] is used).
  bool build_from_review(GameRecord& game) {
    const Section* review = section("ReviewNode");
    if (review == nullptr) return false;
    bool any_move = false;
    std::vector<NodeIndex> stack;
    NodeIndex current = 0;
    bool first = true;
    bool main_next = false;
    for (const std::size_t i : review->lines) {
      const TextLine& line = lines_[i];
      const std::string_view text = trim_ascii(line.text);
      if (text.substr(0, 12) == "VARIATIONEND") {
        if (stack.empty()) {
          warn(line.pos(), "VARIATIONEND without VARIATION; ignored");
          continue;
        }
        current = stack.back();
        stack.pop_back();
        main_next = true;
        continue;
      }
      if (text.substr(0, 9) == "VARIATION") {
        stack.push_back(current);
        continue;
      }
      const std::vector<std::string_view> f = split_commas(text);
      std::optional<std::int64_t> v[4];
      for (std::size_t k = 0; k < 4; ++k)
        v[k] = f.size() >= 5 ? parse_server_int(f[k + 1]) : std::nullopt;
      if (f[0] != "NODE" || !v[0] || !v[1] || !v[2] || !v[3] || *v[1] < 0 || *v[1] > 2) {
        warn(line.pos(),
             "review line " + quote_value(text) + " is not 'NODE,n,colour,x,y'; skipped");
        continue;
      }
      if (first && *v[1] == 0) {
        nodes_[*v[0]] = 0;
        first = false;
        continue;
      }
      first = false;
      const NodeIndex node =
          *v[1] == 0 ? game.tree.add_child(current)
                     : append_go_move(game, current, static_cast<std::int8_t>(*v[1]),
                                      point_at(*v[2] - 1, *v[3] - 1, game.columns), line.pos());
      game.tree.set_pos(node, line.pos());
      any_move = any_move || *v[1] != 0;
      if (main_next) game.tree.set_main_flag(node, true);
      main_next = false;
      nodes_[*v[0]] = node;
      current = node;
    }
    return any_move;
  }

  void read_comments(GameRecord& game, std::vector<Property>& props) {
    const Section* comments = section("ReviewComment");
    if (comments == nullptr) return;
    std::optional<std::int64_t> node;
    const TextLine* heading = nullptr;
    std::string text;
    auto flush = [&] {
      if (heading == nullptr) return;
      const auto it = node ? nodes_.find(*node) : nodes_.end();
      if (it == nodes_.end()) {
        warn(heading->pos(), "comment of an unknown node; kept as UGFCOMMENT");
        props.push_back(Property{"UGFCOMMENT", {std::move(text)}, false});
      } else {
        const std::string* old = game.tree.data(it->second).comment;
        game.tree.set_comment(it->second, old == nullptr ? std::move(text) : *old + "\n" + text);
      }
      text.clear();
    };
    for (const std::size_t i : comments->lines) {
      const std::string_view line = trim_ascii(lines_[i].text);
      if (line.substr(0, 8) == ".Comment") {
        flush();
        heading = &lines_[i];
        const std::vector<std::string_view> f = split_commas(line);
        node = f.size() > 1 ? parse_server_int(f[1]) : std::nullopt;
        continue;
      }
      if (heading == nullptr) continue;
      if (!text.empty()) text.push_back('\n');
      text += decoded(line, lines_[i]);
    }
    flush();
  }

  void build(GameRecord& game) {
    std::vector<Property> props;
    add_header_fields(game, props);
    Property setup[2] = {Property{"AB", {}, false}, Property{"AW", {}, false}};
    read_data(game, setup);
    const bool has_setup = !setup[0].values.empty() || !setup[1].values.empty();
    if (has_setup && handicap_ >= 2)
      props.push_back(Property{"HA", {std::to_string(handicap_)}, false});
    for (Property& p : setup) {
      if (!p.values.empty()) props.push_back(std::move(p));
    }
    for (const Section& s : sections_) {
      if (is_read_section(s.name)) continue;
      std::string text;
      for (const std::size_t i : s.lines) text += std::string(lines_[i].text) + "\n";
      props.push_back(
          Property{"UGF" + kept_field_id("", s.name), {decoded(text, lines_[s.heading])}, false});
    }
    if (!build_from_review(game)) {
      nodes_.clear();
      game.tree = GameTree();
      game.tree.add_root();
      game.tree.set_pos(0, game.pos);
      build_from_data(game);
    }
    read_comments(game, props);
    for (Property& p : props) game.tree.add_prop(0, std::move(p));
    if (!has_setup && handicap_ >= 2) {
      const TextLine* line = header_line("Hdcp");
      place_handicap(game, handicap_, HandicapLayout::kJapanese, line->pos());
    }
  }

  ServerFileText file_;
  std::vector<TextLine> lines_;
  std::vector<Section> sections_;
  std::vector<std::pair<std::string_view, std::size_t>> header_;  // key, line index
  bool igs_ = false;
  std::int32_t handicap_ = 0;
  std::vector<UgfMove> moves_;
  std::vector<std::size_t> move_lines_;
  std::map<std::int64_t, NodeIndex> nodes_;  // [ReviewNode] number -> node
};

}  // namespace

bool looks_like_ugf(std::string_view bytes) {
  return iequals(trim_ascii(first_text_line(bytes)), "[Header]");
}

GoServerGame read_ugf_game(std::string_view bytes) {
  if (!looks_like_ugf(bytes))
    return not_this_format("not a UGF file: it does not start with [Header]");
  return UgfReader(bytes).run();
}

}  // namespace ludex
