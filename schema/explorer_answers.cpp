#include "schema/explorer_answers.h"

#include <cstring>
#include <deque>
#include <limits>
#include <set>
#include <stdexcept>
#include <utility>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/game.h"
#include "core/varint.h"
#include "core/zobrist.h"
#include "games/blokus_points.h"
#include "schema/explorer_gather.h"
#include "schema/explorer_store.h"
#include "schema/meta.h"
#include "schema/stats.h"

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

void put_move_key(std::string& out, std::int8_t seat, std::int8_t color, MoveKind kind,
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

void put_double(std::string& out, double v) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &v, sizeof bits);
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
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
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) {
      bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes_[at_ + i])) << (8 * i);
    }
    at_ += 8;
    std::memcpy(v, &bits, sizeof bits);
    return true;
  }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

std::string encode_line(const std::vector<Move>& line) {
  std::string out;
  for (const Move& m : line) put_move_key(out, m.seat, m.color, m.kind, m.points);
  return out;
}

std::optional<std::vector<Move>> decode_line(std::string_view bytes) {
  Reader in(bytes);
  std::vector<Move> line;
  while (!in.done()) {
    Move m;
    if (!in.move_key(&m.seat, &m.color, &m.kind, &m.points)) return std::nullopt;
    line.push_back(std::move(m));
  }
  return line;
}

// The empty board of `board` as new_position takes it; nullopt for a
// Blokus variant this build does not know.
std::optional<GameRecord> board_record(Family family, const std::string& variant,
                                       std::int32_t columns, std::int32_t rows) {
  GameRecord game;
  game.family = family;
  game.columns = columns;
  game.rows = rows;
  game.tree.add_root();
  if (family == Family::kBlokus) {
    const BlokusVariant* blokus = find_blokus_variant(variant);
    if (blokus == nullptr) return std::nullopt;
    game.variant = std::string(blokus->name);
  }
  return game;
}

// The position after `line` from the empty board of `game`; nullptr when a
// move does not play there.
std::unique_ptr<Position> position_after(const GameRecord& game, const std::vector<Move>& line) {
  Result<std::unique_ptr<Position>> start = new_position(game);
  if (!start) return nullptr;
  std::unique_ptr<Position> position = std::move(*start);
  for (const Move& m : line) {
    if (!position->play(m)) return nullptr;
  }
  return position;
}

// The query whose answer is kept for `position`: no filter but the board's.
ExplorerQuery answer_query(const GameRecord& game, const Position& position, bool symmetric) {
  BoardShape shape;
  shape.family = game.family;
  shape.variant = game.variant;
  shape.columns = game.columns;
  shape.rows = game.rows;
  ExplorerQuery q;
  q.family = game.family;
  q.variant = game.family == Family::kBlokus ? game.variant : std::string();
  q.symmetric = symmetric;
  q.read_answers = false;
  q.images =
      explorer_images(shape, position.occupants(), position.links(), position.hash(), symmetric);
  return q;
}

// The games a position needs for its answer to be kept: meta
// explorer_answer_games when it holds a positive integer, else
// kExplorerAnswerGames.
std::int64_t answer_games(SQLite::Database& db) {
  MetaTable meta(db);
  const std::optional<std::string> text = meta.get(meta_key::kExplorerAnswerGames);
  if (!text || text->empty() || text->size() > 12) return kExplorerAnswerGames;
  std::int64_t v = 0;
  for (const char c : *text) {
    if (c < '0' || c > '9') return kExplorerAnswerGames;
    v = v * 10 + (c - '0');
  }
  return v >= 1 ? v : kExplorerAnswerGames;
}

}  // namespace

