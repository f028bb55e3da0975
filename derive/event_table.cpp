#include "derive/event_table.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cctype>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

// detect_event_kind, the contract in words. Every game counts for who met
// whom (unscored ones too); a game of a player against itself makes no pair
// and no score. The first rule that holds gives the kind:
// 1. two players: a match;
// 2. three or more players, every two of whom met at least once: a round
//    robin ("every two of the 10 players met, twice", or "1 to 3 times");
// 3. `round_robin_named`: a round robin even though not every two met (the
//    archive holds part of the group: one player's file of a Little Golem
//    group). Its name outranks the shapes below, which such a part can take
//    (one player's games against all the others look like a knockout it won);
// 4. four or more players whose pairings (all the games of one pair) form an
//    elimination: a knockout. Elimination: each player loses at most one
//    pairing (by the pairing's score; on equal scores the winner of its last
//    decisive game wins it) and plays no pairing after the one it lost
//    (pairings by round when every game has a round number, else by event
//    order); and either the pairings number players - 1 (a full bracket) or
//    the rounds name stages ("Final", "Semi-final", "Playoff", any case).
//    One pairing of two players who had both lost before it is a match for
//    third place: it is left out of the rule and of the count;
// 5. at least 95% of the games with a round number, two rounds or more, no
//    player with two games in one round: Swiss (or McMahon) rounds. 95%, not
//    less: a Swiss file with a few unnumbered games is still laid out by
//    round, but one with 3 of 40 unnumbered is read as games;
// 6. else games, why naming what failed ("3 of 40 games have no round
//    number and not every two players met").
//
// Bracket layout (knockout_bracket), beyond the header: the stages' pairings
// are listed as a bracket is drawn. The final's pairings by their `a`'s
// place in `rows`; each earlier stage in the order of the pairings its
// players went on to (the next stage's first pairing's a, then its b, then
// the next pairing's), the pairings whose players did not go on last, by
// their a's place in `rows`.

