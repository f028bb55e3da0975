#include "derive/seat_facts.h"

#include <algorithm>

#include "games/family_rules.h"

namespace ludex {
namespace {

// The rank property beside a player property (SGF FF[4]: BR/WR go with
// PB/PW); "" for a player property that has none.
std::string_view rank_property_of(std::string_view player_property) {
  if (player_property == "PB") return "BR";
  if (player_property == "PW") return "WR";
  return {};
}

}  // namespace

std::vector<StatedRank> stated_ranks(const GameRecord& game) {
  std::vector<StatedRank> out;
  if (game.tree.empty()) return out;
  const std::span<const Property> root = game.tree.data(0).props;
  SgfGameKind kind;
  kind.family = game.family;
  kind.dialect = game.dialect;
  kind.variant = game.variant;
  kind.columns = game.columns;
  kind.rows = game.rows;
  const RankSource source = rank_source_of(game.dialect, root);
  for (const auto& [player_property, seat] : rules_for(game.family).player_properties(kind)) {
    const std::string_view id = rank_property_of(player_property);
    if (id.empty() || seat <= 0) continue;
    for (const Property& p : root) {
      if (p.id != id) continue;
      StatedRank r;
      r.seat = seat;
      r.written = p.values.empty() ? std::string() : p.values.front();
      r.parsed = parse_rank(r.written, source);
      out.push_back(std::move(r));
      break;
    }
  }
  std::sort(out.begin(), out.end(),
            [](const StatedRank& a, const StatedRank& b) { return a.seat < b.seat; });
  return out;
}

std::optional<std::pair<std::int32_t, std::int32_t>> rank_band(
    const GameRecord& game, const std::vector<StatedRank>& ranks) {
  std::vector<std::int8_t> seats;
  for (const SeatPlayer& p : game.players) seats.push_back(p.seat);
  for (const StatedRank& r : ranks) seats.push_back(r.seat);
  if (seats.empty()) return std::nullopt;
  std::int32_t low = 0;
  std::int32_t high = 0;
  bool any = false;
  for (const std::int8_t seat : seats) {
    const auto it = std::find_if(ranks.begin(), ranks.end(),
                                 [&](const StatedRank& r) { return r.seat == seat; });
    if (it == ranks.end() || !it->parsed.value) return std::nullopt;
    const std::int32_t order = rank_order(*it->parsed.value);
    low = any ? std::min(low, order) : order;
    high = any ? std::max(high, order) : order;
    any = true;
  }
  return std::make_pair(low, high);
}

bool sides_swapped_at_end(const GameRecord& game) {
  if (game.tree.empty()) return false;
  bool swapped = false;
  for (const NodeIndex i : game.tree.main_line()) {
    for (const Move& m : game.tree.data(i).moves) {
      if (m.kind == MoveKind::kSwapSides) swapped = !swapped;
    }
  }
  return swapped;
}

}  // namespace ludex
