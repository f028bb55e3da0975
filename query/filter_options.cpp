#include "query/filter_options.h"

#include <vector>

#include "games/sgf_values.h"

namespace ludex {
namespace po = boost::program_options;

void add_filter_options(po::options_description& options) {
  options.add_options()  //
      ("player", po::value<std::vector<std::string>>(),
       "player in either seat, case-insensitive, '*' wildcards; twice: games between the two")   //
      ("family", po::value<std::string>(), "hex, twixt, blokus, go or other")                    //
      ("variant", po::value<std::string>(), "variant, e.g. 'Blokus Duo'")                        //
      ("size", po::value<std::int32_t>(), "board size (columns)")                                //
      ("event", po::value<std::string>(), "event, case-insensitive, '*' wildcards")              //
      ("result", po::value<std::string>(), "result as written (RE), case-insensitive")           //
      ("winner", po::value<std::int32_t>(), "seat of the winner (1, 2, ...)")                    //
      ("date-from", po::value<std::string>(), "date (DT) on or after, e.g. 2019 or 2019-05-01")  //
      ("date-to", po::value<std::string>(), "date (DT) on or before")                            //
      ("moves-min", po::value<std::int32_t>(), "at least this many moves on the main line")      //
      ("moves-max", po::value<std::int32_t>(), "at most this many moves on the main line")       //
      ("duplicates", "only games whose moves repeat an earlier game's")                          //
      ("limit", po::value<std::int64_t>(), "at most this many results");
}

Result<GameFilter> filter_from_options(const po::variables_map& vm) {
  GameFilter f;
  if (vm.count("player")) f.players = vm["player"].as<std::vector<std::string>>();
  if (f.players.size() > 2) return Error{{}, "--player may be given at most twice"};
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
  if (vm.count("date-from")) f.date_from = vm["date-from"].as<std::string>();
  if (vm.count("date-to")) f.date_to = vm["date-to"].as<std::string>();
  if (vm.count("moves-min")) f.moves_min = vm["moves-min"].as<std::int32_t>();
  if (vm.count("moves-max")) f.moves_max = vm["moves-max"].as<std::int32_t>();
  f.duplicates_only = vm.count("duplicates") != 0;
  if (vm.count("limit")) {
    const std::int64_t limit = vm["limit"].as<std::int64_t>();
    if (limit < 0) return Error{{}, "--limit must not be negative"};
    f.limit = limit;
  }
  return f;
}

}  // namespace ludex
