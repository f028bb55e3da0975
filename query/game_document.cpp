#include "query/game_document.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "derive/prepared_game.h"
#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_points.h"
#include "games/go_points.h"
#include "games/position.h"
#include "query/game_output.h"
#include "query/position_view.h"

namespace ludex {
namespace {

Point point(std::int32_t x, std::int32_t y) {
  return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
}

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// The letters and the digits of a letter-number label ("Q16" -> "Q", "16");
// a label without digits (Go's SGF letters "pd") is split in half.
std::pair<std::string, std::string> split_label(const std::string& label) {
  const auto digit = std::find_if(label.begin(), label.end(), is_digit);
  if (digit == label.end()) {
    const std::size_t half = label.size() / 2;
    return {label.substr(0, half), label.substr(half)};
  }
  const auto at = static_cast<std::size_t>(digit - label.begin());
  return {label.substr(0, at), label.substr(at)};
}

const char* grid_name(BlokusGrid grid) {
  switch (grid) {
    case BlokusGrid::kSquare:
      return "square";
    case BlokusGrid::kTrigon:
      return "trigon";
    case BlokusGrid::kNexos:
      return "nexos";
    case BlokusGrid::kGembloq:
      return "gembloq";
  }
  return "square";
}

// The seat that plays `color` in the game; 0 when it changes with the
// position (Blokus Three-Player's fourth colour).
std::int8_t seat_of_colour(Family family, const std::string& variant, std::int8_t color) {
  if (family != Family::kBlokus) return color;
  const BlokusVariant* v = find_blokus_variant(variant);
  return v == nullptr ? color : blokus_seat_of_color(*v, color);
}

nlohmann::json colours_json(Family family, const std::string& variant) {
  nlohmann::json out = nlohmann::json::array();
  const BlokusVariant* blokus = family == Family::kBlokus ? find_blokus_variant(variant) : nullptr;
  for (const std::int8_t c : family_colours(family, variant)) {
    nlohmann::json colour = {{"color", c},
                             {"label", colour_label(family, c)},
                             {"seat", seat_of_colour(family, variant, c)}};
    if (blokus != nullptr) colour["name"] = std::string(blokus_colour_name(*blokus, c));
    out.push_back(std::move(colour));
  }
  return out;
}

nlohmann::json occupants_json(std::span<const Occupant> occupants) {
  nlohmann::json out = nlohmann::json::array();
  for (const Occupant& o : occupants) out.push_back({o.color, o.point.x, o.point.y});
  return out;
}

nlohmann::json links_json(std::span<const TwixtLink> links) {
  nlohmann::json out = nlohmann::json::array();
  for (const TwixtLink& l : links) out.push_back({l.color, l.a.x, l.a.y, l.b.x, l.b.y});
  return out;
}

nlohmann::json properties_json(std::span<const Property> props) {
  nlohmann::json out = nlohmann::json::array();
  for (const Property& p : props) {
    nlohmann::json values = nlohmann::json::array();
    for (const std::string& v : p.values) values.push_back(v);
    out.push_back({{"id", p.id}, {"values", std::move(values)}});
  }
  return out;
}

// A move with the colour the family's SGF writes it with; for Go the points
// in board coordinates ("B Q16"), else as move_text writes them.
std::string move_label(const GameRecord& game, const Move& move) {
  if (game.family != Family::kGo || move.kind != MoveKind::kPlace || move.points.empty()) {
    return move_text(game.family, move);
  }
  std::string out = colour_label(game.family, move.seat);
  const Board board{game.family, {}, game.columns, game.rows, false};  // what the names depend on
  for (std::size_t i = 0; i < move.points.size(); ++i) {
    out += i == 0 ? " " : ",";
    out += display_point_text(board, move.points[i]);
  }
  return out;
}

nlohmann::json move_json(const GameRecord& game, const Move& move, const std::string& piece) {
  nlohmann::json points = nlohmann::json::array();
  for (const Point& p : move.points) points.push_back({p.x, p.y});
  nlohmann::json j = {{"seat", move.seat},
                      {"color", game.family == Family::kBlokus ? move.color : move.seat},
                      {"kind", std::string(move_kind_name(move.kind))},
                      {"points", std::move(points)},
                      {"text", move_text(game.family, move)},
                      {"label", move_label(game, move)}};
  if (move.draw_offer) j["draw_offer"] = true;
  if (!move.links.empty()) j["long_move"] = true;
  if (!piece.empty()) j["piece"] = piece;
  return j;
}

nlohmann::json evaluations_json(std::span<const Evaluation> evaluations) {
  nlohmann::json out = nlohmann::json::array();
  for (const Evaluation& e : evaluations) {
    const bool number = !e.undetermined && !std::isnan(e.value);
    out.push_back({{"source", std::string(eval_source_name(e.source))},
                   {"value", number ? nlohmann::json(e.value) : nlohmann::json(nullptr)},
                   {"undetermined", e.undetermined}});
  }
  return out;
}

nlohmann::json pieces_json(const std::string& variant) {
  const BlokusVariant* info = find_blokus_variant(variant);
  nlohmann::json out = nlohmann::json::array();
  if (info == nullptr) return out;
  for (const BlokusPiece& piece : blokus_pieces(*info).pieces()) {
    out.push_back({{"name", piece.name}, {"copies", piece.copies}});
  }
  return out;
}

}  // namespace

bool go_board_notation(std::int32_t columns, std::int32_t rows) {
  return columns > 0 && rows > 0 && columns <= 25;
}

std::string display_point_text(const Board& board, const Point& p) {
  if (board.family == Family::kGo && go_board_notation(board.columns, board.rows)) {
    const BoardSize size{board.columns, board.rows};
    if (std::optional<std::string> text = format_go_board_point(p, size)) return *text;
  }
  return point_text(board.family, p);
}

nlohmann::json go_komi_json(const GoKomi& komi) {
  if (komi.written.empty()) return nullptr;
  return {{"written", komi.written},
          {"points", komi.points ? nlohmann::json(*komi.points) : nlohmann::json(nullptr)},
          {"scale", std::string(komi_scale_name(komi.scale))}};
}

nlohmann::json blokus_variants_json() {
  nlohmann::json out = nlohmann::json::array();
  for (const BlokusVariant& v : blokus_variants()) {
    nlohmann::json colours = nlohmann::json::array();
    for (std::int32_t c = 1; c <= v.colors; ++c) {
      colours.push_back(std::string(blokus_colour_name(v, c)));
    }
    out.push_back({{"name", std::string(v.name)},
                   {"columns", v.columns},
                   {"rows", v.rows},
                   {"players", v.players},
                   {"colours", std::move(colours)}});
  }
  return out;
}

nlohmann::json board_json(const Board& board) {
  const Family family = board.family;
  const std::string& variant = board.variant;
  const std::int32_t columns = board.columns;
  const std::int32_t rows = board.rows;
  nlohmann::json j = {{"family", std::string(family_name(family))},
                      {"variant", variant},
                      {"columns", columns},
                      {"rows", rows}};
  if (family == Family::kGo) {
    j["torus"] = board.torus;
    nlohmann::json stars = nlohmann::json::array();
    for (const Point& p : go_star_points(BoardSize{columns, rows})) stars.push_back({p.x, p.y});
    j["star_points"] = std::move(stars);
  }
  nlohmann::json column_labels = nlohmann::json::array();
  nlohmann::json row_labels = nlohmann::json::array();
  if (family != Family::kOther) {
    for (std::int32_t x = 0; x < columns; ++x) {
      column_labels.push_back(split_label(display_point_text(board, point(x, 0))).first);
    }
    for (std::int32_t y = 0; y < rows; ++y) {
      row_labels.push_back(split_label(display_point_text(board, point(0, y))).second);
    }
  }
  j["column_labels"] = std::move(column_labels);
  j["row_labels"] = std::move(row_labels);
  j["colours"] = colours_json(family, variant);
  if (family != Family::kBlokus) return j;

  const BlokusVariant* info = find_blokus_variant(variant);
  if (info == nullptr) return j;
  const BlokusGeometry& geometry = BlokusGeometry::get(info->board);
  j["grid"] = grid_name(geometry.grid());
  // Drawn with equal sides, a Trigon row is sqrt(3) half-edges high.
  j["unit"] = {1.0, geometry.grid() == BlokusGrid::kTrigon ? std::sqrt(3.0) : 1.0};
  nlohmann::json cells = nlohmann::json::array();
  for (std::int32_t y = 0; y < geometry.rows(); ++y) {
    for (std::int32_t x = 0; x < geometry.columns(); ++x) {
      const Point p = point(x, y);
      if (!geometry.on_board(p)) continue;
      nlohmann::json corners = nlohmann::json::array();
      for (const Point& c : geometry.outline(p)) corners.push_back({c.x, c.y});
      cells.push_back({x, y, std::move(corners)});
    }
  }
  j["cells"] = std::move(cells);
  nlohmann::json starts = nlohmann::json::array();
  for (const std::int8_t c : family_colours(family, variant)) {
    for (const Point& p : geometry.starting_points(c)) starts.push_back({c, p.x, p.y});
  }
  j["starting_points"] = std::move(starts);
  j["pieces"] = pieces_json(variant);
  return j;
}

nlohmann::json game_document_json(const LoadedGame& loaded) {
  const GameRecord& game = loaded.record;
  const GameTree& tree = game.tree;

  nlohmann::json players = nlohmann::json::array();
  for (const SeatPlayer& p : game.players) players.push_back({{"seat", p.seat}, {"name", p.name}});
  nlohmann::json warnings = nlohmann::json::array();
  for (const Diagnostic& d : game.warnings) {
    warnings.push_back({{"line", d.pos.line}, {"column", d.pos.column}, {"message", d.message}});
  }
  nlohmann::json doc = {
      {"game_id", loaded.game_id},
      {"file", loaded.file},
      {"game_index", game.game_index},
      {"family", std::string(family_name(game.family))},
      {"format", std::string(source_format_name(game.format))},
      {"dialect", game.dialect},
      {"variant", game.variant},
      {"players", std::move(players)},
      {"result", game.result},
      {"winner", game.winner},
      {"date", game.date},
      {"event", game.event},
      {"round", game.round},
      {"charset", game.charset},
      {"warnings", std::move(warnings)},
      {"komi", game.family == Family::kGo ? go_komi_json(read_go_komi(tree.data(0).props))
                                          : nlohmann::json(nullptr)},
      {"board", board_json(board_of(game))}};

  const GamePositions positions = prepare_positions(game);
  const bool has_positions = game.family != Family::kOther;
  // A node where positions stop has no hash while its parent has one (or is
  // the root); compute_positions gives their warnings in pre-order.
  std::vector<std::string> stopped(tree.size());
  if (has_positions) {
    std::size_t next_warning = 0;
    for (const NodeIndex i : tree.preorder()) {
      const NodeIndex parent = tree.parent(i);
      const bool parent_ok = parent == kNoNode || positions.hashes[parent] != 0;
      if (positions.hashes[i] == 0 && parent_ok && next_warning < positions.warnings.size()) {
        stopped[i] = positions.warnings[next_warning++].message;
      }
    }
  }

  std::vector<bool> on_main_line(tree.size(), false);
  nlohmann::json main_line = nlohmann::json::array();
  for (const NodeIndex i : tree.main_line()) {
    on_main_line[i] = true;
    main_line.push_back(i);
  }

  // Depth, move number and Go captures follow from the parent's, and a
  // parent comes before its children in the tree (pre-order indices).
  std::vector<std::int32_t> depth(tree.size(), 0);
  std::vector<std::int32_t> move_number(tree.size(), 0);
  std::vector<std::array<std::int64_t, 2>> captures(tree.size(), {0, 0});
  nlohmann::json nodes = nlohmann::json::array();
  for (NodeIndex i = 0; i < tree.size(); ++i) {
    const NodeView data = tree.data(i);
    const NodeIndex parent = tree.parent(i);
    if (parent != kNoNode) {
      depth[i] = depth[parent] + 1;
      move_number[i] = move_number[parent];
      captures[i] = captures[parent];
    }
    if (!data.moves.empty()) ++move_number[i];
    const PositionDelta& delta = positions.deltas[i];
    if (positions.hashes[i] != 0) {
      captures[i][0] += delta.captures[0];
      captures[i][1] += delta.captures[1];
    }
    nlohmann::json children = nlohmann::json::array();
    for (NodeIndex c = tree.first_child(i); c != kNoNode; c = tree.next_sibling(c)) {
      children.push_back(c);
    }
    nlohmann::json moves = nlohmann::json::array();
    for (std::size_t k = 0; k < data.moves.size(); ++k) {
      moves.push_back(move_json(game, data.moves[k], k == 0 ? delta.piece : std::string()));
    }
    nlohmann::json node = {
        {"index", i},
        {"node_id", loaded.first_node_id + static_cast<std::int64_t>(i)},
        {"parent", parent == kNoNode ? nlohmann::json(nullptr) : nlohmann::json(parent)},
        {"children", std::move(children)},
        {"depth", depth[i]},
        {"move_number", move_number[i]},
        {"main_line", on_main_line[i]},
        {"moves", std::move(moves)},
        {"comment",
         data.comment != nullptr ? nlohmann::json(*data.comment) : nlohmann::json(nullptr)},
        {"evaluations", evaluations_json(data.evaluations)},
        {"properties", properties_json(data.props)}};
    if (has_positions) {
      node["hash"] = positions.hashes[i] != 0
                         ? nlohmann::json(position_hash_text(positions.hashes[i]))
                         : nlohmann::json(nullptr);
      node["placed"] = occupants_json(delta.placed);
      node["removed"] = occupants_json(delta.removed);
      if (game.family == Family::kTwixt) {
        node["links_added"] = links_json(delta.links_added);
        node["links_removed"] = links_json(delta.links_removed);
      }
      if (game.family == Family::kGo) node["captures"] = {captures[i][0], captures[i][1]};
      node["stopped"] = stopped[i].empty() ? nlohmann::json(nullptr) : nlohmann::json(stopped[i]);
    }
    nodes.push_back(std::move(node));
  }
  doc["main_line"] = std::move(main_line);
  doc["nodes"] = std::move(nodes);
  return doc;
}

}  // namespace ludex
