#include "importers/sgf/sgf_game_convert.h"

#include <algorithm>
#include <charconv>
#include <utility>

#include "games/family_rules.h"
#include "importers/sgf/sgf_text.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

// How many nodes after the root tell detect_sgf_kind the move property ids.
constexpr std::size_t kKindProbeNodes = 8;
// Longest value quoted in a warning.
constexpr std::size_t kQuoteLimit = 40;

bool any_non_ascii(const std::vector<std::string>& values) {
  for (const std::string& v : values) {
    if (!is_ascii(v)) return true;
  }
  return false;
}

// A value for a message: printable ASCII as is, other bytes as \xNN.
std::string quote(std::string_view value) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out = "[";
  for (std::size_t i = 0; i < value.size() && i < kQuoteLimit; ++i) {
    const auto c = static_cast<unsigned char>(value[i]);
    if (c >= 0x20 && c < 0x7F) {
      out.push_back(static_cast<char>(c));
    } else {
      out += "\\x";
      out.push_back(kHex[c >> 4]);
      out.push_back(kHex[c & 0xF]);
    }
  }
  if (value.size() > kQuoteLimit) out += "...";
  out += "]";
  return out;
}

// Root fields taken out of props.
enum class Field { kNone, kPlayer, kResult, kDate, kEvent, kRound };

class GameConverter {
 public:
  GameConverter(RawSgfGame&& raw, const SgfFileText& file) : file_(file) {
    game_.format = SourceFormat::kSgf;
    game_.game_index = raw.game_index;
    game_.pos = raw.pos;
    game_.tree = std::move(raw.tree);
    game_.warnings = std::move(raw.warnings);
  }

  GameRecord run() {
    for (const std::string& note : file_.notes) warn(game_.pos, note);
    if (game_.tree.empty()) return std::move(game_);
    std::string ca_note;
    decoder_.emplace(file_, root_ca_label(), &ca_note);
    if (!ca_note.empty()) warn(game_.tree.data(0).pos, ca_note);
    decoder_passes_ascii_ = decoder_->passes_ascii();
    detect_kind();
    rules_ = &rules_for(kind_.family);
    player_ids_ = rules_->player_properties(kind_);
    convert_nodes();
    game_.players = std::move(players_);
    std::stable_sort(game_.players.begin(), game_.players.end(),
                     [](const SeatPlayer& a, const SeatPlayer& b) { return a.seat < b.seat; });
    game_.winner = game_.result.empty() ? 0 : rules_->winner_from_result(kind_, game_.result);
    game_.charset = decoder_->charset();
    return std::move(game_);
  }

 private:
  void warn(const SourcePos& pos, std::string message) {
    Diagnostic d;
    d.severity = Severity::kWarning;
    d.game_index = game_.game_index;
    d.pos = pos;
    d.message = std::move(message);
    game_.warnings.push_back(std::move(d));
  }

  std::string root_ca_label() const {
    for (const Property& p : game_.tree.data(0).props) {
      if (sgf_id_is(p.id, "CA") && !p.values.empty()) return sgf_unescape(p.values.front());
    }
    return {};
  }

  // Unescapes and decodes the values of a text property in place.
  void decode_text(Property& p) {
    bool raw = false;
    for (std::string& v : p.values) {
      if (!sgf_unescape_is_identity(v)) v = sgf_unescape(v);
      if (decoder_passes_ascii_ && is_ascii(v)) continue;
      v = decoder_->decode(v, &raw);
    }
    p.raw_bytes = raw;
  }

  static void unescape_points(Property& p) {
    for (std::string& v : p.values) {
      if (!sgf_unescape_is_identity(v)) v = sgf_unescape(v);
    }
    p.raw_bytes = any_non_ascii(p.values);
  }

  void detect_kind() {
    // detect_sgf_kind reads root values as text; ids that may be moves keep
    // their raw bytes, as the move decoders will see them.
    std::vector<Property> root = game_.tree.data(0).props;
    for (Property& p : root) {
      if (may_be_sgf_move_property(p.id)) continue;
      if (is_sgf_point_property(p.id)) {
        unescape_points(p);
      } else {
        decode_text(p);
      }
    }
    SgfKindInput input;
    input.root_props = &root;
    // The tree builder numbers nodes in file order, which is pre-order, so
    // the first nodes after the root are 1, 2, ...
    const std::size_t probe = std::min(game_.tree.size(), kKindProbeNodes + 1);
    for (NodeIndex i = 1; i < probe; ++i) {
      for (const Property& p : game_.tree.data(i).props) input.first_prop_ids.push_back(p.id);
    }
    kind_ = detect_sgf_kind(input);
    if (!kind_.warning.empty()) warn(game_.tree.data(0).pos, kind_.warning);
    game_.family = kind_.family;
    game_.dialect = kind_.dialect;
    game_.variant = kind_.variant;
    game_.columns = kind_.columns;
    game_.rows = kind_.rows;
  }

