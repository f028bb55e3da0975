#include "importers/sgf/go_analysis.h"

#include <zlib.h>

#include <array>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <utility>

#include "games/coord_text.h"
#include "importers/sgf/sgf_text.h"

namespace ludex {
namespace {

// The most a KaTrain analysis may inflate to: its JSON is some kilobytes
// per node; more is not KaTrain's.
constexpr std::size_t kMaxInflated = 16 << 20;
// KataGo prints its three probabilities with two decimals each: their sum
// is 1 within 3 * 0.005.
constexpr double kProbabilitySumSlack = 0.0151;

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// The words of a line, split at runs of spaces and tabs.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_blank(line[i])) ++i;
    const std::size_t begin = i;
    while (i < line.size() && !is_blank(line[i])) ++i;
    if (i > begin) out.push_back(line.substr(begin, i - begin));
  }
  return out;
}

// A decimal number as C, Java and JavaScript print one: optional sign,
// digits with an optional fraction, an optional exponent ("1.0E-4" is how
// Java prints small doubles). No "inf", "nan" or hexadecimal.
std::optional<double> parse_number(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  std::size_t digits = 0;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) ++digits;
  if (i < text.size() && text[i] == '.') {
    ++i;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
    const std::size_t exponent_begin = i;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
    }
    if (i == exponent_begin) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  // from_chars takes no '+', and a '-' only where it is.
  const std::size_t start = text.front() == '+' ? 1 : 0;
  double value = 0;
  const auto r = std::from_chars(text.data() + start, text.data() + text.size(), value);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<std::int64_t> parse_count(std::string_view text) {
  std::int64_t value = 0;
  const auto r = std::from_chars(text.data(), text.data() + text.size(), value);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

// Lizzie's visit counts: "350", "1.2k", "13k", "2.5m" (Utils.getPlayoutsString).
std::optional<std::int64_t> parse_visits(std::string_view text) {
  double factor = 1;
  if (!text.empty() && (text.back() == 'k' || text.back() == 'K')) {
    factor = 1e3;
    text.remove_suffix(1);
  } else if (!text.empty() && (text.back() == 'm' || text.back() == 'M')) {
    factor = 1e6;
    text.remove_suffix(1);
  }
  if (factor == 1) return parse_count(text);
  const std::optional<double> value = parse_number(text);
  if (!value || *value < 0 || *value > 1e12) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(*value * factor));
}

// Lizzie printed its win rate with the user's locale: "45,3" is 45.3.
std::optional<double> parse_locale_number(std::string_view text) {
  if (text.find(',') == std::string_view::npos) return parse_number(text);
  std::string copy(text);
  for (char& c : copy) {
    if (c == ',') c = '.';
  }
  return parse_number(copy);
}

// A value worked out from what a file wrote (100 * 0.5573, 100 - 48.8),
// rounded to 6 decimals: the programs write at most 4, and a stored 55.73
// reads better than 55.730000000000004.
double tidy(double v) {
  return std::round(v * 1e6) / 1e6;
}

bool is_percent(double v) {
  return v >= 0 && v <= 100;
}

Error error(std::string message) {
  return Error{{}, std::move(message)};
}

