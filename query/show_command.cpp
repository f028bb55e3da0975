// ludex show --db DB --game ID [--move N] [--json]
//
// The position of a stored game after N moves of its main line (default: at
// its end): the stones, pegs or Blokus cells per colour in the family's
// notation, Twixt links, counts per colour (Go: also the stones each seat
// captured on the main line up to that move), the position hash (the value the
// import stored for that node) and, in table mode, a small diagram. The
// position itself comes from query/position_view.h; this file parses the
// arguments and prints.
//
// Exit codes: 0 shown; 1 a game without positions (family other, a board
// its family cannot have) or positions that stop at an illegal move at or
// before the requested one (what was reached before it is still printed, and
// stderr says where and why it stopped); 2 usage errors, among them an
// unknown --game and a --move past the end of the main line (as `ludex next`
// treats an unknown --position).
#include <cctype>
#include <cstdio>
#include <iostream>
#include <map>

#include "games/blokus_geometry.h"
#include "options/command_line.h"
#include "query/commands.h"
#include "query/game_output.h"
#include "query/position_view.h"
#include "schema/database.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

struct Counts {
  std::int64_t stones = 0;
  std::int64_t links = 0;
  std::int64_t captures = 0;  // Go: the other seat's stones this seat captured
};

const char* stone_word(Family family) {
  if (family == Family::kTwixt) return "pegs";
  if (family == Family::kBlokus) return "cells";
  return "stones";
}

// The column and row parts of a point's label in the family's notation: go
// "pd" -> "p", "d"; every other family "e12" -> "e", "12".
std::pair<std::string, std::string> label_parts(Family family, const Point& p) {
  const std::string text = point_text(family, p);
  if (family == Family::kGo) {
    return text.size() == 2 ? std::pair{text.substr(0, 1), text.substr(1)} : std::pair{text, text};
  }
  std::size_t i = 0;
  while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) != 0) ++i;
  return {text.substr(0, i), text.substr(i)};
}

// A diagram labelled with the family's own column and row names: hex rows
// shifted as on a Hex board, Blokus rows from the top (Pentobi's a1 is the
// lower left) with off-board cells blank. Boards wider or taller than
// kMaxDiagram are left out.
void write_diagram(std::ostream& out, const PositionView& v) {
  constexpr std::int32_t kMaxDiagram = 64;
  if (v.columns <= 0 || v.rows <= 0 || v.columns > kMaxDiagram || v.rows > kMaxDiagram) return;
  const BlokusGeometry* geometry = nullptr;
  if (v.family == Family::kBlokus) {
    const BlokusVariantInfo* info = find_blokus_variant_info(v.variant);
    if (info == nullptr) return;
    geometry = &blokus_geometry(*info);
  }
  std::map<Point, std::int8_t> at;
  for (const Occupant& o : v.occupants) at[o.point] = o.color;
  auto point = [](std::int32_t x, std::int32_t y) {
    return Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)};
  };
  std::size_t cell = 1;
  std::size_t margin = 1;
  for (std::int32_t x = 0; x < v.columns; ++x) {
    cell = std::max(cell, label_parts(v.family, point(x, 0)).first.size());
  }
  for (std::int32_t y = 0; y < v.rows; ++y) {
    margin = std::max(margin, label_parts(v.family, point(0, y)).second.size());
  }
  auto padded = [](const std::string& s, std::size_t width) {
    return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
  };
  out << std::string(margin, ' ');
  for (std::int32_t x = 0; x < v.columns; ++x) {
    out << ' ' << padded(label_parts(v.family, point(x, 0)).first, cell);
  }
  out << "\n";
  for (std::int32_t i = 0; i < v.rows; ++i) {
    const std::int32_t y = v.family == Family::kBlokus ? v.rows - 1 - i : i;
    out << padded(label_parts(v.family, point(0, y)).second, margin);
    if (v.family == Family::kHex) out << std::string(static_cast<std::size_t>(i), ' ');
    for (std::int32_t x = 0; x < v.columns; ++x) {
      const auto it = at.find(point(x, y));
      std::string mark = ".";
      if (it != at.end()) {
        mark = colour_label(v.family, it->second);
      } else if (geometry != nullptr && !geometry->on_board(x, y)) {
        mark = " ";
      }
      out << ' ' << padded(mark, cell);
    }
    out << "\n";
  }
}

