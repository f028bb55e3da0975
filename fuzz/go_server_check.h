// The properties the fuzz targets of the Go servers' record readers
// (gib_fuzzer, ngf_fuzzer, ugf_fuzzer) check, as `ludex import` and
// `ludex export --format sgf` use those readers. Any failure aborts
// (fuzz_check.h):
//  * the reader never throws; it gives a game or at least one error, an
//    error of the whole file (game index -1) exactly when the bytes do not
//    look like the format, every diagnostic located inside the input;
//  * a game is a Go game of dialect `who`, on a square board of 2..52
//    lines, every move by seat 1 or 2, a pass or a stone on the board, its
//    text (players, result, date, event, comments, properties) valid UTF-8;
//  * prepare_game agrees with the game (prepared_check.h);
//  * the game written as SGF reads back as one game with the same players,
//    result, winner, date, event, size, main line and number of nodes.
#ifndef LUDEX_FUZZ_GO_SERVER_CHECK_H_
#define LUDEX_FUZZ_GO_SERVER_CHECK_H_

#include <string>
#include <string_view>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "fuzz/prepared_check.h"
#include "importers/goserver/go_server_record.h"
#include "importers/sgf/sgf_game.h"

namespace ludex::fuzz {

// The main line's moves: seat, kind and point.
inline std::vector<std::string> main_line_moves(const GameRecord& game) {
  std::vector<std::string> out;
  for (const NodeIndex i : game.tree.main_line()) {
    for (const Move& m : game.tree.data(i).moves) {
      std::string s = std::to_string(m.seat) + ":" + std::to_string(static_cast<int>(m.kind));
      for (const Point& p : m.points) s += ":" + std::to_string(p.x) + "," + std::to_string(p.y);
      out.push_back(std::move(s));
    }
  }
  return out;
}

inline void check_go_server_game(const GameRecord& game, std::size_t size, const std::string& who) {
  check_game(game, size, who);
  check(game.family == Family::kGo && game.dialect == who, who + ": not a Go game of its dialect");
  check(game.columns >= 2 && game.columns <= kMaxServerBoardSide && game.rows == game.columns,
        who + ": a board that is not square 2..52");
  const auto text_ok = [](std::string_view s) { return valid_utf8(s); };
  for (const SeatPlayer& p : game.players) check(text_ok(p.name), who + ": a name not UTF-8");
  check(text_ok(game.result) && text_ok(game.date) && text_ok(game.event),
        who + ": text not UTF-8");
  for (NodeIndex i = 0; i < game.tree.size(); ++i) {
    const NodeView d = game.tree.data(i);
    if (d.comment != nullptr) check(text_ok(*d.comment), who + ": a comment not UTF-8");
    for (const Property& p : d.props) {
      for (const std::string& v : p.values) check(text_ok(v), who + ": a property not UTF-8");
    }
    for (const Move& m : d.moves) {
      check(m.seat == 1 || m.seat == 2, who + ": a move without a colour");
      if (m.kind == MoveKind::kPass) continue;
      check(m.kind == MoveKind::kPlace && m.points.size() == 1, who + ": a move of one point");
      const Point& p = m.points.front();
      check(p.x >= 0 && p.y >= 0 && p.x < game.columns && p.y < game.rows,
            who + ": a stone off the board");
    }
  }
  check_prepared(game, who);

  const std::string written = write_sgf_game(game);
  const SgfParseOutput back = read_sgf_games(written);
  check(back.games.size() == 1 && back.diagnostics.empty(),
        who + ": the exported SGF does not read back as one game:\n" + written);
  const GameRecord& again = back.games.front();
  check(again.players == game.players && again.result == game.result &&
            again.winner == game.winner && again.date == game.date && again.event == game.event &&
            again.columns == game.columns && again.rows == game.rows,
        who + ": the exported SGF changed the game's header:\n" + written);
  check(main_line_moves(again) == main_line_moves(game) && again.tree.size() == game.tree.size(),
        who + ": the exported SGF changed the game's moves:\n" + written);
}

// Runs one input through `looks_like` and `read` (GoServerGame(bytes)).
template <typename LooksLike, typename Read>
int check_go_server_reader(const std::uint8_t* data, std::size_t size, const std::string& who,
                           LooksLike looks_like, Read read) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const bool looks = looks_like(bytes);
  const GoServerGame out = read(bytes);
  bool file_error = false;
  for (const Diagnostic& d : out.diagnostics) {
    check_diagnostic(d, size, who);
    file_error = file_error || d.game_index == -1;
  }
  check(file_error == !looks, who + ": a file-level error exactly when the bytes are not " + who);
  if (!out.game) {
    check(!out.diagnostics.empty(), who + ": no game and no error");
    return 0;
  }
  check_go_server_game(*out.game, size, who);
  return 0;
}

}  // namespace ludex::fuzz

#endif  // LUDEX_FUZZ_GO_SERVER_CHECK_H_