// The first line of a LZ value. The engine's name may hold spaces (LizzieYzy
// writes the name the user gave) or be empty (then the line starts with a
// space): the name ends at the first word that is a number followed by a
// visit count, and at most three numbers may follow those two.
std::optional<Error> parse_lizzie_first_line(std::string_view line, LizzieAnalysis* out) {
  const std::vector<std::string_view> w = words(line);
  const std::size_t first = !line.empty() && line.front() == ' ' ? 0 : 1;
  for (std::size_t k = first; k + 2 <= w.size(); ++k) {
    const std::optional<double> win_rate = parse_locale_number(w[k]);
    const std::optional<std::int64_t> visits = parse_visits(w[k + 1]);
    if (!win_rate || !visits) continue;
    if (w.size() - (k + 2) > 3) break;
    std::array<std::optional<double>, 3> more;
    for (std::size_t j = k + 2; j < w.size(); ++j) {
      more[j - k - 2] = parse_number(w[j]);
      if (!more[j - k - 2]) return error("'" + std::string(w[j]) + "' is not a number");
    }
    if (!is_percent(*win_rate))
      return error("the win rate " + std::string(w[k]) + " is not 0 to 100");
    out->engine.clear();
    for (std::size_t j = 0; j < k; ++j) {
      if (j > 0) out->engine += ' ';
      out->engine += w[j];
    }
    out->win_rate = *win_rate;
    out->visits = *visits;
    out->score_mean = more[0];
    return std::nullopt;
  }
  return error("the first line is not '<engine> <win rate> <visits> [<score> <stdev>]'");
}

bool ends_pv(std::string_view word) {
  return word == "info" || word == "pvVisits" || word == "pvEdgeVisits" || word == "ownership";
}

// The candidates' line: "move Q16 visits 120 winrate 5432 ... pv Q16 D4 info
// move ...", LizzieYzy's pvVisits after a pv and its ownership at the end.
std::optional<Error> parse_lizzie_candidates(std::string_view line, LizzieAnalysis* out) {
  const std::vector<std::string_view> w = words(line);
  std::size_t i = 0;
  while (i < w.size()) {
    if (w[i] == "info") {
      ++i;
      continue;
    }
    if (w[i] == "ownership") break;  // one number per point, to the end
    const std::string number = std::to_string(out->candidates.size() + 1);
    if (w[i] != "move") return error("candidate " + number + " does not start with 'move'");
    LizzieCandidate& c = out->candidates.emplace_back();
    bool have_visits = false;
    bool have_win_rate = false;
    while (i < w.size() && w[i] != "info" && w[i] != "ownership") {
      const std::string_view key = w[i];
      if (key == "pv") {
        for (++i; i < w.size() && !ends_pv(w[i]); ++i) c.pv.emplace_back(w[i]);
        continue;
      }
      if (key == "pvVisits" || key == "pvEdgeVisits") {
        for (++i; i < w.size() && parse_count(w[i]); ++i) {
        }
        continue;
      }
      if (i + 1 >= w.size()) {
        return error("candidate " + number + ": '" + std::string(key) + "' has no value");
      }
      const std::string_view value = w[i + 1];
      i += 2;
      if (key == "move") {
        c.move = value;
      } else if (key == "visits") {
        const std::optional<std::int64_t> v = parse_count(value);
        if (!v) return error("candidate " + number + ": visits " + std::string(value));
        c.visits = *v;
        have_visits = true;
      } else if (key == "winrate") {
        const std::optional<double> v = parse_number(value);
        if (!v || *v < 0 || *v > 10000) {
          return error("candidate " + number + ": winrate " + std::string(value) +
                       " is not 0 to 10000");
        }
        c.win_rate = *v / 100;
        have_win_rate = true;
      } else if (key == "scoreMean") {
        c.score_mean = parse_number(value);
        if (!c.score_mean) {
          return error("candidate " + number + ": scoreMean " + std::string(value));
        }
      }
      // Other keys (prior, lcb, order, scoreStdev, ...) are not needed.
    }
    if (c.move.empty() || !have_visits || !have_win_rate) {
      return error("candidate " + number + " lacks its move, visits or winrate");
    }
  }
  return std::nullopt;
}

std::optional<int> base64_digit(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return std::nullopt;
}

// Standard base64 (RFC 4648 section 4) with its padding; blanks are skipped.
std::optional<std::string> base64_decode(std::string_view text) {
  std::string out;
  out.reserve(text.size() / 4 * 3);
  std::uint32_t bits = 0;
  int have = 0;
  std::size_t padding = 0;
  for (const char c : text) {
    if (is_blank(c)) continue;
    if (c == '=') {
      ++padding;
      continue;
    }
    const std::optional<int> d = base64_digit(c);
    if (!d || padding > 0) return std::nullopt;
    bits = (bits << 6) | static_cast<std::uint32_t>(*d);
    have += 6;
    if (have >= 8) {
      have -= 8;
      out.push_back(static_cast<char>((bits >> have) & 0xFF));
    }
  }
  if (padding > 2 || have >= 6) return std::nullopt;
  return out;
}

