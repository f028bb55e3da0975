// Replays only the main line (not the whole tree as compute_positions does),
// so that showing one position of a deep Blokus book costs one line's work.
// The import stores one hash per node, after the node's setup and all its
// moves; a node the rules refuse halfway (a setup that applied, then an
// illegal move) must not show its half-applied state, so such nodes are
// applied to a copy kept until the node succeeds.
#include "query/position_view.h"

#include <algorithm>
#include <array>
#include <memory>
#include <string_view>
#include <utility>

#include "games/blokus_geometry.h"
#include "games/blokus_pieces.h"
#include "games/blokus_points.h"
#include "games/blokus_position.h"
#include "games/go_komi.h"
#include "games/go_position.h"
#include "games/sgf_values.h"
#include "schema/game_loader.h"

namespace ludex {
namespace {

// The pieces each Blokus colour has on the board, followed along a line.
// Moves name their piece (the rules identified it); setups are read here
// the way the rules read them (games/blokus_position.cpp): A1..A4, AB (colour
// 1) and AW (colour 2) place one piece per value, or, in files before
// Pentobi 0.3, one piece made of all the values; AE then removes pieces.
class PieceLedger {
 public:
  explicit PieceLedger(const BlokusVariant& info) : info_(&info) {}

  void place(std::int8_t color, std::string name, std::vector<Point> cells) {
    placed_.push_back({color, std::move(name), std::move(cells)});
  }

  // A setup that applied and changed the board by `delta`.
  void setup(const std::string& variant, std::span<const Property> props,
             const PositionDelta& delta) {
    static constexpr std::array<std::pair<std::string_view, std::int8_t>, 6> kPlacing = {
        {{"A1", 1}, {"A2", 2}, {"A3", 3}, {"A4", 4}, {"AB", 1}, {"AW", 2}}};
    const BoardSize size{info_->columns, info_->rows};
    for (const auto& [id, color] : kPlacing) {
      for (const Property& prop : props) {
        if (prop.id != id) continue;
        std::vector<std::vector<Point>> groups;
        for (const std::string& raw : prop.values) {
          const std::string value = sgf_unescape_value(raw);
          if (trim_ascii(value).empty()) continue;
          Result<MovePoints> points = parse_blokus_point_list(value, size);
          if (points) groups.emplace_back(points->begin(), points->end());
        }
        std::vector<std::string> names;
        for (const std::vector<Point>& group : groups) {
          Result<std::string> name = identify_blokus_piece(variant, group);
          if (!name) break;
          names.push_back(std::move(*name));
        }
        if (names.size() == groups.size()) {
          for (std::size_t i = 0; i < groups.size(); ++i) place(color, names[i], groups[i]);
          continue;
        }
        std::vector<Point> all;
        for (const std::vector<Point>& group : groups)
          all.insert(all.end(), group.begin(), group.end());
        if (Result<std::string> name = identify_blokus_piece(variant, all)) {
          place(color, std::move(*name), std::move(all));
        }
      }
    }
    if (delta.removed.empty()) return;
    std::erase_if(placed_, [&](const Placed& piece) {
      return std::all_of(piece.cells.begin(), piece.cells.end(), [&](const Point& p) {
        return std::binary_search(delta.removed.begin(), delta.removed.end(),
                                  Occupant{p, piece.color});
      });
    });
  }

  // Fills the view's pieces_placed and pieces_left.
  void fill(PositionView& view) const {
    const std::int8_t colors = info_->colors;
    view.pieces_placed.assign(static_cast<std::size_t>(colors), {});
    view.pieces_left.assign(static_cast<std::size_t>(colors), {});
    for (const Placed& piece : placed_) {
      if (piece.color >= 1 && piece.color <= colors) {
        view.pieces_placed[static_cast<std::size_t>(piece.color - 1)].push_back(piece.name);
      }
    }
    for (std::int8_t c = 1; c <= colors; ++c) {
      const std::vector<std::string>& on_board =
          view.pieces_placed[static_cast<std::size_t>(c - 1)];
      for (const BlokusPiece& piece : blokus_pieces(*info_).pieces()) {
        const auto used = std::count(on_board.begin(), on_board.end(), piece.name);
        for (auto k = used; k < piece.copies; ++k) {
          view.pieces_left[static_cast<std::size_t>(c - 1)].push_back(piece.name);
        }
      }
    }
  }