  // The root field a property fills, and for players the seat.
  Field field_of(std::string_view id, std::int8_t* seat) const {
    for (const auto& [player_id, player_seat] : player_ids_) {
      if (sgf_id_is(id, player_id)) {
        *seat = player_seat;
        return Field::kPlayer;
      }
    }
    if (sgf_id_is(id, "RE")) return Field::kResult;
    if (sgf_id_is(id, "DT")) return Field::kDate;
    if (sgf_id_is(id, "EV")) return Field::kEvent;
    if (sgf_id_is(id, "RO")) return Field::kRound;
    return Field::kNone;
  }

  bool seat_named(std::int8_t seat) const {
    for (const SeatPlayer& p : players_) {
      if (p.seat == seat) return true;
    }
    return false;
  }

  // A decoded root property: returns true if it was taken into a field (and
  // must leave props). A value that could not be decoded fills the field
  // lossily and stays in props with its bytes, so that nothing is lost.
  bool extract_root_field(Property& p) {
    if (!ca_taken_ && sgf_id_is(p.id, "CA")) {
      ca_taken_ = true;
      return true;
    }
    std::int8_t seat = 0;
    const Field field = field_of(p.id, &seat);
    if (field == Field::kNone || p.values.size() != 1 || p.values.front().empty()) return false;
    std::string* target = nullptr;
    switch (field) {
      case Field::kPlayer:
        if (seat_named(seat)) return false;
        players_.push_back(SeatPlayer{seat, {}});
        target = &players_.back().name;
        break;
      case Field::kResult:
        target = &game_.result;
        break;
      case Field::kDate:
        target = &game_.date;
        break;
      case Field::kEvent:
        target = &game_.event;
        break;
      case Field::kRound:
        target = &game_.round;
        break;
      case Field::kNone:
        return false;
    }
    if (!target->empty()) return false;
    if (p.raw_bytes) {
      *target = decoder_->decode_lossy(p.values.front());
      return false;
    }
    *target = std::move(p.values.front());
    return true;
  }

  // rules_->is_move_property, asked once per distinct id of the game: a
  // game has a handful of ids, and the rules' answer may cost a lookup of
  // the variant by name. Ids of up to 7 characters are cached, packed with
  // their length into one integer.
  bool is_move_property(std::string_view id) {
    if (id.size() > 7) return rules_->is_move_property(kind_, id);
    std::uint64_t key = id.size();
    for (const char c : id) key = (key << 8) | static_cast<unsigned char>(c);
    for (const auto& [known, answer] : move_id_cache_) {
      if (known == key) return answer;
    }
    const bool answer = rules_->is_move_property(kind_, id);
    move_id_cache_.emplace_back(key, answer);
    return answer;
  }

  // Decodes the move property p of node d. Returns the move, or nullopt
  // after warning (p is then kept as a property).
  std::optional<Move> decode_move(Property& p, const NodeData& d, std::int32_t move_number) {
    SgfMoveContext ctx;
    ctx.kind = &kind_;
    ctx.move_number = move_number;
    Result<Move> move = rules_->decode_sgf_move(ctx, p.id, p.values);
    p.raw_bytes = any_non_ascii(p.values);
    if (move.ok()) return std::move(*move);
    std::string shown = p.id;
    for (const std::string& v : p.values) shown += quote(v);
    warn(d.pos, "move " + shown + " kept as a property: " + move.error().message);
    return std::nullopt;
  }

  // The common node of a game record, only move properties: decodes them all
  // and hands the props vector over to move_props. False (and nothing
  // changed) unless every property is a move that decodes.
  bool convert_move_only_node(NodeData& d, std::int32_t* moves) {
    for (const Property& p : d.props) {
      if (!is_move_property(p.id)) return false;
    }
    d.moves.reserve(d.props.size());
    for (Property& p : d.props) {
      SgfMoveContext ctx;
      ctx.kind = &kind_;
      ctx.move_number = *moves + static_cast<std::int32_t>(d.moves.size()) + 1;
      Result<Move> move = rules_->decode_sgf_move(ctx, p.id, p.values);
      if (!move.ok()) {
        d.moves.clear();
        return false;
      }
      p.raw_bytes = any_non_ascii(p.values);
      d.moves.push_back(std::move(*move));
    }
    *moves += static_cast<std::int32_t>(d.moves.size());
    d.move_props.swap(d.props);
    return true;
  }

