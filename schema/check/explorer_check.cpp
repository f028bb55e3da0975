#include "schema/check/explorer_check.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/zobrist.h"
#include "schema/db/meta.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/explorer_build.h"
#include "schema/explorer/explorer_gather.h"
#include "schema/explorer/explorer_store.h"

namespace ludex {
namespace {

// A visit as both sides compare it: everything but the addresses.
std::string visit_text(const PositionVisit& v) {
  std::ostringstream out;
  out << "game " << v.game_id << " date '" << v.date << "' winner " << int{v.winner} << " nodes "
      << v.nodes << " moves";
  for (const MoveVisit& m : v.moves) {
    out << " [" << int{m.move->seat} << "/" << int{m.move->color} << "/"
        << static_cast<int>(m.move->kind) << "/";
    for (const Point& p : m.move->points) out << p.x << "," << p.y << ";";
    out << m.move->piece << " x" << m.count << " @" << m.child;
    if (m.has_eval) {
      std::uint64_t bits = 0;
      std::memcpy(&bits, &m.eval.value, sizeof bits);
      out << " e" << static_cast<int>(m.eval.source) << ":" << bits;
    }
    out << "]";
  }
  return out.str();
}

struct KeptPosition {
  std::uint64_t key = 0;
  std::string variant;
};

}  // namespace

std::int64_t check_explorer(SQLite::Database& db, const ExplorerCheckOptions& options,
                            const std::function<void(std::int64_t, const std::string&)>& problem) {
  if (MetaTable(db).has(meta_key::kExplorerPending)) return 0;  // nothing kept yet
  std::vector<KeptPosition> kept;
  {
    SQLite::Statement keys(db,
                           "SELECT position_hash, coalesce(max(variant), '') FROM "
                           "explorer_postings GROUP BY position_hash ORDER BY position_hash");
    while (keys.executeStep()) {
      kept.push_back(KeptPosition{static_cast<std::uint64_t>(keys.getColumn(0).getInt64()),
                                  keys.getColumn(1).getString()});
    }
  }
  std::vector<KeptPosition> chosen;
  if (options.all || options.sample <= 0 ||
      static_cast<std::int64_t>(kept.size()) <= options.sample) {
    chosen = kept;
  } else {
    for (std::int64_t i = 0; i < options.sample; ++i) {
      chosen.push_back(kept[static_cast<std::size_t>(i * static_cast<std::int64_t>(kept.size()) /
                                                     options.sample)]);
    }
  }
  SQLite::Statement rows(db,
                         "SELECT first_game, last_game, games, nodes, postings FROM "
                         "explorer_postings WHERE position_hash = ?1 ORDER BY first_game");
  PositionGatherer gatherer(db);
  std::vector<std::string> stored;
  std::vector<std::string> gathered;
  for (const KeptPosition& k : chosen) {
    const std::string where = "explorer position " + position_hash_text(k.key);
    stored.clear();
    std::int64_t nodes = 0;
    std::int64_t previous_last = 0;
    {
      ResetOnExit reset(rows);
      rows.bind(1, static_cast<std::int64_t>(k.key));
      while (rows.executeStep()) {
        const std::int64_t first = rows.getColumn(0).getInt64();
        const std::int64_t last = rows.getColumn(1).getInt64();
        std::int64_t games = 0;
        std::int64_t row_nodes = 0;
        std::int64_t first_seen = 0;
        std::int64_t last_seen = 0;
        PostingsReader reader(column_bytes(rows.getColumn(4)), first);
        PositionVisit v;
        while (reader.next(&v)) {
          if (games == 0) first_seen = v.game_id;
          last_seen = v.game_id;
          ++games;
          row_nodes += v.nodes;
          stored.push_back(visit_text(v));
        }
        if (!reader.error().empty()) {
          problem(0, where + ": the row from game " + std::to_string(first) +
                         " does not decode: " + reader.error());
          continue;
        }
        if (first_seen != first || last_seen != last || games != rows.getColumn(2).getInt64() ||
            row_nodes != rows.getColumn(3).getInt64() || first <= previous_last) {
          problem(0, where + ": the row from game " + std::to_string(first) +
                         " holds other games or nodes than its columns say");
        }
        previous_last = last;
        nodes += row_nodes;
      }
    }
    if (nodes < kExplorerMinNodes) {
      problem(0, where + ": kept with " + std::to_string(nodes) + " nodes, fewer than " +
                     std::to_string(kExplorerMinNodes));
    }
    const Family family = k.variant.empty() ? Family::kOther : Family::kBlokus;
    const std::uint64_t hash = k.key ^ explorer_key(family, k.variant, 0);
    Condition games;
    if (!k.variant.empty()) {
      games.add(" AND g.variant = ?");
      games.text(k.variant);
    }
    gathered.clear();
    gatherer.gather(hash, games, false,
                    [&](const PositionVisit& v) { gathered.push_back(visit_text(v)); });
    if (stored != gathered) {
      std::size_t i = 0;
      while (i < stored.size() && i < gathered.size() && stored[i] == gathered[i]) ++i;
      problem(0, where + ": the postings are not the games' (first difference: kept '" +
                     (i < stored.size() ? stored[i] : std::string("nothing")) + "', games give '" +
                     (i < gathered.size() ? gathered[i] : std::string("nothing")) + "')");
    }
  }
  if (options.all) {
    // The common positions, from every stored game, against the kept ones.
    VisitSorter sorter;
    for_each_stored_game(db, [&](const ExplorerGame& game) {
      for (const ExplorerVisit& v : explorer_visits(game, nullptr)) sorter.add(v.key, v.visit);
    });
    std::vector<std::uint64_t> common;
    sorter.finish(kExplorerMinNodes, [&](std::uint64_t k, const OwnedVisit&) {
      if (common.empty() || common.back() != k) common.push_back(k);
    });
    std::vector<std::uint64_t> kept_keys;
    for (const KeptPosition& k : kept) kept_keys.push_back(k.key);
    std::sort(kept_keys.begin(), kept_keys.end());  // unsigned order, as the sorter's
    std::vector<std::uint64_t> missing;
    std::vector<std::uint64_t> extra;
    std::set_difference(common.begin(), common.end(), kept_keys.begin(), kept_keys.end(),
                        std::back_inserter(missing));
    std::set_difference(kept_keys.begin(), kept_keys.end(), common.begin(), common.end(),
                        std::back_inserter(extra));
    for (std::uint64_t k : missing) {
      problem(0, "explorer position " + position_hash_text(k) + " is common but not kept");
    }
    for (std::uint64_t k : extra) {
      problem(0, "explorer position " + position_hash_text(k) + " is kept but not common");
    }
  }
  return static_cast<std::int64_t>(chosen.size());
}

}  // namespace ludex