namespace ludex {
namespace {

constexpr std::array<std::pair<std::string_view, EventKind>, 5> kKindNames = {{
    {"round-robin", EventKind::kRoundRobin},
    {"swiss", EventKind::kSwiss},
    {"knockout", EventKind::kKnockout},
    {"match", EventKind::kMatch},
    {"games", EventKind::kGames},
}};

// The share of games with a round number a Swiss layout needs (rule 5), in
// percent: integers, so that 38 of 40 is exactly 95%.
constexpr std::size_t kSwissNumberedPercent = 95;

// Words of a round's text that name a knockout stage: "Final", "Semi-final",
// "1/8 final", "Playoff", "Play-off".
constexpr std::array<std::string_view, 3> kStageWords = {"final", "playoff", "play-off"};

constexpr std::size_t kNoRow = static_cast<std::size_t>(-1);

bool before_in_event(const TableGame* x, const TableGame* y) {
  if (x->order != y->order) return x->order < y->order;
  return x->game_id < y->game_id;
}

// The games in event order: by `order`, then game_id.
std::vector<const TableGame*> in_event_order(const std::vector<TableGame>& games) {
  std::vector<const TableGame*> out;
  out.reserve(games.size());
  for (const TableGame& g : games) out.push_back(&g);
  std::stable_sort(out.begin(), out.end(), before_in_event);
  return out;
}

std::string count_of(std::size_t n, std::string_view noun) {
  std::string out = std::to_string(n) + " " + std::string(noun);
  if (n != 1) out += "s";
  return out;
}

// "3 of 40 games have no round number".
std::string unnumbered_text(std::size_t missing, std::size_t games) {
  return std::to_string(missing) + " of " + std::to_string(games) +
         (missing == 1 ? " games has" : " games have") + " no round number";
}

std::string times(std::int32_t n) {
  if (n == 1) return "once";
  if (n == 2) return "twice";
  return std::to_string(n) + " times";
}

bool names_stage(std::string_view stage) {
  std::string lower(stage);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::any_of(kStageWords.begin(), kStageWords.end(),
                     [&](std::string_view w) { return lower.find(w) != std::string::npos; });
}

// Points of `player` in game `g` by EventScoring{}; nothing for an unscored
// game or a game against itself.
double points_of(const TableGame& g, std::int32_t player) {
  const EventScoring scoring;
  if (g.first == g.second) return 0;
  switch (g.outcome) {
    case EventOutcome::kFirstWon:
      return player == g.first ? scoring.win : scoring.loss;
    case EventOutcome::kSecondWon:
      return player == g.second ? scoring.win : scoring.loss;
    case EventOutcome::kDraw:
      return scoring.draw;
    case EventOutcome::kUnscored:
      return 0;
  }
  return 0;
}

std::optional<std::int32_t> game_winner(const TableGame& g) {
  if (g.first == g.second) return std::nullopt;
  if (g.outcome == EventOutcome::kFirstWon) return g.first;
  if (g.outcome == EventOutcome::kSecondWon) return g.second;
  return std::nullopt;
}

// A result from the side of `player`, in the given alphabet (won, lost,
// drew, unscored).
char result_for(const TableGame& g, std::int32_t player, const std::array<char, 4>& alphabet) {
  if (g.first == g.second) return alphabet[3];
  switch (g.outcome) {
    case EventOutcome::kFirstWon:
      return player == g.first ? alphabet[0] : alphabet[1];
    case EventOutcome::kSecondWon:
      return player == g.second ? alphabet[0] : alphabet[1];
    case EventOutcome::kDraw:
      return alphabet[2];
    case EventOutcome::kUnscored:
      return alphabet[3];
  }
  return alphabet[3];
}

// Each player's place in `rows` (the first one when listed twice).
std::unordered_map<std::int32_t, std::size_t> row_positions(const std::vector<std::int32_t>& rows) {
  std::unordered_map<std::int32_t, std::size_t> at;
  for (std::size_t i = 0; i < rows.size(); ++i) at.emplace(rows[i], i);
  return at;
}

std::size_t row_of(const std::unordered_map<std::int32_t, std::size_t>& at, std::int32_t player) {
  const auto it = at.find(player);
  return it == at.end() ? kNoRow : it->second;
}

// Every game between two different players has a round number (and there
// is such a game): pairings are then placed by round, else by event order.
bool pair_games_numbered(const std::vector<TableGame>& games) {
  bool any = false;
  for (const TableGame& g : games) {
    if (g.first == g.second) continue;
    if (g.round <= 0) return false;
    any = true;
  }
  return any;
}

// All the games of one pair of players, lo < hi.
struct PairGames {
  std::int32_t lo = 0;
  std::int32_t hi = 0;
  std::vector<const TableGame*> games;  // event order
  double score_lo = 0;
  double score_hi = 0;
  // The higher score; on equal scores the winner of the last decisive game;
  // none when no game was decisive.
  std::optional<std::int32_t> winner;
  // The earliest and latest round (by_round) or order of its games.
  std::int64_t start = 0;
  std::int64_t end = 0;

