#include "query/filter_options.h"

#include <string_view>
#include <vector>

#include "games/sgf_values.h"

namespace ludex {
namespace po = boost::program_options;

namespace {

// YYYY, YYYY-MM or YYYY-MM-DD with a month 01..12 and a day 01..31: the
// prefixes of SGF's DT form that the date bounds compare as text.
bool is_date(std::string_view text) {
  auto digits = [&](std::size_t at, std::size_t n) {
    for (std::size_t i = at; i < at + n; ++i) {
      if (i >= text.size() || text[i] < '0' || text[i] > '9') return false;
    }
    return true;
  };
  auto number = [&](std::size_t at) { return (text[at] - '0') * 10 + (text[at + 1] - '0'); };
  if (text.size() != 4 && text.size() != 7 && text.size() != 10) return false;
  if (!digits(0, 4)) return false;
  if (text.size() == 4) return true;
  if (text[4] != '-' || !digits(5, 2) || number(5) < 1 || number(5) > 12) return false;
  if (text.size() == 7) return true;
  return text[7] == '-' && digits(8, 2) && number(8) >= 1 && number(8) <= 31;
}

}  // namespace

void add_filter_options(po::options_description& options) {
  options.add_options()  //
      ("player", po::value<std::vector<std::string>>(),
       "player in either seat, case-insensitive, '*' wildcards; twice: games between the two")   //
      ("game", po::value<std::vector<std::int64_t>>(), "this game id (repeat for several)")      //
      ("family", po::value<std::string>(), "hex, twixt, blokus, go or other")                    //
      ("variant", po::value<std::string>(), "variant, e.g. 'Blokus Duo', case-insensitive")      //
      ("size", po::value<std::int32_t>(), "board size (columns)")                                //
      ("event", po::value<std::string>(), "event, case-insensitive, '*' wildcards")              //
      ("result", po::value<std::string>(), "result as written (RE), case-insensitive")           //
      ("winner", po::value<std::int32_t>(), "seat of the winner (1, 2, ...)")                    //
      ("date-from", po::value<std::string>(), "date (DT) on or after, e.g. 2019 or 2019-05-01")  //
      ("date-to", po::value<std::string>(), "date (DT) on or before")                            //
      ("moves-min", po::value<std::int32_t>(), "at least this many moves on the main line")      //
      ("moves-max", po::value<std::int32_t>(), "at most this many moves on the main line")       //
      ("duplicates", "only games whose moves repeat an earlier game's")                          //
      ("limit", po::value<std::int64_t>(), "at most this many results")                          //
      ("offset", po::value<std::int64_t>(), "skip this many results first (paging)")             //
      ("sort", po::value<std::string>(),
       "order of the results: id (default), date, player or result")  //
      ("desc", "reverse the order of --sort");
}

Result<GameFilter> filter_from_options(const po::variables_map& vm) {
  GameFilter f;
  if (vm.count("player")) f.players = vm["player"].as<std::vector<std::string>>();
  if (f.players.size() > 2) return Error{{}, "--player may be given at most twice"};
  if (vm.count("game")) {
    f.game_ids = vm["game"].as<std::vector<std::int64_t>>();
    if (f.game_ids.size() > 1000) return Error{{}, "--game may be given at most 1000 times"};
  }
  if (vm.count("family")) {
    const std::string name = vm["family"].as<std::string>();
    const std::optional<Family> family = parse_family(name);
    if (!family) {
      return Error{{}, "--family: unknown family '" + name + "' (hex, twixt, blokus, go, other)"};
    }
    f.family = family;
  }
  if (vm.count("variant")) f.variant = vm["variant"].as<std::string>();
  if (vm.count("size")) {
    // No stored game has a side outside 1..kMaxSgfBoardSide (the import
    // refuses such boards); a size beyond it would only make --pattern
    // expand placements for a board no game has.
    const std::int32_t size = vm["size"].as<std::int32_t>();
    if (size < 1 || size > kMaxSgfBoardSide) {
      return Error{{},
                   "--size " + std::to_string(size) + ": a board side is 1.." +
                       std::to_string(kMaxSgfBoardSide)};
    }
    f.size = size;
  }
  if (vm.count("event")) f.event = vm["event"].as<std::string>();
  if (vm.count("result")) f.result = vm["result"].as<std::string>();
  if (vm.count("winner")) {
    const std::int32_t seat = vm["winner"].as<std::int32_t>();
    if (seat < 1 || seat > 4) return Error{{}, "--winner must be a seat from 1 to 4"};
    f.winner = static_cast<std::int8_t>(seat);
  }
  for (const char* option : {"date-from", "date-to"}) {
    if (!vm.count(option)) continue;
    const std::string date = vm[option].as<std::string>();
    if (!is_date(date)) {
      return Error{{},
                   std::string("--") + option + " '" + date +
                       "': write a date as YYYY, YYYY-MM or YYYY-MM-DD"};
    }
    (std::string_view(option) == "date-from" ? f.date_from : f.date_to) = date;
  }
  if (vm.count("moves-min")) f.moves_min = vm["moves-min"].as<std::int32_t>();
  if (vm.count("moves-max")) f.moves_max = vm["moves-max"].as<std::int32_t>();
  f.duplicates_only = vm.count("duplicates") != 0;
  if (vm.count("limit")) {
    const std::int64_t limit = vm["limit"].as<std::int64_t>();
    if (limit < 0) return Error{{}, "--limit must not be negative"};
    f.limit = limit;
  }
  if (vm.count("offset")) {
    const std::int64_t offset = vm["offset"].as<std::int64_t>();
    if (offset < 0) return Error{{}, "--offset must not be negative"};
    f.offset = offset;
  }
  if (vm.count("sort")) {
    const std::string name = vm["sort"].as<std::string>();
    const std::optional<GameOrder> order = parse_game_order(name);
    if (!order) return Error{{}, "--sort: unknown order '" + name + "' (id, date, player, result)"};
    f.order = *order;
  }
  f.descending = vm.count("desc") != 0;
  return f;
}

}  // namespace ludex
