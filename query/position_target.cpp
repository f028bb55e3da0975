// Positions are rebuilt from compute_positions' per-node deltas along the
// main line, so that the hash and the contents are exactly what the import
// stored for that node.
#include "query/position_target.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <fstream>
#include <map>
#include <sstream>

#include "importers/game_file.h"
#include "schema/game_loader.h"

namespace ludex {
namespace {

bool contains_toroid(const std::string& text) {
  std::string folded = text;
  std::transform(folded.begin(), folded.end(), folded.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return folded.find("toroid") != std::string::npos;
}

// Applies one node's delta to the contents. A delta may remove what it
// placed itself (a Go suicide) or place where it removed (a Hex swap on the
// diagonal), so removals of things present before go first and removals of
// things placed by this very delta last.
template <class Key, class Value>
void apply_changes(std::map<Key, Value>& contents, const std::vector<Value>& removed,
                   const std::vector<Value>& placed, Key (*key_of)(const Value&)) {
  std::vector<const Value*> later;
  for (const Value& r : removed) {
    const auto it = contents.find(key_of(r));
    if (it != contents.end() && it->second == r) {
      contents.erase(it);
    } else {
      later.push_back(&r);
    }
  }
  for (const Value& p : placed) contents[key_of(p)] = p;
  for (const Value* r : later) {
    const auto it = contents.find(key_of(*r));
    if (it != contents.end() && it->second == *r) contents.erase(it);
  }
}

Point occupant_key(const Occupant& o) {
  return o.point;
}
std::pair<Point, Point> link_key(const TwixtLink& l) {
  return {l.a, l.b};
}

// The position after `moves` moves of the main line (the first main-line
// node that many moves from the root); moves < 0 = the end of the main line.
Result<PositionTarget> position_in_game(const GameRecord& game, std::int64_t moves,
                                        const std::string& what) {
  if (game.family == Family::kOther) {
    return Error{{}, what + ": positions are not computed for games of family 'other'"};
  }
  const std::vector<NodeIndex> line = game.tree.main_line();
  if (line.empty()) return Error{{}, what + ": the game has no nodes"};
  const GamePositions positions = compute_positions(game);

  PositionTarget target;
  target.shape.family = game.family;
  target.shape.variant = game.family == Family::kBlokus ? game.variant : std::string();
  target.shape.columns = game.columns;
  target.shape.rows = game.rows;
  target.shape.torus = game.family == Family::kGo && contains_toroid(game.event);

  std::map<Point, Occupant> occupants;
  std::map<std::pair<Point, Point>, TwixtLink> links;
  std::int64_t played = 0;
  bool reached = false;
  for (const NodeIndex node : line) {
    // Move numbers count nodes that carry a move, as nodes.move_number does.
    if (!game.tree.data(node).moves.empty()) ++played;
    if (positions.hashes[node] == 0) {
      std::string why = "the position cannot be computed there";
      if (!positions.warnings.empty()) why = positions.warnings.front().message;
      return Error{
          {}, what + ": positions stop before move " + std::to_string(played) + " (" + why + ")"};
    }
    const PositionDelta& delta = positions.deltas[node];
    apply_changes<Point, Occupant>(occupants, delta.removed, delta.placed, &occupant_key);
    apply_changes<std::pair<Point, Point>, TwixtLink>(links, delta.links_removed, delta.links_added,
                                                      &link_key);
    target.hash = positions.hashes[node];
    target.move_number = played;
    if (moves >= 0 && played >= moves) {
      reached = played == moves;
      break;
    }
  }
  if (moves >= 0 && !reached) {
    return Error{{},
                 what + ": the main line has no position after " + std::to_string(moves) +
                     " moves (it has " + std::to_string(played) + ")"};
  }
  for (const auto& [point, occupant] : occupants) target.occupants.push_back(occupant);
  for (const auto& [ends, link] : links) target.links.push_back(link);
  std::sort(target.occupants.begin(), target.occupants.end());
  std::sort(target.links.begin(), target.links.end());
  return target;
}

}  // namespace

Result<PositionTarget> position_from_game(Database& db, const std::string& spec) {
  const std::string what = "--position '" + spec + "'";
  const std::size_t colon = spec.find(':');
  if (colon == std::string::npos) {
    return Error{{}, what + ": expected GAME_ID:MOVE_NUMBER, e.g. 12:30"};
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

Result<PositionTarget> position_from_file(const std::string& path) {
  const std::string what = "--position-file '" + path + "'";
  std::ifstream in(path, std::ios::binary);
  if (!in) return Error{{}, what + ": cannot read the file"};
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad()) return Error{{}, what + ": cannot read the file"};
  const std::string bytes = buffer.str();
  const ParsedFile parsed = parse_game_file(bytes);
  if (parsed.games.empty()) {
    std::string why = "no game in it";
    if (!parsed.diagnostics.empty()) {
      const Diagnostic& d = parsed.diagnostics.front();
      why = d.message;
      const std::string where = d.pos.to_string();
      if (!where.empty()) why += " (" + where + ")";
    }
    return Error{{}, what + ": " + why};
  }
  return position_in_game(parsed.games.front(), -1, what);
}

}  // namespace ludex
