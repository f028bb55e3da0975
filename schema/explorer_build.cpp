#include "schema/explorer_build.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <queue>
#include <stdexcept>

#include <SQLiteCpp/Statement.h>

#include "core/varint.h"
#include "games/game_layout.h"
#include "schema/blob_codec.h"
#include "schema/explorer_gather.h"
#include "schema/statement_util.h"

namespace ludex {
namespace {

// The first determined evaluation of a node's list: not undetermined, not
// NaN (the database stores NaN as NULL, which the gatherer skips too), and
// -0 as +0: SQLite stores a REAL without a fraction as an integer, so the
// database gives -0 back as 0, and the postings must be the same whether
// they come from the written game or from the database (ludex check).
bool first_determined(std::span<const Evaluation> evaluations, Evaluation* out) {
  for (const Evaluation& e : evaluations) {
    if (!e.undetermined && !std::isnan(e.value)) {
      *out = e;
      if (out->value == 0) out->value = 0;
      return true;
    }
  }
  return false;
}

// Reads a stream's structure into game->nodes: parents, occupied points and
// (Blokus) the piece of each placing move. False for a stream that does
// not read or does not hold one node per game node.
bool read_stream(std::string_view stream, const StreamBoard& board,
                 std::vector<std::string>* pieces, ExplorerGame* game) {
  PositionStreamReader reader(stream, board);
  if (reader.node_count() != game->nodes.size()) return false;
  // The nodes may hold an earlier game's fields (explorer_game_of reuses
  // them): a node the stream does not reach reads as a root with nothing on it.
  for (ExplorerNode& n : game->nodes) {
    n.parent = 0;
    n.occupied = 0;
  }
  pieces->assign(game->nodes.size(), std::string());
  StreamNode node;
  while (reader.next(&node)) {
    if (node.index >= game->nodes.size() || node.parent >= game->nodes.size()) return false;
    ExplorerNode& n = game->nodes[node.index];
    n.parent = node.parent;
    const std::int32_t before = node.index == node.parent ? 0 : game->nodes[node.parent].occupied;
    n.occupied = before + static_cast<std::int32_t>(node.placed.size()) -
                 static_cast<std::int32_t>(node.removed.size());
    if (node.piece >= 0 && static_cast<std::size_t>(node.piece) < board.pieces.size()) {
      (*pieces)[node.index] = board.pieces[static_cast<std::size_t>(node.piece)];
    }
  }
  return reader.error().empty();
}

// A game's visits by explorer key: open addressing in one allocation (a
// node-based map allocated once per position, for every game imported).
class VisitSlots {
 public:
  // Room for `count` keys.
  explicit VisitSlots(std::size_t count) {
    std::size_t size = 16;
    while (size < 2 * count) size *= 2;
    slots_.assign(size, Slot{0, -1});
  }
  // The key's slot: -1 until the caller sets it.
  std::int32_t& at(std::uint64_t key) {
    const std::size_t mask = slots_.size() - 1;
    // Keys are hashes already; the multiply spreads those that differ in
    // their high bits only.
    std::size_t i = static_cast<std::size_t>((key * 0x9e3779b97f4a7c15ull) >> 32) & mask;
    while (slots_[i].value >= 0 && slots_[i].key != key) i = (i + 1) & mask;
    slots_[i].key = key;
    return slots_[i].value;
  }

