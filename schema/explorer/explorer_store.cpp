#include "schema/explorer/explorer_store.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include <SQLiteCpp/Statement.h>

#include "derive/explorer_prepare.h"
#include "schema/db/meta.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/explorer_build.h"
#include "schema/explorer/explorer_gather.h"

namespace ludex {
namespace {

// A row holds at most this many games (a delete rewrites the rows holding
// the deleted games: small rows keep that cheap) ...
constexpr std::int64_t kMaxRowGames = 4096;
// ... and a batch's games go to the end of a key's last row while it holds
// fewer than this many, else into a new row.
constexpr std::int64_t kAppendBelowGames = 512;

constexpr const char* kRowColumns =
    "SELECT first_game, last_game, games, nodes, postings, coalesce(variant, '') ";

[[noreturn]] void corrupt_row(std::uint64_t key, std::int64_t first_game, const std::string& why) {
  throw std::runtime_error("corrupt database: explorer_postings row of position " +
                           std::to_string(key) + " from game " + std::to_string(first_game) + ": " +
                           why);
}

// Decodes a row's visits onto *out (their moves interned in `moves`).
void decode_row(std::uint64_t key, std::int64_t first_game, std::string_view bytes,
                const std::string& variant, MoveTable& moves, std::vector<OwnedVisit>* out) {
  PostingsReader reader(bytes, first_game);
  PositionVisit v;
  while (reader.next(&v)) {
    OwnedVisit o;
    o.variant = variant;
    o.game_id = v.game_id;
    o.date.assign(v.date);
    o.winner = v.winner;
    o.nodes = v.nodes;
    for (MoveVisit m : v.moves) {
      m.move = moves.intern(*m.move);
      o.moves.push_back(m);
    }
    out->push_back(std::move(o));
  }
  if (!reader.error().empty()) corrupt_row(key, first_game, reader.error());
}

}  // namespace

// ---------------------------------------------------------------------------
// Reading

struct ExplorerStoreReader::Impl {
  explicit Impl(SQLite::Database& d)
      : db(d),
        has(d, "SELECT 1 FROM explorer_postings WHERE position_hash = ?1 LIMIT 1"),
        games(d, "SELECT coalesce(sum(games), 0) FROM explorer_postings WHERE position_hash = ?1"),
        rows(d,
             "SELECT first_game, postings, games FROM explorer_postings WHERE position_hash = ?1 "
             "ORDER BY first_game"),
        copies(d, "SELECT game_id FROM games WHERE duplicate_of IS NOT NULL ORDER BY game_id") {}
  SQLite::Database& db;
  SQLite::Statement has, games, rows, copies;
  std::optional<bool> usable;
};

ExplorerStoreReader::ExplorerStoreReader(SQLite::Database& db)
    : impl_(std::make_unique<Impl>(db)) {}

ExplorerStoreReader::~ExplorerStoreReader() = default;

bool ExplorerStoreReader::usable() {
  if (!impl_->usable) {
    impl_->usable = !MetaTable(impl_->db).has(meta_key::kExplorerPending);
  }
  return *impl_->usable;
}

bool ExplorerStoreReader::has(std::uint64_t key) {
  ResetOnExit reset(impl_->has);
  impl_->has.bind(1, static_cast<std::int64_t>(key));
  return impl_->has.executeStep();
}

std::int64_t ExplorerStoreReader::games(std::uint64_t key) {
  ResetOnExit reset(impl_->games);
  impl_->games.bind(1, static_cast<std::int64_t>(key));
  impl_->games.executeStep();
  return impl_->games.getColumn(0).getInt64();
}

void ExplorerStoreReader::read(std::uint64_t key,
                               const std::function<void(const PositionVisit&)>& visit) {
  SQLite::Statement& st = impl_->rows;
  ResetOnExit reset(st);
  st.bind(1, static_cast<std::int64_t>(key));
  PositionVisit v;
  while (st.executeStep()) {
    const std::int64_t first = st.getColumn(0).getInt64();
    PostingsReader reader(column_bytes(st.getColumn(1)), first);
    while (reader.next(&v)) visit(v);
    if (!reader.error().empty()) corrupt_row(key, first, reader.error());
  }
}

std::vector<ExplorerStoreReader::Row> ExplorerStoreReader::rows(std::uint64_t key) {
  SQLite::Statement& st = impl_->rows;
  ResetOnExit reset(st);
  st.bind(1, static_cast<std::int64_t>(key));
  std::vector<Row> out;
  while (st.executeStep()) {
    Row& row = out.emplace_back();
    row.first_game = st.getColumn(0).getInt64();
    row.postings = std::string(column_bytes(st.getColumn(1)));
    row.games = st.getColumn(2).getInt64();
  }
  return out;
}

void ExplorerStoreReader::read_row(std::uint64_t key, const Row& row, std::int64_t from,
                                   std::int64_t to,
                                   const std::function<void(const PositionVisit&)>& visit) {
  PostingsReader reader(row.postings, row.first_game);
  PositionVisit v;
  while (reader.next(&v)) {
    if (v.game_id >= to) return;
    if (v.game_id >= from) visit(v);
  }
  if (!reader.error().empty()) corrupt_row(key, row.first_game, reader.error());
}

std::vector<std::int64_t> ExplorerStoreReader::copies() {
  std::vector<std::int64_t> out;
  ResetOnExit reset(impl_->copies);
  while (impl_->copies.executeStep()) out.push_back(impl_->copies.getColumn(0).getInt64());
  return out;
}

// ---------------------------------------------------------------------------
// Writing

struct ExplorerStoreWriter::Impl {
  explicit Impl(SQLite::Database& d)
      : db(d),
        meta(d),
        gatherer(d),
        keys(d, "SELECT DISTINCT position_hash FROM explorer_postings"),
        last_row(d, std::string(kRowColumns) +
                        "FROM explorer_postings WHERE position_hash = ?1 "
                        "ORDER BY first_game DESC LIMIT 1"),
        overlapping(d, std::string(kRowColumns) +
                           "FROM explorer_postings WHERE position_hash = ?1 "
                           "AND first_game <= ?3 AND last_game >= ?2 ORDER BY first_game"),
        insert(d,
               "INSERT INTO explorer_postings (position_hash, first_game, last_game, games, "
               "nodes, postings, variant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
        erase_row(d, "DELETE FROM explorer_postings WHERE position_hash = ?1 AND first_game = ?2"),
        erase_key(d, "DELETE FROM explorer_postings WHERE position_hash = ?1"),
        erase_all(d, "DELETE FROM explorer_postings"),
        key_nodes(d,
                  "SELECT coalesce(sum(nodes), 0) FROM explorer_postings WHERE position_hash = ?1"),
        game_positions(d,
                       "SELECT DISTINCT g.family, g.variant, n.position_hash FROM games AS g "
                       "JOIN nodes AS n ON n.node_id BETWEEN g.first_node_id "
                       "AND g.first_node_id + g.node_count - 1 "
                       "WHERE g.game_id BETWEEN ?1 AND ?2 AND n.position_hash IS NOT NULL") {}

  void load_kept() {
    if (kept_loaded) return;
    ResetOnExit reset(keys);
    while (keys.executeStep())
      kept.insert(static_cast<std::uint64_t>(keys.getColumn(0).getInt64()));
    kept_loaded = true;
  }
  // Writes visits (increasing game ids) as new rows of key.
  void put_rows(std::uint64_t key, const std::vector<OwnedVisit>& visits, std::size_t begin);
  void put_row(std::uint64_t key, const PostingsWriter& row, const std::string& variant);
  void append(std::uint64_t key, std::vector<OwnedVisit>& visits);
  void promote(std::uint64_t key, std::uint64_t hash, const std::string& variant);
  // Streams a kept key's visits (increasing game ids) into rows (the sorter
  // drops the keys with fewer than kExplorerMinNodes nodes). finish_key()
  // ends the current key.
  void build_visit(std::uint64_t key, const OwnedVisit& visit);
  void finish_key();
  std::int64_t build_from_sorter();

  SQLite::Database& db;
  MetaTable meta;
  PositionGatherer gatherer;
  SQLite::Statement keys, last_row, overlapping, insert, erase_row, erase_key, erase_all, key_nodes,
      game_positions;
  MoveTable moves;
  std::unordered_set<std::uint64_t> kept;
  bool kept_loaded = false;
  bool bulk = false;
  // meta explorer_pending as last read (set by a migration or by a bulk
  // load that stopped): rebuild_if_pending() will read every game then.
  bool pending = false;
  bool pending_known = false;
  std::optional<VisitSorter> sorter;
  // Outside a bulk load: the batch's visits to kept positions, and the
  // positions that may have become common (key -> hash, variant).
  std::map<std::uint64_t, std::vector<OwnedVisit>> queued;
  std::map<std::uint64_t, std::pair<std::uint64_t, std::string>> candidates;
  // build_visit()'s current key.
  std::uint64_t build_key = 0;
  std::string build_variant;
  bool building = false;
  PostingsWriter build_row;
  std::int64_t built = 0;
  PostingsWriter row;
  std::vector<OwnedVisit> scratch;
};

void ExplorerStoreWriter::Impl::put_row(std::uint64_t key, const PostingsWriter& r,
                                        const std::string& variant) {
  const std::string bytes = r.finish();
  ResetOnExit reset(insert);
  insert.bind(1, static_cast<std::int64_t>(key));
  insert.bind(2, r.first_game());
  insert.bind(3, r.last_game());
  insert.bind(4, r.games());
  insert.bind(5, r.nodes());
  insert.bindNoCopy(6, bytes.data(), static_cast<int>(bytes.size()));
  bind_optional_text(insert, 7, variant);
  insert.exec();
}

void ExplorerStoreWriter::Impl::put_rows(std::uint64_t key, const std::vector<OwnedVisit>& visits,
                                         std::size_t begin) {
  row.clear();
  for (std::size_t i = begin; i < visits.size(); ++i) {
    row.add(visits[i].view());
    if (row.games() >= kMaxRowGames) {
      put_row(key, row, visits[begin].variant);
      row.clear();
    }
  }
  if (!row.empty()) put_row(key, row, visits[begin].variant);
}

void ExplorerStoreWriter::Impl::append(std::uint64_t key, std::vector<OwnedVisit>& visits) {
  std::optional<std::int64_t> last_first;
  {
    ResetOnExit reset(last_row);
    last_row.bind(1, static_cast<std::int64_t>(key));
    if (last_row.executeStep() && last_row.getColumn(2).getInt64() < kAppendBelowGames &&
        last_row.getColumn(1).getInt64() < visits.front().game_id) {
      last_first = last_row.getColumn(0).getInt64();
      scratch.clear();
      decode_row(key, *last_first, column_bytes(last_row.getColumn(4)),
                 last_row.getColumn(5).getString(), moves, &scratch);
    }
  }
  if (!last_first) {
    put_rows(key, visits, 0);
    return;
  }
  {
    ResetOnExit reset(erase_row);
    erase_row.bind(1, static_cast<std::int64_t>(key));
    erase_row.bind(2, *last_first);
    erase_row.exec();
  }
  scratch.insert(scratch.end(), std::make_move_iterator(visits.begin()),
                 std::make_move_iterator(visits.end()));
  put_rows(key, scratch, 0);
}

void ExplorerStoreWriter::Impl::promote(std::uint64_t key, std::uint64_t hash,
                                        const std::string& variant) {
  Condition games;
  if (!variant.empty()) {
    games.add(" AND g.variant = ?");
    games.text(variant);
  }
  row.clear();
  // Every game holding the position, copies included.
  gatherer.gather(hash, games, false, [&](const PositionVisit& v) {
    row.add(v);
    if (row.games() >= kMaxRowGames) {
      put_row(key, row, variant);
      row.clear();
    }
  });
  if (!row.empty()) put_row(key, row, variant);
  kept.insert(key);
}

void ExplorerStoreWriter::Impl::finish_key() {
  if (!build_row.empty()) put_row(build_key, build_row, build_variant);
  build_row.clear();
  building = false;
}

void ExplorerStoreWriter::Impl::build_visit(std::uint64_t key, const OwnedVisit& visit) {
  if (!building || key != build_key) {
    finish_key();
    build_key = key;
    build_variant = visit.variant;
    building = true;
    ++built;
  }
  build_row.add(visit.view());
  if (build_row.games() >= kMaxRowGames) {
    put_row(build_key, build_row, build_variant);
    build_row.clear();
  }
}

std::int64_t ExplorerStoreWriter::Impl::build_from_sorter() {
  built = 0;
  building = false;
  sorter->finish(kExplorerMinNodes,
                 [&](std::uint64_t key, const OwnedVisit& v) { build_visit(key, v); });
  finish_key();
  sorter.reset();
  moves.clear();
  kept.clear();
  kept_loaded = false;
  return built;
}

ExplorerStoreWriter::ExplorerStoreWriter(SQLite::Database& db)
    : impl_(std::make_unique<Impl>(db)) {}

ExplorerStoreWriter::~ExplorerStoreWriter() = default;

bool ExplorerStoreWriter::in_bulk_load() const {
  return impl_->bulk;
}

bool ExplorerStoreWriter::wants_games() {
  Impl& s = *impl_;
  if (s.bulk) return true;
  if (!s.pending_known) {
    s.pending = s.meta.has(meta_key::kExplorerPending);
    s.pending_known = true;
  }
  return !s.pending;
}

void ExplorerStoreWriter::add(const std::string& variant, std::int64_t game_id,
                              std::int64_t first_node_id,
                              const std::vector<ExplorerVisit>& visits) {
  Impl& s = *impl_;
  if (s.bulk) {
    // The sorter writes each visit's bytes at once, under the stored ids:
    // no copy of it on this, the one writer thread.
    for (const ExplorerVisit& v : visits) s.sorter->add(v.key, v.visit, game_id, first_node_id);
    return;
  }
  s.load_kept();
  for (const ExplorerVisit& v : visits) {
    if (s.kept.count(v.key) != 0) {
      OwnedVisit& queued = s.queued[v.key].emplace_back(v.visit);
      place_visit(game_id, first_node_id, &s.moves, &queued);
    } else {
      s.candidates.try_emplace(v.key, v.hash, variant);
    }
  }
}

void ExplorerStoreWriter::flush() {
  Impl& s = *impl_;
  if (s.bulk) return;
  for (auto& [key, visits] : s.queued) s.append(key, visits);
  for (const auto& [key, where] : s.candidates) {
    if (s.gatherer.count_nodes(where.first, where.second, kExplorerMinNodes) >= kExplorerMinNodes) {
      s.promote(key, where.first, where.second);
    }
  }
  discard();
}

void ExplorerStoreWriter::discard() {
  Impl& s = *impl_;
  if (s.bulk) return;
  s.queued.clear();
  s.candidates.clear();
  s.moves.clear();
}

void ExplorerStoreWriter::remove(std::int64_t first_game, std::int64_t last_game) {
  Impl& s = *impl_;
  s.load_kept();
  if (s.kept.empty()) return;
  std::vector<std::uint64_t> keys;
  {
    ResetOnExit reset(s.game_positions);
    s.game_positions.bind(1, first_game);
    s.game_positions.bind(2, last_game);
    while (s.game_positions.executeStep()) {
      const Family family =
          parse_family(s.game_positions.getColumn(0).getString()).value_or(Family::kOther);
      const std::uint64_t key =
          explorer_key(family, column_text(s.game_positions, 1),
                       static_cast<std::uint64_t>(s.game_positions.getColumn(2).getInt64()));
      if (s.kept.count(key) != 0) keys.push_back(key);
    }
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  struct Row {
    std::int64_t first_game;
    std::string bytes;
    std::string variant;
  };
  std::vector<Row> rows;
  for (const std::uint64_t key : keys) {
    rows.clear();
    {
      ResetOnExit reset(s.overlapping);
      s.overlapping.bind(1, static_cast<std::int64_t>(key));
      s.overlapping.bind(2, first_game);
      s.overlapping.bind(3, last_game);
      while (s.overlapping.executeStep()) {
        rows.push_back(Row{s.overlapping.getColumn(0).getInt64(),
                           std::string(column_bytes(s.overlapping.getColumn(4))),
                           s.overlapping.getColumn(5).getString()});
      }
    }
    for (const auto& [first, bytes, variant] : rows) {
      s.scratch.clear();
      decode_row(key, first, bytes, variant, s.moves, &s.scratch);
      std::erase_if(s.scratch, [&](const OwnedVisit& v) {
        return v.game_id >= first_game && v.game_id <= last_game;
      });
      ResetOnExit reset(s.erase_row);
      s.erase_row.bind(1, static_cast<std::int64_t>(key));
      s.erase_row.bind(2, first);
      s.erase_row.exec();
      if (!s.scratch.empty()) s.put_rows(key, s.scratch, 0);
    }
    ResetOnExit reset(s.key_nodes);
    s.key_nodes.bind(1, static_cast<std::int64_t>(key));
    s.key_nodes.executeStep();
    if (s.key_nodes.getColumn(0).getInt64() < kExplorerMinNodes) {
      ResetOnExit reset_key(s.erase_key);
      s.erase_key.bind(1, static_cast<std::int64_t>(key));
      s.erase_key.exec();
      s.kept.erase(key);
    }
  }
  s.moves.clear();
}

void ExplorerStoreWriter::begin_bulk_load() {
  Impl& s = *impl_;
  s.meta.set(meta_key::kExplorerPending, "1");
  s.bulk = true;
  s.sorter.emplace();
  s.queued.clear();
  s.candidates.clear();
}

void ExplorerStoreWriter::finish_bulk_load() {
  Impl& s = *impl_;
  if (!s.bulk) return;
  s.bulk = false;
  s.build_from_sorter();
  s.meta.erase(meta_key::kExplorerPending);
  s.pending = false;
  s.pending_known = true;
}

std::int64_t ExplorerStoreWriter::rebuild_if_pending() {
  Impl& s = *impl_;
  if (s.bulk || !s.meta.has(meta_key::kExplorerPending)) return 0;
  run(s.erase_all);
  s.sorter.emplace();
  for_each_stored_game(s.db, [&](const ExplorerGame& game) {
    for (const ExplorerVisit& v : explorer_visits(game, nullptr)) s.sorter->add(v.key, v.visit);
  });
  const std::int64_t kept = s.build_from_sorter();
  s.meta.erase(meta_key::kExplorerPending);
  s.pending = false;
  s.pending_known = true;
  return kept;
}

}  // namespace ludex
