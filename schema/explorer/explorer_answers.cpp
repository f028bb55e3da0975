#include "schema/explorer/explorer_answers.h"

#include <cstring>
#include <deque>
#include <limits>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/coding.h"
#include "core/game.h"
#include "core/zobrist.h"
#include "games/blokus_points.h"
#include "schema/db/meta.h"
#include "schema/explorer/explorer_gather.h"
#include "schema/explorer/explorer_store.h"

namespace ludex {
namespace {

// Byte layouts (docs/schema.md, "explorer_answers"), every integer an
// unsigned LEB128 varint, signed ones zigzagged:
//   line:   per move: seat, colour (zigzag), kind, point count, then per
//           point x, y (zigzag).
//   answer: games, nodes, move count; per move: seat, colour (zigzag),
//           kind, point count, points as in line, piece (length, bytes),
//           occurrences, games, seat 1 wins, seat 2 wins, example node,
//           year count and per year (year zigzag, games), evaluation count
//           and per source (source, games, sum as 8 bytes of an IEEE
//           double, little-endian).

void put_signed(std::string& out, std::int64_t v) {
  put_varint(out, zigzag(v));
}

// A move of a line or an answer: not the postings' move key
// (put_posting_move_key), whose seat, colour and kind are raw bytes.
void put_answer_move_key(std::string& out, std::int8_t seat, std::int8_t color, MoveKind kind,
                         const MovePoints& points) {
  put_signed(out, seat);
  put_signed(out, color);
  put_varint(out, static_cast<std::uint8_t>(kind));
  put_varint(out, points.size());
  for (const Point& p : points) {
    put_signed(out, p.x);
    put_signed(out, p.y);
  }
}

// Reads what the put_ functions wrote; every get returns false past the end
// or on a value out of its field's range.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool done() const { return at_ == bytes_.size(); }
  bool count(std::uint64_t* v) { return get_varint(bytes_, &at_, v) && *v <= bytes_.size(); }
  bool value(std::int64_t* v) {
    std::uint64_t u = 0;
    if (!get_varint(bytes_, &at_, &u)) return false;
    *v = static_cast<std::int64_t>(u);
    return *v >= 0;
  }
  template <typename T>
  bool small(T* v) {
    std::uint64_t u = 0;
    if (!get_varint(bytes_, &at_, &u)) return false;
    const std::int64_t s = unzigzag(u);
    if (s < std::numeric_limits<T>::min() || s > std::numeric_limits<T>::max()) return false;
    *v = static_cast<T>(s);
    return true;
  }
  bool kind(MoveKind* kind) {
    std::uint64_t u = 0;
    if (!get_varint(bytes_, &at_, &u) || u > 255) return false;
    *kind = static_cast<MoveKind>(u);
    return true;
  }
  bool move_key(std::int8_t* seat, std::int8_t* color, MoveKind* kind, MovePoints* points) {
    std::uint64_t n = 0;
    if (!small(seat) || !small(color) || !this->kind(kind) || !count(&n)) return false;
    for (std::uint64_t i = 0; i < n; ++i) {
      Point p;
      if (!small(&p.x) || !small(&p.y)) return false;
      points->push_back(p);
    }
    return true;
  }
  bool text(std::string* out) {
    std::uint64_t n = 0;
    if (!count(&n) || n > bytes_.size() - at_) return false;
    out->assign(bytes_.substr(at_, n));
    at_ += n;
    return true;
  }
  bool real(double* v) {
    if (bytes_.size() - at_ < 8) return false;
    *v = get_double_le(bytes_.data() + at_);
    at_ += 8;
    return true;
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::string encode_explorer_line(const std::vector<Move>& line) {
  std::string out;
  for (const Move& m : line) put_answer_move_key(out, m.seat, m.color, m.kind, m.points);
  return out;
}

std::optional<std::vector<Move>> decode_explorer_line(std::string_view bytes) {
  Reader in(bytes);
  std::vector<Move> line;
  while (!in.done()) {
    Move m;
    if (!in.move_key(&m.seat, &m.color, &m.kind, &m.points)) return std::nullopt;
    line.push_back(std::move(m));
  }
  return line;
}

std::string encode_explorer_answer(const PositionReport& report) {
  std::string out;
  put_varint(out, static_cast<std::uint64_t>(report.games));
  put_varint(out, static_cast<std::uint64_t>(report.nodes));
  put_varint(out, report.moves.size());
  for (const Continuation& c : report.moves) {
    put_answer_move_key(out, c.seat, c.color, c.kind, c.points);
    put_varint(out, c.piece.size());
    out += c.piece;
    put_varint(out, static_cast<std::uint64_t>(c.occurrences));
    put_varint(out, static_cast<std::uint64_t>(c.games));
    put_varint(out, static_cast<std::uint64_t>(c.seat1_wins));
    put_varint(out, static_cast<std::uint64_t>(c.seat2_wins));
    put_varint(out, static_cast<std::uint64_t>(c.example_node));
    put_varint(out, c.years.size());
    for (const auto& [year, games] : c.years) {
      put_signed(out, year);
      put_varint(out, static_cast<std::uint64_t>(games));
    }
    put_varint(out, c.evaluations.size());
    for (const Continuation::EvalSum& e : c.evaluations) {
      put_varint(out, static_cast<std::uint8_t>(e.source));
      put_varint(out, static_cast<std::uint64_t>(e.games));
      put_double_le(out, e.sum);
    }
  }
  return out;
}

std::optional<PositionReport> decode_explorer_answer(std::string_view bytes) {
  Reader in(bytes);
  PositionReport report;
  std::uint64_t moves = 0;
  if (!in.value(&report.games) || !in.value(&report.nodes) || !in.count(&moves)) {
    return std::nullopt;
  }
  for (std::uint64_t i = 0; i < moves; ++i) {
    Continuation c;
    std::uint64_t years = 0;
    std::uint64_t evaluations = 0;
    if (!in.move_key(&c.seat, &c.color, &c.kind, &c.points) || !in.text(&c.piece) ||
        !in.value(&c.occurrences) || !in.value(&c.games) || !in.value(&c.seat1_wins) ||
        !in.value(&c.seat2_wins) || !in.value(&c.example_node) || !in.count(&years)) {
      return std::nullopt;
    }
    for (std::uint64_t y = 0; y < years; ++y) {
      std::pair<std::int32_t, std::int64_t> year;
      if (!in.small(&year.first) || !in.value(&year.second)) return std::nullopt;
      c.years.push_back(year);
    }
    if (!in.count(&evaluations)) return std::nullopt;
    for (std::uint64_t e = 0; e < evaluations; ++e) {
      Continuation::EvalSum sum;
      std::uint64_t source = 0;
      std::int64_t games = 0;
      if (!in.count(&source) || source >= kEvalSourceCount || !in.value(&games) ||
          !in.real(&sum.sum)) {
        return std::nullopt;
      }
      sum.source = static_cast<EvalSource>(source);
      sum.games = games;
      c.evaluations.push_back(sum);
    }
    report.moves.push_back(std::move(c));
  }
  if (!in.done()) return std::nullopt;
  report.source = ExplorerSource::kAnswer;
  return report;
}

struct ExplorerAnswerReader::Impl {
  explicit Impl(SQLite::Database& db)
      : read(db,
             "SELECT answer FROM explorer_answers WHERE position_hash = ?1 AND symmetric = ?2") {}
  SQLite::Statement read;
};

ExplorerAnswerReader::ExplorerAnswerReader(SQLite::Database& db)
    : impl_(std::make_unique<Impl>(db)) {}

ExplorerAnswerReader::~ExplorerAnswerReader() = default;

std::optional<PositionReport> ExplorerAnswerReader::read(std::uint64_t key, bool symmetric) {
  SQLite::Statement& st = impl_->read;
  st.reset();
  st.bind(1, static_cast<std::int64_t>(key));
  st.bind(2, symmetric ? 1 : 0);
  if (!st.executeStep()) return std::nullopt;
  const SQLite::Column column = st.getColumn(0);
  const std::string_view bytes(static_cast<const char*>(column.getBlob()),
                               static_cast<std::size_t>(column.getBytes()));
  std::optional<PositionReport> report = decode_explorer_answer(bytes);
  st.reset();
  if (!report) {
    throw std::runtime_error("explorer_answers: the answer kept for position " +
                             std::to_string(key) + " does not decode");
  }
  return report;
}

void forget_explorer_answers(SQLite::Database& db) {
  db.exec("DELETE FROM explorer_answers");
}

}  // namespace ludex
