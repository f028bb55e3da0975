#include "query/node_filter_options.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>

#include "games/blokus_pieces.h"
#include "games/blokus_points.h"
#include "games/coord_text.h"
#include "games/go_points.h"
#include "games/hex_points.h"
#include "games/symmetry.h"
#include "games/twixt_points.h"
#include "query/position_target.h"

namespace ludex {

namespace {

// The names of all evaluation sources, "gametree, sgf, ...", for messages.
std::string eval_source_names() {
  std::string out;
  for (const EvalSource s : all_eval_sources()) {
    if (!out.empty()) out += ", ";
    out += eval_source_name(s);
  }
  return out;
}

// The comma-separated items of a list, trimmed; empty items kept (so that
// their position can be reported).
std::vector<std::string_view> split_items(std::string_view text) {
  std::vector<std::string_view> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    items.push_back(trim_ascii(
        text.substr(start, comma == std::string_view::npos ? text.npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return items;
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& ch : out) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  return out;
}

// Located error: "--has: item 2 'X:e5': what".
Error item_error(std::string_view option, std::size_t index, std::string_view item,
                 const std::string& what) {
  return Error{{},
               std::string(option) + ": item " + std::to_string(index + 1) + " '" +
                   std::string(item) + "': " + what};
}

std::string colour_names(Family family) {
  switch (family) {
    case Family::kHex:
    case Family::kGo:
      return "B (seat 1) or W (seat 2)";
    case Family::kTwixt:
      return "W (seat 1) or B (seat 2)";
    case Family::kBlokus:
      return "1, 2, 3 or 4";
    default:
      return "none: this family has no positions";
  }
}

// The seat or Blokus colour a family's colour letter names; 0 if none.
std::int8_t parse_colour(Family family, std::string_view text) {
  const std::string u = upper(text);
  switch (family) {
    case Family::kHex:
    case Family::kGo:
      return u == "B" ? 1 : u == "W" ? 2 : 0;
    case Family::kTwixt:
      return u == "W" ? 1 : u == "B" ? 2 : 0;
    case Family::kBlokus:
      return u.size() == 1 && u[0] >= '1' && u[0] <= '4' ? static_cast<std::int8_t>(u[0] - '0') : 0;
    default:
      return 0;
  }
}

Result<Point> parse_point(Family family, std::string_view text, const BoardSize& size) {
  switch (family) {
    case Family::kHex:
      return parse_hex_point(text, size);
    case Family::kTwixt:
      return parse_twixt_point(text, size);
    case Family::kBlokus:
      return parse_blokus_point(text, size);
    case Family::kGo: {
      // Board notation has a row number; SGF letters have none.
      const bool digits = std::any_of(text.begin(), text.end(), [](char ch) {
        return std::isdigit(static_cast<unsigned char>(ch)) != 0;
      });
      if (!digits) return parse_go_point(text, size);
      BoardSize board = size;
      if (board.rows <= 0) board = BoardSize{19, 19};  // documented default
      return parse_go_board_point(text, board);
    }
    default:
      return Error{{}, "family " + std::string(family_name(family)) + " has no positions"};
  }
}

// "C:point" or "point" (colour 0); error text without the location.
Result<Occupant> parse_occupant(Family family, std::string_view item, const BoardSize& size,
                                bool colour_required) {
  Occupant o;
  std::string_view point = item;
  const std::size_t colon = item.find(':');
  if (colon != std::string_view::npos) {
    const std::string_view colour = trim_ascii(item.substr(0, colon));
    o.color = parse_colour(family, colour);
    if (o.color == 0) {
      return Error{{},
                   "unknown colour '" + std::string(colour) + "' (" +
                       std::string(family_name(family)) + " colours: " + colour_names(family) +
                       ")"};
    }
    point = trim_ascii(item.substr(colon + 1));
  } else if (colour_required) {
    return Error{{}, "a colour is needed (" + colour_names(family) + ")"};
  }
  Result<Point> p = parse_point(family, point, size);
  if (!p) return p.error();
  o.point = *p;
  return o;
}

// The name of a Blokus piece as Pentobi spells it ("V5"), matching `name`
// exactly or else without regard to case, in any piece set; an Error for a
// name no piece has (it could only ever match nothing).
Result<std::string> known_piece_name(const std::string& name) {
  static constexpr BlokusPieceSet kSets[] = {BlokusPieceSet::kClassic,  BlokusPieceSet::kJunior,
                                             BlokusPieceSet::kTrigon,   BlokusPieceSet::kNexos,
                                             BlokusPieceSet::kCallisto, BlokusPieceSet::kGembloq};
  std::optional<std::string> folded;
  for (const BlokusPieceSet set : kSets) {
    for (const BlokusPiece& piece : BlokusPieces::get(set).pieces()) {
      if (piece.name == name) return piece.name;
      if (!folded && upper(piece.name) == upper(name)) folded = piece.name;
    }
  }
  if (folded) return *folded;
  return Error{{},
               "unknown piece '" + name +
                   "' (Pentobi's piece names, e.g. X, V5, L4, 1; games/blokus_pieces.h)"};
}

}  // namespace

Result<Point> parse_family_point(Family family, std::string_view text, const BoardSize& size) {
  return parse_point(family, text, size);
}

std::int8_t parse_colour_letter(Family family, std::string_view text) {
  return parse_colour(family, text);
}

Result<std::vector<Occupant>> parse_point_conditions(std::string_view option, std::string_view text,
                                                     Family family, const BoardSize& size,
                                                     std::vector<PieceCondition>* pieces) {
  std::vector<Occupant> out;
  const std::vector<std::string_view> items = split_items(text);
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string_view item = items[i];
    if (item.empty()) return item_error(option, i, item, "empty item");
    if (family == Family::kBlokus) {
      // "piece:V5" or "C:piece:V5".
      const std::string u = upper(item);
      const std::size_t at = u.find("PIECE:");
      if (at != std::string::npos) {
        if (pieces == nullptr) return item_error(option, i, item, "pieces are not allowed here");
        PieceCondition piece;
        piece.name = std::string(trim_ascii(item.substr(at + 6)));
        if (piece.name.empty()) return item_error(option, i, item, "no piece name");
        Result<std::string> known = known_piece_name(piece.name);
        if (!known) return item_error(option, i, item, known.error().message);
        piece.name = std::move(*known);
        if (at != 0) {
          if (u[at - 1] != ':') return item_error(option, i, item, "write C:piece:NAME");
          const std::string_view colour = trim_ascii(item.substr(0, at - 1));
          piece.color = parse_colour(family, colour);
          if (piece.color == 0) {
            return item_error(option, i, item,
                              "unknown colour '" + std::string(colour) +
                                  "' (blokus colours: " + colour_names(family) + ")");
          }
        }
        pieces->push_back(std::move(piece));
        continue;
      }
    }
    Result<Occupant> o = parse_occupant(family, item, size, false);
    if (!o) return item_error(option, i, item, o.error().message);
    out.push_back(*o);
  }
  return out;
}

Result<Pattern> parse_pattern(std::string_view option, std::string_view text, Family family,
                              const BoardSize& size) {
  Pattern pattern;
  const std::vector<std::string_view> items = split_items(text);
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::string_view item = items[i];
    if (item.empty()) return item_error(option, i, item, "empty item");
    bool empty = false;
    if (item.size() > 2 && item[0] == '.' && item[1] == ':') {
      empty = true;
      item.remove_prefix(2);
    }
    Result<Occupant> o = parse_occupant(family, item, size, false);
    if (!o) return item_error(option, i, items[i], o.error().message);
    (empty ? pattern.empty : pattern.stones).push_back(*o);
  }
  return pattern;
}

namespace {

// The exact position of --position, --position-file or --line (at most one
// of them); nullopt when none is given. `games` gives --line its board.
Result<std::optional<PositionTarget>> target_from_options(const NodeFilterArgs& args,
                                                          const GameFilter& games, Database& db) {
  if (static_cast<int>(args.position.has_value()) +
          static_cast<int>(args.position_file.has_value()) +
          static_cast<int>(args.line.has_value()) >
      1) {
    return Error{{}, "give at most one of --position, --position-file and --line"};
  }
  Result<PositionTarget> t = Error{};
  if (args.position) {
    // The target's errors start with the option and its value already.
    t = position_from_game(db, *args.position);
  } else if (args.position_file) {
    t = position_from_file(*args.position_file);
  } else if (args.line) {
    if (!games.family) return Error{{}, "--line needs --family (its empty board is the start)"};
    t = position_from_line(*games.family, games.variant, games.size.value_or(0), *args.line);
  } else {
    return std::optional<PositionTarget>{};
  }
  if (!t) return t.error();
  return std::optional<PositionTarget>{std::move(*t)};
}

// The Twixt links of every --link, appended to `links`; the first bad item's
// error otherwise.
std::optional<Error> add_links(const NodeFilterArgs& args, const BoardSize& size,
                               std::vector<TwixtLink>& links) {
  for (const std::string& text : args.link) {
    const std::vector<std::string_view> items = split_items(text);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string_view item = items[i];
      const std::size_t dash = item.find('-');
      if (dash == std::string_view::npos) {
        return item_error("--link", i, item, "write C:p1-p2, e.g. W:e5-f7");
      }
      Result<Occupant> a = parse_occupant(Family::kTwixt, item.substr(0, dash), size, true);
      if (!a) return item_error("--link", i, item, a.error().message);
      Result<Point> b = parse_twixt_point(trim_ascii(item.substr(dash + 1)), size);
      if (!b) return item_error("--link", i, item, b.error().message);
      const int dx = std::abs(a->point.x - b->x);
      const int dy = std::abs(a->point.y - b->y);
      if (!((dx == 1 && dy == 2) || (dx == 2 && dy == 1))) {
        return item_error("--link", i, item, "the two pegs are not a knight's move apart");
      }
      links.push_back(TwixtLink{std::min(a->point, *b), std::max(a->point, *b), a->color});
    }
  }
  return std::nullopt;
}

// The placements of --pattern on the filter's board (its family known),
// every symmetric image with `symmetric`; the pattern's error otherwise.
std::optional<Error> add_pattern(const NodeFilterArgs& args, bool symmetric, NodeFilter& filter) {
  // A Blokus variant has one board (games/blokus_points.h), so --variant
  // tells the placements' board and --size is not needed; every stored game
  // of the variant has that board, so the games searched stay the same.
  BoardSize board;
  if (filter.game.size) board = BoardSize{*filter.game.size, *filter.game.size};
  if (*filter.game.family == Family::kBlokus && !filter.game.variant.empty()) {
    if (const BlokusVariant* variant = find_blokus_variant(filter.game.variant)) {
      board = BoardSize{variant->columns, variant->rows};
    }
  }
  if (board.columns == 0) {
    if (*filter.game.family == Family::kBlokus) {
      return Error{{}, "--pattern needs --variant for blokus (the variant sets the board)"};
    }
    return Error{{}, "--pattern needs --size (placements depend on the board)"};
  }
  const std::int32_t side = std::max(board.columns, board.rows);
  if (side > kMaxPatternSide) {
    return Error{{},
                 "--pattern: boards up to " + std::to_string(kMaxPatternSide) +
                     " are searched for patterns, not " + std::to_string(side)};
  }
  Result<Pattern> pattern = parse_pattern("--pattern", *args.pattern, *filter.game.family, board);
  if (!pattern) return pattern.error();
  Board shape;
  shape.family = *filter.game.family;
  shape.variant = filter.game.variant;
  shape.columns = board.columns;
  shape.rows = board.rows;
  filter.patterns = pattern_placements(shape, *pattern, symmetric);
  if (filter.patterns.empty()) return Error{{}, "--pattern does not fit on the board"};
  return std::nullopt;
}

// --has-eval, --eval-source and the bounds --eval-min, --eval-max and
// --eval-swing, checked against the source's scale.
std::optional<Error> add_eval_bounds(const NodeFilterArgs& args, NodeFilter& filter) {
  filter.has_eval = args.has_eval;
  if (args.eval_source) {
    const std::string source = *args.eval_source;
    if (const std::optional<EvalSource> known = parse_eval_source(source)) {
      filter.eval_source = *known;
    } else {
      return Error{{},
                   "--eval-source: unknown source '" + source + "' (" + eval_source_names() + ")"};
    }
  }
  // A source with a scale (docs/queries.md: game-tree evaluations on
  // -10000..10000, win rates on 0..100) makes a bound outside it a mistake,
  // not a query. SGF V[] values and score leads have no bounds, and without
  // a source every scale counts, so only NaN and infinities (which no value
  // is) are refused there.
  const std::optional<EvalRange> known_range =
      filter.eval_source ? eval_source_range(*filter.eval_source) : std::nullopt;
  const bool bounded = known_range.has_value();
  const EvalRange range = known_range.value_or(EvalRange{});
  struct Bound {
    const char* option;
    const std::optional<double>& given;
    std::optional<double>& into;
    bool swing;
  };
  for (const Bound& bound : {Bound{"eval-min", args.eval_min, filter.eval_min, false},
                             Bound{"eval-max", args.eval_max, filter.eval_max, false},
                             Bound{"eval-swing", args.eval_swing, filter.eval_swing, true}}) {
    if (!bound.given) continue;
    const char* option = bound.option;
    const double value = *bound.given;
    const bool swing = bound.swing;
    const double low = !bounded ? 0 : swing ? 0 : range.low;
    const double high = !bounded ? 0 : swing ? range.high - range.low : range.high;
    const bool ok = bounded ? (value >= low && value <= high)
                            : (std::isfinite(value) && (!swing || value >= 0));
    if (!ok) {
      std::ostringstream text;
      if (bounded) {
        text << "--" << option << " " << value << ": give a number from " << low << " to " << high;
      } else {
        text << "--" << option << " " << value << ": give a number"
             << (swing ? " of at least 0" : " (not infinite)");
      }
      return Error{{}, text.str()};
    }
    bound.into = value;
  }
  return std::nullopt;
}

}  // namespace