  std::optional<std::int32_t> loser() const {
    if (!winner) return std::nullopt;
    return *winner == lo ? hi : lo;
  }
  bool has(std::int32_t player) const { return player == lo || player == hi; }
};

// The pairings of `games` (games against oneself left out), from the first
// to start to the last.
std::vector<PairGames> pairings_of(const std::vector<TableGame>& games, bool by_round) {
  std::map<std::pair<std::int32_t, std::int32_t>, PairGames> by_pair;
  for (const TableGame* g : in_event_order(games)) {
    if (g->first == g->second) continue;
    const auto [lo, hi] = std::minmax(g->first, g->second);
    PairGames& p = by_pair[{lo, hi}];
    p.lo = lo;
    p.hi = hi;
    p.games.push_back(g);
  }
  std::vector<PairGames> out;
  out.reserve(by_pair.size());
  for (auto& [pair, p] : by_pair) {
    bool first_game = true;
    for (const TableGame* g : p.games) {
      const std::int64_t key = by_round ? g->round : g->order;
      p.start = first_game ? key : std::min(p.start, key);
      p.end = first_game ? key : std::max(p.end, key);
      first_game = false;
      p.score_lo += points_of(*g, p.lo);
      p.score_hi += points_of(*g, p.hi);
    }
    if (p.score_lo != p.score_hi) {
      p.winner = p.score_lo > p.score_hi ? p.lo : p.hi;
    } else {
      for (auto it = p.games.rbegin(); it != p.games.rend() && !p.winner; ++it) {
        p.winner = game_winner(**it);
      }
    }
    out.push_back(std::move(p));
  }
  std::stable_sort(out.begin(), out.end(), [](const PairGames& x, const PairGames& y) {
    if (x.start != y.start) return x.start < y.start;
    if (x.end != y.end) return x.end < y.end;
    return before_in_event(x.games.front(), y.games.front());
  });
  return out;
}

// Pairing `later` (an index in the list of pairings_of) is played after
// pairing `earlier`: it comes later and not all of it at the start of
// `earlier` (equal orders are games of an unknown date).
bool played_after(const std::vector<PairGames>& pairings, std::size_t later, std::size_t earlier) {
  return later > earlier && pairings[later].end > pairings[earlier].start;
}

// Rule 4: the number of pairings when they form a knockout, else none.
std::optional<std::size_t> knockout_pairings(std::int32_t players,
                                             const std::vector<TableGame>& games) {
  const std::vector<PairGames> pairings = pairings_of(games, pair_games_numbered(games));
  // An elimination has players - 1 pairings, and a match for third place:
  // more is no knockout (and the checks below stay linear in the games).
  if (pairings.empty() || pairings.size() > static_cast<std::size_t>(players)) return std::nullopt;
  // Each player's pairings and the ones it lost, in pairing order.
  std::vector<std::vector<std::size_t>> of_player(static_cast<std::size_t>(players));
  std::vector<std::vector<std::size_t>> lost(static_cast<std::size_t>(players));
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    of_player[static_cast<std::size_t>(pairings[p].lo)].push_back(p);
    of_player[static_cast<std::size_t>(pairings[p].hi)].push_back(p);
    if (const std::optional<std::int32_t> loser = pairings[p].loser()) {
      lost[static_cast<std::size_t>(*loser)].push_back(p);
    }
  }
  // A match for third place: the one pairing whose two players had both
  // lost a pairing before it (the semi-finals' losers). It is no part of
  // the elimination and not counted.
  const auto lost_before = [&](std::int32_t who, std::size_t q) {
    for (const std::size_t p : lost[static_cast<std::size_t>(who)]) {
      if (p != q && played_after(pairings, q, p)) return true;
    }
    return false;
  };
  std::vector<std::size_t> placement;
  for (std::size_t q = 0; q < pairings.size(); ++q) {
    if (lost_before(pairings[q].lo, q) && lost_before(pairings[q].hi, q)) placement.push_back(q);
  }
  // pairings.size() when there is none (no pairing has that index).
  const std::size_t third = placement.size() == 1 ? placement.front() : pairings.size();
  std::vector<std::int32_t> losses(static_cast<std::size_t>(players), 0);
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    if (p == third) continue;
    const std::optional<std::int32_t> loser = pairings[p].loser();
    if (!loser) continue;
    if (++losses[static_cast<std::size_t>(*loser)] > 1) return std::nullopt;
    for (const std::size_t q : of_player[static_cast<std::size_t>(*loser)]) {
      if (q != p && q != third && played_after(pairings, q, p)) return std::nullopt;
    }
  }
  const std::size_t counted = pairings.size() - (third < pairings.size() ? 1 : 0);
  const bool full = counted == static_cast<std::size_t>(players - 1);
  const bool staged = std::any_of(games.begin(), games.end(),
                                  [](const TableGame& g) { return names_stage(g.stage); });
  if (!full && !staged) return std::nullopt;
  return counted;
}

// Rule 5: empty when the games are Swiss rounds, else what fails, and the
// number of distinct rounds in `rounds`.
std::string swiss_failure(const std::vector<TableGame>& games, std::size_t* rounds) {
  if (games.empty()) return "no games";
  std::size_t numbered = 0;
  std::set<std::int32_t> distinct;
  std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> per_round;  // (round, player)
  for (const TableGame& g : games) {
    if (g.round <= 0) continue;
    ++numbered;
    distinct.insert(g.round);
    ++per_round[{g.round, g.first}];
    if (g.second != g.first) ++per_round[{g.round, g.second}];
  }
  *rounds = distinct.size();
  if (numbered == 0) return "no game has a round number";
  if (numbered * 100 < kSwissNumberedPercent * games.size()) {
    return unnumbered_text(games.size() - numbered, games.size());
  }
  if (distinct.size() < 2) {
    return "every numbered game is in round " + std::to_string(*distinct.begin());
  }
  for (const auto& [round_player, count] : per_round) {
    if (count > 1) {
      return "a player has " + std::to_string(count) + " games in round " +
             std::to_string(round_player.first);
    }
  }
  return {};
}

}  // namespace

