#include "schema/players/seat_rank_rows.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "schema/db/statement_util.h"
#include "schema/game_loader.h"

namespace ludex {

SeatRankRows::SeatRankRows(SQLite::Database& db)
    : ranks_(db,
             "INSERT INTO seat_ranks (game_id, seat, written, reading, rank_scale, rank_level, "
             "certainty, rank_order) VALUES",
             8),
      bands_(db, "INSERT INTO game_rank_bands (game_id, rank_low, rank_high) VALUES", 3),
      swapped_(db, "INSERT INTO swapped_games (game_id) VALUES", 1),
      delete_ranks_(db, "DELETE FROM seat_ranks WHERE game_id BETWEEN ?1 AND ?2"),
      delete_bands_(db, "DELETE FROM game_rank_bands WHERE game_id BETWEEN ?1 AND ?2"),
      delete_swapped_(db, "DELETE FROM swapped_games WHERE game_id BETWEEN ?1 AND ?2") {}

void SeatRankRows::add(std::int64_t game_id, const PreparedGame& prepared) {
  for (const StatedRank& r : prepared.ranks) {
    ranks_.set_int(0, game_id);
    ranks_.set_int(1, r.seat);
    ranks_.set_text(2, r.written);
    ranks_.set_int(3, static_cast<std::int64_t>(r.parsed.reading));
    if (r.parsed.value) {
      ranks_.set_int(4, static_cast<std::int64_t>(r.parsed.value->scale));
      ranks_.set_int(5, r.parsed.value->level);
      ranks_.set_int(6, static_cast<std::int64_t>(r.parsed.value->certainty));
      ranks_.set_int(7, rank_order(*r.parsed.value));
    } else {
      ranks_.set_null(4);
      ranks_.set_null(5);
      ranks_.set_int(6, 0);
      ranks_.set_null(7);
    }
    ranks_.end_row();
  }
  if (prepared.rank_band) {
    bands_.set_int(0, game_id);
    bands_.set_int(1, prepared.rank_band->first);
    bands_.set_int(2, prepared.rank_band->second);
    bands_.end_row();
  }
  if (prepared.sides_swapped) {
    swapped_.set_int(0, game_id);
    swapped_.end_row();
  }
}

void SeatRankRows::flush() {
  ranks_.flush();
  bands_.flush();
  swapped_.flush();
}

void SeatRankRows::discard() {
  ranks_.discard();
  bands_.discard();
  swapped_.discard();
}

void SeatRankRows::erase(std::int64_t first_game, std::int64_t last_game) {
  for (SQLite::Statement* st : {&delete_ranks_, &delete_bands_, &delete_swapped_}) {
    st->bind(1, first_game);
    st->bind(2, last_game);
    run(*st);
  }
}

std::int64_t backfill_seat_ranks(Database& db, MetaTable& meta, SeatRankRows& rows) {
  SQLite::Database& h = db.handle();
  h.exec("DELETE FROM seat_ranks");
  h.exec("DELETE FROM game_rank_bands");
  h.exec("DELETE FROM swapped_games");
  // The games whose root has a rank property or that hold a swap-sides
  // (move kind 3, in nodes or node_moves): the others have no rows.
  SQLite::Statement list(h,
                         "SELECT g.game_id FROM games AS g JOIN properties AS p "
                         "ON p.node_id = g.first_node_id WHERE p.prop_id IN ('BR', 'WR') "
                         "UNION SELECT (SELECT x.game_id FROM games AS x "
                         "WHERE x.first_node_id <= n.node_id ORDER BY x.first_node_id DESC, "
                         "x.game_id DESC LIMIT 1) FROM nodes AS n WHERE n.kind = 3 "
                         "UNION SELECT (SELECT x.game_id FROM games AS x "
                         "WHERE x.first_node_id <= m.node_id ORDER BY x.first_node_id DESC, "
                         "x.game_id DESC LIMIT 1) FROM node_moves AS m WHERE m.kind = 3 "
                         "ORDER BY 1");
  std::vector<std::int64_t> ids;
  while (list.executeStep()) ids.push_back(list.getColumn(0).getInt64());
  list.reset();
  GameLoader loader(db);
  std::int64_t filled = 0;
  for (const std::int64_t id : ids) {
    std::optional<LoadedGame> game = loader.load(id);
    if (!game) throw std::runtime_error("game " + std::to_string(id) + " vanished");
    // The one derivation the writer's rows come from (derive/prepared_game.h).
    const PreparedGame prepared = prepare_record(std::move(game->record));
    if (prepared.ranks.empty() && !prepared.sides_swapped) continue;
    rows.add(id, prepared);
    // Bounds the queued rows.
    if (++filled % 1000 == 0) rows.flush();
  }
  rows.flush();
  meta.erase(meta_key::kSeatRanksPending);
  return filled;
}

}  // namespace ludex