Result<NodeSelection> node_selection_from(const NodeFilterArgs& args, const GameFilter& games,
                                          Database& db) {
  NodeSelection sel;
  NodeFilter& f = sel.filter;
  f.game = games;
  f.limit = games.limit;
  f.game.limit.reset();
  f.offset = games.offset;
  f.game.offset = 0;
  const bool exact = args.position || args.position_file || args.line;
  sel.node_level = exact || !args.has.empty() || !args.empty.empty() || !args.link.empty() ||
                   args.pattern || args.eval_min || args.eval_max || args.eval_swing ||
                   args.has_eval || args.comment || args.comment_fts || args.first ||
                   args.main_line;
  const bool symmetric = args.symmetric;
  if (symmetric && !exact && !args.pattern) {
    return Error{{}, "--symmetric needs --position, --position-file, --line or --pattern"};
  }
  if (!sel.node_level) return sel;

  // An exact position; it also tells the family.
  Result<std::optional<PositionTarget>> found = target_from_options(args, f.game, db);
  if (!found) return found.error();
  const std::optional<PositionTarget>& target = *found;
  if (target) {
    if (auto conflict = family_conflict(f.game.family, *target)) return *conflict;
    f.game.family = target->shape.family;
    if (symmetric) {
      f.position_hashes = symmetric_hashes(target->shape, target->occupants, target->links);
    } else {
      f.position_hashes = {target->hash};
    }
  }

  BoardSize size;
  if (f.game.size) size = BoardSize{*f.game.size, *f.game.size};
  if (target && size.columns == 0) size = BoardSize{target->shape.columns, target->shape.rows};
  auto need_family = [&](const char* option) -> std::optional<Error> {
    if (!f.game.family) {
      return Error{{},
                   std::string("--") + option +
                       " needs --family (or --position / --position-file, which tell it)"};
    }
    if (*f.game.family == Family::kOther) {
      return Error{{}, std::string("--") + option + ": family other has no positions"};
    }
    return std::nullopt;
  };

  for (const bool has : {true, false}) {
    const char* option = has ? "has" : "empty";
    const std::vector<std::string>& texts = has ? args.has : args.empty;
    if (texts.empty()) continue;
    if (auto e = need_family(option)) return *e;
    for (const std::string& text : texts) {
      Result<std::vector<Occupant>> list = parse_point_conditions(
          std::string("--") + option, text, *f.game.family, size, has ? &f.pieces : nullptr);
      if (!list) return list.error();
      auto& into = has ? f.has : f.empty;
      into.insert(into.end(), list->begin(), list->end());
    }
  }
  if (!args.link.empty()) {
    if (auto e = need_family("link")) return *e;
    if (*f.game.family != Family::kTwixt) return Error{{}, "--link: links are Twixt only"};
    if (auto e = add_links(args, size, f.links)) return *e;
  }
  if (args.pattern) {
    if (auto e = need_family("pattern")) return *e;
    if (auto e = add_pattern(args, symmetric, f)) return *e;
  }
  if (auto e = add_eval_bounds(args, f)) return *e;
  if (args.comment && args.comment_fts) {
    return Error{{}, "give at most one of --comment and --comment-fts"};
  }
  if (args.comment) {
    f.comment_match = comment_words_query(*args.comment);
    if (f.comment_match.empty()) return Error{{}, "--comment: no words to search for"};
  }
  if (args.comment_fts) {
    f.comment_match = *args.comment_fts;
    if (trim_ascii(f.comment_match).empty()) return Error{{}, "--comment-fts: empty query"};
  }
  f.first_only = args.first;
  f.main_line_only = args.main_line;
  return sel;
}

}  // namespace ludex