std::optional<EventKind> parse_event_kind(std::string_view name) {
  for (const auto& [n, k] : kKindNames) {
    if (n == name) return k;
  }
  return std::nullopt;
}

std::string_view event_kind_name(EventKind kind) {
  for (const auto& [n, k] : kKindNames) {
    if (k == kind) return n;
  }
  return "?";
}

KindReading detect_event_kind(std::int32_t players, const std::vector<TableGame>& games,
                              bool round_robin_named) {
  for (const TableGame& g : games) {
    assert(g.first >= 0 && g.first < players && g.second >= 0 && g.second < players);
    (void)g;
  }
  if (players == 2) return {EventKind::kMatch, "two players, " + count_of(games.size(), "game")};
  if (players < 2) return {EventKind::kGames, players == 1 ? "one player" : "no players"};

  std::map<std::pair<std::int32_t, std::int32_t>, std::int32_t> meetings;
  for (const TableGame& g : games) {
    if (g.first != g.second) ++meetings[std::minmax(g.first, g.second)];
  }
  const auto n = static_cast<std::int64_t>(players);
  const std::int64_t pairs = n * (n - 1) / 2;
  const auto met = static_cast<std::int64_t>(meetings.size());
  if (met == pairs) {
    std::int32_t fewest = meetings.begin()->second;
    std::int32_t most = fewest;
    for (const auto& [pair, count] : meetings) {
      fewest = std::min(fewest, count);
      most = std::max(most, count);
    }
    const std::string how =
        fewest == most ? times(fewest) : std::to_string(fewest) + " to " + times(most);
    return {EventKind::kRoundRobin,
            "every two of the " + std::to_string(players) + " players met, " + how};
  }
  if (round_robin_named) {
    return {EventKind::kRoundRobin, "an all-play-all group by its name; " + std::to_string(met) +
                                        " of " + std::to_string(pairs) +
                                        " pairs met in this archive"};
  }
  if (players >= 4) {
    if (const std::optional<std::size_t> k = knockout_pairings(players, games)) {
      return {EventKind::kKnockout, std::to_string(*k) + " pairings of " + std::to_string(players) +
                                        " players, each loser out"};
    }
  }
  std::size_t rounds = 0;
  const std::string failed = swiss_failure(games, &rounds);
  if (failed.empty()) {
    std::string why =
        std::to_string(rounds) + " numbered rounds, at most one game a round per player";
    const auto unnumbered = static_cast<std::size_t>(
        std::count_if(games.begin(), games.end(), [](const TableGame& g) { return g.round <= 0; }));
    if (unnumbered > 0) {
      why += "; " + unnumbered_text(unnumbered, games.size());
    }
    return {EventKind::kSwiss, why};
  }
  if (games.empty()) return {EventKind::kGames, failed};
  return {EventKind::kGames, failed + " and not every two players met"};
}

std::vector<std::vector<std::vector<CrossGame>>> crosstable(const std::vector<std::int32_t>& rows,
                                                            const std::vector<TableGame>& games) {
  const std::unordered_map<std::int32_t, std::size_t> at = row_positions(rows);
  std::vector<std::vector<std::vector<CrossGame>>> cells(
      rows.size(), std::vector<std::vector<CrossGame>>(rows.size()));
  for (const TableGame* g : in_event_order(games)) {
    if (g->first == g->second) continue;
    const std::size_t a = row_of(at, g->first);
    const std::size_t b = row_of(at, g->second);
    if (a == kNoRow || b == kNoRow) continue;
    cells[a][b].push_back({g->game_id, result_for(*g, g->first, {'1', '0', '=', '?'}), true});
    cells[b][a].push_back({g->game_id, result_for(*g, g->second, {'1', '0', '=', '?'}), false});
  }
  return cells;
}

