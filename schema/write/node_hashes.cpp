#include "schema/write/node_hashes.h"

#include <algorithm>
#include <cassert>
#include <optional>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/u64_sorter.h"
#include "schema/db/batched_insert.h"

namespace ludex {
namespace {

// A key as the sorter holds it: hash_top moved to 0 .. 2^24 - 1 in the top
// 24 bits, the node id in the low 40, so that the values sort as the
// table's primary key (hash_top, node_id) does.
constexpr int kNodeBits = 40;
constexpr std::int64_t kTopOffset = std::int64_t{1} << 23;
constexpr std::uint64_t kNodeMask = (std::uint64_t{1} << kNodeBits) - 1;

std::uint64_t pack(std::int64_t node_id, std::uint64_t hash) {
  assert(node_id > 0 && static_cast<std::uint64_t>(node_id) <= kNodeMask);
  return (static_cast<std::uint64_t>(node_hash_top(hash) + kTopOffset) << kNodeBits) |
         static_cast<std::uint64_t>(node_id);
}

}  // namespace

NodeHashMismatches find_node_hash_mismatches(SQLite::Database& db, std::int64_t first,
                                             std::int64_t last, bool whole, std::int64_t limit) {
  NodeHashMismatches out;
  SQLite::Statement missing(db,
                            "SELECT n.node_id FROM nodes AS n WHERE n.node_id BETWEEN ?1 AND ?2 "
                            "AND n.position_hash IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "
                            "node_hashes AS nh WHERE nh.hash_top = n.position_hash >> 40 "
                            "AND nh.node_id = n.node_id) ORDER BY n.node_id LIMIT ?3");
  missing.bind(1, first);
  missing.bind(2, last);
  missing.bind(3, limit);
  while (missing.executeStep()) out.missing.push_back(missing.getColumn(0).getInt64());
  if (!whole) return out;
  SQLite::Statement stray(db,
                          "SELECT nh.node_id FROM node_hashes AS nh LEFT JOIN nodes AS n "
                          "ON n.node_id = nh.node_id WHERE n.position_hash IS NULL "
                          "OR (n.position_hash >> 40) <> nh.hash_top LIMIT ?1");
  stray.bind(1, limit);
  while (stray.executeStep()) out.stray.push_back(stray.getColumn(0).getInt64());
  std::sort(out.stray.begin(), out.stray.end());
  return out;
}

struct NodeHashLoad::Impl {
  explicit Impl(SQLite::Database& d) : db(d) {}

  SQLite::Database& db;
  std::optional<U64Sorter> sorter;   // set during a bulk load
  std::vector<std::uint64_t> batch;  // the open batch's keys
};

NodeHashLoad::NodeHashLoad(SQLite::Database& db) : impl_(std::make_unique<Impl>(db)) {}

NodeHashLoad::~NodeHashLoad() = default;

void NodeHashLoad::begin_bulk_load(MetaTable& meta) {
  meta.set(meta_key::kNodeHashesPending, "1");
  impl_->sorter.emplace();
  impl_->batch.clear();
}

bool NodeHashLoad::in_bulk_load() const {
  return impl_->sorter.has_value();
}

void NodeHashLoad::add(std::int64_t node_id, std::uint64_t hash) {
  assert(in_bulk_load() && hash != 0);
  impl_->batch.push_back(pack(node_id, hash));
}

void NodeHashLoad::flush() {
  Impl& s = *impl_;
  if (!s.sorter) return;
  for (const std::uint64_t key : s.batch) s.sorter->add(key);
  s.batch.clear();
}

void NodeHashLoad::discard() {
  impl_->batch.clear();
}

void NodeHashLoad::finish_bulk_load(MetaTable& meta) {
  Impl& s = *impl_;
  if (!s.sorter) return;
  flush();
  BatchedInsert rows(s.db, "INSERT INTO node_hashes (hash_top, node_id) VALUES", 2);
  s.sorter->finish([&](const std::uint64_t* keys, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      rows.set_int(0, static_cast<std::int64_t>(keys[i] >> kNodeBits) - kTopOffset);
      rows.set_int(1, static_cast<std::int64_t>(keys[i] & kNodeMask));
      rows.end_row();
    }
  });
  rows.flush();
  s.sorter.reset();
  meta.erase(meta_key::kNodeHashesPending);
}

bool NodeHashLoad::rebuild_if_pending(MetaTable& meta) {
  Impl& s = *impl_;
  if (s.sorter || !meta.has(meta_key::kNodeHashesPending)) return false;
  s.db.exec("DELETE FROM node_hashes");
  s.db.exec(
      "INSERT INTO node_hashes (hash_top, node_id) SELECT position_hash >> 40, node_id "
      "FROM nodes WHERE position_hash IS NOT NULL ORDER BY 1, 2");
  meta.erase(meta_key::kNodeHashesPending);
  return true;
}

}  // namespace ludex
