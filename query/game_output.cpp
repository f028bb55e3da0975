#include "query/game_output.h"

#include <algorithm>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/text_width.h"

namespace ludex {
namespace {

constexpr int kCsvPlayers = 4;

std::string players_text(const GameHit& hit) {
  std::string players;
  for (const SeatPlayer& p : hit.players) {
    if (!players.empty()) players += " - ";
    players += p.name;
  }
  return players;
}

// The name of the player in seat, "" if none.
std::string player_in(const GameHit& hit, int seat) {
  for (const SeatPlayer& p : hit.players) {
    if (p.seat == seat) return p.name;
  }
  return "";
}

void write_game_fields(std::ostream& out, const GameHit& hit) {
  out << hit.game_id << ',' << csv_field(hit.file) << ',' << hit.game_index << ','
      << family_name(hit.family) << ',' << csv_field(hit.variant);
  for (int seat = 1; seat <= kCsvPlayers; ++seat) out << ',' << csv_field(player_in(hit, seat));
  out << ',' << csv_field(hit.result) << ',' << static_cast<int>(hit.winner) << ','
      << csv_field(hit.date) << ',' << csv_field(hit.event) << ',' << hit.moves << ','
      << hit.duplicate_of;
}

// The comment column of the node table: 49 bytes of snippet and a space.
constexpr std::size_t kTableSnippetBytes = 49;
// The evaluations column of the node table: room for two sources.
constexpr int kTableEvaluationsWidth = 32;

bool utf8_continuation(char ch) {
  return (static_cast<unsigned char>(ch) & 0xC0) == 0x80;
}

// At most `width` bytes of an FTS5 snippet, whole UTF-8 characters only,
// with the first matched word ("[word]") in the middle of the cut when the
// snippet is longer, so that the match is what shows.
std::string snippet_excerpt(std::string_view text, std::size_t width) {
  if (text.size() <= width) return std::string(text);
  std::size_t start = 0;
  const std::size_t open = text.find('[');
  if (open != std::string_view::npos) {
    const std::size_t close = text.find(']', open);
    const std::size_t match = (close == std::string_view::npos ? text.size() : close + 1) - open;
    start = match >= width ? open : open - std::min(open, (width - match) / 2);
    start = std::min(start, text.size() - width);
  }
  while (start < text.size() && utf8_continuation(text[start])) ++start;
  std::size_t end = std::min(text.size(), start + width);
  while (end > start && end < text.size() && utf8_continuation(text[end])) --end;
  return std::string(text.substr(start, end - start));
}

constexpr const char* kGameCsvColumns =
    "game_id,file,game_index,family,variant,player1,player2,player3,player4,result,winner,date,"
    "event,moves,duplicate_of";

}  // namespace

nlohmann::json info_json(const DbInfo& info) {
  return {{"files", info.files},
          {"archives", info.archives},
          {"games", info.games},
          {"nodes", info.nodes},
          {"moves", info.moves},
          {"players", info.players},
          {"errors", info.errors},
          {"warnings", info.warnings},
          {"duplicates", info.duplicates},
          {"games_by_family", info.games_by_family},
          {"schema_version", info.schema_version},
          {"created_by", info.created_by},
          {"written_by", info.written_by}};
}

nlohmann::json game_hit_json(const GameHit& hit) {
  nlohmann::json players = nlohmann::json::array();
  for (const SeatPlayer& p : hit.players) {
    players.push_back({{"seat", p.seat}, {"name", p.name}});
  }
  nlohmann::json j = {{"game_id", hit.game_id},
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
  if (hit.duplicate_of != 0) j["duplicate_of"] = hit.duplicate_of;
  return j;
}

NodeColumns node_columns(const NodeFilter& filter) {
  NodeColumns c;
  c.comment = !filter.comment_match.empty();
  c.evaluations = filter.has_eval || filter.eval_min || filter.eval_max || filter.eval_swing;
  return c;
}

namespace {

// "sabaki 55.2, gametree 1200" (table) or "sabaki:55.2;gametree:1200" (CSV).
std::string evaluations_text(const NodeHit& hit, char between, const char* separator) {
  std::ostringstream out;
  for (std::size_t i = 0; i < hit.evaluations.size(); ++i) {
    if (i > 0) out << separator;
    out << eval_source_name(hit.evaluations[i].source) << between << hit.evaluations[i].value;
  }
  return out.str();
}

}  // namespace

nlohmann::json node_hit_json(const NodeHit& hit, NodeColumns columns) {
  nlohmann::json j = game_hit_json(hit.game);
  j["node_id"] = hit.node_id;
  j["move_number"] = hit.move_number;
  j["depth"] = hit.depth;
  j["main_line"] = hit.main_line;
  if (hit.position_hash != 0) {
    j["position_hash"] = position_hash_text(hit.position_hash);
  } else {
    j["position_hash"] = nullptr;
  }
  if (columns.comment) j["comment"] = hit.comment;
  if (columns.evaluations) {
    nlohmann::json evaluations = nlohmann::json::array();
    for (const NodeEvaluation& e : hit.evaluations) {
      evaluations.push_back({{"source", std::string(eval_source_name(e.source))},
                             {"value", e.value},
                             {"swing", e.swing ? nlohmann::json(*e.swing) : nlohmann::json()}});
    }
    j["evaluations"] = std::move(evaluations);
  }
  return j;
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
  out << std::left << std::setw(8) << hit.game_id << std::setw(8) << family_name(hit.family)
      << std::setw(12) << hit.date.substr(0, 11) << fit_column(players_text(hit), 40)
      << std::setw(12) << hit.result.substr(0, 11) << std::setw(6) << hit.moves << hit.file << ":"
      << hit.game_index << "\n";
}

void write_node_table_header(std::ostream& out, NodeColumns columns) {
  out << std::left << std::setw(8) << "game" << std::setw(10) << "node" << std::setw(6) << "move"
      << std::setw(5) << "main" << std::setw(8) << "family" << std::setw(32) << "players";
  if (columns.evaluations) out << std::setw(kTableEvaluationsWidth) << "evaluations";
  if (columns.comment) out << std::setw(50) << "comment";
  out << "file\n";
}

void write_node_table_row(std::ostream& out, const NodeHit& hit, NodeColumns columns) {
  out << std::left << std::setw(8) << hit.game.game_id << std::setw(10) << hit.node_id
      << std::setw(6) << hit.move_number << std::setw(5) << (hit.main_line ? "yes" : "no")
      << std::setw(8) << family_name(hit.game.family) << fit_column(players_text(hit.game), 32);
  if (columns.evaluations) {
    // Every value is shown, however long: a value that exists is never
    // hidden; the column only keeps the others aligned when they fit.
    out << std::setw(kTableEvaluationsWidth) << (evaluations_text(hit, ' ', ", ") + " ");
  }
  if (columns.comment) {
    std::string snippet = snippet_excerpt(hit.comment, kTableSnippetBytes);
    for (char& ch : snippet) {
      if (ch == '\n' || ch == '\r' || ch == '\t') ch = ' ';
    }
    out << std::setw(50) << snippet;
  }
  out << hit.game.file << ":" << hit.game.game_index << "\n";
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char ch : text) {
    if (ch == '"') out += '"';
    out += ch;
  }
  out += '"';
  return out;
}

void write_csv_header(std::ostream& out) {
  out << kGameCsvColumns << "\r\n";
}

void write_csv_row(std::ostream& out, const GameHit& hit) {
  write_game_fields(out, hit);
  out << "\r\n";
}

void write_node_csv_header(std::ostream& out, NodeColumns columns) {
  out << kGameCsvColumns << ",node_id,move_number,depth,main_line,position_hash";
  if (columns.evaluations) out << ",evaluations";
  if (columns.comment) out << ",comment";
  out << "\r\n";
}

void write_node_csv_row(std::ostream& out, const NodeHit& hit, NodeColumns columns) {
  write_game_fields(out, hit.game);
  out << ',' << hit.node_id << ',' << hit.move_number << ',' << hit.depth << ','
      << (hit.main_line ? 1 : 0) << ','
      << (hit.position_hash != 0 ? position_hash_text(hit.position_hash) : "");
  if (columns.evaluations) out << ',' << csv_field(evaluations_text(hit, ':', ";"));
  if (columns.comment) out << ',' << csv_field(hit.comment);
  out << "\r\n";
}

}  // namespace ludex
