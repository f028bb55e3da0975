// Positions are rebuilt by query/position_view.h, whose hash is the one the
// import stored for that node.
#include "query/position_target.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string_view>

#include "derive/prepared_game.h"
#include "games/blokus_points.h"
#include "games/coord_text.h"
#include "games/family_rules.h"
#include "games/position.h"
#include "games/sgf_values.h"
#include "importers/game_file.h"
#include "query/node_filter_options.h"
#include "query/position_view.h"
#include "schema/game_loader.h"

namespace ludex {
namespace {

// The position after `moves` moves of the main line (the first main-line
// node with that move number); moves < 0 = the end of the main line.
Result<PositionTarget> position_in_game(const GameRecord& game, std::int64_t moves,
                                        const std::string& what) {
  Result<PositionView> view = view_position(game, moves);
  if (!view) return Error{{}, what + ": " + view.error().message};
  if (view->stopped) {
    return Error{{}, what + ": positions stop at " + *view->stopped};
  }
  PositionTarget target;
  target.shape = board_of(game);
  for (const Occupant& o : view->last_placed) target.last_placed.push_back(o.point);
  target.occupants = std::move(view->occupants);
  target.links = std::move(view->links);
  target.hash = view->hash;
  target.move_number = view->move_number;
  return target;
}

// The position after node `node` (any node, variations too): the root's
// setup and every move and setup on the path down to it, replayed with the
// family's rules.
Result<PositionTarget> position_at_node(const GameRecord& game, NodeIndex node,
                                        const std::string& what) {
  Result<std::unique_ptr<Position>> start = new_position(game);
  if (!start) return Error{{}, what + ": " + start.error().message};
  std::unique_ptr<Position> position = std::move(*start);
  std::vector<NodeIndex> path;
  for (NodeIndex i = node; i != kNoNode; i = game.tree.parent(i)) path.push_back(i);
  std::int64_t move_number = 0;
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const NodeView data = game.tree.data(*it);
    if (!data.moves.empty()) ++move_number;
    Result<PositionDelta> setup = position->apply_setup(data.props);
    if (!setup) {
      return Error{{},
                   what + ": positions stop at the setup of move " + std::to_string(move_number) +
                       ": " + setup.error().message};
    }
    for (const Move& m : data.moves) {
      Result<PositionDelta> played = position->play(m);
      if (!played) {
        return Error{{},
                     what + ": positions stop at move " + std::to_string(move_number) + ": " +
                         played.error().message};
      }
    }
  }
  PositionTarget target;
  target.shape = board_of(game);
  for (const Move& m : game.tree.data(node).moves) {
    if (m.kind != MoveKind::kPlace) continue;
    target.last_placed.insert(target.last_placed.end(), m.points.begin(), m.points.end());
  }
  target.occupants = position->occupants();
  target.links = position->links();
  target.hash = position->hash();
  target.move_number = move_number;
  return target;
}

// "line 1, column 17: message" (the game's number too when not the first).
std::string located(const Diagnostic& d) {
  std::string out;
  if (d.game_index > 0) out = "game " + std::to_string(d.game_index + 1) + ", ";
  const std::string where = d.pos.to_string();
  if (!where.empty()) out += where + ": ";
  return out + d.message;
}

}  // namespace

std::optional<Error> family_conflict(const std::optional<Family>& family,
                                     const PositionTarget& target) {
  if (!family || *family == target.shape.family) return std::nullopt;
  return Error{{},
               "--family " + std::string(family_name(*family)) +
                   " contradicts the position's family " +
                   std::string(family_name(target.shape.family))};
}

