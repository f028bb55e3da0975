#include "query/player_openings.h"

#include <algorithm>
#include <charconv>
#include <iomanip>

#include <nlohmann/json.hpp>

#include "core/text_width.h"
#include "query/next_moves.h"
#include "query/player_output.h"
#include "query/position_target.h"

namespace ludex {
namespace {

// The family and side of a by_board key ("go 19x19"); nullopt for a board
// without a size, a board that is not square or a family without two
// colours.
std::optional<std::pair<Family, std::int32_t>> two_colour_board(const std::string& key) {
  const std::size_t space = key.find(' ');
  const std::size_t x = key.find('x', space);
  if (space == std::string::npos || x == std::string::npos) return std::nullopt;
  const std::optional<Family> family = parse_family(key.substr(0, space));
  if (!family || (*family != Family::kGo && *family != Family::kHex && *family != Family::kTwixt)) {
    return std::nullopt;
  }
  // A square board only: the explorer's empty board of a family is named by
  // its side (position_from_line).
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  const char* last = key.data() + key.size();
  const auto [end, ec] = std::from_chars(key.data() + space + 1, key.data() + x, columns);
  const auto [row_end, row_ec] = std::from_chars(key.data() + x + 1, last, rows);
  if (ec != std::errc() || end != key.data() + x || row_ec != std::errc() || row_end != last ||
      columns <= 0 || rows != columns) {
    return std::nullopt;
  }
  return std::pair{*family, columns};
}

// The explorer's moves from the empty board after `line` in the games of
// `filter` (the player in one seat), scored from that seat's side. An
// empty step when the line does not replay (it came from the explorer, so
// only a corrupt database does that).
OpeningStep step_after(Database& db, const GameFilter& filter, const std::string& line) {
  OpeningStep step;
  step.after = line;
  const Result<PositionTarget> target = position_from_line(*filter.family, "", *filter.size, line);
  if (!target) return step;
  const NextMovesReport report = next_moves(db, *target, filter, NextOptions{});
  step.games = report.games;
  const bool first = filter.player_side == 1;
  for (const Continuation& c : report.moves) {
    OpeningMove m;
    m.move = continuation_text(*filter.family, c);
    m.line = line.empty() ? m.move : line + "," + m.move;
    m.seat = c.seat;
    m.kind = c.kind;
    m.points = c.points;
    m.games = c.games;
    m.wins = first ? c.seat1_wins : c.seat2_wins;
    m.losses = first ? c.seat2_wins : c.seat1_wins;
    step.moves.push_back(std::move(m));
  }
  return step;
}

nlohmann::json step_json(const OpeningStep& s) {
  nlohmann::json moves = nlohmann::json::array();
  for (const OpeningMove& m : s.moves) {
    moves.push_back({{"move", m.move},
                     {"line", m.line},
                     {"seat", m.seat},
                     {"kind", std::string(move_kind_name(m.kind))},
                     {"points_xy", points_xy_json(m.points)},
                     {"games", m.games},
                     {"wins", m.wins},
                     {"losses", m.losses}});
  }
  return {{"after", s.after}, {"games", s.games}, {"moves", std::move(moves)}};
}

void write_step(std::ostream& out, const OpeningStep& s) {
  out << "  " << std::left << std::setw(28) << "" << std::right << std::setw(7) << "games"
      << std::setw(7) << "won" << std::setw(7) << "lost"
      << "\n";
  for (const OpeningMove& m : s.moves) {
    out << "  " << pad_column(m.move, 28) << std::right << std::setw(7) << m.games << std::setw(7)
        << m.wins << std::setw(7) << m.losses << "\n";
  }
}

// A shell word: the text in single quotes unless it is plain.
std::string shell_word(const std::string& s) {
  const bool plain = !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) {
    return std::isalnum(c) != 0 || c == '-' || c == '_' || c == '.' || c == ',' || c >= 0x80;
  });
  if (plain) return s;
  std::string out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::vector<PlayerOpenings> player_openings(Database& db, const PlayerPage& page,
                                            const GameFilter& filter, std::size_t boards,
                                            std::int64_t moves) {
  std::vector<PlayerOpenings> out;
  std::size_t seen = 0;
  for (const PlayerBreakdown& b : page.by_board) {
    if (seen == boards) break;
    const auto board = two_colour_board(b.key);
    if (!board) continue;
    ++seen;
    for (const std::int8_t seat : {1, 2}) {
      PlayerOpenings o;
      o.family = board->first;
      o.size = board->second;
      o.seat = seat;
      o.colour = two_colour_name(o.family, seat);
      GameFilter f = filter;
      // The page's filter holds the opponent second, as the explorer's does.
      f.players = {page.name};
      if (filter.players.size() >= 2) f.players.push_back(filter.players[1]);
      f.player_side = seat;
      f.family = o.family;
      f.size = o.size;
      f.limit = moves;
      o.first = step_after(db, f, "");
      if (seat == 2 && !o.first.moves.empty()) {
        o.replies = step_after(db, f, o.first.moves.front().line);
      }
      out.push_back(std::move(o));
    }
  }
  return out;
}

void write_player_openings(std::ostream& out, const std::string& name,
                           const std::vector<PlayerOpenings>& openings) {
  for (const PlayerOpenings& o : openings) {
    if (o.first.games == 0) continue;
    const std::string board = std::string(family_name(o.family)) + " " + std::to_string(o.size) +
                              "x" + std::to_string(o.size);
    out << "\nopenings on " << board << " in seat " << int{o.seat} << " ("
        << (o.seat == 1 ? "moving first, " : "moving second, ") << o.colour << " before any swap; "
        << o.first.games << " games from the empty board)\n";
    write_step(out, o.first);
    if (!o.replies.moves.empty()) {
      out << "  replies after " << o.replies.after << " (" << o.replies.games << " games)\n";
      write_step(out, o.replies);
    }
    out << "  a line's games: ludex query --family " << family_name(o.family) << " --size "
        << o.size << " --first --player " << shell_word(name) << " --as " << int{o.seat}
        << " --line LINE\n";
  }
}

nlohmann::json player_openings_json(const PlayerOpenings& o) {
  return {{"family", std::string(family_name(o.family))},
          {"size", o.size},
          {"seat", o.seat},
          {"colour", o.colour},
          {"first", step_json(o.first)},
          {"replies", o.replies.after.empty() ? nlohmann::json(nullptr) : step_json(o.replies)}};
}

nlohmann::json player_page_json(const PlayerPage& page,
                                const std::vector<PlayerOpenings>& openings) {
  nlohmann::json j = player_page_json(page);
  j["openings"] = nlohmann::json::array();
  for (const PlayerOpenings& o : openings) j["openings"].push_back(player_openings_json(o));
  return j;
}

}  // namespace ludex
