#include "query/filter_args.h"

#include <string_view>
#include <tuple>
#include <utility>

#include "games/rank.h"
#include "games/sgf_values.h"
#include "schema/game_query.h"

namespace ludex {
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

Result<GameFilter> game_filter_from(const FilterArgs& args) {
  GameFilter f;
  f.players = args.players;
  if (f.players.size() > 2) return Error{{}, "--player may be given at most twice"};
  if (args.as) {
    if (f.players.empty() || f.players.front().empty()) {
      return Error{{}, "--as says where the player of --player sat: give --player too"};
    }
    const std::string& as = *args.as;
    if (as == "1" || as == "first") {
      f.player_side = 1;
    } else if (as == "2" || as == "second") {
      f.player_side = 2;
    } else if (as == "black" || as == "b") {
      f.player_side = 3;
    } else if (as == "white" || as == "w") {
      f.player_side = 4;
    } else {
      return Error{{}, "--as '" + as + "': give black, white, 1 (the first seat) or 2"};
    }
  }
  f.game_ids = args.game_ids;
  if (f.game_ids.size() > 1000) return Error{{}, "--game may be given at most 1000 times"};
  if (args.family) {
    const std::string& name = *args.family;
    const std::optional<Family> family = parse_family(name);
    if (!family) {
      return Error{{}, "--family: unknown family '" + name + "' (hex, twixt, blokus, go, other)"};
    }
    f.family = family;
  }
  if (args.variant) f.variant = *args.variant;
  if (args.size) {
    // No stored game has a side outside 1..kMaxSgfBoardSide (the import
    // refuses such boards); a size beyond it would only make --pattern
    // expand placements for a board no game has.
    const std::int32_t size = *args.size;
    if (size < 1 || size > kMaxSgfBoardSide) {
      return Error{{},
                   "--size " + std::to_string(size) + ": a board side is 1.." +
                       std::to_string(kMaxSgfBoardSide)};
    }
    f.size = size;
  }
  if (args.event) f.event = *args.event;
  if (args.result) f.result = *args.result;
  if (args.winner) {
    const std::int32_t seat = *args.winner;
    if (seat < 1 || seat > 4) return Error{{}, "--winner must be a seat from 1 to 4"};
    f.winner = static_cast<std::int8_t>(seat);
  }
  for (const auto& [option, given] :
       {std::pair{"date-from", &args.date_from}, std::pair{"date-to", &args.date_to}}) {
    if (!*given) continue;
    const std::string& date = **given;
    if (!is_date(date)) {
      return Error{{},
                   std::string("--") + option + " '" + date +
                       "': write a date as YYYY, YYYY-MM or YYYY-MM-DD"};
    }
    (std::string_view(option) == "date-from" ? f.date_from : f.date_to) = date;
  }
  if (args.moves_min) f.moves_min = *args.moves_min;
  if (args.moves_max) f.moves_max = *args.moves_max;
  for (const auto& [given, option, bound] : {std::tuple{&args.rank_min, "rank-min", &f.rank_min},
                                             std::tuple{&args.rank_max, "rank-max", &f.rank_max}}) {
    if (!*given) continue;
    const std::optional<std::int32_t> order = parse_rank_bound(**given);
    if (!order) {
      return Error{{},
                   std::string("--") + option + " '" + **given +
                       "': write a rank as a number and k, d or p, e.g. 5k, 3d or 9p"};
    }
    *bound = *order;
  }
  f.duplicates_only = args.duplicates;
  if (args.limit) {
    const std::int64_t limit = *args.limit;
    if (limit < 0) return Error{{}, "--limit must not be negative"};
    f.limit = limit;
  }
  if (args.offset) {
    const std::int64_t offset = *args.offset;
    if (offset < 0) return Error{{}, "--offset must not be negative"};
    f.offset = offset;
  }
  if (args.sort) {
    const std::string& name = *args.sort;
    const std::optional<GameOrder> order = parse_game_order(name);
    if (!order) return Error{{}, "--sort: unknown order '" + name + "' (id, date, player, result)"};
    f.order = *order;
  }
  f.descending = args.desc;
  return f;
}

}  // namespace ludex