Result<PositionTarget> position_from_game(Database& db, const std::string& spec) {
  const std::string what = "--position '" + spec + "'";
  constexpr std::string_view kNodePrefix = "node:";
  if (spec.compare(0, kNodePrefix.size(), kNodePrefix) == 0) {
    std::int64_t node_id = 0;
    const char* begin = spec.data() + kNodePrefix.size();
    const char* end = spec.data() + spec.size();
    auto [p, e] = std::from_chars(begin, end, node_id);
    if (e != std::errc() || p != end || begin == end || node_id <= 0) {
      return Error{{}, what + ": the node id must be a positive number"};
    }
    return position_at_stored_node(db, node_id, what);
  }
  const std::size_t colon = spec.find(':');
  if (colon == std::string::npos) {
    return Error{{}, what + ": expected GAME_ID:MOVE_NUMBER (e.g. 12:30) or node:NODE_ID"};
  }
  std::int64_t game_id = 0;
  std::int64_t moves = 0;
  const char* begin = spec.data();
  const char* mid = begin + colon;
  const char* end = begin + spec.size();
  auto [p1, e1] = std::from_chars(begin, mid, game_id);
  auto [p2, e2] = std::from_chars(mid + 1, end, moves);
  if (e1 != std::errc() || p1 != mid || game_id <= 0) {
    return Error{{}, what + ": the game id must be a positive number"};
  }
  if (e2 != std::errc() || p2 != end || moves < 0) {
    return Error{{}, what + ": the move number must be a number from 0"};
  }
  return position_in_stored_game(db, game_id, moves, what);
}

Result<PositionTarget> position_in_stored_game(Database& db, std::int64_t game_id,
                                               std::int64_t moves, const std::string& what) {
  GameLoader loader(db);
  const std::optional<LoadedGame> loaded = loader.load(game_id);
  if (!loaded) return Error{{}, what + ": there is no game " + std::to_string(game_id)};
  return position_in_game(loaded->record, moves, what);
}

Result<PositionTarget> position_at_stored_node(Database& db, std::int64_t node_id,
                                               const std::string& what) {
  GameLoader loader(db);
  const std::optional<std::int64_t> game_id = loader.game_of_node(node_id);
  if (!game_id) return Error{{}, what + ": there is no node " + std::to_string(node_id)};
  const std::optional<LoadedGame> loaded = loader.load(*game_id);
  if (!loaded) return Error{{}, what + ": there is no game " + std::to_string(*game_id)};
  const std::int64_t index = node_id - loaded->first_node_id;
  if (index < 0 || static_cast<std::size_t>(index) >= loaded->record.tree.size()) {
    throw std::runtime_error("corrupt database: node " + std::to_string(node_id) +
                             " lies outside its game's node range");
  }
  return position_at_node(loaded->record, static_cast<NodeIndex>(index), what);
}

Result<PositionTarget> position_from_file(const std::string& path) {
  const std::string what = "--position-file '" + path + "'";
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{{}, what + ": cannot read the file"};
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Error{{}, what + ": cannot read the file"};
  const std::string bytes = buffer.str();
  const ParsedFile parsed = parse_game_file(bytes);
  // A game lost before the first stored one would make games.front() some
  // other game than the file's first: refuse, as for a lost file.
  for (const Diagnostic& d : parsed.diagnostics) {
    if (d.game_index <= 0) return Error{d.pos, what + ": " + located(d)};
  }
  if (parsed.games.empty()) return Error{{}, what + ": no game in it"};
  const GameRecord& game = parsed.games.front();
  // Whatever the reader had to guess at (a move it kept as a property, a
  // syntax slip it recovered from) or a move the rules refuse would quietly
  // give another position than the one meant (B[zz] on 13x13 would leave
  // the empty board, which every game has): the file is refused, saying
  // where.
  if (!game.warnings.empty()) {
    return Error{game.warnings.front().pos, what + ": " + located(game.warnings.front())};
  }
  const GamePositions positions = prepare_positions(game);
  if (!positions.warnings.empty()) {
    return Error{positions.warnings.front().pos, what + ": " + located(positions.warnings.front())};
  }
  return position_in_game(game, -1, what);
}

