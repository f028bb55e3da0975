#include "query/event_page.h"

#include <algorithm>
#include <map>

#include <nlohmann/json.hpp>

#include "games/event_name.h"
#include "games/event_round.h"

namespace ludex {
namespace {

// A knockout's places follow the bracket, as a tournament's are given: the
// final's winner first, its loser second, the semi-finals' losers third
// equal, and so on; the score orders players out in the same stage only as
// a figure beside them, not a place. Players no pairing holds come last,
// by their score.
void place_by_stage(EventPage& page) {
  const auto stages = static_cast<std::int32_t>(page.bracket.stages.size());
  std::vector<std::int32_t> reached(page.players.size(),
                                    -1);  // stages played; final won: stages + 1
  for (std::int32_t k = 0; k < stages; ++k) {
    for (const Pairing& p : page.bracket.stages[static_cast<std::size_t>(k)]) {
      for (const std::int32_t who : {p.a, p.b}) {
        std::int32_t& r = reached[static_cast<std::size_t>(who)];
        r = std::max(r, k + 1);
      }
      if (k + 1 == stages && p.winner) reached[static_cast<std::size_t>(*p.winner)] = stages + 1;
    }
  }
  std::stable_sort(page.standings.begin(), page.standings.end(),
                   [&](const PlayerStanding& a, const PlayerStanding& b) {
                     return reached[static_cast<std::size_t>(a.player)] >
                            reached[static_cast<std::size_t>(b.player)];
                   });
  for (std::size_t i = 0; i < page.standings.size(); ++i) {
    PlayerStanding& s = page.standings[i];
    const std::int32_t r = reached[static_cast<std::size_t>(s.player)];
    const bool same_before =
        i > 0 && reached[static_cast<std::size_t>(page.standings[i - 1].player)] == r;
    const bool same_after = i + 1 < page.standings.size() &&
                            reached[static_cast<std::size_t>(page.standings[i + 1].player)] == r;
    s.rank = same_before ? page.standings[i - 1].rank : static_cast<std::int32_t>(i + 1);
    s.shared = same_before || same_after;
  }
  page.rows.clear();
  for (const PlayerStanding& s : page.standings) page.rows.push_back(s.player);
}

// The standings and table of a kept event that is not a level.
void fill_leaf(Database& db, const std::optional<EventKind>& asked, bool no_tie_breaks,
               EventPage& page) {
  page.games = event_games(db, page.event.event_id);
  std::map<std::string, std::int32_t> index;
  const auto player = [&](const std::string& name) {
    const auto [it, added] =
        index.try_emplace(name, static_cast<std::int32_t>(page.players.size()));
    if (added) page.players.push_back(name);
    return it->second;
  };
  std::vector<EventGame> scored;
  for (const EventGameRow& g : page.games) {
    if (g.seats != 2 || g.first.empty() || g.second.empty()) {
      page.unplaced.emplace_back(
          g.game_id, "not a game of two players (" + std::to_string(g.seats) + " named)");
      continue;
    }
    TableGame t;
    t.game_id = g.game_id;
    t.first = player(g.first);
    t.second = player(g.second);
    t.outcome = g.winner == 1   ? EventOutcome::kFirstWon
                : g.winner == 2 ? EventOutcome::kSecondWon
                : g.draw        ? EventOutcome::kDraw
                                : EventOutcome::kUnscored;
    if (t.outcome == EventOutcome::kUnscored) {
      page.unplaced.emplace_back(g.game_id, g.result.empty() ? std::string("no result: not scored")
                                                             : "result '" + g.result +
                                                                   "' names no winner "
                                                                   "and no draw: not scored");
    } else if (t.first == t.second) {
      page.unplaced.emplace_back(g.game_id, "one player in both seats: not scored");
    }
    const EventRound r = parse_round(g.round);
    t.round = r.reading == RoundReading::kNumber ? r.number : 0;
    if (r.reading == RoundReading::kText) t.stage = r.note;
    t.handicap = static_cast<std::int32_t>(g.handicap);
    t.order = static_cast<std::int32_t>(page.table_games.size());
    scored.push_back(EventGame{t.first, t.second, t.outcome});
    page.table_games.push_back(std::move(t));
  }
  const auto n = static_cast<std::int32_t>(page.players.size());
  page.detected =
      detect_event_kind(n, page.table_games, !little_golem_levels(page.event.name_folded).empty());
  page.kind = asked.value_or(page.detected.kind);
  if (page.tie_breaks.empty() && !no_tie_breaks) {
    page.tie_breaks = default_tie_breaks(page.kind, page.event.family);
  }
  page.standings = compute_standings(n, scored, page.scoring, page.tie_breaks);
  for (const PlayerStanding& s : page.standings) page.rows.push_back(s.player);
  switch (page.kind) {
    case EventKind::kRoundRobin:
    case EventKind::kMatch:
      page.crosstable = crosstable(page.rows, page.table_games);
      break;
    case EventKind::kSwiss:
      page.rounds = round_table(page.rows, page.table_games);
      for (const std::int64_t g : page.rounds.unplaced) {
        page.unplaced.emplace_back(g, "no round number: not in a round's column");
      }
      break;
    case EventKind::kKnockout:
      page.bracket = knockout_bracket(page.rows, page.table_games);
      for (const auto& u : page.bracket.unplaced) page.unplaced.push_back(u);
      place_by_stage(page);
      break;
    case EventKind::kGames:
      break;
  }
}

nlohmann::json null_if_empty(const std::string& s) {
  return s.empty() ? nlohmann::json(nullptr) : nlohmann::json(s);
}

nlohmann::json null_if_zero(std::int64_t v) {
  return v == 0 ? nlohmann::json(nullptr) : nlohmann::json(v);
}

std::string result_char(char c) {
  return std::string(1, c);
}

}  // namespace

std::vector<TieBreak> default_tie_breaks(EventKind kind, const std::string& family) {
  switch (kind) {
    case EventKind::kRoundRobin:
      return {TieBreak::kSonnebornBerger, TieBreak::kDirectEncounter, TieBreak::kWins};
    case EventKind::kSwiss:
      if (family == "go")
        return {TieBreak::kBuchholz, TieBreak::kSosos, TieBreak::kSonnebornBerger};
      return {TieBreak::kBuchholzCut1, TieBreak::kBuchholz, TieBreak::kSonnebornBerger};
    case EventKind::kKnockout:
    case EventKind::kMatch:
    case EventKind::kGames:
      return {TieBreak::kWins};
  }
  return {};
}

Result<EventPage> event_page(Database& db, const EventPageQuery& query) {
  std::vector<EventSummary> found = events_named(db, query.name, query.id);
  if (found.empty()) {
    if (query.name.empty()) {
      return Error{{},
                   "no event has id " + std::to_string(query.id.value_or(0)) +
                       " (ludex events lists them with their ids)"};
    }
    return Error{
        {},
        "no event is named '" + query.name + "' (ludex events --event 'PATTERN' lists the events)"};
  }
  std::erase_if(found, [&](const EventSummary& e) {
    if (query.family && e.family != family_name(*query.family)) return true;
    if (query.size && (e.columns != *query.size || e.rows != *query.size)) return true;
    return query.part && e.part != *query.part;
  });
  if (found.empty()) {
    return Error{{}, "no event named '" + query.name + "' has that family, size and part"};
  }
  if (found.size() > 1) {
    std::string list;
    for (const EventSummary& e : found) {
      list += "\n  --id " + std::to_string(e.event_id) + ": " + e.family + " " +
              std::to_string(e.columns) + "x" + std::to_string(e.rows) + ", part " +
              std::to_string(e.part) + ", " + std::to_string(e.games) + " games" +
              (e.first_date.empty() ? std::string() : ", " + e.first_date + " to " + e.last_date);
    }
    return Error{{},
                 std::to_string(found.size()) + " events are named '" + query.name +
                     "': give --family, --size or --part, or --id:" + list};
  }
  EventPage page;
  page.event = found.front();
  page.scoring = query.scoring;
  page.tie_breaks = query.tie_breaks;
  if (page.event.part == 0) {
    page.detected = KindReading{EventKind::kGames,
                                "a Little Golem level: the standings are its "
                                "groups'"};
    for (EventSummary& child : event_children(db, page.event.event_id)) {
      EventGroupLine line;
      line.event = std::move(child);
      if (line.event.part > 0) {
        EventPage group;
        group.event = line.event;
        fill_leaf(db, std::nullopt, false, group);
        if (!group.standings.empty() && group.standings.front().games > 0) {
          const PlayerStanding& top = group.standings.front();
          line.leader = group.players[static_cast<std::size_t>(top.player)];
          line.leader_score = top.score;
          line.leader_shared = top.shared;
        }
      }
      page.groups.push_back(std::move(line));
    }
    return page;
  }
  fill_leaf(db, query.kind, query.tie_breaks_none, page);
  return page;
}

nlohmann::json event_summary_json(const EventSummary& e) {
  return nlohmann::json{{"id", null_if_zero(e.event_id)},
                        {"parent_id", null_if_zero(e.parent_id)},
                        {"name", e.name},
                        {"family", e.family},
                        {"columns", e.columns},
                        {"rows", e.rows},
                        {"part", e.part},
                        {"first_date", null_if_empty(e.first_date)},
                        {"last_date", null_if_empty(e.last_date)},
                        {"games", e.games},
                        {"players", e.players},
                        {"rounds", e.rounds},
                        {"kind", e.kind},
                        {"groups", e.groups}};
}

nlohmann::json event_page_json(const EventPage& page) {
  nlohmann::json j;
  j["event"] = event_summary_json(page.event);
  const bool level = page.event.part == 0;
  j["kind"] = level ? "levels" : std::string(event_kind_name(page.kind));
  j["detected_kind"] = level ? "levels" : std::string(event_kind_name(page.detected.kind));
  j["why"] = page.detected.why;
  j["scoring"] = {
      {"win", page.scoring.win}, {"draw", page.scoring.draw}, {"loss", page.scoring.loss}};
  nlohmann::json tbs = nlohmann::json::array();
  for (const TieBreak t : page.tie_breaks) tbs.push_back(std::string(tie_break_name(t)));
  j["tie_breaks"] = tbs;
  const auto name_of = [&](std::int32_t p) { return page.players[static_cast<std::size_t>(p)]; };
  nlohmann::json standings = nlohmann::json::array();
  for (const PlayerStanding& s : page.standings) {
    nlohmann::json t = nlohmann::json::object();
    for (std::size_t i = 0; i < page.tie_breaks.size() && i < s.tie_breaks.size(); ++i) {
      t[std::string(tie_break_name(page.tie_breaks[i]))] = s.tie_breaks[i];
    }
    standings.push_back({{"rank", s.rank},
                         {"shared", s.shared},
                         {"name", name_of(s.player)},
                         {"score", s.score},
                         {"games", s.games},
                         {"wins", s.wins},
                         {"draws", s.draws},
                         {"losses", s.losses},
                         {"unscored", s.unscored},
                         {"tie_breaks", t},
                         {"performance", nullptr}});
  }
  j["standings"] = standings;
  nlohmann::json games = nlohmann::json::array();
  for (const EventGameRow& g : page.games) {
    games.push_back({{"id", g.game_id},
                     {"date", null_if_empty(g.date)},
                     {"round", null_if_empty(g.round)},
                     {"first", null_if_empty(g.first)},
                     {"second", null_if_empty(g.second)},
                     {"winner", g.winner == 0 ? nlohmann::json(nullptr) : nlohmann::json(g.winner)},
                     {"draw", g.draw},
                     {"result", null_if_empty(g.result)},
                     {"handicap", g.handicap}});
  }
  j["games"] = games;
  if (!page.crosstable.empty()) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < page.crosstable.size(); ++i) {
      nlohmann::json cells = nlohmann::json::array();
      for (const std::vector<CrossGame>& cell : page.crosstable[i]) {
        nlohmann::json list = nlohmann::json::array();
        for (const CrossGame& c : cell) {
          list.push_back(
              {{"game", c.game_id}, {"result", result_char(c.result)}, {"seat", c.first ? 1 : 2}});
        }
        cells.push_back(list);
      }
      rows.push_back({{"name", name_of(page.rows[i])}, {"cells", cells}});
    }
    j["crosstable"] = rows;
  }
  if (page.kind == EventKind::kSwiss && !level) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < page.rounds.cells.size(); ++i) {
      nlohmann::json rounds = nlohmann::json::array();
      for (const std::vector<RoundCell>& cell : page.rounds.cells[i]) {
        nlohmann::json list = nlohmann::json::array();
        for (const RoundCell& c : cell) {
          list.push_back({{"game", c.game_id},
                          {"opponent", c.opponent_row},
                          {"result", result_char(c.result)},
                          {"colour", result_char(c.colour)},
                          {"handicap", c.handicap}});
        }
        rounds.push_back(list);
      }
      rows.push_back({{"name", name_of(page.rows[i])}, {"rounds", rounds}});
    }
    j["rounds"] = {{"count", page.rounds.rounds}, {"rows", rows}};
  }
  if (page.kind == EventKind::kKnockout && !level) {
    nlohmann::json stages = nlohmann::json::array();
    for (const std::vector<Pairing>& stage : page.bracket.stages) {
      nlohmann::json list = nlohmann::json::array();
      for (const Pairing& p : stage) {
        list.push_back(
            {{"a", name_of(p.a)},
             {"b", name_of(p.b)},
             {"games", p.games},
             {"score_a", p.score_a},
             {"score_b", p.score_b},
             {"winner", p.winner ? nlohmann::json(name_of(*p.winner)) : nlohmann::json(nullptr)}});
      }
      stages.push_back(list);
    }
    j["bracket"] = stages;
  }
  nlohmann::json groups = nlohmann::json::array();
  for (const EventGroupLine& g : page.groups) {
    nlohmann::json line = event_summary_json(g.event);
    line["leader"] = null_if_empty(g.leader);
    line["leader_score"] =
        g.leader.empty() ? nlohmann::json(nullptr) : nlohmann::json(g.leader_score);
    line["leader_shared"] = g.leader_shared;
    groups.push_back(line);
  }
  j["groups"] = groups;
  nlohmann::json unplaced = nlohmann::json::array();
  for (const auto& [game, why] : page.unplaced) unplaced.push_back({{"game", game}, {"why", why}});
  j["unplaced"] = unplaced;
  return j;
}

}  // namespace ludex
