// Position streams and the matcher: every corpus game's stream replays to the
// hash compute_positions gives at every node; the matcher finds exactly the
// nodes a brute-force check of each node's position finds; corrupt streams
// are errors, never crashes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "games/position.h"
#include "games/position_matcher.h"
#include "games/position_stream.h"
#include "games/symmetry.h"
#include "importers/game_file.h"
#include "tests/unit/games/positions_test_util.h"

namespace ludex {
namespace {

Board shape_of(const GameRecord& game, const StreamBoard& board) {
  Board shape;
  shape.family = game.family;
  shape.variant = game.family == Family::kBlokus ? game.variant : std::string();
  shape.columns = board.columns;
  shape.rows = board.rows;
  std::string event = game.event;
  std::transform(event.begin(), event.end(), event.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  shape.torus = game.family == Family::kGo && event.find("toroid") != std::string::npos;
  return shape;
}

// Every game of the corpus with positions, with its file's relative path.
std::vector<std::pair<std::string, GameRecord>> all_corpus_games() {
  const std::filesystem::path root = test::corpus_path("");
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::pair<std::string, GameRecord>> out;
  for (const auto& path : files) {
    ParsedFile parsed = parse_game_file(test::read_bytes(path.string()));
    for (GameRecord& g : parsed.games) {
      if (g.family == Family::kOther) continue;
      out.emplace_back(std::filesystem::relative(path, root).generic_string(), std::move(g));
    }
  }
  return out;
}

// The positions after every node, replayed from the stream: (occupants,
// links) by pre-order index.
struct Replayed {
  std::vector<std::vector<Occupant>> occupants;
  std::vector<std::vector<TwixtLink>> links;
  std::vector<bool> stopped;
  std::vector<bool> main_line;
  std::vector<bool> setup;
  std::vector<std::int32_t> depth;
};

Replayed replay(std::string_view stream, const StreamBoard& board) {
  Replayed out;
  PositionStreamReader reader(stream, board);
  REQUIRE(reader.error().empty());
  std::vector<std::map<Point, std::int8_t>> board_at;
  std::vector<std::set<TwixtLink>> links_at;
  StreamNode node;
  while (reader.next(&node)) {
    std::map<Point, std::int8_t> cells =
        node.index == 0 ? std::map<Point, std::int8_t>{} : board_at[node.parent];
    std::set<TwixtLink> links = node.index == 0 ? std::set<TwixtLink>{} : links_at[node.parent];
    for (const Occupant& o : node.removed) cells.erase(o.point);
    for (const Occupant& o : node.placed) cells[o.point] = o.color;
    for (const TwixtLink& l : node.links_removed) links.erase(l);
    for (const TwixtLink& l : node.links_added) links.insert(l);
    std::vector<Occupant> occupants;
    for (const auto& [p, c] : cells) occupants.push_back(Occupant{p, c});
    out.occupants.push_back(occupants);
    out.links.emplace_back(links.begin(), links.end());
    out.stopped.push_back(node.stopped);
    out.main_line.push_back(node.main_line);
    out.setup.push_back(node.setup);
    out.depth.push_back(node.depth);
    board_at.push_back(std::move(cells));
    links_at.push_back(std::move(links));
  }
  REQUIRE(reader.error().empty());
  return out;
}

TEST_CASE("every corpus game's position stream replays to its hashes", "[positions][stream]") {
  std::size_t games = 0;
  std::size_t nodes = 0;
  std::size_t bytes = 0;
  for (const auto& [file, game] : all_corpus_games()) {
    INFO(file << " game " << game.game_index);
    const std::optional<StreamBoard> board = stream_board(game);
    if (!board) continue;
    const GamePositions positions = compute_positions(game);
    const std::string stream = encode_position_stream(game, positions, *board);
    const Replayed r = replay(stream, *board);
    REQUIRE(r.occupants.size() == game.tree.size());
    const std::vector<NodeIndex> order = game.tree.preorder();
    std::set<NodeIndex> main_line;
    for (const NodeIndex i : game.tree.main_line()) main_line.insert(i);
    const Board shape = shape_of(game, *board);
    for (std::size_t k = 0; k < order.size(); ++k) {
      const NodeIndex i = order[k];
      CHECK(r.stopped[k] == (positions.hashes[i] == 0));
      CHECK(r.main_line[k] == (main_line.count(i) != 0));
      if (positions.hashes[i] == 0) continue;
      // The setup flag: stones placed by anything but one placing move.
      const NodeView data = game.tree.data(i);
      const bool one_move = data.moves.size() == 1 && data.moves[0].kind == MoveKind::kPlace;
      CHECK(r.setup[k] == (!positions.deltas[i].placed.empty() && !one_move));
      CHECK(hash_contents(shape, r.occupants[k], r.links[k]) == positions.hashes[i]);
    }
    ++games;
    nodes += game.tree.size();
    bytes += stream.size();
  }
  CHECK(games > 4000);
  // Compact: a few bytes per node on average (Blokus moves cover several cells).
  CHECK(static_cast<double>(bytes) / static_cast<double>(nodes) < 8.0);
}

// Whether the conditions hold in a position given by its occupants and links.
bool holds(const PositionConditions& c, const std::vector<Occupant>& occupants,
           const std::vector<TwixtLink>& links) {
  std::map<Point, std::int8_t> at;
  for (const Occupant& o : occupants) at[o.point] = o.color;
  const auto colour = [&](Point p) {
    const auto it = at.find(p);
    return it == at.end() ? std::int8_t{0} : it->second;
  };
  for (const Occupant& o : c.has) {
    if (o.color == 0 ? colour(o.point) == 0 : colour(o.point) != o.color) return false;
  }
  for (const Occupant& o : c.empty) {
    if (o.color == 0 ? colour(o.point) != 0 : colour(o.point) == o.color) return false;
  }
  for (const TwixtLink& l : c.links) {
    if (std::find(links.begin(), links.end(), l) == links.end()) return false;
  }
  if (c.patterns.empty()) return true;
  for (const Pattern& p : c.patterns) {
    bool ok = true;
    for (const Occupant& o : p.stones) {
      ok = ok && (o.color == 0 ? colour(o.point) != 0 : colour(o.point) == o.color);
    }
    for (const Occupant& o : p.empty) {
      ok = ok && (o.color == 0 ? colour(o.point) == 0 : colour(o.point) != o.color);
    }
    if (ok) return true;
  }
  return false;
}

TEST_CASE("the matcher finds what a brute-force check finds", "[positions][stream]") {
  std::mt19937 rng(20261124);
  std::size_t checked_games = 0;
  std::size_t hits = 0;
  const auto games = all_corpus_games();
  for (std::size_t g = 0; g < games.size(); g += 7) {
    const GameRecord& game = games[g].second;
    if (game.family == Family::kBlokus) continue;  // pieces: below
    INFO(games[g].first << " game " << game.game_index);
    const std::optional<StreamBoard> board = stream_board(game);
    if (!board) continue;
    const GamePositions positions = compute_positions(game);
    const std::string stream = encode_position_stream(game, positions, *board);
    const std::string occupancy = encode_occupancy(positions, *board);
    const Replayed r = replay(stream, *board);
    // Conditions drawn from a position the game reaches, and random ones.
    std::vector<std::size_t> with_stones;
    for (std::size_t k = 0; k < r.occupants.size(); ++k) {
      if (!r.stopped[k] && r.occupants[k].size() >= 3) with_stones.push_back(k);
    }
    if (with_stones.empty()) continue;
    const auto& sample = r.occupants[with_stones[rng() % with_stones.size()]];
    PositionConditions c;
    c.has.push_back(sample[rng() % sample.size()]);
    if (rng() % 2 == 0) c.has.push_back(Occupant{sample[rng() % sample.size()].point, 0});
    c.empty.push_back(Occupant{Point{static_cast<std::int16_t>(rng() % board->columns),
                                     static_cast<std::int16_t>(rng() % board->rows)},
                               static_cast<std::int8_t>(rng() % 3)});
    Board shape = shape_of(game, *board);
    Pattern pattern;
    const Occupant& a = sample[0];
    pattern.stones.push_back(a);
    pattern.empty.push_back(
        Occupant{Point{static_cast<std::int16_t>(std::min<int>(a.point.x + 1, board->columns - 1)),
                       a.point.y},
                 0});
    PositionConditions p;
    p.patterns = pattern_placements(shape, pattern, true);
    for (const PositionConditions* conditions : {&c, &p}) {
      PositionMatcher matcher(*conditions, *board);
      std::vector<std::uint32_t> found;
      REQUIRE(matcher.walk(stream, [&](const StreamNode& n) {
        found.push_back(n.index);
        return true;
      }));
      std::vector<std::uint32_t> expected;
      for (std::size_t k = 0; k < r.occupants.size(); ++k) {
        if (!r.stopped[k] && holds(*conditions, r.occupants[k], r.links[k])) {
          expected.push_back(static_cast<std::uint32_t>(k));
        }
      }
      CHECK(found == expected);
      // The occupancy prefilter never drops a game with a hit.
      if (!expected.empty()) CHECK(matcher.may_match(occupancy));
      hits += found.size();
    }
    ++checked_games;
  }
  CHECK(checked_games > 300);
  CHECK(hits > 1000);
}

TEST_CASE("the matcher finds Twixt links and Blokus pieces", "[positions][stream]") {
  const GameRecord twixt = test::sgf_game("(;FF[4]GM[21]SZ[24];W[c8];B[h3];W[d10];B[j4];W[e12])");
  const std::optional<StreamBoard> tb = stream_board(twixt);
  REQUIRE(tb);
  const GamePositions tp = compute_positions(twixt);
  const std::string ts = encode_position_stream(twixt, tp, *tb);
  PositionConditions links;
  // c8-d10: columns c, d = 2, 3; rows 8, 10 = y 7, 9.
  links.links.push_back(TwixtLink{test::pt(2, 7), test::pt(3, 9), 1});
  PositionMatcher lm(links, *tb);
  std::vector<std::uint32_t> found;
  REQUIRE(lm.walk(ts, [&](const StreamNode& n) {
    found.push_back(n.index);
    return true;
  }));
  CHECK(found == std::vector<std::uint32_t>{3, 4, 5});

  const GameRecord blokus =
      test::sgf_game("(;GM[Blokus Duo]CA[UTF-8];B[e10,e11,e12];W[j5,j4,k4,k5])");
  const std::optional<StreamBoard> bb = stream_board(blokus);
  REQUIRE(bb);
  const GamePositions bp = compute_positions(blokus);
  REQUIRE(bp.warnings.empty());
  const std::string bs = encode_position_stream(blokus, bp, *bb);
  PositionConditions o;
  o.pieces.push_back({"O", 2});
  PositionMatcher om(o, *bb);
  found.clear();
  REQUIRE(om.walk(bs, [&](const StreamNode& n) {
    found.push_back(n.index);
    return true;
  }));
  CHECK(found == std::vector<std::uint32_t>{2});
  PositionConditions wrong_colour;
  wrong_colour.pieces.push_back({"O", 1});
  PositionMatcher wm(wrong_colour, *bb);
  found.clear();
  REQUIRE(wm.walk(bs, [&](const StreamNode& n) {
    found.push_back(n.index);
    return true;
  }));
  CHECK(found.empty());
}

TEST_CASE("corrupt position streams are errors, not crashes", "[positions][stream]") {
  const GameRecord game = test::sgf_game("(;FF[4]GM[1]SZ[9];B[cc](;W[dd];B[ee])(;W[gg]))");
  const std::optional<StreamBoard> board = stream_board(game);
  REQUIRE(board);
  const std::string stream = encode_position_stream(game, compute_positions(game), *board);
  PositionConditions c;
  c.has.push_back(Occupant{test::pt(2, 2), 1});
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    std::string bad = stream;
    if (round % 3 == 0) {
      bad.resize(rng() % bad.size());
    } else {
      bad[rng() % bad.size()] = static_cast<char>(rng());
    }
    PositionMatcher m(c, *board);
    m.walk(bad, [](const StreamNode&) { return true; });  // must not crash or hang
  }
  PositionMatcher m(c, *board);
  CHECK_FALSE(m.walk(std::string("\x02\x05", 2), [](const StreamNode&) { return true; }));
  // A stream of another format version is refused as a whole.
  CHECK_FALSE(m.walk(std::string("\x01\x01\x00", 3), [](const StreamNode&) { return true; }));
  CHECK_FALSE(m.error().empty());
}

}  // namespace
}  // namespace ludex
