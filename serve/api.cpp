#include "serve/api.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <optional>
#include <stdexcept>
#include <variant>

#include <boost/program_options.hpp>

#include "games/blokus_points.h"
#include "games/family_rules.h"
#include "games/sgf_values.h"
#include "importers/gtv/gtv_game.h"
#include "importers/sgf/sgf_game.h"
#include "options/command_line.h"
#include "query/event_options.h"
#include "query/event_page.h"
#include "query/export_naming.h"
#include "query/filter_options.h"
#include "query/game_document.h"
#include "query/game_output.h"
#include "query/next_moves.h"
#include "query/node_filter_options.h"
#include "query/player_openings.h"
#include "query/player_options.h"
#include "query/player_output.h"
#include "query/position_target.h"
#include "query/position_view.h"
#include "schema/game_loader.h"
#include "schema/game_query.h"
#include "schema/players/player_aliases.h"
#include "schema/players/player_stats.h"
#include "schema/position_query.h"
#include "schema/stats.h"
#include "serve/request_args.h"

namespace ludex {
namespace po = boost::program_options;
namespace {

// The server reads files of its own machine for nobody: a position is named
// by a stored game or node instead.
const std::vector<std::pair<std::string, std::string>> kRefusedParams = {
    {"position-file", "not available over HTTP; use position=GAME:MOVE or position=node:ID"},
};

ApiResponse json_response(const nlohmann::json& j) {
  ApiResponse r;
  r.body = json_line(j);
  return r;
}

// params read as the options of `options`; a message on failure.
std::variant<po::variables_map, std::string> read_params(const QueryParams& params,
                                                         const po::options_description& options) {
  auto args = request_args(params, options, kRefusedParams);
  if (const std::string* error = std::get_if<std::string>(&args)) return *error;
  auto parsed = parse_named_values(std::get<std::vector<NamedValue>>(args), options);
  if (const std::string* error = std::get_if<std::string>(&parsed)) return *error;
  return std::get<ParsedArgs>(std::move(parsed)).vm;
}

nlohmann::json target_json(const PositionTarget& target) {
  nlohmann::json occupants = nlohmann::json::array();
  for (const Occupant& o : target.occupants) occupants.push_back({o.color, o.point.x, o.point.y});
  nlohmann::json links = nlohmann::json::array();
  for (const TwixtLink& l : target.links) links.push_back({l.color, l.a.x, l.a.y, l.b.x, l.b.y});
  return {{"family", std::string(family_name(target.shape.family))},
          {"variant", target.shape.variant},
          {"columns", target.shape.columns},
          {"rows", target.shape.rows},
          {"hash", position_hash_text(target.hash)},
          {"move_number", target.move_number},
          {"occupants", std::move(occupants)},
          {"links", std::move(links)},
          {"board", board_json(target.shape)}};
}

}  // namespace

ApiResponse api_error(int status, const std::string& message) {
  ApiResponse r = json_response({{"error", message}});
  r.status = status;
  return r;
}

ApiResponse api_games(Database& db, const QueryParams& params) {
  po::options_description options;
  add_filter_options(options);
  add_node_filter_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  const po::variables_map& values = std::get<po::variables_map>(vm);
  Result<GameFilter> filter = game_filter_from(filter_args_of(values));
  if (!filter) return api_error(400, filter.error().message);
  if (!filter->limit) filter->limit = kDefaultPageSize;
  if (*filter->limit > kMaxPageSize) {
    return api_error(400, "--limit: at most " + std::to_string(kMaxPageSize) + " hits per page");
  }
  const Result<NodeSelection> nodes = node_selection_from(node_filter_args_of(values), *filter, db);
  if (!nodes) return api_error(400, nodes.error().message);

  nlohmann::json hits = nlohmann::json::array();
  std::int64_t total = 0;
  if (nodes->node_level) {
    const NodeColumns columns = node_columns(nodes->filter);
    try {
      total = find_node_page(db, nodes->filter, [&](const NodeHit& hit) {
                hits.push_back(node_hit_json(hit, columns));
                return true;
              }).total;
    } catch (const std::invalid_argument& e) {
      return api_error(400, e.what());  // a comment query FTS5 cannot parse
    }
  } else {
    find_games(db, *filter, [&](const GameHit& hit) {
      hits.push_back(game_hit_json(hit));
      return true;
    });
    GameFilter all = *filter;
    all.limit.reset();
    all.offset = 0;
    total = count_games(db, all);
  }
  return json_response({{"level", nodes->node_level ? "nodes" : "games"},
                        {"total", total},
                        {"offset", filter->offset},
                        {"limit", *filter->limit},
                        {"hits", std::move(hits)}});
}

ApiResponse api_players(Database& db, const QueryParams& params) {
  po::options_description options;
  add_player_list_options(options);
  add_filter_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  Result<PlayerListQuery> query = player_list_query_of(std::get<po::variables_map>(vm));
  if (!query) return api_error(400, query.error().message);
  if (!query->limit) query->limit = kDefaultPageSize;
  if (*query->limit > kMaxPageSize) {
    return api_error(400, "--limit: at most " + std::to_string(kMaxPageSize) + " players per page");
  }
  nlohmann::json players = nlohmann::json::array();
  for (const PlayerSummary& p : list_players(db, *query)) players.push_back(player_summary_json(p));
  return json_response(
      {{"offset", query->offset}, {"limit", *query->limit}, {"players", std::move(players)}});
}

ApiResponse api_player(Database& db, const QueryParams& params) {
  po::options_description options;
  options.add_options()("name", po::value<std::string>(), "the player");
  add_filter_options(options);
  add_player_page_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  const po::variables_map& values = std::get<po::variables_map>(vm);
  if (values.count("name") == 0) return api_error(400, "--name: give the player's name");
  const std::string given = values["name"].as<std::string>();
  const Result<PlayerPageQuery> query = player_page_query_of(values, given);
  if (!query) return api_error(400, query.error().message);
  const Result<std::string> name = PlayerAliases(db).find_name(given);
  if (!name) return api_error(404, name.error().message);
  const std::optional<PlayerPage> page = player_page(db, *name, query->filter);
  if (!page) return api_error(404, "no game of '" + *name + "' is kept by the filters");
  return json_response(
      player_page_json(*page, player_openings(db, *page, query->filter, query->opening_boards)));
}

ApiResponse api_events(Database& db, const QueryParams& params) {
  po::options_description options;
  add_event_list_options(options);
  add_filter_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  Result<EventListQuery> query = event_list_query_of(std::get<po::variables_map>(vm));
  if (!query) return api_error(400, query.error().message);
  if (!query->limit) query->limit = kDefaultPageSize;
  if (*query->limit > kMaxPageSize) {
    return api_error(400, "--limit: at most " + std::to_string(kMaxPageSize) + " events per page");
  }
  const bool kept = events_kept_for(db, *query);
  nlohmann::json events = nlohmann::json::array();
  for (const EventSummary& e : list_events(db, *query)) events.push_back(event_summary_json(e));
  return json_response({{"offset", query->offset},
                        {"limit", *query->limit},
                        {"kept", kept},
                        {"events", std::move(events)}});
}

ApiResponse api_event(Database& db, const QueryParams& params) {
  po::options_description options;
  options.add_options()("name", po::value<std::string>(), "the event");
  add_event_page_options(options);
  add_filter_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  const po::variables_map& values = std::get<po::variables_map>(vm);
  const std::string name = values.count("name") != 0 ? values["name"].as<std::string>() : "";
  const Result<EventPageQuery> query = event_page_query_of(values, name);
  if (!query) return api_error(400, query.error().message);
  const Result<EventPage> page = event_page(db, *query);
  if (!page) return api_error(404, page.error().message);
  return json_response(event_page_json(*page));
}

std::variant<ZipSelection, ApiResponse> api_zip_selection(Database& db, const QueryParams& params) {
  po::options_description options;
  options.add_options()("format", po::value<std::string>()->default_value("sgf"));
  add_filter_options(options);
  add_node_filter_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  const po::variables_map& values = std::get<po::variables_map>(vm);
  ZipSelection out;
  const std::string format = values["format"].as<std::string>();
  const std::optional<ExportFormat> parsed = parse_export_format(format);
  if (!parsed) return api_error(400, "unknown --format '" + format + "' (sgf, gtv)");
  out.format = *parsed;
  const Result<GameFilter> filter = game_filter_from(filter_args_of(values));
  if (!filter) return api_error(400, filter.error().message);
  const Result<NodeSelection> nodes = node_selection_from(node_filter_args_of(values), *filter, db);
  if (!nodes) return api_error(400, nodes.error().message);
  try {
    out.game_ids = select_export_games(db, *filter, nodes->node_level ? &nodes->filter : nullptr);
  } catch (const std::invalid_argument& e) {
    return api_error(400, e.what());
  }
  out.download_name = "ludex-games.zip";
  return out;
}

ApiResponse api_game(Database& db, std::int64_t game_id) {
  GameLoader loader(db);
  const std::optional<LoadedGame> game = loader.load(game_id);
  if (!game) return api_error(404, "there is no game " + std::to_string(game_id));
  return json_response(game_document_json(*game));
}

ApiResponse api_game_file(Database& db, std::int64_t game_id, std::string_view requested) {
  GameLoader loader(db);
  const std::optional<LoadedGame> game = loader.load(game_id);
  if (!game) return api_error(404, "there is no game " + std::to_string(game_id));
  const GameRecord& record = game->record;
  const bool hex = record.family == Family::kHex;
  const bool twixt = record.family == Family::kTwixt;
  if ((requested == "hgt" && !hex) || (requested == "tgt" && !twixt)) {
    const std::string id = std::to_string(game_id);
    std::string message = "game " + id + " is a " + std::string(family_name(record.family)) +
                          " game: ." + std::string(requested) + " is for " +
                          (requested == "hgt" ? "Hex" : "Twixt") + " games; ";
    message += hex || twixt ? "its game-tree file is /api/games/" + id + (hex ? ".hgt" : ".tgt")
                            : "its file is /api/games/" + id + ".sgf";
    return api_error(404, message);
  }
  ApiResponse r;
  std::string extension;
  if (requested != "sgf") {
    if (record.family != Family::kHex && record.family != Family::kTwixt) {
      return api_error(422, "game " + std::to_string(game_id) +
                                ": the binary game-tree format holds Hex and Twixt games only");
    }
    Result<std::string> bytes = write_gtv_game(record);
    if (!bytes)
      return api_error(422, "game " + std::to_string(game_id) + ": " + bytes.error().message);
    r.body = std::move(*bytes);
    r.content_type = "application/octet-stream";
    extension = record.family == Family::kHex ? "hgt" : "tgt";
  } else {
    r.body = write_sgf_game(record);
    r.content_type = "application/x-go-sgf";
    extension = record.family == Family::kBlokus ? "blksgf" : "sgf";
  }
  r.download_name = export_file_name(game_id, record.family, record.players, extension);
  return r;
}

ApiResponse api_next(Database& db, const QueryParams& params) {
  po::options_description options;
  add_next_options(options, false);
  add_filter_options(options);
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  const po::variables_map& values = std::get<po::variables_map>(vm);
  Result<GameFilter> filter = game_filter_from(filter_args_of(values));
  if (!filter) return api_error(400, filter.error().message);
  const NextArgs args = next_args_of(values);
  if (args.pattern) {
    if (args.position || args.line) {
      return api_error(400, "pattern= takes no position= or line=");
    }
    // The moves played next wherever the pattern holds: ludex next --pattern.
    const Result<PatternNextMoves> report =
        pattern_next_moves(db, *filter, *args.pattern, args.symmetric, args.around);
    if (!report) return api_error(400, report.error().message);
    nlohmann::json moves = nlohmann::json::array();
    for (const Continuation& c : report->moves) {
      nlohmann::json j = continuation_json(*filter->family, c);
      j["points_xy"] = points_xy_json(c.points);
      moves.push_back(std::move(j));
    }
    return json_response({{"pattern", *args.pattern},
                          {"positions", report->positions},
                          {"games", report->games},
                          {"elsewhere", report->elsewhere},
                          {"moves", std::move(moves)}});
  }
  const Result<PositionTarget> target = next_target(db, args, *filter, false);
  if (!target) return api_error(400, target.error().message);
  if (auto conflict = family_conflict(filter->family, *target)) {
    return api_error(400, conflict->message);
  }
  const Family family = target->shape.family;
  NextOptions next;
  next.symmetric = args.symmetric;
  next.all_copies = args.all_copies;
  next.replay_only = args.replay;
  const NextMovesReport report = next_moves(db, *target, *filter, next);
  nlohmann::json moves = nlohmann::json::array();
  for (const Continuation& c : report.moves) {
    nlohmann::json j = continuation_json(family, c);
    j["points_xy"] = points_xy_json(c.points);
    moves.push_back(std::move(j));
  }
  nlohmann::json position = target_json(*target);
  position["last_move"] = points_xy_json(target->last_placed);
  return json_response({{"position", std::move(position)},
                        {"positions", report.positions},
                        {"games", report.games},
                        {"with_images", report.with_images},
                        {"source", report.source == ExplorerSource::kPostings ? "postings"
                                   : report.source == ExplorerSource::kReplay ? "replay"
                                   : report.source == ExplorerSource::kAnswer ? "answer"
                                                                              : "mixed"},
                        {"moves", std::move(moves)}});
}

ApiResponse api_board(const QueryParams& params) {
  po::options_description options;
  options.add_options()                                 //
      ("family", po::value<std::string>()->required())  //
      ("variant", po::value<std::string>())             //
      ("size", po::value<std::int32_t>());
  auto vm = read_params(params, options);
  if (const std::string* error = std::get_if<std::string>(&vm)) return api_error(400, *error);
  const po::variables_map& values = std::get<po::variables_map>(vm);
  const std::string name = values["family"].as<std::string>();
  const std::optional<Family> family = parse_family(name);
  if (!family || *family == Family::kOther) {
    return api_error(400, "--family: unknown family '" + name + "' (hex, twixt, blokus, go)");
  }
  const std::string variant = values.count("variant") ? values["variant"].as<std::string>() : "";
  std::int32_t columns = 0;
  std::int32_t rows = 0;
  if (*family == Family::kBlokus) {
    const BlokusVariant* v = find_blokus_variant(variant);
    if (v == nullptr) return api_error(400, "--variant: unknown Blokus variant '" + variant + "'");
    columns = v->columns;
    rows = v->rows;
    return json_response(board_json(Board{*family, std::string(v->name), columns, rows, false}));
  }
  const std::int32_t size =
      values.count("size") ? values["size"].as<std::int32_t>() : default_board_side(*family);
  if (size < 1 || size > kMaxSgfBoardSide) {
    return api_error(400, "--size " + std::to_string(size) + ": a board side is 1.." +
                              std::to_string(kMaxSgfBoardSide));
  }
  return json_response(board_json(Board{*family, variant, size, size, false}));
}

ApiResponse api_variants() {
  return json_response({{"blokus", blokus_variants_json()}});
}

ApiResponse api_boards(Database& db) {
  nlohmann::json out = nlohmann::json::array();
  for (const BoardCount& b : count_boards(db)) {
    out.push_back({{"family", std::string(family_name(b.family))},
                   {"variant", b.variant},
                   {"columns", b.columns},
                   {"rows", b.rows},
                   {"games", b.games}});
  }
  return json_response(std::move(out));
}

ApiResponse api_info(Database& db) {
  return json_response(info_json(read_info(db)));
}

}  // namespace ludex
