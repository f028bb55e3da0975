#include "schema/explorer/explorer_postings.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "core/coding.h"

namespace ludex {
namespace {

constexpr std::uint8_t kPostingsVersion = 1;

// The largest table a row may declare: far above any real row (a move table
// holds the moves of one position), low enough that a corrupt count cannot
// make the reader allocate without bound.
constexpr std::uint64_t kMaxTable = 1 << 20;

// A PositionVisit::move_table no reader had before in this process (from 1).
std::uint64_t next_table_id() {
  static std::atomic<std::uint64_t> last{0};
  return last.fetch_add(1, std::memory_order_relaxed) + 1;
}

}  // namespace

void put_posting_move_key(std::string& out, const Continuation& m) {
  out.push_back(static_cast<char>(m.seat));
  out.push_back(static_cast<char>(m.color));
  out.push_back(static_cast<char>(m.kind));
  put_varint(out, m.points.size());
  for (const Point& p : m.points) {
    put_varint(out, zigzag(p.x));
    put_varint(out, zigzag(p.y));
  }
  put_varint(out, m.piece.size());
  out += m.piece;
}

std::string_view get_posting_move_key(std::string_view bytes, std::size_t* at, Continuation* m) {
  std::size_t& i = *at;
  if (i > bytes.size() || bytes.size() - i < 3) return "cut inside the move table";
  m->seat = static_cast<std::int8_t>(bytes[i++]);
  m->color = static_cast<std::int8_t>(bytes[i++]);
  m->kind = static_cast<MoveKind>(static_cast<std::uint8_t>(bytes[i++]));
  std::uint64_t points = 0;
  if (!get_varint(bytes, at, &points) || points > bytes.size()) return "bad move points";
  m->points.clear();
  for (std::uint64_t k = 0; k < points; ++k) {
    std::uint64_t x = 0;
    std::uint64_t y = 0;
    if (!get_varint(bytes, at, &x) || !get_varint(bytes, at, &y)) return "bad move point";
    m->points.push_back(
        Point{static_cast<std::int16_t>(unzigzag(x)), static_cast<std::int16_t>(unzigzag(y))});
  }
  std::uint64_t piece = 0;
  if (!get_varint(bytes, at, &piece) || piece > bytes.size() - i) return "bad piece name";
  m->piece.assign(bytes.substr(i, piece));
  i += piece;
  return {};
}

std::size_t PostingsWriter::move_index(const Continuation& move) {
  if (const auto cached = by_address_.find(&move); cached != by_address_.end()) {
    return cached->second;
  }
  ContinuationKey key = key_of(move);
  auto [it, inserted] = by_key_.try_emplace(std::move(key), moves_.size());
  if (inserted) moves_.push_back(key_fields(move));
  by_address_.emplace(&move, it->second);
  return it->second;
}

void PostingsWriter::clear() {
  by_address_.clear();
  by_key_.clear();
  moves_.clear();
  dates_.clear();
  date_index_.clear();
  body_.clear();
  first_game_ = last_game_ = games_ = nodes_ = previous_child_ = 0;
}

void PostingsWriter::add(const PositionVisit& visit) {
  if (games_ == 0) first_game_ = visit.game_id;
  put_varint(body_,
             static_cast<std::uint64_t>(visit.game_id - (games_ == 0 ? first_game_ : last_game_)));
  std::size_t date = 0;
  if (!visit.date.empty()) {
    const auto [it, inserted] = date_index_.try_emplace(std::string(visit.date), dates_.size() + 1);
    if (inserted) dates_.emplace_back(visit.date);
    date = it->second;
  }
  put_varint(body_, date);
  body_.push_back(static_cast<char>(visit.winner));
  put_varint(body_, visit.nodes);
  put_varint(body_, visit.moves.size());
  for (const MoveVisit& m : visit.moves) {
    put_varint(body_, move_index(*m.move));
    put_varint(body_, m.count);
    put_varint(body_, zigzag(m.child - previous_child_));
    previous_child_ = m.child;
    if (m.has_eval) {
      body_.push_back(static_cast<char>(static_cast<int>(m.eval.source) + 1));
      put_double_le(body_, m.eval.value);
    } else {
      body_.push_back(0);
    }
  }
  last_game_ = visit.game_id;
  ++games_;
  nodes_ += visit.nodes;
}

std::string PostingsWriter::finish() const {
  std::string out;
  out.reserve(body_.size() + 16 * moves_.size() + 12 * dates_.size() + 8);
  out.push_back(static_cast<char>(kPostingsVersion));
  put_varint(out, moves_.size());
  for (const Continuation& m : moves_) put_posting_move_key(out, m);
  put_varint(out, dates_.size());
  for (const std::string& d : dates_) {
    put_varint(out, d.size());
    out += d;
  }
  put_varint(out, static_cast<std::uint64_t>(games_));
  out += body_;
  return out;
}

PostingsReader::PostingsReader(std::string_view bytes, std::int64_t first_game)
    : bytes_(bytes), table_id_(next_table_id()), game_(first_game) {
  if (bytes_.empty() || static_cast<std::uint8_t>(bytes_[0]) != kPostingsVersion) {
    fail("unknown postings version");
    return;
  }
  at_ = 1;
  std::uint64_t n = 0;
  if (!get_varint(bytes_, &at_, &n) || n > kMaxTable) {
    fail("bad move table");
    return;
  }
  moves_.resize(n);
  for (Continuation& m : moves_) {
    if (const std::string_view why = get_posting_move_key(bytes_, &at_, &m); !why.empty()) {
      fail(std::string(why));
      return;
    }
  }
  if (!get_varint(bytes_, &at_, &n) || n > kMaxTable) {
    fail("bad date table");
    return;
  }
  dates_.resize(n);
  for (std::string_view& d : dates_) {
    std::uint64_t length = 0;
    if (!get_varint(bytes_, &at_, &length) || length > bytes_.size() - at_) {
      fail("bad date");
      return;
    }
    d = bytes_.substr(at_, length);
    at_ += length;
  }
  if (!get_varint(bytes_, &at_, &games_left_)) fail("no game count");
}

bool PostingsReader::fail(const std::string& why) {
  if (error_.empty()) error_ = why;
  games_left_ = 0;
  return false;
}

bool PostingsReader::next(PositionVisit* visit) {
  if (!error_.empty() || games_left_ == 0) {
    if (error_.empty() && at_ != bytes_.size()) return fail("bytes after the last game");
    return false;
  }
  --games_left_;
  std::uint64_t delta = 0;
  std::uint64_t date = 0;
  if (!get_varint(bytes_, &at_, &delta) || (!first_ && delta == 0)) return fail("bad game id");
  game_ += static_cast<std::int64_t>(delta);
  first_ = false;
  if (!get_varint(bytes_, &at_, &date) || date > dates_.size()) return fail("bad date index");
  if (at_ >= bytes_.size()) return fail("cut inside a game");
  const auto winner = static_cast<std::int8_t>(bytes_[at_++]);
  std::uint64_t nodes = 0;
  std::uint64_t moves = 0;
  if (!get_varint(bytes_, &at_, &nodes) || nodes == 0 || nodes > 0xFFFFFFFFu) {
    return fail("bad node count");
  }
  if (!get_varint(bytes_, &at_, &moves) || moves > moves_.size()) return fail("bad move count");
  visits_.resize(moves);
  for (MoveVisit& m : visits_) {
    std::uint64_t index = 0;
    std::uint64_t count = 0;
    std::uint64_t child = 0;
    if (!get_varint(bytes_, &at_, &index) || index >= moves_.size() ||
        !get_varint(bytes_, &at_, &count) || count == 0 || count > 0xFFFFFFFFu ||
        !get_varint(bytes_, &at_, &child) || at_ >= bytes_.size()) {
      return fail("bad move visit");
    }
    m.move = &moves_[index];
    m.count = static_cast<std::uint32_t>(count);
    previous_child_ += unzigzag(child);
    m.child = previous_child_;
    const auto source = static_cast<std::uint8_t>(bytes_[at_++]);
    m.has_eval = source != 0;
    if (m.has_eval) {
      if (source > kEvalSourceCount || bytes_.size() - at_ < sizeof(double)) {
        return fail("bad evaluation");
      }
      m.eval.source = static_cast<EvalSource>(source - 1);
      m.eval.undetermined = false;
      m.eval.value = get_double_le(bytes_.data() + at_);
      at_ += sizeof(double);
    }
  }
  visit->game_id = game_;
  visit->date = date == 0 ? std::string_view() : dates_[date - 1];
  visit->winner = winner;
  visit->nodes = static_cast<std::uint32_t>(nodes);
  visit->moves = visits_;
  visit->move_table = table_id_;
  return true;
}

}  // namespace ludex
