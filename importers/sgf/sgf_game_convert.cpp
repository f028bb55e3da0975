#include "importers/sgf/sgf_game_convert.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <memory>
#include <utility>

#include "games/family_rules.h"
#include "games/go_komi.h"
#include "importers/sgf/go_analysis.h"
#include "importers/sgf/sgf_text.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

// How many nodes after the root tell detect_sgf_kind the move property ids.
constexpr std::size_t kKindProbeNodes = 8;

template <typename Values>
bool any_non_ascii(const Values& values) {
  for (const std::string_view v : values) {
    if (!is_ascii(v)) return true;
  }
  return false;
}

constexpr std::array<std::int8_t, 256> make_unknown_ids() {
  std::array<std::int8_t, 256> ids{};
  ids.fill(-1);
  return ids;
}

// Root fields taken out of props.
enum class Field { kNone, kPlayer, kResult, kDate, kEvent, kRound };

// What depends only on a game's kind: its rules, move decoder, player
// properties and which property ids are moves. Kept from one game of a file
// to the next of the same kind.
class KindLookups {
 public:
  bool is_for(const SgfGameKind& kind) const { return rules_ != nullptr && kind_ == kind; }

  void reset(const SgfGameKind& kind) {
    kind_ = kind;
    rules_ = &rules_for(kind.family);
    move_decoder_ = rules_->move_decoder(kind);
    player_ids_ = rules_->player_properties(kind);
    move_id_cache_.clear();
    one_letter_ids_ = make_unknown_ids();
  }

  // All but reset require a kind set by reset.
  const FamilyRules& rules() const { return *rules_; }
  const SgfMoveDecoder& move_decoder() const { return *move_decoder_; }
  const std::vector<std::pair<std::string, std::int8_t>>& player_ids() const { return player_ids_; }

  // rules().is_move_property, asked once per distinct id: a game has a
  // handful of ids, and the rules' answer may cost a lookup of the variant
  // by name. One-letter ids (B, W, b, r, 1..4, and C and V, most of what
  // nodes carry) are answered from a table; other ids of up to 7 characters
  // are cached, packed with their length into one integer.
  bool is_move_property(std::string_view id) {
    if (id.size() == 1) {
      const auto c = static_cast<unsigned char>(id.front());
      std::int8_t& known = one_letter_ids_[c];
      if (known < 0) known = rules_->is_move_property(kind_, id) ? 1 : 0;
      return known == 1;
    }
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

 private:
  SgfGameKind kind_;
  const FamilyRules* rules_ = nullptr;
  std::unique_ptr<const SgfMoveDecoder> move_decoder_;
  std::vector<std::pair<std::string, std::int8_t>> player_ids_;
  std::vector<std::pair<std::uint64_t, bool>> move_id_cache_;
  std::array<std::int8_t, 256> one_letter_ids_ = make_unknown_ids();  // -1 = not asked yet
};

}  // namespace

// What the games of a file share: the file, scratch arrays reused from game
// to game, and the last game's kind lookups.
struct SgfGameConverter::Shared {
  explicit Shared(const SgfFileText& f) : file(f) {}
  const SgfFileText& file;
  // The root's properties as detect_kind decoded them, index for index;
  // moved into the tree as the root is converted.
  std::vector<Property> root_props;
  std::vector<std::string_view> first_prop_ids;
  KindLookups lookups;
};

namespace {

class GameConverter {
 public:
  GameConverter(RawSgfGame& raw, SgfGameConverter::Shared& shared)
      : raw_(raw),
        file_(shared.file),
        root_props_(shared.root_props),
        first_prop_ids_(shared.first_prop_ids),
        lookups_(shared.lookups) {
    game_.format = SourceFormat::kSgf;
    game_.game_index = raw.game_index;
    game_.pos = raw.pos;
    game_.warnings = std::move(raw.warnings);
    raw.warnings.clear();
  }

  GameRecord run() {
    for (const std::string& note : file_.notes) warn(game_.pos, note);
    if (raw_.nodes.empty()) return std::move(game_);
    std::string ca_note;
    decoder_.emplace(file_, root_ca_label(), &ca_note);
    if (!ca_note.empty()) warn(raw_.nodes.front().pos, ca_note);
    decoder_passes_ascii_ = decoder_->passes_ascii();
    detect_kind();
    if (!lookups_.is_for(kind_)) lookups_.reset(kind_);
    rules_ = &lookups_.rules();
    move_decoder_ = &lookups_.move_decoder();
    convert_nodes();
    move_decoder_->resolve_in_context(game_.tree);
    add_go_analysis_evaluations(game_);
    if (game_.family == Family::kGo) check_fox_komi();
    game_.players = std::move(players_);
    std::stable_sort(game_.players.begin(), game_.players.end(),
                     [](const SeatPlayer& a, const SeatPlayer& b) { return a.seat < b.seat; });
    game_.winner = game_.result.empty() ? 0 : rules_->winner_from_result(kind_, game_.result);
    game_.charset = decoder_->charset();
    return std::move(game_);
  }

