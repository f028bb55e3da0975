#include "schema/explorer/explorer_build.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <queue>
#include <stdexcept>

#include <SQLiteCpp/Statement.h>

#include "core/coding.h"
#include "schema/db/blob_codec.h"
#include "schema/db/statement_util.h"
#include "schema/explorer/explorer_postings.h"

namespace ludex {

void for_each_stored_game(SQLite::Database& db,
                          const std::function<void(const ExplorerGame&)>& visit) {
  SQLite::Statement games(db,
                          "SELECT g.game_id, g.first_node_id, g.node_count, g.family, g.variant, "
                          "g.board_columns, g.board_rows, g.winner, g.date, p.stream "
                          "FROM games AS g JOIN game_positions AS p ON p.game_id = g.game_id "
                          "ORDER BY g.game_id");
  SQLite::Statement nodes(db,
                          "SELECT n.node_id, n.position_hash, coalesce(n.seat, m.seat), "
                          "coalesce(n.color, m.color), coalesce(n.kind, m.kind), "
                          "CASE WHEN n.kind IS NULL THEN m.points ELSE n.points END, "
                          "n.kind IS NOT NULL OR m.node_id IS NOT NULL "
                          "FROM nodes AS n LEFT JOIN node_moves AS m "
                          "ON n.kind IS NULL AND m.node_id = n.node_id AND m.ordinal = 0 "
                          "WHERE n.node_id BETWEEN ?1 AND ?2 ORDER BY n.node_id");
  SQLite::Statement evaluations(db,
                                "SELECT node_id, source, value FROM evaluations "
                                "WHERE node_id BETWEEN ?1 AND ?2 AND undetermined = 0 "
                                "AND value IS NOT NULL ORDER BY node_id, ordinal");
  ExplorerGame game;
  std::vector<std::string> pieces;
  while (games.executeStep()) {
    game.game_id = games.getColumn(0).getInt64();
    game.first_node_id = games.getColumn(1).getInt64();
    const std::int64_t count = games.getColumn(2).getInt64();
    const std::optional<Family> family = parse_family(games.getColumn(3).getString());
    game.family = family.value_or(Family::kOther);
    game.variant = column_text(games, 4);
    game.winner = static_cast<std::int8_t>(games.getColumn(7).getInt());
    game.date = column_text(games, 8);
    const std::optional<StreamBoard> board = stream_board(
        Board{game.family, game.variant, static_cast<std::int32_t>(column_int(games, 5, 0)),
              static_cast<std::int32_t>(column_int(games, 6, 0))});
    if (!board) continue;
    game.nodes.assign(static_cast<std::size_t>(count), ExplorerNode());
    const std::string_view stream = column_bytes(games.getColumn(9));
    if (!read_explorer_stream(stream, *board, &pieces, &game)) {
      throw std::runtime_error("game " + std::to_string(game.game_id) +
                               ": its position stream does not read");
    }
    const std::int64_t last = game.first_node_id + count - 1;
    {
      ResetOnExit reset(nodes);
      nodes.bind(1, game.first_node_id);
      nodes.bind(2, last);
      while (nodes.executeStep()) {
        const std::int64_t i = nodes.getColumn(0).getInt64() - game.first_node_id;
        if (i < 0 || i >= count) continue;
        ExplorerNode& n = game.nodes[static_cast<std::size_t>(i)];
        n.hash = static_cast<std::uint64_t>(column_int(nodes, 1, 0));
        n.has_move = nodes.getColumn(6).getInt() != 0;
        if (!n.has_move) continue;
        n.move.seat = static_cast<std::int8_t>(nodes.getColumn(2).getInt());
        n.move.color = static_cast<std::int8_t>(nodes.getColumn(3).getInt());
        n.move.kind = static_cast<MoveKind>(nodes.getColumn(4).getInt());
        n.move.points.clear();
        const SQLite::Column points = nodes.getColumn(5);
        if (!points.isNull() && !decode_points(column_bytes(points), n.move.points)) {
          throw std::runtime_error("corrupt points of node " +
                                   std::to_string(game.first_node_id + i));
        }
        std::sort(n.move.points.begin(), n.move.points.end());
        if (n.move.kind == MoveKind::kPlace) n.move.piece = pieces[static_cast<std::size_t>(i)];
      }
    }
    {
      ResetOnExit reset(evaluations);
      evaluations.bind(1, game.first_node_id);
      evaluations.bind(2, last);
      while (evaluations.executeStep()) {
        const std::int64_t i = evaluations.getColumn(0).getInt64() - game.first_node_id;
        if (i < 0 || i >= count) continue;
        ExplorerNode& n = game.nodes[static_cast<std::size_t>(i)];
        if (n.has_eval) continue;  // the first one
        const double value = evaluations.getColumn(2).getDouble();
        if (std::isnan(value)) continue;
        n.has_eval = true;
        n.eval.source = static_cast<EvalSource>(evaluations.getColumn(1).getInt());
        n.eval.undetermined = false;
        n.eval.value = value;
      }
    }
    visit(game);
  }
}

// ---------------------------------------------------------------------------
// VisitSorter

namespace {

// A run in memory beyond this many bytes (payloads and their references,
// whose vectors may hold up to twice that) goes to a temporary file. The
// bulk load's peak memory is the parse pipeline's plus this: at a million
// games, 32 MiB of payloads alone took the import's peak RSS from 189 to
// 315 MB; the merge reads one record per run, so more runs cost little.
constexpr std::size_t kRunBytes = 16u << 20;

// Bytes a run's writer gathers before one fwrite, and a run's reader reads
// at once (one buffer per run during the merge).
constexpr std::size_t kFileChunk = 32u << 10;

// A record on disk: key u64, game i64, payload length u32, then the payload.
constexpr std::size_t kRecordHeader = sizeof(std::uint64_t) + sizeof(std::int64_t) + 4;

struct RecordRef {
  std::uint64_t key;
  std::int64_t game;
  std::uint32_t offset;  // of the payload in the buffer (runs stay far below 4 GiB)
  std::uint32_t length;
};

[[noreturn]] void cut_short() {
  throw std::runtime_error("explorer: a temporary file was cut short");
}

// The payload: nodes (first, so that the merge reads it alone), winner,
// variant, date, then each move: its key fields (put_posting_move_key: a record
// stands alone, no table of moves is kept while visits are added), count,
// child, evaluation.
std::uint64_t payload_nodes(std::string_view p) {
  std::size_t at = 0;
  std::uint64_t nodes = 0;
  if (!get_varint(p, &at, &nodes)) {
    throw std::runtime_error("explorer: a temporary record does not read");
  }
  return nodes;
}

// A run on disk, read back in order, kFileChunk bytes at a time.
class RunReader {
 public:
  explicit RunReader(std::FILE* file) : file_(file), buffer_(kFileChunk) { std::rewind(file_); }
  // The next record into key, game, payload (valid until the next call);
  // false at the end of the run.
  bool next() {
    if (!fill(kRecordHeader)) {
      if (at_ != end_) cut_short();
      return false;
    }
    std::uint32_t length = 0;
    std::memcpy(&key, buffer_.data() + at_, sizeof key);
    std::memcpy(&game, buffer_.data() + at_ + sizeof key, sizeof game);
    std::memcpy(&length, buffer_.data() + at_ + sizeof key + sizeof game, sizeof length);
    if (!fill(kRecordHeader + length)) cut_short();
    payload = std::string_view(buffer_.data() + at_ + kRecordHeader, length);
    at_ += kRecordHeader + length;
    return true;
  }
  std::uint64_t key = 0;
  std::int64_t game = 0;
  std::string_view payload;

