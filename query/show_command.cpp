// ludex show --db DB --game ID [--move N] [--json]
//
// The position of a stored game after N moves of its main line (default: at
// its end): the stones, pegs or Blokus cells per colour in the family's
// notation, Twixt links, counts per colour, the position hash as stored, and
// for rectangular boards a small diagram.
#include <cstdio>
#include <iostream>
#include <map>

#include "cli/command_line.h"
#include "games/position.h"
#include "query/commands.h"
#include "query/game_output.h"
#include "query/position_target.h"
#include "schema/database.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

// The letter the family's SGF uses for a colour: hex and go B = seat 1,
// twixt W = seat 1 (White moves first there), Blokus colours 1..4.
std::string colour_label(Family family, std::int8_t color) {
  if (family == Family::kBlokus) return std::to_string(color);
  if (family == Family::kTwixt) return color == 1 ? "W" : "B";
  return color == 1 ? "B" : "W";
}

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

struct Counts {
  std::int64_t stones = 0;
  std::int64_t links = 0;
};

// Rows from the top as the notations count them; columns a, b, c, ...
void write_diagram(std::ostream& out, const PositionTarget& t) {
  const std::int32_t columns = t.shape.columns;
  const std::int32_t rows = t.shape.rows;
  if (t.shape.family == Family::kBlokus || columns <= 0 || rows <= 0 || columns > 52) return;
  std::map<Point, std::int8_t> at;
  for (const Occupant& o : t.occupants) at[o.point] = o.color;
  for (std::int32_t y = 0; y < rows; ++y) {
    if (t.shape.family == Family::kHex) out << std::string(static_cast<std::size_t>(y), ' ');
    for (std::int32_t x = 0; x < columns; ++x) {
      const auto it = at.find(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
      out << (x == 0 ? "" : " ")
          << (it == at.end() ? "." : colour_label(t.shape.family, it->second));
    }
    out << "\n";
  }
}

}  // namespace

int run_show_command(const std::vector<std::string>& args) {
  po::options_description options("ludex show --db DB --game ID [--move N] [--json]");
  options.add_options()                                                                     //
      ("help,h", "show this help")                                                          //
      ("db", po::value<std::string>()->required(), "database file")                         //
      ("game", po::value<std::int64_t>()->required(), "game id (ludex query shows it)")     //
      ("move", po::value<std::int64_t>(), "moves of the main line to play (default: all)")  //
      ("json", "one JSON object on stdout");
  const auto parsed = parse_command_line("show", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const std::int64_t game_id = vm["game"].as<std::int64_t>();
  std::int64_t moves = -1;
  std::string what = "--game " + std::to_string(game_id);
  if (vm.count("move") != 0) {
    moves = vm["move"].as<std::int64_t>();
    if (moves < 0) {
      std::cerr << "ludex show: --move must be a number from 0\n";
      return 2;
    }
    what += " --move " + std::to_string(moves);
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<PositionTarget> target = position_in_stored_game(db, game_id, moves, what);
  if (!target) {
    std::cerr << "ludex show: " << target.error().message << "\n";
    return 1;
  }
  const PositionTarget& t = *target;
  const Family family = t.shape.family;
  std::map<std::int8_t, Counts> counts;
  for (const Occupant& o : t.occupants) ++counts[o.color].stones;
  for (const TwixtLink& l : t.links) ++counts[l.color].links;
  const char* stone_word = family == Family::kTwixt    ? "pegs"
                           : family == Family::kBlokus ? "cells"
                                                       : "stones";

  if (vm.count("json") != 0) {
    nlohmann::json j;
    j["game_id"] = game_id;
    j["family"] = std::string(family_name(family));
    j["variant"] = t.shape.variant;
    j["columns"] = t.shape.columns;
    j["rows"] = t.shape.rows;
    j["move_number"] = t.move_number;
    j["hash"] = hex16(t.hash);
    j["occupants"] = nlohmann::json::array();
    for (const Occupant& o : t.occupants) {
      j["occupants"].push_back(
          {{"color", colour_label(family, o.color)}, {"point", point_text(family, o.point)}});
    }
    j["links"] = nlohmann::json::array();
    for (const TwixtLink& l : t.links) {
      j["links"].push_back({{"color", colour_label(family, l.color)},
                            {"from", point_text(family, l.a)},
                            {"to", point_text(family, l.b)}});
    }
    j["counts"] = nlohmann::json::object();
    for (const auto& [color, c] : counts) {
      nlohmann::json entry = {{stone_word, c.stones}};
      if (family == Family::kTwixt) entry["links"] = c.links;
      j["counts"][colour_label(family, color)] = entry;
    }
    std::cout << json_line(j) << "\n";
    return 0;
  }

  std::cout << "game " << game_id << " (" << family_name(family);
  if (!t.shape.variant.empty()) std::cout << ", " << t.shape.variant;
  std::cout << ", " << t.shape.columns << "x" << t.shape.rows << ") after move " << t.move_number
            << ", position " << hex16(t.hash) << "\n";
  for (const auto& [color, c] : counts) {
    const std::string label = colour_label(family, color);
    std::cout << label << ": " << c.stones << " " << stone_word;
    if (family == Family::kTwixt) std::cout << ", " << c.links << " links";
    std::cout << "\n";
    std::cout << "  " << stone_word << ":";
    for (const Occupant& o : t.occupants) {
      if (o.color == color) std::cout << " " << point_text(family, o.point);
    }
    std::cout << "\n";
    if (family == Family::kTwixt) {
      std::cout << "  links:";
      for (const TwixtLink& l : t.links) {
        if (l.color == color) {
          std::cout << " " << point_text(family, l.a) << "-" << point_text(family, l.b);
        }
      }
      std::cout << "\n";
    }
  }
  write_diagram(std::cout, t);
  return 0;
}

}  // namespace ludex