 private:
  struct Slot {
    std::uint64_t key;
    std::int32_t value;
  };
  std::vector<Slot> slots_;
};

}  // namespace

std::vector<ExplorerVisit> explorer_visits(const ExplorerGame& game, MoveTable* moves) {
  std::vector<ExplorerVisit> out;
  const std::int32_t limit = explorer_max_points(game.family);
  const std::size_t n = game.nodes.size();
  // A visit per qualifying node at most: no reallocation moving visits, and
  // no room for the many nodes of a long game that hold too many points.
  const auto qualifying = static_cast<std::size_t>(std::count_if(
      game.nodes.begin(), game.nodes.end(),
      [limit](const ExplorerNode& node) { return node.hash != 0 && node.occupied <= limit; }));
  out.reserve(qualifying);
  // Each qualifying node's visit, then its children's moves (a child's
  // parent precedes it in pre-order).
  std::vector<std::int32_t> visit_of(n, -1);
  VisitSlots by_key(qualifying);
  for (std::size_t i = 0; i < n; ++i) {
    const ExplorerNode& node = game.nodes[i];
    if (node.hash != 0 && node.occupied <= limit) {
      const std::uint64_t key = explorer_key(game.family, game.variant, node.hash);
      std::int32_t& slot = by_key.at(key);
      if (slot < 0) {
        slot = static_cast<std::int32_t>(out.size());
        ExplorerVisit& v = out.emplace_back();
        v.key = key;
        v.hash = node.hash;
        if (game.family == Family::kBlokus) v.visit.variant = game.variant;
        v.visit.game_id = game.game_id;
        v.visit.date = game.date;
        v.visit.winner = game.winner;
      }
      ++out[static_cast<std::size_t>(slot)].visit.nodes;
      visit_of[i] = slot;
    }
    if (i == 0 || node.parent == i || !node.has_move) continue;
    const std::int32_t parent_visit = visit_of[node.parent];
    if (parent_visit < 0) continue;
    auto& visits = out[static_cast<std::size_t>(parent_visit)].visit.moves;
    const Continuation* move = moves != nullptr ? moves->intern(node.move) : &node.move;
    const auto child = game.first_node_id + static_cast<std::int64_t>(i);
    auto m = std::find_if(visits.begin(), visits.end(), [move](const MoveVisit& v) {
      return v.move == move || ContinuationKeyEqual()(*v.move, *move);
    });
    if (m != visits.end()) {
      ++m->count;  // children come in pre-order: the first one is the lowest
      continue;
    }
    MoveVisit v;
    v.move = move;
    v.count = 1;
    v.child = child;
    v.has_eval = node.has_eval;
    v.eval = node.eval;
    visits.push_back(v);
  }
  for (ExplorerVisit& v : out) {
    std::sort(
        v.visit.moves.begin(), v.visit.moves.end(),
        [](const MoveVisit& a, const MoveVisit& b) { return key_tie(*a.move) < key_tie(*b.move); });
  }
  return out;
}

bool explorer_game_of(const GameRecord& record, const GamePositions& positions,
                      const GameLayout& layout, std::string_view stream, const StreamBoard& board,
                      std::int64_t game_id, std::int64_t first_node_id, ExplorerGame* out) {
  out->game_id = game_id;
  out->first_node_id = first_node_id;
  out->family = record.family;
  out->variant = record.variant;
  out->winner = record.winner;
  out->date = record.date;
  // Resized, not assigned: prepare_explorer_visits() passes its thread's
  // game for every game it prepares, and every field explorer_visits()
  // reads is set below.
  out->nodes.resize(layout.order.size());
  std::vector<std::string> pieces;
  if (!read_stream(stream, board, &pieces, out)) return false;
  const std::int32_t limit = explorer_max_points(record.family);
  for (std::size_t i = 0; i < layout.order.size(); ++i) {
    const NodeIndex index = layout.order[i];
    ExplorerNode& n = out->nodes[i];
    n.hash = positions.hashes.empty() ? 0 : positions.hashes[index];
    const NodeView data = record.tree.data(index);
    n.has_move = !data.moves.empty();
    n.has_eval = false;
    // explorer_visits() reads a node's move and evaluation only under a
    // parent whose position may be kept: in a long game, a few nodes of
    // its opening. (The parent precedes the node in pre-order.)
    const ExplorerNode& parent = out->nodes[n.parent];
    if (!n.has_move || n.parent == i || parent.hash == 0 || parent.occupied > limit) continue;
    const Move& m = data.moves.front();
    n.move.seat = m.seat;
    n.move.color = m.color;
    n.move.kind = m.kind;
    n.move.points = m.points;
    std::sort(n.move.points.begin(), n.move.points.end());
    if (m.kind == MoveKind::kPlace) {
      n.move.piece = pieces[i];
    } else {
      n.move.piece.clear();
    }
    n.has_eval = first_determined(data.evaluations, &n.eval);
  }
  return true;
}

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
    const std::optional<StreamBoard> board =
        stream_board(game.family, game.variant, static_cast<std::int32_t>(column_int(games, 5, 0)),
                     static_cast<std::int32_t>(column_int(games, 6, 0)));
    if (!board) continue;
    game.nodes.assign(static_cast<std::size_t>(count), ExplorerNode());
    const std::string_view stream = column_bytes(games.getColumn(9));
    if (!read_stream(stream, *board, &pieces, &game)) {
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
// variant, date, then each move: its key fields (put_move_key: a record
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
    need(get_move_key(p, &at, &decoded).empty());
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

void VisitSorter::add(std::uint64_t key, const OwnedVisit& visit) {
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
    put_move_key(s.buffer, *m.move);
    put_varint(s.buffer, m.count);
    put_varint(s.buffer, static_cast<std::uint64_t>(m.child));
    if (m.has_eval) {
      s.buffer.push_back(static_cast<char>(static_cast<int>(m.eval.source) + 1));
      char bytes[sizeof(double)];
      std::memcpy(bytes, &m.eval.value, sizeof bytes);
      s.buffer.append(bytes, sizeof bytes);
    } else {
      s.buffer.push_back(0);
    }
  }
  s.refs.push_back(RecordRef{key, visit.game_id, static_cast<std::uint32_t>(offset),
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