 private:
  void warn(const SourcePos& pos, std::string message) {
    game_.warnings.push_back(warning_at(game_.game_index, pos, std::move(message)));
  }

  // A Fox Weiqi komi that fits neither of Fox's scales (games/go_komi.h)
  // is doubtful; the KM stays as it was read.
  void check_fox_komi() {
    const std::span<const Property> root = game_.tree.data(0).props;
    if (!is_fox_sgf(root)) return;
    GoKomi komi = read_go_komi(root);
    if (!komi.problem.empty()) warn(raw_.nodes.front().pos, std::move(komi.problem));
  }

  std::string root_ca_label() const {
    for (const RawSgfProperty& p : raw_.props_of(raw_.nodes.front())) {
      if (sgf_id_is(p.id, "CA") && p.value_count > 0) {
        return sgf_unescape(raw_.values_of(p).front());
      }
    }
    return {};
  }

  // A raw property as a Property: the id as written, the values raw.
  Property materialise(const RawSgfProperty& raw) const {
    Property p;
    materialise_into(raw, &p);
    return p;
  }
  void materialise_into(const RawSgfProperty& raw, Property* p) const {
    p->id.assign(raw.id);
    const std::span<const std::string_view> values = raw_.values_of(raw);
    p->values.assign(values.begin(), values.end());
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
    std::vector<Property>& root = root_props_;
    root.clear();
    const std::span<const RawSgfProperty> raw_root = raw_.props_of(raw_.nodes.front());
    root.reserve(raw_root.size());
    for (const RawSgfProperty& raw : raw_root) materialise_into(raw, &root.emplace_back());
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
    const std::size_t probe = std::min(raw_.nodes.size(), kKindProbeNodes + 1);
    first_prop_ids_.clear();
    for (NodeIndex i = 1; i < probe; ++i) {
      if (i > 1) first_prop_ids_.emplace_back();
      for (const RawSgfProperty& p : raw_.props_of(raw_.nodes[i])) {
        first_prop_ids_.emplace_back(p.id);
      }
    }
    input.first_prop_ids = first_prop_ids_;
    kind_ = detect_sgf_kind(input);
    if (!kind_.warning.empty()) warn(raw_.nodes.front().pos, kind_.warning);
    game_.family = kind_.family;
    game_.dialect = kind_.dialect;
    game_.variant = kind_.variant;
    game_.columns = kind_.columns;
    game_.rows = kind_.rows;
  }