nlohmann::json view_json(std::int64_t game_id, const PositionView& v,
                         const std::map<std::int8_t, Counts>& counts) {
  nlohmann::json j;
  j["game_id"] = game_id;
  j["family"] = std::string(family_name(v.family));
  j["variant"] = v.variant;
  j["columns"] = v.columns;
  j["rows"] = v.rows;
  j["move_number"] = v.move_number;
  j["main_line_moves"] = v.main_line_moves;
  j["hash"] = hex16(v.hash);
  j["stopped"] = v.stopped ? nlohmann::json(*v.stopped) : nlohmann::json(nullptr);
  j["occupants"] = nlohmann::json::array();
  for (const Occupant& o : v.occupants) {
    j["occupants"].push_back(
        {{"color", colour_label(v.family, o.color)}, {"point", point_text(v.family, o.point)}});
  }
  j["links"] = nlohmann::json::array();
  for (const TwixtLink& l : v.links) {
    j["links"].push_back({{"color", colour_label(v.family, l.color)},
                          {"from", point_text(v.family, l.a)},
                          {"to", point_text(v.family, l.b)}});
  }
  j["counts"] = nlohmann::json::object();
  for (const auto& [color, c] : counts) {
    nlohmann::json entry = {{stone_word(v.family), c.stones}};
    if (v.family == Family::kTwixt) entry["links"] = c.links;
    if (v.family == Family::kGo) entry["captures"] = c.captures;
    j["counts"][colour_label(v.family, color)] = entry;
  }
  return j;
}

void write_table(std::ostream& out, std::int64_t game_id, const PositionView& v,
                 const std::map<std::int8_t, Counts>& counts) {
  out << "game " << game_id << ": " << family_name(v.family);
  if (v.family == Family::kBlokus && !v.variant.empty()) out << " (" << v.variant << ")";
  out << " " << v.columns << "x" << v.rows << ", after move " << v.move_number << " of "
      << v.main_line_moves << ", position " << hex16(v.hash) << "\n";
  for (const auto& [color, c] : counts) {
    out << colour_label(v.family, color);
    if (v.family != Family::kBlokus) out << " (seat " << static_cast<int>(color) << ")";
    out << ": " << c.stones << " " << stone_word(v.family);
    if (v.family == Family::kTwixt) out << ", " << c.links << " links";
    if (v.family == Family::kGo) out << ", " << c.captures << " captured";
    out << "\n  " << stone_word(v.family) << ":";
    for (const Occupant& o : v.occupants) {
      if (o.color == color) out << " " << point_text(v.family, o.point);
    }
    out << "\n";
    if (v.family == Family::kTwixt) {
      out << "  links:";
      for (const TwixtLink& l : v.links) {
        if (l.color == color) {
          out << " " << point_text(v.family, l.a) << "-" << point_text(v.family, l.b);
        }
      }
      out << "\n";
    }
  }
  write_diagram(out, v);
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
  std::map<std::int8_t, Counts> counts;
  for (const std::int8_t color : family_colours(v.family, v.variant)) counts[color];
  for (const Occupant& o : v.occupants) ++counts[o.color].stones;
  for (const TwixtLink& l : v.links) ++counts[l.color].links;
  if (v.family == Family::kGo) {
    counts[1].captures = v.captures[0];
    counts[2].captures = v.captures[1];
  }

  if (vm.count("json") != 0) {
    std::cout << json_line(view_json(game_id, v, counts)) << "\n";
  } else {
    write_table(std::cout, game_id, v, counts);
  }
  if (v.stopped) {
    std::cerr << "ludex show: " << what << ": positions stop at " << *v.stopped
              << "; shown: the position after move " << v.move_number << "\n";
    return 1;
  }
  return 0;
}

}  // namespace ludex
