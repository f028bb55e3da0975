// Replays only the main line (not the whole tree as compute_positions does),
// so that showing one position of a deep Blokus book costs one line's work.
// The import stores one hash per node, after the node's setup and all its
// moves; a node the rules refuse halfway (a setup that applied, then an
// illegal move) must not show its half-applied state, so such nodes are
// applied to a copy kept until the node succeeds.
#include "query/position_view.h"

#include <memory>
#include <utility>

#include "games/blokus_points.h"
#include "schema/game_loader.h"

namespace ludex {
namespace {

// "W e5", "B swap-pieces", "1 f9,e10,f10": the move as the record says it.
std::string describe_move(Family family, const Move& move) {
  const std::int8_t color = family == Family::kBlokus && move.color != 0 ? move.color : move.seat;
  std::string out = color == 0 ? std::string("?") : colour_label(family, color);
  if (move.kind != MoveKind::kPlace) return out + " " + std::string(move_kind_name(move.kind));
  if (!move.links.empty()) out += " (long move)";
  for (std::size_t i = 0; i < move.points.size(); ++i) {
    out += i == 0 ? " " : ",";
    out += point_text(family, move.points[i]);
  }
  return out;
}

// A node whose setup and moves are more than one step may fail after a first
// step changed the position.
bool may_fail_halfway(const NodeView& data) {
  return data.moves.size() > 1 || (!data.moves.empty() && !data.props.empty());
}

}  // namespace

std::string colour_label(Family family, std::int8_t color) {
  if (family == Family::kBlokus) return std::to_string(color);
  if (family == Family::kTwixt) return color == 1 ? "W" : "B";
  return color == 1 ? "B" : "W";
}

std::vector<std::int8_t> family_colours(Family family, const std::string& variant) {
  std::int8_t n = 2;
  if (family == Family::kBlokus) {
    const BlokusVariant* v = find_blokus_variant(variant);
    n = v != nullptr ? v->colors : 0;
  }
  std::vector<std::int8_t> out;
  for (std::int8_t c = 1; c <= n; ++c) out.push_back(c);
  return out;
}

Result<PositionView> view_position(const GameRecord& game, std::int64_t moves) {
  if (game.family == Family::kOther) {
    return Error{{}, "positions are not computed for games of family 'other'"};
  }
  const std::vector<NodeIndex> line = game.tree.main_line();
  if (line.empty()) return Error{{}, "the game has no nodes"};
  auto start = new_position(game);
  if (!start) return Error{{}, start.error().message};
  std::unique_ptr<Position> position = std::move(*start);

  PositionView view;
  view.family = game.family;
  view.variant = game.variant;
  view.columns = game.columns;
  view.rows = game.rows;
  for (const NodeIndex node : line) {
    if (!game.tree.data(node).moves.empty()) ++view.main_line_moves;
  }

  std::int64_t played = 0;
  bool reached = false;
  for (const NodeIndex node : line) {
    const NodeView& data = game.tree.data(node);
    std::unique_ptr<Position> before = may_fail_halfway(data) ? position->clone() : nullptr;
    if (auto setup = position->apply_setup(data.props); !setup) {
      view.stopped =
          "the setup after move " + std::to_string(played) + ": " + setup.error().message;
      view.stopped_at = played;
      break;
    }
    if (!data.moves.empty()) ++played;
    // Counted per node and kept only if the whole node applies, as the
    // position is.
    std::array<std::int64_t, 2> captured{};
    for (const Move& move : data.moves) {
      auto result = position->play(move);
      if (!result) {
        view.stopped = "move " + std::to_string(played) + " (" + describe_move(game.family, move) +
                       "): " + result.error().message;
        view.stopped_at = played;
        break;
      }
      if (game.family == Family::kGo && (move.seat == 1 || move.seat == 2)) {
        for (const Occupant& o : result->removed) {
          if (o.color != move.seat) ++captured[static_cast<std::size_t>(move.seat - 1)];
        }
      }
    }
    if (view.stopped) {
      if (before) position = std::move(before);
      break;
    }
    view.captures[0] += captured[0];
    view.captures[1] += captured[1];
    view.move_number = played;
    if (moves >= 0 && played >= moves) {
      reached = played == moves;
      break;
    }
  }
  if (moves >= 0 && !reached && !view.stopped) {
    return Error{{},
                 "the main line has no position after " + std::to_string(moves) +
                     " moves (it has " + std::to_string(view.main_line_moves) + ")"};
  }
  view.hash = position->hash();
  view.occupants = position->occupants();
  view.links = position->links();
  return view;
}

std::optional<Result<PositionView>> view_stored_position(Database& db, std::int64_t game_id,
                                                         std::int64_t moves) {
  GameLoader loader(db);
  const std::optional<LoadedGame> loaded = loader.load(game_id);
  if (!loaded) return std::nullopt;
  return view_position(loaded->record, moves);
}

}  // namespace ludex
