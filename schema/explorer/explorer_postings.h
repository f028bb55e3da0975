// The explorer's postings (schema version 8, table explorer_postings): for a
// position kept by the explorer, which games reach it and what each played
// from it. One row holds the games of an id range of one position; this
// file is its byte layout, the one way to write and read a row. No SQL.
// docs/schema.md ("explorer_postings") and docs/queries.md ("The opening
// explorer") explain what is kept and why.
//
// Thread-safety: pure functions and single-thread objects.
#ifndef LUDEX_SCHEMA_EXPLORER_EXPLORER_POSTINGS_H_
#define LUDEX_SCHEMA_EXPLORER_EXPLORER_POSTINGS_H_

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/node.h"
#include "derive/continuation_tally.h"
#include "derive/explorer_visits.h"

namespace ludex {

// A move's key fields as a row's move table stores them (docs/schema.md,
// "Byte layouts"): seat, colour and kind one raw byte each, the point count
// and each point's x, y as (zigzag) varints, the piece name's length and
// bytes; appended to out. The kept answers write a move their own way
// (explorer_answers.cpp, put_answer_move_key): both are persisted, and one
// encoding for both would rewrite every row of the larger table.
void put_posting_move_key(std::string& out, const Continuation& move);
// Reads what put_posting_move_key wrote at *at into *move's key fields (the others
// are left alone), advancing *at. Returns "" or why the bytes do not read.
std::string_view get_posting_move_key(std::string_view bytes, std::size_t* at, Continuation* move);

// Builds one row's blob from visits given in increasing game id order.
class PostingsWriter {
 public:
  // Starts an empty row.
  void clear();
  // Adds a game; requires game ids larger than every one added since
  // clear(), and each visit's move set.
  void add(const PositionVisit& visit);
  bool empty() const { return games_ == 0; }
  std::int64_t first_game() const { return first_game_; }
  std::int64_t last_game() const { return last_game_; }
  std::int64_t games() const { return games_; }
  std::int64_t nodes() const { return nodes_; }
  // The blob of what was added (layout in docs/schema.md).
  std::string finish() const;

 private:
  // The move's index in the row's table, added when new. Producers hand the
  // same move at the same address again and again: a cache by address
  // saves comparing keys.
  std::size_t move_index(const Continuation& move);

  std::unordered_map<const Continuation*, std::size_t> by_address_;
  std::map<ContinuationKey, std::size_t> by_key_;
  std::vector<Continuation> moves_;  // the row's move table
  std::vector<std::string> dates_;   // the row's date table
  // Each date's number in the table (from 1): a row may hold thousands.
  std::unordered_map<std::string, std::size_t> date_index_;
  std::string body_;  // the games, encoded
  std::int64_t first_game_ = 0;
  std::int64_t last_game_ = 0;
  std::int64_t games_ = 0;
  std::int64_t nodes_ = 0;
  std::int64_t previous_child_ = 0;
};

// Reads a row's blob. Never trusts it: bytes no writer produced make
// next() return false and error() say why.
class PostingsReader {
 public:
  // `bytes` must outlive the reader; first_game is the row's.
  PostingsReader(std::string_view bytes, std::int64_t first_game);
  // The row's move table: every move a visit may point to.
  const std::vector<Continuation>& moves() const { return moves_; }
  // The next game, in increasing id order; false at the end or on an error.
  // *visit stays valid until the next call.
  bool next(PositionVisit* visit);
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& why);

  std::string_view bytes_;
  std::size_t at_ = 0;
  std::uint64_t table_id_;  // PositionVisit::move_table
  std::vector<Continuation> moves_;
  std::vector<std::string_view> dates_;
  std::vector<MoveVisit> visits_;
  std::uint64_t games_left_ = 0;
  std::int64_t game_ = 0;
  std::int64_t previous_child_ = 0;
  bool first_ = true;
  std::string error_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_EXPLORER_POSTINGS_H_
