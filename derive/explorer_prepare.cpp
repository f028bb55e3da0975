#include "derive/explorer_prepare.h"

#include <cstddef>

#include "games/position_stream.h"

namespace ludex {

void place_visit(std::int64_t game_id, std::int64_t first_node_id, MoveTable* moves,
                 OwnedVisit* visit) {
  visit->game_id = game_id;
  for (MoveVisit& m : visit->moves) {
    m.child += first_node_id;
    if (moves != nullptr) m.move = moves->intern(*m.move);
  }
}

PreparedExplorerGame prepare_explorer_visits(const GameRecord& game, const GamePositions& positions,
                                             const GameLayout& layout, std::string_view stream) {
  PreparedExplorerGame prepared;
  const std::optional<StreamBoard> board = stream_board(game);
  // A stream that does not read was refused by its own writer already;
  // the check of the stored game reports it (ludex check). It adds no visit.
  // The decoded nodes are the thread's: a worker decodes game after game.
  thread_local ExplorerGame visited;
  if (!board || !explorer_game_of(game, positions, layout, stream, *board, 0, 0, &visited)) {
    return prepared;
  }
  prepared.visits_ = explorer_visits(visited, nullptr);
  // The moves point into `visited`, which the next game overwrites: copy
  // them, whole, into a vector that does not grow afterwards.
  std::size_t moves = 0;
  for (const ExplorerVisit& v : prepared.visits_) moves += v.visit.moves.size();
  prepared.moves_.reserve(moves);
  for (ExplorerVisit& v : prepared.visits_) {
    for (MoveVisit& m : v.visit.moves) {
      prepared.moves_.push_back(*m.move);
      m.move = &prepared.moves_.back();
    }
  }
  return prepared;
}

std::optional<PreparedExplorerGame> prepare_explorer_game(const GameRecord& game,
                                                          const GamePositions& positions,
                                                          const GameLayout& layout) {
  if (positions.stream.empty()) return std::nullopt;
  return prepare_explorer_visits(game, positions, layout, positions.stream);
}

}  // namespace ludex