 private:
  // Makes n bytes from at_ readable; false when the file ends before.
  bool fill(std::size_t n) {
    if (end_ - at_ >= n) return true;
    std::memmove(buffer_.data(), buffer_.data() + at_, end_ - at_);
    end_ -= at_;
    at_ = 0;
    if (buffer_.size() < n) buffer_.resize(std::max(n, 2 * buffer_.size()));
    while (end_ < n) {
      const std::size_t got = std::fread(buffer_.data() + end_, 1, buffer_.size() - end_, file_);
      if (got == 0) {
        if (std::ferror(file_) != 0) {
          throw std::runtime_error("explorer: cannot read a temporary file");
        }
        return false;
      }
      end_ += got;
    }
    return true;
  }

  std::FILE* file_;
  std::vector<char> buffer_;
  std::size_t at_ = 0;
  std::size_t end_ = 0;
};

}  // namespace

struct VisitSorter::Impl {
  explicit Impl(std::size_t bytes) : run_bytes(bytes) {}
  ~Impl() {
    for (std::FILE* f : runs) std::fclose(f);
  }
  void sort_buffer() {
    std::sort(refs.begin(), refs.end(), [](const RecordRef& a, const RecordRef& b) {
      return a.key != b.key ? a.key < b.key : a.game < b.game;
    });
  }
  void spill();
  void decode(std::string_view payload, std::int64_t game, OwnedVisit* out);