  // Converts the properties of node i in place: moves out to moves and
  // move_props, the comment and value out to their fields, the rest kept in
  // order.
  void convert_node(NodeIndex i, NodeData& d, std::int32_t* moves) {
    if (i != 0 && !d.props.empty() && convert_move_only_node(d, moves)) return;
    bool have_value = false;
    bool have_game_tree_value = false;
    std::size_t kept = 0;
    for (std::size_t r = 0; r < d.props.size(); ++r) {
      Property& p = d.props[r];
      bool consumed = false;
      if (is_move_property(p.id)) {
        if (auto move = decode_move(p, d, *moves + 1)) {
          d.moves.push_back(std::move(*move));
          d.move_props.push_back(std::move(p));
          ++*moves;
          consumed = true;
        }
      } else if (is_sgf_point_property(p.id)) {
        unescape_points(p);
      } else {
        decode_text(p);
        if (i == 0 && extract_root_field(p)) {
          consumed = true;
        } else if (!d.comment && !p.raw_bytes && p.values.size() == 1 && sgf_id_is(p.id, "C")) {
          d.comment = std::move(p.values.front());
          consumed = true;
        } else if (!have_value && p.values.size() == 1 && sgf_id_is(p.id, "V")) {
          if (auto value = parse_sgf_real(p.values.front())) {
            Evaluation e;
            e.source = EvalSource::kSgfValue;
            e.value = *value;
            d.evaluations.push_back(e);
            have_value = true;
            consumed = true;
          }
        } else if (!have_game_tree_value && p.values.size() == 1 &&
                   sgf_id_is(p.id, kGameTreeValueId)) {
          if (auto e = parse_game_tree_value(p.values.front())) {
            d.evaluations.push_back(*e);
            have_game_tree_value = true;
            consumed = true;
          }
        }
      }
      if (consumed) continue;
      if (kept != r) d.props[kept] = std::move(p);
      ++kept;
    }
    d.props.resize(kept);
  }

  void convert_nodes() {
    GameTree& tree = game_.tree;
    std::vector<std::int32_t> moves_to(tree.size(), 0);  // moves on the path, node included
    // In index order: a parent always comes before its children (the tree
    // builder appends nodes in file order), and no order list is allocated.
    for (NodeIndex i = 0; i < tree.size(); ++i) {
      const NodeIndex parent = tree.parent(i);
      std::int32_t moves = parent == kNoNode ? 0 : moves_to[parent];
      convert_node(i, tree.data(i), &moves);
      moves_to[i] = moves;
    }
  }

  const SgfFileText& file_;
  GameRecord game_;
  std::optional<SgfTextDecoder> decoder_;
  bool decoder_passes_ascii_ = true;
  SgfGameKind kind_;
  const FamilyRules* rules_ = nullptr;
  std::vector<std::pair<std::string, std::int8_t>> player_ids_;
  std::vector<SeatPlayer> players_;
  bool ca_taken_ = false;
  std::vector<std::pair<std::uint64_t, bool>> move_id_cache_;
};

}  // namespace

std::optional<Evaluation> parse_game_tree_value(std::string_view text) {
  Evaluation e;
  e.source = EvalSource::kGameTree;
  if (text == kUndeterminedValue) {
    e.undetermined = true;
    return e;
  }
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < -10000 || value > 10000) {
    return std::nullopt;
  }
  e.value = value;
  return e;
}

std::optional<double> parse_sgf_real(std::string_view text) {
  std::size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  const std::size_t int_begin = i;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  if (i == int_begin) return std::nullopt;
  if (i < text.size() && text[i] == '.') {
    const std::size_t frac_begin = ++i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
    if (i == frac_begin) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  const std::size_t start = text.front() == '+' ? 1 : 0;
  double value = 0;
  const auto r = std::from_chars(text.data() + start, text.data() + text.size(), value);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

GameRecord convert_sgf_game(RawSgfGame&& raw, const SgfFileText& file) {
  return GameConverter(std::move(raw), file).run();
}

}  // namespace ludex