// gzip data inflated (zlib); nullopt when it is not gzip or inflates to
// more than kMaxInflated bytes.
std::optional<std::string> gunzip(std::string_view data) {
  z_stream z{};
  if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return std::nullopt;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  std::string out;
  std::array<char, 16384> buffer{};
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer.data());
    z.avail_out = static_cast<uInt>(buffer.size());
    status = inflate(&z, Z_NO_FLUSH);
    if (status != Z_OK && status != Z_STREAM_END) break;
    out.append(buffer.data(), buffer.size() - z.avail_out);
    if (out.size() > kMaxInflated) status = Z_MEM_ERROR;
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END) return std::nullopt;
  return out;
}

// "0.52": a probability as KataGo prints it (%.2f).
std::optional<double> katago_probability(std::string_view w) {
  if (w.size() != 4 || w[1] != '.') return std::nullopt;
  const std::optional<double> v = parse_number(w);
  if (!v || *v < 0 || *v > 1) return std::nullopt;
  return v;
}

// "-1.3": a score as KataGo prints it (%.1f).
std::optional<double> katago_score(std::string_view w) {
  const std::size_t dot = w.find('.');
  if (dot == std::string_view::npos || dot + 2 != w.size()) return std::nullopt;
  return parse_number(w);
}

// The side to move after node i: its PL, else the other side than its last
// move's, else the same as after its parent; at the root without PL or
// moves, White in a handicap game (HA of 2 or more and Black's stones set
// up), else Black. Seats: 1 = Black, 2 = White.
std::int8_t side_to_move(const GameTree& tree, NodeIndex i) {
  for (NodeIndex n = i;; n = tree.parent(n)) {
    const NodeView d = tree.data(n);
    for (const Property& p : d.props) {
      if (p.id != "PL" || p.values.size() != 1) continue;
      const std::string_view v = trim_ascii(p.values.front());
      if (v == "B" || v == "b" || v == "1") return 1;
      if (v == "W" || v == "w" || v == "2") return 2;
    }
    for (auto m = d.moves.rbegin(); m != d.moves.rend(); ++m) {
      if (m->seat == 1 || m->seat == 2) return static_cast<std::int8_t>(3 - m->seat);
    }
    if (tree.parent(n) == kNoNode) {
      bool handicap = false;
      bool black_setup = false;
      for (const Property& p : d.props) {
        if (p.id == "AB") black_setup = true;
        if (p.id == "HA" && p.values.size() == 1) {
          const std::optional<double> stones = parse_number(trim_ascii(p.values.front()));
          handicap = stones && *stones >= 2;
        }
      }
      return handicap && black_setup ? 2 : 1;
    }
  }
}

class AnalysisReader {
 public:
  explicit AnalysisReader(GameRecord& game) : game_(game), tree_(game.tree) {}

  void run() {
    for (NodeIndex i = 0; i < tree_.size(); ++i) {
      // The comment's evaluation goes to the parent first: the parent's
      // evaluations are then usually still the last of the array, and
      // appending to them moves nothing.
      read_katago_comment(i);
      read_properties(i);
    }
  }

 private:
  void warn(NodeIndex i, const Property& p, std::string_view program, const std::string& why) {
    Diagnostic d;
    d.severity = Severity::kWarning;
    d.game_index = game_.game_index;
    d.pos = tree_.data(i).pos;
    std::string shown = p.id;
    for (const std::string& v : p.values) shown += sgf_value_for_message(v);
    d.message =
        std::string(program) + " analysis " + shown + " kept as a property, no evaluation: " + why;
    game_.warnings.push_back(std::move(d));
  }

