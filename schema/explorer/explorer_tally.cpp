// ExplorerTally (declared in schema/explorer/explorer_tally.h): the explorer's
// counting rule, one game once per position and once per move however many
// of its nodes (in any image) hold it, with its seats' wins, years and
// evaluations.
#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "schema/explorer/explorer_tally.h"

namespace ludex {
namespace {
// The upper bound of a --date-to, as game_condition() binds it: a DT
// starting with date_to sorts below it.
constexpr std::string_view kMaxCodePoint = "\xF4\x8F\xBF\xBF";

// Where an address starts its probe in ExplorerTally's open-addressing
// table (masked by the caller): Fibonacci hashing of the address.
std::size_t address_bucket(const Continuation* move) {
  return static_cast<std::size_t>(
      (reinterpret_cast<std::uintptr_t>(move) >> 4) * 0x9E3779B97F4A7C15ULL >> 20);
}

// The year a DT starts with (four digits), or nullopt.
std::optional<std::int32_t> year_of(std::string_view date) {
  if (date.size() < 4) return std::nullopt;
  std::int32_t year = 0;
  for (int i = 0; i < 4; ++i) {
    if (date[i] < '0' || date[i] > '9') return std::nullopt;
    year = year * 10 + (date[i] - '0');
  }
  return year;
}

}  // namespace

struct ExplorerTally::Impl {
  struct Slot {
    Continuation move;  // the move's key fields, as the first image that played it read
    std::int64_t games = 0;
    std::int64_t occurrences = 0;
    std::int64_t seat1_wins = 0;
    std::int64_t seat2_wins = 0;
    std::int64_t example = 0;
    std::size_t example_image = 0;
    std::vector<std::int64_t> year_games;  // by index into Impl::years
    std::array<Continuation::EvalSum, kEvalSourceCount> evaluations{};
  };

  Impl(const GameFilter& f, std::function<bool(std::int64_t)> x)
      : filter(f), excluded(std::move(x)) {
    if (!filter.date_to.empty()) date_to_bound = filter.date_to + std::string(kMaxCodePoint);
  }

  bool counts(const PositionVisit& v) const {
    if (!filter.date_from.empty() &&
        (v.date.empty() || v.date < std::string_view(filter.date_from))) {
      return false;
    }
    if (!filter.date_to.empty() &&
        (v.date.empty() || !(v.date < std::string_view(date_to_bound)))) {
      return false;
    }
    if (filter.winner && v.winner != *filter.winner) return false;
    return !(excluded && excluded(v.game_id));
  }

  // The slot of the move at `move`: a lookup in an open-addressing table of
  // addresses (a visit's moves point into the producer's table, so a few
  // hundred distinct addresses serve a whole image), the key only when the
  // address is new.
  std::size_t slot_of(const Continuation* move) {
    if (address_slots.empty()) address_slots.assign(kFirstAddressSlots, {nullptr, 0});
    const std::size_t mask = address_slots.size() - 1;
    std::size_t at = address_bucket(move);
    for (at &= mask; address_slots[at].first != nullptr; at = (at + 1) & mask) {
      if (address_slots[at].first == move) return address_slots[at].second;
    }
    const std::size_t slot = slot_by_key(move);
    address_slots[at] = {move, slot};
    if (++addresses * 2 > address_slots.size()) grow_addresses();
    return slot;
  }

  void grow_addresses() {
    std::vector<std::pair<const Continuation*, std::size_t>> old(address_slots.size() * 2,
                                                                 {nullptr, 0});
    old.swap(address_slots);
    const std::size_t mask = address_slots.size() - 1;
    for (const auto& [move, slot] : old) {
      if (move == nullptr) continue;
      std::size_t at = address_bucket(move);
      for (at &= mask; address_slots[at].first != nullptr; at = (at + 1) & mask) {
      }
      address_slots[at] = {move, slot};
    }
  }

