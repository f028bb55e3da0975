// node_hashes (schema version 11): the nodes by the top 24 bits of their
// position hash, the table every exact-position lookup starts from
// (docs/schema.md, "node_hashes"). For code in schema/ only.
//
// Outside a bulk load, triggers on nodes keep it in step
// (011_node_hashes_indexes.sql). In a bulk load those triggers are dropped
// with the indexes, and NodeHashLoad collects each stored node's key
// instead: a U64Sorter sorts them on a second thread while the games are
// written, and the end of the load appends the rows in key order, where
// CREATE INDEX sorted them on the writer thread.
//
// Thread-safety: a NodeHashLoad belongs to its connection's thread.
#ifndef LUDEX_SCHEMA_WRITE_NODE_HASHES_H_
#define LUDEX_SCHEMA_WRITE_NODE_HASHES_H_

#include <cstdint>
#include <memory>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "schema/db/meta.h"

namespace ludex {

// node_hashes.hash_top of a position hash: SQL's position_hash >> 40 on the
// stored signed integer.
inline std::int64_t node_hash_top(std::uint64_t hash) {
  return static_cast<std::int64_t>(hash) >> 40;
}

// What ludex check finds wrong in node_hashes (at most `limit` node ids
// each, ascending within a kind).
struct NodeHashMismatches {
  std::vector<std::int64_t> missing;  // nodes first..last with a hash and no row
  std::vector<std::int64_t> stray;    // rows of no node, or not of its hash (whole table only)
};
// The nodes first..last against their rows; with whole, also every row of
// the table against its node (a scan of both tables). Throws
// SQLite::Exception on SQL errors.
NodeHashMismatches find_node_hash_mismatches(SQLite::Database& db, std::int64_t first,
                                             std::int64_t last, bool whole, std::int64_t limit);

class NodeHashLoad {
 public:
  // Requires db (read-write) to outlive this object.
  explicit NodeHashLoad(SQLite::Database& db);
  ~NodeHashLoad();
  NodeHashLoad(const NodeHashLoad&) = delete;
  NodeHashLoad& operator=(const NodeHashLoad&) = delete;

  // Starts collecting (the triggers must be gone: drop_indexes_for_load)
  // and marks the table pending (meta node_hashes_pending). Requires an
  // open transaction.
  void begin_bulk_load(MetaTable& meta);
  bool in_bulk_load() const;

  // A stored node's key. Requires in_bulk_load() and hash != 0. Kept with
  // the open batch until flush() (its commit) or discard() (its rollback).
  void add(std::int64_t node_id, std::uint64_t hash);
  void flush();
  void discard();

  // Writes the collected rows in key order and clears the mark; does
  // nothing outside a bulk load. Requires an open transaction. Throws
  // SQLite::Exception on SQL errors, std::runtime_error when the sort's
  // temporary files fail.
  void finish_bulk_load(MetaTable& meta);
  // Outside a bulk load, with the mark set (a load that stopped before its
  // end): builds the table again from nodes and clears the mark. Returns
  // whether it did. Requires an open transaction.
  bool rebuild_if_pending(MetaTable& meta);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_WRITE_NODE_HASHES_H_