RoundTable round_table(const std::vector<std::int32_t>& rows, const std::vector<TableGame>& games) {
  const std::unordered_map<std::int32_t, std::size_t> at = row_positions(rows);
  RoundTable table;
  for (const TableGame& g : games) table.rounds = std::max(table.rounds, g.round);
  table.cells.assign(rows.size(),
                     std::vector<std::vector<RoundCell>>(static_cast<std::size_t>(table.rounds)));
  for (const TableGame* g : in_event_order(games)) {
    if (g->round <= 0) {
      table.unplaced.push_back(g->game_id);
      continue;
    }
    const auto round = static_cast<std::size_t>(g->round - 1);
    // A game against oneself is shown once, in seat 1, against its own row;
    // an opponent not in `rows` is place 0, a player not in `rows` no row.
    const std::size_t seats = g->first == g->second ? 1 : 2;
    for (std::size_t seat = 0; seat < seats; ++seat) {
      const std::int32_t player = seat == 0 ? g->first : g->second;
      const std::int32_t opponent = seat == 0 ? g->second : g->first;
      const std::size_t row = row_of(at, player);
      if (row == kNoRow) continue;
      const std::size_t opponent_row = row_of(at, opponent);
      RoundCell cell;
      cell.game_id = g->game_id;
      cell.opponent_row = opponent_row == kNoRow ? 0 : static_cast<std::int32_t>(opponent_row + 1);
      cell.result = result_for(*g, player, {'+', '-', '=', '?'});
      cell.colour = seat == 0 ? 'b' : 'w';
      cell.handicap = g->handicap;
      table.cells[row][round].push_back(cell);
    }
  }
  return table;
}

