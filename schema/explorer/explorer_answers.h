// explorer_answers (schema version 9): the answers of `ludex next` at the
// positions that most games reach, kept whole, so that the explorer's first
// steps (the empty board: every game on the board) cost one indexed read
// instead of a tally of every game's postings.
//
// Which answers are kept: from each board's empty position, down every move
// that at least kExplorerAnswerGames games play (or meta
// explorer_answer_games, schema/db/meta.h), the answers
// of the kept positions (explorer_postings) that at least that many games
// reach, plain and with symmetries (each tree followed by its own answers'
// moves). A kept answer is explore_position's report for a query with no
// filter but the board's and the default copies rule, byte for byte; it is
// read only for such a query (ExplorerQuery::read_answers).
//
// Staying exact: any change to explorer_postings, or to a game's date,
// winner, copy link or board, empties the table (the triggers of
// 009_explorer_answers.sql), and the writer computes the answers again at
// the end of its import or merge (GameStore::finish_bulk_load). An empty
// table is never wrong: queries then tally the postings.
//
// Thread-safety: one thread per Database. For code in schema/ only.
#ifndef LUDEX_SCHEMA_EXPLORER_EXPLORER_ANSWERS_H_
#define LUDEX_SCHEMA_EXPLORER_EXPLORER_ANSWERS_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Database.h>

#include "core/game.h"
#include "derive/explorer_report.h"

namespace ludex {

// The games a position needs for its answer to be kept: about the size at
// which a tally of the postings takes 10 ms of CPU (2026-11-28).
inline constexpr std::int64_t kExplorerAnswerGames = 20000;

// Reading the kept answers.
class ExplorerAnswerReader {
 public:
  explicit ExplorerAnswerReader(SQLite::Database& db);
  ~ExplorerAnswerReader();
  // The kept answer at the position with explorer key `key`, plain or with
  // symmetries (ExplorerQuery::symmetric), its source kAnswer; nullopt when
  // none is kept. Throws std::runtime_error for an answer that does not
  // decode.
  std::optional<PositionReport> read(std::uint64_t key, bool symmetric);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Empties the table (a bulk load, whose changes the triggers do not see).
// Requires an open transaction.
void forget_explorer_answers(SQLite::Database& db);

// The byte layout of an answer (docs/schema.md, "explorer_answers"), for
// the tests: encode, and decode (nullopt for bytes no encoder writes).
std::string encode_explorer_answer(const PositionReport& report);
std::optional<PositionReport> decode_explorer_answer(std::string_view bytes);

// The byte layout of a kept answer's line (its moves from the empty board),
// for schema/explorer/answer_upkeep.h: encode, and decode (nullopt for bytes
// no encoder writes).
std::string encode_explorer_line(const std::vector<Move>& line);
std::optional<std::vector<Move>> decode_explorer_line(std::string_view bytes);

}  // namespace ludex

#endif  // LUDEX_SCHEMA_EXPLORER_EXPLORER_ANSWERS_H_