  std::size_t slot_by_key(const Continuation* move) {
    // Each row's moves sit in a table of their own, so an address is new
    // once per row: the move's own key finds the slot of the image without
    // mapping it back again (with the position's symmetries, mapping every
    // row's moves was a tenth of the empty Twixt board at 1M games).
    std::optional<ContinuationKey> raw;
    if (map_back) {
      raw = key_of(*move);
      const auto known = image_slots.find(*raw);
      if (known != image_slots.end()) return known->second;
    }
    const std::size_t slot = slot_by_read_key(move);
    if (raw) image_slots.emplace(std::move(*raw), slot);
    return slot;
  }

  std::size_t slot_by_read_key(const Continuation* move) {
    Continuation read = map_back ? map_back(*move) : *move;
    auto [it, inserted] = by_key.try_emplace(key_of(read), slots.size());
    if (inserted) {
      Slot slot;
      slot.move.seat = read.seat;
      slot.move.color = read.color;
      slot.move.kind = read.kind;
      slot.move.points = std::move(read.points);
      slot.move.piece = std::move(read.piece);
      slots.push_back(std::move(slot));
    }
    return it->second;
  }

  // The index of a visit's year in `years` (added when new); -1 for a game
  // without one. A visit asks once, not once per move.
  std::ptrdiff_t year_index(std::string_view date) {
    const std::optional<std::int32_t> year = year_of(date);
    return year ? year_slot(*year) : -1;
  }

  // The index of a four-digit year in `years` (added when new).
  std::ptrdiff_t year_slot(std::int32_t year) {
    if (year_slots.empty()) year_slots.assign(10000, -1);  // every four-digit year
    std::int32_t& slot = year_slots[static_cast<std::size_t>(year)];
    if (slot < 0) {
      slot = static_cast<std::int32_t>(years.size());
      years.push_back(year);
    }
    return slot;
  }

  // Adds what `other` counted, for games this tally did not see (the two
  // counted disjoint sets of games, each image in the same order). Returns
  // the index in `slots` of each of other's slots.
  std::vector<std::size_t> merge(Impl& other) {
    games += other.games;
    nodes += other.nodes;
    std::vector<std::size_t> map;
    for (Slot& theirs : other.slots) {
      auto [it, inserted] = by_key.try_emplace(key_of(theirs.move), slots.size());
      if (inserted) {
        Slot slot;
        slot.move = theirs.move;
        slots.push_back(std::move(slot));
      }
      map.push_back(it->second);
      Slot& ours = slots[it->second];
      ours.games += theirs.games;
      ours.occurrences += theirs.occurrences;
      ours.seat1_wins += theirs.seat1_wins;
      ours.seat2_wins += theirs.seat2_wins;
      // The example of the first image with the move, its first node.
      if (theirs.example != 0 &&
          (ours.example == 0 || theirs.example_image < ours.example_image ||
           (theirs.example_image == ours.example_image && theirs.example < ours.example))) {
        ours.example = theirs.example;
        ours.example_image = theirs.example_image;
      }
      for (std::size_t y = 0; y < theirs.year_games.size(); ++y) {
        if (theirs.year_games[y] == 0) continue;
        const auto at = static_cast<std::size_t>(year_slot(other.years[y]));
        if (ours.year_games.size() <= at) ours.year_games.resize(years.size(), 0);
        ours.year_games[at] += theirs.year_games[y];
      }
      for (std::size_t e = 0; e < theirs.evaluations.size(); ++e) {
        if (theirs.evaluations[e].games == 0) continue;
        ours.evaluations[e].source = theirs.evaluations[e].source;
        ours.evaluations[e].games += theirs.evaluations[e].games;
        ours.evaluations[e].sum += theirs.evaluations[e].sum;
      }
    }
    return map;
  }

  // Marks game as counted for the position; false if an earlier image
  // already counted it.
  bool first_sight(std::int64_t game) {
    const auto g = static_cast<std::uint64_t>(game);
    const std::size_t word = g >> 6;
    if (word >= seen.size()) seen.resize(std::max(word + 1, seen.size() * 2), 0);
    const std::uint64_t bit = std::uint64_t{1} << (g & 63);
    const bool first = (seen[word] & bit) == 0;
    seen[word] |= bit;
    return first;
  }

