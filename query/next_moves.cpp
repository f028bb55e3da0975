#include "query/next_moves.h"

#include <algorithm>
#include <utility>

#include <nlohmann/json.hpp>

#include "query/node_filter_options.h"
#include "schema/explorer_query.h"

namespace ludex {
namespace {

// The letter the family's SGF uses for a seat; Blokus colours are digits.
std::string seat_text(Family family, const Continuation& c) {
  return colour_label(family, family == Family::kBlokus && c.color != 0 ? c.color : c.seat);
}

std::string points_text(Family family, std::span<const Point> points) {
  std::string out;
  for (const Point& p : points) out += (out.empty() ? "" : ",") + point_text(family, p);
  return out;
}

}  // namespace

NextMovesReport next_moves(Database& db, const PositionTarget& target, GameFilter filter,
                           const NextOptions& options) {
  const Board& shape = target.shape;
  ExplorerQuery query;
  query.family = shape.family;
  query.variant = shape.family == Family::kBlokus ? shape.variant : std::string();
  query.filter = std::move(filter);
  query.all_copies = options.all_copies;
  query.replay_only = options.replay_only;
  query.threads = options.threads;
  query.symmetric = options.symmetric;
  query.images =
      explorer_images(shape, target.occupants, target.links, target.hash, options.symmetric);
  const PositionReport position = explore_position(db, query);
  NextMovesReport report;
  report.positions = position.nodes;
  report.games = position.games;
  report.with_images = query.images.size() > 1;
  report.source = position.source;
  report.moves = position.moves;
  return report;
}

Result<PositionTarget> next_target(Database& db, const NextArgs& args, const GameFilter& filter,
                                   bool files) {
  const bool position = args.position.has_value();
  const bool file = files && args.position_file.has_value();
  const bool line = args.line.has_value();
  if (position && file) return Error{{}, "give at most one of --position and --position-file"};
  if (position || file) {
    if (line) return Error{{}, "--line starts from the empty board: give it without a position"};
    return position ? position_from_game(db, *args.position)
                    : position_from_file(*args.position_file);
  }
  if (!filter.family) {
    return Error{{},
                 std::string("give --position") + (files ? ", --position-file" : "") +
                     ", --pattern, or --family (the empty board, with --line for moves "
                     "from it)"};
  }
  return position_from_line(*filter.family, filter.variant, filter.size.value_or(0),
                            args.line.value_or(std::string()));
}

Result<PatternNextMoves> pattern_next_moves(Database& db, GameFilter filter,
                                            const std::string& pattern, bool symmetric,
                                            int around) {
  if (!filter.family || *filter.family == Family::kOther) {
    return Error{{}, "--pattern needs --family go, hex or twixt"};
  }
  if (*filter.family == Family::kBlokus) {
    return Error{{}, "--pattern is not for Blokus (a move places a piece); use --position"};
  }
  if (!filter.size) return Error{{}, "--pattern needs --size (placements depend on the board)"};
  if (*filter.size <= 0 || *filter.size > kMaxPatternSide) {
    return Error{{},
                 "--pattern: boards up to " + std::to_string(kMaxPatternSide) +
                     " are searched for patterns, not " + std::to_string(*filter.size)};
  }
  if (around < 0 || around > kMaxPatternSide) {
    return Error{{},
                 "--around must be 0.." + std::to_string(kMaxPatternSide) + ", not " +
                     std::to_string(around)};
  }
  const Family family = *filter.family;
  const BoardSize size{*filter.size, *filter.size};
  const Result<Pattern> parsed = parse_pattern("--pattern", pattern, family, size);
  if (!parsed) return parsed.error();
  Board shape;
  shape.family = family;
  shape.variant = filter.variant;
  shape.columns = size.columns;
  shape.rows = size.rows;
  const std::vector<PatternPlacement> placements =
      pattern_placements_with_origins(shape, *parsed, symmetric);
  if (placements.empty()) return Error{{}, "--pattern does not fit on the board"};
  // The area: the pattern's bounding box, widened by `around`, on the board.
  const PatternBox box = pattern_box(*parsed);
  std::vector<Point> area;
  for (std::int32_t x = std::max(0, box.min_x - around);
       x <= std::min(size.columns - 1, box.max_x + around); ++x) {
    for (std::int32_t y = std::max(0, box.min_y - around);
         y <= std::min(size.rows - 1, box.max_y + around); ++y) {
      area.push_back(Point{static_cast<std::int16_t>(x), static_cast<std::int16_t>(y)});
    }
  }
  const std::optional<std::int64_t> limit = filter.limit;
  filter.limit.reset();
  PatternNextMoves report = pattern_continuations(db, shape, placements, area, filter);
  if (limit && report.moves.size() > static_cast<std::size_t>(std::max<std::int64_t>(*limit, 0))) {
    report.moves.resize(static_cast<std::size_t>(std::max<std::int64_t>(*limit, 0)));
  }
  return report;
}

std::string continuation_text(Family family, const Continuation& c) {
  std::string out = seat_text(family, c) + " ";
  if (c.kind != MoveKind::kPlace) return out + std::string(move_kind_name(c.kind));
  if (!c.piece.empty()) out += c.piece + " ";
  return out + points_text(family, c.points);
}

nlohmann::json points_xy_json(std::span<const Point> points) {
  nlohmann::json out = nlohmann::json::array();
  for (const Point& p : points) out.push_back({p.x, p.y});
  return out;
}

double seat1_win_rate(const Continuation& c) {
  const std::int64_t decided = c.seat1_wins + c.seat2_wins;
  return decided == 0 ? -1.0 : static_cast<double>(c.seat1_wins) / static_cast<double>(decided);
}

nlohmann::json continuation_json(Family family, const Continuation& c) {
  const double rate = seat1_win_rate(c);
  nlohmann::json j;
  j["move"] = continuation_text(family, c);
  j["seat"] = c.seat;
  j["color"] = c.color;
  j["kind"] = std::string(move_kind_name(c.kind));
  j["points"] = nlohmann::json::array();
  for (const Point& p : c.points) j["points"].push_back(point_text(family, p));
  j["piece"] = c.piece;
  j["occurrences"] = c.occurrences;
  j["games"] = c.games;
  j["seat1_wins"] = c.seat1_wins;
  j["seat2_wins"] = c.seat2_wins;
  j["seat1_win_rate"] = rate < 0 ? nlohmann::json(nullptr) : nlohmann::json(rate);
  j["example_node"] = c.example_node;
  // The explorer's figures (empty for next --pattern): games per year, and
  // the mean evaluation after the move per source.
  nlohmann::json years = nlohmann::json::object();
  for (const auto& [year, games] : c.years) years[std::to_string(year)] = games;
  j["years"] = std::move(years);
  nlohmann::json evaluations = nlohmann::json::array();
  for (const Continuation::EvalSum& e : c.evaluations) {
    evaluations.push_back({{"source", std::string(eval_source_name(e.source))},
                           {"games", e.games},
                           {"mean", e.sum / static_cast<double>(e.games)}});
  }
  j["evaluations"] = std::move(evaluations);
  return j;
}

}  // namespace ludex