Bracket knockout_bracket(const std::vector<std::int32_t>& rows,
                         const std::vector<TableGame>& games) {
  const std::unordered_map<std::int32_t, std::size_t> at = row_positions(rows);
  const bool by_round = pair_games_numbered(games);
  const std::vector<PairGames> pairings = pairings_of(games, by_round);

  // Unplaced games: the game and, for a pairing after a player's lost one,
  // the pairing that player lost (its stage is known only at the end).
  std::vector<std::tuple<const TableGame*, std::string, std::optional<std::size_t>>> unplaced;
  for (const TableGame& g : games) {
    if (g.first == g.second) {
      unplaced.emplace_back(&g, "a game of a player against itself", std::nullopt);
    }
  }

  // In pairing order: a pairing with a player out (it lost a placed pairing
  // played before) is not placed; a placed pairing's loser is out.
  std::vector<bool> placed(pairings.size(), false);
  std::map<std::int32_t, std::size_t> lost_in;  // player -> the placed pairing it lost
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    std::optional<std::size_t> out_by;
    for (const std::int32_t player : {pairings[p].lo, pairings[p].hi}) {
      const auto it = lost_in.find(player);
      if (it != lost_in.end() && played_after(pairings, p, it->second)) out_by = it->second;
    }
    if (out_by) {
      // Both players out: a match for third place (or a later placing).
      const bool both_out = lost_in.contains(pairings[p].lo) && lost_in.contains(pairings[p].hi);
      for (const TableGame* g : pairings[p].games) {
        unplaced.emplace_back(g, both_out ? "a placing match of two players already out" : "",
                              both_out ? std::nullopt : out_by);
      }
      continue;
    }
    placed[p] = true;
    if (const std::optional<std::int32_t> loser = pairings[p].loser()) lost_in.emplace(*loser, p);
  }

  // Stages: by the rank of the pairing's first round among the placed
  // pairings' first rounds; else one more than the latest stage either
  // player won before (a pairing without a winner counts as won by both:
  // either may go on).
  std::vector<std::int32_t> stage(pairings.size(), 0);
  if (by_round) {
    std::set<std::int64_t> starts;
    for (std::size_t p = 0; p < pairings.size(); ++p) {
      if (placed[p]) starts.insert(pairings[p].start);
    }
    for (std::size_t p = 0; p < pairings.size(); ++p) {
      if (!placed[p]) continue;
      stage[p] = static_cast<std::int32_t>(
          std::distance(starts.begin(), starts.find(pairings[p].start)) + 1);
    }
  } else {
    std::map<std::int32_t, std::int32_t> won;  // player -> the latest stage it won
    for (std::size_t p = 0; p < pairings.size(); ++p) {
      if (!placed[p]) continue;
      const PairGames& x = pairings[p];
      stage[p] = 1 + std::max(won[x.lo], won[x.hi]);
      if (x.winner) {
        won[*x.winner] = stage[p];
      } else {
        won[x.lo] = stage[p];
        won[x.hi] = stage[p];
      }
    }
  }
  // A pairing without a winner by its games: the one that went on.
  std::vector<std::optional<std::int32_t>> winner(pairings.size());
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    if (!placed[p]) continue;
    winner[p] = pairings[p].winner;
    if (winner[p]) continue;
    auto goes_on = [&](std::int32_t player) {
      for (std::size_t q = 0; q < pairings.size(); ++q) {
        if (placed[q] && stage[q] > stage[p] && pairings[q].has(player)) return true;
      }
      return false;
    };
    const bool lo_on = goes_on(pairings[p].lo);
    const bool hi_on = goes_on(pairings[p].hi);
    if (lo_on != hi_on) winner[p] = lo_on ? pairings[p].lo : pairings[p].hi;
  }

  // a and b: the one first in rows (players not in rows after, by index).
  auto seed = [&](std::int32_t player) { return std::make_pair(row_of(at, player), player); };
  auto a_of = [&](std::size_t p) {
    return seed(pairings[p].lo) <= seed(pairings[p].hi) ? pairings[p].lo : pairings[p].hi;
  };
  auto b_of = [&](std::size_t p) {
    return a_of(p) == pairings[p].lo ? pairings[p].hi : pairings[p].lo;
  };

  const std::int32_t stages = stage.empty() ? 0 : *std::max_element(stage.begin(), stage.end());
  std::vector<std::vector<std::size_t>> in_stage(static_cast<std::size_t>(stages));
  for (std::size_t p = 0; p < pairings.size(); ++p) {
    if (placed[p]) in_stage[static_cast<std::size_t>(stage[p] - 1)].push_back(p);
  }
  auto by_seed = [&](std::size_t x, std::size_t y) { return seed(a_of(x)) < seed(a_of(y)); };
  for (std::size_t s = in_stage.size(); s-- > 0;) {
    std::vector<std::size_t>& here = in_stage[s];
    std::stable_sort(here.begin(), here.end(), by_seed);
    if (s + 1 == in_stage.size()) continue;
    std::vector<std::size_t> drawn;
    std::vector<bool> used(here.size(), false);
    for (const std::size_t q : in_stage[s + 1]) {
      for (const std::int32_t player : {a_of(q), b_of(q)}) {
        for (std::size_t k = 0; k < here.size(); ++k) {
          if (!used[k] && pairings[here[k]].has(player)) {
            used[k] = true;
            drawn.push_back(here[k]);
            break;
          }
        }
      }
    }
    for (std::size_t k = 0; k < here.size(); ++k) {
      if (!used[k]) drawn.push_back(here[k]);
    }
    here = std::move(drawn);
  }

  Bracket bracket;
  for (const std::vector<std::size_t>& here : in_stage) {
    std::vector<Pairing>& out = bracket.stages.emplace_back();
    for (const std::size_t p : here) {
      const PairGames& x = pairings[p];
      Pairing pairing;
      pairing.a = a_of(p);
      pairing.b = b_of(p);
      for (const TableGame* g : x.games) pairing.games.push_back(g->game_id);
      pairing.score_a = pairing.a == x.lo ? x.score_lo : x.score_hi;
      pairing.score_b = pairing.a == x.lo ? x.score_hi : x.score_lo;
      pairing.winner = winner[p];
      out.push_back(std::move(pairing));
    }
  }
  std::stable_sort(unplaced.begin(), unplaced.end(), [](const auto& x, const auto& y) {
    return before_in_event(std::get<0>(x), std::get<0>(y));
  });
  for (auto& [g, reason, out_by] : unplaced) {
    if (out_by) {
      reason = "a player of this game was already out (lost in stage " +
               std::to_string(stage[*out_by]) + ")";
    }
    bracket.unplaced.emplace_back(g->game_id, std::move(reason));
  }
  return bracket;
}

}  // namespace ludex