  void add(NodeIndex i, EvalSource source, double value) {
    Evaluation e;
    e.source = source;
    e.value = value;
    tree_.add_evaluation(i, e);
  }

  bool has_source(NodeIndex i, EvalSource source) const {
    for (const Evaluation& e : tree_.data(i).evaluations) {
      if (e.source == source) return true;
    }
    return false;
  }

  void read_katago_comment(NodeIndex i) {
    const NodeIndex parent = tree_.parent(i);
    const std::string* comment = tree_.data(i).comment;
    if (parent == kNoNode || comment == nullptr || comment->empty()) return;
    const char c = comment->front();
    if ((c < '0' || c > '9') && c != 'P') return;  // the usual comment costs one test
    const std::optional<KataGoComment> k = parse_katago_comment(*comment);
    if (!k || has_source(parent, EvalSource::kKataGo)) return;
    add(parent, EvalSource::kKataGo, tidy(k->black_win_rate()));
    add(parent, EvalSource::kKataGoScore, -k->white_score);
  }

  // The node's analysis properties, each source from its first property.
  void read_properties(NodeIndex i) {
    // Adding an evaluation leaves the props where they are, but a NodeView
    // is taken again after each change.
    bool sabaki = false;
    bool sabaki_score = false;
    bool lizzie = false;
    bool katrain = false;
    const std::size_t count = tree_.data(i).props.size();
    for (std::size_t k = 0; k < count; ++k) {
      const Property& p = tree_.data(i).props[k];
      if (p.id.size() < 2 || p.id.size() > 4) continue;
      if (p.id == "SBKV" && !sabaki) {
        sabaki = true;
        const std::optional<double> v =
            p.values.size() == 1 ? parse_sabaki_win_rate(p.values.front()) : std::nullopt;
        if (!v) {
          warn(i, p, "Sabaki", "not one win rate in percent, 0 to 100");
          continue;
        }
        add(i, EvalSource::kSabaki, *v);
      } else if (p.id == "SBKS" && !sabaki_score) {
        sabaki_score = true;
        const std::optional<double> v =
            p.values.size() == 1 ? parse_sabaki_score(p.values.front()) : std::nullopt;
        if (!v) {
          warn(i, p, "Sabaki", "not one score lead");
          continue;
        }
        add(i, EvalSource::kSabakiScore, *v);
      } else if ((p.id == "LZ" || (p.id == "LZOP" && i == 0)) && !lizzie) {
        lizzie = true;
        read_lizzie(i, p);
      } else if (p.id == "KT" && !katrain) {
        katrain = true;
        const Result<KaTrainAnalysis> a = parse_katrain_analysis(p.values);
        if (!a) {
          warn(i, p, "KaTrain", a.error().message);
          continue;
        }
        add(i, EvalSource::kKaTrain, tidy(a->win_rate));
        if (a->score_lead) add(i, EvalSource::kKaTrainScore, *a->score_lead);
      }
    }
  }

  void read_lizzie(NodeIndex i, const Property& p) {
    if (p.values.size() != 1) {
      warn(i, p, "Lizzie", "more than one value");
      return;
    }
    const Result<LizzieAnalysis> a = parse_lizzie_analysis(p.values.front());
    if (!a) {
      warn(i, p, "Lizzie", a.error().message);
      return;
    }
    // No visits: Lizzie wrote its parent's value again, not an analysis.
    if (a->visits == 0) return;
    const bool black_to_move = side_to_move(tree_, i) == 1;
    add(i, EvalSource::kLizzie, tidy(black_to_move ? 100 - a->win_rate : a->win_rate));
    if (const std::optional<double> score = a->side_to_move_score()) {
      add(i, EvalSource::kLizzieScore, black_to_move ? *score : -*score);
    }
  }

  GameRecord& game_;
  GameTree& tree_;
};

}  // namespace

