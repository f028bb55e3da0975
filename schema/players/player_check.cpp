#include "schema/players/player_check.h"

#include <optional>

#include <SQLiteCpp/Statement.h>

#include "derive/seat_facts.h"
#include "schema/db/statement_util.h"

namespace ludex {

std::vector<std::string> alias_problems(Database& db) {
  std::vector<std::string> out;
  SQLite::Statement chains(db.handle(),
                           "SELECT a.name, a.canonical, b.canonical FROM player_aliases AS a "
                           "JOIN player_aliases AS b ON b.name = a.canonical ORDER BY a.name");
  while (chains.executeStep()) {
    out.push_back("the alias '" + chains.getColumn(0).getString() + "' points at '" +
                  chains.getColumn(1).getString() + "', itself an alias of '" +
                  chains.getColumn(2).getString() + "'");
  }
  return out;
}

struct SeatRowsCheck::Impl {
  explicit Impl(Database& db)
      : ranks(db.handle(),
              "SELECT seat, written, reading, rank_scale, rank_level, certainty, rank_order "
              "FROM seat_ranks WHERE game_id = ?1 ORDER BY seat"),
        band(db.handle(), "SELECT rank_low, rank_high FROM game_rank_bands WHERE game_id = ?1"),
        swapped(db.handle(), "SELECT 1 FROM swapped_games WHERE game_id = ?1") {}
  SQLite::Statement ranks, band, swapped;
};

SeatRowsCheck::SeatRowsCheck(Database& db) : impl_(std::make_unique<Impl>(db)) {}
SeatRowsCheck::~SeatRowsCheck() = default;

std::vector<std::string> SeatRowsCheck::differences(std::int64_t game_id,
                                                    const GameRecord& record) {
  Impl& s = *impl_;
  std::vector<std::string> out;
  const std::vector<StatedRank> want = stated_ranks(record);
  std::vector<StatedRank> stored;
  {
    ResetOnExit reset(s.ranks);
    s.ranks.bind(1, game_id);
    while (s.ranks.executeStep()) {
      StatedRank r;
      r.seat = static_cast<std::int8_t>(s.ranks.getColumn(0).getInt());
      r.written = s.ranks.getColumn(1).getString();
      r.parsed.reading = static_cast<RankReading>(s.ranks.getColumn(2).getInt());
      if (!s.ranks.getColumn(3).isNull()) {
        Rank k;
        k.scale = static_cast<RankScale>(s.ranks.getColumn(3).getInt());
        k.level = s.ranks.getColumn(4).getInt();
        k.certainty = static_cast<RankCertainty>(s.ranks.getColumn(5).getInt());
        r.parsed.value = k;
        if (s.ranks.getColumn(6).isNull() || s.ranks.getColumn(6).getInt() != rank_order(k)) {
          out.push_back("seat " + std::to_string(r.seat) + "'s rank_order is not its rank's");
        }
      }
      stored.push_back(std::move(r));
    }
  }
  if (stored != want) {
    out.push_back("the seat_ranks rows (" + std::to_string(stored.size()) +
                  ") are not the ranks its root states (" + std::to_string(want.size()) + ")");
  }
  std::optional<std::pair<std::int32_t, std::int32_t>> stored_band;
  {
    ResetOnExit reset(s.band);
    s.band.bind(1, game_id);
    if (s.band.executeStep()) {
      stored_band = std::make_pair(s.band.getColumn(0).getInt(), s.band.getColumn(1).getInt());
    }
  }
  if (stored_band != rank_band(record, want)) {
    out.push_back("the game_rank_bands row is not the band of its players' ranks");
  }
  bool stored_swapped = false;
  {
    ResetOnExit reset(s.swapped);
    s.swapped.bind(1, game_id);
    stored_swapped = s.swapped.executeStep();
  }
  if (stored_swapped != sides_swapped_at_end(record)) {
    out.push_back(stored_swapped ? "listed in swapped_games, but its seats keep their colours"
                                 : "not listed in swapped_games, but its seats end swapped");
  }
  return out;
}

}  // namespace ludex
