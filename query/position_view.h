// The position of a game after N moves of its main line, rebuilt by replaying
// the main line with the family's rules (games/position.h), for commands that
// show or compare one position (`ludex show`). Unlike a stored node's hash
// alone, the view also says where the positions stop when the main line holds
// a move or setup the rules refuse, and carries what was reached before it.
//
// Thread-safety: pure functions of their arguments (the Database overload
// uses the connection it is given; one thread per connection).
#ifndef LUDEX_QUERY_POSITION_VIEW_H_
#define LUDEX_QUERY_POSITION_VIEW_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "core/game.h"
#include "games/go_komi.h"
#include "games/position.h"
#include "schema/database.h"

namespace ludex {

// One move of the main line up to the node shown.
struct LineMove {
  // The move number of its node (the moves of a node holding two share it).
  std::int64_t number = 0;
  Move move;
  // Blokus: Pentobi's name of the piece the move placed ("V5"); else "".
  std::string piece;
};

struct PositionView {
  Board board;  // the game's (board_of)
  // Where the game was read from: its source file's path as recorded
  // (ARCHIVE//MEMBER for a member of an archive; empty for a game that was
  // not loaded from a database) and its index in that file, from 0 (as
  // `ludex query` names them: "file", "game_index").
  std::string file;
  std::int32_t game_index = 0;
  // Moves from the root to the node shown, counted as nodes.move_number and
  // games.main_line_moves count them: nodes carrying a move, that node
  // included (a node holding two moves, as `;B[tt]W[tt]`, counts once).
  // Positions are per node: the node shown is the first with that number.
  std::int64_t move_number = 0;
  std::int64_t main_line_moves = 0;  // nodes carrying a move on the main line
  std::uint64_t hash = 0;            // equals that node's nodes.position_hash
  std::vector<Occupant> occupants;   // sorted
  std::vector<TwixtLink> links;      // sorted; Twixt only
  // Go only: stones each seat has captured on the main line up to the node
  // shown (index 0 = seat 1, 1 = seat 2): the other seat's stones its moves
  // removed. Stones a suicide removes are the mover's own and count for no
  // one; setups (AE, or AB/AW over a stone) capture nothing. Zero elsewhere.
  std::array<std::int64_t, 2> captures{};
  // Set when the main line holds an illegal move or setup at or before the
  // requested move: where ("move 23 (B g7)" or "the setup after move 4") and
  // why. The view is then the position of the last node before it.
  std::optional<std::string> stopped;
  // The move number where positions stop (the illegal move's number, or the
  // move count before an illegal setup); meaningful only with `stopped`.
  std::int64_t stopped_at = 0;

  // The game's players by seat, its result as written (RE) and the seat
  // that won as the import read RE (0: none, a draw or unknown), for a
  // reader.
  std::vector<SeatPlayer> players;
  std::string result;
  std::int8_t winner = 0;
  // Go only: the komi as the root's KM was meant (games/go_komi.h; Fox
  // Weiqi's KM[375] is 7.5 points), with KM's value as written.
  std::optional<GoKomi> komi;
  // The move numbers of the swap-sides moves on the main line up to the node
  // shown, ascending. A swap-sides leaves the board as it is and exchanges
  // the players' colours: from it on, seat 1's player has seat 2's colour
  // and the other way round (docs/formats.md, "Swaps in Hex SGF"). Stored
  // moves and stones keep their colours' seat numbers; sides_swapped() and
  // seat_of_colour() say whose they are.
  std::vector<std::int64_t> side_swaps;
  // The main line's moves from the root up to the node shown, in order.
  std::vector<LineMove> moves;
  // Where a setup changed the board on that stretch: the number of moves
  // before it (0 for the root's setup), ascending, each once.
  std::vector<std::int64_t> setups;
  // What the moves of the last node with moves placed (a stone, a peg, a
  // piece's cells, a swapped stone on its new cell): the last move as a
  // diagram marks it. Empty at move 0 and for a pass, resign or swap-sides.
  std::vector<Occupant> last_placed;
  // Blokus only, per colour (index colour - 1): Pentobi's names of the pieces
  // the colour has on the board, in the order they were placed (setups
  // first where a setup placed them), and of those it has left, in the piece
  // set's order, a name once per copy left. A setup piece no piece of the
  // set matches is left out of `pieces_placed`.
  std::vector<std::vector<std::string>> pieces_placed;
  std::vector<std::vector<std::string>> pieces_left;
  // The evaluations of the node shown, as stored (docs/queries.md gives
  // each source's scale).
  std::vector<Evaluation> evaluations;
};

// Replays the main line of `game` from the root (iteratively) up to the first
// node whose move_number is `moves`, or to the end of the main line
// when moves < 0. Error for a family without positions (kOther), a board the
// family cannot have, an empty tree, or a main line shorter than `moves`
// (unless it stops at an illegal move first: that is a view with `stopped`).
Result<PositionView> view_position(const GameRecord& game, std::int64_t moves);

// The same for stored game `game_id`. nullopt when there is no such game.
// Throws what GameLoader throws (a corrupt database).
std::optional<Result<PositionView>> view_stored_position(Database& db, std::int64_t game_id,
                                                         std::int64_t moves);

// True if an odd number of swap-sides moves precede the node shown: each
// seat's player then has the other seat's colour.
bool sides_swapped(const PositionView& view);

// The seat whose player has colour `color` at the node shown: for Go, Hex
// and Twixt the colour's own seat, or the other one after sides_swapped();
// for Blokus the seat that plays the colour, 0 when the colours' players
// take turns (three players on four colours) or the variant is unknown.
std::int8_t seat_of_colour(const PositionView& view, std::int8_t color);

// The colours a position of this family and variant can hold, in order:
// seats 1, 2, or the Blokus variant's colours 1..n.
std::vector<std::int8_t> family_colours(Family family, const std::string& variant);

}  // namespace ludex

#endif  // LUDEX_QUERY_POSITION_VIEW_H_
