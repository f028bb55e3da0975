#include "schema/search/position_replay.h"

#include <algorithm>
#include <atomic>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <tuple>
#include <utility>

#include <SQLiteCpp/Statement.h>
#include <sqlite3.h>

#include "core/run_parts.h"
#include "derive/prepared_game.h"
#include "games/position.h"
#include "games/position_codes.h"
#include "schema/db/statement_util.h"
#include "schema/game_loader.h"
#include "schema/search/feature_index.h"
#include "schema/search/occupancy_table.h"
#include "schema/search/query_support.h"

namespace ludex {
namespace {

// A batch ends at this many games or stream bytes, whichever comes first:
// enough work for the threads, little memory, and an early stop for a
// search with a limit.
constexpr std::size_t kBatchGames = 2048;
constexpr std::size_t kBatchBytes = 8u << 20;
// A batch of fewer stream bytes is replayed on the calling thread: starting
// threads costs more than replaying it (about 60 Go games, or the 110 Hex
// games of a point query on the 10k archive, in well under a millisecond).
constexpr std::size_t kParallelBytes = 32u << 10;

// The threads a search replays on: one per core, at most 8.
unsigned replay_threads() {
  return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

// The columns both readers select from games AS g. The stream rows are read
// apart, by key (StreamRows): in an ORDER BY that needs a sort (a game filter
// by index, --sort date) SQLite's sorter would copy every stream.
constexpr const char* kGameColumns =
    "SELECT g.game_id, g.first_node_id, g.winner, g.family, g.variant, g.board_columns, "
    "g.board_rows FROM games AS g ";

// A game's stream (game_positions.stream), read by SQLite's incremental
// blob I/O straight into the arena: one cursor, moved from row to row
// (sqlite3_blob_reopen), no statement and no copy of the value.
class StreamRows {
 public:
  explicit StreamRows(SQLite::Database& db) : db_(db.getHandle()) {}
  ~StreamRows() {
    if (blob_ != nullptr) sqlite3_blob_close(blob_);
  }
  StreamRows(const StreamRows&) = delete;
  StreamRows& operator=(const StreamRows&) = delete;

  // Appends game_id's stream to the arena; its offset and size out. False
  // when the game has no row.
  bool read(std::int64_t game_id, std::string* arena, std::size_t* at, std::size_t* size) {
    int rc = SQLITE_OK;
    if (blob_ == nullptr) {
      rc = sqlite3_blob_open(db_, "main", "game_positions", "stream", game_id, 0, &blob_);
    } else {
      rc = sqlite3_blob_reopen(blob_, game_id);
    }
    if (rc != SQLITE_OK) {
      // No such row (or a handle the failure aborted): start afresh.
      if (blob_ != nullptr) sqlite3_blob_close(blob_);
      blob_ = nullptr;
      return false;
    }
    const int n = sqlite3_blob_bytes(blob_);
    *at = arena->size();
    *size = static_cast<std::size_t>(n);
    arena->resize(arena->size() + *size);
    if (n > 0 && sqlite3_blob_read(blob_, arena->data() + *at, n, 0) != SQLITE_OK) {
      throw SQLite::Exception(db_, sqlite3_errcode(db_));
    }
    return true;
  }

 private:
  sqlite3* db_;
  sqlite3_blob* blob_ = nullptr;
};

// The boards of the games read, one per shape; the pointers stay valid.
class BoardCache {
 public:
  const StreamBoard* get(Family family, const std::string& variant, std::int32_t columns,
                         std::int32_t rows) {
    const std::string key = std::to_string(static_cast<int>(family)) + "|" + variant + "|" +
                            std::to_string(columns) + "x" + std::to_string(rows);
    auto it = boards_.find(key);
    if (it == boards_.end()) {
      std::optional<StreamBoard> board =
          stream_board(Board{family, std::string(variant), columns, rows});
      it = boards_.emplace(key, board ? std::make_unique<StreamBoard>(std::move(*board)) : nullptr)
               .first;
    }
    return it->second.get();
  }

 private:
  std::map<std::string, std::unique_ptr<StreamBoard>> boards_;
};

// One matcher per board, for one thread.
class MatcherSet {
 public:
  explicit MatcherSet(const PositionConditions& conditions) : conditions_(conditions) {}
  PositionMatcher& get(const StreamBoard* board) {
    auto it = matchers_.find(board);
    if (it == matchers_.end()) {
      it = matchers_.emplace(board, std::make_unique<PositionMatcher>(conditions_, *board)).first;
    }
    return *it->second;
  }

 private:
  const PositionConditions& conditions_;
  std::map<const StreamBoard*, std::unique_ptr<PositionMatcher>> matchers_;
};

// A GameLoader prepared on first use: only a game stored without a stream
// (a database just migrated) needs one, and preparing its statements is a
// good part of a small search.
class LazyLoader {
 public:
  explicit LazyLoader(Database& db) : db_(db) {}
  GameLoader& get() {
    if (!loader_) loader_.emplace(db_);
    return *loader_;
  }

 private:
  Database& db_;
  std::optional<GameLoader> loader_;
};

// A game as read, before and after its replay. Its stream is a view into
// the batch's arena (one buffer reused for every batch: a search reads tens
// of megabytes of streams, and a string per game made the allocator a fifth
// of the time); its occupancy, when a prefilter has one, a view into the
// search's bitmaps.
struct Item {
  ReplayGame game;
  const StreamBoard* board = nullptr;
  std::size_t stream_at = 0;
  std::size_t stream_size = 0;
  std::string_view occupancy;  // empty: no prefilter
  std::string_view stream;     // set once the batch is read
  std::string error;           // the stream did not read
};

// Reads a row of kGameColumns into item, its stream row onto the arena;
// computes the stream from the game's moves when there is no row. False for
// a game without positions.
bool read_item(SQLite::Statement& st, BoardCache& boards, StreamRows& rows, LazyLoader& loader,
               std::string* arena, Item* item) {
  item->game.game_id = st.getColumn(0).getInt64();
  item->game.first_node_id = st.getColumn(1).getInt64();
  item->game.winner = static_cast<std::int8_t>(st.getColumn(2).getInt());
  item->game.hits.clear();
  item->game.children.clear();
  item->error.clear();
  const std::optional<Family> family = parse_family(column_text(st, 3));
  if (!family) return false;
  item->board =
      boards.get(*family, column_text(st, 4), static_cast<std::int32_t>(column_int(st, 5, 0)),
                 static_cast<std::int32_t>(column_int(st, 6, 0)));
  if (item->board == nullptr) return false;
  item->occupancy = {};
  if (rows.read(item->game.game_id, arena, &item->stream_at, &item->stream_size)) return true;
  const std::optional<LoadedGame> loaded = loader.get().load(item->game.game_id);
  if (!loaded) return false;
  const std::string stream = prepare_positions(loaded->record).stream;
  if (stream.empty()) return false;
  item->stream_at = arena->size();
  item->stream_size = stream.size();
  arena->append(stream);
  return true;
}

// Points the item's stream into the arena (once the arena no longer grows).
void set_views(const std::string& arena, Item* item) {
  item->stream = std::string_view(arena).substr(item->stream_at, item->stream_size);
}

// Replays one game (unless its occupancy rules it out); fills
// item->game.hits (and children).
void replay(PositionMatcher& matcher, const ReplayOptions& options, Item* item) {
  std::vector<ReplayHit>& hits = item->game.hits;
  hits.clear();
  item->game.children.clear();
  if (!matcher.may_match(item->occupancy)) return;
  const bool ok = matcher.walk(item->stream, [&](const StreamNode& n) {
    if (options.main_line_only && !n.main_line) return true;
    // Which placement held costs a look at every placement: only for
    // continuations, which need it.
    const ReplayHit hit{n.index, n.depth, n.main_line,
                        options.children ? matcher.matched_pattern() : -1};
    if (options.first_only) {
      if (hits.empty()) {
        hits.push_back(hit);
      } else if (hit.depth < hits.front().depth) {
        hits.front() = hit;
      }
      return hit.depth > 0;
    }
    hits.push_back(hit);
    return !options.any_only;
  });
  if (!ok) {
    item->error = matcher.error();
    hits.clear();
    return;
  }
  if (!options.children || hits.empty()) return;
  PositionStreamReader reader(item->stream, *item->board);
  std::vector<std::int32_t> hit_of(reader.node_count(), -1);
  for (std::size_t h = 0; h < hits.size(); ++h) {
    if (hits[h].index < hit_of.size()) hit_of[hits[h].index] = static_cast<std::int32_t>(h);
  }
  StreamNode node;
  while (reader.next(&node)) {
    if (node.index == 0 || hit_of[node.parent] < 0) continue;
    item->game.children.push_back(ReplayChild{static_cast<std::uint32_t>(hit_of[node.parent]),
                                              node.index, node.setup, node.placed});
  }
  if (!reader.error().empty()) item->error = reader.error();
}

// The board every game of the filter has, when the filter fixes one: a
// size, or a Blokus variant (which sets the board); nullopt otherwise.
std::optional<std::pair<std::int32_t, std::int32_t>> filter_board(const GameFilter& filter) {
  if (filter.size) return std::make_pair(*filter.size, *filter.size);
  if (filter.family == Family::kBlokus && !filter.variant.empty()) {
    if (const std::optional<StreamBoard> board =
            stream_board(Board{Family::kBlokus, filter.variant, 0, 0})) {
      return std::make_pair(board->columns, board->rows);
    }
  }
  return std::nullopt;
}

// The games that can meet the conditions by feature_games: every feature
// the conditions require (a stone of a given colour, one of any colour, a
// link, a piece) must be listed for the game. nullopt when no condition
// requires a feature (nothing to rule out), or the lists are incomplete.
std::optional<std::vector<std::int64_t>> candidate_games(FeatureIndexReader& features,
                                                         const GameFilter& filter,
                                                         const PositionConditions& conditions) {
  if (!filter.family || !features.complete()) return std::nullopt;
  const Family family = *filter.family;
  const auto fixed = filter_board(filter);
  const std::int32_t board = fixed ? board_key(fixed->first, fixed->second) : 0;
  // Each requirement: one of these codes is listed for the game.
  std::vector<std::vector<std::int64_t>> required;
  auto colours = [&](std::int8_t colour, const std::function<std::int64_t(std::int8_t)>& code) {
    std::vector<std::int64_t> group;
    if (colour != 0) {
      group.push_back(code(colour));
    } else {
      for (int c = 1; c <= color_count(family); ++c)
        group.push_back(code(static_cast<std::int8_t>(c)));
    }
    required.push_back(std::move(group));
  };
  for (const Occupant& o : conditions.has) {
    colours(o.color, [&](std::int8_t c) { return stone_code(family, Occupant{o.point, c}); });
  }
  for (const TwixtLink& l : conditions.links) required.push_back({link_code(l)});
  for (const PositionConditions::Piece& p : conditions.pieces) {
    // A name no piece set has gets no code: no game holds it.
    const std::int64_t id = blokus_piece_id(p.name);
    colours(p.color, [&](std::int8_t c) { return piece_code(id, c); });
  }
  if (required.empty()) return std::nullopt;
  std::vector<std::int64_t> out;
  bool first = true;
  for (const std::vector<std::int64_t>& group : required) {
    std::vector<std::int64_t> any;
    for (const std::int64_t code : group) {
      if (code == kNoCode) continue;
      std::vector<std::int64_t> ids = features.games_with(code, board);
      std::vector<std::int64_t> merged;
      merged.reserve(any.size() + ids.size());
      std::set_union(any.begin(), any.end(), ids.begin(), ids.end(), std::back_inserter(merged));
      any.swap(merged);
    }
    if (first) {
      out.swap(any);
      first = false;
    } else {
      std::vector<std::int64_t> both;
      std::set_intersection(out.begin(), out.end(), any.begin(), any.end(),
                            std::back_inserter(both));
      out.swap(both);
    }
    if (out.empty()) break;
  }
  return out;
}

// The games that may meet a pattern search by their occupancy (ascending),
// tested 64 at a time on every core before any stream is read
// (games_passing_occupancy); only games among `candidates` when there are
// some. nullopt when the test must wait for each game's own board (a
// Blokus size without a variant: variants of one size differ in colours)
// or when a game that never holds a stone may match (a pattern of empty
// points only): then every game is read.
std::optional<std::vector<std::int64_t>> games_that_may_match(
    FeatureIndexReader& features, const GameFilter& filter,
    std::pair<std::int32_t, std::int32_t> size, const PositionConditions& conditions,
    const std::optional<std::vector<std::int64_t>>& candidates) {
  if (*filter.family == Family::kBlokus && filter.variant.empty()) return std::nullopt;
  const std::optional<StreamBoard> board =
      stream_board(Board{*filter.family, filter.variant, size.first, size.second});
  if (!board || board->colors > color_count(*filter.family)) return std::nullopt;
  const std::size_t points =
      static_cast<std::size_t>(board->columns) * static_cast<std::size_t>(board->rows);
  const std::size_t bitmap_size = (points + 7) / 8 * static_cast<std::size_t>(board->colors);
  const PositionMatcher matcher(conditions, *board);
  if (matcher.may_match(std::string(bitmap_size, '\0'))) return std::nullopt;
  std::vector<std::int64_t> games = games_passing_occupancy(
      features, *filter.family, size.first, size.second, board->colors,
      [&matcher](const std::uint64_t* slice, std::size_t stride, std::uint64_t present) {
        return matcher.may_match_slice(slice, stride, present);
      });
  if (candidates) {
    std::vector<std::int64_t> both;
    std::set_intersection(games.begin(), games.end(), candidates->begin(), candidates->end(),
                          std::back_inserter(both));
    games.swap(both);
  }
  return games;
}

}  // namespace

void replay_games(Database& db, const GameFilter& filter, const PositionConditions& conditions,
                  const ReplayOptions& options,
                  const std::function<bool(const ReplayGame&)>& on_game) {
  const Condition games = game_condition(filter);
  FeatureIndexReader features(db.handle());
  std::optional<std::vector<std::int64_t>> candidates =
      candidate_games(features, filter, conditions);
  if (candidates && candidates->empty()) return;
  // Patterns: each game's occupancy, from feature_games, rules games out
  // before their streams are read (PositionMatcher::may_match).
  std::optional<OccupancyTable> occupancy;
  bool occupancy_in_replay = false;
  const auto fixed = filter_board(filter);
  if (!conditions.patterns.empty() && filter.family && fixed && features.complete()) {
    if (std::optional<std::vector<std::int64_t>> kept =
            games_that_may_match(features, filter, *fixed, conditions, candidates)) {
      candidates = std::move(kept);
      if (candidates->empty()) return;
    } else if (*filter.family == Family::kBlokus && filter.variant.empty()) {
      // Each game's own board says its colours: the test waits for it. A
      // pattern of empty points only needs no table: its stones required
      // by --has are the candidates' already, and it has no others.
      occupancy.emplace(features, *filter.family, fixed->first, fixed->second);
      occupancy_in_replay = true;
    }
  }
  // With candidates in game id order, each is read by its id; otherwise the
  // filter's games are read in its order and the others skipped.
  const bool by_id = candidates && filter.order == GameOrder::kGameId;
  SQLite::Statement st(
      db.handle(),
      std::string(kGameColumns) +
          (by_id ? "WHERE g.game_id = ?1 AND g.hash_version IS NOT NULL" + games.sql
                 : "WHERE g.hash_version IS NOT NULL" + games.sql + order_clause(filter, "")));
  bind_params(st, games, by_id ? 2 : 1);
  ResetOnExit reset(st);
  std::size_t next_candidate = 0;
  // The next game of the filter (and of the candidates), its row in st.
  auto step = [&]() -> bool {
    if (!by_id) {
      while (st.executeStep()) {
        if (!candidates || std::binary_search(candidates->begin(), candidates->end(),
                                              st.getColumn(0).getInt64())) {
          return true;
        }
      }
      return false;
    }
    while (next_candidate < candidates->size()) {
      const std::size_t k =
          filter.descending ? candidates->size() - 1 - next_candidate : next_candidate;
      ++next_candidate;
      st.reset();
      st.bind(1, (*candidates)[k]);
      if (st.executeStep()) return true;
    }
    return false;
  };
  StreamRows rows(db.handle());
  BoardCache boards;
  LazyLoader loader(db);

  const unsigned threads = replay_threads();
  std::vector<MatcherSet> matchers;
  for (unsigned t = 0; t < threads; ++t) matchers.emplace_back(conditions);

  std::vector<Item> batch;  // grows to at most kBatchGames
  // Grows to a batch's streams; small searches do not reserve megabytes.
  std::string arena;
  std::string empty_bitmap;
  bool more = true;
  while (more) {
    arena.clear();
    std::size_t count = 0;
    while (count < kBatchGames && arena.size() < kBatchBytes) {
      if (!step()) {
        more = false;
        break;
      }
      if (count == batch.size()) batch.emplace_back();
      Item& item = batch[count];
      if (!read_item(st, boards, rows, loader, &arena, &item)) continue;
      if (occupancy_in_replay) {
        // The bitmaps hold the family's colours; a board of fewer colours
        // (a two-colour Blokus variant) reads the first ones.
        const std::string_view bitmaps = occupancy->find(item.game.game_id);
        const std::size_t points = static_cast<std::size_t>(item.board->columns) *
                                   static_cast<std::size_t>(item.board->rows);
        const std::size_t size = (points + 7) / 8 * static_cast<std::size_t>(item.board->colors);
        if (bitmaps.size() >= size) {
          item.occupancy = bitmaps.substr(0, size);
        } else if (bitmaps.empty()) {
          if (empty_bitmap.size() < size) empty_bitmap.assign(size, '\0');
          item.occupancy = std::string_view(empty_bitmap).substr(0, size);
        }
      }
      ++count;
    }
    for (std::size_t i = 0; i < count; ++i) set_views(arena, &batch[i]);
    std::atomic<std::size_t> next{0};
    auto work = [&](unsigned slot) {
      for (std::size_t i = next++; i < count; i = next++) {
        Item& item = batch[i];
        PositionMatcher& m = matchers[slot].get(item.board);
        replay(m, options, &item);
      }
    };
    const unsigned use = count < 64 || arena.size() < kParallelBytes ? 1 : threads;
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < use; ++t) pool.emplace_back(work, t);
    work(0);
    for (std::thread& t : pool) t.join();
    for (std::size_t i = 0; i < count; ++i) {
      const Item& item = batch[i];
      if (!item.error.empty()) {
        throw std::runtime_error("game " + std::to_string(item.game.game_id) + ": " + item.error);
      }
      if (item.game.hits.empty()) continue;
      if (!on_game(item.game)) return;
    }
  }
}

struct GameReplayer::Impl {
  Impl(Database& db, const PositionConditions& c)
      : conditions(c),
        loader(db),
        read(db.handle(),
             std::string(kGameColumns) + "WHERE g.game_id = ?1 AND g.hash_version IS NOT NULL"),
        rows(db.handle()),
        matchers(conditions) {}
  PositionConditions conditions;  // the matchers refer to it
  LazyLoader loader;
  SQLite::Statement read;
  StreamRows rows;
  BoardCache boards;
  MatcherSet matchers;
  std::int64_t game_id = 0;
  std::int64_t first_node_id = 0;
  std::vector<ReplayHit> hits;
};

GameReplayer::GameReplayer(Database& db, const PositionConditions& conditions)
    : impl_(std::make_unique<Impl>(db, conditions)) {}

GameReplayer::~GameReplayer() = default;

const std::vector<ReplayHit>& GameReplayer::hits(std::int64_t game_id,
                                                 std::int64_t* first_node_id) {
  Impl& s = *impl_;
  if (game_id != s.game_id) {
    s.game_id = game_id;
    s.first_node_id = 0;
    s.hits.clear();
    ResetOnExit reset(s.read);
    s.read.bind(1, game_id);
    Item item;
    std::string arena;
    if (s.read.executeStep() && read_item(s.read, s.boards, s.rows, s.loader, &arena, &item)) {
      set_views(arena, &item);
      replay(s.matchers.get(item.board), ReplayOptions{}, &item);
      if (!item.error.empty()) {
        throw std::runtime_error("game " + std::to_string(game_id) + ": " + item.error);
      }
      s.first_node_id = item.game.first_node_id;
      s.hits = std::move(item.game.hits);
    }
  }
  *first_node_id = s.first_node_id;
  return s.hits;
}

}  // namespace ludex
