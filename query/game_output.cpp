#include "query/game_output.h"

#include <iomanip>
#include <ostream>

namespace ludex {

nlohmann::json game_hit_json(const GameHit& hit) {
  nlohmann::json players = nlohmann::json::array();
  for (const SeatPlayer& p : hit.players) {
    players.push_back({{"seat", p.seat}, {"name", p.name}});
  }
  return {{"game_id", hit.game_id},
          {"file", hit.file},
          {"game_index", hit.game_index},
          {"family", std::string(family_name(hit.family))},
          {"variant", hit.variant},
          {"players", std::move(players)},
          {"result", hit.result},
          {"winner", hit.winner},
          {"date", hit.date},
          {"event", hit.event},
          {"moves", hit.moves}};
}

std::string json_line(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void write_table_header(std::ostream& out) {
  out << std::left << std::setw(8) << "game" << std::setw(8) << "family" << std::setw(12) << "date"
      << std::setw(40) << "players" << std::setw(12) << "result" << std::setw(6) << "moves"
      << "file"
      << "\n";
}

void write_table_row(std::ostream& out, const GameHit& hit) {
  std::string players;
  for (const SeatPlayer& p : hit.players) {
    if (!players.empty()) players += " - ";
    players += p.name;
  }
  out << std::left << std::setw(8) << hit.game_id << std::setw(8) << family_name(hit.family)
      << std::setw(12) << hit.date.substr(0, 11) << std::setw(40) << players.substr(0, 39)
      << std::setw(12) << hit.result.substr(0, 11) << std::setw(6) << hit.moves << hit.file << ":"
      << hit.game_index << "\n";
}

}  // namespace ludex
