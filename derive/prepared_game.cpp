#include "derive/prepared_game.h"

#include <utility>

#include "games/position_stream.h"

namespace ludex {

PreparedGame prepare_game(GameRecord game, PositionWarnings warnings) {
  GamePositions positions = compute_positions(game);
  if (warnings == PositionWarnings::kToGame) {
    for (Diagnostic& w : positions.warnings) game.warnings.push_back(std::move(w));
  }
  return prepare_game_with(std::move(game), std::move(positions));
}

PreparedGame prepare_game_with(GameRecord game, GamePositions positions) {
  PreparedGame p;
  p.record = std::move(game);
  p.derived = true;
  p.positions = std::move(positions);
  p.positions.warnings.clear();
  attach_position_stream(p.record, &p.positions);
  p.layout = compute_game_layout(p.record);
  p.explorer = prepare_explorer_game(p.record, p.positions, p.layout);
  p.ranks = stated_ranks(p.record);
  p.rank_band = rank_band(p.record, p.ranks);
  p.sides_swapped = sides_swapped_at_end(p.record);
  return p;
}

GamePositions prepare_positions(const GameRecord& game) {
  GamePositions positions = compute_positions(game);
  attach_position_stream(game, &positions);
  return positions;
}

PreparedGame prepare_record(GameRecord game) {
  PreparedGame p;
  p.record = std::move(game);
  p.layout = compute_game_layout(p.record);
  p.ranks = stated_ranks(p.record);
  p.rank_band = rank_band(p.record, p.ranks);
  p.sides_swapped = sides_swapped_at_end(p.record);
  return p;
}

}  // namespace ludex
