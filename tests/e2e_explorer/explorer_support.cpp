#include "tests/e2e_explorer/explorer_support.h"

#include <algorithm>
#include <sstream>
#include <unordered_map>
#include <utility>

#include <SQLiteCpp/Statement.h>

#include "core/zobrist.h"
#include "schema/database.h"
#include "schema/explorer/explorer_store.h"

namespace ludex::test {

std::map<std::uint64_t, std::vector<std::string>> explorer_content(const std::string& path) {
  Database db(path, Database::Mode::kReadOnly);
  SQLite::Database& h = db.handle();
  struct Game {
    std::string name;
    std::int64_t first_node = 0;
  };
  std::unordered_map<std::int64_t, Game> games;
  SQLite::Statement list(h,
                         "SELECT g.game_id, f.path, g.game_index, g.first_node_id FROM games AS g "
                         "JOIN source_files AS f ON f.file_id = g.file_id");
  while (list.executeStep()) {
    games[list.getColumn(0).getInt64()] =
        Game{list.getColumn(1).getString() + "#" + std::to_string(list.getColumn(2).getInt()),
             list.getColumn(3).getInt64()};
  }
  std::map<std::uint64_t, std::vector<std::string>> out;
  ExplorerStoreReader reader(h);
  if (!reader.usable()) return out;
  SQLite::Statement keys(h, "SELECT DISTINCT position_hash FROM explorer_postings");
  std::vector<std::uint64_t> kept;
  while (keys.executeStep())
    kept.push_back(static_cast<std::uint64_t>(keys.getColumn(0).getInt64()));
  for (const std::uint64_t key : kept) {
    std::vector<std::string>& visits = out[key];
    reader.read(key, [&](const PositionVisit& v) {
      const Game& g = games.at(v.game_id);
      std::ostringstream text;
      text << g.name << " '" << v.date << "' " << int{v.winner} << " " << v.nodes;
      for (const MoveVisit& m : v.moves) {
        text << " [" << int{m.move->seat} << "/" << int{m.move->color} << "/"
             << static_cast<int>(m.move->kind) << "/";
        for (const Point& p : m.move->points) text << p.x << "," << p.y << ";";
        text << m.move->piece << " x" << m.count << " +" << (m.child - g.first_node);
        if (m.has_eval) text << " e" << static_cast<int>(m.eval.source) << ":" << m.eval.value;
        text << "]";
      }
      visits.push_back(text.str());
    });
    std::sort(visits.begin(), visits.end());
  }
  return out;
}

std::string explorer_difference(const std::map<std::uint64_t, std::vector<std::string>>& a,
                                const std::map<std::uint64_t, std::vector<std::string>>& b) {
  for (const auto& [key, visits] : a) {
    const auto it = b.find(key);
    if (it == b.end()) return "position " + position_hash_text(key) + " kept only in the first";
    if (visits != it->second) {
      std::size_t i = 0;
      while (i < visits.size() && i < it->second.size() && visits[i] == it->second[i]) ++i;
      return "position " + position_hash_text(key) + ": '" +
             (i < visits.size() ? visits[i] : std::string("nothing")) + "' vs '" +
             (i < it->second.size() ? it->second[i] : std::string("nothing")) + "'";
    }
  }
  for (const auto& [key, visits] : b) {
    if (a.count(key) == 0)
      return "position " + position_hash_text(key) + " kept only in the second";
  }
  return "";
}

}  // namespace ludex::test
