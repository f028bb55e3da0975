// write_sgf_game: a GameRecord back to SGF, the inverse of SgfGameConverter
// (importers/sgf/sgf_game_convert.h) so that reading the output gives the same
// record. Declared in importers/sgf/sgf_game.h.
#include <charconv>
#include <string>

#include "games/blokus_variants.h"
#include "games/family_rules.h"
#include "importers/sgf/sgf_game.h"
#include "importers/sgf/sgf_game_convert.h"
#include "importers/sgf/sgf_text.h"
#include "importers/sgf/sgf_writer.h"
#include "importers/text/charset.h"

namespace ludex {
namespace {

// The first value of property `id`, trimmed, as detect_sgf_kind reads it.
std::string first_value(std::span<const Property> props, std::string_view id) {
  for (const Property& p : props) {
    if (!sgf_id_is(p.id, id) || p.values.empty()) continue;
    std::string_view v = p.values.front();
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t' || v.front() == '\n')) {
      v.remove_prefix(1);
    }
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\n')) {
      v.remove_suffix(1);
    }
    return std::string(v);
  }
  return {};
}

bool is_sgf_dialect(std::string_view dialect) {
  return dialect == "sgf" || dialect == "littlegolem" || dialect == "hexgui" ||
         dialect == "pentobi";
}

// The GM value of a family's standard dialect.
std::string standard_game_value(Family family, std::string_view variant) {
  switch (family) {
    case Family::kGo:
      return "1";
    case Family::kHex:
      return "11";
    case Family::kTwixt:
      return "21";
    case Family::kBlokus:
      return std::string(variant.empty() ? blokus_variants().front().name : variant);
    case Family::kOther:
      break;
  }
  return std::string(variant);
}

std::string format_real(double value) {
  char buf[400];
  const auto r = std::to_chars(buf, buf + sizeof(buf), value, std::chars_format::fixed);
  if (r.ec != std::errc()) return "0";
  return std::string(buf, r.ptr);
}

// Text stored as bytes by a binary reader: UTF-8 if it is valid UTF-8, else
// Latin-1 (the game-tree format's charset).
std::string text_from_bytes(std::string_view bytes) {
  if (is_valid_utf8(bytes)) return std::string(bytes);
  std::string out;
  append_latin1_as_utf8(bytes, out);
  return out;
}

class GameWriter {
 public:
  explicit GameWriter(const GameRecord& game) : game_(game), rules_(rules_for(game.family)) {
    const std::span<const Property> root =
        game.tree.empty() ? std::span<const Property>() : game.tree.data(0).props;
    synthesized_ = game.format != SourceFormat::kSgf || !is_sgf_dialect(game.dialect);
    kind_.family = game.family;
    kind_.columns = game.columns;
    kind_.rows = game.rows;
    if (synthesized_) {
      kind_.dialect = game.family == Family::kBlokus ? "pentobi" : "sgf";
      kind_.variant = game.family == Family::kBlokus || game.family == Family::kOther
                          ? game.variant
                          : standard_game_value(game.family, game.variant);
    } else {
      kind_.dialect = game.dialect;
      kind_.variant = game.variant;
    }
    kind_.application = first_value(root, "AP");
    kind_.ruleset = first_value(root, "RU");
    player_ids_ = rules_.player_properties(kind_);
  }

  std::string run() {
    std::string out;
    if (game_.tree.empty()) return out;
    out.reserve(64 + game_.tree.size() * 12);
    write_sgf_game_tree(
        game_.tree, [this](NodeIndex i, SgfWriter& w) { write_node(i, w); }, out,
        SgfChildOrder::kMainFirst);
    return out;
  }

 private:
  SgfValueForm form_of(const Property& p) const {
    return rules_.is_move_property(kind_, p.id) ? SgfValueForm::kRaw : SgfValueForm::kText;
  }

  // True if the root keeps an undecodable property `id` that carries the
  // field `value` instead of a decoded copy: the converter filled the field
  // from those bytes read as UTF-8 with U+FFFD (SgfTextDecoder::decode_lossy),
  // which is what reading them back under CA[UTF-8] gives again. A raw
  // duplicate of a field taken from a decodable property ("PW[ok]PW[\x8c]")
  // decodes to something else, and the field is written besides it.
  bool root_keeps_raw(std::string_view id, const std::string& value) const {
    for (const Property& p : game_.tree.data(0).props) {
      if (p.raw_bytes && sgf_id_is(p.id, id) && p.values.size() == 1 &&
          convert_to_utf8_lossy(p.values.front(), kUtf8) == value) {
        return true;
      }
    }
    return false;
  }

  void write_field(SgfWriter& w, std::string_view id, const std::string& value) const {
    if (value.empty() || root_keeps_raw(id, value)) return;
    w.property(id, value, SgfValueForm::kText);
  }