std::string encode_explorer_answer(const PositionReport& report) {
  std::string out;
  put_varint(out, static_cast<std::uint64_t>(report.games));
  put_varint(out, static_cast<std::uint64_t>(report.nodes));
  put_varint(out, report.moves.size());
  for (const Continuation& c : report.moves) {
    put_move_key(out, c.seat, c.color, c.kind, c.points);
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
      put_double(out, e.sum);
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

std::int64_t refresh_explorer_answers(Database& db) {
  SQLite::Database& h = db.handle();
  if (h.execAndGet("SELECT EXISTS (SELECT 1 FROM explorer_answers)").getInt() != 0) return 0;
  ExplorerStoreReader store(h);
  if (!store.usable()) return 0;
  const std::int64_t min_games = answer_games(h);
  SQLite::Statement insert(
      h,
      "INSERT INTO explorer_answers (position_hash, symmetric, family, variant, board_columns, "
      "board_rows, line, games, answer) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)");
  std::int64_t written = 0;
  for (const BoardCount& board : count_boards(db)) {
    if (board.games < min_games) continue;  // the games on a board bound its positions'
    const std::optional<GameRecord> game =
        board_record(board.family, board.variant, board.columns, board.rows);
    if (!game) continue;
    const std::string variant = board.family == Family::kBlokus ? game->variant : std::string();
    // Breadth first down each tree (plain, with symmetries) by its own
    // answers' moves; a position reached twice (a transposition) once.
    std::deque<std::pair<std::vector<Move>, bool>> queue = {{{}, false}, {{}, true}};
    std::set<std::pair<std::uint64_t, bool>> done;
    while (!queue.empty()) {
      auto [line, symmetric] = std::move(queue.front());
      queue.pop_front();
      const std::unique_ptr<Position> position = position_after(*game, line);
      if (!position) continue;
      const std::uint64_t key = explorer_key(board.family, variant, position->hash());
      if (!done.insert({key, symmetric}).second || store.games(key) < min_games) continue;
      const PositionReport report = explore_position(db, answer_query(*game, *position, symmetric));
      insert.reset();
      insert.bind(1, static_cast<std::int64_t>(key));
      insert.bind(2, symmetric ? 1 : 0);
      insert.bind(3, std::string(family_name(board.family)));
      if (variant.empty()) {
        insert.bind(4);
      } else {
        insert.bind(4, variant);
      }
      insert.bind(5, board.columns);
      insert.bind(6, board.rows);
      const std::string line_bytes = encode_line(line);
      insert.bind(7, line_bytes.data(), static_cast<int>(line_bytes.size()));
      insert.bind(8, report.games);
      const std::string answer = encode_explorer_answer(report);
      insert.bind(9, answer.data(), static_cast<int>(answer.size()));
      insert.exec();
      ++written;
      for (const Continuation& c : report.moves) {
        if (c.games < min_games) break;  // the moves come by games, descending
        std::vector<Move> next = line;
        Move m;
        m.seat = c.seat;
        m.color = c.color;
        m.kind = c.kind;
        m.points = c.points;
        next.push_back(std::move(m));
        queue.emplace_back(std::move(next), symmetric);
      }
    }
  }
  return written;
}

void forget_explorer_answers(SQLite::Database& db) {
  db.exec("DELETE FROM explorer_answers");
}

std::int64_t check_explorer_answers(Database& db,
                                    const std::function<void(const std::string&)>& problem) {
  SQLite::Statement st(db.handle(),
                       "SELECT position_hash, symmetric, family, variant, board_columns, "
                       "board_rows, line, games, answer FROM explorer_answers "
                       "ORDER BY position_hash, symmetric");
  // Read first: explore_position below runs statements of its own.
  struct Row {
    std::uint64_t key = 0;
    bool symmetric = false;
    std::string family, variant, line, answer;
    std::int32_t columns = 0, rows = 0;
    std::int64_t games = 0;
  };
  std::vector<Row> rows;
  while (st.executeStep()) {
    Row r;
    r.key = static_cast<std::uint64_t>(st.getColumn(0).getInt64());
    r.symmetric = st.getColumn(1).getInt() != 0;
    r.family = st.getColumn(2).getString();
    r.variant = st.getColumn(3).getString();
    r.columns = st.getColumn(4).getInt();
    r.rows = st.getColumn(5).getInt();
    r.line = st.getColumn(6).getString();
    r.games = st.getColumn(7).getInt64();
    r.answer = st.getColumn(8).getString();
    rows.push_back(std::move(r));
  }
  for (const Row& r : rows) {
    // The key is the position's hash (Blokus: with the variant folded in).
    const std::string where = "the kept answer at position " + position_hash_text(r.key) +
                              (r.symmetric ? " (with symmetries)" : "");
    const std::optional<Family> family = parse_family(r.family);
    const std::optional<std::vector<Move>> line = decode_line(r.line);
    const std::optional<GameRecord> game =
        family ? board_record(*family, r.variant, r.columns, r.rows) : std::nullopt;
    const std::unique_ptr<Position> position =
        game && line ? position_after(*game, *line) : nullptr;
    if (!position) {
      problem(where + ": its board or line does not give a position");
      continue;
    }
    const std::string variant = *family == Family::kBlokus ? game->variant : std::string();
    if (explorer_key(*family, variant, position->hash()) != r.key) {
      problem(where + ": its line leads to another position");
      continue;
    }
    const PositionReport fresh = explore_position(db, answer_query(*game, *position, r.symmetric));
    if (fresh.games != r.games || encode_explorer_answer(fresh) != r.answer) {
      problem(where + " differs from the postings' tally (" + std::to_string(fresh.games) +
              " games, kept " + std::to_string(r.games) + ")");
    }
  }
  return static_cast<std::int64_t>(rows.size());
}

}  // namespace ludex
