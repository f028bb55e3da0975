// ludex next --db DB (--position GAME:MOVE | --position-file F |

//                     --family F [--variant V] [--size N] [--line MOVES] |
//                     --pattern ITEMS --family F --size N [--around K])
//            [--symmetric] [--all-copies] [metadata filters] [--json | --csv] [--limit N]
//
// The moves played next from a position across the archive: each move with
// its games, seat wins, the years it was played in and the mean evaluation
// after it, counted by the explorer's rule (docs/queries.md, "The opening
// explorer"), from its kept postings where the position is common and by
// replaying the games at it otherwise. With no position, the empty board of
// --family (and the moves of --line from there). With --symmetric every
// image of the position under the board's symmetries is looked up too, and
// the moves found from an image are mapped back by the inverse symmetry, so
// that all counts are in the query's orientation; moves that a symmetry of
// the position itself exchanges are counted as one. With --pattern: the
// moves played next wherever the pattern holds (at any translation, and
// with --symmetric under every symmetry), in and around the pattern's area
// (its bounding box widened by --around points), mapped back into the
// pattern's own orientation, as Kombilo's continuations.
#include <iomanip>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "options/command_line.h"
#include "query/commands.h"
#include "query/filter_options.h"
#include "query/game_output.h"
#include "query/next_moves.h"
#include "query/position_target.h"
#include "schema/database.h"
#include "schema/position_query.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

std::string points_text(Family family, std::span<const Point> points) {
  std::string out;
  for (const Point& p : points) out += (out.empty() ? "" : ",") + point_text(family, p);
  return out;
}

void print_header_row() {
  std::cout << std::left << std::setw(28) << "move" << std::right << std::setw(8) << "games"
            << std::setw(8) << "times" << std::setw(8) << "1 wins" << std::setw(8) << "2 wins"
            << std::setw(8) << "1 rate"
            << "  years      evaluation"
            << "\n";
}

// "2003-2019" or "2011" or "".
std::string years_text(const Continuation& c) {
  if (c.years.empty()) return "";
  const std::string first = std::to_string(c.years.front().first);
  const std::string last = std::to_string(c.years.back().first);
  return first == last ? first : first + "-" + last;
}

// "sabaki 55.2" per source, "; " between.
std::string evaluations_text(const Continuation& c) {
  std::ostringstream out;
  for (std::size_t i = 0; i < c.evaluations.size(); ++i) {
    const Continuation::EvalSum& e = c.evaluations[i];
    if (i > 0) out << "; ";
    out << eval_source_name(e.source) << " " << std::setprecision(4)
        << e.sum / static_cast<double>(e.games);
  }
  return out.str();
}

void print_moves(Family family, const std::vector<Continuation>& moves, bool json, bool csv) {
  if (csv) {
    std::cout << "move,seat,color,kind,points,piece,games,occurrences,seat1_wins,seat2_wins,"
                 "seat1_win_rate,years,evaluations\r\n";
  }
  for (const Continuation& c : moves) {
    const double rate = seat1_win_rate(c);
    if (json) {
      std::cout << json_line(continuation_json(family, c)) << "\n";
    } else if (csv) {
      std::ostringstream rate_text;
      if (rate >= 0) rate_text << std::setprecision(4) << rate;
      std::cout << csv_field(continuation_text(family, c)) << "," << int{c.seat} << ","
                << int{c.color} << "," << move_kind_name(c.kind) << ","
                << csv_field(points_text(family, c.points)) << "," << csv_field(c.piece) << ","
                << c.games << "," << c.occurrences << "," << c.seat1_wins << "," << c.seat2_wins
                << "," << rate_text.str() << "," << years_text(c) << ","
                << csv_field(evaluations_text(c)) << "\r\n";
    } else {
      std::ostringstream rate_text;
      if (rate >= 0) {
        rate_text << std::fixed << std::setprecision(1) << rate * 100 << "%";
      } else {
        rate_text << "-";
      }
      std::cout << std::left << std::setw(28) << continuation_text(family, c) << std::right
                << std::setw(8) << c.games << std::setw(8) << c.occurrences << std::setw(8)
                << c.seat1_wins << std::setw(8) << c.seat2_wins << std::setw(8) << rate_text.str()
                << "  " << std::left << std::setw(11) << years_text(c) << evaluations_text(c)
                << "\n";
    }
  }
}