std::optional<double> parse_sabaki_win_rate(std::string_view text) {
  const std::optional<double> v = parse_number(trim_ascii(text));
  if (!v || !is_percent(*v)) return std::nullopt;
  return v;
}

std::optional<double> parse_sabaki_score(std::string_view text) {
  return parse_number(trim_ascii(text));
}

std::optional<double> LizzieAnalysis::side_to_move_score() const {
  if (score_mean) return score_mean;
  if (!candidates.empty()) return candidates.front().score_mean;
  return std::nullopt;
}

Result<LizzieAnalysis> parse_lizzie_analysis(std::string_view text) {
  LizzieAnalysis out;
  const std::size_t end1 = text.find('\n');
  const std::string_view line1 = text.substr(0, end1);
  if (std::optional<Error> e = parse_lizzie_first_line(line1, &out)) return std::move(*e);
  if (end1 != std::string_view::npos) {
    std::string_view rest = text.substr(end1 + 1);
    const std::string_view line2 = rest.substr(0, rest.find('\n'));
    if (std::optional<Error> e = parse_lizzie_candidates(line2, &out)) return std::move(*e);
  }
  return out;
}

Result<KaTrainAnalysis> parse_katrain_analysis(std::span<const std::string> values) {
  if (values.size() != 1 && values.size() < 3) {
    return error(std::to_string(values.size()) + " values, not 3 (ownership, policy, analysis)");
  }
  const std::string& main = values.size() == 1 ? values[0] : values[2];
  const std::optional<std::string> packed = base64_decode(main);
  if (!packed) return error("the analysis is not base64");
  const std::optional<std::string> text = gunzip(*packed);
  if (!text) return error("the analysis is not gzip data");
  const nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return error("the analysis is not a JSON object");
  const auto root = j.find("root");
  if (root == j.end() || !root->is_object()) return error("the analysis has no root");
  const auto win_rate = root->find("winrate");
  if (win_rate == root->end() || !win_rate->is_number()) return error("the root has no winrate");
  const double w = win_rate->get<double>();
  if (!(w >= 0 && w <= 1)) return error("the root's winrate is not 0 to 1");
  KaTrainAnalysis out;
  out.win_rate = 100 * w;
  const auto score = root->find("scoreLead");
  if (score != root->end() && score->is_number()) out.score_lead = score->get<double>();
  const auto visits = root->find("visits");
  if (visits != root->end() && visits->is_number_integer() && visits->get<std::int64_t>() >= 0) {
    out.visits = visits->get<std::int64_t>();
  }
  return out;
}

std::optional<KataGoComment> parse_katago_comment(std::string_view comment) {
  constexpr std::string_view kPassForKo = "Pass for ko";
  if (comment.starts_with(kPassForKo)) {
    comment.remove_prefix(kPassForKo.size());
    if (!comment.starts_with(' ')) return std::nullopt;
  }
  const std::vector<std::string_view> w = words(comment);
  if (w.size() < 4) return std::nullopt;
  const std::optional<double> win = katago_probability(w[0]);
  const std::optional<double> loss = katago_probability(w[1]);
  const std::optional<double> no_result = katago_probability(w[2]);
  const std::optional<double> score = katago_score(w[3]);
  if (!win || !loss || !no_result || !score) return std::nullopt;
  if (std::fabs(*win + *loss + *no_result - 1) > kProbabilitySumSlack) return std::nullopt;
  KataGoComment out;
  out.white_win = *win;
  out.white_loss = *loss;
  out.no_result = *no_result;
  out.white_score = *score;
  if (w.size() > 4 && w[4].starts_with("v=")) {
    if (const std::optional<std::int64_t> v = parse_count(w[4].substr(2))) out.visits = *v;
  }
  return out;
}

void add_go_analysis_evaluations(GameRecord& game) {
  if (game.family != Family::kGo) return;
  AnalysisReader(game).run();
}

}  // namespace ludex
