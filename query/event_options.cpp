#include "query/event_options.h"

#include <charconv>
#include <cstdlib>

#include "query/filter_args.h"
#include "query/filter_options.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

std::vector<std::string_view> split_commas(std::string_view text) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ',') {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

std::optional<std::int64_t> whole_number(std::string_view text) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// The game filters events do not take, by option name.
std::optional<std::string> unused_filter(const FilterArgs& a) {
  if (a.as) return "--as";
  if (!a.game_ids.empty()) return "--game";
  if (a.variant) return "--variant";
  if (a.result) return "--result";
  if (a.winner) return "--winner";
  if (a.moves_min || a.moves_max) return "--moves-min/--moves-max";
  if (a.rank_min || a.rank_max) return "--rank-min/--rank-max";
  if (a.duplicates) return "--duplicates";
  if (a.sort || a.desc) return "--sort/--desc";
  return std::nullopt;
}

}  // namespace

void add_event_list_options(po::options_description& options) {
  options.add_options()  //
      ("gap", po::value<std::string>(),
       "days between two games of one name at which a new event starts (default: the kept "
       "events', 90); another gap finds the events again from the games")  //
      ("no-levels", "leave out Little Golem's levels (championships, leagues): groups only");
}

void add_event_page_options(po::options_description& options) {
  options.add_options()  //
      ("id", po::value<std::string>(),
       "the event with this id (ludex events), instead of a name")  //
      ("part", po::value<std::string>(),
       "which part of a name cut by dates (1 the earliest; ludex events lists them)")  //
      ("kind", po::value<std::string>(),
       "the table: round-robin, swiss, knockout, match or games (default: as the games read)")  //
      ("scoring", po::value<std::string>(),
       "points for a win, a draw and a loss, e.g. 3,1,0 (default 1,0.5,0)")  //
      ("tie-breaks", po::value<std::string>(),
       "the tie-breaks in order: wins, buchholz (sos), buchholz-cut1, buchholz-cut2, "
       "buchholz-median, sosos, sonneborn-berger (sb, sodos), direct; none for none "
       "(default: the kind's usual ones)");
}

Result<EventScoring> parse_scoring(std::string_view text) {
  const std::vector<std::string_view> parts = split_commas(text);
  const std::string bad = "--scoring '" + std::string(text) +
                          "': give the points of a win, a draw and a loss, e.g. 3,1,0";
  if (parts.size() != 3) return Error{{}, bad};
  double values[3] = {0, 0, 0};
  for (std::size_t i = 0; i < 3; ++i) {
    const std::string p(parts[i]);
    char* end = nullptr;
    values[i] = std::strtod(p.c_str(), &end);
    if (p.empty() || end != p.c_str() + p.size() || values[i] < 0 || values[i] > 100) {
      return Error{{}, bad};
    }
  }
  return EventScoring{values[0], values[1], values[2]};
}

Result<std::vector<TieBreak>> parse_tie_breaks(std::string_view text) {
  std::vector<TieBreak> out;
  if (text == "none") return out;
  for (const std::string_view name : split_commas(text)) {
    const std::optional<TieBreak> t = parse_tie_break(name);
    if (!t) {
      return Error{{},
                   "--tie-breaks: unknown tie-break '" + std::string(name) +
                       "' (wins, buchholz, buchholz-cut1, buchholz-cut2, buchholz-median, "
                       "sosos, sonneborn-berger, direct)"};
    }
    out.push_back(*t);
  }
  return out;
}

Result<EventListQuery> event_list_query_of(const po::variables_map& vm) {
  const FilterArgs args = filter_args_of(vm);
  if (const std::optional<std::string> unused = unused_filter(args)) {
    return Error{{}, *unused + " chooses games, not events (ludex query takes it)"};
  }
  if (args.players.size() > 1) return Error{{}, "--player: give one player"};
  const Result<GameFilter> filter = game_filter_from(args);
  if (!filter) return filter.error();
  EventListQuery q;
  if (filter->family) q.family = std::string(family_name(*filter->family));
  if (filter->size) q.columns = q.rows = *filter->size;
  q.name = filter->event;
  if (!args.players.empty()) q.player = args.players.front();
  q.date_from = filter->date_from;
  q.date_to = filter->date_to;
  q.limit = filter->limit;
  q.offset = filter->offset;
  q.levels = vm.count("no-levels") == 0;
  if (vm.count("gap") != 0) {
    const std::string& text = vm["gap"].as<std::string>();
    const std::optional<std::int64_t> gap = whole_number(text);
    if (!gap || *gap < 0 || *gap > 100000) {
      return Error{{}, "--gap '" + text + "': give a number of days from 0 to 100000"};
    }
    q.gap = static_cast<std::int32_t>(*gap);
  }
  return q;
}

Result<EventPageQuery> event_page_query_of(const po::variables_map& vm, const std::string& name) {
  const FilterArgs args = filter_args_of(vm);
  if (const std::optional<std::string> unused = unused_filter(args)) {
    return Error{{}, *unused + " chooses games, not an event"};
  }
  if (!args.players.empty() || args.event || args.date_from || args.date_to || args.limit ||
      args.offset) {
    return Error{{}, "an event is chosen by its name or --id, then --family, --size and --part"};
  }
  const Result<GameFilter> filter = game_filter_from(args);
  if (!filter) return filter.error();
  EventPageQuery q;
  q.name = name;
  q.family = filter->family;
  q.size = filter->size;
  if (vm.count("id") != 0) {
    const std::string& text = vm["id"].as<std::string>();
    const std::optional<std::int64_t> id = whole_number(text);
    if (!id || *id <= 0) return Error{{}, "--id '" + text + "': give an event id"};
    q.id = *id;
  }
  if (q.id && !name.empty()) return Error{{}, "give an event's name or --id, not both"};
  if (!q.id && name.empty()) return Error{{}, "name the event (or give --id)"};
  if (vm.count("part") != 0) {
    const std::string& text = vm["part"].as<std::string>();
    const std::optional<std::int64_t> part = whole_number(text);
    if (!part || *part < 0) return Error{{}, "--part '" + text + "': give a part number"};
    q.part = *part;
  }
  if (vm.count("kind") != 0) {
    const std::string& text = vm["kind"].as<std::string>();
    q.kind = parse_event_kind(text);
    if (!q.kind) {
      return Error{{}, "--kind '" + text + "': give round-robin, swiss, knockout, match or games"};
    }
  }
  if (vm.count("scoring") != 0) {
    const Result<EventScoring> s = parse_scoring(vm["scoring"].as<std::string>());
    if (!s) return s.error();
    q.scoring = *s;
  }
  if (vm.count("tie-breaks") != 0) {
    const Result<std::vector<TieBreak>> t = parse_tie_breaks(vm["tie-breaks"].as<std::string>());
    if (!t) return t.error();
    q.tie_breaks = *t;
    if (q.tie_breaks.empty()) q.tie_breaks_none = true;
  }
  return q;
}

}  // namespace ludex
