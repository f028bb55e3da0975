// feature_games (schema version 7): for every feature a position can hold
// (a stone of a colour on a point, a Twixt link, a Blokus piece of a colour;
// the codes of games/position_codes.h) and every board size, the ids of the
// games in which the feature stands at some node. A position search takes
// the games that hold every feature its conditions require from here, and
// replays only those (docs/queries.md, "How a position search runs"); a
// pattern search builds each game's occupancy bitmaps from it. For code in
// schema/ only.
//
// Storage: rows (code, board, first_game, last_game, games) WITHOUT ROWID;
// `games` lists the ids of one chunk, ascending, as unsigned LEB128 varints
// of the differences (the first from first_game, so 0). A key's chunks hold
// disjoint, increasing ranges of game ids. docs/schema.md ("feature_games")
// describes the layout and why.
//
// Thread-safety: none; one thread per Database.
#ifndef LUDEX_SCHEMA_SEARCH_FEATURE_INDEX_H_
#define LUDEX_SCHEMA_SEARCH_FEATURE_INDEX_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Statement.h>

#include "core/game.h"
#include "games/position.h"
#include "games/position_stream.h"

namespace ludex {

// The board part of a key: columns << 10 | rows (a side is at most 702).
// 0 for a game without a known size.
std::int32_t board_key(std::int32_t columns, std::int32_t rows);

// The feature codes (games/position_codes.h) a stored position stream
// holds, read from the current row of st, whose columns first..first + 4
// are games.family, variant, board_columns, board_rows and the
// game_positions.stream; *board gets the game's board_key. False (*codes
// and *board then unspecified) for a family or board that has no stream.
// Throws std::runtime_error for a stream that does not read (a corrupt
// database).
bool stored_stream_codes(const SQLite::Statement& st, int first, std::int32_t* board,
                         std::vector<std::int64_t>* codes);

// Writes and deletes rows of feature_games. Statements are prepared once.
class FeatureIndexWriter {
 public:
  explicit FeatureIndexWriter(SQLite::Database& db);
  ~FeatureIndexWriter();
  FeatureIndexWriter(const FeatureIndexWriter&) = delete;
  FeatureIndexWriter& operator=(const FeatureIndexWriter&) = delete;

  // Queues "game_id holds each of codes" on board. Requires game ids
  // larger than every id stored or queued before (GameStore hands them out
  // in increasing order).
  void add(std::int64_t game_id, std::int32_t board, const std::vector<std::int64_t>& codes);
  // Writes the queued ids: each key's ids go to the end of its last chunk
  // while that chunk stays small, else into a new chunk. Requires an open
  // transaction.
  void flush();
  // Forgets the queued ids (after a rollback).
  void discard();
  // Deletes the games first..last from the lists of `codes` on board (the
  // features those games hold; other ids of the chunks stay). Requires an
  // open transaction and nothing queued for those games.
  void remove(std::int64_t first_game, std::int64_t last_game, std::int32_t board,
              const std::vector<std::int64_t>& codes);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The ids of one chunk (feature_games.games), read one by one: a reader that
// keeps many lists open at once holds their bytes, not their ids. Does not
// own the bytes.
class ChunkIds {
 public:
  ChunkIds() = default;
  ChunkIds(std::string_view bytes, std::int64_t first_game);
  // The next id into *id; false at the end, or at bytes that do not decode
  // or an id that does not grow (then ok() is false). Inline for the
  // common difference of one byte: a pattern search reads 30 M ids.
  bool next(std::int64_t* id) {
    if (!first_ && at_ < bytes_.size()) {
      const auto b = static_cast<unsigned char>(bytes_[at_]);
      if (b != 0 && b < 0x80) {
        ++at_;
        id_ += b;
        *id = id_;
        return true;
      }
    }
    return next_any(id);
  }
  bool ok() const { return ok_; }

 private:
  bool next_any(std::int64_t* id);

  std::string_view bytes_;
  std::size_t at_ = 0;
  std::int64_t id_ = 0;
  bool first_ = true;
  bool ok_ = true;
};

// Throws std::runtime_error: the chunk of code from first_game does not
// decode (a corrupt database).
[[noreturn]] void throw_corrupt_chunk(std::int64_t code, std::int64_t first_game);

// One row of feature_games as ludex check reads it.
struct FeatureChunk {
  std::int64_t code = 0;
  std::int32_t board = 0;
  std::int64_t first_game = 0;
  std::int64_t last_game = 0;
  std::vector<std::int64_t> ids;  // as far as they decode
  bool decodes = false;           // every byte read, the ids ascending
  // The chunk before it of the same key reaches this chunk's first game.
  bool overlaps_previous = false;
};

// Reads feature_games.
class FeatureIndexReader {
 public:
  explicit FeatureIndexReader(SQLite::Database& db);
  ~FeatureIndexReader();
  FeatureIndexReader(const FeatureIndexReader&) = delete;
  FeatureIndexReader& operator=(const FeatureIndexReader&) = delete;

  // False while a migrated database waits for its feature_games to be
  // filled (meta_key::kFeatureGamesPending): the lists are then incomplete
  // and must not rule any game out.
  bool complete();
  // The games (ascending ids) on `board` (0 = every board) that hold the
  // feature `code` at some node. Throws std::runtime_error for a chunk that
  // does not decode (a corrupt database).
  std::vector<std::int64_t> games_with(std::int64_t code, std::int32_t board);
  // Calls visit(code, first_game, ids) for every chunk listed under the
  // codes first_code <= code < last_code on board (0 = every board), in key
  // order; ids are the chunk's bytes, valid during the call (read them with
  // ChunkIds).
  void scan(std::int64_t first_code, std::int64_t last_code, std::int32_t board,
            const std::function<void(std::int64_t code, std::int64_t first_game,
                                     std::string_view ids)>& visit);
  // Calls visit for every row, in key order, as it decodes or not (for
  // ludex check: never throws for a chunk that does not decode).
  void scan_chunks(const std::function<void(const FeatureChunk&)>& visit);
  // The chunk of (code, board) whose range may hold game_id: the last one
  // that starts at or before it; nullopt when there is none. Its ids are
  // decoded as far as they decode (for ludex check: never throws for a
  // chunk that does not decode).
  std::optional<FeatureChunk> chunk_holding(std::int64_t code, std::int32_t board,
                                            std::int64_t game_id);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace ludex

#endif  // LUDEX_SCHEMA_SEARCH_FEATURE_INDEX_H_