 private:
  struct Placed {
    std::int8_t color = 0;
    std::string name;
    std::vector<Point> cells;
  };
  const BlokusVariant* info_;
  std::vector<Placed> placed_;
};

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

bool sides_swapped(const PositionView& view) {
  return view.side_swaps.size() % 2 == 1;
}

std::int8_t seat_of_colour(const PositionView& view, std::int8_t color) {
  if (view.board.family == Family::kBlokus) {
    const BlokusVariant* variant = find_blokus_variant(view.board.variant);
    return variant != nullptr ? blokus_seat_of_color(*variant, color) : 0;
  }
  if (!sides_swapped(view) || (color != 1 && color != 2)) return color;
  return static_cast<std::int8_t>(3 - color);
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
  view.board = board_of(game);
  view.game_index = game.game_index;
  view.players = game.players;
  view.result = game.result;
  view.winner = game.winner;
  if (game.family == Family::kGo) view.komi = read_go_komi(game.tree.data(0).props);
  for (const NodeIndex node : line) {
    if (!game.tree.data(node).moves.empty()) ++view.main_line_moves;
  }
  const BlokusVariant* blokus =
      game.family == Family::kBlokus ? find_blokus_variant(game.variant) : nullptr;
  std::optional<PieceLedger> ledger;
  if (blokus != nullptr) ledger.emplace(*blokus);

  std::int64_t played = 0;
  bool reached = false;
  for (const NodeIndex node : line) {
    const NodeView& data = game.tree.data(node);
    std::unique_ptr<Position> before = may_fail_halfway(data) ? position->clone() : nullptr;
    auto setup = position->apply_setup(data.props);
    if (!setup) {
      view.stopped =
          "the setup after move " + std::to_string(played) + ": " + setup.error().message;
      view.stopped_at = played;
      break;
    }
    const std::int64_t before_node = played;
    if (!data.moves.empty()) ++played;
    // Counted and collected per node and kept only if the whole node
    // applies, as the position is.
    std::array<std::int64_t, 2> captured{};
    std::vector<LineMove> node_moves;
    std::vector<Occupant> placed;
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
      placed.insert(placed.end(), result->placed.begin(), result->placed.end());
      node_moves.push_back({played, move, result->piece});
    }
    if (!view.stopped) {
      for (const LineMove& m : node_moves) {
        if (m.move.kind == MoveKind::kSwapSides) view.side_swaps.push_back(m.number);
      }
    }
    if (view.stopped) {
      if (before) position = std::move(before);
      break;
    }
    const bool setup_changed = !setup->placed.empty() || !setup->removed.empty();
    if (setup_changed && (view.setups.empty() || view.setups.back() != before_node)) {
      view.setups.push_back(before_node);
    }
    if (ledger) {
      if (setup_changed) ledger->setup(game.variant, data.props, *setup);
      for (const LineMove& m : node_moves) {
        if (m.piece.empty()) continue;
        std::vector<Point> cells;
        for (const Point& p : m.move.points) cells.push_back(p);
        ledger->place(m.move.color, m.piece, std::move(cells));
      }
    }
    if (!node_moves.empty()) {
      std::sort(placed.begin(), placed.end());
      view.last_placed = std::move(placed);
    }
    view.moves.insert(view.moves.end(), std::make_move_iterator(node_moves.begin()),
                      std::make_move_iterator(node_moves.end()));
    view.captures[0] += captured[0];
    view.captures[1] += captured[1];
    view.move_number = played;
    view.evaluations.assign(data.evaluations.begin(), data.evaluations.end());
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
  if (ledger) ledger->fill(view);
  return view;
}

std::optional<Result<PositionView>> view_stored_position(Database& db, std::int64_t game_id,
                                                         std::int64_t moves) {
  GameLoader loader(db);
  const std::optional<LoadedGame> loaded = loader.load(game_id);
  if (!loaded) return std::nullopt;
  Result<PositionView> view = view_position(loaded->record, moves);
  if (view) view->file = loaded->file;
  return view;
}

}  // namespace ludex
