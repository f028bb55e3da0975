// ludex next --db DB (--position GAME:MOVE | --position-file F) [--symmetric]
//            [metadata filters] [--json | --csv] [--limit N]
//
// The moves played next from a position across the archive. With
// --symmetric every image of the position under the board's symmetries is
// looked up too, and the moves found from an image are mapped back by the
// inverse symmetry, so that all counts are in the query's orientation; moves
// that a symmetry of the position itself exchanges are counted as one.
#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "games/symmetry.h"
#include "options/command_line.h"
#include "query/commands.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "query/position_target.h"
#include "schema/database.h"
#include "schema/position_query.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

// The letter the family's SGF uses for a seat; Blokus colours are digits.
std::string seat_text(Family family, const Continuation& c) {
  if (family == Family::kBlokus) return std::to_string(c.color != 0 ? c.color : c.seat);
  if (family == Family::kTwixt) return c.seat == 1 ? "W" : "B";
  return c.seat == 1 ? "B" : "W";
}

std::string points_text(Family family, std::span<const Point> points) {
  std::string out;
  for (const Point& p : points) out += (out.empty() ? "" : ",") + point_text(family, p);
  return out;
}

// "B e5", "W swap-pieces", "1 V5 a1,a2,b2,...".
std::string move_text(Family family, const Continuation& c) {
  std::string out = seat_text(family, c) + " ";
  if (c.kind != MoveKind::kPlace) return out + std::string(move_kind_name(c.kind));
  if (!c.piece.empty()) out += c.piece + " ";
  return out + points_text(family, c.points);
}

// The move as `symmetry` maps it: its points (sorted again) and its Blokus
// colour.
Continuation mapped(const BoardSymmetry& symmetry, const BoardShape& shape, Continuation c) {
  for (Point& p : c.points) p = transform(symmetry, shape, p);
  std::sort(c.points.begin(), c.points.end());
  if (c.color >= 1 && c.color <= 4) c.color = symmetry.colour_map[c.color];
  return c;
}

// One folded move: the representative, and what all its images add up to.
struct Merged {
  Continuation move;
  std::int64_t occurrences = 0;
  std::map<std::int64_t, std::int8_t> game_winners;  // game id -> games.winner
};

// Seat 1's share of the decided games; negative when none was decided.
double seat1_rate(const Continuation& c) {
  const std::int64_t decided = c.seat1_wins + c.seat2_wins;
  return decided == 0 ? -1.0 : static_cast<double>(c.seat1_wins) / static_cast<double>(decided);
}

std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

