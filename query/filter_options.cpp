#include "query/filter_options.h"

#include <string>
#include <vector>

namespace ludex {
namespace po = boost::program_options;

namespace {

template <typename T>
std::optional<T> value_of(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0) return std::nullopt;
  return vm[name].as<T>();
}

template <typename T>
std::vector<T> list_of(const po::variables_map& vm, const char* name) {
  if (vm.count(name) == 0) return {};
  return vm[name].as<std::vector<T>>();
}

bool flag(const po::variables_map& vm, const char* name) {
  return vm.count(name) != 0;
}

}  // namespace

void add_filter_options(po::options_description& options) {
  options.add_options()  //
      ("player", po::value<std::vector<std::string>>(),
       "player in either seat, case-insensitive, '*' wildcards; twice: games between the two")  //
      ("as", po::value<std::string>(),
       "where the (first) --player sat: black or white (the colour as finally played, after "
       "any swap), 1 or 2 (the seat; 1 moved first)")                                            //
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
      ("rank-min", po::value<std::string>(),
       "every player's stated rank at least this, e.g. 5d (kyu < dan < pro: 1k < 1d < 1p)")       //
      ("rank-max", po::value<std::string>(), "every player's stated rank at most this, e.g. 9d")  //
      ("duplicates", "only games whose moves repeat an earlier game's")                           //
      ("limit", po::value<std::int64_t>(), "at most this many results")                           //
      ("offset", po::value<std::int64_t>(), "skip this many results first (paging)")              //
      ("sort", po::value<std::string>(),
       "order of the results: id (default), date, player or result")  //
      ("desc", "reverse the order of --sort");
}

FilterArgs filter_args_of(const po::variables_map& vm) {
  FilterArgs a;
  a.players = list_of<std::string>(vm, "player");
  a.as = value_of<std::string>(vm, "as");
  a.game_ids = list_of<std::int64_t>(vm, "game");
  a.family = value_of<std::string>(vm, "family");
  a.variant = value_of<std::string>(vm, "variant");
  a.size = value_of<std::int32_t>(vm, "size");
  a.event = value_of<std::string>(vm, "event");
  a.result = value_of<std::string>(vm, "result");
  a.winner = value_of<std::int32_t>(vm, "winner");
  a.date_from = value_of<std::string>(vm, "date-from");
  a.date_to = value_of<std::string>(vm, "date-to");
  a.moves_min = value_of<std::int32_t>(vm, "moves-min");
  a.moves_max = value_of<std::int32_t>(vm, "moves-max");
  a.rank_min = value_of<std::string>(vm, "rank-min");
  a.rank_max = value_of<std::string>(vm, "rank-max");
  a.duplicates = flag(vm, "duplicates");
  a.limit = value_of<std::int64_t>(vm, "limit");
  a.offset = value_of<std::int64_t>(vm, "offset");
  a.sort = value_of<std::string>(vm, "sort");
  a.desc = flag(vm, "desc");
  return a;
}