  void write_header_fields(SgfWriter& w) const {
    w.property("CA", "UTF-8", SgfValueForm::kText);
    for (const SeatPlayer& player : game_.players) {
      for (const auto& [id, seat] : player_ids_) {
        if (seat != player.seat) continue;
        write_field(w, id, player.name);
        break;
      }
    }
    write_field(w, "EV", game_.event);
    write_field(w, "RO", game_.round);
    write_field(w, "DT", game_.date);
    write_field(w, "RE", game_.result);
  }

  void write_synthesized_header(SgfWriter& w) const {
    const std::string gm = game_.family == Family::kOther
                               ? game_.variant
                               : standard_game_value(game_.family, game_.variant);
    if (!gm.empty()) w.property("GM", gm, SgfValueForm::kText);
    w.property("FF", "4", SgfValueForm::kText);
    if (game_.columns > 0 && game_.family != Family::kBlokus) {
      std::string size = std::to_string(game_.columns);
      if (game_.rows != game_.columns) size += ":" + std::to_string(game_.rows);
      w.property("SZ", size, SgfValueForm::kText);
    }
  }

  static bool is_synthesized_id(std::string_view id) {
    return id == "GM" || id == "FF" || id == "SZ" || id == "CA";
  }

  // The move as SGF must say it to mean what it meant where it was read. A
  // binary game tree's autolinking long move (pbem_null = 1) lists added
  // links that its position ignores (games/twixt_position.cpp); in SGF an
  // autolinking move's additions count, so they are not written.
  Move sgf_meaning(const Move& move) const {
    if (!link_additions_ignored(game_.format, move)) return move;
    Move written = move;
    std::erase_if(written.links, [](const LinkEdit& e) { return e.add; });
    return written;
  }

  void write_moves_comment_value(NodeIndex i, SgfWriter& w) const {
    const NodeView& d = game_.tree.data(i);
    for (std::size_t k = 0; k < d.moves.size(); ++k) {
      if (k < d.move_props.size() && !d.move_props[k].id.empty()) {
        w.property(d.move_props[k].id, d.move_props[k].values, SgfValueForm::kRaw);
      } else {
        const Property p = rules_.encode_sgf_move(kind_, sgf_meaning(d.moves[k]));
        w.property(p.id, p.values, SgfValueForm::kRaw);
      }
    }
    if (d.comment) w.property("C", *d.comment, SgfValueForm::kText);
    // The analysis programs' evaluations (importers/sgf/go_analysis.h) are
    // not written: the properties and comments they were read from are kept
    // and written as they were.
    for (const Evaluation& e : d.evaluations) {
      if (e.source == EvalSource::kSgfValue && !e.undetermined) {
        w.property("V", format_real(e.value), SgfValueForm::kText);
      } else if (e.source == EvalSource::kGameTree) {
        w.property(kGameTreeValueId,
                   e.undetermined ? std::string(kUndeterminedValue)
                                  : std::to_string(static_cast<int>(e.value)),
                   SgfValueForm::kText);
      }
    }
  }

  void write_node(NodeIndex i, SgfWriter& w) const {
    std::span<const Property> props = game_.tree.data(i).props;
    std::size_t first_rest = 0;
    if (i == 0) {
      if (synthesized_) {
        write_synthesized_header(w);
      } else {
        // GM and FF lead, as Pentobi recommends and most files do.
        while (first_rest < props.size() &&
               (props[first_rest].id == "GM" || props[first_rest].id == "FF")) {
          w.property(props[first_rest].id, props[first_rest].values, form_of(props[first_rest]));
          ++first_rest;
        }
      }
      write_header_fields(w);
    }
    write_moves_comment_value(i, w);
    if (game_.format == SourceFormat::kGameTree) {
      // The properties of a game-tree file are its binary key-value pairs;
      // they mean nothing in SGF. Its name becomes GN.
      if (i == 0) {
        for (const Property& p : props) {
          if (p.id == "name" && !p.values.empty()) {
            w.property("GN", text_from_bytes(p.values.front()), SgfValueForm::kText);
          }
        }
      }
      return;
    }
    for (std::size_t k = first_rest; k < props.size(); ++k) {
      const Property& p = props[k];
      if (i == 0 && synthesized_ && is_synthesized_id(p.id)) continue;
      w.property(p.id, p.values, form_of(p));
    }
  }

  const GameRecord& game_;
  const FamilyRules& rules_;
  SgfGameKind kind_;
  bool synthesized_ = false;
  std::vector<std::pair<std::string, std::int8_t>> player_ids_;
};

}  // namespace

std::string write_sgf_game(const GameRecord& game) {
  return GameWriter(game).run();
}

}  // namespace ludex
