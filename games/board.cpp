#include "games/board.h"

#include "games/coord_text.h"

namespace ludex {

bool is_torus_event(std::string_view event) {
  return ascii_lower(event).find("toroid") != std::string::npos;
}

Board board_of(const GameRecord& game) {
  return Board{game.family, game.variant, game.columns, game.rows,
               game.family == Family::kGo && is_torus_event(game.event)};
}

}  // namespace ludex
