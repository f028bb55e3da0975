#include "schema/explorer_query.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <utility>

#include <SQLiteCpp/Statement.h>

#include "core/run_parts.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/explorer_answers.h"
#include "schema/explorer/explorer_gather.h"
#include "schema/explorer/explorer_store.h"
#include "schema/explorer/explorer_tally.h"
#include "schema/search/query_support.h"

namespace ludex {
namespace {

// What gathering one game at a position costs against decoding one game of
// its postings: about 50 us (SQL for the game's nodes there and their
// children) against 0.15 us (1M generated games, 2026-11-28).
constexpr std::int64_t kGatherCost = 300;

// The ids of the games that meet `games` (fragments on games AS g), ascending.
std::vector<std::int64_t> select_games(SQLite::Database& db, const Condition& games) {
  SQLite::Statement st(
      db, "SELECT g.game_id FROM games AS g WHERE 1" + games.sql + " ORDER BY g.game_id");
  bind_params(st, games);
  std::vector<std::int64_t> out;
  while (st.executeStep()) out.push_back(st.getColumn(0).getInt64());
  return out;
}

// Keeps the first `limit` moves of report (all of them without a limit).
void cut_moves(PositionReport& report, std::optional<std::int64_t> limit) {
  if (limit && report.moves.size() > static_cast<std::size_t>(std::max<std::int64_t>(*limit, 0))) {
    report.moves.resize(static_cast<std::size_t>(std::max<std::int64_t>(*limit, 0)));
  }
}

}  // namespace

// A kept position of at least this many games is tallied on every core, a
// range of game ids each (the empty 19x19 board of the 1M archive: 187,902
// games, 26 ms on one core); below it one thread is quicker.
constexpr std::int64_t kParallelGames = 20000;

// The report of a position whose every image is kept, with no filter that
// needs SQL, tallied on every core (q.threads); nullopt when it has too few
// games for that. Each thread counts the games of its range of ids in every image (a
// game falls in one range), and the tallies merge.
std::optional<PositionReport> tally_on_cores(ExplorerStoreReader& store, const ExplorerQuery& q,
                                             const GameFilter& filter,
                                             const std::function<bool(std::int64_t)>& excluded) {
  const unsigned threads =
      q.threads != 0 ? q.threads : std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
  if (threads < 2 || q.images.empty()) return std::nullopt;
  std::vector<std::uint64_t> keys;
  for (const ExplorerImage& image : q.images) {
    keys.push_back(explorer_key(q.family, q.variant, image.hash));
  }
  if (q.threads == 0 && store.games(keys.front()) < kParallelGames) return std::nullopt;
  std::vector<std::vector<ExplorerStoreReader::Row>> rows;
  for (const std::uint64_t key : keys) rows.push_back(store.rows(key));
  // The ranges start at rows of the first image, about as many games each.
  std::int64_t total = 0;
  for (const ExplorerStoreReader::Row& row : rows.front()) total += row.games;
  std::vector<std::int64_t> bounds = {std::numeric_limits<std::int64_t>::min()};
  std::int64_t sum = 0;
  for (const ExplorerStoreReader::Row& row : rows.front()) {
    if (bounds.size() < threads &&
        sum * threads >= total * static_cast<std::int64_t>(bounds.size()) &&
        row.first_game > bounds.back()) {
      bounds.push_back(row.first_game);
    }
    sum += row.games;
  }
  bounds.push_back(std::numeric_limits<std::int64_t>::max());
  const std::size_t parts = bounds.size() - 1;
  std::vector<std::unique_ptr<ExplorerTally>> tallies;
  std::vector<ExplorerTally*> in_order;
  for (std::size_t p = 0; p < parts; ++p) {
    tallies.push_back(std::make_unique<ExplorerTally>(filter, excluded));
    tallies.back()->set_several_images(q.images.size() > 1);
    tallies.back()->defer_evaluation_sums();
    in_order.push_back(tallies.back().get());
  }
  run_parts(parts, [&](std::size_t p) {
    ExplorerTally& tally = *tallies[p];
    const std::int64_t from = bounds[p];
    const std::int64_t to = bounds[p + 1];
    for (std::size_t i = 0; i < keys.size(); ++i) {
      tally.begin_image(q.images[i].map_back);
      const std::vector<ExplorerStoreReader::Row>& image_rows = rows[i];
      for (std::size_t r = 0; r < image_rows.size(); ++r) {
        // Row r holds ids from its first game up to the next row's.
        const bool after = r + 1 < image_rows.size() && image_rows[r + 1].first_game <= from;
        if (after) continue;
        if (image_rows[r].first_game >= to) break;
        ExplorerStoreReader::read_row(keys[i], image_rows[r], from, to,
                                      [&](const PositionVisit& v) { tally.add(v); });
      }
    }
  });
  ExplorerTally::merge_in_order(in_order);
  PositionReport report = tallies.front()->finish();
  report.source = ExplorerSource::kPostings;
  return report;
}

PositionReport explore_position(Database& db, const ExplorerQuery& q) {
  SQLite::Database& h = db.handle();
  GameFilter filter = q.filter;
  filter.family = q.family;
  filter.variant = q.variant;
  std::optional<std::int64_t> limit = filter.limit;
  filter.limit.reset();
  filter.offset = 0;

  // A filter the postings cannot apply themselves (players, events, ...)
  // narrows first: the games it selects, by SQL, then the postings read
  // with every other game left out, or those games gathered one by one when
  // they are few against the games kept at the position.
  const bool narrowed = ExplorerTally::needs_sql(filter);
  const bool games_first = !filter.players.empty() || !filter.game_ids.empty();
  std::optional<ExplorerStoreReader> store;
  if (!q.replay_only) {
    store.emplace(h);
    if (!store->usable()) store.reset();
  }
  // The kept answer, for a query with no filter but the board's (the
  // postings ignore the size: a position's hash holds its board).
  if (store && q.read_answers && !q.all_copies && !narrowed && filter.date_from.empty() &&
      filter.date_to.empty() && !filter.winner && !q.images.empty()) {
    ExplorerAnswerReader answers(h);
    std::optional<PositionReport> report =
        answers.read(explorer_key(q.family, q.variant, q.images.front().hash), q.symmetric);
    if (report) {
      cut_moves(*report, limit);
      return *report;
    }
  }
  // Copies leave the postings' counts by their ids; the SQL of a replay
  // leaves them out itself.
  std::vector<std::int64_t> copies;
  bool copies_read = false;
  std::vector<std::int64_t> selected;  // the narrowing filter's games, ascending
  bool selected_read = false;
  auto excluded = [&](std::int64_t game) {
    if (std::binary_search(copies.begin(), copies.end(), game)) return true;
    return selected_read && !std::binary_search(selected.begin(), selected.end(), game);
  };
  const std::function<bool(std::int64_t)> leave_out =
      q.all_copies && !narrowed ? std::function<bool(std::int64_t)>() : excluded;
  // Every image kept and nothing to narrow: on every core.
  if (store && !narrowed) {
    bool all_kept = true;
    for (const ExplorerImage& image : q.images) {
      all_kept = all_kept && store->has(explorer_key(q.family, q.variant, image.hash));
    }
    if (all_kept) {
      if (!q.all_copies) {
        copies = store->copies();
        copies_read = true;
      }
      if (std::optional<PositionReport> report = tally_on_cores(*store, q, filter, leave_out)) {
        cut_moves(*report, limit);
        return *report;
      }
    }
  }
  ExplorerTally tally(filter, leave_out);
  tally.set_several_images(q.images.size() > 1);
  std::optional<PositionGatherer> gatherer;
  Condition sql;
  bool kept = false;
  bool replayed = false;
  for (const ExplorerImage& image : q.images) {
    tally.begin_image(image.map_back);
    const std::uint64_t key = explorer_key(q.family, q.variant, image.hash);
    bool from_postings = store && store->has(key);
    if (from_postings && narrowed) {
      if (!selected_read) {
        selected = select_games(h, game_condition(filter));
        selected_read = true;
      }
      // A game gathered costs about as much as kGatherCost games decoded
      // from the postings; a filter that scans nodes has no cheaper path.
      from_postings = !games_first ||
                      static_cast<std::int64_t>(selected.size()) * kGatherCost >= store->games(key);
    }
    if (from_postings) {
      if (!q.all_copies && !copies_read) {
        copies = store->copies();
        copies_read = true;
      }
      store->read(key, [&](const PositionVisit& v) { tally.add(v); });
      kept = true;
      continue;
    }
    if (!gatherer) {
      gatherer.emplace(h);
      sql = game_condition(filter);
      if (!q.all_copies) sql.add(" AND g.duplicate_of IS NULL");
    }
    gatherer->gather(image.hash, sql, games_first, [&](const PositionVisit& v) { tally.add(v); });
    replayed = true;
  }
  PositionReport report = tally.finish();
  report.source = kept && replayed ? ExplorerSource::kMixed
                  : kept           ? ExplorerSource::kPostings
                                   : ExplorerSource::kReplay;
  cut_moves(report, limit);
  return report;
}

}  // namespace ludex
