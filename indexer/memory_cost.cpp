#include "indexer/memory_cost.h"

#include "indexer/parse_pipeline.h"

namespace ludex {

std::int64_t diagnostics_bytes(const std::vector<Diagnostic>& diagnostics) {
  std::int64_t n = vector_bytes(diagnostics);
  for (const Diagnostic& d : diagnostics) n += string_bytes(d.message);
  return n;
}

std::int64_t record_bytes(const FileResult& r) {
  return static_cast<std::int64_t>(sizeof(FileResult)) + string_bytes(r.path) +
         string_bytes(r.container) + string_bytes(r.read_error) + string_bytes(r.content_hash) +
         diagnostics_bytes(r.diagnostics);
}

std::int64_t estimate_game_bytes(const PreparedGame& prepared) {
  const GameRecord& game = prepared.record;
  const GamePositions& positions = prepared.positions;
  const GameLayout& layout = prepared.layout;
  std::int64_t n = static_cast<std::int64_t>(sizeof(PreparedGame));
  n += static_cast<std::int64_t>(game.tree.heap_bytes());
  n += vector_bytes(game.players);
  for (const SeatPlayer& p : game.players) n += string_bytes(p.name);
  n += string_bytes(game.dialect) + string_bytes(game.variant) + string_bytes(game.result) +
       string_bytes(game.date) + string_bytes(game.event) + string_bytes(game.round) +
       string_bytes(game.charset) + diagnostics_bytes(game.warnings);
  n += vector_bytes(positions.hashes) + vector_bytes(positions.deltas) +
       diagnostics_bytes(positions.warnings) + string_bytes(positions.stream) +
       vector_bytes(positions.features) + vector_bytes(layout.order) +
       vector_bytes(layout.descendants) + vector_bytes(layout.depth) +
       vector_bytes(layout.moveless) + vector_bytes(layout.main_line) + vector_bytes(layout.swings);
  n += vector_bytes(prepared.ranks);
  for (const StatedRank& r : prepared.ranks) n += string_bytes(r.written);
  for (const PositionDelta& d : positions.deltas) {
    n += vector_bytes(d.placed) + vector_bytes(d.removed) + vector_bytes(d.links_added) +
         vector_bytes(d.links_removed) + string_bytes(d.piece);
  }
  if (const std::optional<PreparedExplorerGame>& explorer = prepared.explorer) {
    n += vector_bytes(explorer->moves()) + vector_bytes(explorer->visits());
    for (const Continuation& m : explorer->moves()) {
      n += string_bytes(m.piece) + vector_bytes(m.points);
    }
    for (const ExplorerVisit& v : explorer->visits()) {
      n += string_bytes(v.visit.variant) + string_bytes(v.visit.date) + vector_bytes(v.visit.moves);
    }
  }
  return n;
}

}  // namespace ludex
