// ludex show --db DB --game ID [--move N] [--json] [--color WHEN | --no-color]

//
// The position of a stored game after N moves of its main line (default: at
// its end). As text (query/board_text.h): the source file (ARCHIVE//MEMBER
// for an archive member) and the game's index in it, the players and counts
// per colour (Go: also the stones each seat captured on the main line up to
// that move), the moves up to the position and a diagram of the board with
// the last move marked, in colour when stdout is a terminal. As JSON: the
// source file and game index (named as `ludex query --json` names them), the
// occupants and Twixt links in the family's notation, the counts, the
// position hash (the value the import stored for that node), the moves and
// the last move, and for Blokus the pieces placed and left per colour. Both
// end with the shown node's evaluations by source (docs/queries.md gives
// each source's scale). The position itself comes from
// query/position_view.h; this file parses the arguments and wires the parts
// together.
//
// Exit codes: 0 shown; 1 a game without positions (family other, a board
// its family cannot have) or positions that stop at an illegal move at or
// before the requested one (what was reached before it is still printed, and
// stderr says where and why it stopped); 2 usage errors, among them an
// unknown --game, a --move past the end of the main line (as `ludex next`
// treats an unknown --position) and a --color that is not auto, always or
// never.
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <string_view>

#include <nlohmann/json.hpp>

#include "options/command_line.h"
#include "query/board_text.h"
#include "query/commands.h"
#include "query/game_document.h"
#include "query/game_output.h"
#include "query/position_view.h"
#include "schema/database.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

enum class ColorMode { kAuto, kAlways, kNever };

std::optional<ColorMode> parse_color_mode(std::string_view text) {
  if (text == "auto") return ColorMode::kAuto;
  if (text == "always") return ColorMode::kAlways;
  if (text == "never") return ColorMode::kNever;
  return std::nullopt;
}

// auto: colour only for a terminal, and not where the user asked for none
// (NO_COLOR set and not empty, see no-color.org) or the terminal has none
// (TERM=dumb).
bool use_color(ColorMode mode) {
  if (mode != ColorMode::kAuto) return mode == ColorMode::kAlways;
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  if (no_color != nullptr && *no_color != '\0') return false;
  if (term != nullptr && std::string_view(term) == "dumb") return false;
  return isatty(STDOUT_FILENO) != 0;
}

const char* stone_word(Family family) {
  if (family == Family::kTwixt) return "pegs";
  if (family == Family::kBlokus) return "cells";
  return "stones";
}

nlohmann::json occupant_json(Family family, const Occupant& o) {
  return {{"color", colour_label(family, o.color)}, {"point", point_text(family, o.point)}};
}

// "katago 55.5": a source's name and value as stored, shortest exact form.
std::string evaluation_text(const Evaluation& e) {
  std::ostringstream out;
  out << eval_source_name(e.source) << " ";
  if (e.undetermined) {
    out << "undetermined";
  } else {
    out << std::setprecision(6) << e.value;
  }
  return out.str();
}

