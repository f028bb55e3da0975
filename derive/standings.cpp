#include "derive/standings.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <numeric>
#include <string>
#include <utility>

namespace ludex {
namespace {

constexpr std::array<std::pair<std::string_view, TieBreak>, 11> kNames = {{
    {"wins", TieBreak::kWins},
    {"buchholz", TieBreak::kBuchholz},
    {"buchholz-cut1", TieBreak::kBuchholzCut1},
    {"buchholz-cut2", TieBreak::kBuchholzCut2},
    {"buchholz-median", TieBreak::kBuchholzMedian},
    {"sosos", TieBreak::kSosos},
    {"sonneborn-berger", TieBreak::kSonnebornBerger},
    {"direct", TieBreak::kDirectEncounter},
    {"sos", TieBreak::kBuchholz},
    {"sb", TieBreak::kSonnebornBerger},
    {"sodos", TieBreak::kSonnebornBerger},
}};

// One scored game from one player's side.
struct Played {
  std::int32_t opponent = 0;
  double points = 0;    // what the scoring gives the result
  double fraction = 0;  // 1 a win, 1/2 a draw, 0 a loss (Sonneborn-Berger's weight)
};

// Buchholz over `terms` (the opponents' scores, one per game) without the
// `low` lowest and `high` highest; 0 when nothing is left.
double cut_sum(std::vector<double> terms, std::size_t low, std::size_t high) {
  if (terms.size() <= low + high) return 0;
  std::sort(terms.begin(), terms.end());
  return std::accumulate(terms.begin() + static_cast<std::ptrdiff_t>(low),
                         terms.end() - static_cast<std::ptrdiff_t>(high), 0.0);
}

}  // namespace

std::optional<TieBreak> parse_tie_break(std::string_view name) {
  for (const auto& [n, t] : kNames) {
    if (n == name) return t;
  }
  return std::nullopt;
}

std::string_view tie_break_name(TieBreak t) {
  for (const auto& [n, tb] : kNames) {
    if (tb == t) return n;
  }
  return "?";
}

std::vector<PlayerStanding> compute_standings(std::int32_t players,
                                              const std::vector<EventGame>& games,
                                              const EventScoring& scoring,
                                              const std::vector<TieBreak>& order) {
  const auto n = static_cast<std::size_t>(std::max(players, 0));
  std::vector<PlayerStanding> s(n);
  std::vector<std::vector<Played>> played(n);
  for (std::size_t i = 0; i < n; ++i) s[i].player = static_cast<std::int32_t>(i);
  for (const EventGame& g : games) {
    assert(g.first >= 0 && g.first < players && g.second >= 0 && g.second < players);
    const auto a = static_cast<std::size_t>(g.first);
    const auto b = static_cast<std::size_t>(g.second);
    if (a == b || g.outcome == EventOutcome::kUnscored) {
      ++s[a].unscored;
      if (b != a) ++s[b].unscored;
      continue;
    }
    auto add = [&](std::size_t p, std::size_t opponent, int result) {  // 1 won, 0 drew, -1 lost
      PlayerStanding& x = s[p];
      ++x.games;
      Played e;
      e.opponent = static_cast<std::int32_t>(opponent);
      if (result > 0) {
        ++x.wins;
        e.points = scoring.win;
        e.fraction = 1.0;
      } else if (result == 0) {
        ++x.draws;
        e.points = scoring.draw;
        e.fraction = 0.5;
      } else {
        ++x.losses;
        e.points = scoring.loss;
      }
      x.score += e.points;
      played[p].push_back(e);
    };
    const int first = g.outcome == EventOutcome::kFirstWon    ? 1
                      : g.outcome == EventOutcome::kSecondWon ? -1
                                                              : 0;
    add(a, b, first);
    add(b, a, -first);
  }

  std::vector<double> buchholz(n, 0.0);
  for (std::size_t i = 0; i < n; ++i) {
    for (const Played& e : played[i]) buchholz[i] += s[static_cast<std::size_t>(e.opponent)].score;
  }
  // The value of every tie-break but the direct encounter, which depends on
  // who is tied (filled while ranking).
  auto value = [&](std::size_t i, TieBreak t) -> double {
    std::vector<double> terms;
    for (const Played& e : played[i])
      terms.push_back(s[static_cast<std::size_t>(e.opponent)].score);
    switch (t) {
      case TieBreak::kWins:
        return s[i].wins;
      case TieBreak::kBuchholz:
        return buchholz[i];
      case TieBreak::kBuchholzCut1:
        return cut_sum(std::move(terms), 1, 0);
      case TieBreak::kBuchholzCut2:
        return cut_sum(std::move(terms), 2, 0);
      case TieBreak::kBuchholzMedian:
        return cut_sum(std::move(terms), 1, 1);
      case TieBreak::kSosos: {
        double sum = 0;
        for (const Played& e : played[i]) sum += buchholz[static_cast<std::size_t>(e.opponent)];
        return sum;
      }
      case TieBreak::kSonnebornBerger: {
        double sum = 0;
        for (const Played& e : played[i]) {
          sum += e.fraction * s[static_cast<std::size_t>(e.opponent)].score;
        }
        return sum;
      }
      case TieBreak::kDirectEncounter:
        return 0;
    }
    return 0;
  };
  for (std::size_t i = 0; i < n; ++i) {
    for (const TieBreak t : order) s[i].tie_breaks.push_back(value(i, t));
  }

  // Rank: groups of players equal so far, split by each criterion in turn.
  std::vector<std::size_t> ids(n);
  std::iota(ids.begin(), ids.end(), 0);
  std::stable_sort(ids.begin(), ids.end(),
                   [&](std::size_t x, std::size_t y) { return s[x].score > s[y].score; });
  std::vector<std::pair<std::size_t, std::size_t>> groups;  // [begin, end) in ids
  for (std::size_t at = 0; at < n;) {
    std::size_t end = at + 1;
    while (end < n && s[ids[end]].score == s[ids[at]].score) ++end;
    groups.emplace_back(at, end);
    at = end;
  }
  for (std::size_t k = 0; k < order.size(); ++k) {
    std::vector<std::pair<std::size_t, std::size_t>> next;
    for (const auto& [begin, end] : groups) {
      if (end - begin < 2) {
        next.emplace_back(begin, end);
        continue;
      }
      if (order[k] == TieBreak::kDirectEncounter) {
        // Points among the group's players, when every two of them met.
        std::vector<bool> in(n, false);
        for (std::size_t at = begin; at < end; ++at) in[ids[at]] = true;
        bool all_met = true;
        for (std::size_t at = begin; at < end && all_met; ++at) {
          for (std::size_t other = begin; other < end; ++other) {
            if (other == at) continue;
            const auto& games_of = played[ids[at]];
            const bool met = std::any_of(games_of.begin(), games_of.end(), [&](const Played& e) {
              return static_cast<std::size_t>(e.opponent) == ids[other];
            });
            if (!met) {
              all_met = false;
              break;
            }
          }
        }
        for (std::size_t at = begin; at < end; ++at) {
          double mutual = 0;
          if (all_met) {
            for (const Played& e : played[ids[at]]) {
              if (in[static_cast<std::size_t>(e.opponent)]) mutual += e.points;
            }
          }
          s[ids[at]].tie_breaks[k] = mutual;
        }
      }
      std::stable_sort(
          ids.begin() + static_cast<std::ptrdiff_t>(begin),
          ids.begin() + static_cast<std::ptrdiff_t>(end),
          [&](std::size_t x, std::size_t y) { return s[x].tie_breaks[k] > s[y].tie_breaks[k]; });
      for (std::size_t at = begin; at < end;) {
        std::size_t stop = at + 1;
        while (stop < end && s[ids[stop]].tie_breaks[k] == s[ids[at]].tie_breaks[k]) ++stop;
        next.emplace_back(at, stop);
        at = stop;
      }
    }
    groups = std::move(next);
  }
  std::vector<PlayerStanding> out;
  out.reserve(n);
  for (const auto& [begin, end] : groups) {
    for (std::size_t at = begin; at < end; ++at) {
      PlayerStanding x = s[ids[at]];
      x.rank = static_cast<std::int32_t>(begin + 1);
      x.shared = end - begin > 1;
      out.push_back(std::move(x));
    }
  }
  return out;
}

}  // namespace ludex
