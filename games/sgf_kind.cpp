// detect_sgf_kind: which family and dialect an SGF game is, from its content.
//
// Little Golem exports carry no GM. They are recognised by:
//  * lowercase move properties b / r (Twixt), in the root or the first nodes;
//  * an EV value of Little Golem's dotted form whose words include "twixt" or
//    "hex" ("twixt.ch.23.1.1", "hex.in.HEX11.67", "ut.hex.1112.1.1"), or
//    whose first word starts with "go" ("go19.ld.TOROID");
//  * SO naming littlegolem, for EV[null] and the like: Little Golem Go games
//    carry KM (and HA / AB for handicaps) and start with B, Hex games have
//    none of these and label their first move W. So with SO littlegolem, a
//    game without Go signs whose first move is not B is Hex.
// Any other game without GM is Go (the SGF default), dialect "littlegolem"
// when SO names littlegolem (its points are LG bytes), "sgf" otherwise.
#include <string>
#include <vector>

#include "games/blokus_points.h"
#include "games/coord_text.h"
#include "games/family_rules.h"
#include "games/sgf_values.h"

namespace ludex {
namespace {

constexpr std::int32_t kDefaultGoSize = 19;
constexpr std::int32_t kDefaultHexSize = 11;    // SGF GM[11] spec and HexGui
constexpr std::int32_t kDefaultTwixtSize = 24;  // Twixt SGF spec

// True if one of the `sep`-separated words of text is `word`, ignoring
// ASCII case.
bool has_word(std::string_view text, char sep, std::string_view word) {
  while (true) {
    const std::size_t end = text.find(sep);
    if (iequals(text.substr(0, end), word)) return true;
    if (end == std::string_view::npos) return false;
    text.remove_prefix(end + 1);
  }
}

// True if text contains `lower` (lowercase ASCII), ignoring ASCII case.
bool contains_ignoring_case(std::string_view text, std::string_view lower) {
  for (std::size_t i = 0; i + lower.size() <= text.size(); ++i) {
    if (iequals(text.substr(i, lower.size()), lower)) return true;
  }
  return false;
}

bool is_all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

// The numeric GM value without leading zeros ("011" -> "11"), or "" if not
// numeric.
std::string numeric_game(std::string_view gm) {
  if (!is_all_digits(gm)) return {};
  std::size_t i = 0;
  while (i + 1 < gm.size() && gm[i] == '0') ++i;
  return std::string(gm.substr(i));
}

struct LittleGolemHints {
  bool twixt_props = false;  // b / r move properties
  bool ev_twixt = false;
  bool ev_hex = false;
  bool ev_go = false;
  bool source = false;    // SO names littlegolem
  bool go_signs = false;  // KM, HA, AB, AW, VR[GO..]
  // "B" or "W": the colour of the first node (the root first) with a move
  // of one colour only; "" when there is none. A node with both is passed
  // over, so that the order of a node's properties (which export does not
  // keep) never decides.
  std::string first_move;
};

LittleGolemHints read_hints(std::span<const Property> root, const SgfKindInput& input) {
  LittleGolemHints h;
  bool black = false;  // the current node has a B, a W move property
  bool white = false;
  auto note_id = [&](std::string_view id) {
    if (id == "b" || id == "r") h.twixt_props = true;
    black = black || id == "B";
    white = white || id == "W";
  };
  auto end_node = [&] {
    if (h.first_move.empty() && black != white) h.first_move = black ? "B" : "W";
    black = white = false;
  };
  for (const Property& p : root) note_id(p.id);
  end_node();
  for (const std::string_view id : input.first_prop_ids) {
    if (id.empty()) {
      end_node();
    } else {
      note_id(id);
    }
  }
  end_node();

  const std::string_view ev = sgf_property_view(root, "EV");
  h.source = contains_ignoring_case(sgf_property_view(root, "SO"), "littlegolem");
  if (ev.find('.') != std::string_view::npos || h.source) {
    h.ev_twixt = has_word(ev, '.', "twixt");
    h.ev_hex = has_word(ev, '.', "hex");
    h.ev_go = iequals(ev.substr(0, 2), "go");
  }
  const std::string_view vr = sgf_property_view(root, "VR");
  h.go_signs = find_sgf_property(root, "KM") != nullptr ||
               find_sgf_property(root, "HA") != nullptr ||
               find_sgf_property(root, "AB") != nullptr ||
               find_sgf_property(root, "AW") != nullptr || iequals(vr.substr(0, 2), "go");
  return h;
}

void classify_without_gm(std::span<const Property> root, const SgfKindInput& input,
                         SgfGameKind& kind) {
  const LittleGolemHints h = read_hints(root, input);
  if (h.twixt_props || (h.ev_twixt && !h.ev_hex)) {
    kind.family = Family::kTwixt;
    kind.dialect = "littlegolem";
  } else if (h.ev_hex) {
    kind.family = Family::kHex;
    kind.dialect = "littlegolem";
  } else if (h.source && !h.ev_go && !h.go_signs && h.first_move != "B") {
    kind.family = Family::kHex;
    kind.dialect = "littlegolem";
  } else {
    kind.family = Family::kGo;
    kind.dialect = h.source ? "littlegolem" : "sgf";
  }
}

void classify_gm(std::string_view gm, SgfGameKind& kind) {
  const std::string number = numeric_game(gm);
  kind.dialect = "sgf";
  // Go, Hex and Twixt have no variants: their GM number names the family
  // (schema/sql/008_family_variants.sql). Another game keeps its GM value,
  // which names the game, and export writes it back.
  kind.variant.clear();
  if (number == "1") {
    kind.family = Family::kGo;
  } else if (number == "11") {
    kind.family = Family::kHex;
  } else if (number == "21") {
    kind.family = Family::kTwixt;
  } else if (const BlokusVariant* v = number.empty() ? find_blokus_variant(gm) : nullptr) {
    kind.family = Family::kBlokus;
    kind.dialect = "pentobi";
    kind.variant = std::string(v->name);
  } else {
    kind.family = Family::kOther;
    kind.variant = std::string(gm);
  }
}

void set_size(std::span<const Property> root, SgfGameKind& kind) {
  if (kind.family == Family::kBlokus) {
    // Pentobi ignores SZ: the variant fixes the board.
    const BlokusVariant* v = find_blokus_variant(kind.variant);
    if (v != nullptr) {
      kind.columns = v->columns;
      kind.rows = v->rows;
    }
    return;
  }
  const std::int32_t side = default_board_side(kind.family);
  kind.columns = side;
  kind.rows = side;
  const Property* sz = find_sgf_property(root, "SZ");
  if (sz == nullptr || sz->values.empty()) return;
  const auto size = parse_sgf_board_size(sz->values.front());
  if (size) {
    kind.columns = size->columns;
    kind.rows = size->rows;
    return;
  }
  kind.warning = "SZ[" + quote_value(sz->values.front()) + "] is not a board size; using " +
                 (side > 0 ? "the default " + std::to_string(side) + "x" + std::to_string(side)
                           : std::string("no size"));
}

}  // namespace

std::int32_t default_board_side(Family family) {
  switch (family) {
    case Family::kGo:
      return kDefaultGoSize;
    case Family::kHex:
      return kDefaultHexSize;
    case Family::kTwixt:
      return kDefaultTwixtSize;
    case Family::kBlokus:
    case Family::kOther:
      break;
  }
  return 0;
}

SgfGameKind detect_sgf_kind(const SgfKindInput& input) {
  const std::span<const Property> root = input.root_props != nullptr
                                             ? std::span<const Property>(*input.root_props)
                                             : std::span<const Property>();
  SgfGameKind kind;
  kind.application = sgf_property_text(root, "AP");
  kind.ruleset = sgf_property_text(root, "RU");
  const std::string_view gm = sgf_property_view(root, "GM");
  if (gm.empty()) {
    classify_without_gm(root, input, kind);
  } else {
    classify_gm(gm, kind);
  }
  set_size(root, kind);
  return kind;
}

}  // namespace ludex