nlohmann::json view_json(std::int64_t game_id, const PositionView& v) {
  struct Counts {
    std::int64_t stones = 0;
    std::int64_t links = 0;
  };
  std::map<std::int8_t, Counts> counts;
  for (const std::int8_t color : family_colours(v.board.family, v.board.variant)) counts[color];
  for (const Occupant& o : v.occupants) ++counts[o.color].stones;
  for (const TwixtLink& l : v.links) ++counts[l.color].links;

  nlohmann::json j;
  j["game_id"] = game_id;
  j["file"] = v.file;
  j["game_index"] = v.game_index;
  j["family"] = std::string(family_name(v.board.family));
  j["variant"] = v.board.variant;
  j["columns"] = v.board.columns;
  j["rows"] = v.board.rows;
  if (v.board.family == Family::kGo) j["torus"] = v.board.torus;
  j["move_number"] = v.move_number;
  j["main_line_moves"] = v.main_line_moves;
  j["hash"] = position_hash_text(v.hash);
  j["stopped"] = v.stopped ? nlohmann::json(*v.stopped) : nlohmann::json(nullptr);
  j["occupants"] = nlohmann::json::array();
  for (const Occupant& o : v.occupants) j["occupants"].push_back(occupant_json(v.board.family, o));
  j["links"] = nlohmann::json::array();
  for (const TwixtLink& l : v.links) {
    j["links"].push_back({{"color", colour_label(v.board.family, l.color)},
                          {"from", point_text(v.board.family, l.a)},
                          {"to", point_text(v.board.family, l.b)}});
  }
  j["counts"] = nlohmann::json::object();
  for (const auto& [color, c] : counts) {
    nlohmann::json entry = {{stone_word(v.board.family), c.stones}};
    if (v.board.family == Family::kTwixt) entry["links"] = c.links;
    if (v.board.family == Family::kGo)
      entry["captures"] = v.captures[static_cast<std::size_t>(color - 1)];
    j["counts"][colour_label(v.board.family, color)] = entry;
  }

  j["players"] = nlohmann::json::array();
  for (const SeatPlayer& p : v.players)
    j["players"].push_back({{"seat", p.seat}, {"name", p.name}});
  j["result"] = v.result;
  j["winner"] = v.winner;
  if (v.board.family == Family::kGo) j["komi"] = go_komi_json(v.komi.value_or(GoKomi{}));
  // Who has which colour at this position: after a swap-sides the other
  // seat's player (players keeps the seats as stored).
  j["side_swaps"] = v.side_swaps;
  j["sides"] = nlohmann::json::array();
  for (const std::int8_t color : family_colours(v.board.family, v.board.variant)) {
    const std::int8_t seat = seat_of_colour(v, color);
    std::string name;
    for (const SeatPlayer& p : v.players) {
      if (seat != 0 && p.seat == seat && name.empty()) name = p.name;
    }
    j["sides"].push_back({{"color", colour_label(v.board.family, color)},
                          {"seat", seat == 0 ? nlohmann::json(nullptr) : nlohmann::json(seat)},
                          {"name", name}});
  }
  j["moves"] = nlohmann::json::array();
  for (const LineMove& m : v.moves) {
    const std::int8_t color = v.board.family == Family::kBlokus ? m.move.color : m.move.seat;
    nlohmann::json points = nlohmann::json::array();
    for (const Point& p : m.move.points) points.push_back(point_text(v.board.family, p));
    nlohmann::json entry = {
        {"number", m.number},
        {"color", color == 0 ? nlohmann::json(nullptr)
                             : nlohmann::json(colour_label(v.board.family, color))},
        {"kind", std::string(move_kind_name(m.move.kind))},
        {"points", std::move(points)},
        {"text", line_move_text(v, m)}};
    if (!m.piece.empty()) entry["piece"] = m.piece;
    j["moves"].push_back(std::move(entry));
  }
  if (v.move_number > 0) {
    nlohmann::json placed = nlohmann::json::array();
    for (const Occupant& o : v.last_placed) placed.push_back(occupant_json(v.board.family, o));
    j["last_move"] = {{"number", v.move_number}, {"placed", std::move(placed)}};
  } else {
    j["last_move"] = nullptr;
  }
  j["evaluations"] = nlohmann::json::array();
  for (const Evaluation& e : v.evaluations) {
    j["evaluations"].push_back(
        {{"source", std::string(eval_source_name(e.source))},
         {"value", std::isnan(e.value) ? nlohmann::json(nullptr) : nlohmann::json(e.value)},
         {"undetermined", e.undetermined}});
  }
  if (v.board.family == Family::kBlokus) {
    j["pieces"] = nlohmann::json::object();
    for (std::size_t i = 0; i < v.pieces_placed.size(); ++i) {
      j["pieces"][std::to_string(i + 1)] = {{"placed", v.pieces_placed[i]},
                                            {"left", v.pieces_left[i]}};
    }
  }
  return j;
}

}  // namespace

int run_show_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex show --db DB --game ID [--move N] [--json] [--color auto|always|never]");
  options.add_options()                                                                     //
      ("help,h", "show this help")                                                          //
      ("db", po::value<std::string>()->required(), "database file")                         //
      ("game", po::value<std::int64_t>()->required(), "game id (ludex query shows it)")     //
      ("move", po::value<std::int64_t>(), "moves of the main line to play (default: all)")  //
      ("json", "one JSON object on stdout (never in colour)")                               //
      ("color", po::value<std::string>()->default_value("auto"),
       "colour the board: auto (when stdout is a terminal), always or never")  //
      ("no-color", "the same as --color never");
  const auto parsed = parse_command_line("show", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::string color_text = vm["color"].as<std::string>();
  const std::optional<ColorMode> color_mode = parse_color_mode(color_text);
  if (!color_mode) {
    std::cerr << "ludex show: --color '" << color_text << "': must be auto, always or never\n";
    return 2;
  }
  const bool color = vm.count("no-color") == 0 && use_color(*color_mode);
  const std::int64_t game_id = vm["game"].as<std::int64_t>();
  std::int64_t moves = -1;
  std::string what = "--game " + std::to_string(game_id);
  if (vm.count("move") != 0) {
    moves = vm["move"].as<std::int64_t>();
    if (moves < 0) {
      std::cerr << "ludex show: --move " << moves << ": must be a number from 0\n";
      return 2;
    }
    what += " --move " + std::to_string(moves);
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const std::optional<Result<PositionView>> view = view_stored_position(db, game_id, moves);
  if (!view) {
    std::cerr << "ludex show: --game " << game_id << ": there is no game " << game_id << "\n";
    return 2;
  }
  if (!*view) {
    std::cerr << "ludex show: " << what << ": " << view->error().message << "\n";
    // A --move past the main line is the user's mistake; anything else is
    // the game's. The whole line is replayed again only on this error path.
    const std::optional<Result<PositionView>> whole = view_stored_position(db, game_id, -1);
    const bool past_end = moves >= 0 && whole && *whole && (*whole)->main_line_moves < moves;
    return past_end ? 2 : 1;
  }
  const PositionView& v = **view;
  if (vm.count("json") != 0) {
    std::cout << json_line(view_json(game_id, v)) << "\n";
  } else {
    write_position_text(std::cout, game_id, v, color);
    if (!v.evaluations.empty()) {
      std::cout << "\nevaluation:";
      for (std::size_t i = 0; i < v.evaluations.size(); ++i) {
        std::cout << (i == 0 ? " " : ", ") << evaluation_text(v.evaluations[i]);
      }
      std::cout << "\n";
    }
  }
  if (v.stopped) {
    std::cerr << "ludex show: " << what << ": positions stop at " << *v.stopped
              << "; shown: the position after move " << v.move_number << "\n";
    return 1;
  }
  return 0;
}

}  // namespace ludex