  std::size_t run_bytes;
  // The decoded visits' moves: only those of kept keys are decoded, so
  // the table holds only their moves.
  MoveTable moves;
  Continuation decoded;
  std::string buffer;
  std::vector<RecordRef> refs;
  std::vector<std::FILE*> runs;
};

void VisitSorter::Impl::spill() {
  sort_buffer();
  std::FILE* file = std::tmpfile();
  if (file == nullptr) throw std::runtime_error("explorer: cannot create a temporary file");
  runs.push_back(file);
  std::string chunk;
  chunk.reserve(kFileChunk + kRecordHeader);
  auto write = [&] {
    if (!chunk.empty() && std::fwrite(chunk.data(), 1, chunk.size(), file) != chunk.size()) {
      throw std::runtime_error("explorer: cannot write a temporary file (disk full?)");
    }
    chunk.clear();
  };
  for (const RecordRef& r : refs) {
    char header[kRecordHeader];
    std::memcpy(header, &r.key, sizeof r.key);
    std::memcpy(header + sizeof r.key, &r.game, sizeof r.game);
    std::memcpy(header + sizeof r.key + sizeof r.game, &r.length, sizeof r.length);
    chunk.append(header, sizeof header);
    chunk.append(buffer, r.offset, r.length);
    if (chunk.size() >= kFileChunk) write();
  }
  write();
  if (std::fflush(file) != 0) {
    throw std::runtime_error("explorer: cannot write a temporary file (disk full?)");
  }
  buffer.clear();
  refs.clear();
}

void VisitSorter::Impl::decode(std::string_view p, std::int64_t game, OwnedVisit* out) {
  std::size_t at = 0;
  std::uint64_t v = 0;
  auto need = [&](bool ok) {
    if (!ok) throw std::runtime_error("explorer: a temporary record does not read");
  };
  out->game_id = game;
  need(get_varint(p, &at, &v));
  out->nodes = static_cast<std::uint32_t>(v);
  need(at < p.size());
  out->winner = static_cast<std::int8_t>(p[at++]);
  need(get_varint(p, &at, &v) && v <= p.size() - at);
  out->variant.assign(p.substr(at, v));
  at += v;
  need(get_varint(p, &at, &v) && v <= p.size() - at);
  out->date.assign(p.substr(at, v));
  at += v;
  need(get_varint(p, &at, &v));
  out->moves.resize(v);
  for (MoveVisit& m : out->moves) {
    need(get_posting_move_key(p, &at, &decoded).empty());
    m.move = moves.intern(decoded);
    need(get_varint(p, &at, &v));
    m.count = static_cast<std::uint32_t>(v);
    need(get_varint(p, &at, &v));
    m.child = static_cast<std::int64_t>(v);
    need(at < p.size());
    const auto source = static_cast<std::uint8_t>(p[at++]);
    m.has_eval = source != 0;
    if (m.has_eval) {
      need(p.size() - at >= sizeof(double));
      m.eval.source = static_cast<EvalSource>(source - 1);
      m.eval.undetermined = false;
      std::memcpy(&m.eval.value, p.data() + at, sizeof(double));
      at += sizeof(double);
    }
  }
}

VisitSorter::VisitSorter() : VisitSorter(kRunBytes) {}

VisitSorter::VisitSorter(std::size_t run_bytes) : impl_(std::make_unique<Impl>(run_bytes)) {
  assert(run_bytes <= (1u << 30));  // payload offsets are 32-bit
}

VisitSorter::~VisitSorter() = default;

bool VisitSorter::empty() const {
  return impl_->refs.empty() && impl_->runs.empty();
}

void VisitSorter::add(std::uint64_t key, const OwnedVisit& visit, std::int64_t game_id,
                      std::int64_t first_node_id) {
  Impl& s = *impl_;
  const std::size_t offset = s.buffer.size();
  put_varint(s.buffer, visit.nodes);
  s.buffer.push_back(static_cast<char>(visit.winner));
  put_varint(s.buffer, visit.variant.size());
  s.buffer += visit.variant;
  put_varint(s.buffer, visit.date.size());
  s.buffer += visit.date;
  put_varint(s.buffer, visit.moves.size());
  for (const MoveVisit& m : visit.moves) {
    put_posting_move_key(s.buffer, *m.move);
    put_varint(s.buffer, m.count);
    put_varint(s.buffer, static_cast<std::uint64_t>(m.child + first_node_id));
    if (m.has_eval) {
      s.buffer.push_back(static_cast<char>(static_cast<int>(m.eval.source) + 1));
      char bytes[sizeof(double)];
      std::memcpy(bytes, &m.eval.value, sizeof bytes);
      s.buffer.append(bytes, sizeof bytes);
    } else {
      s.buffer.push_back(0);
    }
  }
  s.refs.push_back(RecordRef{key, game_id, static_cast<std::uint32_t>(offset),
                             static_cast<std::uint32_t>(s.buffer.size() - offset)});
  if (s.buffer.size() + s.refs.size() * sizeof(RecordRef) >= s.run_bytes) s.spill();
}

void VisitSorter::finish(std::int64_t min_nodes,
                         const std::function<void(std::uint64_t, const OwnedVisit&)>& visit) {
  Impl& s = *impl_;
  OwnedVisit v;
  // The current key's first records, held undecoded until its nodes reach
  // min_nodes: most keys (a position of one game) never do, and are dropped
  // without a decode.
  std::vector<std::pair<std::int64_t, std::string>> held;
  std::size_t held_count = 0;
  std::uint64_t key = 0;
  std::int64_t nodes = 0;
  bool open = false;
  auto emit = [&](std::int64_t game, std::string_view payload) {
    s.decode(payload, game, &v);
    visit(key, v);
  };
  auto take = [&](std::uint64_t k, std::int64_t game, std::string_view payload) {
    if (!open || k != key) {
      open = true;
      key = k;
      nodes = 0;
      held_count = 0;
    }
    if (nodes >= min_nodes) {
      emit(game, payload);
      return;
    }
    nodes += static_cast<std::int64_t>(payload_nodes(payload));
    if (nodes < min_nodes) {
      if (held_count == held.size()) held.emplace_back();
      held[held_count].first = game;
      held[held_count].second.assign(payload);
      ++held_count;
      return;
    }
    for (std::size_t i = 0; i < held_count; ++i) emit(held[i].first, held[i].second);
    held_count = 0;
    emit(game, payload);
  };
  if (s.runs.empty()) {
    s.sort_buffer();
    for (const RecordRef& r : s.refs) {
      take(r.key, r.game, std::string_view(s.buffer).substr(r.offset, r.length));
    }
  } else {
    if (!s.refs.empty()) s.spill();
    // The last run's memory is not needed while the runs merge.
    std::string().swap(s.buffer);
    std::vector<RecordRef>().swap(s.refs);
    std::vector<RunReader> readers;
    readers.reserve(s.runs.size());
    for (std::FILE* f : s.runs) readers.emplace_back(f);
    using Head = std::pair<std::pair<std::uint64_t, std::int64_t>, std::size_t>;
    std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
    for (std::size_t i = 0; i < readers.size(); ++i) {
      if (readers[i].next()) heads.push({{readers[i].key, readers[i].game}, i});
    }
    while (!heads.empty()) {
      const std::size_t i = heads.top().second;
      heads.pop();
      RunReader& r = readers[i];
      take(r.key, r.game, r.payload);
      if (r.next()) heads.push({{r.key, r.game}, i});
    }
  }
  for (std::FILE* f : s.runs) std::fclose(f);
  s.runs.clear();
  s.buffer.clear();
  s.refs.clear();
  s.moves.clear();
}

}  // namespace ludex
