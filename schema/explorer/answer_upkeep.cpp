#include "schema/explorer/answer_upkeep.h"

#include <deque>
#include <memory>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <SQLiteCpp/Statement.h>

#include "core/game.h"
#include "core/zobrist.h"
#include "games/blokus_points.h"
#include "games/position.h"
#include "schema/db/meta.h"
#include "schema/explorer/explorer_answers.h"
#include "schema/explorer/explorer_gather.h"
#include "schema/explorer/explorer_store.h"
#include "schema/explorer_query.h"
#include "schema/stats.h"

namespace ludex {
namespace {

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
  Board shape;
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
      const std::string line_bytes = encode_explorer_line(line);
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
    const std::optional<std::vector<Move>> line = decode_explorer_line(r.line);
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
