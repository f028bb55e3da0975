#include "query/event_output.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "core/text_width.h"
#include "query/game_output.h"

namespace ludex {
namespace {

// A name on one line: line ends and tabs as spaces.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return text;
}

std::string board_text(const EventSummary& e) {
  if (e.columns == 0) return e.family;
  return e.family + " " + std::to_string(e.columns) + "x" + std::to_string(e.rows);
}

std::string dates_text(const EventSummary& e) {
  if (e.first_date.empty()) return "-";
  if (e.first_date == e.last_date) return e.first_date;
  return e.first_date + " .. " + e.last_date;
}

// A number right-aligned in `width` columns.
std::string right(const std::string& text, std::size_t width) {
  const std::size_t w = display_width(text);
  return w >= width ? text : std::string(width - w, ' ') + text;
}

std::string cross_cell(const std::vector<CrossGame>& games) {
  std::string s;
  for (const CrossGame& g : games) {
    s += g.result;
    s += g.first ? 'b' : 'w';
  }
  return s;
}

std::string round_cell(const std::vector<RoundCell>& games) {
  if (games.empty()) return "-";
  std::string s;
  for (const RoundCell& c : games) {
    if (!s.empty()) s += ",";
    s += std::to_string(c.opponent_row);
    s += c.result;
    s += '/';
    s += c.colour;
    if (c.handicap > 0) s += std::to_string(c.handicap);
  }
  return s;
}

std::string ordinal_rank(const PlayerStanding& s) {
  return std::to_string(s.rank) + (s.shared ? "=" : "");
}

void write_standings(std::ostream& out, const EventPage& page, std::size_t name_width) {
  out << right("#", 4) << "  " << pad_column("player", name_width) << right("score", 7)
      << right("games", 7) << right("W", 5) << right("D", 4) << right("L", 4);
  for (const TieBreak t : page.tie_breaks) {
    const std::string name(tie_break_name(t));
    out << right(name, std::max<std::size_t>(name.size() + 2, 8));
  }
  out << "\n";
  for (const PlayerStanding& s : page.standings) {
    out << right(ordinal_rank(s), 4) << "  "
        << pad_column(fit_column(page.players[static_cast<std::size_t>(s.player)], name_width),
                      name_width)
        << right(score_text(s.score), 7) << right(std::to_string(s.games), 7)
        << right(std::to_string(s.wins), 5) << right(std::to_string(s.draws), 4)
        << right(std::to_string(s.losses), 4);
    for (std::size_t i = 0; i < page.tie_breaks.size(); ++i) {
      const std::string name(tie_break_name(page.tie_breaks[i]));
      out << right(i < s.tie_breaks.size() ? score_text(s.tie_breaks[i]) : "",
                   std::max<std::size_t>(name.size() + 2, 8));
    }
    if (s.unscored > 0) out << "  (" << s.unscored << " not scored)";
    out << "\n";
  }
}

void write_crosstable(std::ostream& out, const EventPage& page, std::size_t name_width) {
  std::size_t cell = 2;
  for (const auto& row : page.crosstable) {
    for (const auto& c : row) cell = std::max(cell, cross_cell(c).size());
  }
  cell += 1;
  out << "\nCrosstable (each game: 1 won, 0 lost, = drawn, ? not scored; b: the row's player "
         "had seat 1, the first move, w: seat 2):\n";
  out << right("#", 4) << "  " << pad_column("player", name_width);
  for (std::size_t j = 0; j < page.crosstable.size(); ++j)
    out << right(std::to_string(j + 1), cell);
  out << right("score", 7) << "\n";
  for (std::size_t i = 0; i < page.crosstable.size(); ++i) {
    const PlayerStanding& s = page.standings[i];
    out << right(std::to_string(i + 1), 4) << "  "
        << pad_column(fit_column(page.players[static_cast<std::size_t>(page.rows[i])], name_width),
                      name_width);
    for (std::size_t j = 0; j < page.crosstable[i].size(); ++j) {
      out << right(
          i == j ? "x" : (page.crosstable[i][j].empty() ? "." : cross_cell(page.crosstable[i][j])),
          cell);
    }
    out << right(score_text(s.score), 7) << "\n";
  }
}

void write_rounds(std::ostream& out, const EventPage& page, std::size_t name_width) {
  std::size_t cell = 4;
  for (const auto& row : page.rounds.cells) {
    for (const auto& c : row) cell = std::max(cell, round_cell(c).size());
  }
  cell += 2;
  out << "\nRounds (opponent's place, + won, - lost, = drawn, ? not scored, / colour: b seat 1, "
         "w seat 2, then the handicap; - no game):\n";
  out << right("#", 4) << "  " << pad_column("player", name_width);
  for (std::int32_t r = 1; r <= page.rounds.rounds; ++r)
    out << right("R" + std::to_string(r), cell);
  out << right("score", 7) << "\n";
  for (std::size_t i = 0; i < page.rounds.cells.size(); ++i) {
    out << right(std::to_string(i + 1), 4) << "  "
        << pad_column(fit_column(page.players[static_cast<std::size_t>(page.rows[i])], name_width),
                      name_width);
    for (const auto& c : page.rounds.cells[i]) out << right(round_cell(c), cell);
    out << right(score_text(page.standings[i].score), 7) << "\n";
  }
}

void write_bracket(std::ostream& out, const EventPage& page, std::size_t name_width) {
  const auto name_of = [&](std::int32_t p) { return page.players[static_cast<std::size_t>(p)]; };
  const std::size_t stages = page.bracket.stages.size();
  for (std::size_t k = 0; k < stages; ++k) {
    const std::vector<Pairing>& stage = page.bracket.stages[k];
    const std::string title = k + 1 == stages && stage.size() == 1 ? "final"
                              : k + 2 == stages                    ? "semi-finals"
                              : k + 3 == stages                    ? "quarter-finals"
                                                : "stage " + std::to_string(k + 1);
    out << "\n"
        << title << " (" << stage.size() << (stage.size() == 1 ? " pairing" : " pairings")
        << "):\n";
    for (const Pairing& p : stage) {
      out << "  " << pad_column(fit_column(name_of(p.a), name_width), name_width) << " "
          << right(score_text(p.score_a), 4) << " - " << pad_column(score_text(p.score_b), 4)
          << pad_column(fit_column(name_of(p.b), name_width), name_width) << "  games";
      for (const std::int64_t g : p.games) out << " " << g;
      if (p.winner) out << "  -> " << name_of(*p.winner);
      out << "\n";
    }
  }
}

}  // namespace