int run_next_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex next --db DB (--position GAME:MOVE | --position-file F) [filters]");
  options.add_options()                                                                     //
      ("help,h", "show this help")                                                          //
      ("db", po::value<std::string>()->required(), "database file")                         //
      ("position", po::value<std::string>(), "the position after MOVE moves of game GAME")  //
      ("position-file", po::value<std::string>(), "the final position of a game file")      //
      ("symmetric", "also the position's images under the board's symmetries")              //
      ("json", "JSON Lines on stdout, one object per move")                                 //
      ("csv", "CSV with a header row");
  add_filter_options(options);
  const auto parsed = parse_command_line("next", args, options);
  if (!parsed) return 2;
  if (parsed->help) {
    std::cout << options;
    return 0;
  }
  const po::variables_map& vm = parsed->vm;
  const bool json = vm.count("json") != 0;
  const bool csv = vm.count("csv") != 0;
  if (json && csv) {
    std::cerr << "ludex next: --json and --csv exclude each other\n";
    return 2;
  }
  if ((vm.count("position") != 0) == (vm.count("position-file") != 0)) {
    std::cerr << "ludex next: give exactly one of --position and --position-file\n";
    return 2;
  }
  Result<GameFilter> filter = filter_from_options(vm);
  if (!filter) {
    std::cerr << "ludex next: " << filter.error().message << "\n";
    return 2;
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<PositionTarget> target =
      vm.count("position") != 0 ? position_from_game(db, vm["position"].as<std::string>())
                                : position_from_file(vm["position-file"].as<std::string>());
  if (!target) {
    std::cerr << "ludex next: " << target.error().message << "\n";
    return 2;
  }
  if (auto conflict = family_conflict(filter->family, *target)) {
    std::cerr << "ludex next: " << conflict->message << "\n";
    return 2;
  }
  const BoardShape& shape = target->shape;
  const Family family = shape.family;
  filter->family = family;

  // Each distinct hash with the symmetry that turns the query into it, and
  // the query's stabiliser: the symmetries that map the position onto
  // itself (the identity at least; all of them for the empty board).
  std::vector<std::pair<std::uint64_t, BoardSymmetry>> images = {{target->hash, BoardSymmetry{}}};
  std::vector<BoardSymmetry> stabiliser = {BoardSymmetry{}};
  if (vm.count("symmetric") != 0) {
    for (const BoardSymmetry& s : board_symmetries(shape)) {
      std::vector<Occupant> occupants;
      std::vector<TwixtLink> links;
      for (const Occupant& o : target->occupants) occupants.push_back(transform(s, shape, o));
      for (const TwixtLink& l : target->links) links.push_back(transform(s, shape, l));
      std::sort(occupants.begin(), occupants.end());
      std::sort(links.begin(), links.end());
      if (s.name != "identity" && occupants == target->occupants && links == target->links) {
        stabiliser.push_back(s);
      }
      const std::uint64_t h = hash_contents(shape, occupants, links);
      const bool known = std::any_of(images.begin(), images.end(),
                                     [h](const auto& image) { return image.first == h; });
      if (h != 0 && !known) images.emplace_back(h, s);
    }
  }

  // Moves from an image are mapped back by the inverse symmetry into the
  // query's orientation. There, two moves that a symmetry of the query
  // position exchanges (a3 and m11 on the empty 13x13 Hex board) are the
  // same move: each is folded onto its smallest image under the stabiliser.
  // Games are counted once per move even when they reach it several ways.
  std::int64_t positions = 0;
  std::set<std::int64_t> position_games;
  std::map<ContinuationKey, Merged> merged;
  for (const auto& [hash, symmetry] : images) {
    const NextMoves next = continuations(db, hash, *filter);
    positions += next.positions;
    position_games.insert(next.game_ids.begin(), next.game_ids.end());
    const BoardSymmetry back = inverse(symmetry);
    for (const Continuation& found : next.moves) {
      Continuation c = mapped(back, shape, found);
      ContinuationKey key = key_of(c);
      for (std::size_t i = 1; i < stabiliser.size(); ++i) {
        Continuation image = mapped(stabiliser[i], shape, c);
        ContinuationKey image_key = key_of(image);
        if (image_key < key) {
          key = std::move(image_key);
          c = std::move(image);
        }
      }
      auto [it, inserted] = merged.try_emplace(std::move(key));
      if (inserted) it->second.move = c;
      it->second.occurrences += c.occurrences;
      it->second.game_winners.insert(c.game_winners.begin(), c.game_winners.end());
    }
  }
  const std::int64_t games = static_cast<std::int64_t>(position_games.size());
  std::vector<Continuation> moves;
  for (auto& [key, m] : merged) {
    Continuation c = std::move(m.move);
    c.occurrences = m.occurrences;
    c.games = static_cast<std::int64_t>(m.game_winners.size());
    c.seat1_wins = 0;
    c.seat2_wins = 0;
    for (const auto& [game, winner] : m.game_winners) {
      if (winner == 1) ++c.seat1_wins;
      if (winner == 2) ++c.seat2_wins;
    }
    moves.push_back(std::move(c));
  }
  std::stable_sort(moves.begin(), moves.end(), [](const Continuation& a, const Continuation& b) {
    if (a.occurrences != b.occurrences) return a.occurrences > b.occurrences;
    return a.games > b.games;
  });
  if (filter->limit && moves.size() > static_cast<std::size_t>(*filter->limit)) {
    moves.resize(static_cast<std::size_t>(*filter->limit));
  }

  if (csv) {
    std::cout << "move,seat,color,kind,points,piece,occurrences,games,seat1_wins,seat2_wins,"
                 "seat1_win_rate\r\n";
  } else if (!json) {
    std::cout << "position " << hex16(target->hash) << ": " << positions << " times in " << games
              << " games" << (images.size() > 1 ? " (with symmetric images)" : "") << "\n";
    std::cout << std::left << std::setw(28) << "move" << std::right << std::setw(8) << "times"
              << std::setw(8) << "games" << std::setw(8) << "1 wins" << std::setw(8) << "2 wins"
              << std::setw(10) << "1 rate"
              << "\n";
  }
  for (const Continuation& c : moves) {
    const double rate = seat1_rate(c);
    if (json) {
      nlohmann::json j;
      j["move"] = move_text(family, c);
      j["seat"] = c.seat;
      j["color"] = c.color;
      j["kind"] = std::string(move_kind_name(c.kind));
      j["points"] = nlohmann::json::array();
      for (const Point& p : c.points) j["points"].push_back(point_text(family, p));
      j["piece"] = c.piece;
      j["occurrences"] = c.occurrences;
      j["games"] = c.games;
      j["seat1_wins"] = c.seat1_wins;
      j["seat2_wins"] = c.seat2_wins;
      j["seat1_win_rate"] = rate < 0 ? nlohmann::json(nullptr) : nlohmann::json(rate);
      std::cout << json_line(j) << "\n";
    } else if (csv) {
      std::ostringstream rate_text;
      if (rate >= 0) rate_text << std::setprecision(4) << rate;
      std::cout << csv_field(move_text(family, c)) << "," << int{c.seat} << "," << int{c.color}
                << "," << move_kind_name(c.kind) << "," << csv_field(points_text(family, c.points))
                << "," << csv_field(c.piece) << "," << c.occurrences << "," << c.games << ","
                << c.seat1_wins << "," << c.seat2_wins << "," << rate_text.str() << "\r\n";
    } else {
      std::ostringstream rate_text;
      if (rate >= 0) {
        rate_text << std::fixed << std::setprecision(1) << rate * 100 << "%";
      } else {
        rate_text << "-";
      }
      std::cout << std::left << std::setw(28) << move_text(family, c) << std::right << std::setw(8)
                << c.occurrences << std::setw(8) << c.games << std::setw(8) << c.seat1_wins
                << std::setw(8) << c.seat2_wins << std::setw(10) << rate_text.str() << "\n";
    }
  }
  return 0;
}

}  // namespace ludex
