#include "games/board.h"

#include "games/coord_text.h"

namespace ludex {

bool is_torus_event(std::string_view event) {
  // Without a lowercased copy: asked once or more per game read.
  constexpr std::string_view kWord = "toroid";
  for (std::size_t i = 0; i + kWord.size() <= event.size(); ++i) {
    if (iequals(event.substr(i, kWord.size()), kWord)) return true;
  }
  return false;
}

Board board_of(const GameRecord& game) {
  return Board{game.family, game.variant, game.columns, game.rows,
               game.family == Family::kGo && is_torus_event(game.event)};
}

}  // namespace ludex