  // True if an earlier image counted `slot` for `game` (a game seen there).
  bool counted_before(std::int64_t game, std::size_t slot) const {
    for (std::size_t i = 0; i + 1 < image_begin.size(); ++i) {
      const auto begin = pairs.begin() + static_cast<std::ptrdiff_t>(image_begin[i]);
      const auto end = pairs.begin() + static_cast<std::ptrdiff_t>(image_begin[i + 1]);
      auto it = std::lower_bound(begin, end, std::make_pair(game, std::size_t{0}));
      for (; it != end && it->first == game; ++it) {
        if (it->second == slot) return true;
      }
    }
    return false;
  }

  GameFilter filter;
  std::function<bool(std::int64_t)> excluded;
  std::string date_to_bound;
  std::function<Continuation(const Continuation&)> map_back;
  static constexpr std::size_t kFirstAddressSlots = 1024;  // a power of two
  // Open addressing, linear probing; cleared for each image (its addresses
  // map to other keys).
  std::vector<std::pair<const Continuation*, std::size_t>> address_slots;
  std::size_t addresses = 0;
  std::uint64_t move_table = 0;          // the table address_slots' addresses point into
  std::vector<std::int32_t> years;       // the years seen, in the order first seen
  std::vector<std::int32_t> year_slots;  // year -> index into years, -1 when unseen
  std::map<ContinuationKey, std::size_t> by_key;
  // The image's moves as stored -> their slots; cleared for each image.
  std::map<ContinuationKey, std::size_t> image_slots;
  std::vector<Slot> slots;
  std::vector<std::uint64_t> seen;  // games counted for the position, a bit each
  // (game, slot) counted, per image in increasing game order; image i's
  // pairs are pairs[image_begin[i], image_begin[i + 1]), the current
  // image's from image_begin.back().
  std::vector<std::pair<std::int64_t, std::size_t>> pairs;
  std::vector<std::size_t> image_begin;
  std::size_t image = 0;
  bool several = false;
  std::int64_t games = 0;
  std::int64_t nodes = 0;
  std::vector<std::size_t> visit_slots;
  // With defer_sums, each evaluation a visit adds, in the order added
  // (image i's from deferred_begin[i]), for merge_in_order to sum.
  struct Deferred {
    std::size_t slot;
    EvalSource source;
    double value;
  };
  bool defer_sums = false;
  std::vector<Deferred> deferred;
  std::vector<std::size_t> deferred_begin;
};

ExplorerTally::ExplorerTally(const GameFilter& filter, std::function<bool(std::int64_t)> excluded)
    : impl_(std::make_unique<Impl>(filter, std::move(excluded))) {}

ExplorerTally::~ExplorerTally() = default;

bool ExplorerTally::needs_sql(const GameFilter& f) {
  return !f.players.empty() || !f.game_ids.empty() || !f.event.empty() || !f.result.empty() ||
         f.moves_min || f.moves_max || f.rank_min || f.rank_max || f.duplicates_only;
}

void ExplorerTally::begin_image(std::function<Continuation(const Continuation&)> map_back) {
  Impl& s = *impl_;
  s.map_back = std::move(map_back);
  s.image_slots.clear();
  s.address_slots.clear();
  s.addresses = 0;
  s.image = s.image_begin.size();
  s.image_begin.push_back(s.pairs.size());
  s.deferred_begin.push_back(s.deferred.size());
}

void ExplorerTally::set_several_images(bool several) {
  impl_->several = several;
}

void ExplorerTally::add(const PositionVisit& visit) {
  Impl& s = *impl_;
  if (s.image_begin.empty()) begin_image(nullptr);
  if (!s.counts(visit)) return;
  const bool first = s.first_sight(visit.game_id);
  if (first) ++s.games;
  s.nodes += visit.nodes;
  if (visit.move_table != s.move_table) {
    // Another table: its addresses may hold other moves.
    std::fill(s.address_slots.begin(), s.address_slots.end(),
              std::pair<const Continuation*, std::size_t>{nullptr, 0});
    s.addresses = 0;
    s.move_table = visit.move_table;
  }
  const std::ptrdiff_t year = s.year_index(visit.date);
  s.visit_slots.clear();
  for (const MoveVisit& m : visit.moves) {
    const std::size_t index = s.slot_of(m.move);
    Impl::Slot& slot = s.slots[index];
    slot.occurrences += m.count;
    if (slot.example == 0 || (s.image == slot.example_image && m.child < slot.example)) {
      slot.example = m.child;
      slot.example_image = s.image;
    }
    // Two moves of one image may read as one move (the position's own
    // symmetries fold them): the game counts once for it.
    const bool repeat =
        std::find(s.visit_slots.begin(), s.visit_slots.end(), index) != s.visit_slots.end();
    s.visit_slots.push_back(index);
    if (repeat || (!first && s.counted_before(visit.game_id, index))) continue;
    if (s.several) s.pairs.emplace_back(visit.game_id, index);
    ++slot.games;
    if (visit.winner == 1) ++slot.seat1_wins;
    if (visit.winner == 2) ++slot.seat2_wins;
    if (year >= 0) {
      const auto y = static_cast<std::size_t>(year);
      if (slot.year_games.size() <= y) slot.year_games.resize(s.years.size(), 0);
      ++slot.year_games[y];
    }
    if (m.has_eval) {
      Continuation::EvalSum& e = slot.evaluations[static_cast<std::size_t>(m.eval.source)];
      e.source = m.eval.source;
      ++e.games;
      if (s.defer_sums) {
        s.deferred.push_back({index, m.eval.source, m.eval.value});
      } else {
        e.sum += m.eval.value;
      }
    }
  }
}

void ExplorerTally::defer_evaluation_sums() {
  impl_->defer_sums = true;
}

void ExplorerTally::merge_in_order(const std::vector<ExplorerTally*>& parts) {
  if (parts.empty()) return;
  Impl& first = *parts.front()->impl_;
  std::vector<std::vector<std::size_t>> maps(parts.size());
  for (std::size_t i = 0; i < first.slots.size(); ++i) maps[0].push_back(i);
  for (std::size_t p = 1; p < parts.size(); ++p) maps[p] = first.merge(*parts[p]->impl_);
  // The sums in the order one tally of every game would have added them:
  // image by image, each part's games (ranges of ids, ascending) in turn.
  // Floating-point addition does not commute: any other order could change
  // a mean's last digit with the number of cores.
  std::size_t images = 0;
  for (const ExplorerTally* part : parts) {
    images = std::max(images, part->impl_->deferred_begin.size());
  }
  for (std::size_t image = 0; image < images; ++image) {
    for (std::size_t p = 0; p < parts.size(); ++p) {
      const Impl& part = *parts[p]->impl_;
      if (image >= part.deferred_begin.size()) continue;
      const std::size_t end = image + 1 < part.deferred_begin.size()
                                  ? part.deferred_begin[image + 1]
                                  : part.deferred.size();
      for (std::size_t d = part.deferred_begin[image]; d < end; ++d) {
        const Impl::Deferred& e = part.deferred[d];
        first.slots[maps[p][e.slot]].evaluations[static_cast<std::size_t>(e.source)].sum += e.value;
      }
    }
  }
  first.defer_sums = false;
  first.deferred.clear();
  first.deferred_begin.clear();
}

PositionReport ExplorerTally::finish() {
  Impl& s = *impl_;
  PositionReport report;
  report.games = s.games;
  report.nodes = s.nodes;
  for (Impl::Slot& slot : s.slots) {
    if (slot.games == 0) continue;  // only in games the filter left out
    Continuation c = std::move(slot.move);
    c.games = slot.games;
    c.occurrences = slot.occurrences;
    c.seat1_wins = slot.seat1_wins;
    c.seat2_wins = slot.seat2_wins;
    c.example_node = slot.example;
    for (std::size_t y = 0; y < slot.year_games.size(); ++y) {
      if (slot.year_games[y] > 0) c.years.emplace_back(s.years[y], slot.year_games[y]);
    }
    std::sort(c.years.begin(), c.years.end());
    for (const Continuation::EvalSum& e : slot.evaluations) {
      if (e.games > 0) c.evaluations.push_back(e);
    }
    report.moves.push_back(std::move(c));
  }
  std::sort(report.moves.begin(), report.moves.end(), more_played);
  s.slots.clear();
  return report;
}

}  // namespace ludex
