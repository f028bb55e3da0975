#include "schema/search/feature_index.h"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include <SQLiteCpp/Statement.h>

#include "core/coding.h"
#include "games/position_codes.h"
#include "schema/db/meta.h"
#include "schema/db/statement_util.h"

namespace ludex {
namespace {

// A key's last chunk takes a batch's ids while it is shorter than this;
// past it a batch starts a new chunk. Small enough that appending rewrites
// little, large enough that the per-row overhead (about 15 bytes) stays
// under a tenth of the list.
constexpr std::size_t kAppendBelowBytes = 256;
constexpr std::size_t kMaxChunkBytes = 4096;

// code (23 bits) and board (20 bits) in one map key.
std::int64_t pack_key(std::int64_t code, std::int32_t board) {
  return (code << 20) | static_cast<std::int64_t>(board);
}

// Decodes a chunk's ids onto *ids. False for bytes that do not decode or
// ids that do not grow.
bool decode_chunk(std::string_view bytes, std::int64_t first_game, std::vector<std::int64_t>* ids) {
  ChunkIds chunk(bytes, first_game);
  std::int64_t id = 0;
  while (chunk.next(&id)) ids->push_back(id);
  return chunk.ok();
}

[[noreturn]] void corrupt_chunk(std::int64_t code, std::int64_t first_game) {
  throw_corrupt_chunk(code, first_game);
}

// Appends list[begin..end) to chunk as varint differences, each from the id
// before it (*previous first), until the chunk reaches kMaxChunkBytes.
// Returns the index of the first id not appended; *previous is the last one
// appended.
std::size_t append_differences(const std::vector<std::int64_t>& list, std::size_t begin,
                               std::size_t end, std::int64_t* previous, std::string* chunk) {
  std::size_t i = begin;
  for (; i < end && chunk->size() < kMaxChunkBytes; ++i) {
    put_varint(*chunk, static_cast<std::uint64_t>(list[i] - *previous));
    *previous = list[i];
  }
  return i;
}

}  // namespace

std::int32_t board_key(std::int32_t columns, std::int32_t rows) {
  if (columns <= 0 || rows <= 0 || columns >= 1024 || rows >= 1024) return 0;
  return (columns << 10) | rows;
}

bool stored_stream_codes(const SQLite::Statement& st, int first, std::int32_t* board,
                         std::vector<std::int64_t>* codes) {
  const std::optional<Family> family = parse_family(st.getColumn(first).getString());
  if (!family) return false;
  const auto columns = static_cast<std::int32_t>(column_int(st, first + 2, 0));
  const auto rows = static_cast<std::int32_t>(column_int(st, first + 3, 0));
  const std::optional<StreamBoard> b =
      stream_board(Board{*family, column_text(st, first + 1), columns, rows});
  if (!b) return false;
  std::string error;
  if (!stream_feature_codes(*family, column_bytes(st.getColumn(first + 4)), *b, codes, &error)) {
    throw std::runtime_error("corrupt database: a position stream does not read: " + error);
  }
  *board = board_key(columns, rows);
  return true;
}

struct FeatureIndexWriter::Impl {
  explicit Impl(SQLite::Database& db)
      : last_chunk(db,
                   "SELECT first_game, last_game, games FROM feature_games "
                   "WHERE code = ?1 AND board = ?2 ORDER BY first_game DESC LIMIT 1"),
        insert(db,
               "INSERT INTO feature_games (code, board, first_game, last_game, games) "
               "VALUES (?1, ?2, ?3, ?4, ?5)"),
        extend(db,
               "UPDATE feature_games SET last_game = ?4, games = ?5 "
               "WHERE code = ?1 AND board = ?2 AND first_game = ?3"),
        overlapping(db,
                    "SELECT first_game, last_game, games FROM feature_games "
                    "WHERE code = ?1 AND board = ?2 AND first_game <= ?4 AND last_game >= ?3"),
        erase(db, "DELETE FROM feature_games WHERE code = ?1 AND board = ?2 AND first_game = ?3") {}