std::string score_text(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", value);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

void write_event_table_header(std::ostream& out) {
  out << right("id", 7) << "  " << pad_column("event", 36) << pad_column("board", 14)
      << pad_column("kind", 12) << right("games", 6) << right("players", 8) << right("rounds", 7)
      << "  dates\n";
}

void write_event_table_row(std::ostream& out, const EventSummary& e) {
  std::string name = one_line(e.name);
  if (e.part > 1) name += " (" + std::to_string(e.part) + ")";
  std::string kind = e.kind;
  if (e.part == 0) kind = std::to_string(e.groups) + " below";
  out << right(e.event_id == 0 ? "-" : std::to_string(e.event_id), 7) << "  "
      << pad_column(fit_column(name, 35), 36) << pad_column(board_text(e), 14)
      << pad_column(kind, 12) << right(std::to_string(e.games), 6)
      << right(std::to_string(e.players), 8)
      << right(e.rounds == 0 ? "-" : std::to_string(e.rounds), 7) << "  " << dates_text(e) << "\n";
}

void write_event_csv_header(std::ostream& out) {
  out << "id,parent_id,name,family,columns,rows,part,first_date,last_date,games,players,rounds,"
         "kind,groups\n";
}

void write_event_csv_row(std::ostream& out, const EventSummary& e) {
  out << (e.event_id == 0 ? std::string() : std::to_string(e.event_id)) << ","
      << (e.parent_id == 0 ? std::string() : std::to_string(e.parent_id)) << ","
      << csv_field(e.name) << "," << e.family << "," << e.columns << "," << e.rows << "," << e.part
      << "," << csv_field(e.first_date) << "," << csv_field(e.last_date) << "," << e.games << ","
      << e.players << "," << e.rounds << "," << e.kind << "," << e.groups << "\n";
}

void write_event_page(std::ostream& out, const EventPage& page) {
  const EventSummary& e = page.event;
  out << one_line(e.name) << (e.part > 1 ? " (part " + std::to_string(e.part) + ")" : std::string())
      << " -- " << board_text(e) << ", " << e.games << " games, " << e.players << " players, "
      << dates_text(e) << "  [event " << e.event_id << "]\n";
  if (e.part == 0) {
    out << "A Little Golem level: " << page.groups.size()
        << (page.groups.size() == 1 ? " event" : " events") << " below it.\n\n";
    out << right("id", 7) << "  " << pad_column("event", 28) << pad_column("kind", 13)
        << right("games", 6) << right("players", 8) << "  leader\n";
    for (const EventGroupLine& g : page.groups) {
      out << right(std::to_string(g.event.event_id), 7) << "  "
          << pad_column(fit_column(one_line(g.event.name), 27), 28)
          << pad_column(
                 g.event.part == 0 ? std::to_string(g.event.groups) + " below" : g.event.kind, 13)
          << right(std::to_string(g.event.games), 6) << right(std::to_string(g.event.players), 8)
          << "  "
          << (g.leader.empty() ? std::string("-")
                               : g.leader + " " + score_text(g.leader_score) +
                                     (g.leader_shared ? " (shared)" : ""))
          << "\n";
    }
    return;
  }
  out << "kind: " << event_kind_name(page.kind);
  if (page.kind != page.detected.kind) {
    out << " (asked for; the games read as " << event_kind_name(page.detected.kind) << ": "
        << page.detected.why << ")\n";
  } else {
    out << " (" << page.detected.why << ")\n";
  }
  out << "scoring: win " << score_text(page.scoring.win) << ", draw "
      << score_text(page.scoring.draw) << ", loss " << score_text(page.scoring.loss)
      << "; tie-breaks:";
  for (const TieBreak t : page.tie_breaks) out << " " << tie_break_name(t);
  out << "\n\n";
  std::size_t name_width = 6;
  for (const std::string& p : page.players) name_width = std::max(name_width, display_width(p));
  name_width = std::min<std::size_t>(name_width, 24) + 2;
  write_standings(out, page, name_width);
  switch (page.kind) {
    case EventKind::kRoundRobin:
    case EventKind::kMatch:
      write_crosstable(out, page, name_width);
      break;
    case EventKind::kSwiss:
      write_rounds(out, page, name_width);
      break;
    case EventKind::kKnockout:
      write_bracket(out, page, name_width);
      break;
    case EventKind::kGames:
      out << "\nNo table: " << page.detected.why
          << " (--kind round-robin, swiss or knockout lays the games out as one)\n";
      break;
  }
  if (!page.unplaced.empty()) {
    out << "\nNot placed or not scored (" << page.unplaced.size() << "):\n";
    for (const auto& [game, why] : page.unplaced) out << "  game " << game << ": " << why << "\n";
  }
}

}  // namespace ludex