void add_node_filter_options(po::options_description& options) {
  options.add_options()  //
      ("has", po::value<std::vector<std::string>>(),
       "stones/pegs/cells present, e.g. 'B:e5,W:f6' or 'e5' (any colour); blokus '1:f9', "
       "'piece:X', '2:piece:V5'")  //
      ("empty", po::value<std::vector<std::string>>(),
       "points without a stone, e.g. 'd4,e4'; 'B:d4' = no black stone there")                 //
      ("link", po::value<std::vector<std::string>>(), "twixt links present, e.g. 'W:e5-f7'")  //
      ("pattern", po::value<std::string>(),
       "stones and empties anywhere on the board, e.g. 'B:c3,W:d4,.:c4' ('.' = empty); "
       "needs --size (blokus: --variant)")  //
      ("position", po::value<std::string>(),
       "GAME_ID:MOVE_NUMBER (after that many main-line moves) or node:NODE_ID: nodes with that "
       "position")  //
      ("line", po::value<std::string>(),
       "nodes with the position after these moves from the empty board of --family (--size, "
       "--variant), as ludex next --line takes them")  //
      ("position-file", po::value<std::string>(),
       "nodes with the final position of a game file's main line")                             //
      ("symmetric", "--position/--position-file/--pattern also under the board's symmetries")  //
      ("eval-min", po::value<double>(),
       "an evaluation >= N on its source's scale (gametree: -10000..10000, win rates: 0..100, "
       "seat 1's side)")                                                                   //
      ("eval-max", po::value<double>(), "an evaluation <= N")                              //
      ("eval-swing", po::value<double>(), "evaluation differs by >= N from the parent's")  //
      ("has-eval", "nodes with an evaluation")                                             //
      ("eval-source", po::value<std::string>(),
       "the evaluation filters read only this source (default: every source, each on its own "
       "scale): gametree (binary r/v), sgf (SGF V[]), Go analysis win rates sabaki, lizzie, "
       "katrain, katago, and their score leads sabaki-score, lizzie-score, katrain-score, "
       "katago-score")                                                                       //
      ("comment", po::value<std::string>(), "comment contains every word (full text)")       //
      ("comment-fts", po::value<std::string>(), "comment matches an FTS5 query expression")  //
      ("first", "only the shallowest matching node of each game")                            //
      ("main-line", "only nodes on the main line");
}

NodeFilterArgs node_filter_args_of(const po::variables_map& vm) {
  NodeFilterArgs a;
  a.has = list_of<std::string>(vm, "has");
  a.empty = list_of<std::string>(vm, "empty");
  a.link = list_of<std::string>(vm, "link");
  a.pattern = value_of<std::string>(vm, "pattern");
  a.position = value_of<std::string>(vm, "position");
  a.position_file = value_of<std::string>(vm, "position-file");
  a.line = value_of<std::string>(vm, "line");
  a.symmetric = flag(vm, "symmetric");
  a.eval_min = value_of<double>(vm, "eval-min");
  a.eval_max = value_of<double>(vm, "eval-max");
  a.eval_swing = value_of<double>(vm, "eval-swing");
  a.has_eval = flag(vm, "has-eval");
  a.eval_source = value_of<std::string>(vm, "eval-source");
  a.comment = value_of<std::string>(vm, "comment");
  a.comment_fts = value_of<std::string>(vm, "comment-fts");
  a.first = flag(vm, "first");
  a.main_line = flag(vm, "main-line");
  return a;
}

void add_next_options(po::options_description& options, bool files) {
  options.add_options()  //
      ("position", po::value<std::string>(),
       "GAME:MOVE, the position after MOVE moves of game GAME's main line, or node:NODE_ID");
  if (files) {
    options.add_options()  //
        ("position-file", po::value<std::string>(), "the final position of a game file");
  }
  options.add_options()  //
      ("line", po::value<std::string>(),
       "moves from the empty board of --family (--variant, --size): go 'Q16,D4' or 'pd,dp', "
       "hex 'a3,swap,f6', twixt 'k10,l12', blokus '1 V5 a1,a2,b2; 2 ...'")  //
      ("pattern", po::value<std::string>(),
       "a local pattern, as query --pattern takes it (B:cc,W:dc,.:dd); needs --family, --size")  //
      ("around", po::value<int>()->default_value(1),
       "--pattern: moves this many points around the pattern's bounding box count")  //
      ("symmetric", "also the position's images under the board's symmetries")       //
      ("all-copies",
       "count every copy of a game stored more than once (by default the first copy only)")  //
      ("replay", "replay the games even where the explorer keeps the position (a check)");
}

NextArgs next_args_of(const po::variables_map& vm) {
  NextArgs a;
  a.position = value_of<std::string>(vm, "position");
  a.position_file = value_of<std::string>(vm, "position-file");
  a.line = value_of<std::string>(vm, "line");
  a.pattern = value_of<std::string>(vm, "pattern");
  a.around = vm["around"].as<int>();
  a.symmetric = flag(vm, "symmetric");
  a.all_copies = flag(vm, "all-copies");
  a.replay = flag(vm, "replay");
  return a;
}

}  // namespace ludex
