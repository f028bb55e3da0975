#include "derive/continuation_tally.h"

#include <algorithm>

namespace ludex {

std::size_t ContinuationKeyHash::operator()(const Continuation& c) const noexcept {
  // FNV-1a over the key fields, then a 64-bit finaliser (splitmix64's).
  std::uint64_t h = 14695981039346656037ull;
  auto mix = [&h](std::uint64_t v) {
    h ^= v;
    h *= 1099511628211ull;
  };
  mix(static_cast<std::uint8_t>(c.seat));
  mix(static_cast<std::uint8_t>(c.color));
  mix(static_cast<std::uint8_t>(c.kind));
  for (const Point& p : c.points) {
    mix((static_cast<std::uint64_t>(static_cast<std::uint16_t>(p.x)) << 16) |
        static_cast<std::uint16_t>(p.y));
  }
  for (const char ch : c.piece) mix(static_cast<unsigned char>(ch));
  h ^= h >> 30;
  h *= 0xbf58476d1ce4e5b9ull;
  h ^= h >> 27;
  h *= 0x94d049bb133111ebull;
  h ^= h >> 31;
  return static_cast<std::size_t>(h);
}

void ContinuationTally::add(const Continuation& move, std::int64_t game_id, std::int8_t winner,
                            std::int64_t child_node) {
  auto [it, inserted] = moves_.try_emplace(key_of(move));
  Entry& e = it->second;
  if (inserted) {
    e.move = move;
    e.move.occurrences = 0;
    e.move.example_node = 0;
  }
  if (e.move.example_node == 0 || child_node < e.move.example_node) {
    e.move.example_node = child_node;
  }
  ++e.move.occurrences;
  // Callers add a game's nodes together: a repeat is most often the last
  // game, and take() removes any other.
  if (e.game_winners.empty() || e.game_winners.back().first != game_id) {
    e.game_winners.emplace_back(game_id, winner);
  }
}

void ContinuationTally::merge(const Continuation& tallied) {
  auto [it, inserted] = moves_.try_emplace(key_of(tallied));
  Entry& e = it->second;
  if (inserted) {
    e.move = tallied;
    e.move.occurrences = 0;
    e.move.game_winners.clear();
  }
  if (e.move.example_node == 0) e.move.example_node = tallied.example_node;
  e.move.occurrences += tallied.occurrences;
  e.game_winners.insert(e.game_winners.end(), tallied.game_winners.begin(),
                        tallied.game_winners.end());
}

std::vector<Continuation> ContinuationTally::take() {
  std::vector<Continuation> out;
  out.reserve(moves_.size());
  for (auto& [key, e] : moves_) {
    std::sort(e.game_winners.begin(), e.game_winners.end());
    e.game_winners.erase(
        std::unique(e.game_winners.begin(), e.game_winners.end(),
                    [](const auto& a, const auto& b) { return a.first == b.first; }),
        e.game_winners.end());
    Continuation c = std::move(e.move);
    c.games = static_cast<std::int64_t>(e.game_winners.size());
    c.seat1_wins = 0;
    c.seat2_wins = 0;
    for (const auto& [game, winner] : e.game_winners) {
      if (winner == 1) ++c.seat1_wins;
      if (winner == 2) ++c.seat2_wins;
    }
    c.game_winners = std::move(e.game_winners);
    out.push_back(std::move(c));
  }
  moves_.clear();
  std::sort(out.begin(), out.end(), more_played);
  return out;
}

}  // namespace ludex