namespace {

std::string lower_text(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// The items of a line: ';'-separated for Blokus (a placement lists cells
// with commas), else ','-separated; empty items (a trailing separator)
// are skipped.
std::vector<std::string_view> line_items(Family family, std::string_view line) {
  const char separator = family == Family::kBlokus ? ';' : ',';
  std::vector<std::string_view> out;
  while (!line.empty()) {
    const std::size_t at = line.find(separator);
    const std::string_view item = trim_ascii(line.substr(0, at));
    if (!item.empty()) out.push_back(item);
    if (at == std::string_view::npos) break;
    line.remove_prefix(at + 1);
  }
  return out;
}

// One item as a move of `seat` (Blokus: `color`); the item's own colour
// letter, when it has one, overrides them.
Result<Move> line_move(Family family, const BlokusVariant* variant, const BoardSize& size,
                       std::string_view item, std::int8_t seat, std::int8_t color) {
  Move move;
  std::string_view rest = item;
  const std::size_t space = item.find(' ');
  if (space != std::string_view::npos) {
    const std::int8_t named = parse_colour_letter(family, item.substr(0, space));
    if (named == 0) return Error{{}, "unknown colour '" + std::string(item.substr(0, space)) + "'"};
    rest = trim_ascii(item.substr(space + 1));
    if (family == Family::kBlokus) {
      color = named;
    } else {
      seat = named;
    }
  }
  if (family == Family::kBlokus) {
    move.color = color;
    move.seat = blokus_seat_of_color(*variant, color);
    // An optional piece name before the cells ("V5 a1,a2,b2"): the cells
    // say which piece it is.
    const std::size_t gap = rest.find(' ');
    if (gap != std::string_view::npos) rest = trim_ascii(rest.substr(gap + 1));
    Result<MovePoints> cells = parse_blokus_point_list(rest, size);
    if (!cells) return cells.error();
    move.points = std::move(*cells);
    return move;
  }
  move.seat = seat;
  const std::string word = lower_text(rest);
  if (word == "pass") {
    move.kind = MoveKind::kPass;
  } else if (word == "swap" || word == "swap-pieces") {
    move.kind = MoveKind::kSwapPieces;
  } else if (word == "swap-sides") {
    move.kind = MoveKind::kSwapSides;
  } else {
    Result<Point> p = parse_family_point(family, rest, size);
    if (!p) return p.error();
    move.points.push_back(*p);
  }
  return move;
}

}  // namespace

Result<PositionTarget> position_from_line(Family family, const std::string& variant,
                                          std::int32_t size, const std::string& line) {
  GameRecord game;
  game.family = family;
  game.tree.add_root();
  const BlokusVariant* blokus = nullptr;
  if (family == Family::kBlokus) {
    blokus = find_blokus_variant(variant);
    if (blokus == nullptr) {
      return Error{{}, "--variant: unknown Blokus variant '" + variant + "'"};
    }
    game.variant = std::string(blokus->name);
    game.columns = blokus->columns;
    game.rows = blokus->rows;
  } else {
    if (family == Family::kOther) {
      return Error{{}, "--family other has no positions (hex, twixt, blokus, go)"};
    }
    const std::int32_t side = size > 0 ? size : default_board_side(family);
    if (side > kMaxSgfBoardSide) {
      return Error{{},
                   "--size " + std::to_string(side) + ": a board side is 1.." +
                       std::to_string(kMaxSgfBoardSide)};
    }
    game.columns = side;
    game.rows = side;
  }
  Result<std::unique_ptr<Position>> start = new_position(game);
  if (!start) return Error{{}, start.error().message};
  std::unique_ptr<Position> position = std::move(*start);
  const BoardSize board{game.columns, game.rows};
  std::int8_t seat = 1;
  std::int8_t color = 1;
  std::int64_t played = 0;
  std::vector<Point> last_placed;
  for (const std::string_view item : line_items(family, line)) {
    ++played;
    const std::string where =
        "--line: move " + std::to_string(played) + " '" + std::string(item) + "': ";
    Result<Move> move = line_move(family, blokus, board, item, seat, color);
    if (!move) return Error{{}, where + move.error().message};
    Result<PositionDelta> delta = position->play(*move);
    if (!delta) return Error{{}, where + delta.error().message};
    last_placed.clear();
    if (move->kind == MoveKind::kPlace)
      last_placed.assign(move->points.begin(), move->points.end());
    if (family == Family::kBlokus) {
      color = static_cast<std::int8_t>(move->color % blokus->colors + 1);
    } else {
      seat = move->seat == 1 ? 2 : 1;
    }
  }
  PositionTarget target;
  target.shape.family = family;
  target.shape.variant = game.variant;
  target.shape.columns = game.columns;
  target.shape.rows = game.rows;
  target.occupants = position->occupants();
  target.links = position->links();
  target.hash = position->hash();
  target.move_number = played;
  target.last_placed = std::move(last_placed);
  return target;
}

}  // namespace ludex