  // The root field a property fills, and for players the seat.
  Field field_of(std::string_view id, std::int8_t* seat) const {
    for (const auto& [player_id, player_seat] : lookups_.player_ids()) {
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

  // Decodes the move property `raw` of node i into its moves. A spelling
  // other than the dialect's standard one ("B[ ee ]", "W[swap]" where the
  // dialect writes "swap-pieces") is kept beside the move in its move_props,
  // so that export writes it back; a standard one is not, as writing the move
  // gives it back. A property that does not decode is kept in its props
  // instead, with a warning.
  void decode_move(NodeIndex i, const RawSgfProperty& raw) {
    GameTree& tree = game_.tree;
    const std::span<const std::string_view> values = raw_.values_of(raw);
    Move& move = tree.add_move(i);
    if (std::optional<Error> error = move_decoder_->decode(raw.id, values, &move)) {
      tree.remove_last_move(i);
      Property& kept = tree.add_prop(i);
      materialise_into(raw, &kept);
      kept.raw_bytes = any_non_ascii(values);
      std::string shown(raw.id);
      for (const std::string_view v : values) shown += sgf_value_for_message(v);
      warn(raw_.nodes[i].pos, "move " + shown + " kept as a property: " + error->message);
      return;
    }
    if (move_decoder_->is_standard_spelling(raw.id, values, move)) return;
    // move_props is parallel to moves: earlier moves of the node get empty
    // entries.
    const NodeView node = tree.data(i);
    for (std::size_t k = node.move_props.size(); k + 1 < node.moves.size(); ++k) {
      tree.add_move_prop(i);
    }
    Property& kept = tree.add_move_prop(i);
    materialise_into(raw, &kept);
    kept.raw_bytes = any_non_ascii(values);
  }

  // Adds the kSgfValue evaluation `text` stands for to node i; false (and
  // the node unchanged) if it is not an SGF real number.
  bool add_sgf_value(NodeIndex i, std::string_view text) {
    const std::optional<double> value = parse_sgf_real(text);
    if (!value) return false;
    Evaluation e;
    e.source = EvalSource::kSgfValue;
    e.value = *value;
    game_.tree.add_evaluation(i, e);
    return true;
  }

  // Converts the raw properties of node i: moves out to moves and
  // move_props, the comment and value out to their fields, the rest kept in
  // props in order.
  void convert_node(NodeIndex i) {
    GameTree& tree = game_.tree;
    bool have_comment = false;
    bool have_value = false;
    bool have_game_tree_value = false;
    const std::span<const RawSgfProperty> props = raw_.props_of(raw_.nodes[i]);
    for (std::size_t k = 0; k < props.size(); ++k) {
      const RawSgfProperty& raw = props[k];
      if (lookups_.is_move_property(raw.id)) {
        decode_move(i, raw);
        continue;
      }
      // An SGF value that is a plain real number as written needs neither
      // unescaping nor decoding (what does goes the long way below).
      if (!have_value && raw.value_count == 1 && raw.id == "V" &&
          add_sgf_value(i, raw_.values_of(raw).front())) {
        have_value = true;
        continue;
      }
      // detect_kind has decoded the root's properties already, except those
      // it kept raw because they might be moves.
      const bool decoded = i == 0 && !may_be_sgf_move_property(raw.id);
      Property p = decoded ? std::move(root_props_[k]) : materialise(raw);
      if (is_sgf_point_property(p.id)) {
        if (!decoded) unescape_points(p);
      } else {
        if (!decoded) decode_text(p);
        if (i == 0 && extract_root_field(p)) continue;
        if (!have_comment && !p.raw_bytes && p.values.size() == 1 && sgf_id_is(p.id, "C")) {
          tree.set_comment(i, std::move(p.values.front()));
          have_comment = true;
          continue;
        }
        if (!have_value && p.values.size() == 1 && sgf_id_is(p.id, "V")) {
          if (add_sgf_value(i, p.values.front())) {
            have_value = true;
            continue;
          }
        } else if (!have_game_tree_value && p.values.size() == 1 &&
                   sgf_id_is(p.id, kGameTreeValueId)) {
          if (auto e = parse_game_tree_value(p.values.front())) {
            tree.add_evaluation(i, *e);
            have_game_tree_value = true;
            continue;
          }
        }
      }
      tree.add_prop(i, std::move(p));
    }
  }

  // Builds the tree in raw node order: a parent always comes before its
  // children, so indices carry over.
  void convert_nodes() {
    GameTree& tree = game_.tree;
    tree.reserve(raw_.nodes.size(), root_props_.size());
    for (NodeIndex i = 0; i < raw_.nodes.size(); ++i) {
      const NodeIndex parent = raw_.nodes[i].parent;
      const NodeIndex added = parent == kNoNode ? tree.add_root() : tree.add_child(parent);
      assert(added == i);
      tree.set_pos(added, raw_.nodes[i].pos);
      convert_node(i);
    }
  }

  const RawSgfGame& raw_;
  const SgfFileText& file_;
  std::vector<Property>& root_props_;
  std::vector<std::string_view>& first_prop_ids_;
  KindLookups& lookups_;
  GameRecord game_;
  std::optional<SgfTextDecoder> decoder_;
  bool decoder_passes_ascii_ = true;
  SgfGameKind kind_;
  const FamilyRules* rules_ = nullptr;
  const SgfMoveDecoder* move_decoder_ = nullptr;
  std::vector<SeatPlayer> players_;
  bool ca_taken_ = false;
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
  const bool negative = i < text.size() && text[i] == '-';
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  // The digits as one integer, for the usual short value (below).
  std::uint64_t mantissa = 0;
  std::size_t digits = 0;
  std::size_t fraction_digits = 0;
  const std::size_t int_begin = i;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) {
    mantissa = mantissa * 10 + static_cast<std::uint64_t>(text[i] - '0');
  }
  if (i == int_begin) return std::nullopt;
  if (i < text.size() && text[i] == '.') {
    const std::size_t frac_begin = ++i;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, ++digits) {
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(text[i] - '0');
    }
    fraction_digits = i - frac_begin;
    if (fraction_digits == 0) return std::nullopt;
  }
  if (i != text.size()) return std::nullopt;
  // Up to 15 digits the integer is exact in a double, and so is 10^k for
  // k <= 22: one division then rounds correctly, giving what from_chars
  // gives (Clinger's fast path). Anything longer goes to from_chars.
  static constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                            1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                            1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  if (digits <= 15) {
    const double magnitude = static_cast<double>(mantissa) / kPowersOfTen[fraction_digits];
    return negative ? -magnitude : magnitude;
  }
  const std::size_t start = text.front() == '+' ? 1 : 0;
  double value = 0;
  const auto r = std::from_chars(text.data() + start, text.data() + text.size(), value);
  if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

SgfGameConverter::SgfGameConverter(const SgfFileText& file)
    : shared_(std::make_unique<Shared>(file)) {}

SgfGameConverter::~SgfGameConverter() = default;

GameRecord SgfGameConverter::convert(RawSgfGame& raw) {
  return GameConverter(raw, *shared_).run();
}

}  // namespace ludex
