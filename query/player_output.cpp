#include "query/player_output.h"

#include <iomanip>

#include <nlohmann/json.hpp>

#include "core/text_width.h"

#include "games/rank.h"
#include "query/game_output.h"

namespace ludex {
namespace {

using Json = nlohmann::json;

Json text_or_null(const std::string& s) {
  return s.empty() ? Json(nullptr) : Json(s);
}

Json record_json(const PlayerRecord& r) {
  return Json{{"games", r.games},
              {"wins", r.wins},
              {"losses", r.losses},
              {"draws", r.draws},
              {"first_date", text_or_null(r.first_date)},
              {"last_date", text_or_null(r.last_date)},
              {"last_game", r.last_game == 0 ? Json(nullptr) : Json(r.last_game)}};
}

Json rows_json(const std::vector<PlayerBreakdown>& rows) {
  Json out = Json::array();
  for (const PlayerBreakdown& row : rows) {
    Json j = record_json(row.record);
    j["key"] = row.key;
    out.push_back(std::move(j));
  }
  return out;
}

Json rank_json(std::optional<std::int32_t> order) {
  return order ? Json(rank_order_text(order)) : Json(nullptr);
}

std::string percent(const PlayerRecord& r) {
  const std::int64_t decided = r.wins + r.losses + r.draws;
  if (decided == 0) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(0)
    << 100.0 * (static_cast<double>(r.wins) + 0.5 * static_cast<double>(r.draws)) /
           static_cast<double>(decided)
    << "%";
  return s.str();
}

void write_record_line(std::ostream& out, const std::string& key, const PlayerRecord& r) {
  out << "  " << pad_column(key.empty() ? "(none)" : key, 28) << std::right << std::setw(7)
      << r.games << std::setw(7) << r.wins << std::setw(7) << r.losses << std::setw(6) << r.draws
      << std::setw(6) << percent(r) << "  " << (r.first_date.empty() ? "-" : r.first_date) << " .. "
      << (r.last_date.empty() ? "-" : r.last_date) << "\n";
}

void write_rows(std::ostream& out, const std::string& title,
                const std::vector<PlayerBreakdown>& rows) {
  if (rows.empty()) return;
  out << "\n" << title << "\n";
  out << "  " << std::left << std::setw(28) << "" << std::right << std::setw(7) << "games"
      << std::setw(7) << "won" << std::setw(7) << "lost" << std::setw(6) << "drawn" << std::setw(6)
      << "score"
      << "  dates\n";
  for (const PlayerBreakdown& row : rows) write_record_line(out, row.key, row.record);
}

}  // namespace

std::string rank_order_text(std::optional<std::int32_t> order) {
  const std::optional<Rank> rank = order ? rank_from_order(*order) : std::nullopt;
  return rank ? rank_text(*rank) : std::string();
}

Json player_summary_json(const PlayerSummary& s) {
  Json j = record_json(s.record);
  j.erase("last_game");
  j["name"] = s.name;
  j["aliases"] = s.aliases;
  j["families"] = s.families;
  j["rank_low"] = rank_json(s.rank_low);
  j["rank_high"] = rank_json(s.rank_high);
  return j;
}

Json player_page_json(const PlayerPage& page) {
  Json ranks = Json::array();
  for (const StatedRankAt& r : page.ranks) {
    ranks.push_back(Json{{"date", text_or_null(r.date)},
                         {"game", r.game_id},
                         {"written", r.written},
                         {"rank", rank_json(r.order)}});
  }
  return Json{{"name", page.name},
              {"aliases", page.aliases},
              {"total", record_json(page.total)},
              {"by_seat", rows_json(page.by_seat)},
              {"by_colour", rows_json(page.by_colour)},
              {"by_year", rows_json(page.by_year)},
              {"by_event", rows_json(page.by_event)},
              {"by_board", rows_json(page.by_board)},
              {"by_opponent", rows_json(page.by_opponent)},
              {"ranks", ranks},
              {"families", page.families}};
}

void write_player_table_header(std::ostream& out) {
  out << std::left << std::setw(32) << "player" << std::right << std::setw(7) << "games"
      << std::setw(7) << "won" << std::setw(7) << "lost" << std::setw(6) << "drawn"
      << "  " << std::left << std::setw(23) << "dates" << std::setw(13) << "ranks"
      << "families\n";
}

void write_player_table_row(std::ostream& out, const PlayerSummary& s) {
  std::string name = s.name;
  if (!s.aliases.empty()) name += " (+" + std::to_string(s.aliases.size()) + ")";
  std::string ranks = rank_order_text(s.rank_low);
  if (s.rank_high != s.rank_low) ranks += ".." + rank_order_text(s.rank_high);
  std::string families;
  for (const std::string& f : s.families) families += (families.empty() ? "" : ",") + f;
  out << pad_column(name, 32) << std::right << std::setw(7) << s.record.games << std::setw(7)
      << s.record.wins << std::setw(7) << s.record.losses << std::setw(6) << s.record.draws << "  "
      << std::left << std::setw(23)
      << ((s.record.first_date.empty() ? "-" : s.record.first_date.substr(0, 10)) + ".." +
          (s.record.last_date.empty() ? "-" : s.record.last_date.substr(0, 10)))
      << std::setw(13) << (ranks.empty() ? "-" : ranks) << families << "\n";
}

void write_player_csv_header(std::ostream& out) {
  out << "name,aliases,games,wins,losses,draws,first_date,last_date,families,rank_low,rank_high"
      << "\r\n";
}

void write_player_csv_row(std::ostream& out, const PlayerSummary& s) {
  std::string aliases;
  for (const std::string& a : s.aliases) aliases += (aliases.empty() ? "" : ";") + a;
  std::string families;
  for (const std::string& f : s.families) families += (families.empty() ? "" : ";") + f;
  out << csv_field(s.name) << ',' << csv_field(aliases) << ',' << s.record.games << ','
      << s.record.wins << ',' << s.record.losses << ',' << s.record.draws << ','
      << csv_field(s.record.first_date) << ',' << csv_field(s.record.last_date) << ','
      << csv_field(families) << ',' << rank_order_text(s.rank_low) << ','
      << rank_order_text(s.rank_high) << "\r\n";
}

void write_player_page(std::ostream& out, const PlayerPage& page) {
  out << page.name << "\n";
  if (!page.aliases.empty()) {
    out << "  also written:";
    for (const std::string& a : page.aliases) out << " " << a << ";";
    out << "\n";
  }
  write_rows(out, "total", {{"all games", page.total}});
  write_rows(out, "by seat (1 moved first)", page.by_seat);
  write_rows(out, "by colour as finally played (after any swap)", page.by_colour);
  write_rows(out, "by board", page.by_board);
  write_rows(out, "by year", page.by_year);
  write_rows(out, "by event", page.by_event);
  write_rows(out, "against", page.by_opponent);
  if (!page.ranks.empty()) {
    out << "\nranks stated\n";
    std::string last;
    for (const StatedRankAt& r : page.ranks) {
      const std::string text = r.order ? rank_order_text(r.order) : "'" + r.written + "'";
      if (text == last) continue;
      last = text;
      out << "  " << std::left << std::setw(12) << (r.date.empty() ? "-" : r.date.substr(0, 10))
          << text << "  (game " << r.game_id << ")\n";
    }
  }
}

}  // namespace ludex