// ludex next --pattern: the continuations wherever the pattern holds.
int run_pattern_next(const std::string& db_path, const NextArgs& args, const GameFilter& filter,
                     bool json, bool csv) {
  Database db(db_path, Database::Mode::kReadOnly);
  const bool symmetric = args.symmetric;
  const Result<PatternNextMoves> report =
      pattern_next_moves(db, filter, *args.pattern, symmetric, args.around);
  if (!report) {
    std::cerr << "ludex next: " << report.error().message << "\n";
    return 2;
  }
  const Family family = *filter.family;
  if (!json && !csv) {
    std::cout << "pattern " << *args.pattern << ": " << report->positions << " times in "
              << report->games << " games" << (symmetric ? " (with symmetric placements)" : "")
              << "; " << report->elsewhere << " moves elsewhere\n";
    print_header_row();
  }
  print_moves(family, report->moves, json, csv);
  return 0;
}

const char* source_text(ExplorerSource source) {
  switch (source) {
    case ExplorerSource::kPostings:
      return "from the explorer's postings";
    case ExplorerSource::kReplay:
      return "by replaying the games";
    case ExplorerSource::kMixed:
      return "from the postings and by replaying the games";
    case ExplorerSource::kAnswer:
      return "from the explorer's kept answers";
  }
  return "";
}

}  // namespace

int run_next_command(const std::vector<std::string>& args) {
  po::options_description options(
      "ludex next --db DB (--position GAME:MOVE | --position-file F | --family F [--line MOVES]) "
      "[filters]");
  options.add_options()             //
      ("help,h", "show this help")  //
      ("db", po::value<std::string>()->required(), "database file");
  add_next_options(options, true);
  options.add_options()                                      //
      ("json", "JSON Lines on stdout, one object per move")  //
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
  Result<GameFilter> filter = game_filter_from(filter_args_of(vm));
  const NextArgs next_args = next_args_of(vm);
  if (!filter) {
    std::cerr << "ludex next: " << filter.error().message << "\n";
    return 2;
  }
  if (next_args.pattern) {
    if (next_args.position || next_args.position_file || next_args.line) {
      std::cerr << "ludex next: --pattern takes no --position, --position-file or --line\n";
      return 2;
    }
    return run_pattern_next(vm["db"].as<std::string>(), next_args, *filter, json, csv);
  }
  Database db(vm["db"].as<std::string>(), Database::Mode::kReadOnly);
  const Result<PositionTarget> target = next_target(db, next_args, *filter, true);
  if (!target) {
    std::cerr << "ludex next: " << target.error().message << "\n";
    return 2;
  }
  if (auto conflict = family_conflict(filter->family, *target)) {
    std::cerr << "ludex next: " << conflict->message << "\n";
    return 2;
  }
  const Family family = target->shape.family;
  NextOptions next;
  next.symmetric = next_args.symmetric;
  next.all_copies = next_args.all_copies;
  next.replay_only = next_args.replay;
  const NextMovesReport report = next_moves(db, *target, *filter, next);

  if (!json && !csv) {
    std::cout << "position " << position_hash_text(target->hash) << ": " << report.games
              << " games (" << report.positions << " nodes)"
              << (report.with_images ? " with its symmetric images" : "") << ", "
              << source_text(report.source) << "\n";
    print_header_row();
  }
  print_moves(family, report.moves, json, csv);
  return 0;
}

}  // namespace ludex
