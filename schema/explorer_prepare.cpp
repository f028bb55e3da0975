#include "schema/explorer_prepare.h"

#include <cstddef>
#include <string>

#include "core/small_vector.h"
#include "games/position_stream.h"
#include "schema/explorer_build.h"

namespace ludex {
namespace {

std::int64_t string_heap(const std::string& s) {
  return s.capacity() > 15 ? static_cast<std::int64_t>(s.capacity() + 1) : 0;
}

// What went past the inline room.
template <class T, std::size_t N>
std::int64_t spilled_heap(const SmallVector<T, N>& v) {
  return v.capacity() > N ? static_cast<std::int64_t>(v.capacity() * sizeof(T)) : 0;
}

}  // namespace

std::int64_t PreparedExplorerGame::heap_bytes() const {
  auto n = static_cast<std::int64_t>(moves_.capacity() * sizeof(Continuation) +
                                     visits_.capacity() * sizeof(ExplorerVisit));
  for (const Continuation& m : moves_) {
    n += string_heap(m.piece) + spilled_heap(m.points);
  }
  for (const ExplorerVisit& v : visits_) {
    n += string_heap(v.visit.variant) + string_heap(v.visit.date) + spilled_heap(v.visit.moves);
  }
  return n;
}

const std::vector<ExplorerVisit>& PreparedExplorerGame::complete(std::int64_t game_id,
                                                                 std::int64_t first_node_id,
                                                                 MoveTable* moves) {
  for (ExplorerVisit& v : visits_) {
    v.visit.game_id = game_id;
    for (MoveVisit& m : v.visit.moves) {
      m.child += first_node_id;
      if (moves != nullptr) m.move = moves->intern(*m.move);
    }
  }
  return visits_;
}

std::optional<PreparedExplorerGame> prepare_explorer_game(const GameRecord& game,
                                                          const GamePositions& positions,
                                                          const GameLayout& layout) {
  if (positions.stream.empty()) return std::nullopt;
  PreparedExplorerGame prepared;
  const std::optional<StreamBoard> board = stream_board(game);
  // A stream that does not read was refused by its own writer already;
  // the check of the stored game reports it (ludex check). It adds no visit,
  // as GameWriter's own path adds none.
  ExplorerGame visited;
  if (!board ||
      !explorer_game_of(game, positions, layout, positions.stream, *board, 0, 0, &visited)) {
    return prepared;
  }
  prepared.visits_ = explorer_visits(visited, nullptr);
  // The moves point into `visited`, which goes: copy them, whole, into a
  // vector that does not grow afterwards.
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

}  // namespace ludex
