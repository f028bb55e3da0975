#include "schema/position_events.h"

#include <algorithm>

#include "schema/position_codes.h"
#include "schema/statement_util.h"

namespace ludex {

PositionEventWriter::PositionEventWriter(SQLite::Database& db)
    : insert_(db, "INSERT INTO position_events (code, node_id, subtree_end, added) VALUES", 4),
      next_code_(db,
                 "SELECT code FROM position_events WHERE code > ?1 AND code < ?2 "
                 "ORDER BY code LIMIT 1"),
      delete_range_(db,
                    "DELETE FROM position_events WHERE code = ?1 AND node_id BETWEEN ?2 AND ?3") {}

void PositionEventWriter::add_node(Family family, std::int64_t node_id, std::int64_t subtree_end,
                                   const PositionDelta& delta, std::int64_t piece_code) {
  changes_.clear();
  for (const Occupant& o : delta.placed) changes_.emplace_back(stone_code(family, o), 1);
  for (const Occupant& o : delta.removed) changes_.emplace_back(stone_code(family, o), -1);
  for (const TwixtLink& l : delta.links_added) changes_.emplace_back(link_code(l), 1);
  for (const TwixtLink& l : delta.links_removed) changes_.emplace_back(link_code(l), -1);
  if (piece_code != kNoCode) changes_.emplace_back(piece_code, 1);
  if (changes_.empty()) return;
  std::sort(changes_.begin(), changes_.end());
  for (std::size_t i = 0; i < changes_.size();) {
    const std::int64_t code = changes_[i].first;
    int net = 0;
    for (; i < changes_.size() && changes_[i].first == code; ++i) net += changes_[i].second;
    if (code == kNoCode || net == 0) continue;
    rows_.push_back(Row{code, node_id, subtree_end, net > 0});
  }
}

void PositionEventWriter::flush() {
  std::sort(rows_.begin(), rows_.end());
  for (const Row& r : rows_) {
    insert_.set_int(0, r.code);
    insert_.set_int(1, r.node_id);
    insert_.set_int(2, r.subtree_end);
    insert_.set_int(3, r.added ? 1 : 0);
    insert_.end_row();
  }
  insert_.flush();
  rows_.clear();
}

void PositionEventWriter::delete_nodes(std::int64_t first, std::int64_t last,
                                       const std::vector<Family>& families) {
  std::vector<std::pair<std::int64_t, std::int64_t>> ranges;
  for (Family f : families) {
    for (const auto& r : code_ranges(f)) ranges.push_back(r);
  }
  std::sort(ranges.begin(), ranges.end());
  ranges.erase(std::unique(ranges.begin(), ranges.end()), ranges.end());
  for (const auto& [begin, end] : ranges) {
    std::int64_t code = begin - 1;
    while (true) {
      {
        ResetOnExit reset(next_code_);
        next_code_.bind(1, code);
        next_code_.bind(2, end);
        if (!next_code_.executeStep()) break;
        code = next_code_.getColumn(0).getInt64();
      }
      delete_range_.bind(1, code);
      delete_range_.bind(2, first);
      delete_range_.bind(3, last);
      run(delete_range_);
    }
  }
}

}  // namespace ludex