  void write(std::int64_t code, std::int32_t board, const std::vector<std::int64_t>& ids);
  void put_chunk(std::int64_t code, std::int32_t board, const std::vector<std::int64_t>& ids,
                 std::size_t begin, std::size_t end);
  // Runs insert or extend (the same parameters) for one chunk.
  static void store(SQLite::Statement& st, std::int64_t code, std::int32_t board,
                    std::int64_t first, std::int64_t last, const std::string& chunk);

  SQLite::Statement last_chunk, insert, extend, overlapping, erase;
  // pack_key(code, board) -> queued game ids, ascending; vectors kept (and
  // cleared) between batches to reuse their memory.
  std::unordered_map<std::int64_t, std::vector<std::int64_t>> pending;
  std::size_t pending_ids = 0;
  std::vector<std::int64_t> keys;
  std::string bytes;
  std::vector<std::int64_t> ids;
};

void FeatureIndexWriter::Impl::put_chunk(std::int64_t code, std::int32_t board,
                                         const std::vector<std::int64_t>& list, std::size_t begin,
                                         std::size_t end) {
  // Splits at kMaxChunkBytes.
  while (begin < end) {
    bytes.clear();
    const std::int64_t first = list[begin];
    std::int64_t previous = first;
    begin = append_differences(list, begin, end, &previous, &bytes);
    store(insert, code, board, first, previous, bytes);
  }
}

void FeatureIndexWriter::Impl::store(SQLite::Statement& st, std::int64_t code, std::int32_t board,
                                     std::int64_t first, std::int64_t last,
                                     const std::string& chunk) {
  ResetOnExit reset(st);
  st.bind(1, code);
  st.bind(2, board);
  st.bind(3, first);
  st.bind(4, last);
  st.bindNoCopy(5, chunk.data(), static_cast<int>(chunk.size()));
  st.exec();
}

void FeatureIndexWriter::Impl::write(std::int64_t code, std::int32_t board,
                                     const std::vector<std::int64_t>& list) {
  std::int64_t first = 0;
  std::int64_t last = 0;
  std::string old;
  {
    ResetOnExit reset(last_chunk);
    last_chunk.bind(1, code);
    last_chunk.bind(2, board);
    if (last_chunk.executeStep()) {
      first = last_chunk.getColumn(0).getInt64();
      last = last_chunk.getColumn(1).getInt64();
      old = std::string(column_bytes(last_chunk.getColumn(2)));
    }
  }
  if (!old.empty() && old.size() < kAppendBelowBytes && last < list.front()) {
    // The ids continue the chunk's differences from its last id.
    std::int64_t previous = last;
    const std::size_t i = append_differences(list, 0, list.size(), &previous, &old);
    store(extend, code, board, first, previous, old);
    put_chunk(code, board, list, i, list.size());
    return;
  }
  put_chunk(code, board, list, 0, list.size());
}

FeatureIndexWriter::FeatureIndexWriter(SQLite::Database& db) : impl_(std::make_unique<Impl>(db)) {}

FeatureIndexWriter::~FeatureIndexWriter() = default;

void FeatureIndexWriter::add(std::int64_t game_id, std::int32_t board,
                             const std::vector<std::int64_t>& codes) {
  for (const std::int64_t code : codes) impl_->pending[pack_key(code, board)].push_back(game_id);
  impl_->pending_ids += codes.size();
}

void FeatureIndexWriter::flush() {
  Impl& s = *impl_;
  if (s.pending_ids == 0) return;
  s.keys.clear();
  for (const auto& [key, list] : s.pending) {
    if (!list.empty()) s.keys.push_back(key);
  }
  // Key order: each key's rows are one B-tree neighbourhood.
  std::sort(s.keys.begin(), s.keys.end());
  for (const std::int64_t key : s.keys) {
    std::vector<std::int64_t>& list = s.pending[key];
    s.write(key >> 20, static_cast<std::int32_t>(key & 0xFFFFF), list);
    list.clear();
  }
  s.pending_ids = 0;
}

void FeatureIndexWriter::discard() {
  for (auto& [key, list] : impl_->pending) list.clear();
  impl_->pending_ids = 0;
}

void FeatureIndexWriter::remove(std::int64_t first_game, std::int64_t last_game, std::int32_t board,
                                const std::vector<std::int64_t>& codes) {
  Impl& s = *impl_;
  struct Chunk {
    std::int64_t first;
    std::vector<std::int64_t> ids;
  };
  std::vector<Chunk> chunks;
  for (const std::int64_t code : codes) {
    chunks.clear();
    {
      ResetOnExit reset(s.overlapping);
      s.overlapping.bind(1, code);
      s.overlapping.bind(2, board);
      s.overlapping.bind(3, first_game);
      s.overlapping.bind(4, last_game);
      while (s.overlapping.executeStep()) {
        Chunk c;
        c.first = s.overlapping.getColumn(0).getInt64();
        if (!decode_chunk(column_bytes(s.overlapping.getColumn(2)), c.first, &c.ids)) {
          corrupt_chunk(code, c.first);
        }
        chunks.push_back(std::move(c));
      }
    }
    for (Chunk& c : chunks) {
      const auto kept = std::remove_if(c.ids.begin(), c.ids.end(), [&](std::int64_t id) {
        return id >= first_game && id <= last_game;
      });
      if (kept == c.ids.end()) continue;
      c.ids.erase(kept, c.ids.end());
      {
        ResetOnExit reset(s.erase);
        s.erase.bind(1, code);
        s.erase.bind(2, board);
        s.erase.bind(3, c.first);
        s.erase.exec();
      }
      s.put_chunk(code, board, c.ids, 0, c.ids.size());
    }
  }
}

struct FeatureIndexReader::Impl {
  explicit Impl(SQLite::Database& d) : db(d), meta(d) {}
  // Each statement is prepared on first use: a search asks one or two of
  // them.
  SQLite::Statement& get(std::optional<SQLite::Statement>& st, const char* sql) {
    if (!st) st.emplace(db, sql);
    return *st;
  }
  SQLite::Database& db;
  MetaTable meta;
  std::optional<SQLite::Statement> one_board, every_board, range, all, holding;
};

FeatureIndexReader::FeatureIndexReader(SQLite::Database& db) : impl_(std::make_unique<Impl>(db)) {}

FeatureIndexReader::~FeatureIndexReader() = default;

bool FeatureIndexReader::complete() {
  return !impl_->meta.has(meta_key::kFeatureGamesPending);
}

std::vector<std::int64_t> FeatureIndexReader::games_with(std::int64_t code, std::int32_t board) {
  SQLite::Statement& st =
      board != 0 ? impl_->get(impl_->one_board,
                              "SELECT first_game, games, board FROM feature_games WHERE code = ?1 "
                              "AND board = ?2 ORDER BY first_game")
                 : impl_->get(impl_->every_board,
                              "SELECT first_game, games, board FROM feature_games WHERE code = ?1 "
                              "ORDER BY board, first_game");
  ResetOnExit reset(st);
  st.bind(1, code);
  if (board != 0) st.bind(2, board);
  std::vector<std::int64_t> ids;
  // Each board's ids ascend; several boards' lists need a merge.
  bool several_boards = false;
  std::int64_t first_board = -1;
  while (st.executeStep()) {
    const std::int64_t first = st.getColumn(0).getInt64();
    const std::int64_t b = st.getColumn(2).getInt64();
    if (first_board < 0) first_board = b;
    if (b != first_board) several_boards = true;
    if (!decode_chunk(column_bytes(st.getColumn(1)), first, &ids)) corrupt_chunk(code, first);
  }
  if (several_boards) {
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  }
  return ids;
}

void FeatureIndexReader::scan(std::int64_t first_code, std::int64_t last_code, std::int32_t board,
                              const std::function<void(std::int64_t code, std::int64_t first_game,
                                                       std::string_view ids)>& visit) {
  SQLite::Statement& st =
      impl_->get(impl_->range,
                 "SELECT code, board, first_game, games FROM feature_games "
                 "WHERE code >= ?1 AND code < ?2 ORDER BY code, board, first_game");
  ResetOnExit reset(st);
  st.bind(1, first_code);
  st.bind(2, last_code);
  while (st.executeStep()) {
    if (board != 0 && st.getColumn(1).getInt() != board) continue;
    visit(st.getColumn(0).getInt64(), st.getColumn(2).getInt64(), column_bytes(st.getColumn(3)));
  }
}

void FeatureIndexReader::scan_chunks(const std::function<void(const FeatureChunk&)>& visit) {
  SQLite::Statement& st = impl_->get(impl_->all,
                                     "SELECT code, board, first_game, last_game, games "
                                     "FROM feature_games ORDER BY code, board, first_game");
  ResetOnExit reset(st);
  FeatureChunk c;
  bool have_previous = false;
  std::int64_t previous_code = 0;
  std::int32_t previous_board = 0;
  std::int64_t previous_last = 0;
  while (st.executeStep()) {
    c.code = st.getColumn(0).getInt64();
    c.board = st.getColumn(1).getInt();
    c.first_game = st.getColumn(2).getInt64();
    c.last_game = st.getColumn(3).getInt64();
    c.ids.clear();
    c.decodes = decode_chunk(column_bytes(st.getColumn(4)), c.first_game, &c.ids);
    c.overlaps_previous = have_previous && previous_code == c.code && previous_board == c.board &&
                          previous_last >= c.first_game;
    visit(c);
    have_previous = true;
    previous_code = c.code;
    previous_board = c.board;
    previous_last = c.last_game;
  }
}

std::optional<FeatureChunk> FeatureIndexReader::chunk_holding(std::int64_t code, std::int32_t board,
                                                              std::int64_t game_id) {
  SQLite::Statement& st = impl_->get(impl_->holding,
                                     "SELECT first_game, last_game, games FROM feature_games "
                                     "WHERE code = ?1 AND board = ?2 AND first_game <= ?3 "
                                     "ORDER BY first_game DESC LIMIT 1");
  ResetOnExit reset(st);
  st.bind(1, code);
  st.bind(2, board);
  st.bind(3, game_id);
  if (!st.executeStep()) return std::nullopt;
  FeatureChunk c;
  c.code = code;
  c.board = board;
  c.first_game = st.getColumn(0).getInt64();
  c.last_game = st.getColumn(1).getInt64();
  c.decodes = decode_chunk(column_bytes(st.getColumn(2)), c.first_game, &c.ids);
  return c;
}

ChunkIds::ChunkIds(std::string_view bytes, std::int64_t first_game)
    : bytes_(bytes), id_(first_game) {}

bool ChunkIds::next_any(std::int64_t* id) {
  if (at_ >= bytes_.size() || !ok_) return false;
  std::uint64_t v = 0;
  int shift = 0;
  while (true) {
    if (at_ >= bytes_.size() || shift > 56) {
      ok_ = false;
      return false;
    }
    const auto b = static_cast<unsigned char>(bytes_[at_++]);
    v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) == 0) break;
    shift += 7;
  }
  if (!first_ && v == 0) {
    ok_ = false;
    return false;
  }
  first_ = false;
  id_ += static_cast<std::int64_t>(v);
  *id = id_;
  return true;
}

void throw_corrupt_chunk(std::int64_t code, std::int64_t first_game) {
  throw std::runtime_error("corrupt database: feature_games chunk of code " + std::to_string(code) +
                           " from game " + std::to_string(first_game) + " does not decode");
}

}  // namespace ludex
